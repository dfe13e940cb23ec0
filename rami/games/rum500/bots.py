"""500 Rum's players: the Good player (points come from what goes on the table; pickups
deep in the spread pile weighed), the Beginner (who takes only the top card, and only when
it melds) and the Expert (pickups valued also by what the cards taken may meld later)."""

from __future__ import annotations

from ...actions import DEAL, DRAW, PASS, Discard, LayOff, MeldCards, Rum, TakeDiscard
from ...cards import Card
from ...melds import layoff_results
from ...solver import EXACT_CARDS
from ...state import Phase
from ...view import PlayerView
from ...bots.heuristic import HeuristicBot
from ...bots.beginner import Beginner
from ...bots.expert import Lookahead, partial_points


class Rum500Bot(HeuristicBot):
    """500 Rum: points come from what goes on the table, so lay every meld and lay-off as
    soon as it is legal; take from the spread pile when the cards taken add meldable points
    (near the end of the stock, only when they add more than the deadwood they bring); call
    rum whenever offered; discard for least deadwood, keeping away from what the opponents
    have taken and towards what a partner has taken.
    """

    MAX_TAKEN = 14        # deeper takes are not weighed (their search grows with the cards)
    TAKE_MARGIN = 1       # a take must gain at least this much over a stock card

    def danger(self, view: PlayerView, card: Card) -> int:
        score = 0
        for e in view.events:
            if e.kind != "take" or e.seat == view.seat:
                continue
            sign = -1 if view.teams[e.seat] == view.teams[view.seat] else 1
            for w in e.cards or (e.card,):
                if w.rank == card.rank:
                    score += 2 * sign
                elif w.suit == card.suit and abs(w.rank - card.rank) <= 2:
                    score += sign
        return score

    def worth(self, view: PlayerView, cards) -> tuple[int, int]:
        """(points the best arrangement could lay, deadwood left) for ``cards``; a card
        that fits a meld on the table counts as laid."""
        return self.worth_of(view, self.solver(view).arrange(list(cards)))

    def worth_of(self, view: PlayerView, arr) -> tuple[int, int]:
        """:meth:`worth` for a hand's best arrangement ``arr``."""
        laid = sum(self.value(view, c) for c in arr.melded)
        rules = self.var.rules_for(view.options)
        dead = 0
        for c in arr.deadwood:
            if any(layoff_results(t.meld, c, rules) for t in view.table):
                laid += self.value(view, c)
            else:
                dead += self.value(view, c)
        return laid, dead

    def choose(self, view: PlayerView):
        legal = view.legal
        phase = view.phase
        if phase == Phase.RUM:
            return next((a for a in legal if isinstance(a, Rum)), PASS)
        if phase == Phase.DRAW:
            return self.draw(view)
        if phase == Phase.PLAY:
            return self.play(view)
        if phase == Phase.HAND_OVER:
            return DEAL
        return legal[0]

    def draw(self, view: PlayerView):
        legal = view.legal
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        laid0, dead0 = self.worth(view, view.hand)
        weight = self.late_weight(view)
        best, best_gain = None, self.take_bar(view) if DRAW in legal else 0
        pile = view.discard
        for a in takes:
            depth = len(pile) - a.index_in(pile)
            if depth > self.MAX_TAKEN:
                continue
            laid, dead = self.worth(view, list(view.hand) + list(pile[-depth:]))
            gain = (laid - laid0) - weight * (dead - dead0)
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
        return DRAW if DRAW in legal else PASS

    def late_weight(self, view: PlayerView) -> float:
        """What deadwood taken into hand weighs against points that may be laid: early in a
        hand a big pile is worth taking for what it may meld later (0); near the end every
        card left in hand counts against us (1)."""
        return 1.0 if view.stock_count < 2 * len(view.hand_counts) + 4 else 0.0

    def take_bar(self, view: PlayerView) -> float:
        """How much a take from the pile must gain (points laid less deadwood) to beat a
        card from the stock."""
        return self.TAKE_MARGIN

    def play(self, view: PlayerView):
        legal = view.legal
        melds = [a for a in legal if isinstance(a, MeldCards)]
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if melds:
            arr = self.solver(view).arrange(list(view.hand))
            wanted = {tuple(sorted(map(str, m.cards))) for m in arr.melds}
            fitting = [a for a in melds if tuple(sorted(map(str, a.cards))) in wanted]
            pool = fitting or melds
            return max(pool, key=lambda a: (sum(self.value(view, c) for c in a.cards),
                                            len(a.cards)))
        if layoffs:
            return layoffs[0]
        if not discards:
            return legal[0]
        return Discard.of(self.best_discard(view, discards))


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


class ExpertRum500(Lookahead, Rum500Bot):
    """The Good player's pile pickups, valued also by what the cards taken may meld later: a
    loose card with a partner (a pair, or two of a suit close enough for a run) counts for
    ``PARTIAL`` of its points. Its weighed discards keep such cards (``KEEP_PARTIAL``): every
    card laid scores, so a pair of kings is worth more kept than the 5 points of deadwood a
    king's discard would save over a stray 9's."""

    STOCK_DRAWS = 16      # unseen cards sampled to value a card from the stock
    STOCK_MARGIN = 0.5    # how much a take must beat that value by
    PARTIAL = 0.6         # weight of a loose card with a partner towards a meld
    KEEP_PARTIAL = 1.5

    def worth_of(self, view: PlayerView, arr) -> tuple[float, int]:
        laid, dead = super().worth_of(view, arr)
        return laid + self.PARTIAL * partial_points(self, view, arr.deadwood), dead

    def think(self, view: PlayerView):
        self._stock_gain, self._stock_view = None, view
        # (a hand grown past EXACT_CARDS: the Good player's bar, as for the discards)
        if view.phase == Phase.DRAW and DRAW in view.legal and \
                len(view.hand) < EXACT_CARDS and any(a.kind == "take" for a in view.legal):
            self._stock_gain = yield from self.weigh_stock(view)
        return (yield from super().think(view))

    def weigh_stock(self, view: PlayerView):
        """What a card from the stock gains on average (points the hand could lay, less the
        deadwood it adds late in the hand), over sampled unseen cards; yields between them."""
        pool = self.unseen(view)
        if not pool:
            return None
        draws = self.rng.sample(pool, min(self.STOCK_DRAWS, len(pool)))
        laid0, dead0 = self.worth(view, view.hand)
        weight = self.late_weight(view)

        def gain(u):
            laid, dead = self.worth(view, list(view.hand) + [u])
            return (laid - laid0) - weight * (dead - dead0)
        return (yield from self.average(draws, gain))

    def take_bar(self, view: PlayerView) -> float:
        gain = getattr(self, "_stock_gain", None)
        if gain is None or getattr(self, "_stock_view", None) is not view:
            return super().take_bar(view)
        return gain + self.STOCK_MARGIN
