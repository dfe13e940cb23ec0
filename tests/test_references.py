"""The outside reference players of benchmarks/ play as their sources describe them: the
MinDist player (Saha et al., arXiv:2601.00024) measures a hand exactly and picks, discards
and declares by that measure alone."""

from __future__ import annotations

import os
import random
import sys

import pytest

from rami.actions import DRAW, TAKE, Declare
from rami.cards import Card, parse_cards
from rami.scenario import from_deal
from rami.variants import find_variant
from rami.view import PlayerView

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="benchmarks/ is not "
                                "shipped to Pyodide")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "benchmarks"))

INDIAN = find_variant("indian")
DECK = parse_cards("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh "
                   "Qh Kh Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ac 2c 3c 4c 5c 6c 7c 8c 9c "
                   "10c Jc Qc Kc Jk")


def valid(cards, wild) -> bool:
    """rami's own judgement (its meld solver), which MinDist's search does not use."""
    return INDIAN.valid_arrangement(INDIAN.deal_options({}, wild), list(cards)) is not None


def near_hands(n: int, seed: int):
    """(hand, wild) pairs: valid declarations with 0-3 of their cards swapped for random
    ones, and random hands."""
    rng = random.Random(seed)
    bases = ["2h 3h 4h 5s 6s 7s 8s 9d 9c 9h Jc Qc Kc", "Ac 2c 3c Qd Kd Ad 7h 7s 7c 4s 5s 6s 9h",
             "10s Js Qs Ks 3d 4d 5d 8c 8h 8s 2h 2d 2c"]
    for i in range(n):
        wild = rng.randint(1, 13)
        if i % 4 == 3:
            yield rng.sample(DECK, 13), wild
            continue
        hand = parse_cards(bases[i % len(bases)])
        for j in rng.sample(range(13), rng.randint(0, 3)):
            hand[j] = rng.choice([c for c in DECK if c not in hand])
        yield hand, wild


def test_mindist_is_zero_exactly_when_rami_finds_a_valid_declaration():
    from rami.games.indian.distance import Metric
    seen = set()
    for hand, wild in near_hands(160, 1):
        d = Metric(wild).distance(hand)
        assert (d == 0) == valid(hand, wild), (" ".join(map(str, hand)), wild, d)
        seen.add(d)
    assert {0, 1, 2, 3} <= seen


def test_mindist_of_one_is_one_replacement_away_by_brute_force():
    """Distance 1: some card swapped for some card of the deck makes a valid declaration;
    distance 2 or more: none does (every swap tried, judged by rami's solver)."""
    from rami.games.indian.distance import Metric
    checked = {1: 0, 2: 0}
    for hand, wild in near_hands(60, 2):
        d = Metric(wild).distance(hand)
        if d not in checked or checked[d] >= 4:
            continue
        one = any(valid(hand[:i] + [r] + hand[i + 1:], wild)
                  for i in range(13) for r in DECK if r is not hand[i])
        assert one == (d == 1), (" ".join(map(str, hand)), wild, d)
        checked[d] += 1
    assert checked == {1: 4, 2: 4}


def test_a_known_hand_and_the_replacements_it_needs():
    from rami.games.indian.distance import Metric
    hand = parse_cards("2h 3h 4h 5s 6s 7s 8s 9d 9c 9h Jc Qc Kc")
    assert Metric(5).distance(hand) == 0
    hand = parse_cards("2h 3h 4h 5s 6s 7s 8s 9d 9c 9h Jc Qc 2d")
    assert Metric(5).distance(hand) == 1          # the 2♦ for the K♣
    hand = parse_cards("2h 3h 5h 5s 6s 8s 10s 9d 9c Ah Jc Qc 2d")
    assert Metric(4).distance(hand) == 3          # the 4♥, the 7♠, a 9: A♥ and 2♦ go
    # with 4s wild, three of them and the printed joker are an impure sequence, the 4♥ the
    # start of a pure one (two cards to come), two kings go and a third joker makes a set
    assert Metric(4).distance(parse_cards("4h 4d 4c 4s Jk 9d 9c 9h 9s Kh Kd Kc Ks")) == 2


