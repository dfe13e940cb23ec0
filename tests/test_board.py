"""Tutorial boards (rami.web.board): what a <rami-board> shows and answers, under CPython.

The browser tests (tests/browser/test_embed.py) drive the same boards through the embed
script, from a page of another origin."""

from __future__ import annotations

import random
import re

import pytest

from rami.actions import parse_action
from rami.cards import Card
from rami.scenario import to_deal
from rami.state import GameState, Phase
from rami.web.board import ATTRIBUTES, Board, BoardError, error_html, parse_moves, same_move

GIN = ("gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h "
       "| discard: Kd | stock: 5h 6d 8h | turn: {turn} | phase: draw | dealer: 0 "
       "| names: Ann, Bob")


def gin(turn=1):
    return GIN.format(turn=turn)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


# -- reading the attributes -------------------------------------------------------------
def test_the_mode_follows_the_attributes_given():
    assert Board({"deal": gin()}).mode == "show"
    assert Board({"deal": gin(), "moves": "draw"}).mode == "replay"
    assert Board({"deal": gin(0), "solution": "draw"}).mode == "puzzle"
    assert Board({"deal": gin(), "mode": "PUZZLE"}).mode == "puzzle"
    # a puzzle is seen from the seat to move, the others from seat 0 unless told
    assert Board({"deal": gin(1), "mode": "puzzle"}).seat == 1
    assert Board({"deal": gin(1)}).seat == 0
    assert Board({"deal": gin(1), "seat": "1"}).seat == 1


@pytest.mark.parametrize("attrs, attribute, marked, words", [
    ({"deal": "gin | 0: Ah Xh"}, "deal", "Xh", "is not a card"),
    ({"deal": "gni | 0: Ah"}, "deal", "gni", "no variant"),
    ({"deal": gin().replace("discard:", "discrd:")}, "deal", "discrd", "no part"),
    ({"deal": gin().replace("Kd", "Kc")}, "deal", "Kc", "More copies of Kc"),
    ({"deal": ""}, "deal", None, "no position"),
    ({"deal": gin(), "mode": "quiz"}, "mode", "quiz", "show, replay or puzzle"),
    ({"deal": gin(), "seat": "2"}, "seat", "2", "from 0 to 1"),
    ({"deal": gin(), "reveal": "0 5"}, "reveal", "5", "none, all, or seat numbers"),
    ({"deal": gin(), "moves": "draw; discard 4h", "step": "9"}, "step", "9", "from 0 to 2"),
    ({"deal": gin(), "moves": "draw {a note"}, "moves", "{a note", "never closes"),
])
def test_a_bad_attribute_says_what_is_wrong_and_marks_where(attrs, attribute, marked, words):
    with pytest.raises(BoardError) as e:
        Board(attrs)
    assert words in str(e.value)
    assert e.value.attribute == attribute
    if marked is not None:
        a, b = e.value.span
        assert e.value.text[a:b] == marked
        page = error_html(e.value, "A caption")
        assert f"<mark>{marked}</mark>" in page and "A caption" in page
        assert "This board has a problem" in page


def test_a_move_that_cannot_be_played_is_shown_over_the_position_before_it():
    b = Board({"deal": gin(), "moves": "draw; discard 4h; draw; discard 9z; draw"})
    assert len(b.steps) == 3                       # the moves before the bad one still play
    assert "Move 4 of 'moves', 'discard 9z' (Ann to play)" in str(b.problem)
    a, z = b.problem.span
    assert b.problem.text[a:z] == "discard 9z"
    b.act("step:last")
    html = b.html()
    assert "<mark>discard 9z</mark>" in html and 'class="rb-problem"' in html
    illegal = Board({"deal": gin(), "moves": "draw; discard Ah"})
    assert "Bob does not hold" in str(illegal.problem) or "hold" in str(illegal.problem)


def test_moves_take_notes_and_new_lines():
    moves = parse_moves("draw {Bob draws blind}\n discard 4h; take {the king!}", "moves")
    assert [(m.text, m.note) for m in moves] == [("draw", "Bob draws blind"),
                                                 ("discard 4h", ""), ("take", "the king!")]
    with pytest.raises(BoardError, match="must follow a move"):
        parse_moves("{a note alone}", "moves")


