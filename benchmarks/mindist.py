"""MinDist, the rule-based Indian rummy player of Saha, Chakraborty, Sarkar, Maitra, Mukherjee
and Mukherjee, "Quantitative Rule-Based Strategy modeling in Classic Indian Rummy: A Metric
Optimization Approach" (arXiv:2601.00024, 2025), rebuilt on rami's engine from the paper's
description:

* **The metric**: a hand's *MinDist* is the fewest of its cards that must be replaced to
  reach a valid declaration (every card in a sequence or a set, two sequences, one of them
  pure). The replacements are any cards, so a lone 5♠ kept with two replacements is a pure
  sequence, and 5♠ 8♠ needs the 6♠ and 7♠.
* **The pick**: the open card when, with it, some discard leaves a lower MinDist than the
  hand has now; otherwise the closed deck.
* **The discard**: the card whose discard leaves the lowest MinDist.
* **The declaration**: at MinDist 0.
* It never drops, and keeps no record of the opponent.

Readings where the description is silent (ours): among discards that leave the same
MinDist, the one of most points goes (the MinScore metric that MinDist refines counts
points), then one of those at random from the player's own seeded generator; the open card
just picked is never thrown back (it was picked because it lowered the distance).

The metric is exact (rami/games/indian/distance.py, which says how it is searched;
``tests/test_references.py`` checks it against rami's meld solver and a brute force).
"""

from __future__ import annotations

from rami.actions import DRAW, TAKE, Declare, Discard
from rami.bots import Bot
from rami.games.indian.distance import Metric
from rami.state import Phase
from rami.variants import find_variant
from rami.view import PlayerView


class MinDistBot(Bot):
    """Saha et al.'s MinDist player (Indian rummy only)."""

    name = "mindist"

    def __init__(self, variant: str, seed=0):
        super().__init__(variant, seed)
        self.var = find_variant(variant)
        self._metric: Metric | None = None

    def metric(self, view: PlayerView) -> Metric:
        wild = view.info["wild_rank"]
        if self._metric is None or self._metric.wild != wild:
            self._metric = Metric(wild)
        return self._metric

    def options(self, view: PlayerView) -> dict:
        return self.var.deal_options(view.options, view.info["wild_rank"])

    def choose(self, view: PlayerView):
        legal = view.legal
        m = self.metric(view)
        if view.phase == Phase.DRAW:
            top = view.top_discard
            if TAKE in legal and top is not None:
                hand = list(view.hand)
                now = m.distance(hand)
                after, _i = m.distances(hand + [top], out_of=range(len(hand)))
                if after < now:
                    return TAKE
            return DRAW if DRAW in legal else legal[0]
        if view.phase == Phase.PLAY:
            hand = list(view.hand)
            may = range(len(hand))
            if view.taken is not None and hand.count(view.taken) == 1:
                # (never thrown back: it was picked because it lowered the distance)
                may = [i for i in may if hand[i] is not view.taken]
            dist, best = m.distances(hand, out_of=may)
            opts = self.options(view)
            top = max(self.var.card_value(opts, hand[i]) for i in best)
            card = self.rng.choice(sorted({hand[i] for i in best
                                           if self.var.card_value(opts, hand[i]) == top},
                                          key=lambda c: c.code))
            if dist == 0:
                rest = list(hand)
                rest.remove(card)
                arr = self.var.valid_arrangement(opts, rest)
                if arr is not None:
                    return Declare(card, tuple(tuple(g.cards) for g in arr.melds))
            return next(a for a in legal if isinstance(a, Discard) and a.card is card)
        if view.phase == Phase.SHOW:
            return next(a for a in legal if a.kind == "show")
        if view.phase == Phase.HAND_OVER:
            return next((a for a in legal if a.kind == "rejoin"), legal[0])
        return legal[0]
