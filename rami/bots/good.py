"""The Good level: the heuristic bot of each game (tile Rami's has a module of its own)."""

from __future__ import annotations

from .heuristic import BasicBot, GinBot, HeuristicBot, IndianBot, PushBot, Rum500Bot
from .tiles import TilesBot

GOOD = {"gin": GinBot, "basic": BasicBot, "indian": IndianBot, "rum500": Rum500Bot,
        "push": PushBot, "tiles": TilesBot}


def good_bot(variant: str, seed=0) -> HeuristicBot:
    cls = GOOD.get(variant)
    if cls is None:
        raise ValueError(f"no heuristic bot for {variant} yet")
    return cls(variant, seed)
