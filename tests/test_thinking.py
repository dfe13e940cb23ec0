"""The bots' worker protocol (rami.web.thinking): the worker's move is the page's move, and
whatever crosses between them is checked at the door."""

from __future__ import annotations

import json

import pytest

from rami.bots import drain, make_bot
from rami.state import GameState
from rami.view import PlayerView
from rami.web import thinking
from rami.web.session import Session

CASES = [("gin", 2, {}), ("basic", 4, {}), ("indian", 3, {"format": "pool101"}),
         ("rum500", 3, {}), ("push", 4, {}), ("tiles", 4, {})]


@pytest.mark.parametrize("variant,n,options", CASES)
def test_the_workers_moves_are_the_pages_moves(variant, n, options):
    """Bots at every level, one through the worker's protocol (the seat's view, read at the
    door of a friend's page), one on the page (a session's own bots): the same moves, and
    so the same match."""
    levels = {s: ("expert", "good", "beginner")[s % 3] for s in range(1, n)}
    names = [f"P{i}" for i in range(n)]
    page = Session.new(variant, names, options, levels, seed=11)
    page.humans = []                    # every seat a bot's, for the test (seat 0 drawn)
    page.levels[0] = "expert"
    page.bots[0] = make_bot("expert", page.state.variant.name, thinking.bot_seed(page.state, 0))
    moves = 0
    while moves < 60 and page.state.phase.value not in ("hand_over", "match_over"):
        st = page.state
        asked, seat, at = page.bot_request()
        assert seat == st.turn and at == len(st.history) and '"stock"' not in asked
        reply = thinking.decide(asked)
        action = thinking.answer(st, reply)
        assert action is not None, reply
        assert str(page.bot_step()) == str(action)
        moves += 1
    assert moves > 5


def test_the_worker_answers_nonsense_in_words():
    g = GameState("gin", ["A", "B"], {}, seed=3)
    good = thinking.request(PlayerView.of(g, g.turn), "good", "3:1", "3:1:0")
    other = thinking.request(PlayerView.of(g, 1 - g.turn), "good", "3:1", "3:1:0")
    for bad in ("", "[]", "{", json.dumps({"view": {}, "level": "good", "bot": "", "key": ""}),
                good.replace('"level":"good"', '"level":"wizard"'),
                good.replace('"bot":"3:1"', '"bot":7'), good.replace('"key":"3:1:0"',
                                                                   f'"key":"{"9" * 99}"'),
                other, good.replace(f'"seat":{g.turn}', '"seat":"0"'),
                good.replace(f'"hand_counts":[10,10]', '"hand_counts":[10,11]'),
                "[" * 100_000):
        reply = json.loads(thinking.decide(bad))
        assert set(reply) == {"error"} and reply["error"].endswith("."), (bad[:60], reply)
    assert set(json.loads(thinking.decide(good))) == {"action"}


def test_the_workers_answers_are_checked_at_the_door():
    g = GameState("gin", ["A", "B"], {}, seed=3)
    assert thinking.answer(g, None) is None
    assert thinking.answer(g, "not json") is None
    assert thinking.answer(g, "[1]") is None
    assert thinking.answer(g, json.dumps({"action": "knock 7h"})) is None   # not legal now
    assert thinking.answer(g, json.dumps({"action": 7})) is None
    legal = g.legal_actions()[0]
    assert thinking.answer(g, json.dumps({"action": str(legal)})) == legal


def test_a_move_thought_of_on_the_page_is_not_played_on_a_table_that_has_changed():
    """The page draws between the bot's thinking steps: if the table changes meanwhile (the
    worker's answer came first, a friend's move, an undo, another match), the move thought of
    is dropped, not played on the new table."""
    page = Session.new("gin", ["Ada", "Bo"], {}, {1: "expert"}, seed=5)
    while page.state.turn != 1:
        page.state.apply(page.state.legal_actions()[0])
    steps = page.bot_steps()
    next(steps)
    before = len(page.state.history)
    assert page.play_bot(page.state.legal_actions()[0], 1, before)   # (it came another way)
    assert drain(steps) is None and len(page.state.history) == before + 1
    # nor is a move chosen at a position the table has left
    while page.state.turn != 1:
        page.master.play(page.state.turn, page.state.legal_actions()[0])
    assert not page.play_bot(page.state.legal_actions()[0], 1, before)
    # unchanged, the move is played
    while page.state.turn != 1:
        page.state.apply(page.state.legal_actions()[0])
    before = len(page.state.history)
    assert drain(page.bot_steps()) is not None and len(page.state.history) == before + 1
