"""Is tile Rami's meld search exact? Random racks arranged by rami's solver, checked against
an integer linear program after den Hertog and Hulshof, "Solving Rummikub problems by integer
linear programming" (The Computer Journal 49(6), 2006), solved by HiGHS through SciPy.

    python benchmarks/tiles_ilp.py --racks 500           # (SciPy: requirements-dev.txt)

The program, as the paper sets it out for the tiles in one player's hands (their "maximise
the tiles placed" with an empty table), with rami's Romanian rules: every combination the
rules allow is a column ``x_m`` (how many times it is laid: 0, 1 or 2, since each tile is
in the set twice), each tile a row: the combinations laid use no more of a tile than the rack
holds. The combinations: runs of one colour of three tiles or more (1 to 13, the 1 also after
the 13), groups of one number in three or four colours, each with up to two Jolys standing
for tiles, every Joly beside at least two real tiles of its combination (rami's
``naturals_per_wild``). The objective: the most rack points in combinations, so the least
left in the rack (rami's ``rack_value``: 5, 10 from the 10s, 25 for a 1 and a Joly), which
is what rami's solver minimises (``Solver.arrange(...).deadwood_value``).

Prints how many racks agree, and each that does not (rami's deadwood, the program's, the
rack). Asserts nothing; ``tests/test_references.py`` checks 60 racks of 14 and 15 tiles.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rami.cards import COLOURS, JOLY, Card, tile_set      # noqa: E402
from rami.games.tiles import rack_value                   # noqa: E402
from rami.variants import find_variant                     # noqa: E402

TYPES = [Card(r, c, True) for c in COLOURS for r in range(1, 14)] + [JOLY]
INDEX = {t: i for i, t in enumerate(TYPES)}
JOLYS = 2                                                  # in the set


def combinations() -> list[dict]:
    """Every combination the rules allow, as {tile type index: count}."""
    out: set = set()
    for colour in COLOURS:
        for start in range(1, 13):
            for end in range(start + 2, 15):           # the 1 after the 13 is rank 14
                if start == 1 and end == 14:            # (never round the corner)
                    continue
                ranks = list(range(start, end + 1))
                tiles = [Card(1 if r == 14 else r, colour, True) for r in ranks]
                _with_jolys(tiles, out)
    for number in range(1, 14):
        for k in (3, 4):
            for colours in _subsets(COLOURS, k):
                _with_jolys([Card(number, c, True) for c in colours], out)
    return [dict(m) for m in sorted(out)]


def _subsets(items, k):
    import itertools
    return itertools.combinations(items, k)


def _with_jolys(tiles: list, out: set) -> None:
    """The combination, and each with one or two of its tiles stood for by Jolys (each Joly
    beside at least two real tiles)."""
    import itertools
    n = len(tiles)
    for w in range(0, JOLYS + 1):
        if n - w < 2 * w or (w and n - w < 2):
            continue
        for spots in itertools.combinations(range(n), w):
            counts: dict = {}
            for i, t in enumerate(tiles):
                key = INDEX[JOLY] if i in spots else INDEX[t]
                counts[key] = counts.get(key, 0) + 1
            if all(v <= 2 for v in counts.values()):
                out.add(tuple(sorted(counts.items())))


def best_by_ilp(rack, combos, matrix) -> int:
    """The least rack points left, by the integer program."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    have = np.zeros(len(TYPES))
    for t in rack:
        have[INDEX[t]] += 1
    value = np.array([rack_value(t) for t in TYPES], dtype=float)
    # only the combinations the rack could make at all
    usable = [j for j, m in enumerate(combos) if all(have[i] >= k for i, k in m.items())]
    if not usable:
        return int(sum(rack_value(t) for t in rack))
    a = matrix[:, usable]
    gain = -(value @ a)                           # (milp minimises)
    res = milp(gain, constraints=LinearConstraint(a, 0, have), integrality=np.ones(len(usable)),
               bounds=Bounds(0, 2))
    if not res.success:
        raise RuntimeError(res.message)
    return int(round(sum(rack_value(t) for t in rack) + res.fun))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument("--sizes", default="14,15", help="rack sizes, drawn in turn")
    ap.add_argument("--seed", default="tiles-ilp")
    args = ap.parse_args(argv)
    import numpy as np
    combos = combinations()
    matrix = np.zeros((len(TYPES), len(combos)))
    for j, m in enumerate(combos):
        for i, k in m.items():
            matrix[i, j] = k
    solver = find_variant("tiles").solver_for({})
    rng = random.Random(args.seed)
    sizes = [int(x) for x in args.sizes.split(",")]
    wrong = []
    made = jolys = 0
    t_rami = t_ilp = 0.0
    for n in range(args.racks):
        rack = rng.sample(tile_set(), sizes[n % len(sizes)])
        t = time.perf_counter()
        ours = solver.arrange(rack).deadwood_value
        t_rami += time.perf_counter() - t
        t = time.perf_counter()
        theirs = best_by_ilp(rack, combos, matrix)
        t_ilp += time.perf_counter() - t
        if ours != theirs:
            wrong.append((ours, theirs, " ".join(map(str, rack))))
        if theirs < sum(rack_value(t) for t in rack):
            made += 1
            jolys += JOLY in rack
    print(f"{len(combos)} combinations; {args.racks} racks of {args.sizes} tiles: "
          f"{args.racks - len(wrong)} agree, {len(wrong)} differ; {made} racks make a "
          f"combination, {jolys} of them holding a Joly "
          f"(rami {1000 * t_rami / args.racks:.1f} ms a rack, the program "
          f"{1000 * t_ilp / args.racks:.1f} ms)")
    for ours, theirs, rack in wrong[:20]:
        print(f"  rami leaves {ours}, the program {theirs}: {rack}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
