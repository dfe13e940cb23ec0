"""Romanian tile Rami, rule by rule (docs/rules.md section 6). Each position is a deal string."""

from collections import Counter

import pytest

from rami.actions import parse_action
from rami.cards import Card
from rami.errors import OptionError
from rami.scenario import from_deal, to_deal
from rami.state import GameState, Phase, replay
from rami.games.tiles import openings, rack_value, tile_points
from rami.view import PlayerView
from tests.rules import legal, refused, sound

T = Card.parse
# three players; seat 0 to play after its draw; seats 1 and 2 hold little of use
REST = "| 1: b1 y4 y9 k12 r3 | 2: k3 k4 y13 b6 | crosswise: k13 | exposed: y12 | dealer: 1"


def tiles(text: str, options: str = "") -> GameState:
    return from_deal(sound(f"tiles {options} | {text}"))


def score_of(g, seat=0) -> int:
    return g.results[-1]["points"][seat]


# -- tiles, seats, the deal ---------------------------------------------------------------------
def test_106_tiles_two_to_four_players_15_tiles_right_of_the_dealer():
    for n in (2, 3, 4):
        g = GameState("tiles", n, seed=n)
        first = (g.dealer - 1) % n                      # anticlockwise: the next seat is right
        assert g.next_seat(g.dealer) == first and g.turn == first
        assert [len(h) for h in g.hands] == [15 if s == first else 14 for s in range(n)]
        assert g.extra["exposed"] and g.variant.check_conservation(g) is None
        assert len(g.stock) == 106 - 1 - (14 * n + 1)
        assert Counter(g.variant.deck(g))[T("joly")] == 2 and len(g.variant.deck(g)) == 106
    for n in (1, 5):
        with pytest.raises(OptionError):
            GameState("tiles", n, seed=1)


def test_play_is_anticlockwise_and_the_deal_passes_to_the_right():
    g = GameState("tiles", 4, seed=3)
    first = g.turn
    g.apply(f"discard {g.hands[first][0]}")
    assert g.turn == (first - 1) % 4
    dealer = g.dealer
    g.phase, g.results = Phase.HAND_OVER, [{}]
    g._legal_cache = None
    g.apply("deal")
    assert g.dealer == (dealer - 1) % 4


def test_the_first_player_opens_with_a_crosswise_discard_never_used_again():
    g = tiles("0: r5 r6 r7 k1 k2 b9 b10 y3 y4 y8 k6 k7 r12 b13 y1 " + REST.replace(
        "| crosswise: k13 ", "") + " | phase: opening")
    assert g.phase == Phase.OPENING and "discard y1" in legal(g) and "draw" not in legal(g)
    assert "You begin the game: discard one tile" in refused(g, "draw")
    g.apply("discard y1")
    assert g.extra["crosswise"] == "y1" and g.discard == [] and g.turn == 2
    assert legal(g) == {"draw"}                     # nothing to take: the row is empty
    assert "crosswise" in to_deal(g)


def test_doubla_pairs_are_offered_and_exchanged_face_down():
    g = tiles("0: r5 r5 r7 k1 k2 b9 b10 y3 y4 y8 k6 k7 r12 b13 y1 | 1: b2 b2 y4 y9 k12 "
              "| 2: k3 k3 y13 b6 | exposed: y12 | dealer: 1 | phase: exchange", "doubla=on")
    assert legal(g) == {"doubla r5", "pass"}
    assert "You do not hold two r7 tiles" in refused(g, "doubla r7")
    g.apply("doubla r5")
    assert g.turn == 2 and g.extra["offer"] == [0, "r5"]
    assert PlayerView.of(g, 1).info["offer"] == 0
    assert "r5" not in str(PlayerView.of(g, 1).to_dict()["events"])   # the pair stays hidden
    g.apply("doubla k3")                                 # the second offer: they swap pairs
    assert Counter(g.hands[0])[T("k3")] == 2 and Counter(g.hands[2])[T("r5")] == 2
    g.apply("pass")
    assert g.phase == Phase.OPENING and g.turn == 0
    seen = PlayerView.of(g, 1).to_dict()["events"]
    assert any(e.get("text") == "low" for e in seen) and "r5" not in str(seen)


