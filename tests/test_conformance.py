"""Every registered variant passes the shared conformance check over many seeded hands.

``RAMI_CONFORMANCE_HANDS`` sets the number of hands of every suite (``make soak``'s Pyodide
run plays 40, ``make test``'s 2); without it each suite plays as many as cost it about 5 s
of one core here (``HANDS_IN_TEST``), and never fewer than its (players, options), each
played once. ``RAMI_CONFORMANCE_EVERY`` says how often the full
checks run (every 3rd step by default; the invariants are checked at every step). Each
suite is one variant and the (players, options) its hands rotate through; Indian rummy has
one suite per format. The budget: ``make test`` stays within 12 minutes from a fresh clone
on a 2-core machine, so the suites together cost about a minute and a half of one core; a new
variant adds its suites within that. The deep run, many thousands of hands per suite, is
``make soak`` (scripts/soak.py).
"""

import os

import sys

import pytest

from rami.variants import variant_names
from tests.conformance import run_game
from tests.conftest import QUICK

HANDS = os.environ.get("RAMI_CONFORMANCE_HANDS")
EVERY = int(os.environ.get("RAMI_CONFORMANCE_EVERY", "3"))

SUITES = {
    "gin": ("gin", [(2, {}), (2, {"oklahoma": True}), (2, {"knock_limit": 0})]),
    "basic": ("basic", [
        (2, {}), (3, {"jokers": 2}), (4, {"final_discard": "required"}),
        (5, {"round_the_corner": True, "layoff_needs_own_meld": True}),
        (6, {"block_rummy": True, "cards_5_6": 7}), (2, {"jokers": 2, "ace_value": 15})]),
    "indian-points": ("indian", [(2, {}), (3, {"decks": 1}), (4, {"deal_show": False}),
                                 (6, {}), (2, {"decks": 2})]),
    "indian-pool101": ("indian", [(3, {"format": "pool101"}),
                                  (2, {"format": "pool101", "rejoin": False}),
                                  (5, {"format": "pool101"})]),
    "indian-pool201": ("indian", [(4, {"format": "pool201"}), (2, {"format": "pool201"})]),
    "indian-pool61": ("indian", [(3, {"format": "pool61"}), (6, {"format": "pool61"})]),
    "indian-deals": ("indian", [(2, {"format": "deals", "deals": 2}),
                                (3, {"format": "deals", "deals": 3}),
                                (4, {"format": "deals", "deals": 6})]),
    "rum500": ("rum500", [(2, {}), (3, {"jokers": 1}), (4, {}), (5, {"jokers": 2}),
                          (8, {})]),
    "rum500-house": ("rum500", [
        (3, {"pickup_to_hit": True, "free_top_discard": True, "min_first_meld": 0}),
        (4, {"boathouse": True, "pip_values": True, "jokers": 2}),
        (2, {"round_the_corner": True, "seven_card_straight": True, "jokers": 1}),
        (6, {"pickup_to_hit": True, "boathouse": True, "round_the_corner": True})]),
    "rum500-rum-call": ("rum500", [(3, {"rum_call": True}), (5, {"rum_call": True,
                                                                  "min_first_meld": 0})]),
    "rum500-partnership": ("rum500", [(4, {"partnership": True}),
                                      (4, {"partnership": True, "rum_call": True,
                                           "jokers": 2})]),
    "rum500-persian": ("rum500", [(4, {"persian": True}),
                                  (4, {"persian": True, "pickup_to_hit": True})]),
    "push": ("push", [(4, {}), (5, {"partnerships": False}), (4, {"ten_every_round": True}),
                      (6, {"partnerships": False, "ten_every_round": True})]),
    "tiles": ("tiles", [(2, {}), (3, {}), (4, {})]),
    "tiles-house": ("tiles", [(3, {"doubla": True}),
                              (4, {"min_first_meld": 45,
                                   "initial_meld_may_use_last_discard": True}),
                              (2, {"no_meld_penalty": "100_plus_rack",
                                   "joly_finish_doubles": True, "doubla": True})]),
}
CHUNKS = 10
# hands per suite in make test: 24, fewer where a hand costs more (measured on this 2-core
# machine: a Push hand of four to six seats about 2 s with its checks, a tile Rami hand
# 1.3 s, a Basic one 0.8 s, a 500 Rum or Pool 61 one 0.5 s, the others 0.2-0.3 s)
HANDS_IN_TEST = {"push": 4, "tiles": 4, "tiles-house": 4, "basic": 6, "rum500-rum-call": 8,
                 "rum500": 10, "rum500-house": 10, "indian-pool61": 10, "rum500-persian": 10,
                 "gin": 15, "rum500-partnership": 15}


def hands(suite: str) -> int:
    if HANDS:
        return int(HANDS)
    return max(HANDS_IN_TEST.get(suite, 24), len(SUITES[suite][1]))


def test_every_variant_has_a_conformance_suite():
    assert set(variant_names()) <= {v for v, _ in SUITES.values()}


def test_every_indian_format_has_its_own_suite():
    from rami.games.indian import FORMATS
    assert {f"indian-{f}" for f in FORMATS} <= set(SUITES)


@pytest.mark.parametrize("suite,chunk", [(suite, chunk) for suite in sorted(SUITES)
                                          for chunk in range(min(CHUNKS, hands(suite)))])
def test_conformance(suite, chunk):
    variant, configs = SUITES[suite]
    for seed in range(chunk, hands(suite), CHUNKS):
        players, options = configs[seed % len(configs)]
        run_game(variant, players, options, seed, heavy_every=EVERY)


# whole matches: random play must be able to finish them (gin-only knocking would not)
MATCHES = {
    "gin": [(2, {}), (2, {"oklahoma": True})],
    "basic": [(3, {"hands": 3}), (4, {"target": 100, "jokers": 2}), (2, {"block_rummy": True,
                                                                          "hands": 4})],
    "indian": [(2, {}), (3, {"format": "pool101"}), (4, {"format": "pool201"}),
               (3, {"format": "pool61"}), (3, {"format": "deals", "deals": 3}),
               (2, {"format": "deals", "deals": 6})],
    "rum500": [(3, {"target": 100}), (4, {"partnership": True, "target": 100}),
               (4, {"persian": True}), (2, {"target": 100, "rum_call": True})],
    "push": [(4, {}), (6, {"partnerships": False, "round5_three_and_seven": True})],
    "tiles": [(3, {"games": 2}), (4, {"doubla": True, "games": 1, "target": 500}),
              (2, {"games": 3, "initial_meld_may_use_last_discard": True})],
}


def test_every_variant_has_whole_match_configurations():
    assert set(variant_names()) <= set(MATCHES)


@pytest.mark.parametrize("variant", sorted(MATCHES))
def test_whole_matches_end(variant):
    """Matches run to their end (random moves, the full checks every 25th step; in the quick
    Pyodide run, the first configuration only, and no Gin; Gin's Oklahoma match, as long as
    its plain one, in make soak's full Pyodide run)."""
    if QUICK and variant == "gin":
        pytest.skip("a Gin match of random moves is the longest (12 s in Pyodide): CPython's")
    configs = MATCHES[variant][:1] if QUICK or (variant == "gin" and sys.platform !=
                                                "emscripten") else MATCHES[variant]
    for seed, (players, options) in enumerate(configs):
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
