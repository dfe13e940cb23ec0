"""Bots see only their PlayerView, are seeded, and the heuristic ones play sensibly."""

import pytest

from rami.bots import make_bot
from rami.state import GameState
from rami.view import PlayerView


class Spy:
    """Wraps a bot and records what it was given."""

    def __init__(self, bot):
        self.bot, self.seen = bot, set()

    def choose(self, view):
        self.seen.add(type(view))
        return self.bot.choose(view)


def play_match(variant, kinds, seed, options=None):
    g = GameState(variant, len(kinds), options, seed)
    bots = [Spy(make_bot(k, variant, seed=f"{seed}:{i}")) for i, k in enumerate(kinds)]
    while not g.is_over:
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return g, bots


@pytest.mark.parametrize("variant,kinds", [("gin", ["heuristic", "random"]),
                                           ("basic", ["heuristic", "random", "random"])])
def test_heuristic_beats_random(variant, kinds):
    wins = 0
    for seed in range(12):
        g, bots = play_match(variant, kinds, seed)
        wins += 0 in g.final["winners"]
        assert all(b.seen == {PlayerView} for b in bots)
    assert wins >= 10


def test_bots_are_seeded():
    a, _ = play_match("gin", ["heuristic", "heuristic"], 7)
    b, _ = play_match("gin", ["heuristic", "heuristic"], 7)
    assert [str(x) for x in a.history] == [str(x) for x in b.history]


def test_heuristic_players_finish_multi_player_matches():
    for n in (4, 6):
        g, _ = play_match("basic", ["heuristic"] * n, 3)
        assert g.final["winners"]


@pytest.mark.parametrize("n,fmt", [(2, "points"), (3, "pool101"), (4, "deals"), (5, "pool61"),
                                   (6, "pool201")])
def test_indian_bots_finish_every_format_and_declare_only_valid_hands(n, fmt):
    declared = 0
    for seed in range(3):
        g, bots = play_match("indian", ["heuristic"] * n, seed, {"format": fmt})
        assert g.final["winners"] and all(b.seen <= {PlayerView} for b in bots)
        declared += sum(r["how"] == "declare" for r in g.results)
        for r in g.results:
            for seat in r["seats"]:
                if seat["status"] in ("declared", "invalid"):
                    assert seat["status"] == "declared" and seat["grouping"]["valid"]
    assert declared, "the bots never declared"


def test_indian_bots_drop_hopeless_hands_and_beat_random_players():
    wins = drops = 0
    for seed in range(12):
        g, _ = play_match("indian", ["heuristic", "random", "random"], seed,
                          {"format": "pool101"})
        wins += 0 in g.final["winners"]
    for seed in range(8):
        g, _ = play_match("indian", ["heuristic"] * 4, seed, {"format": "pool101"})
        drops += sum(s["status"].endswith("drop") for r in g.results for s in r["seats"])
    assert wins >= 10 and drops > 0
