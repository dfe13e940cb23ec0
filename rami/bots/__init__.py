"""Computer players. Each is given only a :class:`~rami.view.PlayerView` and has its own
seeded generator, so a simulation replays exactly.

>>> bot = make_bot("random", "gin", seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from ..errors import OptionError
from ..i18n import N_
from .base import Bot, RandomBot, Thinker, drain


def make_bot(kind: str, variant: str, seed: int | str = 0) -> Bot:
    """A bot by level name: ``beginner``, ``good`` or ``expert`` (``heuristic`` is the old
    name of ``good``; ``random`` plays any legal move, for tests and baselines)."""
    from .good import good_bot
    from ..variants import find_variant
    variant = find_variant(variant).name
    if kind == "random":
        return RandomBot(variant, seed)
    if kind in ("heuristic", "good"):
        return good_bot(variant, seed)
    if kind == "beginner":
        from .beginner import beginner_bot
        return beginner_bot(variant, seed)
    if kind == "expert":
        from .expert import expert_bot
        return expert_bot(variant, seed)
    raise OptionError(f"There is no bot level '{kind}': choose {', '.join(BOT_LEVELS)}.")


def register_bots(variant: str, beginner=None, good=None, expert=None) -> None:
    """A game's own players, by level (a plug-in's or a test's game; a level not given is
    played as the plain turn's, Basic Rummy's players play it). Each class is made as
    ``cls(variant, seed)``."""
    from .beginner import BEGINNER
    from .expert import EXPERT
    from .good import GOOD
    for table, cls in ((BEGINNER, beginner), (GOOD, good), (EXPERT, expert)):
        if cls is not None:
            table[variant] = cls


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

__all__ = ["Bot", "RandomBot", "Thinker", "drain", "make_bot", "register_bots", "BOT_LEVELS", "ALL_LEVELS", "LEVEL_WORDS",
           "canonical_level"]
