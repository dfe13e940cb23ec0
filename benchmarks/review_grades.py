"""Do the review's grades mean what they say? Prints, per game and grade, how many
decisions, the cost the review expected (judged from the seat's view) and the cost they
really had by the hand's end; asserts nothing.

    python benchmarks/review_grades.py gin basic --decisions 2000
    python benchmarks/review_grades.py --jobs 2            # every game, 2,000 each
    python benchmarks/review_grades.py gin --save g.json    # ... kept, then graded again:
    python benchmarks/review_grades.py gin --load g.json --caution 1.0
    python benchmarks/review_grades.py push --decisions 20000 --save p.json --resume
    python benchmarks/review_grades.py push --load p.json --luck 64   # the draws averaged

The decisions are made by the Beginner and the Good player (seat 0, a hand each in turn)
against Good players, in seeded deals; every decision with a choice is graded by
:func:`rami.review.judge_steps` as the review grades it (``WORLDS`` possible deals drawn from
the seat's view, the Expert's move as the best). Its real cost is then measured in the real
deal, the hidden cards as they were: the Expert's move and the move played are each played
out to the hand's end by the Good players, and the real cost is the Expert's move's points
less the played move's. A move the same as the Expert's costs 0 by definition. (The Good
players' play of a deal does not depend on their seeds: in every decision kept in the six
games' runs, 8 plays with 8 seeds gave 8 equal results; so ``--truth``, the plays averaged,
is 1 unless asked.)

That one play is one luck of the draw, and a hand's points swing far more than most
decisions cost (in Push by about 95 points a decision). ``--luck N`` measures the decisions
of a kept run again with the luck of the draw averaged: every hand as it really was, the
stock shuffled anew ``N`` times, both moves played out in each (:func:`luck_job`); for the
grades whose decisions are too few or too close to tell apart by their one play.

Grades are honest when the real cost grows with the grade: blunders cost more than
mistakes, mistakes more than inaccuracies, and so on down to best. Figures: count, mean
expected cost, mean real cost with its 90% confidence interval (points of the game; each
game's ``review_points`` in brackets); then the line of the real cost on the expected one
over every decision unlike the Expert's (:func:`trend`), which uses each decision's own
expected cost rather than its grade's, so needs fewer decisions to say whether what the
review expects to cost really costs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rami.bots import make_bot                          # noqa: E402
from rami.bots.base import drain                        # noqa: E402
from rami.registry import find_variant                  # noqa: E402
from rami.review import (GRADES, WORLDS, classify, cost_of, differences,  # noqa: E402
                         expert_move, play_out)
from rami.state import GameState, Phase                 # noqa: E402
from rami.view import PlayerView                        # noqa: E402

SEATS = {"basic": 2, "gin": 2, "indian": 2, "push": 4, "rum500": 2, "tiles": 2}


def hand(job):
    """One seeded hand's decisions of seat 0 that had a choice: for each, whether it was the
    Expert's move, its differences to the Expert's move over ``worlds`` possible deals (as
    the review weighs them) and over ``truth`` plays of the real deal."""
    variant, deal, worlds, truth = job
    level = "beginner" if deal % 2 == 0 else "good"
    out = []
    for g, move in decisions_of(variant, deal):
        best = expert_move(g, 0)
        seen, real = [], []
        if best != move:
            seen = drain(differences(g, 0, best, move, worlds, str(len(g.history))))
            real = [difference(g, best, move, f"truth:{deal}:{len(g.history)}:{k}")
                    for k in range(truth)]
        out.append((level, best == move, seen, real))
    return variant, out


def difference(g: GameState, best, move, seed: str) -> float:
    """The points of ``best`` less those of ``move`` for seat 0 at ``g``, each played out
    to the hand's end by the Good players."""
    values = []
    for a in (best, move):
        c = g.copy()
        c.apply(a)
        values.append(play_out(c, 0, seed))
    return values[0] - values[1]


def reshuffled(g: GameState, rng) -> GameState:
    """A copy of ``g`` with every hand as it really is and the stock (the cards still to be
    drawn) in another order: the same deal, other luck of the draw."""
    c = g.copy()
    stock = sorted(c.stock, key=lambda x: (x.is_tile, x.code))
    rng.shuffle(stock)
    c.stock = stock
    return c


def decisions_of(variant: str, deal: int):
    """The seeded hand ``deal`` played again by the same players, without the review: at
    each of seat 0's decisions with a choice (in the order :func:`hand` kept them), the
    position and the move played."""
    n = SEATS[variant]
    level = "beginner" if deal % 2 == 0 else "good"
    g = GameState(variant, [f"p{s}" for s in range(n)], seed=f"grades:{deal}")
    bots = [make_bot(level if s == 0 else "good", variant, seed=f"grades:{deal}:{s}")
            for s in range(n)]
    while not g.results and g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        view = PlayerView.of(g, g.turn)
        move = bots[g.turn].choose(view)
        if g.turn == 0 and len(view.legal) > 1:
            yield g.copy(), move
        g.apply(move)


