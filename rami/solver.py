"""The arrangement solver: split a hand into melds so that deadwood is smallest.

Two exact engines sit behind one entry point, :class:`Solver`:

* **Bitmask search** for hands from one deck without wilds (gin, basic rummy without
  jokers). A hand is a 52-bit integer; all candidate melds come from a few shifts and ands
  per suit, and a depth-first search over disjoint candidates finds the best packing. A
  random 10-card gin hand takes a few microseconds.
* **First-card search** for everything else (two decks, printed jokers, wild ranks, tiles
  and Jolys). The lowest remaining card is either deadwood or belongs to a meld that
  contains it; that meld is built from the cards still there plus wilds. Results are
  memoised on (remaining cards, wilds left), and a memo can be shared across calls, so
  "which card should I discard" over 14 cards costs little more than one arrangement.

Both return an :class:`Arrangement` of :class:`~rami.melds.Meld` values. The property tests
check them against a brute-force oracle on small hands.

>>> from rami.cards import parse_cards
>>> s = Solver(MeldRules(ace="low"), gin_values())
>>> a = s.arrange(parse_cards("Ah 2h 3h 5s 5h 5d 9c 10c Jc Kd"))
>>> a.deadwood_value, [str(m) for m in a.melds]
(10, ['Ah 2h 3h', '9c 10c Jc', '5s 5h 5d'])
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Sequence

from .cards import Card, SUITS, COLOURS
from .melds import Meld, MeldRules, interpretations

__all__ = ["Solver", "Arrangement", "gin_values"]

FULL = 0x1FFF
_STARTS = sum(0x7FF << (13 * s) for s in range(4))       # a 3-run may start at ranks A..J
_HIGH_STARTS = sum(0x7FE << (13 * s) for s in range(4))  # ... but not at the ace if aces are high
_ACES = sum(1 << (13 * s) for s in range(4))


def gin_values() -> list[int]:
    """Card values by rank index 0..12 (ace..king): ace 1, pips, faces 10."""
    return [min(r, 10) for r in range(1, 14)]


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood (wilds no meld could take are deadwood too)."""

    melds: tuple
    deadwood: tuple
    deadwood_value: int

    @property
    def melded(self) -> list[Card]:
        return [c for m in self.melds for c in m.cards]


