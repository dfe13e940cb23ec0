"""Indian rummy's players: the Good player (the nearest valid declaration in points, the
pure sequence first, the drop), the Beginner (who never drops) and the Expert (a race to the
declaration by MinDist, the fewest cards to replace, and the chance of the next card)."""

from __future__ import annotations

from ...actions import DRAW, TAKE, Declare
from ...cards import Card
from ...state import Phase
from ...view import PlayerView
from ...bots.base import Thinker
from ...i18n import n_
from ...bots.heuristic import HeuristicBot
from ...bots.beginner import Beginner
from ...bots.expert import Lookahead, Memory


class IndianBot(HeuristicBot):
    """Indian rummy: keep the cards that bring a valid declaration nearest, declare the moment
    one is valid, drop a hopeless hand, rejoin a pool when offered.

    A 13-card hand is measured by its least deadwood among the arrangements with two
    sequences, one of them pure; when it has none, by its least deadwood plus what is
    missing (a pure sequence weighs more than a second sequence). One memo serves every
    search of a decision, so weighing 14 discards costs little more than one; and a decision
    stops weighing further discards once its searches have filled ``BUDGET`` memo entries
    (a few hands with many jokers take ten times the usual work). The memo starts empty at
    every decision, so the budget, and the move, depend on the position alone.
    """

    NO_PURE = 30          # what a missing pure sequence weighs, in points
    NO_SECOND = 12        # what a missing second sequence weighs
    BUDGET = 1500         # search states per decision (about 20 ms on CPython)
    DROP_FIRST = 75       # a first drop when the hand is this far, holds no joker ...
    DROP_MIDDLE = 70      # a middle drop when this far, after 6 picks, with a joker at most

    def __init__(self, variant: str, seed=0):
        super().__init__(variant, seed)
        self._memo: dict = {}

    def options(self, view: PlayerView) -> dict:
        return self.var.deal_options(view.options, view.info["wild_rank"])

    def solver(self, view: PlayerView):
        return self.var.solver_for(self.options(view))

    def value(self, view: PlayerView, card: Card) -> int:
        return self.var.card_value(self.options(view), card)

    def measure(self, view: PlayerView, cards) -> int:
        """How far these 13 cards are from a valid declaration, in points (0: there)."""
        free, arr = self.var.arrangements(self.options(view), cards, self._memo)
        if arr is not None:
            return arr.deadwood_value
        from . import best_pure_run
        if best_pure_run(cards, view.info["wild_rank"]):
            return free.deadwood_value + self.NO_SECOND
        return free.deadwood_value + self.NO_PURE

    def candidates(self, view: PlayerView, hand) -> list[Card]:
        """The cards worth weighing as discards: those the best arrangements of all 14
        leave out (a card in a meld of both is almost never the one to let go), or every
        card when those leave none out."""
        free, arr = self.var.arrangements(self.options(view), hand, self._memo)
        loose = set(free.deadwood) | set(arr.deadwood if arr is not None else ())
        picked = [c for c in dict.fromkeys(hand) if c in loose]
        return picked if picked else list(dict.fromkeys(hand))

    def weigh_discards(self, view: PlayerView, hand) -> list[tuple]:
        """(measure, danger, -value, card) for each candidate discard, best first; the
        likeliest discards (high, loose, safe) are weighed first, in case the budget ends
        the weighing early."""
        out = []
        cands = sorted(self.candidates(view, hand),
                       key=lambda c: (-self.value(view, c), self.danger(view, c), c.code))
        for c in cands:
            if out and len(self._memo) > self.BUDGET:
                break
            rest = list(hand)
            rest.remove(c)
            out.append((self.measure(view, rest), self.danger(view, c), -self.value(view, c),
                        c.code, c))
        out.sort()
        return out

    def jokers(self, view: PlayerView, cards) -> int:
        wild = view.info["wild_rank"]
        return sum(1 for c in cards if not c.suit or c.rank == wild)

    def should_drop(self, view: PlayerView) -> bool:
        info = view.info
        first, middle = info["drop"]
        picks = info["picks"][view.seat]
        cost = first if picks == 0 else middle
        limit = info.get("limit")
        if limit is not None and view.scores[view.seat] + cost >= limit:
            return False            # dropping would eliminate us anyway: play on
        hand = list(view.hand)
        from . import best_pure_run
        if best_pure_run(hand, info["wild_rank"]):
            return False
        far = self.measure(view, hand)
        jokers = self.jokers(view, hand)
        if picks == 0:
            return jokers == 0 and far >= self.DROP_FIRST
        return picks >= 6 and jokers <= 1 and far >= self.DROP_MIDDLE

    def choose(self, view: PlayerView):
        self._memo = {}
        legal = view.legal
        if view.phase == Phase.DRAW:
            if any(a.kind == "drop" for a in legal) and self.should_drop(view):
                return next(a for a in legal if a.kind == "drop")
            if TAKE in legal and self.take_helps(view):
                return TAKE
            return DRAW if DRAW in legal else legal[0]
        if view.phase == Phase.PLAY:
            ranked = self.weigh_discards(view, view.hand)
            opts = self.options(view)
            for dist, *_x, card in ranked:
                if dist > 0:
                    break
                rest = list(view.hand)
                rest.remove(card)
                arr = self.var.valid_arrangement(opts, rest)
                if arr is not None:       # declare with these groups: nothing to search again
                    return Declare(card, tuple(tuple(m.cards) for m in arr.melds))
            card = ranked[0][-1]
            return next(a for a in legal if a.kind == "discard" and a.card is card)
        if view.phase == Phase.SHOW:
            return next(a for a in legal if a.kind == "show")
        if view.phase == Phase.HAND_OVER:
            rejoin = next((a for a in legal if a.kind == "rejoin"), None)
            return rejoin or legal[0]
        return legal[0]

    def take_helps(self, view: PlayerView) -> bool:
        top = view.top_discard
        if top is None:
            return False
        wild = view.info["wild_rank"]
        ranks = {top.rank, 14} if top.rank == 1 else {top.rank}
        near = not top.suit or top.rank == wild or any(
            c.rank == top.rank or (c.suit == top.suit and any(
                abs(r - x) <= 2 for r in ranks for x in ({c.rank, 14} if c.rank == 1
                                                         else {c.rank})))
            for c in view.hand)
        if not near:                 # it cannot join anything we hold
            return False
        now = self.measure(view, view.hand)
        best = self.weigh_discards(view, list(view.hand) + [top])[0]
        return best[-1] is not top and best[0] < now - 1


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


