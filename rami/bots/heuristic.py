"""The Good level: sensible players, thinking only from their :class:`PlayerView` (what
they share is here; each game's own is in its folder, ``rami/games/gin/bots.py``'s
``GinBot``).

They play for low deadwood with the arrangement solver, take a discard only when it helps
right away, avoid feeding the next player cards he has shown he wants, knock as soon as they
may, and lay off everything that fits.
"""

from __future__ import annotations

from ..cards import Card
from ..variants import find_variant
from ..view import PlayerView
from .base import Bot


class HeuristicBot(Bot):
    name = "good"

    def __init__(self, variant: str, seed=0):
        super().__init__(variant, seed)
        self.var = find_variant(variant)

    def solver(self, view: PlayerView):
        return self.var.solver_for(view.options)

    def next_player(self, view: PlayerView) -> int:
        """The seat that plays after this one (the one a discard or a push goes to)."""
        return view.info.get("left", (view.seat + 1) % len(view.names))

    def value(self, view: PlayerView, card: Card) -> int:
        return self.var.card_value(view.options, card)

    def wanted_by_others(self, view: PlayerView) -> set:
        """Cards other seats took from the discard pile this hand (they collect those)."""
        return {e.card for e in view.events if e.kind == "take" and e.seat != view.seat}

    def danger(self, view: PlayerView, card: Card) -> int:
        """How likely the card helps someone who took cards of its rank or suit nearby."""
        score = 0
        for w in self.wanted_by_others(view):
            if w.rank == card.rank:
                score += 2
            elif w.suit == card.suit and abs(w.rank - card.rank) <= 2:
                score += 1
        return score

    def best_discard(self, view: PlayerView, candidates: list[Card]) -> Card:
        """The discard that leaves least deadwood; among equals the safest and highest."""
        solver = self.solver(view)
        hand = list(view.hand)
        best = None
        for dead, card in solver.best_discards(hand):
            if card not in candidates:
                continue
            key = (dead, self.danger(view, card), -self.value(view, card), card.code)
            if best is None or key < best[0]:
                best = (key, card)
        return best[1]

    def take_helps(self, view: PlayerView) -> bool:
        """Would the top discard lower our deadwood after our best discard?"""
        top = view.top_discard
        if top is None:
            return False
        solver = self.solver(view)
        now = solver.deadwood(list(view.hand))
        with_it = list(view.hand) + [top]
        after = min(d for d, c in solver.best_discards(with_it) if c is not top)
        return after < now - (0 if self.value(view, top) <= 3 else 1)


