"""The review of a hand (rami.review): grades judged from the seat's view only, known
positions graded as a player would, the terminal's ``review`` command."""

from __future__ import annotations

import random

import pytest

from rami.actions import Discard
from rami.bots import make_bot
from rami.bots.base import drain
from rami.cards import Card
from rami.cli import main
from rami.i18n import set_language
from rami.record import match_text, read_match
from rami.review import (GRADES, classify, expert_move, hand_start, hands_of, judge_steps, review,
                         sample_world)
from rami.scenario import from_deal
from rami.state import GameState, Phase
from rami.view import PlayerView
from tests.conformance import rename_hidden

SEATS = {"basic": 3, "gin": 2, "indian": 2, "push": 4, "rum500": 3, "tiles": 2}


def played(variant: str, n: int, seed: int, hands: int = 1, first: str = "beginner"):
    """A match of ``hands`` hands: seat 0 played by ``first``, the others by the Good player."""
    g = GameState(variant, [f"P{i}" for i in range(n)], seed=seed)
    bots = [make_bot(first if s == 0 else "good", variant, seed=f"{seed}:{s}")
            for s in range(n)]
    while len(g.results) < hands and not g.is_over:
        if g.phase == Phase.HAND_OVER:
            g.apply("deal")
            continue
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return g


def decisions(g: GameState, seat: int):
    """Each position of the match where ``seat`` chose among several moves: (state, move)."""
    b = GameState(g.variant.name, list(g.names), dict(g.options), g.seed)
    for a in g.history:
        if b.turn == seat and a.kind != "deal" and len(b.legal_actions()) > 1:
            yield b.copy(), a
        b.apply(a)


def basic_feed() -> GameState:
    """Basic Rummy, laying off only after one's own meld: Ada has melded 5♦ 6♦ 7♦ and holds
    one card; Lena, who has not melded, holds the 8♦ among loose high cards."""
    mine = "8d Kc Qs Jh 9c 4h 3s 2h".split()
    used = set(mine) | {"2c", "5c", "5d", "6d", "7d"}
    g = GameState("basic", ["a", "b"], seed=1)
    rest = [str(c) for c in g.variant.deck(g) if str(c) not in used]
    return from_deal(f"basic layoff_needs_own_meld=true | 0: {' '.join(mine)} | 1: 2c | "
                     f"discard: 5c | table: 1=5d 6d 7d | stock: {' '.join(rest)} | turn: 0 | "
                     "phase: play | dealer: 1 | names: Lena, Ada", 3)


def test_a_discard_that_feeds_an_opponents_meld_is_a_mistake_or_worse():
    set_language("en")
    g = basic_feed()
    better, loss, grade, line = drain(judge_steps(g, 0, Discard(Card.parse("8d")), 8, "t"))
    assert GRADES.index(grade) >= GRADES.index("mistake"), (grade, loss)
    assert better != Discard(Card.parse("8d")) and loss > 5
    assert "fits meld 1 on the table" in line[0] and line[1].startswith("Better: ")
    # the Expert's own discard is best, and costs nothing
    best = expert_move(g, 0)
    assert drain(judge_steps(g, 0, best, 8, "t"))[1:3] == (0.0, "best")


@pytest.mark.parametrize("variant", sorted(SEATS))
def test_the_experts_move_is_graded_best(variant):
    g = played(variant, SEATS[variant], seed=4)
    for b, _ in list(decisions(g, 0))[:6]:
        best = expert_move(b, 0)
        better, loss, grade, line = drain(judge_steps(b, 0, best, 4, "t"))
        assert (better, loss, grade, line) == (best, 0.0, "best", ())


@pytest.mark.parametrize("variant", sorted(SEATS))
def test_the_review_never_changes_with_the_hidden_cards(variant):
    """The hidden cards given other identities (the views' renaming test): every decision is
    judged the same, to the last digit and word (decisions not the Expert's: those are
    played out in sampled worlds)."""
    set_language("en")
    rng = random.Random(variant)
    g = played(variant, SEATS[variant], seed=9)
    judged = 0
    for b, move in decisions(g, 0):
        if move == expert_move(b, 0):
            continue
        other = rename_hidden(b, 0, rng)
        if other.hands == b.hands and other.stock == b.stock:
            continue                    # (nothing hidden could be renamed here)
        assert PlayerView.of(other, 0) == PlayerView.of(b, 0)
        a = drain(judge_steps(b, 0, move, 3, "t"))
        assert drain(judge_steps(other, 0, move, 3, "t")) == a, (b.history[-3:], move)
        judged += 1
        if judged == 4:
            break
    assert judged >= 2