def test_the_twin_of_the_exposed_tile_is_announced_before_the_first_turn_for_25():
    g = tiles("0: r5 r6 r7 k1 k2 b9 b10 y3 y4 y8 k6 k7 r12 b13 y12 " + REST.replace(
        "| crosswise: k13 ", "") + " | phase: opening")
    assert "twin" in legal(g)
    g.apply("twin")
    assert g.extra["twins"] == [0] and "twin" not in legal(g)
    assert "You have announced your twin" in refused(g, "twin")
    g.apply("discard y12")
    g2 = tiles("0: r2 k9 | 1: b1 y4 y12 k12 r3 | 2: k3 k4 y13 b6 | crosswise: k13 | exposed: y12 "
               "| dealer: 1 | turn: 1 | phase: draw | started: 0 2 1")
    assert "before your first turn" in refused(g2, "twin")


# -- combinations --------------------------------------------------------------------------------
OPENED = ("| 1: b1 y4 y9 k12 r3 | 2: k3 k4 y13 b6 | crosswise: k13 | exposed: y12 | dealer: 1 "
          "| table: 2=b2 b3 b4 | melded: 0 | phase: play")


def test_runs_a_one_low_or_after_the_13_never_in_the_middle():
    g = tiles("0: r1 r2 r3 k12 k13 k1 b13 b1 b2 y5 " + OPENED)
    assert {"meld r1 r2 r3", "meld k12 k13 k1"} <= legal(g)
    assert "is not a run" in refused(g, "meld b13 b1 b2")
    p = parse_action("open k12 k13 k1").melds[0]
    from rami.variants.base import meld_of_action
    m = meld_of_action(p, g.variant.rules(g))
    assert [tile_points(m, i) for i in range(3)] == [10, 10, 10]


def test_sets_of_three_or_four_colours_all_different():
    g = tiles("0: r7 y7 b7 k7 r7 y9 b9 b9 " + OPENED)
    assert {"meld r7 y7 b7 k7", "meld r7 y7 b7"} <= legal(g)
    assert "colour" in refused(g, "meld y9 b9 b9").lower() or \
        "suits must all differ" in refused(g, "meld y9 b9 b9")


def test_two_real_tiles_for_every_joly():
    g = tiles("0: r7 y7 joly joly r3 r5 r6 r8 k2 " + OPENED)
    assert "Each Joly needs 2 real tiles" in refused(g, "meld r7 y7 joly joly")
    assert "Each Joly needs 2 real tiles" in refused(g, "meld r3 joly=r4 r5 joly=r6 r6")
    g.apply("meld r3 joly=r4 r5 r6 joly=r7 r8")          # six tiles: two Jolys allowed
    assert len(g.table[-1].meld.cards) == 6


def test_a_joly_at_a_runs_end_says_which_tile_it_is_for_good():
    g = tiles("0: b12 b7 b8 y5 " + OPENED.replace("table: 2=b2 b3 b4",
                                                 "table: 2=b9 b10 joly=b11"))
    assert {"layoff b12 on 1", "layoff b8 on 1"} <= legal(g)
    assert "does not fit" in refused(g, "layoff b7 on 1")


# -- the initial meld ----------------------------------------------------------------------------
NEW = ("| 1: b1 y4 y9 k12 r3 | 2: k3 k4 y13 b6 | crosswise: k13 | exposed: y12 | dealer: 1 "
       "| phase: play")


