"""Tile Rami's players, each thinking only from its :class:`PlayerView`.

The Good player makes its initial meld as soon as it can (the opening that spends the fewest Jolys, then the
most points), takes a tile of the row when the combination and the tiles that come with it
leave its rack better off, takes the last discard when it lowers the rack's cost, swaps Jolys
whenever it can, lays every combination and addition once it has opened, goes out with the
exposed tile when it may, and discards the tile that costs most and helps least, never a Joly
while it has another choice, and not one the others have been collecting. The Beginner
takes the exposed tile and never a row; the Expert adds the shared lookahead, and before
its initial meld counts its rack as costing nothing.
"""

from __future__ import annotations

from ...actions import (DEAL, DRAW, PASS, TAKE, TAKE_EXPOSED, TWIN, Discard, Doubla, LayOff,
                        MeldCards, Open, Swap, TakeDiscard)
from ...cards import Card
from ...melds import layoff_results
from ...state import Phase
from ...view import PlayerView
from ...i18n import _
from ...bots.heuristic import HeuristicBot
from ...bots.beginner import Beginner
from ...bots.expert import Lookahead, _without, partial_points


MAX_LATER = 5          # row pickups that bring more tiles than this are not weighed
MAX_RACK = 18          # nor those that leave a longer rack


class TilesBot(HeuristicBot):
    def choose(self, view: PlayerView):
        legal = view.legal
        if view.phase == Phase.HAND_OVER:
            return DEAL
        if TWIN in legal:
            return TWIN
        if view.phase == Phase.EXCHANGE:
            return self.doubla(view)
        if view.phase == Phase.OPENING:
            return Discard.of(self.pick_discard(view, [a.card for a in legal
                                                       if isinstance(a, Discard)]))
        if view.phase == Phase.DRAW:
            return self.draw(view)
        return self.play(view)

    # -- before play -------------------------------------------------------------------------------
    def doubla(self, view: PlayerView):
        """Offer a pair that fits nothing else in the rack."""
        hand = list(view.hand)
        for a in view.legal:
            if isinstance(a, Doubla):
                t = a.card
                near = [c for c in hand if c.suit and c is not t and
                        (c.rank == t.rank or c.suit == t.suit and abs(c.rank - t.rank) <= 2)]
                if not near:
                    return a
        return PASS

    # -- the draw ----------------------------------------------------------------------------------
    def draw(self, view: PlayerView):
        legal = view.legal
        if TAKE_EXPOSED in legal:
            return TAKE_EXPOSED
        solver = self.solver(view)
        hand = list(view.hand)
        now = solver.deadwood(hand)
        best = None
        for a in legal:
            if not isinstance(a, TakeDiscard) or a.meld is None:
                continue
            i = a.index_in(view.discard)
            later = list(view.discard[i + 1:])
            if len(later) > MAX_LATER or len(hand) + len(later) > MAX_RACK:
                continue            # a rack too long to weigh (and to go out with)
            rack = list(hand)
            used = list(a.meld.cards)
            used.remove(a.card)
            for c in used:
                rack.remove(c)
            after = solver.deadwood(rack + later)
            gain = now - after + 5 * len(used)
            if best is None or gain > best[0]:
                best = (gain, a)
        if best is not None and best[0] > 8:
            return best[1]
        if TAKE in legal and view.top_discard is not None:
            if not view.melded[view.seat]:
                return TAKE             # listed only when it goes into an initial meld
            if self.take_helps(view):
                return TAKE
        return DRAW

    # -- the turn ---------------------------------------------------------------------------------
    def play(self, view: PlayerView):
        legal = view.legal
        opens = [a for a in legal if isinstance(a, Open)]
        if opens:
            return min(opens, key=lambda a: self.open_key(view, a))
        if view.info.get("going_out"):
            table = [a for a in legal if not isinstance(a, Discard)]
            return table[0] if table else legal[0]
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps:
            return max(swaps, key=lambda a: (len(a.cards), str(a)))
        melds = [a for a in legal if isinstance(a, MeldCards)]
        if melds:
            return max(melds, key=lambda a: (len(a.cards), -sum(1 for c in a.cards
                                                                 if not c.suit), str(a)))
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            natural = [a for a in layoffs if a.card.suit]
            return (natural or layoffs)[0]
        return Discard.of(self.pick_discard(view, [a.card for a in legal
                                                   if isinstance(a, Discard)]))

    def open_key(self, view: PlayerView, a: Open) -> tuple:
        """Fewest Jolys, then the most tiles laid, then the text (a fixed order)."""
        jolys = sum(1 for m in a.melds for c in m.cards if not c.suit)
        tiles = sum(len(m.cards) for m in a.melds)
        return (jolys, -tiles, str(a))

    def pick_discard(self, view: PlayerView, cards) -> object:
        """The discard that leaves the cheapest rack; never a Joly while another will do, and
        preferably not a tile that fits a combination on the table (the next player would
        take it)."""
        natural = [c for c in cards if c.suit] or list(cards)
        rules = self.var.rules_for(view.options)
        solver = self.solver(view)
        hand = list(view.hand)
        best = None
        for dead, card in solver.best_discards(hand):
            if card not in natural:
                continue
            fits = any(layoff_results(t.meld, card, rules) for t in view.table)
            key = (dead, fits, self.danger(view, card), -self.value(view, card), card.code)
            if best is None or key < best[0]:
                best = (key, card)
        return best[1] if best else natural[0]


