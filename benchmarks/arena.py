"""The duplicate-deal arena: two bots, any variant; prints figures with confidence intervals
(90%, or as ``--confidence`` says), asserts nothing.

    python benchmarks/arena.py gin expert simple --deals 1000
    python benchmarks/arena.py basic expert good --deals 250 --unit match

Every deal is played twice with the seats swapped, so both bots hold every hand: luck of the
cards cancels out and what is left is play. With more seats than two (Push needs four), the
first bot takes the even seats and the second the odd ones, then they swap. Where the seats
play for themselves (not Push's partnerships), a bot's share of wins counts a win by any of
its seats, and its points are the average over its seats.

``--unit hand`` plays each deal as one hand from a new match (the hand's winner and the
points it moved); ``--unit match`` plays whole matches from each seed (the match's winner,
and the final totals). Bots: ``beginner``, ``good``, ``expert``, ``random``, ``simple``
(SimpleGinRummyPlayer, Gin only: benchmarks/simple_gin.py) and ``mindist`` (Saha et al.'s
MinDist player, Indian rummy only: benchmarks/mindist.py).

``--try NAME=V[,NAME=V...]`` (repeatable) plays the same deals again with the first bot so
tuned and prints, beside its figures, its difference from the untuned first bot deal by
deal. The two plays of a deal share the cards, and mostly the moves, so this paired
difference is far tighter than the gap between two separate runs: a change worth a fifth
of a point a hand shows within a few hundred deals.

Figures: the share of hands (or matches) each bot won, drawn hands, and the points per hand
(or per match) of the first bot less the second's (a penalty score counts the other way, so
positive is always good for the first bot), with 90% intervals (``--confidence 95`` for
95%). Intervals treat the two plays of a deal as one
sample, since they share the cards. Work is spread over ``--jobs`` processes; the figures do
not depend on it.

``--ray`` runs the deals through Ray instead (``pip install ray``): a Ray started here, or
with ``--ray ADDRESS`` the cluster there (``auto``: the one this machine belongs to). The
jobs are the same, in the same order, batched ``--batch`` to a task; rami's package and
this folder travel with them (Ray's runtime environment), so the cluster's nodes need only
Python and Ray. The figures are the same as the process pool's, deal by deal.

A bot may also be ``FILE.py:NAME``: ``NAME(variant, players, seed)`` in that file makes it
(a trained policy, for example: rami.rl.policies.PolicyBot; docs/rl.md).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rami.bots import make_bot                          # noqa: E402
from rami.cli import parse_options                      # noqa: E402
from rami.state import GameState                        # noqa: E402
from rami.variants import find_variant                  # noqa: E402
from rami.view import PlayerView                        # noqa: E402

MAX_HANDS = 300                      # a match that runs longer is stopped and not counted


def bot(kind: str, variant: str, seed: str, players: int = 2):
    if ":" in kind and kind.split(":", 1)[0].endswith(".py"):
        return from_file(kind, variant, players, seed)
    if kind == "simple":
        if variant != "gin":
            raise SystemExit("simple (SimpleGinRummyPlayer) plays Gin only")
        from simple_gin import SimpleGinBot
        return SimpleGinBot(variant, seed)
    if kind == "mindist":
        if variant != "indian":
            raise SystemExit("mindist (Saha et al.'s MinDist player) plays Indian rummy only")
        from mindist import MinDistBot
        return MinDistBot(variant, seed)
    return make_bot(kind, variant, seed)


_MADE: dict = {}


def from_file(kind: str, variant: str, players: int, seed: str):
    """A bot made by ``NAME(variant, players, seed)`` from ``FILE.py:NAME``."""
    path, name = kind.split(":", 1)
    make = _MADE.get(kind)
    if make is None:
        import importlib.util
        spec = importlib.util.spec_from_file_location(f"arena_bot_{len(_MADE)}", path)
        if spec is None or not os.path.exists(path):
            raise SystemExit(f"{path}: no such file")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        make = _MADE[kind] = getattr(module, name)
    return make(variant, players, seed)


def play(job) -> tuple[float, float, bool, float]:
    """One play of one deal: (first bot's win share, first's points less second's, drawn,
    seconds the first bot thought)."""
    variant, kinds, players, deal, swap, unit, options, tune = job
    seed = f"arena:{deal}"
    order = [kinds[(s + swap) % 2] for s in range(players)]
    g = GameState(variant, [f"{k} {s + 1}" for s, k in enumerate(order)], options, seed)
    bots = [bot(k, variant, f"{seed}:{s}", players) for s, k in enumerate(order)]
    mine = [s for s in range(players) if (s + swap) % 2 == 0]
    for s in mine:
        for name, value in tune.items():        # --set: the first bot's parameters
            setattr(bots[s], name, value)
    ours = sorted({g.teams[s] for s in mine})
    theirs = sorted({g.teams[s] for s in range(players) if s not in mine})
    sign = -1 if g.variant.lower_wins else 1      # penalty points: fewer is better
    thought = 0.0
    clock = time.perf_counter
    while not g.is_over:
        if unit == "hand" and g.results:
            break
        if len(g.results) >= MAX_HANDS:
            return (math.nan, math.nan, False, thought)
        seat = g.turn
        t = clock()
        action = bots[seat].choose(PlayerView.of(g, seat))
        if seat in mine:
            thought += clock() - t
        g.apply(action)
    if unit == "hand":
        r = g.results[-1]
        w = r.get("winner")
        points = sign * margin(g.scores, ours, theirs)
        if w is None or w < 0:
            return (0.0, points, True, thought)
        return (1.0 if g.teams[w] in ours else 0.0, points, False, thought)
    winners = g.final["winners"]
    share = sum(1 for w in winners if g.teams[w] in ours) / len(winners)
    return (share, sign * margin(g.final["totals"], ours, theirs), False, thought)


def margin(totals, ours: list[int], theirs: list[int]) -> float:
    """The first bot's average total (over its sides) less the second's."""
    return (sum(totals[t] for t in ours) / len(ours)
            - sum(totals[t] for t in theirs) / len(theirs))


Z = {90: 1.645, 95: 1.960, 99: 2.576}     # the normal quantile of each two-sided interval
CONFIDENCE = 90


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its confidence interval (``CONFIDENCE``, 90% unless
    ``--confidence`` says otherwise)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, Z[CONFIDENCE] * math.sqrt(var / n)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant")
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--deals", type=int, default=200, help="deals, each played twice")
    ap.add_argument("--unit", choices=("hand", "match"), default="hand")
    ap.add_argument("--players", type=int, default=0, help="seats (default: the fewest)")
    ap.add_argument("--start", type=int, default=0, help="first deal number")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--confidence", type=int, choices=sorted(Z), default=90,
                    help="the intervals' confidence, in percent")
    ap.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                    help="run the deals through Ray: one started here, or the cluster at "
                    "ADDRESS")
    ap.add_argument("--batch", type=int, default=16, help="deals' plays per Ray task")
    ap.add_argument("-o", "--option", action="append", default=[], help="name=value")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=NUMBER",
                    help="tune one of the first bot's parameters (its class constants)")
    ap.add_argument("--try", dest="tries", action="append", default=[],
                    metavar="NAME=NUMBER[,...]", help="also play the same deals with the "
                    "first bot so tuned, and print its paired difference")
    args = ap.parse_args(argv)
    global CONFIDENCE
    CONFIDENCE = args.confidence
    var = find_variant(args.variant)
    players = args.players or max(2, var.min_players)
    options = parse_options(args.option)
    tune = settings(args.set)
    tunes = [tune] + [dict(tune, **settings(t.split(","))) for t in args.tries]
    kinds = (args.first, args.second)
    probe = bot(args.first, var.name, "probe", players)
    for name in sorted({k for t in tunes for k in t}):
        if not hasattr(probe, name):
            raise SystemExit(f"{args.first} ({var.title}) has no parameter {name}")
    deals = range(args.start, args.start + args.deals)
    jobs = [(var.name, kinds, players, d, swap, args.unit, options, t)
            for t in tunes for d in deals for swap in (0, 1)]
    start = time.perf_counter()
    if args.ray is not None:
        out, where = on_ray(jobs, args.ray, args.batch)
    elif args.jobs > 1:
        with Pool(args.jobs) as pool:
            out = pool.map(play, jobs, chunksize=4)
    else:
        out = [play(j) for j in jobs]
    if args.ray is None:
        where = f"{args.jobs} process(es)"
    secs = time.perf_counter() - start
    size = 2 * args.deals
    runs = [[(out[i], out[i + 1]) for i in range(k, k + size, 2)]
            for k in range(0, len(out), size)]
    # a deal counts only where every run finished it (a match may run past MAX_HANDS)
    keep = [i for i in range(args.deals)
            if not any(math.isnan(x[0]) for run in runs for x in run[i])]
    if not keep:
        raise SystemExit(f"no deal finished: every match ran past {MAX_HANDS} hands")
    unit = args.unit + "es" if args.unit == "match" else args.unit + "s"
    a, b = (os.path.basename(k) for k in kinds)
    print(f"{var.title}, {players} seats: {a} against {b}, {len(keep)} deals played both "
          f"ways = {2 * len(keep)} {unit}" +
          (f" ({', '.join(args.option + args.set)})" if args.option or args.set else ""))
    base = None
    for label, run in zip([None] + args.tries, runs):
        pairs = [run[i] for i in keep]
        won = [(x[0] + y[0]) / 2 for x, y in pairs]
        lost = [((1 - x[0]) * (not x[2]) + (1 - y[0]) * (not y[2])) / 2 for x, y in pairs]
        drawn = sum(x[2] + y[2] for x, y in pairs) / (2 * len(pairs))
        points = [(x[1] + y[1]) / 2 for x, y in pairs]
        w, wh = interval(won)
        l_, lh = interval(lost)
        p, ph = interval(points)
        pad = "  "
        if label is not None:
            print(f"  with {a} tuned {label}:")
            pad = "    "
        print(f"{pad}{unit} won by {a}: {100 * w:5.1f}% ± {100 * wh:.1f}   by {b}: "
              f"{100 * l_:5.1f}% ± {100 * lh:.1f}" + (f"   drawn: {100 * drawn:.1f}%"
                                                      if args.unit == "hand" else ""))
        print(f"{pad}points per {args.unit} ({a} less {b}): {p:+.2f} ± {ph:.2f}   "
              f"({CONFIDENCE}% confidence)")
        if base is None:
            base = won, points
        else:
            dw, dwh = interval([x - y for x, y in zip(won, base[0])])
            dp, dph = interval([x - y for x, y in zip(points, base[1])])
            print(f"{pad}against the untuned {a}, deal by deal: {100 * dw:+.1f}% ± "
                  f"{100 * dwh:.1f} of {unit}, {dp:+.2f} ± {dph:.2f} points per {args.unit}")
    thought = sum(x[3] + y[3] for x, y in (runs[0][i] for i in keep))
    dropped = args.deals - len(keep)
    print(f"  {secs:.0f} s on {where}; {a} thought {thought:.0f} s in all"
          + (" (untuned)" if args.tries else "")
          + (f"; {dropped} deal(s) left out: a match ran past {MAX_HANDS} hands" if dropped
             else ""))
    return 0


def on_ray(jobs: list, address: str, batch: int) -> tuple[list, str]:
    """The plays of ``jobs``, in their order, as Ray tasks of ``batch`` jobs each."""
    try:
        import ray
    except ImportError:
        raise SystemExit("--ray needs Ray: pip install ray") from None
    import rami
    here = os.path.dirname(os.path.abspath(__file__))
    runtime = {"working_dir": here, "py_modules": [os.path.dirname(rami.__file__)],
               "excludes": ["__pycache__", "*.html"]}
    ray.init(address=None if address == "local" else address, runtime_env=runtime,
             include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        task = ray.remote(play_batch)
        refs = [task.remote(jobs[i:i + batch]) for i in range(0, len(jobs), batch)]
        out = [x for part in ray.get(refs) for x in part]
        cpus = int(ray.cluster_resources().get("CPU", 0))
        nodes = len([n for n in ray.nodes() if n.get("Alive")])
    finally:
        ray.shutdown()
    return out, f"Ray ({nodes} node(s), {cpus} CPU(s), {len(refs)} task(s))"


def play_batch(jobs: list) -> list:
    """A Ray task: several plays (a task costs milliseconds to send; a play, more)."""
    import arena                     # (the worker's own import of this module)
    return [arena.play(j) for j in jobs]


def settings(items) -> dict:
    """{name: number} from NAME=NUMBER strings."""
    tune = {}
    for o in items:
        k, sep, v = o.strip().partition("=")
        try:
            tune[k] = int(v) if v.lstrip("-").isdigit() else float(v)
        except ValueError:
            raise SystemExit(f"{o!r}: expected NAME=NUMBER") from None
        if not sep or not k:
            raise SystemExit(f"{o!r}: expected NAME=NUMBER")
    return tune


if __name__ == "__main__":
    sys.exit(main())