def test_a_world_deals_only_the_hidden_cards_anew():
    g = played("gin", 2, seed=3)
    b, _ = next(decisions(g, 0))
    w = sample_world(b, 0, random.Random(1))
    assert w.hands[0] == b.hands[0] and w.discard == b.discard and w.table == b.table
    assert sorted(map(str, w.hands[1] + w.stock)) == sorted(map(str, b.hands[1] + b.stock))
    assert PlayerView.of(w, 0) == PlayerView.of(b, 0)
    # a world of the same view is the same world, wherever the hidden cards really were
    assert sample_world(rename_hidden(b, 0, random.Random(2)), 0, random.Random(1)).hands \
        == w.hands


def test_a_reviewed_match_file_reviews_the_same():
    g = played("gin", 2, seed=6, hands=2)
    again = read_match(match_text(g))
    assert review(again, 0, 2, worlds=3) == review(g, 0, 2, worlds=3)
    assert len(hands_of(g)) == 2


def test_grades_follow_the_games_points():
    assert classify(0, 20) == "best"
    assert [classify(x, 20) for x in (1, 2.9, 7, 7.1)] == ["good", "inaccuracy", "mistake",
                                                           "blunder"]
    assert classify(7.1, 200) == "good"             # (tile Rami's hands move hundreds)


def test_a_hand_under_way_has_no_hindsight():
    g = played("gin", 2, seed=6, hands=1)
    assert any(d.hindsight for d in review(g, 0, 1, worlds=2).decisions)
    cut = read_match(match_text(g), most_moves=len(g.history) - 2)
    assert not any(d.hindsight for d in review(cut, 0, 1, worlds=2).decisions)


@pytest.mark.parametrize("lang,words", [("en", ("Hand 1", "best or good", "[best]")),
                                        ("de", ("Runde 1", "beste oder gute", "[beste]"))])
