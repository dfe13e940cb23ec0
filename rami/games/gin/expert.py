"""Gin Rummy's Expert: the sampled hands of the opponent drawn with the odds of the learned
opponent model (:mod:`rami.games.gin.model`), exact deadwood by card mask, knocks weighed
with their lay-offs and undercuts (see :mod:`rami.bots.expert` for what every Expert
remembers, and ``docs/bots.md`` for its strength)."""

from __future__ import annotations

from ...actions import DEAL, DONE, DRAW, PASS, TAKE, BigGin, Discard, Knock
from ...state import Phase
from ...view import PlayerView
from ...bots.base import Thinker
from ...bots.expert import Memory
from .bots import GinBot
from .model import History, feeds, in_some_meld, mask_of, probabilities


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
    # the learned opponent model (model.py) says how likely each discard is to meld for
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
