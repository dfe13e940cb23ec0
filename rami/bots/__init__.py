"""Computer players. Each is given only a :class:`~rami.view.PlayerView` and has its own
seeded generator, so a simulation replays exactly.

>>> bot = make_bot("random", "gin", seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

import random

from ..errors import OptionError
from ..view import PlayerView


class Bot:
    """A player that picks one of ``view.legal``."""

    name = "bot"

    def __init__(self, variant: str, seed: int | str = 0):
        self.variant = variant
        self.rng = random.Random(f"bot:{self.name}:{seed}")

    def choose(self, view: PlayerView):
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random among the legal actions (for tests and baselines)."""

    name = "random"

    def choose(self, view: PlayerView):
        return self.rng.choice(view.legal)


def make_bot(kind: str, variant: str, seed: int | str = 0) -> Bot:
    """A bot by level name: ``random`` or ``heuristic``."""
    from .heuristic import heuristic_bot
    from ..variants import find_variant
    variant = find_variant(variant).name
    if kind == "random":
        return RandomBot(variant, seed)
    if kind == "heuristic":
        return heuristic_bot(variant, seed)
    raise OptionError(f"There is no bot level '{kind}': choose {', '.join(BOT_LEVELS)}")


BOT_LEVELS = ("heuristic", "random")

__all__ = ["Bot", "RandomBot", "make_bot", "BOT_LEVELS"]
