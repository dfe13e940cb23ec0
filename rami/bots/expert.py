"""The Expert level: it remembers the hand, infers the hidden cards, and weighs its choices
against sampled hands consistent with everything it has seen.

What every Expert keeps track of (:class:`Memory`, rebuilt from the view's events at every
decision, so a restored game thinks exactly as the running one did):

* the discard pile in order, and which cards each opponent took from it and still holds;
* what each opponent threw away, and which offered cards he let go (a card he passed on, or
  left on the pile to draw from the stock, did not complete anything for him then);
* the unseen cards: neither in our hand, nor on the table, nor known to be held.

From that it draws **determinizations**: hidden hands for the opponent, drawn from the unseen
cards (in Gin, each card with the chance that the learned opponent model gives it:
:mod:`rami.bots.ginmodel`) and weighted by how well they agree with his play (a hand in
which a card he passed on would have made a meld is unlikely; so is one he could have
knocked with). Each sample is a possible world; a choice is judged by its average over
them.

The search is split into small steps: :meth:`think` is a generator that yields between
steps, so the web page can draw frames while a bot thinks. The amount of work is fixed by
counts (samples, cards), never by the clock, so the same position always gives the same move.
"""

from __future__ import annotations

from ..actions import (DEAL, DONE, DRAW, PASS, TAKE, BigGin, Discard, Knock, LayOff)
from ..cards import Card
from ..i18n import _, join, n_
from ..state import Phase
from ..view import PlayerView
from ..solver import EXACT_CARDS
from .ginmodel import History, feeds, in_some_meld, mask_of, probabilities
from .base import Thinker, label
from .heuristic import BasicBot, GinBot, IndianBot, PushBot, Rum500Bot
from .tiles import TilesBot


class Memory:
    """What a seat has seen of this hand (see the module's docstring)."""

    def __init__(self, view: PlayerView):
        n = len(view.names)
        self.pile: list[Card] = []
        self.held: list[list[Card]] = [[] for _ in range(n)]       # taken, still in hand
        self.took: list[list[Card]] = [[] for _ in range(n)]       # every card taken
        self.threw: list[list[Card]] = [[] for _ in range(n)]      # every discard
        self.declined: list[list[Card]] = [[] for _ in range(n)]   # offered, not taken
        me = view.seat
        for e in view.events:
            k, s = e.kind, e.seat
            if k == "deal":
                self.pile = [e.card] if e.card is not None else []
                continue
            if s < 0 or s >= n:
                continue
            if k == "take" and e.card is not None:
                if self.pile and self.pile[-1] == e.card:
                    self.pile.pop()
                self.held[s].append(e.card)
                self.took[s].append(e.card)
            elif k in ("discard", "knock") and e.card is not None:
                self.pile.append(e.card)
                self.threw[s].append(e.card)
                if e.card in self.held[s]:
                    self.held[s].remove(e.card)
            elif k in ("pass", "draw") and s != me and self.pile:
                self.declined[s].append(self.pile[-1])
        known = set(view.hand) | set(self.pile)
        for s in range(n):
            if s != me:
                known.update(self.held[s])
        self.known = known

    def unseen(self, deck) -> list[Card]:
        return [c for c in deck if c not in self.known]


# -- Gin ------------------------------------------------------------------------------------------

class GinMath:
    """Deadwood by card mask with memos (one per decision), on the exact bitmask solver."""

    def __init__(self, solver):
        self.s = solver
        self._dw: dict = {}
        self._bd: dict = {}

    def dw(self, m: int) -> int:
        v = self._dw.get(m)
        if v is None:
            s = self.s
            v = self._dw[m] = s._mask_value(m) - s._best_packing(m)[0]
        return v

    def bd(self, m: int) -> tuple[int, int]:
        """(least deadwood after one discard, that discard's code) for an 11-card mask."""
        v = self._bd.get(m)
        if v is None:
            v = self._bd[m] = self.s._best_discard_mask(m)
        return v