class Solver:
    """Exact minimum-deadwood arrangements for one variant's meld rules and card values.

    ``values`` gives the deadwood value per rank (index 0 = ace) or a callable
    ``card -> int``; ``wild_value`` is what a wild left in hand costs.
    """

    def __init__(self, rules: MeldRules, values: Sequence[int] | Callable[[Card], int],
                 wild_value: int = 0, is_tile: bool = False):
        self.rules = rules
        self.is_tile = is_tile
        self.wild_value = wild_value
        if callable(values):
            self.value = values
        else:
            vals = list(values)
            self.value = lambda c, _v=vals, _w=wild_value: _v[c.rank - 1] if c.suit else _w
        suits = COLOURS if is_tile else SUITS
        self._cards = [Card(r, s, is_tile) for s in suits for r in range(1, 14)]
        # a card of a wild rank left in hand is a joker there, and costs what a wild costs
        self._code_value = [wild_value if c.rank in rules.wild_ranks else self.value(c)
                            for c in self._cards]
        # per-suit value tables: value of any 13-bit rank mask, and its highest card value
        # (shared by every solver with the same values: Indian rummy has one per wild rank)
        self._suit_tables = [_suit_table(tuple(self._code_value[13 * s:13 * s + 13]))
                             for s in range(4)]
        r = rules
        self._substitute = bool(r.naturals_per_wild or r.max_wilds < 99 or wild_value > 0)

    # ---------------------------------------------------------------- public interface
    def arrange(self, cards: Sequence[Card], memo: dict | None = None,
                sequences: int = 0, pure: int = 0) -> Arrangement | None:
        """The arrangement of ``cards`` with the least deadwood value.

        ``sequences`` and ``pure`` ask for at least that many runs, and at least that many
        pure ones (Indian rummy's declaration: two sequences, one pure); the result is None
        when no arrangement has them.
        """
        need = _need(sequences, pure)
        if need:
            return self._general(cards, memo if memo is not None else {}, need)
        if self._fast_ok(cards):
            mask = 0
            for c in cards:
                mask |= 1 << c.code
            return self._fast_arrangement(mask)
        return self._general(cards, memo if memo is not None else {})

    def deadwood(self, cards: Sequence[Card]) -> int:
        """Least deadwood value of ``cards``."""
        if self._fast_ok(cards):
            mask = 0
            for c in cards:
                mask |= 1 << c.code
            return self._mask_value(mask) - self._best_packing(mask)[0]
        return self._general(cards, {}).deadwood_value

    def best_discards(self, cards: Sequence[Card]) -> list[tuple[int, Card]]:
        """For each distinct card, the least deadwood left after discarding it, best first."""
        distinct = list(dict.fromkeys(cards))
        if self._fast_ok(cards):
            mask = 0
            for c in cards:
                mask |= 1 << c.code
            out = []
            for c in distinct:
                m = mask & ~(1 << c.code)
                out.append((self._mask_value(m) - self._best_packing(m)[0], c))
        else:
            memo: dict = {}
            # a large hand: one budget for every discard, and if it runs out, the greedy
            # walk for all of them (so that they are compared on the same footing)
            budget = [EXACT_STATES] if len(cards) - 1 > EXACT_CARDS else None
            rests = []
            for c in distinct:
                rest = list(cards)
                rest.remove(c)
                rests.append(rest)
            try:
                out = [(self._general(rest, memo, budget=budget).deadwood_value, c)
                       for rest, c in zip(rests, distinct)]
            except _OverBudget:
                out = [(self._general(rest, {}, greedy=True).deadwood_value, c)
                       for rest, c in zip(rests, distinct)]
        out.sort(key=lambda t: (t[0], -self.value(t[1]), t[1].code))
        return out

    def min_deadwood_after_discard(self, cards: Sequence[Card]) -> int:
        """Least deadwood after the best discard (gin's "can I knock?"), one search only."""
        return self.best_discard(cards)[0]

    def best_discard(self, cards: Sequence[Card]) -> tuple[int, Card]:
        """The discard that leaves the least deadwood, and that deadwood, in one search."""
        if self._fast_ok(cards):
            mask = 0
            for c in cards:
                mask |= 1 << c.code
            dead, code = self._best_discard_mask(mask)
            return dead, self._cards[code]
        return self.best_discards(cards)[0]

    def discard_bound(self, cards: Sequence[Card]) -> int:
        """A quick lower bound on the deadwood left after the best discard (fast path only):
        the cards in no candidate meld, less the highest of them."""
        mask = 0
        for c in cards:
            mask |= 1 << c.code
        free = mask & ~self._meldable(mask)
        return self._mask_value(free) - self._top_value(free)

    def _meldable(self, m: int) -> int:
        """The cards of ``m`` that lie in some meld, from whole-hand shifts (no loops)."""
        r = self.rules
        if r.run_min != 3 or r.set_min != 3:
            out = 0
            for x in self._candidates(m):
                out |= x
            return out
        ace = r.ace
        starts = m & (m >> 1) & (m >> 2) & (_HIGH_STARTS if ace == "high" else _STARTS)
        out = starts | (starts << 1) | (starts << 2)
        if ace != "low":                         # Q-K-A
            qka = (m >> 11) & (m >> 12) & m & _ACES
            out |= qka | (qka << 11) | (qka << 12)
        if ace == "round":                       # K-A-2
            ka2 = (m >> 12) & m & (m >> 1) & _ACES
            out |= ka2 | (ka2 << 12) | (ka2 << 1)
        if r.set_max >= 3:
            a, b, c, d = m & FULL, (m >> 13) & FULL, (m >> 26) & FULL, m >> 39
            many = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
            out |= (many | (many << 13) | (many << 26) | (many << 39)) & m
        return out

    # ---------------------------------------------------------------- bitmask engine
    def _fast_ok(self, cards: Sequence[Card]) -> bool:
        if len(cards) > EXACT_CARDS:
            return False    # its search over packings grows as 2**melds: the general engine
        seen = 0
        is_wild = self.rules.is_wild
        for c in cards:
            b = 1 << c.code
            if seen & b or is_wild(c) or not c.suit:
                return False
            seen |= b
        return True

    def _mask_value(self, m: int) -> int:
        t = self._suit_tables
        return (t[0][0][m & FULL] + t[1][0][(m >> 13) & FULL] +
                t[2][0][(m >> 26) & FULL] + t[3][0][m >> 39])

    def _top_value(self, m: int) -> int:
        t = self._suit_tables
        return max(t[0][1][m & FULL], t[1][1][(m >> 13) & FULL],
                   t[2][1][(m >> 26) & FULL], t[3][1][m >> 39])

    def _candidates(self, mask: int) -> list[int]:
        """Every meld (as a card mask) the hand can form, sub-runs and 3-of-4 sets included."""
        out = []
        rules = self.rules
        ace = rules.ace
        run_min = rules.run_min
        for s in range(4):
            m = (mask >> (13 * s)) & FULL
            if not m:
                continue
            base = 13 * s
            if ace == "low":
                line, width = m, 13
            elif ace == "high":
                line, width = (m & ~1) | ((m & 1) << 13), 14
            elif ace == "either":
                line, width = m | ((m & 1) << 13), 14
            else:
                line, width = m | (m << 13), 26
            # a bit at each position where run_min consecutive cards start
            starts = line
            for k in range(1, run_min):
                starts &= line >> k
            if ace == "round":
                starts &= FULL
            while starts:
                low = starts & -starts
                i = low.bit_length() - 1
                starts ^= low
                j = i + run_min - 1
                while j < width and (line >> j) & 1 and j - i < 13:
                    w = ((1 << (j - i + 1)) - 1) << i
                    if width == 14:
                        w = (w & FULL) | (w >> 13)
                    elif width == 26:
                        w = (w | (w >> 13)) & FULL
                    out.append(w << base)
                    j += 1
        # sets
        if rules.set_min <= 4:
            a = mask & FULL
            b = (mask >> 13) & FULL
            c = (mask >> 26) & FULL
            d = mask >> 39
            need = rules.set_min
            if need == 3:
                many = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
            else:
                many = a & b & c & d
            while many:
                low = many & -many
                many ^= low
                bits = [low << (13 * s) for s, x in enumerate((a, b, c, d)) if x & low]
                if len(bits) >= need and rules.set_max >= len(bits):
                    out.append(sum(bits))
                if len(bits) == 4 and need <= 3:
                    tot = sum(bits)
                    out.extend(tot ^ x for x in bits)
        if ace == "round":
            out = list(dict.fromkeys(out))
        return out

    def _best_packing(self, mask: int) -> tuple[int, list[int]]:
        """Most value that disjoint candidate melds can cover, and those melds."""
        cands = self._candidates(mask)
        if not cands:
            return 0, []
        mv = self._mask_value
        vals = [mv(m) for m in cands]
        n = len(cands)
        if n == 1:
            return vals[0], [cands[0]]
        best = [0, []]

        def dfs(i: int, used: int, got: int, chosen: list):
            if got > best[0]:
                best[0] = got
                best[1] = list(chosen)
            for k in range(i, n):
                m = cands[k]
                if not m & used:
                    chosen.append(m)
                    dfs(k + 1, used | m, got + vals[k], chosen)
                    chosen.pop()

        dfs(0, 0, 0, [])
        return best[0], best[1]

    def _top_code(self, m: int) -> int:
        """The code of a highest-value card of ``m`` (the natural discard)."""
        t = self._suit_tables
        best, code = -1, -1
        for s in range(4):
            part = (m >> (13 * s)) & FULL
            if part and t[s][1][part] > best:
                best, code = t[s][1][part], 13 * s + t[s][2][part]
        return code

    def _best_discard_mask(self, mask: int) -> tuple[int, int]:
        """Least deadwood after discarding one card of ``mask`` (over every packing), and
        the code of that discard."""
        total = self._mask_value(mask)
        cands = self._candidates(mask)
        top = self._top_value
        res = [total - top(mask), mask]
        if cands:
            mv = self._mask_value
            vals = [mv(m) for m in cands]
            n = len(cands)

            def dfs(i: int, used: int, got: int):
                free = mask & ~used
                if free:
                    d = total - got - top(free)
                    if d < res[0]:
                        res[0], res[1] = d, free
                for k in range(i, n):
                    m = cands[k]
                    if not m & used:
                        dfs(k + 1, used | m, got + vals[k])

            dfs(0, 0, 0)
        return res[0], self._top_code(res[1])

    def _fast_arrangement(self, mask: int) -> Arrangement:
        got, melds = self._best_packing(mask)
        used = 0
        out = []
        for m in melds:
            used |= m
            out.append(self._meld_of(self._cards_of(m)))
        rest = self._cards_of(mask & ~used)
        return Arrangement(tuple(out), tuple(rest), self._mask_value(mask) - got)

    def _cards_of(self, mask: int) -> list[Card]:
        out = []
        cards = self._cards
        while mask:
            low = mask & -mask
            out.append(cards[low.bit_length() - 1])
            mask ^= low
        return out

    def _meld_of(self, cards: list[Card]) -> Meld:
        options = interpretations(cards, self.rules)
        # a natural meld has one reading, but K-A-2 style wraps could give several
        return options[0]

    # ---------------------------------------------------------------- general engine
    def _general(self, cards: Sequence[Card], memo: dict, need: int = 0,
                 budget: list | None = None, greedy: bool = False) -> Arrangement | None:
        """The best arrangement by the first-card search (see EXACT_CARDS for large hands).
        A ``budget`` given by the caller ([memo size]) is shared with its other calls, and
        running out of it raises _OverBudget; ``greedy`` walks greedily at once."""
        rules = self.rules
        counts = 0
        jokers = 0
        flexible: list[Card] = []
        plain_jokers: list[Card] = []    # jokers that are not wild here: always deadwood
        for c in cards:
            if not c.suit:
                if rules.jokers_wild:
                    jokers += 1
                else:
                    plain_jokers.append(c)
                continue
            if c.rank in rules.wild_ranks:
                flexible.append(c)
            counts += 1 << (2 * c.code)
        # a wild-rank card is itself or a stand-in: try each way of turning some into wilds
        best = None
        table_jokers = [c for c in cards if not c.suit and rules.jokers_wild]
        # (in a fixed order: ties between equal costs go to the first, the same everywhere)
        flexible.sort(key=lambda c: c.code)
        flex_options = list(dict.fromkeys(x for k in range(len(flexible) + 1)
                                          for x in combinations(flexible, k)))
        # hands of a usual size are arranged exactly; a larger one (a spread pile picked up,
        # pushes) exactly while the search stays within EXACT_STATES new memo entries, and
        # otherwise by the greedy walk, so that no arrangement costs more than a bounded
        # amount of work whatever the hand (the same result in every process: the count of
        # entries, not the clock, decides)
        shared = budget is not None
        if not shared and len(cards) > EXACT_CARDS:
            budget = [len(memo) + EXACT_STATES]

        def option(as_wild):
            cnt = counts
            for c in as_wild:
                cnt -= 1 << (2 * c.code)
            return cnt, jokers + len(as_wild)

        try:
            if greedy:
                raise _OverBudget
            for as_wild in flex_options:
                cnt, wilds = option(as_wild)
                # a wild-rank card left over counts as a wild (wild_value), as the books say
                cost = self._dp(cnt, wilds, memo, need, budget)
                if best is None or cost < best[0]:
                    best = (cost, cnt, wilds, as_wild, None)
        except _OverBudget:
            if shared:
                raise
            # every wild-rank card a wild, or every one itself (and, when there are few,
            # each way between), walked greedily
            best = None
            tried = flex_options if len(flex_options) <= GREEDY_FLEX else \
                [flex_options[-1], flex_options[0]]
            for as_wild in tried:
                cnt, wilds = option(as_wild)
                cost, steps = self._greedy(cnt, wilds, need)
                if cost >= IMPOSSIBLE:
                    continue
                # compared as rebuilt: a wild the walk left over may still join a meld
                arr = self._rebuild(cnt, wilds, list(as_wild), table_jokers, memo, need,
                                    steps, cost)
                if best is None or arr.deadwood_value < best[0]:
                    best = (arr.deadwood_value, cnt, wilds, as_wild, arr)
            if best is None:
                return None
        cost, cnt, wilds, as_wild, arr = best
        if cost >= IMPOSSIBLE:
            return None
        if arr is None:
            arr = self._rebuild(cnt, wilds, list(as_wild), table_jokers, memo, need)
        if plain_jokers and rules.joker_sets and len(plain_jokers) >= rules.set_min:
            # jokers that meld only with each other: one set of them, the rest deadwood
            k = min(len(plain_jokers), rules.set_max)
            arr = Arrangement(arr.melds + (Meld("set", tuple(plain_jokers[:k]), rank=0),),
                              arr.deadwood, arr.deadwood_value)
            plain_jokers = plain_jokers[k:]
        if plain_jokers:
            arr = Arrangement(arr.melds, arr.deadwood + tuple(plain_jokers),
                              arr.deadwood_value + sum(map(self.value, plain_jokers)))
        return arr

    def _dp(self, counts: int, wilds: int, memo: dict, need: int = 0,
            budget: list | None = None) -> int:
        """Least deadwood of ``counts`` (2 bits per card code) and ``wilds``, with ``need``
        (see :func:`_need`) runs still to make; IMPOSSIBLE when they cannot be made.
        ``budget``: [the memo size past which the search gives up] (raises _OverBudget;
        every entry already in the memo stays exact)."""
        key = (counts, wilds, need)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        if budget is not None and len(memo) >= budget[0]:
            raise _OverBudget
        if not counts:
            memo[key] = (wilds * self.wild_value if not need else IMPOSSIBLE, None)
            return memo[key][0]
        low = counts & -counts
        code = (low.bit_length() - 1) >> 1
        # option 1: the first card is deadwood
        best_cost = self._code_value[code] + self._dp(counts - (1 << (2 * code)), wilds, memo,
                                                      need, budget)
        best_step = ("dead", code)
        for step, rest, w_left in self._melds_with(code, counts, wilds, need):
            c = self._dp(rest, w_left, memo, _after(need, step) if need else 0, budget)
            if c < best_cost:
                best_cost, best_step = c, step
                if c == 0:
                    break
        memo[key] = (best_cost, best_step)
        return best_cost

    def _melds_with(self, code: int, counts: int, wilds: int, need: int = 0):
        """Each meld containing card ``code`` from ``counts`` and ``wilds``: yields
        (description, remaining counts, wilds left)."""
        rules = self.rules
        rank = code % 13 + 1
        suit = code // 13
        # a wild may stand in for a card the hand holds (freeing it for another meld) when
        # leftover wilds cost something, or while runs are still required: two decks with
        # jokers, Ah 2h Jk Jk 4h 5h 5h 6h needs Ah 2h Jk Jk=4h 5h beside a pure 4h 5h 6h
        sub = self._substitute or need > 0
        lean = not sub  # wilds cost nothing when left over: use them only to reach length
        # sets
        if rules.set_min <= rules.set_max:
            others = []
            for s in range(4):
                if s == suit:
                    continue
                oc = s * 13 + rank - 1
                if (counts >> (2 * oc)) & 3:
                    others.append(oc)
            if not rules.set_distinct_suits and (counts >> (2 * code)) & 3 >= 2:
                others.append(code)
            for k in range(len(others) + 1):
                for group in combinations(others, k):
                    n_nat = 1 + k
                    lim = min(wilds, rules.wild_limit(n_nat) if rules.wilds_in_sets else 0)
                    lo_w = max(0, rules.set_min - n_nat)
                    hi_w = min(lim, rules.set_max - n_nat)
                    if lean:
                        hi_w = min(hi_w, lo_w)
                    rest = counts - (1 << (2 * code))
                    for g in group:
                        rest -= 1 << (2 * g)
                    for w in range(lo_w, hi_w + 1):
                        yield ("set", rank, (code,) + group, w), rest, wilds - w
        # runs: windows [a, b] of positions that contain this card, grown outwards; a
        # window stops growing once it needs more wilds than there are
        lo, hi = rules.run_positions
        rnd = rules.ace == "round"
        run_min = rules.run_min
        base = 13 * suit
        for p in ((1, 14) if rank == 1 and rules.ace in ("either", "high") else (rank,)):
            if rules.ace == "high" and p == 1:
                continue
            a_min = p - 12 if rnd else lo
            left: list = []          # slots below p, nearest first
            left_missing = 0
            for a in range(p, a_min - 1, -1):
                if a != p:
                    oc = base + (a - 1) % 13
                    if (counts >> (2 * oc)) & 3:
                        left.append(oc)
                    else:
                        left.append(None)
                        left_missing += 1
                        if left_missing > wilds:
                            break
                left_wild_end = bool(left) and left[-1] is None
                missing = left_missing
                slots = left[::-1] + [code]
                b_max = min(a + 12, (p + 12) if rnd else hi)
                for b in range(p, b_max + 1):
                    if b != p:
                        oc = base + (b - 1) % 13
                        if (counts >> (2 * oc)) & 3:
                            slots.append(oc)
                        else:
                            slots.append(None)
                            missing += 1
                            if missing > wilds:
                                break
                    length = b - a + 1
                    if length < run_min:
                        continue
                    if lean and length > run_min:
                        if left_wild_end:
                            break      # a longer window only adds wilds at the end
                        if slots[-1] is None:
                            continue
                    yield from self._run_variants(suit, a, p, slots, missing, counts, wilds, sub)

    def _run_variants(self, suit, a, p, slots, missing, counts, wilds, sub):
        rules = self.rules
        length = len(slots)
        variants = [slots]
        if sub and wilds > missing:
            nat_idx = [i for i, x in enumerate(slots) if x is not None and a + i != p]
            for k in range(1, wilds - missing + 1):
                for pick in combinations(nat_idx, k):
                    v = list(slots)
                    for i in pick:
                        v[i] = None
                    variants.append(v)
        for v in variants:
            nw = missing if v is slots else v.count(None)
            nn = length - nw
            if nn < rules.min_naturals or nw > rules.wild_limit(nn):
                continue
            rest = counts
            for x in v:
                if x is not None:
                    rest -= 1 << (2 * x)
            yield ("run", suit, a, tuple(v)), rest, wilds - nw

    def _greedy(self, counts: int, wilds: int, need: int = 0) -> tuple[int, list]:
        """A quick arrangement for a hand too large to search: the lowest card goes into the
        meld that takes the most value out of the hand (fewest wilds on ties), or is
        deadwood when none holds it. Returns its deadwood value and its steps; the value is
        IMPOSSIBLE when the runs ``need`` asks for were not made."""
        steps = []
        cost = 0
        vals = self._code_value
        while counts:
            low = counts & -counts
            code = (low.bit_length() - 1) >> 1
            best = None
            for step, rest, w_left in self._melds_with(code, counts, wilds, need):
                laid = step[2] if step[0] == "set" else step[3]
                gain = (sum(vals[x] for x in laid if x is not None), w_left)
                if best is None or gain > best[0]:
                    best = (gain, step, rest, w_left)
            if best is None:
                steps.append(("dead", code))
                cost += self._code_value[code]
                counts -= 1 << (2 * code)
                continue
            _x, step, counts, wilds = best
            steps.append(step)
            if need:
                need = _after(need, step)
        if need:
            return IMPOSSIBLE, steps
        return cost + wilds * self.wild_value, steps

    def _rebuild(self, counts: int, wilds: int, as_wild: list[Card], jokers: list[Card],
                 memo: dict, need: int = 0, steps: list | None = None,
                 cost: int | None = None) -> Arrangement:
        """Walk the memo (or the greedy walk's ``steps``, of deadwood ``cost``) from the
        start state and turn its steps into melds."""
        if steps is None:
            cost = self._dp(counts, wilds, memo, need)
        wild_pool = list(jokers) + list(as_wild)
        melds, dead = [], []
        key = (counts, wilds, need)
        cards = self._cards
        walk = iter(steps) if steps is not None else None
        while True:
            if walk is not None:
                step = next(walk, None)
            else:
                _x, step = memo[key][0], memo[key][1]
            if step is None:
                break
            if step[0] == "dead":
                code = step[1]
                dead.append(cards[code])
                key = (key[0] - (1 << (2 * code)), key[1], key[2])
                continue
            if step[0] == "set":
                _x, rank, codes, w = step
                nat = [cards[c] for c in codes]
                used = [wild_pool.pop() for _ in range(w)]
                melds.append(Meld("set", tuple(nat + used), rank=rank, is_tile=self.is_tile))
                rest = key[0]
                for c in codes:
                    rest -= 1 << (2 * c)
                key = (rest, key[1] - w, key[2])
            else:
                _x, suit, a, v = step
                slot_cards = []
                rest = key[0]
                nw = 0
                for x in v:
                    if x is None:
                        slot_cards.append(wild_pool.pop())
                        nw += 1
                    else:
                        slot_cards.append(cards[x])
                        rest -= 1 << (2 * x)
                start = a if self.rules.ace != "round" else (a - 1) % 13 + 1
                melds.append(Meld("run", tuple(slot_cards), suit=(COLOURS if self.is_tile else SUITS)[suit],
                                  start=start, is_tile=self.is_tile))
                key = (rest, key[1] - nw, _after(key[2], step) if key[2] else 0)
        loose = wild_pool
        before = len(loose)
        melds = _attach_loose(melds, loose, self.rules, need >> 2)
        if cost < IMPOSSIBLE:
            # a wild the walk left over and a meld then took is no longer deadwood (the
            # greedy walk leaves some that the exact search would have placed)
            cost -= (before - len(loose)) * self.wild_value
        dead.extend(loose)
        return Arrangement(tuple(melds), tuple(dead), cost)


