"""Fingerprints of seeded bot matches, to compare across processes.

``python -m tests.fingerprint [SEED ...]`` plays, for each seed, one match of every
configuration below with bots of every level (and random ones), and prints one JSON object: the SHA-256
of each match's final saved JSON. The same seed must give the same fingerprints in every
process, whatever ``PYTHONHASHSEED`` is: nothing the engine or a bot decides may depend on
the iteration order of sets or dicts of objects that hash by identity.
"""

from __future__ import annotations

import hashlib
import json
import sys

from rami.bots import make_bot
from rami.state import GameState
from rami.view import PlayerView

# (variant, players, options): short matches that still reach the searches that once
# broke ties by identity hashes (Indian wilds, 500 Rum's pile, gin's knocks)
CONFIGS = [
    ("basic", 3, {"hands": 3, "jokers": 2}),
    ("basic", 4, {"block_rummy": True, "hands": 2}),
    ("gin", 2, {}),
    ("indian", 4, {}),
    ("indian", 2, {"format": "deals", "deals": 2}),
    ("indian", 3, {"format": "pool61"}),
    ("rum500", 3, {"target": 100, "jokers": 2}),
    ("rum500", 4, {"partnership": True, "target": 100, "rum_call": True}),
    ("rum500", 4, {"persian": True}),
    ("push", 4, {}),
    ("push", 5, {"partnerships": False, "round5_three_and_seven": True}),
    ("tiles", 3, {"games": 2, "doubla": True}),
    ("tiles", 4, {"games": 1, "initial_meld_may_use_last_discard": True}),
]
MAX_MOVES = 20_000


def play(variant: str, players: int, options: dict, seed) -> GameState:
    g = GameState(variant, players, options, seed)
    kinds = ["expert", "good", "beginner", "random"] + ["good", "random"] * players
    bots = [make_bot(kinds[s], variant, seed=f"{seed}:{s}") for s in range(players)]
    for _ in range(MAX_MOVES):
        if g.is_over:
            return g
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    raise AssertionError(f"{variant} {options} seed {seed}: no end after {MAX_MOVES} moves")


def fingerprints(seeds) -> dict:
    out = {}
    for seed in seeds:
        for variant, players, options in CONFIGS:
            g = play(variant, players, options, seed)
            key = f"{variant} {players} {json.dumps(options, sort_keys=True)} seed={seed}"
            out[key] = hashlib.sha256(g.to_json().encode()).hexdigest()[:16]
    return out


if __name__ == "__main__":
    seeds = [int(x) for x in sys.argv[1:]] or [1]
    print(json.dumps(fingerprints(seeds), sort_keys=True))