__all__ = ["TilesBot"]


class BeginnerTiles(Beginner, TilesBot):
    def draw(self, view: PlayerView):
        legal = view.legal
        if TAKE_EXPOSED in legal:
            return TAKE_EXPOSED
        if TAKE in legal and view.top_discard is not None:
            if not view.melded[view.seat] or self.makes_meld(view, view.top_discard):
                return TAKE
        return DRAW


class ExpertTiles(Lookahead, TilesBot):
    """Before its initial meld a player's rack costs nothing (a player who never opens scores
    a fixed penalty), so it keeps what builds towards an opening of 50 points with a run:
    the least deadwood would throw its highest loose tiles, the very ones an opening needs.
    Once open, its weighed discards keep loose tiles with a partner, as 500 Rum's do."""

    PARTIAL = 0.5         # weight of a loose tile that has a partner towards a combination
    RUN = 10              # what a run in the rack is worth before the opening
    KEEP_PARTIAL = 1.5

    def hint_discard(self, words, card, hand, rest, fit):
        """Before the initial meld: the higher tiles are worth more, said."""
        view = words.view
        if view.melded[view.seat]:
            return None
        return _("{reason}, and until your initial meld of {need} points with a run the "
                 "higher tiles are worth more to you", reason=fit,
                 need=view.options.get("min_first_meld", 50))

    def weighs(self, view: PlayerView) -> bool:
        return bool(view.melded[view.seat])     # before the opening, pick_discard decides

    def pick_discard(self, view: PlayerView, candidates) -> Card:
        if view.melded[view.seat]:
            return super().pick_discard(view, candidates)
        natural = [c for c in candidates if c.suit] or list(candidates)
        best = None
        for card in dict.fromkeys(natural):
            key = (-self.opening_progress(view, _without(view.hand, card)),
                   self.value(view, card), self.danger(view, card), card.code)
            if best is None or key < best[0]:
                best = (key, card)
        return best[1]

    def opening_progress(self, view: PlayerView, rack) -> float:
        """How far ``rack`` has come towards an initial meld: the points in its best
        combinations, part of those of loose tiles with a partner, a bonus for a run."""
        arr = self.solver(view).arrange(list(rack))
        melded = sum(self.value(view, c) for c in arr.melded)
        run = any(m.kind == "run" for m in arr.melds)
        return melded + self.PARTIAL * partial_points(self, view, arr.deadwood) + \
            (self.RUN if run else 0)
