"""Sensible players for each variant, thinking only from their :class:`PlayerView`.

They play for low deadwood with the arrangement solver, take a discard only when it helps
right away, avoid feeding the next player cards he has shown he wants, knock as soon as they
may, and lay off everything that fits.
"""

from __future__ import annotations

from ..actions import (DEAL, DONE, DRAW, PASS, PUSH, TAKE, BigGin, Declare, Discard, Knock, LayOff,
                       MeldCards, Rum, TakeDiscard, Turnover)
from ..cards import Card
from ..melds import layoff_results
from ..state import Phase
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


class GinBot(HeuristicBot):
    def choose(self, view: PlayerView):
        legal = view.legal
        if view.phase == Phase.UPCARD:
            return TAKE if self.take_helps(view) else PASS
        if view.phase == Phase.DRAW:
            if TAKE in legal and self.take_helps(view):
                return TAKE
            return DRAW
        if view.phase == Phase.PLAY:
            if any(isinstance(a, BigGin) for a in legal):
                return next(a for a in legal if isinstance(a, BigGin))
            knocks = [a for a in legal if isinstance(a, Knock)]
            if knocks:
                solver = self.solver(view)
                scored = []
                for a in knocks:
                    rest = list(view.hand)
                    rest.remove(a.card)
                    scored.append((solver.deadwood(rest), -self.value(view, a.card), a))
                scored.sort(key=lambda t: (t[0], t[1]))
                dead, _x, act = scored[0]
                # with many cards left in the stock, hold out for gin when close to it
                if dead == 0 or dead <= 4 or view.stock_count < 20:
                    return act
            cards = [a.card for a in legal if isinstance(a, Discard)]
            return Discard.of(self.best_discard(view, cards))
        if view.phase == Phase.LAYOFF:
            return self.best_layoff(view) or DONE
        if view.phase == Phase.HAND_OVER:
            return DEAL
        return legal[0]

    def best_layoff(self, view: PlayerView):
        """The lay-off that most lowers our deadwood, if any does."""
        solver = self.solver(view)
        now = solver.deadwood(list(view.hand))
        best = None
        for a in view.legal:
            if not isinstance(a, LayOff):
                continue
            rest = list(view.hand)
            rest.remove(a.card)
            d = solver.deadwood(rest)
            if d < now and (best is None or d < best[0]):
                best = (d, a)
        return best[1] if best else None


class BasicBot(HeuristicBot):
    def choose(self, view: PlayerView):
        legal = view.legal
        if view.phase == Phase.DRAW:
            if TAKE in legal and self.take_is_useful(view):
                return TAKE
            if DRAW in legal:
                return DRAW
            return next((a for a in legal if isinstance(a, Turnover)), legal[0])
        if view.phase == Phase.PLAY:
            return self.play(view)
        if view.phase == Phase.HAND_OVER:
            return DEAL
        return legal[0]

    def take_is_useful(self, view: PlayerView) -> bool:
        top = view.top_discard
        rules = self.var.rules_for(view.options)
        from ..melds import layoff_results
        if any(layoff_results(t.meld, top, rules) for t in view.table):
            return True
        return self.take_helps(view)

    def play(self, view: PlayerView):
        legal = view.legal
        melds = [a for a in legal if isinstance(a, MeldCards)]
        if melds:
            # lay the melds of the best arrangement, biggest first
            arr = self.solver(view).arrange(list(view.hand))
            wanted = {tuple(sorted(map(str, m.cards))) for m in arr.melds}
            fitting = [a for a in melds if tuple(sorted(map(str, a.cards))) in wanted]
            if fitting:
                return max(fitting, key=lambda a: len(a.cards))
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            solver = self.solver(view)
            now = solver.deadwood(list(view.hand))
            for a in layoffs:
                rest = list(view.hand)
                rest.remove(a.card)
                if solver.deadwood(rest) < now or len(rest) <= 1:
                    return a
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        return Discard.of(self.best_discard(view, discards))


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
        from ..variants.indian import best_pure_run
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
        from ..variants.indian import best_pure_run
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