def test_the_initial_meld_reaches_50_with_a_run_from_the_rack_in_one_move():
    g = tiles("0: r10 r11 r12 y9 b9 k9 k5 k6 k7 b2 " + NEW)
    assert "open r10 r11 r12 / k5 k6 k7 / y9 b9 k9" in legal(g)
    assert "must reach 50" in refused(g, "open r10 r11 r12 / k5 k6 k7")
    assert "at least one run" in refused(g, "open y9 b9 k9")
    assert "Make your initial meld first" in refused(g, "meld k5 k6 k7")
    g.apply("open r10 r11 r12 / y9 b9 k9 / k5 k6 k7")
    assert g.melded[0] and len(g.table) == 3
    # nothing more in the opening turn (the rack was filled out to 15 with loose tiles)
    assert {a.kind for a in g.legal_actions()} == {"discard"} and "discard b2" in legal(g)
    assert "nothing else goes on the table" in refused(g, "meld b2 b2 b2") or \
        "do not hold" in refused(g, "meld b2 b2 b2")


def test_min_first_meld_45_and_a_joly_counts_the_tile_it_stands_for():
    g = tiles("0: r10 r11 joly y9 b9 k9 b2 " + NEW)
    assert "worth 45 points" in refused(g, "open r10 r11 joly=r12 / y9 b9 k9")
    g = tiles("0: r10 r11 joly y9 b9 k9 b2 " + NEW, "min_first_meld=45")
    g.apply("open r10 r11 joly=r12 / y9 b9 k9")
    assert g.melded[0]


def test_until_the_initial_meld_a_player_draws_from_the_wall():
    g = tiles("0: r10 r11 y9 b9 k9 b2 k5 " + NEW.replace("phase: play", "phase: draw")
              + " | discard: r12")
    assert legal(g) == {"draw"}
    assert "a discard cannot help" in refused(g, "take")


def test_initial_meld_may_use_last_discard():
    text = "0: r10 r11 y9 b9 k9 b2 k5 k6 k7 r4 y11 b13 k1 r6 " + \
        NEW.replace("phase: play", "phase: draw") + \
        " | discard: r12"
    g = tiles(text, "initial_meld_may_use_last_discard=on")
    assert "take" in legal(g)
    g.apply("take")
    assert g.extra["duty"] == "r12" and not any(a.kind == "discard" for a in g.legal_actions())
    assert "must be part of it" in refused(g, "open k5 k6 k7 / y9 b9 k9")
    g.apply("open r10 r11 r12 / y9 b9 k9 / k5 k6 k7")
    assert g.extra["duty"] is None
    # a last discard that goes into no initial meld is not offered
    g = tiles(text.replace("discard: r12", "discard: y2"), "initial_meld_may_use_last_discard=on")
    assert legal(g) == {"draw"}


# -- after the initial meld ------------------------------------------------------------------------
def test_the_last_discard_is_taken_freely_and_not_discarded_again():
    g = tiles("0: r10 r11 y9 b9 k9 b2 k5 " + OPENED.replace("phase: play", "phase: draw")
              + " | discard: y1 r5")
    assert {"draw", "take"} <= legal(g)
    g.apply("take")
    assert "r5" in map(str, g.hands[0]) and g.discard == [T("y1")]
    assert "different tile than the one you took" in refused(g, "discard r5")


def test_any_tile_of_the_row_with_two_rack_tiles_the_later_ones_into_the_rack():
    g = tiles("0: y5 y6 r10 b2 " + OPENED.replace("phase: play", "phase: draw")
              + " | discard: k2 y7 r1 k8")
    assert "take y7 with y5 y6 y7" in legal(g)
    g.apply("take y7 with y5 y6 y7")
    assert str(g.table[-1].meld) == "y5 y6 y7" and g.table[-1].owner == 0
    assert g.discard == [T("k2")] and {"r1", "k8"} <= set(map(str, g.hands[0]))
    assert g.phase == Phase.PLAY
    g2 = tiles("0: y5 y6 r10 b2 " + OPENED.replace("phase: play", "phase: draw")
               + " | discard: k2 y7 r1 k8")
    assert "say the combination" in refused(g2, "take y7")
    assert "not a combination" in refused(g2, "take k2 with r10 b2 k2")


def test_with_one_or_two_tiles_no_take_from_the_row():
    g = tiles("0: y5 y6 " + OPENED.replace("phase: play", "phase: draw") + " | discard: y7")
    assert legal(g) == {"draw"}
    assert "With one or two tiles" in refused(g, "take")
    assert "With one or two tiles" in refused(g, "take y7 with y5 y6 y7")