def _play(deal: str):
    from mindist import MinDistBot
    g = from_deal(deal)
    return g, MinDistBot("indian", 0).choose(PlayerView.of(g, g.turn))


def test_mindist_takes_the_open_card_only_when_it_lowers_the_distance():
    base = ("indian | 0: 2h 3h 4h 5s 6s 7s 8s 9d 9c Jc Qc Kd 2d | 1: Ah 2c 3c 4c "
            "5c 6c 7c 8c 10s 10h Jh Qh Kh | joker: 5d | turn: 0 | phase: draw | picks: 2 2 | ")
    _g, move = _play(base + "discard: 9h")              # 9♥ makes the set of nines
    assert move == TAKE
    _g, move = _play(base + "discard: 6h")              # nothing it lowers
    assert move == DRAW


def test_mindist_declares_at_distance_zero_and_otherwise_throws_the_highest_of_the_best():
    g, move = _play("indian | 0: 2h 3h 4h 5s 6s 7s 8s 9d 9c 9h Jc Qc Kc Kd | "
                    "1: Ah 2c 3c 4c 5c 6c 7c 8c 10h Jh Qh Kh 2d | joker: 5d | turn: 0 | "
                    "phase: play | picks: 2 2 | discard: 10d")
    assert isinstance(move, Declare) and str(move.card) == "Kd"
    g.apply(move)
    from mindist import MinDistBot
    g.apply(MinDistBot("indian", 1).choose(PlayerView.of(g, 1)))     # the other shows
    assert g.results and g.results[-1]["winner"] == 0
    # one card short of a declaration, whichever of K♦ or 4♦ goes (distance 1 both): the king
    _g, move = _play("indian | 0: 2h 3h 4h 5s 6s 7s 8s 9d 9c Jc Qc Kc Kd 4d | "
                     "1: Ah 2c 3c 4c 5c 6c 7c 8c 10h Jh Qh Kh 2d | joker: 5h | turn: 0 | "
                     "phase: play | picks: 2 2 | discard: 10d")
    assert str(move.card) == "Kd"


def test_mindist_never_drops():
    from mindist import MinDistBot
    g = from_deal("indian | 0: 2h 5h 8h Js Ks 3d 6d 9d Qc 4s 7d 10h Kh | 1: Ah 2c "
                  "3c 4c 5c 6c 7c 8c 9h 10s Jh Qh 2d | joker: 5d | turn: 0 | phase: draw | "
                  "picks: 0 0 | discard: 10d")
    view = PlayerView.of(g, 0)
    assert any(a.kind == "drop" for a in view.legal)
    assert MinDistBot("indian", 0).choose(view).kind != "drop"


def test_tile_racks_arranged_by_rami_leave_what_an_integer_program_leaves():
    """Tile Rami's solver against den Hertog and Hulshof's integer program (HiGHS, through
    SciPy): the same least points left in each of 60 random racks of 14 and 15 tiles, most
    of which make combinations, some with Jolys (benchmarks/tiles_ilp.py runs more)."""
    import random
    import numpy as np
    import tiles_ilp
    from rami.cards import JOLY, tile_set
    combos = tiles_ilp.combinations()
    matrix = np.zeros((len(tiles_ilp.TYPES), len(combos)))
    for j, m in enumerate(combos):
        for i, k in m.items():
            matrix[i, j] = k
    solver = find_variant("tiles").solver_for({})
    rng = random.Random("test")
    made = jolys = 0
    for n in range(60):
        rack = rng.sample(tile_set(), 14 + n % 2)
        theirs = tiles_ilp.best_by_ilp(rack, combos, matrix)
        assert solver.arrange(rack).deadwood_value == theirs, " ".join(map(str, rack))
        if theirs < sum(tiles_ilp.rack_value(t) for t in rack):
            made += 1
            jolys += JOLY in rack
    assert made >= 40 and jolys >= 10