def test_the_terminal_reviews_a_match_file(tmp_path, capsys, lang, words):
    g = played("gin", 2, seed=6, hands=2)
    path = tmp_path / "match.rami.txt"
    path.write_text(match_text(g), encoding="utf-8")
    assert main(["review", str(path), "--hand", "1", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for w in words:
        assert w in out, out
    assert "Kd" not in out and "Hand 2" not in out and "Runde 2" not in out
    assert main(["review", str(path), "--hand", "3", "--lang", lang]) == 2
    assert main(["review", str(path), "--seat", "3", "--lang", lang]) == 2
    set_language("en")


def test_a_decision_of_several_log_lines_reads_as_sentences():
    """A push and the draw after it (Push) are two log lines: the review says each as a
    sentence of its own, ended as the language ends one."""
    import dataclasses
    set_language("en")
    d = review(played("gin", 2, seed=6), 0, 1, worlds=2).decisions[0]
    one = d.words("said")
    two = dataclasses.replace(d, said=d.said * 2)
    try:
        assert not one.endswith(".") and two.words("said") == f"{one}. {one}."
        set_language("hi")
        assert two.words("said").count("।") == 2 and d.words("said").count("।") <= 1
    finally:
        set_language("en")


def test_a_decision_travels_as_words_said_in_any_language():
    """The worker sends a decision as JSON, its words as messages: the page says them in
    its own language, and refuses anything else."""
    import json
    from rami.review import Decision
    set_language("en")
    g = basic_feed()
    with_words = drain(judge_steps(g, 0, Discard(Card.parse("8d")), 4, "t"))
    d = review(played("gin", 2, seed=6), 0, 1, worlds=2).decisions[0]
    back = Decision.from_dict(json.loads(json.dumps(d.to_dict())))
    assert back.words("said") == d.words("said") and back.played == d.played
    # ... and on again, as a host sends a friend the decisions its worker sent it
    assert back.to_dict() == d.to_dict()
    assert Decision.from_dict(json.loads(json.dumps(back.to_dict()))) == back
    set_language("de")
    german = back.words("said")
    set_language("en")
    assert german != back.words("said") and german.startswith("Du ")
    assert with_words[3] and all(isinstance(x, str) for x in with_words[3])
    for bad in ({}, {**d.to_dict(), "grade": "great"}, {**d.to_dict(), "said": [{"m": 3}]},
                {**d.to_dict(), "hand": ["zz"]}, {**d.to_dict(), "loss": -1},
                {**d.to_dict(), "played": "fly"}):
        with pytest.raises(ValueError):
            Decision.from_dict(bad)


def test_the_workers_review_answers_a_decision_at_a_time():
    """rami.web.reviewing, as the bots' worker answers the page: the plan, each decision
    (the same as the whole review's), the Expert in the seat; anything else a plain error."""
    import json
    from rami.review import Decision
    from rami.web import reviewing
    g = played("gin", 2, seed=6, hands=2)
    text = match_text(g)
    ask = lambda f, **k: json.loads(f(json.dumps({"match": text, "seat": 0, "hand": 2, **k})))
    whole = review(g, 0, 2)
    plan = ask(reviewing.review_plan)
    assert plan == {"moves": [d.move for d in whole.decisions]}
    for d in whole.decisions[:4]:
        one = Decision.from_dict(ask(reviewing.review_decision, move=d.move)["decision"])
        assert one.to_dict() == Decision.from_dict(json.loads(json.dumps(d.to_dict()))).to_dict()
    both = ask(reviewing.review_expert, levels={"1": "good"})
    assert set(both) == {"expert", "you"} and all(type(v) in (int, float) for v in both.values())
    for bad in ("", "[]", json.dumps({"match": "x", "seat": 0, "hand": 1}),
                json.dumps({"match": text, "seat": 5, "hand": 1}),
                json.dumps({"match": text, "seat": 0, "hand": 9})):
        assert set(json.loads(reviewing.review_plan(bad))) == {"error"}
    assert "error" in ask(reviewing.review_decision, move=0)        # (not the seat's, not hand 2)


def test_doctests_of_the_review():
    import doctest
    import rami.web.review_view
    import rami.web.trends
    assert doctest.testmod(rami.web.trends).failed == 0
    set_language("en")
    assert doctest.testmod(rami.web.review_view).failed == 0


def test_a_deal_played_again_is_the_same_deal_with_the_same_players():
    """rami.web.practice.deal_again: the match as it stood when the hand began, with its seed and
    history, so every seat's player is seeded for each move exactly as it was then (the
    others move as they did while the person plays the same); the Expert can take the
    person's seat."""
    from rami.web.practice import deal_again, watch_expert
    from rami.web.session import Session
    from rami.web.thinking import bot_seed, move_key
    g = played("basic", 3, seed=5, hands=1)
    s = Session(g, 0, {1: "good", 2: "beginner"})
    again = deal_again(s, 1, 0)
    assert again.practice_of is s and again.state.hands == hand_start(g, 1).hands
    assert again.levels == s.levels and again.humans == [0]
    b, was = again.state, hand_start(g, 1)
    for move in g.history[len(b.history):]:
        assert (bot_seed(b, b.turn), move_key(b, b.turn)) == (bot_seed(was, was.turn),
                                                              move_key(was, was.turn))
        b.apply(move)
        was.apply(move)
    assert b.results == g.results
    watched = deal_again(s, 1, 0)
    watch_expert(watched)
    assert watched.humans == [] and watched.levels[0] == "expert"
    assert watched.bots[0].name == "expert" and not watched.human_to_move()


def test_an_earlier_match_is_kept_for_review_and_dealt_again_from_its_file():
    """rami.web.earlier: a match left (or over) keeps its file, the person's seat, the other
    players and each hand's headline; read back, it is checked (junk, a damaged headline, a
    long file dropped), the same match is kept once, and five at most; its hand dealt again
    from the kept file is the hand as it was dealt, with the same players."""
    from rami.i18n import say
    from rami.record import read_match
    from rami.web import earlier
    from rami.web.practice import deal_again, deal_again_from
    from rami.web.session import Session
    g = played("basic", 3, seed=5, hands=2)
    s = Session(g, 0, {1: "good", 2: "beginner"})
    e = earlier.entry(s, "2026-11-28")
    assert e["seat"] == 0 and e["levels"] == {"1": "good", "2": "beginner"}
    assert len(e["heads"]) == 2 and say(e["heads"][0]) == g.results[0]["headline"]
    assert read_match(e["file"]) == g
    kept = earlier.keep([], e)
    assert earlier.clean({"matches": kept}) == kept == earlier.keep(kept, e)
    others = [dict(e, seed=str(k)) for k in range(7)]
    for o in others:
        kept = earlier.keep(kept, o)
    assert [k["seed"] for k in kept] == ["2", "3", "4", "5", "6"]
    bad = [dict(e, heads=[{"m": "{__class__}"}]), dict(e, seat=-1), dict(e, file="x" * 200_000),
           dict(e, levels={"1": 3}), dict(e, variant="chess"), "junk", None]
    assert earlier.clean({"matches": bad + [e]}) == [e]
    assert earlier.clean({"matches": "no"}) == [] == earlier.clean([e])
    # a deal played again is not kept, nor a match without a finished hand
    again = deal_again(s, 1, 0)
    assert earlier.entry(again, "") is None
    assert earlier.entry(Session(hand_start(g, 1), 0), "") is None
    from_file = deal_again_from(read_match(e["file"]), {1: "good", 2: "beginner"}, 2, 0)
    assert from_file.state.hands == hand_start(g, 2).hands
    assert from_file.levels == s.levels and from_file.practice_hand == 2


def test_the_board_editor_reviews_a_hand_of_a_match_file_into_its_notes():
    """The board editor, a match file opened: the hand's review for the board's seat writes
    each costly decision's grade, points and better move as its step's note, keeps a note
    the author wrote, and says the hand's figure; it matches the review itself."""
    from rami.web.editor import Editor
    g = played("basic", 2, seed=4, hands=2)
    ed = Editor("gin", seed=1)
    assert ed.review_seat() is None
    ed.act("open", match_text(g))
    assert ed.match is not None and ed.match_hand == 1 and ed.review_seat() == 0
    ed.act("matchhand", "0")
    first = hands_of(g)[0][0]
    want = review(g, 0, 1)
    costly = [d for d in want.decisions if d.grade != "best"]
    assert costly, [d.grade for d in want.decisions]
    kept = costly[0].move - first
    ed.line[kept].note = "my own words"
    got = drain(ed.review_steps())
    assert got == want
    written = ed.review_notes(got)
    assert written == len(costly) - 1 and ed.line[kept].note == "my own words"
    for d in costly[1:]:
        note = ed.line[d.move - first].note
        assert note.startswith(d.grade.capitalize()) and "Better:" in note, note
    assert "decisions best or good" in ed.notice and "P0" in ed.notice
    assert ed.attrs()["moves"].count("{") == len(costly)      # (the board carries them)
    ed.set_look("seat", "1")
    assert ed.review_seat() == 1
    # another hand opened while the review worked: its notes are not written on it
    ed.act("matchhand", "1")
    assert ed.review_notes(got) == 0 and not any(step.note for step in ed.line)


@pytest.mark.skipif(__import__("sys").platform == "emscripten",
                    reason="benchmarks/ is not in the Pyodide test bundle")
def grades_benchmark():
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parent.parent / "benchmarks" / "review_grades.py"
    spec = importlib.util.spec_from_file_location("review_grades", path)
    grades = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(grades)
    return grades


def test_the_grades_benchmark_fits_the_real_cost_to_the_expected_one():
    """benchmarks/review_grades.py's trend: the least-squares line of the real cost on the
    expected one, over the decisions unlike the Expert's only, and its slope's interval."""
    grades = grades_benchmark()
    rng = random.Random(5)
    rows = []
    for _ in range(400):
        seen = [rng.uniform(0, 20) for _ in range(12)]
        expected = grades.cost_of(seen)
        rows.append(("good", False, seen, [3 + 2 * expected + rng.gauss(0, 1)]))
    rows += [("good", True, [], [])] * 50 + [("good", False, [], [])]   # the Expert's own move
    n, a, b, half = grades.trend(rows)
    assert n == 400
    assert abs(b - 2) < 0.1 and abs(a - 3) < 1 and 0 < half < 0.2
    assert grades.trend(rows[400:]) is None


def test_the_grades_benchmark_finds_its_decisions_again_and_reshuffles_only_the_stock():
    """The measure with the luck of the draw averaged: a hand played again without the
    review meets the decisions the graded run kept, in the same order and positions; a
    reshuffled deal keeps every hand and the stock's cards, in another order."""
    grades = grades_benchmark()
    _, kept = grades.hand(("gin", 3, 1, 1))
    again = list(grades.decisions_of("gin", 3))
    assert len(again) == len(kept) > 3
    g, move = again[-1]
    assert g.turn == 0 and move in PlayerView.of(g, 0).legal
    w = grades.reshuffled(g, random.Random(1))
    assert w.hands == g.hands and w.discard == g.discard
    assert sorted(w.stock, key=str) == sorted(g.stock, key=str) and w.stock != g.stock
    assert g.copy().stock == g.stock                   # (the position itself is untouched)


def test_hindsight_is_said_once_and_marked_apart_from_the_grade():
    """On the page a decision's hindsight reads once as hindsight ("Hindsight: ..."), with
    the mark that it is not in the grade."""
    from rami.web.review_view import Reviewing, review_html
    set_language("en")
    r = review(played("gin", 2, seed=3), 0, 1, worlds=2)
    k = next(k for k, d in enumerate(r.decisions) if d.hindsight)
    page = Reviewing(key=("m", 1, 0), hand=1, seat=0, name="Ann", moves=[], done=True,
                     decisions=list(r.decisions), at=k)
    html = review_html(page, "gin")
    shown = html[html.index('class="review-hindsight"'):]
    shown = shown[:shown.index("</p>")]
    assert shown.count("Hindsight") == 1 and "(not in the grade)" in shown


def _marked(html: str, mark: str) -> list[str]:
    """The cards of the review's board (the hand, then the pile) with ``mark``, by name."""
    import re
    return re.findall(rf'<span class="card small[^"]*\b{mark}\b[^"]*" ><svg[^>]*aria-label="([^"]+)"',
                      html)


def test_the_review_s_board_marks_the_cards_a_take_takes_for_both_moves():
    """A take carries no card (Gin, the top) or only the card taken (500 Rum, the cards above
    it come too): the board marks what it takes from the pile, for the move played and for
    the Expert's better one, and the better line says what comes with it."""
    from rami.actions import parse_action
    from rami.review import Decision
    from rami.web.review_view import Reviewing, _board
    set_language("en")
    # Gin: the upcard taken, where drawing was better
    d = Decision(0, parse_action("take"), parse_action("draw"), 3.0, "mistake", ("x",), (),
                 (), ("Ah", "2h", "9c"), "9h", ("9h",))
    html = _board(d, "gin")
    assert _marked(html, "played") == ["9 of hearts"] and _marked(html, "better") == []
    d = Decision(0, parse_action("draw"), parse_action("take"), 3.0, "mistake", ("x",), (),
                 (), ("Ah", "2h", "9c"), "9h", ())      # (a decision from before: its top)
    assert _marked(_board(d, "gin"), "better") == ["9 of hearts"]
    # 500 Rum: the Expert's take of a card deep in the pile marks it and every card above
    g = GameState("rum500", ["You", "Ada", "Ben"], seed=4)
    bots = [make_bot("beginner", "rum500", seed=4)] + \
        [make_bot("good", "rum500", seed=4 + s) for s in (1, 2)]
    while g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    deep = [d for d in review(g, 0, 1, worlds=4).decisions
            if d.best.kind == "take" and d.best.card is not None and str(d.best.card) !=
            d.pile[-1]]
    assert deep, "no take from deep in the pile to look at"
    for d in deep:
        at = max(i for i, c in enumerate(d.pile) if c == str(d.best.card))
        html = _board(d, "rum500")
        pile_html = html[html.index("review-pile-cards"):]
        taken = [Card.parse(c).name() for c in d.pile[at:]]
        assert _marked(pile_html, "better") == taken and len(taken) > 1
        assert f"and the {len(taken) - 1} cards above it" in d.words("line") or \
            len(taken) == 2 and "and the card above it" in d.words("line"), d.words("line")
        assert f"Take the {d.best.card.pretty()}" in d.words("line")
