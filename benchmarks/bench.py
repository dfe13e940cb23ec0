"""rami's engine benchmark: prints figures (medians over repetitions), asserts nothing.

    python benchmarks/bench.py            # or: make bench

1. random-vs-random Gin hands per second (bots choosing from PlayerView.legal);
2. the solver: least deadwood of 10-card gin hands, the best discard from 11 cards, and the
   best arrangement of 14-card two-deck hands with printed jokers and a wild rank (Indian
   rummy's hardest case), median and worst over a fixed seeded sample;
3. Indian rummy: the 13-card declaration check (two sequences, one pure, all grouped), the
   loser's fewest points, and a bot weighing all 14 discards.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rami.bots import RandomBot                       # noqa: E402
from rami.cards import french_deck                    # noqa: E402
from rami.melds import MeldRules                      # noqa: E402
from rami.solver import Solver, gin_values            # noqa: E402
from rami.state import GameState, Phase               # noqa: E402
from rami.view import PlayerView                      # noqa: E402

REPS = int(os.environ.get("RAMI_BENCH_REPS", "5"))


def gin_hands_per_second(seconds: float = 2.0) -> float:
    g = GameState("gin", 2, seed=0)
    bots = [RandomBot("gin", 0), RandomBot("gin", 1)]
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            hands += 1
            if g.phase == Phase.MATCH_OVER:
                g = GameState("gin", 2, seed=hands)
            else:
                g.apply("deal")
    return hands / (time.perf_counter() - start)


def per_call(fn, samples) -> list[float]:
    """Microseconds per call for each sample."""
    out = []
    clock = time.perf_counter_ns
    for s in samples:
        t = clock()
        fn(s)
        out.append((clock() - t) / 1000)
    return out


def solver_figures():
    gin = Solver(MeldRules(ace="low", jokers_wild=False), gin_values())
    rng = random.Random(2026)
    deck = french_deck()
    ten = [rng.sample(deck, 10) for _ in range(2000)]
    eleven = [rng.sample(deck, 11) for _ in range(2000)]
    two_decks = french_deck(2, 2)
    fourteen = []
    solvers = {}
    for _ in range(300):
        wild_rank = rng.randint(1, 13)
        if wild_rank not in solvers:
            rules = MeldRules(ace="either", wild_ranks=frozenset({wild_rank}))
            solvers[wild_rank] = Solver(
                rules, lambda c, w=wild_rank: 0 if (not c.suit or c.rank == w)
                else (10 if c.rank in (1, 11, 12, 13) else c.rank))
        fourteen.append((solvers[wild_rank], rng.sample(two_decks, 14)))
    return timed([("10-card least deadwood (gin)", gin.deadwood, ten),
                  ("11-card best discard (gin)", gin.best_discard, eleven),
                  ("14-card, 2 decks, jokers + wild rank", lambda sw: sw[0].arrange(sw[1]),
                   fourteen)])


def legal(g) -> None:
    """Work out the legal actions of a position afresh (the timed call of a benchmark)."""
    g._legal_cache = None
    g.legal_actions()


def bot_move(variant: str):
    """A timed call: the legal actions and a heuristic bot's choice in a position."""
    from rami.bots import make_bot

    def move(g):
        g._legal_cache = None
        make_bot("heuristic", variant).choose(PlayerView.of(g, g.turn))
    return move


def timed(cases) -> list[tuple]:
    """(name, median of the per-repetition medians, median of the worsts) per case, in
    microseconds."""
    rows = []
    for name, fn, samples in cases:
        medians, worsts = [], []
        for _ in range(REPS):
            t = per_call(fn, samples)
            medians.append(statistics.median(t))
            worsts.append(max(t))
        rows.append((name, statistics.median(medians), statistics.median(worsts)))
    return rows


