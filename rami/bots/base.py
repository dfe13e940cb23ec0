"""What every computer player is: a :class:`Bot` picks one of the legal actions of its
:class:`~rami.view.PlayerView`, with a seeded generator of its own; :func:`drain` runs a bot's
thinking steps to the end. The levels' modules build on this one (and :mod:`rami.bots` names
them), so no module of the bots imports the package that imports it.
"""

from __future__ import annotations

import random

from ..view import PlayerView


class Bot:
    """A player that picks one of ``view.legal``."""

    name = "bot"

    def __init__(self, variant: str, seed: int | str = 0):
        self.variant = variant
        self.rng = random.Random(f"bot:{self.name}:{seed}")

    def choose(self, view: PlayerView):
        raise NotImplementedError

    def hint_discard(self, words, card, hand, rest, fit: str) -> str | None:
        """Why discarding ``card`` is right, where this game's player has a reason of its
        own (rami.bots.hint: ``words`` the hint's reasons, ``rest`` the hand without the
        card, ``fit`` the card's own reason so far); None for the reasons every game gives."""
        return None

    def think(self, view: PlayerView):
        """The decision in steps: a generator that yields now and then while it works (so a
        page can draw between steps) and returns the action. Bots that search override it;
        the result is always what :meth:`choose` gives."""
        return self.choose(view)
        yield               # a generator, even when nothing is searched


def label(card) -> str:
    """A card as a hint names it: ``K♣``, ``red 7``, ``joker``."""
    return card.pretty() if card.suit and not card.is_tile else card.name()


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
