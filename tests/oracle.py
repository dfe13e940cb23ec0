"""A brute-force arrangement oracle: try every partition of a small hand into melds."""

from functools import lru_cache

from rami.melds import interpretations


def brute_deadwood(cards, rules, value, wild_value=0):
    cards = tuple(sorted(cards, key=lambda c: (c.code, str(c))))

    def cost(c):
        return wild_value if rules.is_wild(c) else value(c)

    @lru_cache(maxsize=None)
    def best(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        result = cost(first) + best(others)
        n = len(others)
        for mask in range(1, 1 << n):
            k = bin(mask).count("1")
            if k + 1 < 3 or k + 1 > 13:
                continue
            group = [first] + [others[i] for i in range(n) if mask >> i & 1]
            if interpretations(group, rules):
                left = tuple(others[i] for i in range(n) if not mask >> i & 1)
                result = min(result, best(left))
        return result

    return best(cards)
