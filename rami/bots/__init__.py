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
    name of ``good``; ``random`` plays any legal move, for tests and baselines). Each game's
    players are in its folder (``Variant.parts``); a game that names none at a level is
    played there by the plain turn's player, Basic Rummy's."""
    from ..registry import find_variant, part
    v = find_variant(variant)
    if kind == "random":
        return RandomBot(v.name, seed)
    level = canonical_level(kind)
    if level not in BOT_LEVELS:
        raise OptionError(f"There is no bot level '{kind}': choose {', '.join(BOT_LEVELS)}.")
    cls = part(v, level) or part(find_variant("basic"), level)
    return cls(v.name, seed)


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

__all__ = ["Bot", "RandomBot", "Thinker", "drain", "make_bot", "BOT_LEVELS", "ALL_LEVELS",
           "LEVEL_WORDS", "canonical_level"]