def indian_figures():
    """Indian rummy on 13 and 14 cards from two decks with printed jokers and a wild rank:
    the declaration check, the loser's fewest points, and a bot's whole weighing of its 14
    cards (every discard, one memo), median and worst over a fixed seeded sample."""
    from rami.games.indian.bots import IndianBot
    from rami.variants import find_variant
    var = find_variant("indian")
    rng = random.Random(2027)
    two_decks = french_deck(2, 2)
    samples = []
    for _ in range(300):
        opts = var.deal_options(var.resolve_options({}), rng.randint(1, 13))
        samples.append((opts, rng.sample(two_decks, 14)))
    for opts, _ in samples:                       # the value tables are built once per rank
        var.solver_for(opts)
        var.unit_solver_for(opts)

    class View:                                   # the few fields the bot's weighing reads
        def __init__(self, opts):
            self.options = {k: v for k, v in opts.items() if k != "_wild"}
            self.info = {"wild_rank": opts["_wild"]}
            self.hand_no, self.events, self.seat = 0, (), 0

    def weigh(sample):
        bot = IndianBot("indian")
        bot.weigh_discards(View(sample[0]), sample[1])

    return timed([
        ("13-card declaration check", lambda s: var.can_declare(s[0], s[1][:13]), samples),
        ("13-card loser's fewest points", lambda s: var.best_grouping(s[0], s[1][:13]), samples),
        ("14-card bot weighing of its discards", weigh, samples)])


def rum500_figures():
    """500 Rum, five players, two decks with four jokers: the legal actions of a position (a
    draw scans every card of the spread pile for a take whose duty can be met) and a bot's
    move, median and worst over the positions of seeded bot matches."""
    from rami.bots import make_bot
    from rami.state import GameState, Phase
    from rami.view import PlayerView
    positions = []
    for seed in range(4):
        g = GameState("rum500", 5, {"jokers": 2}, seed=seed)
        bots = [make_bot("heuristic", "rum500", seed=i) for i in range(5)]
        while not g.is_over and len(positions) < 400 * (seed + 1):
            if g.phase in (Phase.DRAW, Phase.PLAY):
                positions.append(g.copy())
            g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    draws = [p for p in positions if p.phase == Phase.DRAW]
    plays = [p for p in positions if p.phase == Phase.PLAY]

    move = bot_move("rum500")

    return timed([(f"draw: legal takes (pile <= {max(len(p.discard) for p in draws)})", legal,
                   draws),
                  ("play: legal melds, lay-offs, discards", legal, plays),
                  ("a bot's move (with its legal actions)", move, positions)])


def push_figures():
    """Push, six single players (three decks, eighteen wilds), ten cards every deal: the
    legal actions of the person to play (before his contract: the contracts his hand can
    lay; after it: melds, lay-offs, rescues) and a bot's move, median and worst over the
    positions of seeded bot matches; then the long hands only (16 cards or more, after
    pushes), and a made-up heavy case: 24 cards with eight wilds facing three sets."""
    from rami.bots import make_bot
    from rami.cards import Card
    from rami.state import GameState, Phase
    from rami.view import PlayerView
    opts = {"partnerships": False, "ten_every_round": True}
    positions = []
    for seed in range(3):
        g = GameState("push", 6, opts, seed=seed)
        bots = [make_bot("heuristic", "push", seed=i) for i in range(6)]
        while not g.is_over and len(positions) < 500 * (seed + 1):
            if g.phase in (Phase.DRAW, Phase.PLAY):
                positions.append(g.copy())
            g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    plays = [p for p in positions if p.phase == Phase.PLAY]
    before = [p for p in plays if not p.melded[p.turn]]
    after = [p for p in plays if p.melded[p.turn]]
    long = [p for p in positions if len(p.hands[p.turn]) >= 16] or positions[:1]
    rng = random.Random(5)
    heavy = []
    for i in range(40):
        g = GameState("push", 6, opts, seed=1000 + i)
        g.hand_no = 3                                   # three sets of three
        deck = [c for c in g.variant.deck(g)]
        wilds = [c for c in deck if c.rank == 2 or not c.suit]
        plain = [c for c in deck if c not in wilds]
        g.hands[g.turn] = rng.sample(wilds, 8) + rng.sample(plain, 16)
        g.phase, g.melded = Phase.PLAY, [False] * 6
        heavy.append(g)

    move = bot_move("push")

    longest = max(len(p.hands[p.turn]) for p in long)
    return timed([("play, before the contract: legal actions", legal, before),
                  ("play, after the contract: legal actions", legal, after),
                  ("a bot's move (with its legal actions)", move, positions),
                  (f"long hands (16-{longest} cards): a bot's move", move, long),
                  ("24 cards, 8 wilds, three sets: legal actions", legal, heavy),
                  ("24 cards, 8 wilds, three sets: a bot's move", move, heavy)])


