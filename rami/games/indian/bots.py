"""Indian rummy's players: the Good player (the nearest valid declaration, the pure
sequence first, the drop), the Beginner (who never drops) and the Expert (the shared
lookahead, weighing a pure sequence's partners before one is made)."""

from __future__ import annotations

from ...actions import DRAW, TAKE, Declare
from ...cards import Card
from ...state import Phase
from ...view import PlayerView
from ...i18n import join, n_
from ...bots.base import label
from ...bots.heuristic import HeuristicBot
from ...bots.beginner import Beginner
from ...bots.expert import Lookahead, suit_partners


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


class IndianLookahead(Lookahead):
    PURE_PARTIAL = 1.5    # before a pure sequence: weight per point of a same-suit partner

    def measure(self, view: PlayerView, cards) -> float:
        """The Good player's measure, kept for the decision (its searches are the longest
        steps of a turn; the Good player's own choice asks for some of them again)."""
        key = ("measure",) + tuple(cards)
        got = self._good.get(key)
        if got is None:
            got = self._good[key] = IndianBot.measure(self, view, cards)
        return got

    def value(self, view: PlayerView, card: Card) -> int:
        return IndianBot.value(self, view, card)

    def kept_bonus(self, view: PlayerView, hand, rest) -> float:
        """Until the hand holds a pure sequence (no declaration without one, and a hand
        caught without one counts every card), ``PURE_PARTIAL`` times the points of the
        natural cards kept that have a partner of their suit at most two ranks away: the
        makings of a pure sequence, which the distance alone throws as loose cards."""
        from . import best_pure_run
        if not self.PURE_PARTIAL or best_pure_run(list(hand), view.info["wild_rank"]):
            return 0.0
        return self.PURE_PARTIAL * sum(self.value(view, c) for c in suit_partners(view, rest))

    def good_weighing(self, view: PlayerView, hand) -> list[tuple]:
        """The Good player's weighing of ``hand``'s discards, kept for the decision (its
        search is the longest step of a turn, so it runs as a step of its own)."""
        key = tuple(hand)
        got = self._good.get(key)
        if got is None:
            self._memo = {}
            got = self._good[key] = IndianBot.weigh_discards(self, view, hand)
        return got

    def good_order(self, view: PlayerView, hand, cards) -> list[Card]:
        return [r[-1] for r in self.good_weighing(view, hand) if r[-1] in cards]

    def weigh_discards(self, view: PlayerView, hand) -> list[tuple]:
        ranked = self.good_weighing(view, hand)
        w = self._weighed
        if not w or len(hand) != len(view.hand) or any(a is not b for a, b in
                                                         zip(hand, view.hand)):
            return ranked
        # a declaration stays first; the rest by the weighing, unweighed ones after
        return sorted(ranked, key=lambda r: (r[0] > 0, w.get(r[-1], 1e9) if r[0] > 0 else 0,
                                             r))

    def think(self, view: PlayerView):
        self._memo = {}
        self._good = {}
        top = view.top_discard
        if view.phase == Phase.DRAW:
            yield
            self.measure(view, view.hand)           # how far the hand is (drop, take)
            yield
            if TAKE in view.legal and top is not None:
                self.good_weighing(view, list(view.hand) + [top])  # what taking would give
                yield
        return (yield from super().think(view))

    def weigh_take(self, view: PlayerView):
        """As :meth:`Lookahead.weigh_take`, by the distance to a valid declaration: the best
        the top discard leaves (the Good player's own weighing) against the average over
        ``TAKE_DRAWS`` unseen cards of a stock card followed by the natural discard. Only a
        card the Good player would take is weighed (the rest are never taken)."""
        if not IndianBot.take_helps(self, view):
            return False
        top = view.top_discard
        hand = list(view.hand)
        taken = min((r[0] for r in self.good_weighing(view, hand + [top])
                     if r[-1] is not top), default=None)
        pool = self.unseen(view)
        if taken is None or not pool:
            return None
        pool = self.rng.sample(pool, min(self.TAKE_DRAWS, len(pool)))
        stock = yield from self.average(pool, lambda u: self.after_draw(view, hand + [u]))
        return taken < stock - self.TAKE_MARGIN


class ExpertIndian(IndianLookahead, IndianBot):
    WEIGH_TAKE = True
    TAKE_DRAWS = 8

    def hint_discard(self, words, card, hand, rest, fit):
        """Before a pure sequence: the higher loose cards kept over ``card`` because they
        have a partner of their suit (what ``kept_bonus`` counts), said."""
        view = words.view
        if not self.kept_bonus(view, hand, rest):
            return None
        value = self.value(view, card)
        loose = words.solver().arrange(list(rest)).deadwood
        kept = sorted((c for c in suit_partners(view, loose) if self.value(view, c) > value),
                      key=lambda c: (-self.value(view, c), c.code))[:3]
        if not kept:
            return None
        return n_("{reason}, and until you hold a pure sequence the {cards} is worth "
                  "more: cards of one suit close together make one",
                  "{reason}, and until you hold a pure sequence the {cards} are worth "
                  "more: cards of one suit close together make one", len(kept),
                  reason=fit, cards=join(label(c) for c in kept))
