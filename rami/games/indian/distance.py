"""MinDist (Saha et al., "Quantitative Rule-Based Strategy modeling in Classic Indian Rummy:
A Metric Optimization Approach", arXiv:2601.00024): the fewest of a hand's cards that must be
replaced to reach a valid declaration (every card in a sequence or a set, two sequences, one
of them pure). The replacements are any cards, so a lone 5♠ kept with two replacements is a
pure sequence, and 5♠ 8♠ needs the 6♠ and 7♠.

The search is exact: the hand's cards are split into groups (a partial sequence of one suit,
jokers filling gaps or extending it; a partial set of distinct suits; jokers alone), each
with the replacements it needs to be whole (it grows to at least 3 cards, a sequence to its
span), and a hand is within ``d`` when some split replaces at most ``d`` of its cards and
the groups' replacements, with any sequences still to be made wholly of replacements (3
cards each), number no more than the cards replaced. ``tests/test_references.py`` checks it
against rami's meld solver and a brute force over single replacements.

The MinDist player (benchmarks/mindist.py) plays by it; the Expert weighs its discards by it.
"""

from __future__ import annotations

import itertools

HAND = 13
MOST = 3              # the most replacements, and jokers, in one group (see groups_of)


def _is_joker(card, wild) -> bool:
    return not card.suit or card.rank == wild


def groups_of(cards: tuple, wild) -> list[list[tuple]]:
    """For each index, the groups led by it (its lowest index): (mask, the replacements it
    needs, kind, the cards that would take a replacement's place), kind 2 a pure sequence,
    1 a sequence with jokers, 0 a set; the fewest replacements first. Only groups that need
    at most ``MOST`` replacements and hold at most ``MOST`` jokers (three, alone) are made:
    a hand within ``MOST`` of a declaration is measured exactly, and the search stays small
    whatever the hand (a six-player deal may bring ten jokers, or twelve cards of a suit)."""
    n = len(cards)
    jokers = [i for i in range(n) if _is_joker(cards[i], wild)]
    # (with five jokers or more, two a group beside the jokers' own groups: such a hand is
    # a card or two from a declaration however they are placed)
    joker_sets = [(sum(1 << i for i in sub), len(sub))
                  for k in range(min(len(jokers), MOST if len(jokers) < 5 else 2) + 1)
                  for sub in itertools.combinations(jokers, k)]
    found: dict[tuple, tuple] = {}

    def add(mask: int, size: int, kind: int, needs=frozenset()) -> None:
        if size > HAND:
            return
        # (the same cards as a smaller group do at least as well; as a sequence and as a
        # set, both are kept: they ask for different cards)
        old = found.get((mask, kind))
        if old is None or size < old[0]:
            found[(mask, kind)] = (size, kind, needs)
        elif size == old[0]:
            found[(mask, kind)] = (size, kind, old[2] | needs)

    # sequences: naturals of one suit, one card of a rank, jokers filling gaps or extending;
    # a run of naturals from rank ``lo`` to ``hi`` (the ace as 1 or as 14) may leave out a
    # few of the ranks between, to other groups
    spare = min(len(jokers), MOST if len(jokers) < 5 else 2)
    for suit in sorted({c.suit for c in cards if c.suit}):
        by_rank: dict[int, list[int]] = {}
        for i, c in enumerate(cards):
            if c.suit == suit:
                by_rank.setdefault(c.rank, []).append(i)
        if 1 in by_rank:
            by_rank[14] = by_rank[1]
        ranks = sorted(by_rank)
        for x, lo in enumerate(ranks):
            for y in range(x, len(ranks)):
                hi = ranks[y]
                if hi - lo >= 13 or (lo == 1 and hi == 14):
                    break
                inner = ranks[x + 1:y]
                room = MOST + spare - (max(3, hi - lo + 1) - (y - x + 1))
                for drop in range(min(room, len(inner)) + 1):
                    for left in itertools.combinations(inner, drop):
                        chosen = [lo] + [r for r in inner if r not in left] + \
                            ([hi] if hi != lo else [])
                        k = len(chosen)
                        span = hi - lo + 1
                        for picks in itertools.product(*(by_rank[r] for r in chosen)):
                            base = sum(1 << i for i in picks)
                            for jm, jn in joker_sets:
                                size = max(3, span, k + jn)
                                if jm & base or size - k - jn > MOST:
                                    continue
                                named = tuple(1 if r == 14 else r for r in chosen)
                                add(base | jm, size, 1 if jn else 2,
                                    _run_needs(suit, named, size, jn) if size > k + jn
                                    else NOTHING)
    # sets: one rank, distinct suits, four at most with jokers
    for rank in sorted({c.rank for c in cards if c.suit}):
        by_suit: dict[str, list[int]] = {}
        for i, c in enumerate(cards):
            if c.suit and c.rank == rank:
                by_suit.setdefault(c.suit, []).append(i)
        suits = sorted(by_suit)
        for k in range(1, min(4, len(suits)) + 1):
            for chosen in itertools.combinations(suits, k):
                for picks in itertools.product(*(by_suit[s] for s in chosen)):
                    base = sum(1 << i for i in picks)
                    for jm, jn in joker_sets:
                        if jm & base or k + jn > 4:
                            continue
                        add(base | jm, max(3, k + jn), 0,
                            frozenset({JOKER} | {(t, rank) for t in "shdc" if t not in chosen})
                            if k + jn < 3 else NOTHING)
    # jokers alone: a sequence the replacements complete
    for k in range(1, len(jokers) + 1):
        # (past three, only the first k of them: a long group of jokers is rare enough)
        for sub in (itertools.combinations(jokers, k) if k <= MOST else [jokers[:k]]):
            add(sum(1 << i for i in sub), max(3, k), 1, ANY_CARD if k < 3 else NOTHING)
    led: list[list[tuple]] = [[] for _ in range(n)]
    for (mask, _k), (size, kind, needs) in found.items():
        led[(mask & -mask).bit_length() - 1].append((mask, size - bin(mask).count("1"), kind,
                                                      needs))
    for groups in led:
        groups.sort(key=lambda g: (g[1], -g[2], g[0]))
    return led