# -- show --------------------------------------------------------------------------------
def test_a_shown_position_hides_what_the_seat_cannot_see():
    b = Board({"deal": gin(), "caption": "Ann holds three melds; Kd is up"})
    html = b.html()
    assert "K♦" in html and 'class="rb-caption"' in html
    ann = [Card.parse(c) for c in "Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc".split()]
    bob = [Card.parse(c) for c in "2c 3c 4c 8d 8s Qh Qs Js 10d 4h".split()]
    for c in ann:
        assert c.name() in html
    for c in bob:                                  # Bob's cards are backs only
        assert c.name() not in html, c
    shown = Board({"deal": gin(), "reveal": "all"}).html()
    assert all(c.name() in shown for c in bob)
    # nothing to press on a shown board
    assert 'data-act="btn:' not in html and "Bob to draw." in text(html)


# -- replay ------------------------------------------------------------------------------
def test_a_replay_says_each_step_and_ends_on_the_scoring():
    b = Board({"deal": gin(), "reveal": "all",
               "moves": "draw {Bob draws blind}; discard 4h; draw; knock Kc "
                        "{Ann knocks with 6 deadwood}; layoff 8s on 1; done"})
    assert b.problem is None and len(b.steps) == 6
    assert b.step_words(1) == "Bob drew 5h. Bob draws blind."
    assert b.step_words(4) == "Ann knocked (6 deadwood). Ann knocks with 6 deadwood."
    assert b.step_words(5).startswith("Bob laid off 8s on Ann’s run of spades, 5 to 8")
    last = b.step_words(6)
    assert last == ("Bob finished laying off. Ann knocks and scores 47. Ann's deadwood: 6. Bob's "
                    "deadwood after laying off 1 card: 53. Knock: Ann scores the "
                    "difference 53 - 6 = 47.")
    b.act("step:last")
    assert b.step == 6 and b.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    html = b.html()
    assert 'class="rb-summary' in html and "rb-over" in html
    b.act("step:prev")
    assert b.step == 5 and b.state.phase == Phase.LAYOFF
    b.act("step:first")
    assert b.step == 0 and "The deal" in text(b.html())
    b.act("step:prev")                            # at the start: nothing happens
    assert b.step == 0
    b.act("card:0")                               # not a replay's press
    assert b.step == 0


def test_a_hidden_draw_stays_hidden_in_the_words():
    b = Board({"deal": gin(), "moves": "draw; discard 4h"})
    assert b.step_words(1) == "Bob drew from the stock."
    assert Board({"deal": gin(), "seat": "1", "moves": "draw"}).step_words(1) == "Bob drew 5h."


def test_a_replay_may_start_at_its_end():
    b = Board({"deal": gin(), "moves": "draw; discard 4h", "step": "end"})
    assert b.step == 2 and b.state.turn == 0


# -- puzzle ------------------------------------------------------------------------------
def puzzle(**kw):
    attrs = {"deal": gin(0), "solution": "draw {The 5h makes a run}; knock Kc",
             "mistakes": "take {The Kd fits nothing}", "success": "Ann knocks with 5."}
    attrs.update(kw)
    return Board(attrs)


def pick(b: Board, code: str) -> None:
    b.act(f"card:{b.session.order.index(code)}")


def test_an_illegal_try_is_explained_and_changes_nothing():
    b = puzzle()
    before = b.state.to_dict()
    pick(b, "Kc")
    b.act("btn:discard")
    assert b.tone == "illegal" and "First draw a card" in b.message
    assert b.state.to_dict() == before
    b.act("draw")
    assert b.tone == "right"
    pick(b, "Kc")
    b.act("btn:knock")
    assert b.solved and b.state_name() == "solved"


def test_a_wrong_move_is_taken_back_with_the_authors_note():
    b = puzzle()
    before = b.state.to_dict()
    b.act("take")
    assert b.tone == "wrong" and "The Kd fits nothing." in b.message and "Try again" in b.message
    assert b.state.to_dict() == before and not b.solved
    b.act("draw")
    pick(b, "9c")
    b.act("btn:discard")                          # legal, not in the solution, not a mistake
    assert b.tone == "wrong" and "not the move this position asks for" in b.message
    assert b.state.phase == Phase.PLAY and len(b.state.hands[0]) == 11
    pick(b, "Kc")
    b.act("btn:knock")
    assert b.solved and "Ann knocks with 5." in b.message
    html = b.html()
    assert "✓" in html and 'data-act="reset"' in html and 'data-act="btn:' not in html


