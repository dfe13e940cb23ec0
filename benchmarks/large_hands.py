"""The cost of a move whatever the hand: the worst case per variant over large hands.

A pickup brings every later card of a spread pile (500 Rum, tile Rami's discard row) and a
push hands two cards to the next player (Push), so a hand can grow far past its deal. This
plays seeded games in which every seat *hoards* (takes the deepest pickup it may, pushes
whenever it can, lays nothing it need not) and measures, at each position on the way:

* ``legal_actions()`` on a fresh copy, ``apply()`` of the chosen move, and loading the
  position's save (every door check included);
* at the positions with the largest hand of each game, the Good and the Expert player's
  choice for the seat to act (the hint asks the same players).

It prints, per variant, the largest hand seen and the worst time of each, against the
budgets of the issue: 50 ms for legal_actions, apply and a load, 100 ms for a Good move and
300 ms for an Expert move, on CPython (inside Pyodide, about 1.7 times as long).

    python benchmarks/large_hands.py                  # every variant, 6 games each
    python benchmarks/large_hands.py tiles --games 20 --seats 2
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from rami.bots import make_bot                    # noqa: E402
from rami.state import GameState, Phase           # noqa: E402
from rami.view import PlayerView                  # noqa: E402

BUDGET = {"legal": 50, "apply": 50, "load": 50, "good": 100, "expert": 300}

# (players, options) for each variant: the tables whose hands can grow the most
TABLES = {
    "basic": [(2, {}), (6, {"jokers": 2})],
    "gin": [(2, {})],
    "indian": [(2, {}), (6, {})],
    "rum500": [(2, {"jokers": 2}), (5, {"jokers": 2}), (8, {"jokers": 2})],
    "push": [(4, {}), (6, {"partnerships": False})],
    "tiles": [(2, {}), (4, {})],
}


def hoard(g: GameState, legal, rng: random.Random):
    """A move that makes a hand grow: a push whenever there is one; the deepest pickup of a
    spread pile once the pile has grown (until then the stock, so that it grows); no meld
    or lay-off that can be avoided; otherwise any move."""
    kinds = {a.kind for a in legal}
    if "push" in kinds:
        return next(a for a in legal if a.kind == "push")
    takes = [a for a in legal if a.kind == "take" and getattr(a, "card", None) is not None]
    if takes and len(g.discard) >= rng.choice([4, 8, 16, 30]):
        return min(takes, key=lambda a: a.index_in(g.discard))
    if "draw" in kinds and rng.random() < 0.9:
        return next(a for a in legal if a.kind == "draw")
    quiet = [a for a in legal if a.kind in ("discard", "pass", "done", "deal", "show", "take")]
    if quiet and rng.random() < 0.9:
        return rng.choice(quiet)
    return rng.choice(legal)


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t) * 1000, out


def measure(variant: str, players: int, options: dict, seed: int, worst: dict,
            bots_at: int = 3, max_moves: int = 1500) -> None:
    rng = random.Random(f"large:{variant}:{seed}")
    g = GameState(variant, players, {**options}, seed)
    big: list = []                       # (hand size, position) to ask the bots about
    for _ in range(max_moves):
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        fresh = GameState.from_json(g.to_json()) if rng.random() < 0.15 else None
        c = g.copy()
        c._legal_cache = None
        ms, legal = timed(c.legal_actions)
        size = len(g.hands[g.turn])
        note(worst, "legal", ms, size, g)
        if fresh is not None:
            ms, _ = timed(lambda: GameState.from_json(g.to_json()))
            note(worst, "load", ms, size, g)
        move = hoard(g, legal, rng)
        big.append((size, g.copy()))
        big.sort(key=lambda t: -t[0])
        del big[bots_at:]
        ms, _ = timed(lambda: g.apply(move))
        note(worst, "apply", ms, size, g)
        worst["hand"] = max(worst.get("hand", 0), max(len(h) for h in g.hands))
    for size, pos in big:
        view = PlayerView.of(pos, pos.turn)
        for level in ("good", "expert"):
            bot = make_bot(level, variant, f"large:{seed}")
            ms, _ = timed(lambda: bot.choose(view))
            note(worst, level, ms, size, pos)


def note(worst: dict, what: str, ms: float, size: int, g: GameState) -> None:
    if ms > worst.get(what, (0,))[0]:
        worst[what] = (ms, size, g.phase.value)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="*", default=list(TABLES))
    ap.add_argument("--games", type=int, default=6, help="games per table (default 6)")
    ap.add_argument("--seats", type=int, default=0, help="only tables of this many players")
    args = ap.parse_args(argv)
    print(f"{'variant':8} {'players':>7} {'hand':>5}  " +
          "  ".join(f"{k + ' ms':>16}" for k in BUDGET))
    over = 0
    for variant in args.variants:
        for players, options in TABLES[variant]:
            if args.seats and players != args.seats:
                continue
            worst: dict = {}
            for seed in range(args.games):
                measure(variant, players, options, 1000 + seed, worst)
            cells = []
            for k, budget in BUDGET.items():
                ms, size, phase = worst.get(k, (0, 0, "-"))
                flag = "!" if ms > budget else " "
                over += ms > budget
                cells.append(f"{ms:8.1f}{flag} ({size:3d})")
            print(f"{variant:8} {players:>7} {worst.get('hand', 0):>5}  " + "  ".join(
                f"{c:>16}" for c in cells), flush=True)
    print(f"\nbudgets (ms): {BUDGET}; '!' marks a figure over its budget "
          f"({over} here); (n) is the hand size of the seat to act at the worst case")
    return 0


if __name__ == "__main__":
    sys.exit(main())