def luck_job(job):
    """The decisions ``wanted`` (their numbers in the hand) of one seeded hand, each measured
    again: the Expert's move less the move played, played out by the Good players in
    ``luck`` deals that keep every hand as it was and shuffle the stock anew. Also returns
    the real deal's difference, to check that the hand played again is the one kept."""
    variant, deal, wanted, luck = job
    out = {}
    for i, (g, move) in enumerate(decisions_of(variant, deal)):
        if i not in wanted:
            continue
        best = expert_move(g, 0)
        real = difference(g, best, move, f"truth:{deal}:{len(g.history)}:0")
        diffs = [difference(reshuffled(g, random.Random(f"luck:{deal}:{len(g.history)}:{k}")),
                            best, move, f"luck:{deal}:{len(g.history)}:{k}")
                 for k in range(luck)]
        out[i] = (real, sum(diffs) / len(diffs) if diffs else math.nan)
        if len(out) == len(wanted):
            break
    return deal, out


def measure_luck(game: str, rows: list, deals: int, luck: int, sample: int, jobs: int) -> None:
    """The decisions graded other than best, and ``sample`` of those graded best though
    unlike the Expert's move, measured with the luck of the draw averaged out over ``luck``
    shuffles of the stock (:func:`luck_job`); printed per grade as :func:`report` does. A
    decision the same as the Expert's costs 0 in every shuffle, so *best* is the measured
    mean scaled by the share of best decisions unlike the Expert's."""
    points = find_variant(game).review_points
    where = []
    for deal in range(deals):            # each kept decision's hand and number in it
        for k, _ in enumerate(decisions_of(game, deal)):
            where.append((deal, k))
    if len(where) < len(rows):
        raise SystemExit(f"{game}: the hands played again hold {len(where)} decisions, the file "
                         f"{len(rows)}: not the same hands")
    where = where[:len(rows)]            # (a run cut at a number of decisions: its first ones)
    grades = [grade(r, points) for r in rows]
    unlike_best = [j for j, r in enumerate(rows) if grades[j] == "best" and not r[1]]
    chosen = set(random.Random("luck sample").sample(unlike_best, min(sample, len(unlike_best))))
    chosen |= {j for j, name in enumerate(grades) if name != "best"}
    index = {place: j for j, place in enumerate(where)}
    by_deal: dict[int, set] = {}
    for j in chosen:
        by_deal.setdefault(where[j][0], set()).add(where[j][1])
    t = time.time()

    def measure(deals: list, shuffles: int) -> dict:
        measured = {}
        with Pool(jobs) as pool:
            for deal, out in pool.imap_unordered(luck_job, [(game, d, frozenset(by_deal[d]),
                                                             shuffles) for d in deals]):
                for k, value in out.items():
                    measured[index[deal, k]] = value
        wrong = sum(1 for j, (real, _) in measured.items()
                    if rows[j][3] and real != rows[j][3][0])
        if wrong:            # (a file made by other code, or put together from other runs)
            raise SystemExit(f"{game}: {wrong} of {len(measured)} decisions played again give "
                             f"another real-deal result than the file's: not its decisions")
        return measured

    deals = sorted(by_deal)
    # the file's decisions? (a dozen hands across the run, before the long measure)
    measure(deals[::max(1, len(deals) // 12)], 0)
    measured = measure(deals, luck)
    print(f"{game}: {len(measured)} decisions measured again over {luck} shuffles of the stock "
          f"in {time.time() - t:.0f} s (each with the file's real-deal result)")
    print(f"  {'grade':11} {'count':>6} {'real cost, the draws averaged':>30}")
    for name in GRADES:
        sel = [v for j, (_, v) in sorted(measured.items()) if grades[j] == name]
        mean, half = interval(sel)
        if name == "best":
            share = len(unlike_best) / max(1, grades.count("best"))
            mean, half = mean * share, half * share
        print(f"  {name:11} {len(sel):6} {mean:12.2f} ± {half:6.2f}")


def grade(row, points: float, worlds: int = WORLDS) -> str:
    """The grade the review gives a decision (from its first ``worlds`` differences)."""
    return "best" if row[1] else classify(cost_of(row[2][:worlds]), points)


def interval(xs):
    n = len(xs)
    if n == 0:
        return math.nan, math.nan
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, 1.645 * math.sqrt(var / n)


def report(game: str, rows: list, worlds: int = WORLDS) -> None:
    points = find_variant(game).review_points
    print(f"  {'grade':11} {'count':>6} {'expected':>9} {'real cost':>18}   "
          f"(worlds {worlds}, review_points {points})")
    for name in GRADES:
        sel = [r for r in rows if grade(r, points, worlds) == name]
        exp = [cost_of(r[2][:worlds]) if r[2] else 0.0 for r in sel]
        mean, half = interval([sum(r[3]) / len(r[3]) if r[3] else 0.0 for r in sel])
        print(f"  {name:11} {len(sel):6} {sum(exp) / max(1, len(exp)):9.2f} "
              f"{mean:9.2f} ± {half:6.2f}")
    fit = trend(rows, worlds)
    if fit is not None:
        n, a, b, half = fit
        print(f"  the {n} decisions unlike the Expert's: real cost = {a:.2f} + {b:.2f} × expected "
              f"(slope ± {half:.2f})")


def trend(rows: list, worlds: int = WORLDS):
    """The real cost against the expected one over the decisions unlike the Expert's, by
    least squares: (count, intercept, slope, the slope's 90% half-interval), or None. A
    slope clearly above 0 says that what the review expects to cost really costs, whatever
    the thresholds between grades."""
    pairs = [(cost_of(r[2][:worlds]), sum(r[3]) / len(r[3])) for r in rows
             if not r[1] and r[2] and r[3]]
    n = len(pairs)
    if n < 3:
        return None
    mx = sum(x for x, _ in pairs) / n
    my = sum(y for _, y in pairs) / n
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    if sxx == 0:
        return None
    b = sum((x - mx) * (y - my) for x, y in pairs) / sxx
    a = my - b * mx
    res = sum((y - a - b * x) ** 2 for x, y in pairs)
    return n, a, b, 1.645 * math.sqrt(res / (n - 2) / sxx)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", default=sorted(SEATS))
    p.add_argument("--decisions", type=int, default=2000, help="graded decisions per game")
    p.add_argument("--worlds", type=int, default=WORLDS)
    p.add_argument("--truth", type=int, default=1, help="plays of each move in the real deal")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--save", help="keep every decision's differences in this JSON file")
    p.add_argument("--resume", action="store_true",
                   help="with --save: go on from the decisions and hands it kept")
    p.add_argument("--load", help="grade again the decisions a --save kept (no play)")
    p.add_argument("--caution", type=float, default=None,
                   help="with --load: grade with this caution instead of the review's")
    p.add_argument("--luck", type=int, default=0,
                   help="with --load: measure the decisions again, the luck of the draw "
                        "averaged over this many shuffles of the stock")
    p.add_argument("--sample", type=int, default=500,
                   help="with --luck: how many of the best decisions unlike the Expert's")
    a = p.parse_args(argv)
    if a.load and a.luck:
        with open(a.load) as f:
            kept = json.load(f)
        with open(a.load + ".hands") as f:
            hands = json.load(f)
        for game in a.games:
            if game in kept:
                measure_luck(game, kept[game], hands[game], a.luck, a.sample, a.jobs)
        return 0
    if a.load:
        import rami.review
        if a.caution is not None:
            rami.review.CAUTION = a.caution
        with open(a.load) as f:
            for game, rows in json.load(f).items():
                if game in a.games:
                    print(f"{game}: {len(rows)} decisions (from {a.load}), caution "
                          f"{rami.review.CAUTION}")
                    report(game, rows)
        return 0
    kept, hands = {}, {}
    if a.save and a.resume and os.path.exists(a.save):
        with open(a.save) as f:
            kept = json.load(f)
        if os.path.exists(a.save + ".hands"):
            with open(a.save + ".hands") as f:
                hands = json.load(f)
    for game in a.games:
        t = time.time()
        rows = kept.get(game, [])
        deal = hands.get(game, 0)
        with Pool(a.jobs) as pool:
            while len(rows) < a.decisions:
                batch = [(game, deal + k, a.worlds, a.truth) for k in range(8 * a.jobs)]
                deal += len(batch)
                for _, out in pool.imap(hand, batch):
                    rows += out
                if a.save:        # kept after every batch: a long run cut short keeps its work
                    kept[game], hands[game] = rows, deal
                    with open(a.save, "w") as f:
                        json.dump(kept, f)
                    with open(a.save + ".hands", "w") as f:
                        json.dump(hands, f)
        rows = rows[:a.decisions]
        print(f"{game}: {len(rows)} decisions in {deal} hands, {time.time() - t:.0f} s")
        report(game, rows, min(a.worlds, WORLDS))
        if a.worlds > WORLDS:
            report(game, rows, a.worlds)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