class ExpertIndian(IndianBot):
    """The Expert: a race to the declaration, run by MinDist (the fewest cards to replace
    for a valid declaration: :mod:`rami.games.indian.distance`, after Saha et al.) rather than
    by points.

    * *The pick*: the open card when it brings the hand a card nearer; else the closed deck.
    * *The discard*: among the cards whose going leaves the hand nearest, the one that keeps
      the best chance that the next card brings it nearer still (its *outs*: the unseen
      cards that would take a replacement's place, each unseen card counted once, those
      an opponent took from the pile left out); then the one that feeds the next player
      least (what he took near it), then the fewest points kept.
    * *The declaration*: at once, when a discard leaves a valid hand.
    * *The drop*: in a pool as the Good player drops; elsewhere a first drop only, from a
      hand ``DROP_DIST`` cards or more from a declaration with no joker (the arena's
      figures for each: ``docs/bots.md``).

    Points come second: a two-player deal is won by the first declaration, and the hand left
    holding most of its cards in groups pays least. The Good player's measure (points)
    breaks the last ties."""

    name = "expert"
    OUTS = 1.0            # weight of the chance that the next card brings the hand nearer
    DANGER = 0.05         # ... per point of danger of feeding the next player
    POINTS = 0.001        # ... per point of the Good player's measure kept
    DROP_DIST = 5         # outside a pool, a first drop from this many cards away
    WEIGHED = 1000        # the most partial groups of a hand whose discards are weighed

    choose = Thinker.choose

    def __init__(self, variant: str, seed=0):
        super().__init__(variant, seed)
        self._metric = None

    def metric(self, view: PlayerView):
        from .distance import Metric
        wild = view.info["wild_rank"]
        if self._metric is None or self._metric.wild != wild:
            self._metric = Metric(wild)          # (its answers are kept for the deal)
        return self._metric

    def unseen(self, view: PlayerView) -> list[Card]:
        return Lookahead.unseen(self, view)

    def chance_nearer(self, view: PlayerView, needs, pool) -> float:
        """The share of ``pool`` (the unseen cards) that a hand needing ``needs`` (what
        :meth:`Metric.outs` says would bring it a card nearer a declaration) would draw."""
        from .distance import ANY, JOKER
        if not pool:
            return 0.0
        if ANY in needs:
            return 1.0
        wild = view.info["wild_rank"]
        return sum(1 for u in pool if (u.suit, u.rank) in needs or
                   (JOKER in needs and (not u.suit or u.rank == wild))) / len(pool)

    def weighs(self, view: PlayerView, hand, cands) -> bool:
        """Whether the chances of these nearest discards are weighed: not in the rare hands
        whose search is long (five jokers or more, or a long suit: more than ``WEIGHED``
        partial groups; a deal's hands have 110 at the median, 460 at the 95th
        percentile)."""
        from .distance import prepare
        return len(cands) > 1 and self.jokers(view, hand) < 5 and sum(
            map(len, prepare(tuple(hand), view.info["wild_rank"], every=True)[0])) \
            <= self.WEIGHED

    def chances(self, view: PlayerView, hand, cands, near: int, pool) -> dict:
        """{card: the share of ``pool`` that would bring the hand without it a card
        nearer}, for the discards ``cands`` that all leave it ``near`` (one search)."""
        needs = self.metric(view).outs_each(hand, [hand.index(c) for c in cands], near)
        return {c: self.chance_nearer(view, needs[hand.index(c)], pool) for c in cands}

    def hint_discard(self, words, card, hand, rest, fit):
        """When the card goes for the chances it leaves (others would leave the hand as
        near), said with how many unseen cards would bring the hand nearer."""
        view = words.view
        hand = list(hand)
        left = self.metric(view).each(hand)
        near = min(left)
        cands = sorted({hand[i] for i in range(len(hand)) if left[i] == near},
                       key=lambda c: c.code)
        if near == 0 or card not in cands:
            return None
        if not self.weighs(view, hand, cands):
            return None
        pool = self.unseen(view)
        counts = {c: round(x * len(pool))
                  for c, x in self.chances(view, hand, cands, near, pool).items()}
        n = counts[card]
        if not n or any(counts[c] >= n for c in cands if c is not card):
            return None
        return n_("{reason}, and it keeps the most chances: {n} card not yet seen would "
                  "bring your hand a card nearer a declaration",
                  "{reason}, and it keeps the most chances: {n} cards not yet seen would "
                  "bring your hand a card nearer a declaration", n, reason=fit)

    def should_drop(self, view: PlayerView) -> bool:
        """In a pool (deals until a score is out) as the Good player drops, first or
        later: the points saved keep a player in. Elsewhere a first drop only, from a hand
        ``DROP_DIST`` cards or more from a declaration and holding no joker."""
        info = view.info
        if info.get("limit") is not None:
            return IndianBot.should_drop(self, view)
        if info["picks"][view.seat] != 0 or self.DROP_DIST >= 99:
            return False
        return self.jokers(view, view.hand) == 0 and \
            self.metric(view).distance(list(view.hand)) >= self.DROP_DIST

    def take_helps(self, view: PlayerView) -> bool:
        top = view.top_discard
        if top is None:
            return False
        m = self.metric(view)
        hand = list(view.hand)
        after, _best = m.distances(hand + [top], out_of=range(len(hand)))
        return after < m.distance(hand)

    def think(self, view: PlayerView):
        self._memo = {}
        if view.phase == Phase.DRAW:
            legal = view.legal
            if any(a.kind == "drop" for a in legal) and self.should_drop(view):
                return next(a for a in legal if a.kind == "drop")
            yield
            if TAKE in legal and self.take_helps(view):
                return TAKE
            return DRAW if DRAW in legal else legal[0]
        if view.phase != Phase.PLAY:
            return IndianBot.choose(self, view)
        hand = list(view.hand)
        m = self.metric(view)
        left = yield from m.each_steps(hand)
        near = min(left)
        cands = sorted({hand[i] for i in range(len(hand)) if left[i] == near},
                       key=lambda c: c.code)
        opts = self.options(view)
        if near == 0:
            for card in cands:
                rest = list(hand)
                rest.remove(card)
                arr = self.var.valid_arrangement(opts, rest)
                if arr is not None:
                    return Declare(card, tuple(tuple(g.cards) for g in arr.melds))
        weigh = self.weighs(view, hand, cands)
        if weigh:
            pool = self.unseen(view)
            chances = self.chances(view, hand, cands, near, pool)
            yield
        self._mem = Memory(view)
        scored = []
        for card in cands:
            rest = list(hand)
            rest.remove(card)
            score = 0.0
            if weigh:
                score = (-self.OUTS * chances[card]
                         + self.DANGER * Lookahead.feeds(self, view, card)
                         + self.POINTS * IndianBot.measure(self, view, rest))
                yield
            scored.append((score, -self.value(view, card), card.code, card))
        card = min(scored)[-1]
        return next(a for a in view.legal if a.kind == "discard" and a.card is card)
