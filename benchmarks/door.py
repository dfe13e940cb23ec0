"""The cost of every check at the door, per character, over inputs made to be costly.

For each entry from outside (tests/doorcost.py lists them: deal strings, saves, match files,
friends' messages each way, typed actions, join addresses, the board editor's Open, a board's
moves, house rules typed in the terminal), every frame and every adversarial piece, at the
size given (capped at what the entry takes) and at a quarter of it: the worst cost per
character, and the growth exponent (1: time in proportion to the input; 2: quadratic).

    python benchmarks/door.py                # 256,000 characters (or the entry's limit)
    python benchmarks/door.py --size 1000000 --json build/door.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.doorcost import PIECES, cases, entries, measure, random_piece  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=256_000)
    ap.add_argument("--random", type=int, default=5, help="random pieces (seeds) too")
    ap.add_argument("--json", help="write every measurement there")
    args = ap.parse_args(argv)
    pieces = dict(PIECES, **{f"random {k}": random_piece(k) for k in range(args.random)})
    rows = []
    for entry, frame, name, piece in cases(pieces):
        r = measure(entry, frame, piece, args.size, budget=0.05)
        r["piece"] = name
        rows.append(r)
    print(f"{'entry':30} {'chars':>9} {'worst ns/char':>14} {'worst growth':>13}  where")
    for entry, (most, _frames, _check) in entries().items():
        mine = [r for r in rows if r["entry"] == entry]
        cost = max(mine, key=lambda r: r["ns_per_char"])
        # (a growth is told where the larger call takes a millisecond or more: below that
        # the timer's noise is of its size; test_door_cost.py's rule)
        timed = [r for r in mine if r["seconds"] >= 0.001] or mine
        grow = max(timed, key=lambda r: r["growth"])
        print(f"{entry:30} {cost['chars']:>9,} {cost['ns_per_char']:>14,.0f} "
              f"{grow['growth']:>13.2f}  {cost['frame']} / {cost['piece']}")
    worst = max([r for r in rows if r["seconds"] >= 0.001] or rows, key=lambda r: r["growth"])
    print(f"\n{len(rows)} measurements; the steepest growth: {worst['growth']:.2f} "
          f"({worst['entry']} / {worst['frame']} / {worst['piece']})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
