"""A bot's move, worked out anywhere: on the page's main thread in slices, or in the bots'
Web Worker (``static/bots.py``), which boots its own Pyodide and answers :func:`decide`.

A computer player is a client of the match's master like every other seat: the worker is
sent the seat's view (``PlayerView.to_dict``) and nothing else, reads it at the same door as
a friend's page (:func:`rami.remote.read_view`), and hands the bot that view, exactly as the
page does. Bots are seeded from the position (:func:`move_key`), so the worker and the page
find the same move, and a restored match goes on as the running one would; the move comes
back to the master, which plays it only if the table has not moved on meanwhile.

No ``js`` here: the module runs, and is tested, under CPython too.
"""

from __future__ import annotations

import json
import random

from ..bots import ALL_LEVELS, Bot, canonical_level, drain, make_bot
from ..checks import read_json
from ..errors import RamiError
from ..remote import read_view
from ..room import MAX_FROM_HOST
from ..state import GameState
from ..view import PlayerView

MAX_KEY = 80                      # characters of a bot's seed or a move's key


def bot_seed(state: GameState, seat: int) -> str:
    """The seed a seat's bot is made with (its generator is reseeded every move)."""
    return f"{state.seed}:{seat}"


def move_key(state: GameState, seat: int) -> str:
    """What a bot's generator is seeded with for its move now: the position."""
    return f"{state.seed}:{seat}:{len(state.history)}"


def move_steps(bot: Bot, view: PlayerView, key: str):
    """The move of ``bot`` seeing ``view``, in thinking steps (:meth:`Bot.think`); its return
    value is the action. Reseeded per move with ``key`` (:func:`move_key`), so the same
    position gives the same move wherever and whenever it is worked out."""
    bot.rng = random.Random(key)
    return bot.think(view)


def request(view: PlayerView, level: str, bot: str, key: str) -> str:
    """What the page sends the worker for the move of the bot seeing ``view``: the view, the
    bot's level and seed, and the move's key."""
    return json.dumps({"view": view.to_dict(), "level": level, "bot": bot, "key": key},
                      separators=(",", ":"))


_bots: dict[tuple, Bot] = {}      # the worker's bots, by (level, variant, seed)


def decide(text: str) -> str:
    """The worker's answer to :func:`request`: ``{"action": "discard 7h"}``, or
    ``{"error": "..."}`` in plain words (never a raised exception: the page then thinks on
    its own thread)."""
    try:
        try:
            req = read_json(text, MAX_FROM_HOST)
        except RamiError as e:
            return json.dumps({"error": f"The bots' worker could not read the request: {e}."})
        if not isinstance(req, dict) or not isinstance(req.get("view"), dict) or not all(
                isinstance(req.get(k), str) and len(req[k]) <= MAX_KEY
                for k in ("level", "bot", "key")):
            return json.dumps({"error": "The bots' worker was asked something else than a move."})
        game = read_view(req["view"])        # (the door of a friend's page)
        view = game.view
        level = canonical_level(req["level"])
        if not view.my_turn:
            return json.dumps({"error": "It is not that seat's turn."})
        if level not in ALL_LEVELS:
            return json.dumps({"error": f"There is no bot level '{level}'."})
        key = (level, view.variant, req["bot"])
        bot = _bots.get(key)
        if bot is None:
            if len(_bots) > 64:
                _bots.clear()
            bot = _bots[key] = make_bot(level, view.variant, req["bot"])
        action = drain(move_steps(bot, view, req["key"]))
        return json.dumps({"action": str(action)})
    except RamiError as e:
        return json.dumps({"error": str(e)})
    except Exception as e:           # checked at the door: the page falls back, never crashes
        return json.dumps({"error": f"The bots' worker failed ({type(e).__name__})."})


def answer(state: GameState, text) -> object | None:
    """The legal action the worker's answer names, or None (no answer, an error, or a move
    that is not legal here: the page then works the move out itself)."""
    if not isinstance(text, str):
        return None
    try:
        reply = read_json(text, 10_000)
    except RamiError:
        return None
    action = reply.get("action") if isinstance(reply, dict) else None
    if not isinstance(action, str):
        return None
    try:
        return state.parse_action(action)
    except RamiError:
        return None
