"""Basic Rummy, rule by rule (docs/rules.md section 1). Each position is one deal string."""

import pytest

from rami.actions import TURNOVER, LayOff, MeldCards
from rami.cards import Card
from rami.errors import AmbiguousAction, IllegalAction
from rami.scenario import from_deal
from rami.state import GameState, Phase
from rami.variants.base import draw_for_deal
from rami.games.basic import MAX_TURNOVERS
from tests.rules import sound

C = Card.parse
THREE = "| 1: 6s 8d 10c | 2: Jd 6c Qh 8s"   # two opponents holding 58 points


def basic(seat0: str, rest: str = THREE, options: str = "", **parts) -> GameState:
    extra = "".join(f" | {k}: {v}" for k, v in parts.items())
    return from_deal(sound(f"basic {options} | 0: {seat0} {rest}{extra}"))


@pytest.mark.parametrize("players,cards", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_size_depends_on_the_number_of_players(players, cards):
    g = GameState("basic", players, seed=1)
    assert {len(h) for h in g.hands} == {cards}
    assert len(g.discard) == 1 and len(g.stock) == 52 - players * cards - 1


def test_cards_5_6_option_deals_seven():
    g = GameState("basic", 5, {"cards_5_6": 7}, seed=1)
    assert {len(h) for h in g.hands} == {7}


def test_lowest_card_deals_first_and_the_deal_passes_clockwise():
    for seed in range(30):
        dealer, rounds = draw_for_deal(seed, 4)
        last = rounds[-1]
        assert all(last[dealer].rank < c.rank for s, c in last.items() if s != dealer)
        g = GameState("basic", 4, seed=seed)
        assert g.dealer == dealer and g.turn == (dealer + 1) % 4
    g = GameState("basic", 3, {"hands": 5}, seed=3)
    first = g.dealer
    g.hand_no, g.phase = 0, Phase.HAND_OVER
    g._legal_cache = None
    g.apply("deal")
    assert g.dealer == (first + 1) % 3


def test_a_turn_is_draw_meld_or_lay_off_then_discard():
    g = basic("7h 8h 9h 5s 5d Kc Qs", discard="2s", stock="5c")
    assert {str(a) for a in g.legal_actions()} == {"draw", "take"}
    g.apply("draw")
    assert "meld 7h 8h 9h" in {str(a) for a in g.legal_actions()}
    g.apply("meld 7h 8h 9h")
    g.apply("meld 5s 5d 5c")
    g.apply("discard Qs")
    assert g.turn == 1 and g.phase == Phase.DRAW


def test_the_card_taken_from_the_discard_pile_cannot_be_discarded_that_turn():
    g = basic("7h 8h 2c 5d Kc Qs 3s", discard="9d")
    g.apply("take")
    with pytest.raises(IllegalAction, match="different card than the one you took"):
        g.apply("discard 9d")


def test_lay_off_on_any_players_melds():
    g = basic("10h 4s Kc Qs 3d 9c", THREE, table="1=7h 8h 9h; 2=5s 5d 5c", discard="2s",
              stock="Ad")
    g.apply("draw")
    assert LayOff(C("10h"), 0) in g.legal_actions()
    g.apply("layoff 10h on 1")
    assert str(g.table[0].meld) == "7h 8h 9h 10h" and g.table[0].played_by[-1] == 0


def test_layoff_needs_own_meld_option():
    g = basic("10h 4s Kc Qs 3d 9c", THREE, "layoff_needs_own_meld=on",
              table="1=7h 8h 9h", discard="2s", stock="Ad")
    g.apply("draw")
    assert not any(isinstance(a, LayOff) for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="only after you have melded"):
        g.apply("layoff 10h on 1")


def test_aces_are_low_or_high_but_not_both():
    g = basic("Ah 2h 3h Qs Ks As 4c", discard="2s", stock="5c")
    g.apply("draw")
    texts = {str(a) for a in g.legal_actions()}
    assert "meld Ah 2h 3h" in texts and "meld Qs Ks As" in texts
    g = basic("Kh Ah 2h 9s 4s 7c 4c", discard="2s", stock="5c")
    g.apply("draw")
    with pytest.raises(IllegalAction, match="K-A-2 is not a run"):
        g.apply("meld Kh Ah 2h")


def test_round_the_corner_allows_k_a_2():
    g = basic("Kh Ah 2h 9s 4s 7c 4c", THREE, "round_the_corner=on", discard="2s", stock="5c")
    g.apply("draw")
    g.apply("meld Kh Ah 2h")
    assert g.table[0].meld.kind == "run"


def test_going_out_by_melding_the_last_cards_when_final_discard_is_optional():
    g = basic("7h 8h", THREE, discard="2s", stock="9h", melded="0")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    r = g.results[-1]
    assert r["winner"] == 0 and r["how"] == "out" and r["points"][0] == 58


def test_final_discard_required_the_last_card_must_be_discarded():
    # the rule book's example: holding 7-8 and drawing the 9, he cannot go out by melding
    g = basic("7h 8h", THREE, "final_discard=required", discard="2s", stock="9h", melded="0")
    g.apply("draw")
    assert not any(isinstance(a, MeldCards) for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="go out by discarding your last card"):
        g.apply("meld 7h 8h 9h")


def test_going_out_by_discarding_the_last_card():
    g = basic("7h 8h 9h Ks", THREE, discard="2s", stock="Qd", melded="0")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("discard Qd")
    assert g.hands[0] == [C("Ks")]
    g = basic("7h 8h 9h", THREE, "final_discard=required", discard="2s", stock="Qd",
              melded="0")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("discard Qd")
    assert g.results[-1]["winner"] == 0


def test_rummy_whole_hand_in_one_turn_scores_double():
    g = basic("7h 8h 9h 5s 5d 5c", discard="2s", stock="Kd")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("meld 5s 5d 5c")
    g.apply("discard Kd")
    r = g.results[-1]
    assert r["how"] == "rummy" and r["points"][0] == 2 * 58


def test_no_rummy_after_melding_in_an_earlier_turn():
    g = basic("7h 8h 9h", discard="2s", stock="Qd", table="0=2d 3d 4d")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("discard Qd")
    r = g.results[-1]
    assert r["how"] == "out" and r["points"][0] == 58


def test_card_values_face_cards_ten_aces_one():
    g = basic("7h 8h", "| 1: Ks Qs Js 10s Ac 2d 9c", discard="2s", stock="9h", melded="0")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    assert g.results[-1]["points"][0] == 10 * 4 + 1 + 2 + 9


@pytest.mark.parametrize("ace", [11, 15])
def test_ace_value_option(ace):
    g = basic("7h 8h", "| 1: Ac Ad 2c", f"ace_value={ace}", discard="2s", stock="9h",
              melded="0")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    assert g.results[-1]["points"][0] == 2 * ace + 2


def test_go_out_bonus():
    g = basic("7h 8h", THREE, "go_out_bonus=10", discard="2s", stock="9h", melded="0")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    assert g.results[-1]["points"][0] == 58 + 10


def test_empty_stock_turn_the_discard_pile_over_without_shuffling():
    g = basic("7h 8h Ks 4d", "| 1: 2c 3d", discard="Ac 2h 3c 9s", melded="0")
    g.stock = []
    g._legal_cache = None
    assert TURNOVER in g.legal_actions()
    g.apply("turnover")
    # the pile turned face down: its bottom card is now the stock's top, and is turned up
    assert g.discard == [C("Ac")] and g.stock[-1] == C("2h") and g.stock[0] == C("9s")
    g.apply("draw")
    assert C("2h") in g.hands[0]


def test_empty_stock_the_next_player_may_take_the_discard_instead():
    g = basic("7h 8h Ks 4d", "| 1: 2c 3d", discard="Ac 2h", melded="0")
    g.stock = []
    g._legal_cache = None
    assert {str(a) for a in g.legal_actions()} == {"take", "turnover"}


def test_the_stock_stays_empty_one_round_at_most():
    """Reading: after every player has taken the discard with the stock empty, turn over."""
    g = basic("7h 8h Ks 4d", "| 1: 2c 3d", discard="Ac 2h", melded="0")
    g.stock = []
    g._legal_cache = None
    for seat in (0, 1):
        g.apply("take")
        g.apply(f"discard {g.hands[seat][0]}")
    assert g.legal_actions() == [TURNOVER]
    with pytest.raises(IllegalAction, match="turn the pile over"):
        g.apply("take")
    g.apply("turnover")
    assert g.extra["empty_stock_takes"] == 0


def test_block_rummy_hand_ends_when_the_stock_runs_out_and_each_loses_his_points():
    g = basic("7h 8h Ks 4d", "| 1: 2c 3d", "block_rummy=on", discard="Ac", stock="9s")
    g.stock = g.stock[-1:]
    g.apply("draw")
    g.apply("discard 9s")
    r = g.results[-1]
    assert r["how"] == "block" and r["points"] == [-(7 + 8 + 10 + 4), -5]
    assert TURNOVER not in GameState("basic", 2, {"block_rummy": True}, seed=1).legal_actions()


def test_a_hand_cannot_go_on_for_ever():
    """Reading: after MAX_TURNOVERS turnovers, the next time the stock runs out the hand is void."""
    g = basic("7h 8h Ks 4d", "| 1: 2c 3d", discard="Ac", stock="9s")
    g.stock = g.stock[-1:]
    g.extra["turnovers"] = MAX_TURNOVERS
    g.apply("draw")
    g.apply("discard 9s")
    assert g.results[-1]["how"] == "void" and g.results[-1]["points"] == [0, 0]


def test_match_ends_at_the_target_and_the_highest_score_wins():
    g = basic("7h 8h", THREE, "target=100", discard="2s", stock="9h", melded="0",
              scores="50 90 10")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    assert g.phase == Phase.MATCH_OVER and g.final["winners"] == [0]
    assert g.final["totals"] == [108, 90, 10]


def test_match_of_a_fixed_number_of_hands():
    g = basic("7h 8h", THREE, "hands=1", discard="2s", stock="9h", melded="0")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    assert g.phase == Phase.MATCH_OVER and g.final["winners"] == [0]


def test_jokers_are_wild_in_sets_and_runs_and_count_nothing_in_hand():
    g = basic("7h Jk 9h 5s 5d", "| 1: Jk Kc", "jokers=2", discard="2s", stock="Qd",
              melded="0")
    g.apply("draw")
    g.apply("meld 7h Jk 9h")
    assert str(g.table[-1].meld) == "7h Jk=8h 9h"
    with pytest.raises(IllegalAction):
        g.apply("meld 5s 5d Qd")
    g.apply("discard Qd")
    g2 = basic("7h 8h", "| 1: Jk Kc", "jokers=2", discard="2s", stock="9h", melded="0")
    g2.apply("draw")
    g2.apply("meld 7h 8h 9h")
    assert g2.results[-1]["points"][0] == 10            # the joker counts 0


def test_a_wild_that_could_stand_for_two_cards_must_be_named():
    g = basic("7h 8h Jk 4s Kd", "| 1: Jk Kc", "jokers=2", discard="2s", stock="Qd")
    g.apply("draw")
    with pytest.raises(AmbiguousAction, match="Jk=6h.*Jk=9h|Jk=9h.*Jk=6h"):
        g.apply("meld 7h 8h Jk")
    g.apply("meld 7h 8h Jk=9h")
    assert str(g.table[0].meld) == "7h 8h Jk=9h"


def test_a_melded_joker_is_never_replaced():
    g = basic("8h 4s Kd 2c", "| 1: Jk Kc", "jokers=2", table="1=7h Jk=8h 9h", discard="2s",
              stock="Qd")
    g.apply("draw")
    assert not any(isinstance(a, LayOff) and a.card == C("8h") for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="does not fit"):
        g.apply("layoff 8h on 1")


def test_nobody_goes_out_on_his_own_first_turn_unless_first_turn_out():
    deal = "| 1: 2c 3d 9c | discard: Kd | stock: 10h | first turn: 0"
    g = basic("7h 8h 9h Qs", deal)
    g.apply("draw")
    # 7h 8h 9h 10h Qs: melding four leaves one card, which would go out by discarding it
    with pytest.raises(IllegalAction, match="first turn"):
        g.apply("meld 7h 8h 9h 10h")
    before = g.to_json()
    with pytest.raises(IllegalAction, match="first turn"):
        g.apply("meld 7h 8h 9h 10h")
    assert g.to_json() == before
    g.apply("meld 7h 8h 9h")              # keeps two: 10h to hold, Qs to discard
    assert "layoff 10h on 1" not in [str(a) for a in g.legal_actions()]
    g.apply("discard Qs")
    assert g.phase == Phase.DRAW and g.turn == 1
    # the house rule allows it; the second turn does too
    on = basic("7h 8h 9h Qs", deal, "first_turn_out=on")
    on.apply("draw")
    on.apply("meld 7h 8h 9h 10h")
    on.apply("discard Qs")
    assert on.results[-1]["winner"] == 0 and on.results[-1]["how"] == "rummy"
    second = basic("7h 8h 9h Qs", "| 1: 2c 3d 9c | discard: Kd | stock: 10h")
    second.apply("draw")
    second.apply("meld 7h 8h 9h 10h")
    second.apply("discard Qs")
    assert second.results[-1]["winner"] == 0


def test_a_new_hand_starts_everyone_on_his_first_turn():
    g = GameState("basic", 3, seed=4)
    assert g.extra["first_turn"] == [True, True, True]
    seat = g.turn
    g.apply("draw")
    g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
    assert g.extra["first_turn"][seat] is False and g.extra["first_turn"].count(True) == 2


def test_a_block_rummy_match_to_a_target_ends_after_ten_hands():
    """The rule book's Decision: blocked hands take points from everyone, so a target may
    never be reached; the match ends after 10 hands and the highest total wins."""
    from rami.games.basic import BLOCK_MATCH_HANDS
    from rami.bots import make_bot
    from rami.view import PlayerView
    g = GameState("basic", 4, {"block_rummy": True}, seed=3)
    bots = [make_bot("heuristic", "basic", seed=s) for s in range(4)]
    for _ in range(20_000):
        if g.is_over:
            break
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    assert g.is_over and len(g.results) <= BLOCK_MATCH_HANDS
    best = max(g.scores)
    assert g.final["winners"] == [s for s in range(4) if g.scores[s] == best]
    # without block rummy a target match has no such limit
    h = GameState("basic", 2, {}, seed=1)
    h.results = [{}] * 12
    h.scores = [40, 30]
    assert h.variant.match_result(h) is None
