"""Every registered variant passes the shared conformance check over many seeded hands.

``RAMI_CONFORMANCE_HANDS`` sets the number of hands per variant (1,000 by default, as CI runs).
"""

import os

import pytest

from rami.variants import variant_names
from tests.conformance import run_game

HANDS = int(os.environ.get("RAMI_CONFORMANCE_HANDS", "1000"))

# (players, options) that each variant's hands rotate through
CONFIGS = {
    "gin": [(2, {}), (2, {"oklahoma": True}), (2, {"knock_limit": 0})],
    "basic": [(2, {}), (3, {"jokers": 2}), (4, {"final_discard": "required"}),
              (5, {"round_the_corner": True, "layoff_needs_own_meld": True}),
              (6, {"block_rummy": True, "cards_5_6": 7}), (2, {"jokers": 2, "ace_value": 15})],
}
CHUNKS = 10


def test_every_variant_has_a_conformance_configuration():
    assert set(variant_names()) <= set(CONFIGS)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("variant", sorted(CONFIGS))
def test_conformance(variant, chunk):
    configs = CONFIGS[variant]
    for seed in range(chunk, HANDS, CHUNKS):
        players, options = configs[seed % len(configs)]
        run_game(variant, players, options, seed)


# whole matches: random play must be able to finish them (gin-only knocking would not)
MATCHES = {
    "gin": [(2, {}), (2, {"oklahoma": True})],
    "basic": [(3, {"hands": 3}), (4, {"target": 100, "jokers": 2}), (2, {"block_rummy": True,
                                                                          "hands": 4})],
}


def test_every_variant_has_whole_match_configurations():
    assert set(variant_names()) <= set(MATCHES)


@pytest.mark.parametrize("variant", sorted(MATCHES))
def test_whole_matches_end(variant):
    """Matches run to their end (random moves, the full checks every 25th step)."""
    for seed, (players, options) in enumerate(MATCHES[variant]):
        g, _ = run_game(variant, players, options, 10_000 + seed, whole_match=True,
                        heavy_every=25)
        assert g.final and g.final["winners"]


def test_copy_is_independent():
    from rami.state import GameState
    g = GameState("basic", 3, seed=9)
    c = g.copy()
    assert c == g
    c.apply("draw")
    assert c != g and g.phase.value == "draw" and len(g.hands[g.turn]) == 7
