"""A brute-force arrangement oracle: try every partition of a small hand into melds."""

from functools import lru_cache

from rami.melds import interpretations

IMPOSSIBLE = None


def brute_deadwood(cards, rules, value, wild_value=0, sequences=0, pure=0):
    """Least deadwood of ``cards``; with ``sequences``/``pure``, of the arrangements holding
    at least that many runs and pure runs (None when there is none)."""
    cards = tuple(sorted(cards, key=lambda c: (c.code, str(c))))
    big = 10 ** 9

    def cost(c):
        return wild_value if rules.is_wild(c) else value(c)

    def kinds(group):
        """(is a run, is a pure run) for each way the group reads as a meld."""
        out = set()
        for m in interpretations(group, rules):
            out.add((m.kind == "run", m.kind == "run" and m.is_pure))
        return out

    @lru_cache(maxsize=None)
    def best(rest, seqs, pures):
        if not rest:
            return 0 if seqs <= 0 and pures <= 0 else big
        first, others = rest[0], rest[1:]
        result = cost(first) + best(others, seqs, pures)
        n = len(others)
        for mask in range(1, 1 << n):
            k = bin(mask).count("1")
            if k + 1 < 3 or k + 1 > 13:
                continue
            group = [first] + [others[i] for i in range(n) if mask >> i & 1]
            left = tuple(others[i] for i in range(n) if not mask >> i & 1)
            for is_run, is_pure in kinds(group):
                result = min(result, best(left, seqs - is_run, pures - is_pure))
        return result

    got = best(cards, sequences, pure)
    return IMPOSSIBLE if got >= big else got
