"""The deep run beside ``make test``: ``make soak`` (``SOAK_MINUTES=60`` by default).

On every core, until the time is up, it plays seeded random hands of every variant and
option set (the conformance suites) with the invariant checks at every step and the full
checks (refused actions, saves, deal strings, hidden cards) every ``SOAK_HEAVY_EVERY`` steps,
and whole matches, which must end;
fuzzes saves, deal strings and typed actions with hypothesis, and bends real positions into
unreachable ones (which the door must refuse); plays whole bot matches of every level (Push
and tile Rami most, with a hoarding seat so that hands grow large), where every move must be
legal, read back from its text and take less than ``SLOW_MOVE``; and plays seeded bot
matches of every variant in fresh processes under several ``PYTHONHASHSEED`` values,
comparing their final saves. It prints the counts per variant as it goes and every violation with the
command that reproduces it, and exits 1 if there was any.

    python scripts/soak.py [--minutes M] [--workers N] [--seed S]
    python scripts/soak.py --replay rum500-persian:123456 --heavy-every 25   # one hand again
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import subprocess
import sys
import time
import traceback
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT]

HANDS_PER_TASK = 25


def conformance_task(suite: str, seeds: list[int], heavy_every: int) -> dict:
    from tests.conformance import run_game
    from tests.test_conformance import SUITES
    variant, configs = SUITES[suite]
    out = {"kind": "hands", "variant": variant, "suite": suite, "count": 0, "violations": []}
    for seed in seeds:
        players, options = configs[seed % len(configs)]
        try:
            run_game(variant, players, options, seed, heavy_every=heavy_every)
        except Exception as e:           # a violation: report it with its seed, go on
            out["violations"].append(
                {"what": f"{suite} seed {seed} ({players} players, {options})",
                 "error": f"{type(e).__name__}: {e}"[:2000],
                 "replay": f"python scripts/soak.py --replay {suite}:{seed} "
                           f"--heavy-every {heavy_every}"})
        out["count"] += 1
    return out


def match_task(variant: str, seed: int, heavy_every: int) -> dict:
    """A whole match of random play: it must end (every match ends)."""
    from tests.conformance import run_game
    from tests.test_conformance import MATCHES
    configs = MATCHES[variant]
    players, options = configs[seed % len(configs)]
    out = {"kind": "match", "variant": variant, "count": 1, "violations": []}
    try:
        g, _ = run_game(variant, players, options, seed, whole_match=True,
                        heavy_every=heavy_every)
        out["hands"] = len(g.results)
    except Exception as e:
        out["violations"].append(
            {"what": f"{variant} match seed {seed} ({players} players, {options})",
             "error": f"{type(e).__name__}: {e}"[:2000],
             "replay": "tests.conformance.run_game(%r, %d, %r, %d, whole_match=True, "
                       "heavy_every=%d)" % (variant, players, options, seed, heavy_every)})
    return out


def fuzz_task(kind: str, seed: int, examples: int) -> dict:
    """Hypothesis drives the seeds of bent saves, deal strings or typed actions."""
    from hypothesis import HealthCheck, given, settings, strategies as st
    from tests.fuzz import CASES
    from tests.test_door import CONFIGS
    counts: Counter = Counter()

    def one(s, config):
        CASES[kind](s, config, counts)

    test = settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))(
        given(st.integers(0, 2 ** 32), st.sampled_from(CONFIGS))(one))
    out = {"kind": "fuzz", "variant": f"fuzz {kind}", "count": 0, "violations": []}
    random.seed(seed)
    try:
        test()
    except Exception as e:
        out["violations"].append({"what": f"fuzz {kind} (hypothesis, run seed {seed})",
                                  "error": "".join(traceback.format_exception_only(e))[:3000],
                                  "replay": "the falsifying example above"})
    out["count"] = sum(counts.values())
    out["outcomes"] = dict(counts)
    return out


def determinism_task(seeds: list[int]) -> dict:
    from tests.fingerprint import fingerprints
    here = fingerprints(seeds)
    out = {"kind": "determinism", "variant": "cross-process", "count": 0, "violations": []}
    for hash_seed in ("0", str(random.Random(seeds[0]).randrange(1, 2 ** 32))):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-m", "tests.fingerprint", *map(str, seeds)],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
        if run.returncode:
            out["violations"].append({"what": f"fingerprints of seeds {seeds}",
                                      "error": run.stderr[-2000:],
                                      "replay": f"python -m tests.fingerprint {seeds[0]}"})
            continue
        there = json.loads(run.stdout)
        for k in here:
            if here[k] != there.get(k):
                out["violations"].append(
                    {"what": f"{k} plays differently under PYTHONHASHSEED={hash_seed}",
                     "error": f"{here[k]} here, {there.get(k)} there",
                     "replay": f"PYTHONHASHSEED={hash_seed} python -m tests.fingerprint "
                               f"{k.rsplit('seed=', 1)[1]}"})
        out["count"] += len(here)
    return out


# the bot tables the soak plays to a match's end: every level at Push and tile Rami (where
# hands grow past any deal), one mixed table in every other game
BOT_TABLES = {"push": [(4, {}), (5, {"partnerships": False}), (6, {"partnerships": False})],
              "tiles": [(2, {}), (3, {"doubla": True}), (4, {"games": 2})],
              "rum500": [(3, {}), (4, {"partnership": True})], "basic": [(3, {"jokers": 2})],
              "gin": [(2, {})], "indian": [(3, {})]}
LEVELS = ("random", "beginner", "good", "expert")
SLOW_MOVE = 2.0         # seconds: a bot's move, legal_actions() or a load past this is a fault


def bot_task(variant: str, seed: int) -> dict:
    """A whole match of bots (every level, seats mixed by the seed) with the door's checks:
    each move is one of the view's legal actions and reads back from its text, the match
    ends, a save of the position loads as the same game now and then, and no move, list of
    legal actions or load takes seconds. One seat in four hoards (takes the deepest pickup,
    pushes), so that hands grow as large as the rules let them."""
    from benchmarks.large_hands import hoard
    from rami.bots import make_bot
    from rami.state import GameState
    from rami.view import PlayerView
    rng = random.Random(seed)
    players, options = BOT_TABLES[variant][seed % len(BOT_TABLES[variant])]
    # (a hoarding seat grows its hand where a pickup or a push can: in the other games it
    # would only never knock or go out, and two such seats would draw for ever)
    hoard_too = ("hoard",) if variant in ("push", "tiles", "rum500") else ()
    levels = [rng.choice(LEVELS + hoard_too) for _ in range(players)]
    what = f"{variant} bots {levels} seed {seed} ({players} players, {options})"
    out = {"kind": "bots", "variant": variant, "count": 0, "violations": [], "largest": 0}

    def fault(error):
        out["violations"].append({"what": what, "error": error[:2000],
                                  "replay": f"scripts.soak.bot_task({variant!r}, {seed})"})

    g = GameState(variant, players, options, seed)
    bots = [None if lv == "hoard" else make_bot(lv, variant, f"soak:{seed}:{s}")
            for s, lv in enumerate(levels)]
    for move in range(60_000):
        if g.is_over:
            break
        seat = g.turn
        out["largest"] = max(out["largest"], len(g.hands[seat]))
        t = time.perf_counter()
        g._legal_cache = None
        legal = g.legal_actions()
        took = time.perf_counter() - t
        if took > SLOW_MOVE:
            fault(f"legal_actions() took {took:.1f} s with {len(g.hands[seat])} cards")
        if not legal:
            return fault(f"no legal action at move {move}: {g!r}") or out
        view = PlayerView.of(g, seat)
        t = time.perf_counter()
        a = hoard(g, legal, rng) if bots[seat] is None else bots[seat].choose(view)
        took = time.perf_counter() - t
        if took > SLOW_MOVE:
            fault(f"{levels[seat]} took {took:.1f} s with {len(g.hands[seat])} cards")
        try:
            g._resolve(a, legal)        # listed, or one of a family listed in its canonical
        except Exception as e:          # form (an Indian declaration with its own groups)
            return fault(f"{levels[seat]} chose {a}, not a legal action: {e}") or out
        if g.parse_action(str(a)) != a:
            return fault(f"'{a}' does not read back as the same action") or out
        if rng.random() < 0.02:
            t = time.perf_counter()
            again = GameState.from_json(g.to_json())
            took = time.perf_counter() - t
            if took > SLOW_MOVE:
                fault(f"loading a save took {took:.1f} s with {len(g.hands[seat])} cards")
            if again.to_json() != g.to_json():
                return fault("a save does not load as the same game") or out
        g.apply(a)
        out["count"] += 1
    else:
        fault("the match did not end in 60,000 moves")
    return out


def run_task(task):
    kind, args = task
    try:
        return {"conformance": conformance_task, "fuzz": fuzz_task, "match": match_task,
                "determinism": determinism_task, "bots": bot_task}[kind](*args)
    except Exception as e:               # the harness itself: report, never stop the soak
        return {"kind": kind, "variant": kind, "count": 0, "violations": [
            {"what": f"task {task}", "error": traceback.format_exc()[-3000:],
             "replay": ""}]}


def tasks(seed: int, heavy_every: int):
    """An endless, seeded stream of work: mostly hands, some fuzzing, a determinism check
    now and then."""
    from tests.test_conformance import MATCHES, SUITES
    suites = sorted(SUITES)
    rng = random.Random(seed)
    k = 0
    while True:
        for suite in suites:
            base = rng.randrange(10 ** 6, 10 ** 9)
            yield ("conformance", (suite, list(range(base, base + HANDS_PER_TASK)),
                                   heavy_every))
        yield ("fuzz", (("saves", "deals", "actions", "unreachable")[k % 4],
                        rng.randrange(2 ** 32), 40))
        for variant in ("push", "tiles") + (() if k % 2 else ("rum500", "basic", "gin",
                                                               "indian")):
            yield ("bots", (variant, rng.randrange(10 ** 9)))
        if k % 6 == 0:
            yield ("determinism", ([rng.randrange(10 ** 6) for _ in range(2)],))
        if k % 3 == 0:
            for variant in sorted(MATCHES):
                yield ("match", (variant, rng.randrange(10 ** 9), heavy_every))
        k += 1


def report(counts: Counter, fuzz: Counter, checked: int, violations: list, start: float,
           bots: int = 0) -> None:
    mins = (time.time() - start) / 60
    hands = sum(counts.values())
    print(f"-- {mins:5.1f} min: {hands} hands ({hands / max(mins, 1e-9):.0f}/min), "
          f"{sum(fuzz.values())} fuzzed inputs, {bots} bot matches, {checked} cross-process "
          f"matches, {len(violations)} violations", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float,
                    default=float(os.environ.get("SOAK_MINUTES", "60")))
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SOAK_SEED", "0"))
                    or int(time.time()))
    ap.add_argument("--heavy-every", type=int,
                    default=int(os.environ.get("SOAK_HEAVY_EVERY", "25")))
    ap.add_argument("--replay", help="SUITE:SEED: play that one hand again (with the same "
                                     "--heavy-every as the run that reported it)")
    args = ap.parse_args(argv)
    if args.replay:
        suite, seed = args.replay.rsplit(":", 1)
        res = conformance_task(suite, [int(seed)], args.heavy_every)
        for v in res["violations"]:
            print(f"VIOLATION {v['what']}\n  {v['error']}")
        print("no violation" if not res["violations"] else "")
        return 1 if res["violations"] else 0

    print(f"rami soak: {args.minutes:g} minutes on {args.workers} processes, run seed "
          f"{args.seed}, full checks every {args.heavy_every} steps", flush=True)
    start = time.time()
    deadline = start + args.minutes * 60
    counts: Counter = Counter()
    suites: Counter = Counter()
    fuzz: Counter = Counter()
    matches: Counter = Counter()
    outcomes: Counter = Counter()
    bot_moves: Counter = Counter()
    bot_matches: Counter = Counter()
    largest: Counter = Counter()
    checked = 0
    violations: list = []
    last = start
    ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(args.workers) as pool:
        stream = tasks(args.seed, args.heavy_every)
        pending = [pool.apply_async(run_task, (next(stream),)) for _ in range(args.workers * 2)]
        while pending:
            done = [p for p in pending if p.ready()]
            if not done:
                time.sleep(0.2)
            for p in done:
                pending.remove(p)
                res = p.get()
                if res["kind"] == "hands":
                    counts[res["variant"]] += res["count"]
                    suites[res["suite"]] += res["count"]
                elif res["kind"] == "match":
                    matches[res["variant"]] += 1
                elif res["kind"] == "bots":
                    bot_moves[res["variant"]] += res["count"]
                    bot_matches[res["variant"]] += 1
                    largest[res["variant"]] = max(largest[res["variant"]], res["largest"])
                elif res["kind"] == "fuzz":
                    fuzz[res["variant"]] += res["count"]
                    outcomes.update(res.get("outcomes", {}))
                else:
                    checked += res["count"]
                for v in res["violations"]:
                    violations.append(v)
                    print(f"VIOLATION {v['what']}\n  {v['error']}\n  replay: {v['replay']}",
                          flush=True)
                if time.time() < deadline:
                    pending.append(pool.apply_async(run_task, (next(stream),)))
            if time.time() - last >= 60:
                last = time.time()
                report(counts, fuzz, checked, violations, start, sum(bot_matches.values()))
    report(counts, fuzz, checked, violations, start, sum(bot_matches.values()))
    print("hands per variant: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    print("hands per suite:   " + ", ".join(f"{k} {n}" for k, n in sorted(suites.items())))
    print("fuzzed inputs:     " + ", ".join(f"{k} {n}" for k, n in sorted(fuzz.items()))
          + f" (loaded and played on: {outcomes['ok']}, refused in plain words: "
            f"{outcomes['refused']})")
    print("whole matches:     " + ", ".join(f"{k} {n}" for k, n in sorted(matches.items()))
          + " (each played to its end)")
    print("bot matches:       " + ", ".join(
        f"{k} {bot_matches[k]} ({bot_moves[k]} moves, largest hand {largest[k]})"
        for k in sorted(bot_matches)) + f" (every level; a move over {SLOW_MOVE:g} s fails)")
    print(f"cross-process determinism: {checked} seeded bot matches compared")
    print(f"{len(violations)} violations")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