def test_a_new_combination_that_would_leave_nothing_to_discard_is_refused():
    g = tiles("0: y5 y6 y7 " + OPENED)
    assert "meld y5 y6 y7" not in legal(g)
    assert "keep a tile to discard" in refused(g, "meld y5 y6 y7")


# -- Joly swaps -----------------------------------------------------------------------------------
def test_a_joly_in_a_run_is_taken_by_its_exact_tile_and_laid_at_once():
    g = tiles("0: r7 b5 k5 y1 " + OPENED.replace("table: 2=b2 b3 b4",
                                                "table: 2=r5 r6 joly=r7 r8"))
    assert "swap r7 on 1 with b5 k5 joly=5" in legal(g)
    assert "put in exactly that tile" in refused(g, "swap b5 on 1 with b5 k5 joly=5")
    g.apply("swap r7 on 1 with b5 k5 joly=5")
    assert str(g.table[0].meld) == "r5 r6 r7 r8" and g.table[0].played_by == (2, 2, 0, 2)
    assert g.table[-1].played_by == (0, 0, 2)         # the Joly still scores for its first melder
    assert list(map(str, g.hands[0])) == ["y1"]


def test_a_joly_in_a_three_set_needs_both_missing_colours():
    table = "table: 2=r9 y9 joly=9"
    g = tiles("0: b9 k9 k2 k3 y1 " + OPENED.replace("table: 2=b2 b3 b4", table))
    assert "swap b9 k9 on 1 with k2 k3 joly=k4" in legal(g)
    assert "both missing colours" in refused(g, "swap b9 on 1 with k2 k3 joly=k4")
    g.apply("swap b9 k9 on 1 with k2 k3 joly=k4")
    assert sorted(map(str, g.table[0].meld.cards)) == ["b9", "k9", "r9", "y9"]


def test_a_two_tile_set_with_a_joly_keeps_it_until_the_fourth_colour():
    table = "table: 2=r9 y9 joly=9"
    g = tiles("0: b9 k2 k3 y1 " + OPENED.replace("table: 2=b2 b3 b4", table))
    assert not any(a.kind == "swap" for a in g.legal_actions())
    g.apply("layoff b9 on 1")
    assert len(g.table[0].meld.cards) == 4 and "joly" in map(str, g.table[0].meld.cards)
    g2 = tiles("0: k9 k2 k3 y1 " + OPENED.replace("table: 2=b2 b3 b4",
                                                  "table: 2=r9 y9 b9 joly=9"))
    assert "swap k9 on 1 with k2 k3 joly=k4" in legal(g2)


def test_no_swap_and_no_additions_in_the_initial_meld_turn():
    g = tiles("0: r10 r11 r12 y9 b9 k9 k5 k6 k7 r7 b2 " + NEW.replace(
        "| phase: play", "| table: 2=r5 r6 joly=r7 r8 | phase: play"))
    g.apply("open r10 r11 r12 / y9 b9 k9 / k5 k6 k7")
    assert "nothing else goes on the table" in refused(g, "swap r7 on 1 with k5 b2 joly")


# -- going out, the exposed tile, the wall ---------------------------------------------------------
def test_going_out_by_discarding_the_last_tile():
    g = tiles("0: y5 r2 " + OPENED.replace("table: 2=b2 b3 b4", "table: 2=y2 y3 y4"))
    g.apply("layoff y5 on 1")
    g.apply("discard r2")
    assert g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and g.results[-1]["winner"] == 0


def test_the_exposed_tile_only_on_the_turn_it_takes_a_player_out():
    text = "0: y5 y7 r9 | 1: b1 y4 y9 k12 r3 | 2: k3 k4 y13 b6 | crosswise: k13 | exposed: y6 " \
           "| dealer: 1 | table: 0=k2 k3 k4 | phase: draw"
    g = tiles(text)
    assert "take exposed" in legal(g)
    g.apply("take exposed")
    assert g.extra["exposed"] is None and legal(g) == {"meld y5 y6 y7"}
    g2 = tiles(text.replace("y5 y7 r9", "y5 r9 r11"))
    assert "take exposed" not in legal(g2)
    assert "only on the turn you go out" in refused(g2, "take exposed")