def test_the_other_seats_moves_of_a_solution_are_played_for_them():
    b = Board({"deal": gin(0), "solution": "draw; discard Kc; draw {Bob draws}; discard 4h; "
                                            "draw; knock 9c"})
    b.act("draw")
    pick(b, "Kc")
    b.act("btn:discard")
    assert b.tone == "right" and "Bob draws." in b.message and b.state.turn == 0
    assert b.done == 4 and not b.solved


def test_a_solution_move_may_accept_several_answers():
    b = Board({"deal": gin(0), "solution": "draw; discard Kc or discard 9c {Either.}"})
    b.act("draw")
    pick(b, "9c")
    b.act("btn:discard")
    assert b.solved and "Either." in b.message
    b.act("reset")
    b.act("draw")
    pick(b, "Ah")
    b.act("btn:discard")
    assert b.tone == "wrong"
    # every answer must be playable, and the rest of the line after it
    bad = Board({"deal": gin(0), "solution": "draw; discard Kc or discard Ad"})
    assert "'discard Ad'" in str(bad.problem) and len(bad.solution) == 1
    with pytest.raises(BoardError, match="In 'mistakes', 'discard 9z'"):
        Board({"deal": gin(0), "solution": "draw", "mistakes": "take; discard 9z {a typo}"})


def test_the_answer_can_be_shown_and_the_puzzle_started_again():
    b = puzzle()
    b.act("answer")
    assert b.shown and b.state_name() == "shown" and b.message.startswith("The answer:")
    assert "Ann knocked" in b.message and b.state.phase == Phase.LAYOFF
    b.act("reset")
    assert not b.shown and b.state.phase == Phase.DRAW and b.done == 0


def test_a_declaration_counts_by_what_the_readers_groups_make_of_it():
    deal = ("indian | 0: 4h 5h 6h 9s 10s 7d Qc Qd Qs 2c 3c 4c Kd | 1: 2h 3h 9h Jh Kc Ks 8c "
            "8d 10d 6s 3s Ah Jk | discard: 8h | stock: 5c | joker: 7s | turn: 0 | phase: draw "
            "| dealer: 1 | names: Ann, Bob")
    b = Board({"deal": deal, "solution": "draw; declare Kd",
               "mistakes": "declare 6h {Without the 6h the hearts are no sequence.}"})
    b.act("draw")                                  # the 5c joins the clubs' sequence...
    assert ["2c", "3c", "4c", "5c"] in [[str(c) for c in g] for g in b.session.group_cards()]
    s = b.session                                  # ... and the reader takes it out again
    s.move_to_group(s.order.index("5c"), len(s.sizes), 0)
    pick(b, "Kd")
    b.act("btn:declare")
    assert b.tone == "wrong" and "invalid declaration" in b.message
    assert "The right card, but the groups" in b.message and b.state.phase == Phase.PLAY
    pick(b, "6h")
    b.act("btn:declare")
    assert b.tone == "wrong" and "Without the 6h the hearts are no sequence." in b.message
    b.act("sort:best")
    assert [str(c) for c in b.session.group_cards()[-1]] == ["Kd"]
    pick(b, "Kd")
    b.act("btn:declare")
    assert b.solved and "a valid declaration" in b.message


def test_a_puzzle_without_a_solution_accepts_any_legal_move():
    b = Board({"deal": gin(0), "mode": "puzzle", "prompt": "Try a move."})
    assert "Try a move." in text(b.html())
    b.act("take")
    assert b.tone == "ok" and "Legal." in b.message
    pick(b, "Kd")
    b.act("btn:discard")
    assert b.tone == "illegal" and "different card" in b.message


