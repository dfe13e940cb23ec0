"""The board editor (rami/web/editor.py): in every game, a position placed piece by piece is
checked at each change, moves recorded at the game's table become a replay or a puzzle
that a board plays, and whatever rami writes (deal strings, boards' HTML, shared hands'
links, match files) opens in it."""

from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path

import pytest

from rami.bots import make_bot
from rami.scenario import from_deal
from rami.state import GameState, Phase
from rami.view import PlayerView
from rami.web.board import Board
from rami.web import editor_view as view
from rami.web.editor import Editor, EditorError, Recorder, read_deal
from rami.web.share import share
from tests.conftest import QUICK

VARIANTS = ("basic", "gin", "indian", "rum500", "push", "tiles")
BASE = "https://example.org/rami/"


def board_attrs(html: str) -> dict:
    tag = html.split("<rami-board", 1)[1].split(">", 1)[0]
    return {k: unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', tag)}


def record(ed: Editor, moves) -> Recorder:
    """Play ``moves`` (texts, or None: a bot's choice) at the editor's recording table."""
    rec = Recorder(ed, ed.deal(), ed.recorder_line())
    for text in moves:
        st = rec.state
        if st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        if text is None:
            action = make_bot("good", st.variant.name, seed=1).choose(
                PlayerView.of(st, st.turn))
        else:
            action = st.parse_action(text)
        rec.play(action)
        ed.check()
    return rec


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_position_is_checked_at_every_change(variant):
    ed = Editor(variant, seed=11)
    assert ed.problem == "" and ed.start is not None
    assert read_deal(ed.deal()).deal() == ed.deal()          # (the draft reads back)
    assert from_deal(ed.deal()).hands == ed.start.hands
    ed.act("clear")
    assert ed.problem and "Seat 0" in ed.problem and ed.start is None
    assert "Traceback" not in view.html(ed)["ed-status"]
    ed.act("fill")
    assert ed.problem == "", ed.problem
    again = Editor(variant, seed=11)
    again.act("clear")
    again.act("fill")
    assert again.deal() == ed.deal()                          # (the same fill each time)


def test_pieces_are_placed_from_what_is_left_and_put_back():
    ed = Editor("gin", seed=3)
    ed.act("clear")
    ed.act("target:hand:1")
    ed.act("pick:Kd")
    assert ed.draft.hands[1] == ["Kd"] and ed.draft.left()["Kd"] == 0
    ed.act("pick:Kd")
    assert "already placed" in ed.notice and ed.draft.hands[1] == ["Kd"]
    ed.act("drop:Qs>discard")
    ed.act("move:hand:1/0>stock")
    assert ed.draft.hands[1] == [] and ed.draft.stock == ["Kd"] and ed.draft.discard == ["Qs"]
    ed.act("unplace:stock/0")
    assert ed.draft.left()["Kd"] == 1
    for bad in ("pick:Xz", "target:hand:9", "unplace:discard/7", "drop:Kd>nowhere"):
        ed.act(bad)
        assert ed.notice, bad                                 # said, nothing raised
    # a meld on the table, whose owner is chosen; cards that are no meld are refused
    ed = Editor("basic", seed=3)
    ed.act("newmeld")
    assert ed.target == "meld:0"
    for code in ("7c", "8c", "9c"):
        free(ed, code)
        ed.act("pick:" + code)
    ed.act("owner:0", "1")
    assert ed.problem == "" and "table: 1=7c 8c 9c" in ed.deal()
    assert [str(c) for c in ed.start.table[0].meld.cards] == ["7c", "8c", "9c"]
    free(ed, "2h")
    ed.act("pick:2h")
    assert ed.problem == "'7c 8c 9c 2h' on the table is not a meld.", ed.problem
    ed.act("dropmeld:0")
    assert ed.draft.table == [] and ed.draft.left()["7c"] == 1


def free(ed: Editor, code: str) -> None:
    """Take ``code`` back to what is left, wherever it is placed."""
    for zone, i, placed in list(ed.draft.places()):
        if placed == code:
            ed.act(f"unplace:{zone}/{i}")
            return


def test_an_impossible_position_is_refused_in_words():
    ed = Editor("gin", seed=5)
    card = ed.draft.hands[0].pop()
    ed.draft.hands[1].append(card)
    ed.check()
    assert ed.problem.startswith("Seat 0 holds 9 cards"), ed.problem
    assert "Not a position rami can play" in view.html(ed)["ed-status"]
    assert "once the position is sound" in view.out_html(ed, BASE)
    ed = Editor("indian", seed=5)
    ed.act("unplace:aside:joker/0")
    ed.act("target:aside:joker")
    ed.act("pick:" + ed.draft.hands[0][0])
    assert "already placed" in ed.notice


def test_a_gin_puzzle_recorded_with_an_other_answer_and_a_mistake():
    deal = ("gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h "
            "| discard: Kd | stock: 5h | turn: 0 | phase: draw | dealer: 1 | names: Ann, Bob")
    ed = Editor("gin")
    ed.act("open", deal)
    assert ed.problem == "" and ed.deal().startswith("gin | 0: Ah 2h 3h")
    ed.act("kind:puzzle")
    record(ed, ["draw", "knock Kc"])
    assert [s.text for s in ed.line] == ["draw", "knock Kc"]
    ed.act("note:1", "Knock with {4}: Bob cannot undercut.")
    ed.act("mistake:1")
    rec = record(ed, ["discard Kc"])
    assert ed.mistakes == [["discard Kc", ""]] and ed.alt is None
    assert rec.line == ["draw", "knock Kc"]          # (back at the end of the line)
    ed.act("mistakenote:0", "Why wait? You can knock now.")
    ed.act("answer:1")
    record(ed, ["knock 5h"])
    assert ed.line[1].answers == ["knock 5h"]
    ed.act("answer:1")
    record(ed, ["knock Kc"])
    assert "already" in ed.notice and ed.line[1].answers == ["knock 5h"]
    ed.act("prompt", "Ann draws the 5h. Now what?")
    ed.act("success", "Knocking at once wins the most.")
    attrs = ed.attrs()
    assert attrs["solution"] == "draw; knock Kc or knock 5h {Knock with (4): Bob cannot " \
        "undercut.}"
    assert attrs["mistakes"] == "discard Kc {Why wait? You can knock now.}"
    html = ed.board_html(BASE + "static/embed.js")
    assert html.startswith(f'<script src="{BASE}static/embed.js"></script>\n<rami-board ')
    # the board a reader's page builds from the HTML: a mistake, then the answer
    b = Board(board_attrs(html))
    assert b.problem is None and b.mode == "puzzle" and b.prompt.startswith("Ann draws")
    b.act("btn:draw")
    b.play(b.state.parse_action("discard Kc"))
    assert b.tone == "wrong" and "Why wait" in b.message
    b.play(b.state.parse_action("knock 5h"))
    assert b.solved and "Knocking at once" in b.message


def test_an_indian_replay_recorded_with_notes():
    ed = Editor("indian", seed=21)
    ed.act("kind:replay")
    rec = record(ed, [None] * 12)
    assert len(ed.line) == 12 and rec.line == [s.text for s in ed.line]
    ed.act("note:0", "The first pick.")
    ed.act("look:caption", "Indian rummy, 12 moves")
    ed.act("look:reveal", "all")
    ed.act("look:step", "end")
    ed.act("look:felt", "#3b2a5a")
    attrs = board_attrs(ed.board_html("embed.js"))
    assert attrs["step"] == "end" and attrs["felt"] == "#3b2a5a" and attrs["reveal"] == "all"
    assert attrs["moves"].startswith(ed.line[0].text + " {The first pick.}")
    b = Board(attrs)
    assert b.problem is None and b.mode == "replay" and len(b.steps) == 12 and b.step == 12
    ed.act("look:step", "11")
    assert Board(ed.attrs()).step == 11
    # take back, remove from a step
    ed.act("undo")
    assert len(ed.line) == 11
    ed.act("cut:5")
    assert len(ed.line) == 5 and ed.look["step"] == ""      # (move 11 is gone)


def test_moves_that_no_longer_play_go_when_the_position_changes():
    ed = Editor("gin", seed=8)
    ed.act("kind:replay")
    record(ed, ["pass", "pass", "draw"])
    ed.act("phase", "draw")
    assert len(ed.line) < 3 and "no longer" in ed.notice


def test_what_rami_writes_opens_in_the_editor():
    # every example board of the author's guide
    page = (Path(__file__).parent.parent / "learn" / "boards.html").read_text()
    tags = re.findall(r"<rami-board data-example[^>]*>", page)
    assert len(tags) >= 6
    for tag in tags:
        if "data-broken" in tag:
            ed = Editor("gin")
            ed.act("open", tag + "</rami-board>")
            assert ed.notice and ed.draft.variant == "gin"       # refused, kept as it was
            continue
        ed = Editor("basic")
        ed.act("open", tag + "</rami-board>")
        a = board_attrs(tag)
        assert ed.problem == "", (tag, ed.problem)
        assert from_deal(ed.deal()).hands == from_deal(a["deal"]).hands
        mine = ed.attrs()
        for key in ("moves", "solution", "mistakes", "prompt", "success", "caption"):
            assert mine.get(key, "") == a.get(key, "").strip() or key == "solution" and \
                mine.get(key, "").replace(" ", "") == a[key].replace(" ", ""), key
    # a shared hand's link, and its match file (each hand of it)
    g = GameState("gin", ["Ada", "Bo"], seed=4)
    bots = [make_bot("good", "gin", seed=i) for i in range(2)]
    while len(g.results) < 2:
        if "deal" in [str(a) for a in g.legal_actions()]:
            g.apply("deal")
            continue
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    shared = share(g, 1, BASE)
    ed = Editor("basic")
    ed.act("open", shared["link"])
    assert ed.problem == "" and ed.kind == "replay" and ed.look["seat"] == "1"
    assert [s.text for s in ed.line] == shared["moves"]
    ed = Editor("basic")
    ed.act("open", shared["file"])
    assert ed.hands_in_match() == 2 and ed.match_hand == 1
    assert [s.text for s in ed.line] == shared["moves"]
    ed.act("matchhand", "0")
    assert ed.match_hand == 0 and ed.line and ed.problem == ""
    # a long match's file (every hand of it)
    g = GameState("basic", ["Ada", "Bo", "Cy"], seed=9)
    bots = [make_bot("good", "basic", seed=i) for i in range(3)]
    while len(g.history) < 700 and not g.is_over:
        if "deal" in [str(a) for a in g.legal_actions()]:
            g.apply("deal")
            continue
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    text = share(g, 0, BASE)["file"]
    assert len(text) > 4000
    ed.act("open", text)
    assert ed.hands_in_match() == len(g.results) + (not g.is_over) > 4 and ed.problem == "" and ed.draft.names == ["Ada", "Bo", "Cy"]
    # a game's link with ?deal=
    ed.act("open", ed.game_link(BASE))
    assert ed.problem == "" and ed.kind == "show"


@pytest.mark.parametrize("text", [
    "", "   ", "nonsense", "gin | 0: Ah", "gin | 0: Xq | 1: 2c", "<rami-board caption=x>",
    "https://example.org/learn/hand.html#moves=draw", "rami match 1\nvariant: 3",
    "gin knock_limit=99 | 0: Ah | 1: 2h", "tiles | 0: r1 | 1: joly | 2: r1 | 3: r1 | 4: r1",
    "gin | 0: " + "Ah " * 5000, "<rami-board " * 100_000, "<rami-boardx " * 100_000,
    '<rami-board deal="' + "x" * 500_000, "<rami-board " + "a=b " * 100_000])
def test_what_cannot_be_opened_is_said(text):
    ed = Editor("gin", seed=2)
    before = ed.deal()
    ed.act("open", text)
    if ed.deal() == before:
        assert ed.notice and "Traceback" not in ed.notice
    else:
        assert ed.problem                     # opened, and what is wrong is said


def test_any_press_is_said_or_done_never_raised():
    rng = random.Random(5)
    words = ["pick", "drop", "move", "unplace", "target", "variant", "players", "opt",
             "newmeld", "dropmeld", "owner", "name", "turn", "dealer", "phase", "hand",
             "score", "more", "kind", "note", "cut", "undo", "answer", "mistake",
             "dropanswer", "mistakenote", "dropmistake", "look", "width", "matchhand",
             "random", "fill", "clear", "stopalt", "open"]
    args = ["", "0", "1", "9", "-1", "hand:0", "meld:0", "Kd", "Kd>hand:0", "hand:0/0>stock",
            "r5", "joly", "gin", "tiles", "knock_limit", "caption", "phone", "x" * 90]
    for variant in VARIANTS:
        ed = Editor(variant, seed=rng.randrange(99))
        for _x in range(40 if QUICK else 120):
            name = rng.choice(words) + ":" + rng.choice(args)
            ed.act(name, rng.choice(args))
            parts = view.html(ed)
            assert all(isinstance(x, str) for x in parts.values())
            if not ed.problem:
                assert Board(ed.attrs()).problem is None or ed.kind != "show"
        view.out_html(ed, BASE)


def test_a_puzzle_seat_and_hand_over_in_the_recorder():
    ed = Editor("gin", seed=31)
    ed.act("kind:replay")
    rec = record(ed, ["pass", "pass"])
    assert rec.seat == rec.state.turn and rec.reveal == set(range(2))
    assert "to play: play the move to record it" in rec.prompt
    while rec.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        rec = record(ed, [None])
    assert rec.prompt == "The hand is over." and "Start again" not in rec.html()
    with pytest.raises(EditorError):
        ed.choose_players("", "9")


@pytest.mark.parametrize("variant", VARIANTS)
def test_in_every_game_a_recorded_line_is_a_replay_and_a_puzzle(variant):
    ed = Editor(variant, seed=13)
    ed.act("kind:replay")
    rec = record(ed, [None] * 10)
    assert 0 < len(ed.line) <= 10 and ed.problem == ""
    b = Board(ed.attrs())
    assert b.problem is None and b.mode == "replay" and len(b.steps) == len(ed.line)
    b.act("step:last")
    assert b.state.history == rec.state.history
    ed.act("kind:puzzle")
    b = Board(ed.attrs())
    assert b.problem is None and b.mode == "puzzle" and b.seat == ed.start.turn
    while not b.solved:                        # the reader plays the line's moves: solved
        assert b.state.turn == b.seat and b.tone in ("", "right"), b.message
        b.play(b.state.parse_action(ed.line[b.done].text))
    assert b.done == len(ed.line)


def test_a_link_with_an_empty_deal_is_refused_in_words():
    from rami.web.editor import Editor, EditorError
    for text in ("https://x/#deal=", "https://x/?deal=%20&moves=draw", "#deal=&seat=1"):
        with pytest.raises(EditorError, match="holds no position"):
            Editor().open(text)