def test_the_wall_is_rebuilt_from_the_row_once_then_the_game_ends_without_a_winner():
    # every tile not placed goes into the wall: place them all in the row
    g0 = GameState("tiles", 2, seed=1)
    spare = Counter(g0.variant.deck(g0))
    hands = ["r1 r2 y5 y9 k12 b3 b9 k2 k6 y2 r8 b11 k10 y7",
             "b1 b4 y13 b6 r4 r11 y3 k5 b8 y10 k8 r13 b12 y6"]
    for h in hands + ["k13", "y12"]:
        spare.subtract(map(T, h.split()))
    row = " ".join(map(str, sorted(spare.elements(), key=lambda c: (c.is_tile, c.code))))
    g = tiles(f"0: {hands[0]} | 1: {hands[1]} | crosswise: k13 | exposed: y12 | dealer: 1 "
              f"| discard: {row} | phase: draw")
    assert not g.stock
    g.apply("draw")
    assert g.extra["rebuilt"] and not g.discard and len(g.stock) == len(row.split()) - 1
    g.stock = []
    g.phase, g.turn = Phase.DRAW, 0
    g._legal_cache = None
    g.apply("draw")
    assert g.results[-1]["winner"] is None and "no winner" in g.results[-1]["headline"]


# -- scoring ---------------------------------------------------------------------------------------
END = ("0: r2 | 1: b1 joly y4 y5 | 2: k3 k4 | table: 0=r10 r11 r12 r13 r1; 0=y7 b7 joly=7; "
       "2=b2 b3 b4 | crosswise: k13 | exposed: y12 | dealer: 1 | phase: play")


def test_scoring_the_winner_100_plus_melded_a_joly_50_no_meld_minus_200():
    g = tiles(END)
    g.apply("discard r2")
    pts = g.results[-1]["points"]
    assert pts == [100 + 40 + 10 + 5 + 5 + 50, -200, 15 - 10]
    assert g.results[-1]["lines"][0] == ("Player 1: going out +100, melded +60, a Joly first "
                                         "laid +50 = +210")


def test_a_joly_left_in_a_rack_costs_25_and_is_its_own_line():
    g = tiles(END.replace("1: b1 joly y4 y5 | 2: k3 k4", "1: b1 k4 y4 y5 | 2: k3 joly"))
    g.apply("discard r2")
    assert g.results[-1]["points"][2] == 15 - 5 - 25
    assert "rack -5, a Joly in the rack -25" in g.results[-1]["lines"][2]


def test_no_meld_penalty_100_plus_rack_and_a_joly_or_a_one_in_the_rack_cost_25():
    g = tiles(END, "no_meld_penalty=100_plus_rack")
    # b1 and the Joly 25 each, y4 and y5 5 each, and the tiles that fill the rack out to 14
    rack = sum(rack_value(c) for c in g.hands[1])
    assert rack >= 25 + 25 + 5 + 5 and len(g.hands[1]) == 14
    g.apply("discard r2")
    assert g.results[-1]["points"][1] == -(100 + rack)


def test_the_twin_scores_25_and_a_joly_finish_doubles():
    g = tiles(END.replace("dealer: 1", "dealer: 1 | twins: 2"))
    g.apply("discard r2")
    assert g.results[-1]["points"][2] == 5 + 25
    g = tiles(END.replace("0: r2 | 1: b1 joly", "0: joly | 1: b1 r2"), "joly_finish_doubles=on")
    g.apply("discard joly")
    assert g.results[-1]["points"][0] == 2 * (100 + 110)