JOKER, ANY = "joker", "any"           # (in a group's needs: any joker, any card at all)
NOTHING = frozenset()
ANY_CARD = frozenset({ANY})


def _run_needs(suit: str, ranks: tuple, size: int, jokers: int) -> frozenset:
    """The cards that would take a replacement's place in a partial sequence of ``ranks``
    grown to ``size``: its gaps, or ranks beside it within that size; a joker too when the
    sequence has one already (a pure one is not asked to take one)."""
    out = set()
    for high in (False, True):
        have = [14 if high and r == 1 else r for r in ranks]
        if high and 1 not in ranks and max(have) < 12:
            continue
        for r in range(1, 15):
            if r not in have and max(have + [r]) - min(have + [r]) < size:
                out.add((suit, 1 if r == 14 else r))
    if jokers:
        out.add(JOKER)
    return frozenset(out)


def prepare(cards: tuple, wild, every: bool = False) -> tuple[list, list]:
    """The groups led by each card (:func:`groups_of`; unless ``every``, only the best
    reading of each set of cards: the fewest replacements, then the purest), and for a
    budget of 0, 1 and 2 replacements the mask of cards that no group takes within it."""
    led = groups_of(cards, wild)
    if not every:
        for i, groups in enumerate(led):
            seen: set = set()
            led[i] = [g for g in groups if not (g[0] in seen or seen.add(g[0]))]
    least = [3] * len(led)
    for groups in led:                 # (a group counts for each of its cards)
        for mask, more, _k, _n in groups:
            m = mask
            while m:
                j = (m & -m).bit_length() - 1
                least[j] = min(least[j], more)
                m &= m - 1
    return led, [sum(1 << i for i in range(len(led)) if least[i] > b) for b in range(3)]


def _flags(pure: int, seqs: int, kind: int) -> tuple[int, int]:
    return (pure or kind == 2, min(2, seqs + (kind > 0)))


def _to_build(pure: bool, seqs: int) -> int:
    """Sequences still to be made wholly of replacements, 3 cards each."""
    if pure:
        return 0 if seqs >= 2 else 1
    return 1 if seqs >= 1 else 2


