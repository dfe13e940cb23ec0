"""The Good level: the heuristic bot of each game (tile Rami's has a module of its own)."""

from __future__ import annotations

from .heuristic import BasicBot, GinBot, HeuristicBot, IndianBot, PushBot, Rum500Bot
from .tiles import TilesBot

GOOD = {"gin": GinBot, "basic": BasicBot, "indian": IndianBot, "rum500": Rum500Bot,
        "push": PushBot, "tiles": TilesBot}


def good_bot(variant: str, seed=0) -> HeuristicBot:
    """The Good player of ``variant``: its own, or, for a game that registers none
    (:func:`rami.bots.register_bots`), the player of the plain turn (draw, meld, lay off,
    discard), Basic Rummy's."""
    return GOOD.get(variant, BasicBot)(variant, seed)
