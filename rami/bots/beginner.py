"""The Beginner level: a player who knows the rules but not the tactics.

It never does anything absurd: it keeps its melds together, lays what it can, knocks,
declares and goes out as soon as the rules let it, and takes a joker or wild when one is
offered. What it lacks is judgement:

* it takes a discard only when the card makes a meld with its hand at once;
* it throws away one of its loose cards, a high one as a rule, but without weighing which
  loose cards are close to a meld, and without watching what the others collect;
* it never drops (Indian), never takes deep into a 500 Rum pile, and never picks up a row
  of tiles.
"""

from __future__ import annotations

from ..cards import Card
from ..view import PlayerView


class Beginner:
    """What every Beginner shares, mixed in before the game's Good player (each game's
    Beginner is in its folder: ``rami/games/gin/bots.py``'s ``BeginnerGin``)."""

    name = "beginner"

    def is_wild(self, view: PlayerView, card: Card) -> bool:
        # the solver's rules: Indian rummy's carry this deal's wild rank
        return not card.suit or self.solver(view).rules.is_wild(card)

    def makes_meld(self, view: PlayerView, card: Card | None) -> bool:
        """Would ``card`` sit in a meld of the best arrangement of our hand with it?"""
        if card is None:
            return False
        if self.is_wild(view, card):
            return True
        arr = self.solver(view).arrange(list(view.hand) + [card])
        return any(c is card for c in arr.melded)

    def loose_pick(self, view: PlayerView, candidates) -> Card:
        """One of the three highest loose cards (not in a meld of the best arrangement),
        never a wild while another card will do."""
        cands = list(dict.fromkeys(candidates))
        natural = [c for c in cands if not self.is_wild(view, c)] or cands
        arr = self.solver(view).arrange(list(view.hand))
        loose = [c for c in natural if c in arr.deadwood] or natural
        loose.sort(key=lambda c: (-self.value(view, c), c.code))
        return self.rng.choice(loose[:3])

    # the hooks of the Good players
    def best_discard(self, view: PlayerView, candidates) -> Card:
        return self.loose_pick(view, candidates)

    def pick_discard(self, view: PlayerView, candidates) -> Card:
        return self.loose_pick(view, candidates)

    def take_helps(self, view: PlayerView) -> bool:
        return self.makes_meld(view, view.top_discard)

    def take_is_useful(self, view: PlayerView) -> bool:
        return self.makes_meld(view, view.top_discard)


__all__ = ["Beginner"]
