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

from ..actions import DRAW, PASS, PUSH, TAKE, TAKE_EXPOSED, Declare, Knock, TakeDiscard
from ..cards import Card
from ..state import Phase
from ..view import PlayerView
from .heuristic import BasicBot, GinBot, IndianBot, PushBot, Rum500Bot
from .tiles import TilesBot


class Beginner:
    """What every Beginner shares (mixed in before the variant's Good player)."""

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


class BeginnerGin(Beginner, GinBot):
    def choose(self, view: PlayerView):
        knocks = [a for a in view.legal if isinstance(a, Knock)]
        if view.phase == Phase.PLAY and knocks and not any(a.kind == "gin"
                                                           for a in view.legal):
            solver = self.solver(view)

            def left(a):
                rest = list(view.hand)
                rest.remove(a.card)
                return (solver.deadwood(rest), a.card.code)
            return min(knocks, key=left)          # knock at the first chance
        return super().choose(view)


class BeginnerBasic(Beginner, BasicBot):
    pass


class BeginnerIndian(Beginner, IndianBot):
    def should_drop(self, view: PlayerView) -> bool:
        return False

    def choose(self, view: PlayerView):
        if view.phase != Phase.PLAY:
            return super().choose(view)
        self._memo = {}
        opts = self.options(view)
        # declare when a discard leaves a valid hand: the rules, not tactics
        for card in dict.fromkeys(view.hand):
            rest = list(view.hand)
            rest.remove(card)
            arr = self.var.valid_arrangement(opts, rest)
            if arr is not None:
                return Declare(card, tuple(tuple(m.cards) for m in arr.melds))
        cards = [a.card for a in view.legal if a.kind == "discard"]
        card = self.loose_pick(view, cards)
        return next(a for a in view.legal if a.kind == "discard" and a.card is card)


class BeginnerRum500(Beginner, Rum500Bot):
    def draw(self, view: PlayerView):
        legal = view.legal
        top = view.top_discard
        if top is not None and self.makes_meld(view, top):
            one = [a for a in legal if isinstance(a, TakeDiscard)
                   and len(view.discard) - a.index_in(view.discard) == 1]
            if one:
                return one[0]
        return DRAW if DRAW in legal else PASS


class BeginnerPush(Beginner, PushBot):
    def draw(self, view: PlayerView):
        legal = view.legal
        if TAKE not in legal:
            return legal[0]
        if PUSH not in legal:
            return DRAW if self.ending_pays(view) else TAKE
        return TAKE if self.makes_meld(view, view.top_discard) else PUSH


class BeginnerTiles(Beginner, TilesBot):
    def draw(self, view: PlayerView):
        legal = view.legal
        if TAKE_EXPOSED in legal:
            return TAKE_EXPOSED
        if TAKE in legal and view.top_discard is not None:
            if not view.melded[view.seat] or self.makes_meld(view, view.top_discard):
                return TAKE
        return DRAW


BEGINNER = {"gin": BeginnerGin, "basic": BeginnerBasic, "indian": BeginnerIndian,
            "rum500": BeginnerRum500, "push": BeginnerPush, "tiles": BeginnerTiles}


def beginner_bot(variant: str, seed=0):
    """The Beginner of ``variant`` (of the plain turn for a game that registers none)."""
    return BEGINNER.get(variant, BeginnerBasic)(variant, seed)


__all__ = ["beginner_bot", "BEGINNER"]
