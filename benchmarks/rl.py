"""The research environments' speed: environment steps per second for every game, with
random legal tokens, and RLCard's Gin Rummy measured the same way in the same run. Prints
figures, asserts nothing.

    python benchmarks/rl.py                # every game, 20 s each
    python benchmarks/rl.py gin --seconds 5

A step is one ``env.step`` of an agent (one token; a move is one or more, rami's
forced tokens taken for free); every step builds the next agent's observation and mask,
as a learner would ask for them. Moves per second count rami's moves played. RLCard's Gin
steps are its moves (its action ids), with its observation and legal actions read at each
(``env.step`` then ``get_state``); a hand there is RLCard's whole episode. Last, the two
engines alone: Gin moves per second with random legal moves and no observation at all.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from rami.rl import env  # noqa: E402
from rami.variants import find_variant  # noqa: E402

GAMES = ["basic", "gin", "indian", "rum500", "push", "tiles"]


def rami_speed(variant: str, players: int, seconds: float, seed: int = 0) -> dict:
    e = env(variant, players=players)
    rng = np.random.default_rng(seed)
    steps = hands = moves = 0
    agents = e.unwrapped.possible_agents
    lengths = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset(seed=seed + hands)
        n = 0
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
        steps += n
        lengths.append(n)
        hands += 1
        moves += len(e.unwrapped.state.history)
    secs = time.perf_counter() - start
    return {"steps/s": steps / secs, "moves/s": moves / secs, "hands": hands,
            "steps/hand": sum(lengths) / len(lengths), "agents": len(agents),
            "observation": e.unwrapped.encoder.size}


def rlcard_speed(seconds: float, seed: int = 0) -> dict | None:
    try:
        import rlcard
    except ImportError:
        return None
    e = rlcard.make("gin-rummy", config={"seed": seed})
    rng = np.random.default_rng(seed)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, player = e.reset()
        while not e.is_over():
            legal = list(state["legal_actions"].keys())
            state, player = e.step(legal[rng.integers(len(legal))])
            steps += 1
        hands += 1
    secs = time.perf_counter() - start
    return {"steps/s": steps / secs, "hands": hands, "steps/hand": steps / max(1, hands),
            "version": rlcard.__version__}


def engines(seconds: float, seed: int = 0) -> tuple[float, float | None]:
    """Gin moves per second of the two engines alone (random legal moves, no observation):
    rami's GameState, and RLCard's GinRummyGame with its judge's legal actions."""
    import random
    from rami.state import GameState
    rng = random.Random(seed)
    moves, start, hand = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        g = GameState("gin", 2, {}, seed + hand)
        hand += 1
        while not g.results:
            g.apply(rng.choice(g.legal_actions()))
            moves += 1
    ours = moves / (time.perf_counter() - start)
    try:
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        return ours, None
    game = GinRummyGame()
    game.np_random = np.random.RandomState(seed)
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
            moves += 1
    return ours, moves / (time.perf_counter() - start)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--seconds", type=float, default=20.0, help="per game")
    ap.add_argument("--players", type=int, default=0, help="seats (default: the fewest)")
    args = ap.parse_args(argv)
    print(f"random legal tokens, {args.seconds:.0f} s a game, one process "
          f"(Python {sys.version.split()[0]})")
    print(f"{'game':<14}{'agents':>7}{'obs size':>10}{'steps/s':>10}{'moves/s':>10}"
          f"{'steps/hand':>12}{'hands':>8}")
    for g in args.games:
        var = find_variant(g)
        players = args.players or max(2, var.min_players)
        r = rami_speed(var.name, players, args.seconds)
        print(f"{var.name:<14}{r['agents']:>7}{r['observation']:>10}{r['steps/s']:>10.0f}"
              f"{r['moves/s']:>10.0f}{r['steps/hand']:>12.1f}{r['hands']:>8}")
    if "gin" in args.games:
        r = rlcard_speed(args.seconds)
        if r is None:
            print("RLCard is not installed (pip install -r requirements-train.txt): "
                  "its Gin is not measured")
        else:
            print(f"{'RLCard gin ' + r['version']:<14}{2:>7}{'5x52':>10}{r['steps/s']:>10.0f}"
                  f"{r['steps/s']:>10.0f}{r['steps/hand']:>12.1f}{r['hands']:>8}")
        ours, theirs = engines(args.seconds / 2)
        print(f"the engines alone, Gin moves/s with random legal moves: rami {ours:.0f}"
              + (f", RLCard {theirs:.0f} ({ours / theirs:.1f}x)" if theirs else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
