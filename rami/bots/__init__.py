"""Computer players. Each is given only a :class:`~rami.view.PlayerView` and has its own
seeded generator, so a simulation replays exactly.

>>> bot = make_bot("random", "gin", seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

import random

from ..errors import OptionError
from ..i18n import N_
from ..view import PlayerView


class Bot:
    """A player that picks one of ``view.legal``."""

    name = "bot"

    def __init__(self, variant: str, seed: int | str = 0):
        self.variant = variant
        self.rng = random.Random(f"bot:{self.name}:{seed}")

    def choose(self, view: PlayerView):
        raise NotImplementedError

    def think(self, view: PlayerView):
        """The decision in steps: a generator that yields now and then while it works (so a
        page can draw between steps) and returns the action. Bots that search override it;
        the result is always what :meth:`choose` gives."""
        return self.choose(view)
        yield               # a generator, even when nothing is searched


def drain(steps):
    """Run a generator of thinking steps (:meth:`Bot.think`) to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class Thinker:
    """For bots whose :meth:`~Bot.think` does the work: ``choose`` runs it to its end."""

    def choose(self, view: PlayerView):
        return drain(self.think(view))


class RandomBot(Bot):
    """Uniformly random among the legal actions (for tests and baselines)."""

    name = "random"

    def choose(self, view: PlayerView):
        return self.rng.choice(view.legal)


def make_bot(kind: str, variant: str, seed: int | str = 0) -> Bot:
    """A bot by level name: ``beginner``, ``good`` or ``expert`` (``heuristic`` is the old
    name of ``good``; ``random`` plays any legal move, for tests and baselines)."""
    from .heuristic import heuristic_bot
    from ..variants import find_variant
    variant = find_variant(variant).name
    if kind == "random":
        return RandomBot(variant, seed)
    if kind in ("heuristic", "good"):
        return heuristic_bot(variant, seed)
    if kind == "beginner":
        from .beginner import beginner_bot
        return beginner_bot(variant, seed)
    if kind == "expert":
        from .expert import expert_bot
        return expert_bot(variant, seed)
    raise OptionError(f"There is no bot level '{kind}': choose {', '.join(BOT_LEVELS)}.")


BOT_LEVELS = ("beginner", "good", "expert")       # what a person is offered
ALL_LEVELS = BOT_LEVELS + ("heuristic", "random")

# how each level plays, in a few words (the lobby and the terminal show them)
LEVEL_WORDS = {             # (each translated where it is shown)
    "beginner": N_("knows the rules, not the tactics: keeps melds, throws high cards"),
    "good": N_("plays for low deadwood and watches what you pick up"),
    "expert": N_("counts the cards, reads your hand, and weighs each move ahead"),
}


def canonical_level(kind: str) -> str:
    return "good" if kind == "heuristic" else kind

__all__ = ["Bot", "RandomBot", "Thinker", "drain", "make_bot", "BOT_LEVELS", "ALL_LEVELS", "LEVEL_WORDS",
           "canonical_level"]