class Metric:
    """MinDist over the hands of one wild rank: is a hand within ``d`` replacements of a
    valid declaration, searched card by card (the lowest card left is replaced, or leads one
    of its groups) with ``d`` bounding both the cards replaced and the replacements the
    groups need, so a near hand is settled in a few steps."""

    def __init__(self, wild):
        self.wild = wild
        self.known: dict = {}            # (the cards, which may go) -> the answer


    def within(self, led: list, lone: list, full: int, d: int,
               memo: dict | None = None) -> bool:
        """Can the cards of mask ``full`` be made a valid declaration by replacing at most
        ``d`` of them? (``led`` and ``lone`` from :func:`prepare`; ``memo``: shared by the
        searches of one hand at one ``d``.)"""
        memo = {} if memo is None else memo
        def go(rem: int, out: int, fill: int, pure: bool, seqs: int) -> bool:
            if not rem:
                return fill + 3 * _to_build(pure, seqs) <= out
            key = (rem, out, fill, pure, seqs)
            got = memo.get(key)
            if got is not None:
                return got
            # (cards that no group takes within the replacements left must be replaced)
            if out + bin(rem & lone[min(d - fill, 2)]).count("1") > d:
                memo[key] = False
                return False
            low = (rem & -rem).bit_length() - 1
            ok = out < d and go(rem & ~(1 << low), out + 1, fill, pure, seqs)
            if not ok:
                for mask, more, kind, _n in led[low]:   # (fewest replacements first)
                    if fill + more > d:
                        break
                    if not mask & ~rem:
                        p, s = _flags(pure, seqs, kind)
                        if go(rem & ~mask, out, fill + more, p, s):
                            ok = True
                            break
            memo[key] = ok
            return ok

        return go(full, 0, 0, False, 0)

    def distances(self, cards, out_of=None) -> tuple[int, list[int]]:
        """(the least MinDist of ``cards`` less one of them, the indices of the cards whose
        going leaves it); ``out_of``: only these indices may go. With 13 cards and no
        ``out_of``: use :meth:`distance`."""
        cards = list(cards)
        n = len(cards)
        may = range(n) if out_of is None else out_of
        key = (tuple(c.code for c in cards), tuple(may))
        got = self.known.get(key)
        if got is not None:
            return got
        if len(self.known) > 256:
            self.known.clear()
        led, lone = prepare(tuple(cards), self.wild)
        full = (1 << n) - 1
        for d in range(HAND + 1):
            memo: dict = {}
            best = [i for i in may if self.within(led, lone, full & ~(1 << i), d, memo)]
            if best:
                got = self.known[key] = (d, best)
                return got
        raise AssertionError("no hand is more than 13 cards from a declaration")

    def outs(self, cards) -> tuple[int, frozenset]:
        """(the MinDist of these 13 cards, what a card must be to lower it): (suit, rank)
        pairs, ``JOKER`` (any joker will do) and ``ANY`` (any card will). Read from every
        split at that distance: a card that takes the place of one of its replacements. (A
        card that lowers it only by lengthening a sequence past its size is not counted.)"""
        cards = list(cards)
        d = self.distance(cards)
        return d, self.outs_each(cards + [None], [len(cards)], d)[len(cards)]

    def outs_each(self, cards, going, d: int) -> dict:
        """:meth:`outs` of ``cards`` less each card of index in ``going``, all ``d`` from a
        declaration (one search: the hands share their sub-problems). A ``None`` among the
        cards stands for a card already gone."""
        key = (tuple(c.code if c is not None else -1 for c in cards), tuple(going), d, "outs")
        got = self.known.get(key)
        if got is not None:
            return got
        real = [i for i, c in enumerate(cards) if c is not None]
        led, lone = prepare(tuple(cards[i] for i in real), self.wild, every=True)
        where = {i: n for n, i in enumerate(real)}
        memo: dict = {}

        def go(rem: int, out: int, fill: int, pure: bool, seqs: int):
            if not rem:
                if fill + 3 * _to_build(pure, seqs) > out:
                    return None
                return ANY_CARD if _to_build(pure, seqs) else NOTHING
            key = (rem, out, fill, pure, seqs)
            if key in memo:
                return memo[key]
            if out + bin(rem & lone[min(d - fill, 2)]).count("1") > d:
                memo[key] = None
                return None
            low = (rem & -rem).bit_length() - 1
            found = go(rem & ~(1 << low), out + 1, fill, pure, seqs) if out < d else None
            for mask, more, kind, needs in led[low]:
                if fill + more > d:
                    break
                if not mask & ~rem:
                    p, s = _flags(pure, seqs, kind)
                    sub = go(rem & ~mask, out, fill + more, p, s)
                    if sub is not None:
                        found = (found or NOTHING) | sub | needs
            memo[key] = found
            return found

        full = (1 << len(real)) - 1
        got = {i: go(full & ~(1 << where[i]) if i in where else full, 0, 0, False, 0)
               or NOTHING for i in going}
        if len(self.known) > 256:
            self.known.clear()
        self.known[key] = got
        return got

    def each(self, cards) -> list[int]:
        """The MinDist left by each card's going, in the cards' order (one of 14)."""
        steps = self.each_steps(cards)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def each_steps(self, cards):
        """:meth:`each` in steps: a generator that yields after each distance tried (so a
        page that runs the bots on its own thread draws between them), and returns it."""
        cards = list(cards)
        key = (tuple(c.code for c in cards), "each")
        got = self.known.get(key)
        if got is not None:
            return got
        led, lone = prepare(tuple(cards), self.wild)
        yield
        full = (1 << len(cards)) - 1
        out: list = [None] * len(cards)
        for d in range(HAND + 1):
            memo: dict = {}
            for i in range(len(cards)):
                if out[i] is None and self.within(led, lone, full & ~(1 << i), d, memo):
                    out[i] = d
            if None not in out:
                break
            yield
        self.known[key] = out
        return out

    def distance(self, cards) -> int:
        """The fewest cards of these 13 that must be replaced for a valid declaration."""
        key = (tuple(c.code for c in cards), None)
        got = self.known.get(key)
        if got is not None:
            return got
        led, lone = prepare(tuple(cards), self.wild)
        full = (1 << len(cards)) - 1
        got = self.known[key] = next(d for d in range(HAND + 1)
                                     if self.within(led, lone, full, d))
        return got