class PushBot(HeuristicBot):
    """Push: lay the contract as soon as it can be laid, spending as few wilds and shedding
    as many points as possible; before it, keep the wilds and the cards that build towards
    this deal's sets or runs. Take the top discard when it completes the contract, fits a
    meld or a lay-off, or builds towards the contract; otherwise push it, unless pushing would
    hand the opponent on the left a wild or a card he can lay off (then take a cheap one).
    After the contract: rescue every wild that can be rescued, meld and lay off everything,
    and discard the card that is least useful and least helpful to the next player. With the
    stock empty, end the deal when our side holds fewer points than the others seem to."""

    TAKE_USEFUL = 4       # how much the top discard must build towards melds to be taken
    GIFT_TAKE = 3         # ... or how much it would help the opponent on the left

    def rules(self, view: PlayerView):
        return self.var.rules_for(view.options)

    def shapes(self, view: PlayerView):
        return self.var.shapes_for(view.hand_no, view.options)

    def choose(self, view: PlayerView):
        legal = view.legal
        if view.phase == Phase.HAND_OVER:
            return DEAL
        if view.phase == Phase.DRAW:
            return self.draw(view)
        if view.phase == Phase.PLAY:
            return self.play(view)
        return legal[0]

    # -- the draw ------------------------------------------------------------------------------
    def draw(self, view: PlayerView):
        legal = view.legal
        if TAKE not in legal:
            return legal[0]
        top = view.top_discard
        if PUSH not in legal:               # the stock is empty: take, or end the deal
            return DRAW if self.ending_pays(view) else TAKE
        if self.take_helps(view):
            return TAKE
        if self.gift(view, top) >= self.GIFT_TAKE and self.value(view, top) <= 10:
            return TAKE                     # do not hand the next player what he needs
        return PUSH

    def ending_pays(self, view: PlayerView) -> bool:
        """Our side's cards against the average side's, at about 9 points a card."""
        mine = sum(self.value(view, c) for c in view.hand)
        partners = [s for s in range(len(view.names)) if s != view.seat
                    and view.teams[s] == view.teams[view.seat]]
        ours = mine + 9 * sum(view.hand_counts[s] for s in partners)
        sides = {}
        for s, t in enumerate(view.teams):
            if t != view.teams[view.seat]:
                sides[t] = sides.get(t, 0) + 9 * view.hand_counts[s]
        return not sides or ours <= min(sides.values())

    def take_helps(self, view: PlayerView) -> bool:
        top = view.top_discard
        rules = self.rules(view)
        if top is None:
            return False
        if rules.is_wild(top):
            return True
        hand = list(view.hand)
        if not view.melded[view.seat]:
            from ..variants.push import contract_melds_for
            shapes = self.shapes(view)
            if contract_melds_for(hand + [top], shapes, rules, limit=1) and \
                    not contract_melds_for(hand, shapes, rules, limit=1):
                return True
            return self.usefulness(view, hand + [top], top) >= self.TAKE_USEFUL
        if any(layoff_results(t.meld, top, rules) for t in view.table):
            return True
        return self.usefulness(view, hand + [top], top) >= self.TAKE_USEFUL

    def gift(self, view: PlayerView, card: Card) -> int:
        """How much ``card`` would help the opponent on our left."""
        left = self.next_player(view)
        if view.teams[left] == view.teams[view.seat]:
            return 0
        rules = self.rules(view)
        if rules.is_wild(card):
            return 5
        score = 0
        if view.melded[left] and any(layoff_results(t.meld, card, rules) for t in view.table):
            score += 3
        for e in view.events:
            if e.seat == left and e.kind == "take" and e.card is not None:
                if e.card.rank == card.rank:
                    score += 2
                elif e.card.suit == card.suit and abs(e.card.rank - card.rank) <= 2:
                    score += 1
        return score

    # -- the turn --------------------------------------------------------------------------------
    def play(self, view: PlayerView):
        legal = view.legal
        by_kind: dict = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "contract" in by_kind:
            return min(by_kind["contract"], key=lambda a: self.contract_key(view, a))
        rescued = set(view.info.get("rescued", ()))
        if rescued:
            uses = [a for a in by_kind.get("meld", []) + by_kind.get("layoff", [])
                    if rescued & {str(c) for c in getattr(a, "cards", ()) or (a.card,)}]
            if uses:
                return uses[0]
        if "rescue" in by_kind:
            return by_kind["rescue"][0]
        rules = self.rules(view)
        if "meld" in by_kind:
            return min(by_kind["meld"], key=lambda a: (
                sum(1 for c in a.cards if rules.is_wild(c)), -len(a.cards)))
        if "layoff" in by_kind:
            return min(by_kind["layoff"], key=lambda a: (rules.is_wild(a.card), a.meld))
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        return Discard.of(self.pick_discard(view, discards))

    def contract_key(self, view: PlayerView, a) -> tuple:
        rules = self.rules(view)
        cards = [c for m in a.melds for c in m.cards]
        return (sum(1 for c in cards if rules.is_wild(c)),
                -sum(self.value(view, c) for c in cards), str(a))

    def usefulness(self, view: PlayerView, hand, card: Card) -> int:
        """How much ``card`` builds towards melds with the rest of ``hand``."""
        rules = self.rules(view)
        if rules.is_wild(card):
            return 20
        kinds = {k for k, _ in self.shapes(view)} if not view.melded[view.seat] \
            else {"set", "run"}
        score = 0
        suits = set()
        for c in hand:
            if c is card or not c.suit or rules.is_wild(c):
                continue
            if "set" in kinds and c.rank == card.rank and c.suit != card.suit \
                    and c.suit not in suits:
                suits.add(c.suit)
                score += 3
            if "run" in kinds and c.suit == card.suit and c.rank != card.rank:
                gap = min(abs(c.rank - card.rank),
                          abs((14 if c.rank == 1 else c.rank) - (14 if card.rank == 1
                                                                 else card.rank)))
                score += 2 if gap <= 2 else (1 if gap == 3 else 0)
        return score

    def pick_discard(self, view: PlayerView, cards) -> Card:
        hand = list(view.hand)
        return min(dict.fromkeys(cards), key=lambda c: (
            self.usefulness(view, hand, c) + 2 * self.gift(view, c),
            -self.value(view, c), c.code))
