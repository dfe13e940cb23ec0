"""The cost of a move whatever the hand: the worst case per variant over large hands.

A pickup brings every later card of a spread pile (500 Rum, tile Rami's discard row) and a
push hands two cards to the next player (Push), so a hand can grow far past its deal. This
plays seeded games in which every seat *hoards* (takes the deepest pickup it may, pushes
whenever it can, lays nothing it need not) and measures, at each position on the way:

* ``legal_actions()`` on a fresh copy, ``apply()`` of the chosen move, and loading the
  position's save (every door check included);
* at the positions with the largest hand of each game (drawing and playing), the Good and
  the Expert player's choice for the seat to act (the hint asks the same players);

and the same at the edge of what the rules allow (``EXTREMES``: the seat to act holding
nearly the whole deck, melded or still before its contract).

It prints, per variant, the largest hand seen and the worst time of each, against the
budgets of the issue: 50 ms for legal_actions, apply and a load, 100 ms for a Good move and
300 ms for an Expert move, on CPython (inside Pyodide, about 1.7 times as long).

    python benchmarks/large_hands.py                  # every variant, 6 games each
    python benchmarks/large_hands.py tiles --games 20 --seats 2
    python benchmarks/large_hands.py tiles --dump /tmp/worst   # the worst positions, to profile
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


# positions at the edge of what each variant allows: the seat to act holds nearly every card
# (melded, so that any size is sound, or not yet where a rack of any size may wait for its
# contract), the others as few as they may; the rest is the stock
EXTREMES = {
    "rum500": [("rum500 jokers=2", 2, "0=Ah 2h 3h; 1=Ac 2c 3c", "0 1"),
               ("rum500 jokers=2", 5, "0=Ah 2h 3h; 1=Ac 2c 3c; 2=Ad 2d 3d; 3=As 2s 3s; "
                                      "4=Kh Kc Kd", "0 1 2 3 4")],
    "push": [("push", 4, "0=Ah Ad Ac; 0=Kh Kd Kc; 1=Qh Qd Qc; 1=Jh Jd Jc; 2=9h 9d 9c; "
                         "2=8h 8d 8c; 3=7h 7d 7c; 3=6h 6d 6c", "0 1 2 3"),
             ("push", 4, "1=Qh Qd Qc; 1=Jh Jd Jc; 2=9h 9d 9c; 2=8h 8d 8c; 3=7h 7d 7c; "
                         "3=6h 6d 6c", "1 2 3")],
    "tiles": [("tiles", 2, "0=r1 r2 r3; 1=k1 k2 k3", "0 1"),
              ("tiles", 4, "0=r1 r2 r3; 1=k1 k2 k3; 2=b1 b2 b3; 3=y1 y2 y3", "0 1 2 3")],
}


# Indian rummy's hands never grow, but some are costly to measure by MinDist (the Expert's
# race: rami/games/indian/distance.py): many jokers, a long suit, a suit held twice
_OTHERS = ("1: 2h 3h 4h 5h 6h 8h 9h 10h Jh Qh Kh Ah 2c | 2: 3c 4c 5c 6c 8c 9c 10c Jc Qc Ac 3d "
           "6d 8d | joker: 7c | turn: 0 | picks: 3 3 3")
HARD = {"indian": [f"indian | 0: {hand} | {_OTHERS} | phase: play" for hand in (
    "7s 7h 7d 7s 7h 7d Jk Jk 2s 9d Kc Qh 4d 5c", "2s 3s 4s 5s 6s 8s 9s 10s Js Qs Ks As 7h 7d",
    "2s 4s 6s 8s 10s Qs As 2s 4s 6s 8s 10s Qs Jk", "5d 5s 6s 6s 7s 8s 8s 9s 9s 10s Js Jk Jk 4s")]}


def extremes(variant: str, players: int, seed: int = 0):
    """The largest hands ``variant`` can reach at a table of ``players``, in each phase of a
    turn, as positions read from deal strings."""
    from rami.cards import Card, deal_rng, shuffled
    from rami.melds import parse_meld_tokens
    from rami.scenario import from_deal
    out = []
    if players == 6:                 # (at the largest table: measured once)
        for text in HARD.get(variant, ()):
            g = from_deal(text)
            out.append((len(g.hands[0]), "play", g))
    for head, n, table, melded in EXTREMES.get(variant, ()):
        if n != players:
            continue
        g = GameState(head.split()[0], n, dict(_opt(x) for x in head.split()[1:]), seed)
        deck = list(g.variant.deck(g))
        for spec in table.split(";"):
            for c in parse_meld_tokens(spec.split("=", 1)[1])[0]:
                deck.remove(c)
        extra = []
        if variant == "tiles":
            extra = [deck.pop(), deck.pop()]           # the exposed tile, the crosswise one
        deck = shuffled(deck, deal_rng(seed, "extreme"))
        others = [[deck.pop()] for _ in range(n - 1)]
        discard = [deck.pop() for _ in range(3)]
        rack = deck[:-4]                               # a few cards stay in the stock
        for phase in ("draw", "play"):
            hand = rack if phase == "play" else rack[:-1]
            parts = [head, "0: " + " ".join(map(str, hand))]
            parts += [f"{s + 1}: {' '.join(map(str, h))}" for s, h in enumerate(others)]
            parts += [f"discard: {' '.join(map(str, discard))}", f"table: {table}",
                      f"melded: {melded}", "turn: 0", f"phase: {phase}", f"dealer: {n - 1}"]
            if variant == "tiles":
                parts += [f"exposed: {extra[0]}", f"crosswise: {extra[1]}",
                          "started: " + " ".join(map(str, range(n)))]
            text = " | ".join(parts)
            try:
                out.append((len(hand), phase, from_deal(text)))
            except Exception as e:                     # noqa: BLE001 - reported, not hidden
                print(f"  ({variant}: {e})")
    return out


def _opt(tok: str):
    k, v = tok.split("=")
    return k, int(v) if v.isdigit() else v


def measure_extremes(variant: str, players: int, worst: dict) -> None:
    rng = random.Random(f"extreme:{variant}")
    for size, phase, g in extremes(variant, players):
        c = g.copy()
        c._legal_cache = None
        ms, legal = timed(c.legal_actions)
        note(worst, "legal", ms, size, g)
        ms, _ = timed(lambda: GameState.from_json(g.to_json()))
        note(worst, "load", ms, size, g)
        for a in rng.sample(legal, min(12, len(legal))):
            c = g.copy()
            ms, _ = timed(lambda: c.apply(a))
            note(worst, "apply", ms, size, g)
        view = PlayerView.of(g, g.turn)
        for level in ("good", "expert"):
            bot = make_bot(level, variant, "extreme")
            ms, _ = timed(lambda: bot.choose(view))
            note(worst, level, ms, size, g)
        worst["hand"] = max(worst.get("hand", 0), size)


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
        big.append((size, g.phase.value, g.copy()))
        big.sort(key=lambda t: -t[0])
        # the largest hands in each phase (drawing and playing ask different things)
        keep, per = [], {}
        for t in big:
            per[t[1]] = per.get(t[1], 0) + 1
            if per[t[1]] <= bots_at:
                keep.append(t)
        big[:] = keep
        before = g.copy()
        ms, _ = timed(lambda: g.apply(move))
        note(worst, "apply", ms, size, before)
        worst["hand"] = max(worst.get("hand", 0), max(len(h) for h in g.hands))
    for size, _, pos in big:
        view = PlayerView.of(pos, pos.turn)
        for level in ("good", "expert"):
            bot = make_bot(level, variant, f"large:{seed}")
            ms, _ = timed(lambda: bot.choose(view))
            note(worst, level, ms, size, pos)


def note(worst: dict, what: str, ms: float, size: int, g: GameState) -> None:
    if ms > worst.get(what, (0,))[0]:
        worst[what] = (ms, size, g.phase.value, g.to_json())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="*", default=list(TABLES))
    ap.add_argument("--games", type=int, default=6, help="games per table (default 6)")
    ap.add_argument("--seats", type=int, default=0, help="only tables of this many players")
    ap.add_argument("--dump", metavar="DIR", help="save each worst position there "
                                                 "(VARIANT-PLAYERS-WHAT.json), to profile it")
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
            measure_extremes(variant, players, worst)
            cells = []
            for k, budget in BUDGET.items():
                ms, size, phase, pos = worst.get(k, (0, 0, "-", None))
                if args.dump and pos is not None:
                    os.makedirs(args.dump, exist_ok=True)
                    with open(os.path.join(args.dump, f"{variant}-{players}-{k}.json"),
                              "w") as f:
                        f.write(pos)
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