def tiles_figures():
    """Tile Rami: the initial-meld search (every opening of at least 50 with a run) on
    15-tile racks holding both Jolys, dealt at random; then the legal actions and a bot's
    move over the positions of seeded four-player bot games."""
    from rami.bots import make_bot
    from rami.cards import JOLY, tile_set
    from rami.games.tiles import openings
    rng = random.Random(7)
    g = GameState("tiles", 4, seed=1)
    rules = g.variant.rules(g)
    plain = [c for c in tile_set() if c.suit]
    racks = [[JOLY, JOLY] + rng.sample(plain, 13) for _ in range(200)]
    found = [0]

    def opening(rack):
        found[0] += bool(openings(rack, rules, 50, limit=1))

    positions = []
    for seed in range(4):
        g = GameState("tiles", 4, {"games": 1}, seed=seed)
        bots = [make_bot("heuristic", "tiles", seed=i) for i in range(4)]
        while not g.is_over:
            if g.phase in (Phase.DRAW, Phase.PLAY):
                positions.append(g.copy())
            g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))

    move = bot_move("tiles")

    figures = timed([("initial meld search, 15 tiles, 2 Jolys", opening, racks),
                     ("legal actions (draw and play)", legal, positions),
                     ("a bot's move (with its legal actions)", move, positions)])
    share = found[0] / (len(racks) * REPS)
    return figures, share


def main():
    print(f"rami engine benchmark: Python {platform.python_version()} "
          f"({platform.python_implementation()}), {REPS} repetitions, medians")
    rates = [gin_hands_per_second() for _ in range(REPS)]
    print(f"  random-vs-random gin hands/s     {statistics.median(rates):9.0f}"
          f"   (min {min(rates):.0f}, max {max(rates):.0f}; target >= 700)")
    targets = {"10-card": "median <= 8 us", "11-card": "median <= 30 us",
               "14-card": "median <= 500 us, worst <= 5000 us"}
    for name, med, worst in solver_figures():
        target = next(v for k, v in targets.items() if name.startswith(k))
        print(f"  {name:<37} median {med:8.1f} us  worst {worst:9.1f} us   (target {target})")
    for name, med, worst in indian_figures():
        target = "median <= 500 us, worst <= 5000 us" if name.startswith("13") else \
            "a bot move: no target, well under 50 ms in the browser"
        print(f"  {name:<37} median {med:8.1f} us  worst {worst:9.1f} us   ({target})")
    for name, med, worst in rum500_figures():
        print(f"  500 Rum {name:<37} median {med:8.1f} us  worst {worst:9.1f} us")
    for name, med, worst in push_figures():
        print(f"  Push {name:<44} median {med:8.1f} us  worst {worst:9.1f} us")
    figures, share = tiles_figures()
    for name, med, worst in figures:
        print(f"  Tile Rami {name:<39} median {med:8.1f} us  worst {worst:9.1f} us")
    print(f"  (an opening of 50 was found in {share:.0%} of those racks)")


if __name__ == "__main__":
    main()