def test_the_same_move_whatever_the_order_of_a_melds_cards():
    assert same_move(parse_action("meld 9h 7h 8h"), parse_action("meld 7h 8h 9h"))
    assert not same_move(parse_action("meld 7h 8h 9h"), parse_action("meld 7s 8s 9s"))
    assert same_move(parse_action("declare Kd: 2h 3h 4h"), parse_action("declare Kd"))
    assert not same_move(parse_action("discard Kd"), parse_action("discard Kc"))


# -- every variant -------------------------------------------------------------------------
@pytest.mark.parametrize("variant, n", [("basic", 3), ("gin", 2), ("indian", 2), ("rum500", 3),
                                        ("push", 4), ("tiles", 3)])
def test_every_variant_shows_replays_and_puzzles(variant, n):
    g = GameState(variant, ["Ann", "Bob", "Cy", "Di"][:n], seed=5)
    deal = to_deal(g)
    first = g.legal_actions()[0]
    shown = Board({"deal": deal, "caption": variant})
    assert f"variant-{variant}" in shown.html()
    replay = Board({"deal": deal, "moves": str(first), "reveal": "all"})
    assert replay.problem is None
    replay.act("step:next")
    assert replay.step == 1 and replay.step_words(1)
    p = Board({"deal": deal, "solution": str(first)})
    assert 'data-act="btn:' in p.html() or "pile" in p.html()
    p.act("answer")
    assert p.shown


def test_the_attribute_list_names_what_the_board_reads():
    names = [n for n, _ in ATTRIBUTES]
    assert len(names) == len(set(names))
    assert {"deal", "mode", "caption", "seat", "reveal", "moves", "step", "prompt", "solution",
            "mistakes", "success", "theme", "felt", "card-size", "lang"} == set(names)


# -- checked at the door ---------------------------------------------------------------------
def test_whatever_the_attributes_a_board_is_drawn_or_says_what_is_wrong():
    rng = random.Random(7)
    pieces = [gin(), gin(0), "gin |", "| 0: Ah", "basic | 0: 7h 8h 9h | 1: 2c 3c 4c",
              "moves: ", "draw", "discard Kc", ";;", "{", "}", "\n", "Jk=8h", "seat: 9",
              "tiles | 0: r1 r2 r3 joly", "é", "9" * 30, "layoff 8h on 99"]
    keys = ["deal", "mode", "seat", "reveal", "moves", "step", "solution", "mistakes", "x"]
    for _ in range(400):
        attrs = {k: "".join(rng.choice(pieces) for _ in range(rng.randint(0, 3)))
                 for k in rng.sample(keys, rng.randint(1, 5))}
        if rng.random() < .7:
            attrs["deal"] = rng.choice(pieces[:2]) + rng.choice(["", " | taken: Kd", "x"])
        try:
            b = Board(attrs)
        except BoardError as e:
            assert str(e) and "Traceback" not in str(e)
            assert "<mark>" in error_html(e) or e.span is None
            continue
        for act in ("step:next", "draw", "take", "card:0", "btn:discard", "answer", "reset",
                    "meld:3", "card:99", "step:last", "bogus:"):
            b.act(act)
            assert "rb" in b.html()


@pytest.mark.parametrize("variant, n", [("basic", 3), ("gin", 2), ("indian", 2), ("rum500", 3),
                                        ("push", 4), ("tiles", 3)])
def test_a_free_try_survives_any_presses_in_every_variant(variant, n):
    """Random presses on every kind of element a board draws: each is played, refused with
    words, or ignored; the board is always drawn."""
    rng = random.Random(variant)
    total = 0
    for seed in range(3):
        g = GameState(variant, ["Ann", "Bob", "Cy", "Di"][:n], seed=seed)
        for _ in range(rng.randint(0, 12)):          # somewhere into the first hand
            if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                break
            g.apply(rng.choice(g.legal_actions()))
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            continue
        b = Board({"deal": to_deal(g), "mode": "puzzle"})
        played = 0
        for _ in range(150):
            acts = re.findall(r'data-act="([^"]+)"', b.html())
            if not acts:
                break
            before = len(b.state.history)
            b.act(rng.choice(acts))
            played += len(b.state.history) > before
            if b.tone == "illegal":
                assert b.message and "Traceback" not in b.message
        assert "rb-puzzle" in b.html()
        total += played
    assert total > 0                                  # the presses did make moves