def test_melding_all_14_at_once_scores_100_more():
    g = tiles("0: r1 r2 r3 r4 r5 r6 r7 r8 y9 b9 k9 y11 b11 k11 k13 | 1: b1 y4 y9 k12 r3 "
              "| 2: k3 k4 y13 b6 | crosswise: b13 | exposed: y12 | dealer: 1 | phase: play")
    g.apply("open r1 r2 r3 r4 r5 r6 r7 r8 / y9 b9 k9 / y11 b11 k11")
    g.apply("discard k13")
    assert g.results[-1]["points"][0] == 100 + 85 + 100


def test_tiles_added_to_another_players_combination_score_for_who_added_them():
    g = tiles("0: b5 r2 " + OPENED.replace("melded: 0", "melded: 0 | scores: 0 0 0")
              .replace("table: 2=b2 b3 b4", "table: 2=b2 b3 b4; 0=r6 r7 r8"))
    g.apply("layoff b5 on 1")
    assert g.table[0].played_by == (2, 2, 2, 0)
    g.apply("discard r2")
    assert g.results[-1]["points"][0] == 100 + 15 + 5


def test_the_match_is_a_number_of_games_or_to_a_target():
    g = tiles(END, "games=2")
    g.apply("discard r2")
    assert g.phase == Phase.HAND_OVER
    g = tiles(END, "games=2 target=500")
    g.apply("discard r2")
    assert g.phase == Phase.HAND_OVER
    g = tiles(END.replace("dealer: 1", "dealer: 1 | scores: 300 0 0"), "target=500")
    g.apply("discard r2")
    assert g.phase == Phase.MATCH_OVER and g.final["winners"] == [0]


# -- text, replays, deal strings -------------------------------------------------------------------
@pytest.mark.parametrize("text", ["open r5 r6 r7 / k9 y9 joly=9", "take y7 with y5 y6 y7",
                                  "take y7 2 with y5 joly=y6 y7", "swap r7 on 2 with joly=b6 b7 b8",
                                  "swap b5 k5 on 3 with y9 joly=y10 y11", "take exposed",
                                  "doubla r7", "twin"])
def test_action_texts_read_back(text):
    assert str(parse_action(text)) == text


def test_a_seeded_match_replays_and_its_positions_read_back():
    g = GameState("tiles", 3, {"games": 1, "doubla": True}, seed=11)
    from rami.bots import make_bot
    bots = [make_bot("heuristic", "tiles", seed=i) for i in range(3)]
    while not g.is_over:
        if g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            assert to_deal(from_deal(to_deal(g))) == to_deal(g)
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    again = replay("tiles", g.names, {"games": 1, "doubla": True}, 11,
                   [str(a) for a in g.history])
    assert again == g


def test_the_best_opening_from_a_15_tile_rack_with_two_jolys():
    rack = [T(t) for t in "r3 r4 r5 joly y9 b9 k9 k11 k12 joly b1 b2 y6 r13 k5".split()]
    g = GameState("tiles", 2, seed=1)
    found = openings(rack, g.variant.rules(g), 50)
    assert found and all(any(m.kind == "run" for m in o) for o in found)


def test_the_game_uses_the_meld_rules_the_solver_is_checked_with():
    """tests/test_solver.py checks the solver's Joly limits against the brute-force oracle
    under these very rules."""
    from rami.melds import MeldRules
    g = GameState("tiles", 2, seed=1)
    assert g.variant.rules(g) == MeldRules(ace="either", naturals_per_wild=2)


def test_a_tile_added_to_a_set_with_a_joly_scores_for_who_added_it_not_the_jolys_50():
    """A set keeps its tiles in its own order (numbers by colour, the Joly last), so the
    tile added goes in the middle: its 5 points go to the player who added it, and the
    Joly's 50 stay with the one who first laid it."""
    g = tiles("0: b5 r2 " + OPENED.replace("table: 2=b2 b3 b4", "table: 2=r5 y5 joly"))
    g.apply("layoff b5 on 1")
    tm = g.table[0]
    assert [str(c) for c in tm.meld.cards] == ["r5", "y5", "b5", "joly"]
    assert tm.played_by == (2, 2, 0, 2)
    g.apply("discard r2")
    assert g.results[-1]["points"][0] == 100 + 5 + 30     # (its own y10 b10 k10: 30)