class GinExpert(Thinker, GinBot):
    """Gin, Expert: every discard is judged by what the next draw is likely to bring (the
    unseen cards weighted by how likely each is still in the stock) and by how much it would
    help the opponent (the learned model's chance that it melds for him); the upcard is
    taken when that leaves a better hand than a stock card would on average; a knock is made
    when its expected score over the sampled hands, lay-offs and undercuts included, is
    positive."""

    name = "expert"
    SAMPLES = 24          # opponent hands per decision
    TRIES = 8             # draws per accepted sample, at most
    KNOCK_WEIGHT = 15     # how much a knock within reach next turn is worth, in deadwood
    FEED = 0.8            # how much each point of the opponent's gain weighs against ours
    NOW = 0.25            # how much the deadwood kept now weighs beside the expected one
    KNOCK_MIN = 0         # the least expected score that a knock must promise
    TAKE_MARGIN = 0.5     # how much better than a stock card the upcard must leave us
    # how much less likely a sampled hand is when a card he let go would have made a meld
    # with it, when a card he threw melds with it, and when he could have knocked with it
    W_DECLINED = 0.3
    W_THREW = 0.6
    W_NO_KNOCK = 0.35
    # play-outs: each of the best few discards played to the hand's end in sampled worlds
    # with both sides on SimpleGin's policy. Measured off: 47% of hands against
    # SimpleGinRummyPlayer with 24 worlds, 53% without (benchmarks/arena.py, 600 hands), so
    # 0 here; ``--set PLAYOUTS=24`` in the arena turns them on.
    PLAYOUTS = 0
    PLAYOUT_CANDIDATES = 3
    WIN = 10              # what winning a hand is worth beyond its points, in play-outs
    # the learned opponent model (ginmodel.py) says how likely each discard is to meld for
    # him, draws the sampled hands and says which cards are in the stock; 0: the unseen cards
    # drawn evenly, weighted only by the factors above, and the feeding judged on them
    MODEL = 1

    # -- the world ----------------------------------------------------------------------------------
    def setup(self, view: PlayerView) -> None:
        self.math = GinMath(self.solver(view))
        self.mem = Memory(view)
        self.opp = 1 - view.seat
        self.limit = view.info.get("knock_limit", 10)
        deck = self.math.s._cards
        unseen = self.mem.unseen(deck)
        self.unseen = sorted(unseen, key=lambda c: c.code)
        held = self.mem.held[self.opp]
        self.opp_known = mask_of(held)
        self.hidden = max(0, view.hand_counts[self.opp] - len(held))
        self.samples: list[int] = []
        self.in_stock: dict[int, float] = {}
        self._worlds = None
        self.p_held = None
        self.feeds: dict[int, float] = {}
        if self.MODEL:
            self.hist = History(self.mem, self.opp,
                                mask_of(view.hand) | mask_of(self.mem.pile), view.stock_count)
            codes = [c.code for c in self.unseen]
            self.p_held = dict(zip(codes, probabilities(codes, self.hist, self.hidden)))

    def sample(self):
        """Draws opponent hands (masks), weighted by his play; yields between batches."""
        rng = self.rng
        codes = [c.code for c in self.unseen]
        took = {x.code for x in self.mem.took[self.opp]}
        declined = [c.code for c in self.mem.declined[self.opp] if c.code not in took]
        threw = [c.code for c in self.mem.threw[self.opp]]
        played = bool(self.mem.threw[self.opp])
        out = []
        k = min(self.hidden, len(codes))
        p_held = self.p_held
        if p_held:      # weighted sampling without replacement, by the model's odds
            power = [(1 - p_held[c]) / max(1e-9, p_held[c]) for c in codes]
        for i in range(self.SAMPLES):
            best = None
            for _x in range(self.TRIES):
                m = self.opp_known
                if p_held:
                    keys = sorted(((rng.random() ** e, c) for e, c in zip(power, codes)),
                                  reverse=True)
                    for _key, c in keys[:k]:
                        m |= 1 << c
                else:
                    for c in rng.sample(codes, k):
                        m |= 1 << c
                w = 1.0
                for c in declined:
                    if not m >> c & 1 and in_some_meld(c, m):
                        w *= self.W_DECLINED
                for c in threw:
                    if in_some_meld(c, m):
                        w *= self.W_THREW
                if played and self.hidden + len(self.mem.held[self.opp]) == 10 and \
                        self.math.dw(m) <= self.limit:
                    w *= self.W_NO_KNOCK        # he could have knocked and did not
                if rng.random() < w:
                    best = m
                    break
                if best is None:
                    best = m
            out.append(best)
            if i % 3 == 2:
                yield
        self.samples = out
        if p_held:
            self.in_stock = {c: 1 - p_held[c] for c in codes}
            return
        counts = {c: 0 for c in codes}
        for m in out:
            for c in codes:
                if m >> c & 1:
                    counts[c] += 1
        n = max(1, len(out))
        self.in_stock = {c: 1 - counts[c] / n for c in codes}

    # -- judging a hand of ten -------------------------------------------------------------------
    def outlook(self, h: int) -> float:
        """The ten cards ``h`` after our next draw: expected deadwood after the best discard,
        less the worth of being able to knock, over the cards likely to be in the stock."""
        total = weight = 0.0
        bd = self.math.bd
        limit = self.limit
        for c, p in self.in_stock.items():
            if p <= 0:
                continue
            d = bd(h | 1 << c)[0]
            total += p * (d - (self.KNOCK_WEIGHT if d <= limit else 0) -
                          (self.KNOCK_WEIGHT if d == 0 else 0))
            weight += p
        return total / weight if weight else float(self.math.dw(h))

    def feed(self, code: int) -> float:
        """How much the card ``code`` would lower the opponent's deadwood, on average: the
        learned model's figure, or else the sampled hands'."""
        if self.MODEL:
            v = self.feeds.get(code)
            if v is None:
                v = self.feeds[code] = feeds(code, self.hist)
            return v
        if not self.samples:
            return 0.0
        dw, bd = self.math.dw, self.math.bd
        gain = 0
        for m in self.samples:
            if m >> code & 1:
                continue
            g = dw(m) - bd(m | 1 << code)[0]
            if g > 0:
                gain += g
        return gain / len(self.samples)

    def discard_score(self, hand: int, code: int) -> float:
        h = hand & ~(1 << code)
        return (self.outlook(h) + self.NOW * self.math.dw(h) + self.FEED * self.feed(code))

    def rank_discards(self, hand: int, exclude: int = -1):
        """(score, code) for the discards worth weighing, best first; yields between them."""
        dw = self.math.dw
        codes = [c for c in range(52) if hand >> c & 1 and c != exclude]
        plain = sorted((dw(hand & ~(1 << c)), c) for c in codes)
        floor = plain[0][0]
        cands = [c for d, c in plain if d <= floor + 10][:6]
        out = []
        for c in cands:
            out.append((self.discard_score(hand, c), c))
            yield
        out.sort()
        self.ranked = out

    # -- decisions -------------------------------------------------------------------------------
    def think(self, view: PlayerView):
        phase = view.phase
        legal = view.legal
        if phase == Phase.HAND_OVER:
            return DEAL
        if phase == Phase.LAYOFF:
            return self.best_layoff(view) or DONE
        if phase not in (Phase.UPCARD, Phase.DRAW, Phase.PLAY):
            return legal[0]
        self.setup(view)
        yield                               # the model's inference is a step of its own
        yield from self.sample()
        hand = mask_of(view.hand)
        if phase in (Phase.UPCARD, Phase.DRAW):
            if TAKE not in legal:
                return DRAW if DRAW in legal else legal[0]
            take = yield from self.take_is_better(view, hand)
            if take:
                return TAKE
            return PASS if phase == Phase.UPCARD else DRAW
        # the turn: big gin, a knock, or a discard
        big = next((a for a in legal if isinstance(a, BigGin)), None)
        if big is not None:
            return big
        taken = view.taken.code if view.taken is not None else -1
        yield from self.rank_discards(hand, taken)
        knock = yield from self.knock(view, hand, taken)
        if knock is not None:
            return knock
        code = self.ranked[0][1]
        if self.PLAYOUTS and len(self.ranked) > 1:
            code = yield from self.play_out(view, hand)
        return Discard.of(self.math.s._cards[code])

    # -- play-outs -------------------------------------------------------------------------------
    def worlds(self):
        """(opponent hand, stock order) pairs: each sampled hand with the rest of the unseen
        cards shuffled as the stock."""
        if getattr(self, "_worlds", None) is None:
            codes = [c.code for c in self.unseen]
            out = []
            for m in self.samples[:self.PLAYOUTS]:
                stock = [c for c in codes if not m >> c & 1]
                self.rng.shuffle(stock)
                out.append((m, stock))
            self._worlds = out
        return self._worlds

    def play_out(self, view: PlayerView, hand: int):
        """The best of the few best-ranked discards, by playing each world out to its end."""
        cands = [c for _, c in self.ranked[:self.PLAYOUT_CANDIDATES]]
        worlds = self.worlds()
        best = None
        for code in cands:
            total = 0.0
            for i, (m, stock) in enumerate(worlds):
                total += self.rollout(hand & ~(1 << code), m, list(stock), code,
                                      view.stock_count)
                if i % 4 == 3:
                    yield
            value = total / max(1, len(worlds))
            if best is None or value > best[0]:
                best = (value, code)
        return best[1]

    def rollout(self, mine: int, theirs: int, stock: list, top: int, left: int) -> float:
        """Our points when the hand is played to its end from here (the opponent to move),
        both sides drawing the upcard only when it makes a meld, discarding for least
        deadwood and knocking at once; a won hand counts ``WIN`` more than its points."""
        bd = self.math.bd
        limit = self.limit
        hands = [mine, theirs]
        p = 1
        while left > 2 and stock:
            h = hands[p]
            d = -1
            if in_some_meld(top, h):
                d, code = bd(h | 1 << top)
                if code == top:             # it would throw the card straight back
                    d = -1
                else:
                    h |= 1 << top
            if d < 0:
                h |= 1 << stock.pop()
                left -= 1
                d, code = bd(h)
            h &= ~(1 << code)
            hands[p] = h
            if d <= limit:
                pts = self.knock_points(h, hands[1 - p], d)
                if p == 1:
                    pts = -pts
                return pts + (self.WIN if pts > 0 else -self.WIN)
            top = code
            p = 1 - p
        return 0.0

    def knock_points(self, knocker: int, defender: int, dead: int) -> int:
        """The points the knocker makes (negative: the defender's undercut)."""
        s = self.math.s
        theirs = self.math.dw(defender)
        if dead == 0:
            return 25 + theirs
        theirs = self.after_layoffs(defender, s._best_packing(knocker)[1])
        if theirs <= dead:
            return -(25 + dead - theirs)
        return theirs - dead

    def take_is_better(self, view: PlayerView, hand: int):
        top = view.top_discard.code
        yield from self.rank_discards(hand | 1 << top, top)
        take = self.ranked[0][0]
        # a stock card: each likely card, and the better of its two plainest discards
        dw, bd = self.math.dw, self.math.bd
        total = weight = 0.0
        for i, (c, p) in enumerate(self.in_stock.items()):
            if p <= 0:
                continue
            h = hand | 1 << c
            plain = sorted((dw(h & ~(1 << x)), x) for x in range(52) if h >> x & 1)[:2]
            total += p * min(self.outlook(h & ~(1 << x)) + self.NOW * d for d, x in plain)
            weight += p
            yield
        draw = total / weight if weight else take
        # taking shows the opponent what we collect: a small price
        return take + self.TAKE_MARGIN < draw

    def knock(self, view: PlayerView, hand: int, taken: int):
        """A knock worth making, or None."""
        knocks = {a.card.code: a for a in view.legal if isinstance(a, Knock)}
        if not knocks:
            return None
        dw = self.math.dw
        best = None
        for code, act in sorted(knocks.items()):
            mine = dw(hand & ~(1 << code))
            if mine == 0:
                return act                  # gin: nothing can go wrong
            ev = yield from self.knock_value(hand & ~(1 << code), mine)
            if best is None or ev > best[0]:
                best = (ev, act)
        if best is None:
            return None
        ev, act = best
        if ev > self.KNOCK_MIN:
            return act
        return None

    def knock_value(self, kept: int, mine: int):
        """Expected score of knocking with ``kept`` over the sampled opponent hands."""
        s = self.math.s
        _x, packing = s._best_packing(kept)
        total = 0.0
        for i, m in enumerate(self.samples):
            theirs = self.after_layoffs(m, packing)
            if theirs > mine:
                total += theirs - mine
            else:
                total -= 25 + mine - theirs
            if i % 8 == 7:
                yield
        return total / max(1, len(self.samples))

    def after_layoffs(self, m: int, melds: list[int]) -> int:
        """The defender's deadwood once his loose cards are laid off on ``melds``."""
        s = self.math.s
        _x, packing = s._best_packing(m)
        used = 0
        for x in packing:
            used |= x
        loose = m & ~used
        melds = list(melds)
        changed = True
        while loose and changed:
            changed = False
            for i, meld in enumerate(melds):
                for c in range(52):
                    if loose >> c & 1 and fits(c, meld):
                        loose &= ~(1 << c)
                        melds[i] = meld | 1 << c
                        changed = True
                        break
        return s._mask_value(loose)