_TABLES: dict = {}


def _suit_table(vals: tuple) -> tuple:
    """For one suit's 13 card values: the total value of each of the 8192 rank masks, the
    highest value in it, and the rank index of a highest card (the lowest index on ties).

    Built by doubling, one rank at a time (a few list comprehensions, not 8192 steps)."""
    hit = _TABLES.get(vals)
    if hit is not None:
        return hit
    tot, top, arg = [0], [0], [0]
    for i, v in enumerate(vals):
        tot = tot + [t + v for t in tot]
        arg = arg + [i] + [i if v > t else a for t, a in zip(top[1:], arg[1:])]
        top = top + [max(t, v) for t in top]
    _TABLES[vals] = out = (tot, top, arg)
    return out


# a cost no arrangement reaches: the required runs cannot be made
IMPOSSIBLE = 1 << 40

# hands of up to EXACT_CARDS cards (every deal of every variant, plus its draw) are always
# arranged exactly; a larger hand exactly while its search fills at most EXACT_STATES memo
# entries, otherwise by the greedy walk (trying at most GREEDY_FLEX ways of using wild-rank
# cards): see benchmarks/large_hands.py for what that costs
EXACT_CARDS = 15
EXACT_STATES = 1000
GREEDY_FLEX = 4


class _OverBudget(Exception):
    """The exact search of a large hand grew past its budget."""


