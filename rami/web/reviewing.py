"""The review of a hand at a table in the browser (:mod:`rami.review`), worked out in the bots'
worker a decision at a time, so that the page shows its progress and the bots' moves are
never kept waiting for more than one decision's work.

The page asks with the match as its file (:func:`rami.record.match_text`: what *Download the
match* writes), the seat and the hand. A review needs the whole match, as the terminal's
``python -m rami review`` does: hindsight reads the hidden cards once the hand is over, and
the Expert plays the deal again from its real cards. Each grade itself reads only the
seat's view at the time (the worlds the moves are played out in are drawn from it alone,
as the tests of :mod:`rami.review` check). A page asks this only of a match its own master
holds (a table at this device), never of a friend's.

Requests and answers are JSON text; an answer is ``{"error": ...}`` in plain words rather
than a raised exception. No ``js`` here: the module runs, and is tested, under CPython too.
"""

from __future__ import annotations

import json

from ..bots import ALL_LEVELS, canonical_level, drain, make_bot
from ..checks import read_json
from ..errors import RamiError
from ..record import MAX_CHARS, read_match
from ..review import (WORLDS, choices_of, decision_steps, expert_in_seat, hand_start,
                      hands_of, is_over)
from ..state import GameState
from ..view import PlayerView
from .thinking import bot_seed, move_key, move_steps

_match: dict = {}              # the last match asked about: its text, the game it replays, and
#                                each hand's start (a long match is replayed once, not per move)


def game_of(text: str) -> GameState:
    """The match a match file replays (the last one asked about is kept)."""
    if _match.get("text") != text:
        _match.clear()
        _match.update(text=text, game=read_match(text), starts={})
    return _match["game"]


def start_of(g: GameState, hand: int) -> GameState:
    """:func:`rami.review.hand_start` of the kept match (kept too; a copy to play on)."""
    starts = _match.get("starts") if _match.get("game") is g else None
    if starts is None:
        return hand_start(g, hand)
    if hand not in starts:
        starts[hand] = hand_start(g, hand)
    return starts[hand].copy()


def _read(text: str) -> tuple[GameState, int, int, dict]:
    """The request's match, seat and hand (checked), and the request itself."""
    req = read_json(text, MAX_CHARS + 10_000)
    if not isinstance(req, dict) or not isinstance(req.get("match"), str) or not all(
            type(req.get(k)) is int for k in ("seat", "hand")):
        raise RamiError("The review was asked something else than a hand to review.")
    g = game_of(req["match"])
    seat, hand = req["seat"], req["hand"]
    if not 0 <= seat < g.n or not 1 <= hand <= len(hands_of(g)):
        raise RamiError("The match has no such seat or hand.")
    return g, seat, hand, req


def _answer(work) -> str:
    try:
        return json.dumps(work(), separators=(",", ":"))
    except RamiError as e:
        return json.dumps({"error": str(e)})
    except Exception as e:               # (said, never raised into the page)
        return json.dumps({"error": f"The review failed ({type(e).__name__})."})


def review_plan(text: str) -> str:
    """``{"moves": [...]}``: the places in the match's moves of the seat's decisions in the
    hand (each is then asked of :func:`review_decision`)."""
    def work():
        g, seat, hand, _req = _read(text)
        return {"moves": choices_of(g, seat, hand, start_of(g, hand))}
    return _answer(work)


def decision_at(g: GameState, seat: int, hand: int, index: int, worlds: int = WORLDS):
    """The grading of the seat's decision at the match's move ``index`` (a generator, as
    :func:`rami.review.decision_steps`)."""
    b = start_of(g, hand)
    first = len(b.history)
    if not first <= index < len(g.history):
        raise RamiError("That move is not in this hand.")
    for a in g.history[first:index]:
        b.apply(a)
    if b.turn != seat:
        raise RamiError("That move is not the seat's.")
    return decision_steps(b, seat, index, g.history[index], is_over(g, hand), worlds)


def review_decision(text: str) -> str:
    """``{"decision": ...}`` (:meth:`rami.review.Decision.to_dict`) for the request's
    ``move``."""
    def work():
        g, seat, hand, req = _read(text)
        index = req.get("move")
        if type(index) is not int:
            raise RamiError("Which move?")
        return {"decision": drain(decision_at(g, seat, hand, index)).to_dict()}
    return _answer(work)


def table_players(levels: dict):
    """Each other seat's move as its player at the table makes it (its level, seeded as
    :mod:`rami.web.thinking` seeds it; a person's seat by the Good player)."""
    bots: dict = {}

    def move(state: GameState, seat: int):
        if seat not in bots:
            level = canonical_level(str(levels.get(seat, "good")))
            bots[seat] = make_bot(level if level in ALL_LEVELS else "good",
                                  state.variant.name, bot_seed(state, seat))
        return drain(move_steps(bots[seat], PlayerView.of(state, seat), move_key(state, seat)))
    return move


def review_expert(text: str) -> str:
    """``{"expert": points, "you": points}``: the hand played again from its deal with the
    Expert in the seat and the other seats' players as at the table (the request's
    ``levels``, by seat), beside the hand as it was played."""
    def work():
        g, seat, hand, req = _read(text)
        if not is_over(g, hand):
            raise RamiError("The hand is not over.")
        raw = req.get("levels") if isinstance(req.get("levels"), dict) else {}
        levels = {int(k): v for k, v in raw.items()
                  if isinstance(k, str) and k.isdigit() and len(k) < 3 and isinstance(v, str)}
        expert, played = expert_in_seat(g, seat, hand, table_players(levels),
                                        start_of(g, hand))
        return {"expert": round(expert, 1), "you": round(played, 1)}
    return _answer(work)
