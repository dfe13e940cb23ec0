"""A bot's move, worked out anywhere: on the page's main thread in slices, or in the bots'
Web Worker (``static/bots.py``), which boots its own Pyodide and answers :func:`decide`.

The worker is given the match as its save (``GameState.to_json``) and the seat; it builds
that seat's :class:`~rami.view.PlayerView` and hands the bot only that, exactly as the page
does. Bots are seeded from the position (:func:`move_steps`), so the worker and the page
find the same move, and a restored match goes on as the running one would.

No ``js`` here: the module runs, and is tested, under CPython too.
"""

from __future__ import annotations

import json
import random

from ..bots import ALL_LEVELS, Bot, canonical_level, drain, make_bot
from ..checks import read_json
from ..errors import RamiError
from ..state import MAX_SAVE_CHARS, GameState
from ..view import PlayerView


def bot_seed(state: GameState, seat: int) -> str:
    """The seed a seat's bot is made with (its generator is reseeded every move)."""
    return f"{state.seed}:{seat}"


def move_steps(bot: Bot, state: GameState, seat: int):
    """The move of ``bot`` at ``seat``, in thinking steps (:meth:`Bot.think`); its return
    value is the action. Reseeded per move from the position, so the same position gives
    the same move wherever and whenever it is worked out."""
    bot.rng = random.Random(f"{state.seed}:{seat}:{len(state.history)}")
    return bot.think(PlayerView.of(state, seat))


def request(state: GameState, seat: int, level: str) -> str:
    """What the page sends the worker for the move of the bot at ``seat``."""
    return json.dumps({"state": state.to_json(), "seat": seat, "level": level},
                      separators=(",", ":"))


_bots: dict[tuple, Bot] = {}      # the worker's bots, by (level, variant, seed)


def decide(text: str) -> str:
    """The worker's answer to :func:`request`: ``{"action": "discard 7h"}``, or
    ``{"error": "..."}`` in plain words (never a raised exception: the page then thinks on
    its own thread)."""
    try:
        try:
            req = read_json(text, 2 * MAX_SAVE_CHARS)
        except RamiError as e:
            return json.dumps({"error": f"The bots' worker could not read the request: {e}."})
        if not isinstance(req, dict) or not isinstance(req.get("state"), str):
            return json.dumps({"error": "The bots' worker was asked something else than a move."})
        state = GameState.from_json(req["state"])
        seat, level = req.get("seat"), req.get("level")
        level = canonical_level(level) if isinstance(level, str) else ""
        if type(seat) is not int or not 0 <= seat < state.n or state.turn != seat:
            return json.dumps({"error": "It is not that seat's turn."})
        if level not in ALL_LEVELS:
            return json.dumps({"error": f"There is no bot level '{level}'."})
        key = (level, state.variant.name, bot_seed(state, seat))
        bot = _bots.get(key)
        if bot is None:
            if len(_bots) > 64:
                _bots.clear()
            bot = _bots[key] = make_bot(level, state.variant.name, bot_seed(state, seat))
        action = drain(move_steps(bot, state, seat))
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