def fits(code: int, meld: int) -> bool:
    """Can ``code`` be laid off on the gin meld ``meld`` (a set or an ace-low run)?"""
    r, s = code % 13, code // 13
    ranks = {c % 13 for c in range(52) if meld >> c & 1}
    if len(ranks) == 1:                     # a set
        return r in ranks
    suit = next(c // 13 for c in range(52) if meld >> c & 1)
    return s == suit and (r == min(ranks) - 1 or r == max(ranks) + 1)


# -- the other variants ------------------------------------------------------------------------

class Lookahead:
    """Expert for the variants of many cards (mixed in before the variant's Good player):
    the Good player's few best discards are weighed again by what the next draw is likely to
    bring (cards sampled from the unseen ones, each followed by the natural discard), by the
    deadwood kept, and by how much each discard would feed the next player (what the
    opponents took from the pile, his takes counting most). The measure may count loose
    cards with a partner towards a meld as partly made (``KEEP_PARTIAL``: 500 Rum, Push and
    tile Rami). A weighed discard replaces the Good one only when it scores ``MARGIN``
    better. The weighing runs in
    :meth:`think`, a step at a time; the Good player's own choice then reads the result."""

    name = "expert"
    DRAWS = 8             # unseen cards sampled per weighed discard
    CANDIDATES = 4        # the Good player's best discards weighed again
    NOW = 0.5             # weight of the deadwood kept now beside the expected one
    DANGER = 3.0          # points of weight per point of danger to the next player
    MARGIN = 2.0          # how much better a weighed discard must score than the Good one
    TIES_ONLY = False     # weigh again only the discards that keep the least measure
    WEIGH_TAKE = False    # weigh taking the top discard against a card from the stock
    TAKE_DRAWS = 64       # ... over this many unseen cards at most
    TAKE_MARGIN = 1.0     # ... which it must beat by this much deadwood
    KEEP_PARTIAL = 0.0    # points of weight per point of a loose card with a partner

    # choose() runs think() to its end; think() ends in the Good player's own choose()
    choose = Thinker.choose

    def unseen(self, view: PlayerView) -> list[Card]:
        from types import SimpleNamespace
        mem = Memory(view)
        # the variant builds its deck from the options and the seats, as for a real deal
        deck = self.var.deck(SimpleNamespace(options=dict(view.options), n=len(view.names),
                                             names=view.names, extra={}))
        pool = sorted(deck, key=lambda c: (c.code, c.is_tile))
        seen = list(view.hand) + list(mem.pile) + [c for t in view.table for c in t.meld.cards]
        for s_, cards in enumerate(mem.held):
            if s_ != view.seat:
                seen += cards
        for c in seen:
            if c in pool:
                pool.remove(c)
        return pool

    def measure(self, view: PlayerView, cards) -> float:
        """The deadwood, less ``KEEP_PARTIAL`` times the points of loose cards with a
        partner towards a meld."""
        if not self.KEEP_PARTIAL:
            return self.solver(view).deadwood(list(cards))
        arr = self.solver(view).arrange(list(cards))
        return arr.deadwood_value - self.KEEP_PARTIAL * partial_points(self, view, arr.deadwood)

    def after_draw(self, view: PlayerView, cards) -> float:
        """The measure of ``cards`` (one more than a hand) after the natural discard: the
        highest loose card of the best arrangement."""
        arr = self.solver(view).arrange(list(cards))
        loose = [c for c in arr.deadwood]
        if not loose:
            return 0.0
        worst = max(loose, key=lambda c: (self.value(view, c), c.code))
        rest = list(cards)
        if worst not in rest:          # a wild the arrangement names otherwise
            return max(0.0, arr.deadwood_value - self.value(view, worst))
        rest.remove(worst)
        return self.measure(view, rest)

    def feeds(self, view: PlayerView, card: Card) -> float:
        nxt = self.next_player(view)
        if view.teams[nxt] == view.teams[view.seat]:
            return 0.0
        score = 0.0
        mem = self._mem
        for s_, cards in enumerate(mem.took):
            if view.teams[s_] == view.teams[view.seat]:
                continue
            w = 1.0 if s_ == nxt else 0.4
            for t in cards:
                if t.rank == card.rank:
                    score += 2 * w
                elif t.suit == card.suit and abs(t.rank - card.rank) <= 2:
                    score += w
        if not card.suit:
            score += 4
        return score

    def weigh(self, view: PlayerView, hand, cards):
        """Scores (lower is better) for discarding each of ``cards``; yields between draws."""
        pool = self.unseen(view)
        draws = self.rng.sample(pool, min(self.DRAWS, len(pool))) if pool else []
        out = {}
        for card in cards:
            rest = list(hand)
            rest.remove(card)
            ahead = (yield from self.average(
                draws, lambda u: self.after_draw(view, rest + [u]))) if draws else 0.0
            out[card] = ahead + self.NOW * self.measure(view, rest) + \
                self.DANGER * self.feeds(view, card) - self.kept_bonus(view, hand, rest)
        self._weighed = out

    def kept_bonus(self, view: PlayerView, hand, rest) -> float:
        """What keeping ``rest`` of ``hand`` is worth beyond its measure (0 here)."""
        return 0.0

    def good_order(self, view: PlayerView, hand, cards) -> list[Card]:
        """The Good player's discards, best first."""
        solver = self.solver(view)
        return [c for _, c in solver.best_discards(list(hand)) if c in cards]

    def think(self, view: PlayerView):
        self._weighed = {}
        self._mem = Memory(view)
        self._take, self._take_view = None, view     # the weighing holds for this view only
        if self.WEIGH_TAKE and view.phase == Phase.DRAW and TAKE in view.legal \
                and view.top_discard is not None:
            self._take = yield from self.weigh_take(view)
        discards = [a.card for a in view.legal if isinstance(a, Discard)]
        # a hand grown far past any deal (a spread pile picked up, pushes) is arranged only
        # approximately (rami.solver.EXACT_CARDS), and weighing draws on it would cost
        # seconds: then the Expert searches no further than the Good player
        if view.phase == Phase.PLAY and len(discards) > 1 and self.weighs(view) \
                and len(view.hand) <= EXACT_CARDS + 1:
            order = self.good_order(view, view.hand, discards)[:self.CANDIDATES]
            if self.TIES_ONLY:      # only among the discards that keep the least measure
                kept = [self.measure(view, _without(view.hand, c)) for c in order]
                order = [c for c, k in zip(order, kept) if k == min(kept)]
            yield from self.weigh(view, view.hand, order)
        return super().choose(view)

    def weighs(self, view: PlayerView) -> bool:
        """Whether this turn's discards are weighed again at all."""
        return True

    @staticmethod
    def average(cards, score):
        """The average of ``score`` over ``cards`` (a generator: yields after each card)."""
        total = 0.0
        for u in cards:
            total += score(u)
            yield
        return total / len(cards)

    def weigh_take(self, view: PlayerView):
        """Take the top discard when the least deadwood it leaves (after a discard other
        than it) beats by ``TAKE_MARGIN`` the average, over ``TAKE_DRAWS`` unseen cards, of
        what a card from the stock would leave; yields between cards."""
        top = view.top_discard
        solver = self.solver(view)
        hand = list(view.hand)

        def left(cards, forbid=None):
            return min((d for d, c in solver.best_discards(cards) if c is not forbid),
                       default=0)

        taken = left(hand + [top], top)
        pool = self.unseen(view)
        if not pool:
            return None
        if len(pool) > self.TAKE_DRAWS:
            pool = self.rng.sample(pool, self.TAKE_DRAWS)
        stock = yield from self.average(pool, lambda u: left(hand + [u]))
        return taken < stock - self.TAKE_MARGIN

    def take_helps(self, view: PlayerView) -> bool:
        if getattr(self, "_take_view", None) is not view or self._take is None:
            return super().take_helps(view)
        return self._take

    def reweigh(self, view: PlayerView, card: Card, candidates) -> Card:
        """The Good player's ``card``, or a weighed candidate that scores better."""
        w = self._weighed
        if not w or card not in w:
            return card
        best = min((c for c in w if c in candidates), key=lambda c: (w[c], c.code),
                   default=card)
        return best if w[best] < w[card] - self.MARGIN else card

    def best_discard(self, view: PlayerView, candidates) -> Card:
        return self.reweigh(view, super().best_discard(view, candidates), candidates)

    def pick_discard(self, view: PlayerView, candidates) -> Card:
        return self.reweigh(view, super().pick_discard(view, candidates), candidates)


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
        from ..variants.indian import best_pure_run
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


class ExpertBasic(Lookahead, BasicBot):
    # going out decides a hand of Basic Rummy, and any loose card may be caught in hand:
    # weighing discards that keep more deadwood lost matches to the Good player (39% of
    # 500), so only the discards that keep the least deadwood are weighed again, over
    # every unseen card
    TIES_ONLY = True
    MARGIN = 0.0
    DRAWS = 64
    WEIGH_TAKE = True
    TAKE_MARGIN = 1.0


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


class ExpertPush(Lookahead, PushBot):
    # a push hands the opponent on the left two cards (more to meld, more to be caught
    # with): the Expert takes the top discard only when it is a wild, completes its
    # contract or lays off, never merely because it builds towards a meld or would help the
    # next player (61.1% and 56.4% of two sets of 500 matches against the Good player,
    # 50.1% before); its discards keep loose cards with a partner (62.4% and 61.5% of the
    # same matches with KEEP_PARTIAL at 1.5)
    TAKE_USEFUL = 99
    GIFT_TAKE = 99
    KEEP_PARTIAL = 1.5

    def good_order(self, view: PlayerView, hand, cards) -> list[Card]:
        h = list(hand)
        return sorted(dict.fromkeys(cards), key=lambda c: (
            self.usefulness(view, h, c) + 2 * self.gift(view, c), -self.value(view, c),
            c.code))


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


def partial_points(bot, view: PlayerView, loose) -> int:
    """The points of the loose cards (wilds aside) that have a partner among them towards a
    meld: one of the same rank in another suit, or of the same suit at most two apart."""
    loose = [c for c in loose if c.suit]
    return sum(bot.value(view, t) for t in loose if any(
        o is not t and (o.rank == t.rank and o.suit != t.suit or
                        o.suit == t.suit and 0 < abs(o.rank - t.rank) <= 2)
        for o in loose))


def suit_partners(view: PlayerView, cards) -> list:
    """The natural cards (not jokers) among ``cards`` with another natural card of their
    suit at most two ranks away (an ace both low and high): the makings of a pure
    sequence."""
    wild = view.info.get("wild_rank")
    natural = [c for c in cards if c.suit and c.rank != wild]

    def ranks(c):
        return (1, 14) if c.rank == 1 else (c.rank,)
    return [c for c in natural
            if any(d.suit == c.suit and d.rank != c.rank and
                   any(abs(x - y) <= 2 for x in ranks(c) for y in ranks(d)) for d in natural)]


def _without(hand, card) -> list:
    rest = list(hand)
    rest.remove(card)
    return rest


EXPERT = {"gin": GinExpert, "basic": ExpertBasic, "indian": ExpertIndian,
          "rum500": ExpertRum500, "push": ExpertPush, "tiles": ExpertTiles}


def expert_bot(variant: str, seed=0):
    """The Expert of ``variant`` (of the plain turn for a game that registers none)."""
    return EXPERT.get(variant, ExpertBasic)(variant, seed)


__all__ = ["Memory", "GinExpert", "expert_bot", "EXPERT"]