def _need(sequences: int, pure: int) -> int:
    """Runs still required, packed in one small int: ``pure * 4 + sequences`` (a pure run
    counts as a run too, so ``sequences`` is at least ``pure``)."""
    if pure > 1 or sequences > 3:
        raise ValueError("the solver can require at most one pure run and three runs")
    return pure * 4 + max(sequences, pure)


def _after(need: int, step) -> int:
    """What is still required after the search lays ``step``."""
    if step[0] != "run":
        return need
    seqs = max(0, (need & 3) - 1)
    pure = need >> 2
    if pure and None not in step[3]:
        pure = 0
    return pure * 4 + seqs


def _attach_loose(melds: list[Meld], loose: list[Card], rules: MeldRules,
                  keep_pure: int = 0) -> list[Meld]:
    """Put wilds nobody needed into melds that can take them (so a hand counts as fully
    grouped); what cannot be placed stays in ``loose``. Sets and impure runs take them
    first, and a pure run only while ``keep_pure`` pure runs remain."""
    from .melds import layoff_results
    out = list(melds)
    while loose:
        w = loose[-1]
        pure = sum(1 for m in out if m.kind == "run" and m.is_pure)
        order = sorted(range(len(out)), key=lambda i: out[i].kind == "run" and out[i].is_pure)
        for i in order:
            m = out[i]
            if m.kind == "run" and m.is_pure and pure <= keep_pure:
                continue
            res = layoff_results(m, w, rules)
            if res:
                out[i] = res[-1]
                loose.pop()
                break
        else:
            break
    return out
