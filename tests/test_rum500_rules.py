"""500 Rum and its family, rule by rule (docs/rules.md section 4). Each position is a deal string."""

from collections import Counter

import pytest

from rami.actions import LayOff, Rum, TakeDiscard
from rami.cards import Card
from rami.errors import OptionError
from rami.scenario import from_deal, to_deal
from tests.rules import legal, position, refused
from rami.state import GameState, Phase, replay
from rami.variants.base import draw_for_deal
from rami.view import PlayerView

C = Card.parse
OTHERS = "| 1: 2d 3c 6c 10c Jd Qd 4s"          # an opponent holding 50 points


def rum(seat0: str, rest: str = OTHERS, options: str = "", **parts) -> GameState:
    return position("rum500", seat0, rest, options, **parts)


# -- players and cards -----------------------------------------------------------------------
@pytest.mark.parametrize("players,cards,deck", [(2, 13, 52), (3, 7, 52), (4, 7, 52),
                                                (5, 7, 104), (8, 7, 104)])
def test_deal_size_and_decks_depend_on_the_number_of_players(players, cards, deck):
    g = GameState("rum500", players, seed=1)
    assert {len(h) for h in g.hands} == {cards}
    assert len(g.discard) == 1 and len(g.stock) == deck - players * cards - 1


@pytest.mark.parametrize("players,jokers,size", [(3, 1, 53), (4, 2, 54), (5, 1, 106),
                                                 (7, 2, 108)])
def test_jokers_are_counted_per_deck(players, jokers, size):
    g = GameState("rum500", players, {"jokers": jokers}, seed=2)
    assert len(g.variant.deck(g)) == size
    assert g.variant.check_conservation(g) is None


def test_low_card_deals_first_and_the_deal_passes_left():
    for seed in range(20):
        dealer, rounds = draw_for_deal(seed, 5)
        g = GameState("rum500", 5, seed=seed)
        assert g.dealer == dealer and g.turn == (dealer + 1) % 5
    g = GameState("rum500", 3, seed=4)
    first = g.dealer
    g.phase, g._legal_cache = Phase.HAND_OVER, None
    g.apply("deal")
    assert g.dealer == (first + 1) % 3


@pytest.mark.parametrize("options,players", [({"partnership": True}, 3),
                                             ({"persian": True}, 5)])
def test_partnerships_need_four_players(options, players):
    with pytest.raises(OptionError, match="four players"):
        GameState("rum500", players, options)


# -- the spread discard pile -------------------------------------------------------------------
def test_every_card_of_the_pile_is_seen_and_any_usable_one_may_be_taken():
    g = rum("7h 8h Kh Kc Kd 3s 2c", "| 1: 6s 8d 10c Jd 6c Qh 8s", "min_first_meld=0",
            discard="9h 4d Qs 2d", stock="5c")
    v = PlayerView.of(g, 1)
    assert [str(c) for c in v.discard] == ["9h", "4d", "Qs", "2d"]
    # the 9h makes 7-8-9 hearts, the Qs can join no meld of three, the 2d none
    assert legal(g) == {"draw", "take 9h"}
    g.apply("take 9h")
    assert Counter(map(str, g.hands[0])) >= Counter("9h 4d Qs 2d".split())
    assert g.discard == [] and g.phase == Phase.PLAY
    assert g.events[-1].describe(g.names) == \
        "Player 1 took 9h from the discard pile (and the 3 cards above it)"


def test_the_deepest_card_taken_must_be_melded_at_once():
    g = rum("7h 8h Kh Kc Kd 3s 2c", options="min_first_meld=0", discard="9h 4d", stock="5c")
    g.apply("take 9h")
    # only melds with the 9h: not the kings, no discard, no lay-off
    assert legal(g) == {"meld 7h 8h 9h"}
    msg = refused(g, "meld Kh Kc Kd")
    assert msg == "First use the 9h you took from the discard pile: it must go down at once, " \
                  "in a new meld."
    assert "First use the 9h" in refused(g, "discard 4d")
    g.apply("meld 7h 8h 9h")
    assert "discard 4d" in legal(g) and "meld Kh Kd Kc" in legal(g)


def test_a_card_that_cannot_be_melded_cannot_be_taken():
    g = rum("7h 8h Kh Kc 3s 2c 5d", options="min_first_meld=0", discard="9s 4d", stock="5c")
    assert refused(g, "take 9s") == ("You may take the 9s only if you use it at once, in a "
                                     "new meld of three or more cards: you cannot do that "
                                     "with your cards.")
    assert "not in the discard pile" in refused(g, "take Ac")


def test_taking_only_the_top_card_carries_the_duty_unless_free_top_discard():
    g = rum("7h 8h Kh Kc 3s 2c 5d", options="min_first_meld=0", discard="4d 9s", stock="5c")
    assert "take 9s" not in legal(g)
    g = rum("7h 8h Kh Kc 3s 2c 5d", options="min_first_meld=0 free_top_discard=on",
            discard="4d 9s", stock="5c")
    assert "take 9s" in legal(g) and "take 4d" not in legal(g)
    g.apply("take")                          # plain 'take' is the top card
    assert g.extra["duty"] is None and "discard 3s" in legal(g)
    assert "different card" in refused(g, "discard 9s")


def test_pickup_to_hit_lets_the_card_be_laid_off():
    pos = dict(discard="9s 4d", stock="5c", table="1=10s Js Qs")
    g = rum("7h 8h Kh Kc 3s 2c 5d", options="min_first_meld=0", **pos)
    assert "take 9s" not in legal(g)
    g = rum("7h 8h Kh Kc 3s 2c 5d", options="min_first_meld=0 pickup_to_hit=on", **pos)
    g.apply("take 9s")
    assert legal(g) == {"layoff 9s on 1"}
    g.apply("layoff 9s on 1")
    assert g.table[0].played_by == (0, 1, 1, 1)


def test_two_decks_take_the_second_copy_with_its_number():
    g = rum("7h 8h Kh Kc 3s 2h 5d", "| 1: 2c | 2: 3c | 3: 4c | 4: 5s", "min_first_meld=0",
            discard="9h 4d 9h Js", stock="5c")
    assert {"take 9h", "take 9h 2"} <= legal(g)
    g.apply("take 9h 2")
    assert g.discard == [] and g.hands[0].count(C("9h")) == 2


# -- melding and laying off --------------------------------------------------------------------
def test_lay_off_on_any_meld_and_each_card_scores_for_who_played_it():
    g = rum("9h 3s 3d 4c Kc Qs 2s", options="min_first_meld=0", discard="4d",
            stock="5c", table="1=6h 7h 8h")
    g.apply("draw")
    g.apply("layoff 9h on 1")
    assert g.table[0].owner == 1 and g.table[0].played_by == (1, 1, 1, 0)
    assert g.variant.table_points(g) == [5, 15]


def test_a_joker_may_stand_for_a_card_already_melded():
    g = rum("Jk 7d 9d 3s 3d 4c Kc", options="min_first_meld=0 jokers=1", discard="4d",
            stock="5c", table="1=8s 8h 8d")
    g.apply("draw")
    assert "meld 7d Jk=8d 9d" in legal(g)
    g.apply("meld 7d Jk 9d")
    assert str(g.table[1].meld) == "7d Jk=8d 9d"


@pytest.mark.parametrize("table,points", [("Ah 2h 3h", [15, 0]), ("Qh Kh Ah", [35, 0]),
                                          ("As Ah Ad", [45, 0]), ("5h 6h 7h", [15, 0])])
def test_card_values_on_the_table(table, points):
    g = rum("3s 4c", options="", discard="4d", stock="5c", table=f"0={table}")
    assert g.variant.table_points(g) == points


def test_aces_left_in_hand_count_15_and_pip_values_count_pips():
    g = rum("As 2s 9c Jk", options="jokers=1", discard="4d", stock="5c")
    assert g.variant.hand_value(g, g.hands[0]) == 15 + 5 + 5 + 15
    g = rum("As 2s 9c 10s", options="pip_values=on", discard="4d", stock="5c", table="0=Ah 2h 3h")
    assert g.variant.hand_value(g, g.hands[0]) == 15 + 2 + 9 + 10
    assert g.variant.table_points(g) == [5 + 2 + 3, 0]


def test_round_the_corner():
    g = rum("Kh Ah 2h 4c 7d 9s Js", options="min_first_meld=0", discard="4d", stock="5c")
    g.apply("draw")
    assert "meld Kh Ah 2h" not in legal(g)
    g = rum("Kh Ah 2h 4c 7d 9s Js", options="min_first_meld=0 round_the_corner=on",
            discard="4d", stock="5c")
    g.apply("draw")
    g.apply("meld Kh Ah 2h")
    assert g.variant.table_points(g)[0] == 10 + 15 + 5


# -- the first meld ----------------------------------------------------------------------------
def test_a_first_meld_below_30_is_refused_when_the_rest_cannot_make_it_up():
    g = rum("7h 8h 9h 3s 3d 4c Kc", discard="4d", stock="5c")
    g.apply("draw")
    assert "meld 7h 8h 9h" not in legal(g)
    assert "cannot make up the rest" in refused(g, "meld 7h 8h 9h")


def test_a_first_meld_below_30_may_be_completed_in_the_same_turn():
    g = rum("7h 8h 9h Kc Kd Ks 3s", discard="4d", stock="5c")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    assert g.extra["opening"] == 15
    msg = refused(g, "discard 3s")
    assert msg == ("Your first melds in a hand must total at least 30 points: you have laid "
                   "15, lay 15 more before you discard.")
    assert not any(a.startswith("discard") for a in legal(g))
    g.apply("meld Kc Kd Ks")
    assert "discard 3s" in legal(g)
    g.apply("discard 3s")
    # once open, a small meld is fine
    g2 = rum("2h 3h 4h 9d 9s 5d Kd", discard="4d", stock="5c", melded="0")
    g2.apply("draw")
    assert "meld 2h 3h 4h" in legal(g2)


def test_min_first_meld_zero_turns_it_off():
    g = rum("7h 8h 9h 3s 3d 4c Kc", options="min_first_meld=0", discard="4d", stock="5c")
    g.apply("draw")
    assert "meld 7h 8h 9h" in legal(g)


def test_a_lay_off_counts_towards_the_first_meld():
    g = rum("Kh Kc Kd 9h 3s 4c 5d", discard="4d", stock="5c", table="1=6h 7h 8h")
    g.apply("draw")
    g.apply("layoff 9h on 1")
    assert g.extra["opening"] == 5
    assert not any(a.startswith("discard") for a in legal(g))
    g.apply("meld Kh Kc Kd")
    assert "discard 3s" in legal(g)


OPEN = "rum500 | 0: 2c 3c 4c Kh Ah 9s | 1: 2d 5d 8s | table: 1=10h Jh Qh | discard: 4d"


def test_an_opening_counts_its_lay_offs_in_whichever_order_they_come():
    """2c-3c-4c (15) with Kh and Ah laid off on 10h-Jh-Qh (25) opens with 40."""
    g = from_deal(OPEN + " | phase: play | turn: 0")
    assert {"meld 2c 3c 4c", "layoff Kh on 1"} <= legal(g)
    g.apply("layoff Kh on 1")
    assert not any(a.startswith("discard") for a in legal(g))
    g.apply("layoff Ah on 1")
    g.apply("meld 2c 3c 4c")
    assert g.extra["opening"] == 40 and "discard 9s" in legal(g)
    h = from_deal(OPEN + " | phase: play | turn: 0")
    h.apply("meld 2c 3c 4c")
    assert "layoff Kh on 1" in legal(h)
    h.apply("layoff Kh on 1")
    h.apply("layoff Ah on 1")
    assert "discard 9s" in legal(h)
    # a meld alone is not enough, and the lay-offs cannot be made first without the meld
    short = from_deal("rum500 | 0: 2c 3c 4c 9s 7d | 1: 2d 5d 8s | table: 1=10h Jh Qh "
                      "| discard: 4d | phase: play | turn: 0")
    assert "meld 2c 3c 4c" not in legal(short)


def test_a_pile_card_may_be_taken_for_an_opening_made_with_lay_offs():
    g = from_deal("rum500 | 0: 2c 3c Kh Ah 9s | 1: 2d 5d 8s | table: 1=10h Jh Qh "
                  "| discard: 8d 4c | phase: draw | turn: 0")
    assert "take 4c" in legal(g)
    g.apply("take 4c")
    g.apply("meld 2c 3c 4c")
    g.apply("layoff Kh on 1")
    g.apply("layoff Ah on 1")
    assert "discard 9s" in legal(g)


def test_persian_counts_number_cards_at_their_pips():
    g = rum("6h 6s 6d 3h", "| 1: 2c | 2: 9c | 3: 2d", "persian=on min_first_meld=0",
            discard="4d", stock="9h")
    assert g.variant.card_value(g.options, C("6h")) == 6
    assert g.variant.card_value(g.options, C("Ah")) == 15
    assert g.variant.card_value(g.options, C("Kh")) == 10


# -- end of hand ------------------------------------------------------------------------------
def test_going_out_by_melding_ends_the_hand_and_scores_table_minus_hand():
    g = rum("7h 8h 9h Kc Kd Ks", discard="4d", stock="Kh")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("meld Ks Kh Kd Kc")
    assert g.phase == Phase.HAND_OVER
    r = g.results[-1]
    assert r["points"] == [55, -50] and g.scores == [55, -50]
    assert r["lines"][:2] == ["Player 1: table 55 − hand 0 = 55",
                              "Player 2: table 0 − hand 50 = -50"]


def test_boathouse_needs_a_final_discard():
    g = rum("7h 8h 9h Kc Kd Ks", options="boathouse=on", discard="4d", stock="Kh")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    assert "meld Ks Kh Kd Kc" not in legal(g) and "meld Ks Kd Kc" in legal(g)
    assert "keep a card to discard" in refused(g, "meld Kc Kd Ks Kh")
    g.apply("meld Kc Kd Ks")
    g.apply("discard Kh")
    assert g.phase == Phase.HAND_OVER and g.results[-1]["points"][0] == 45 - 0


def test_the_hand_ends_when_the_stock_is_empty_and_the_next_player_will_not_take():
    g = rum("7h 8h 9h Kc Kd Ks 2c", "| 1: 5c 6c 3d 8s 10c Jd Qh", discard="4d 7c",
            stock="Qs", melded="0 1")
    g.stock = g.stock[-1:]                  # the last card of the stock
    g.apply("draw")
    g.apply("discard Qs")
    assert not g.stock and g.turn == 1
    # he could take the 7c (with the Qs above it) for 5c 6c 7c, or stop the hand
    assert legal(g) == {"take 7c", "pass"}
    assert refused(g, "draw") == "The stock is empty."
    g.apply("pass")
    assert g.phase == Phase.HAND_OVER
    assert g.events[-2].describe(g.names) == \
        "Player 2 did not take from the pile: the stock is empty"
    assert "will not take" in g.results[-1]["headline"]
    # (each has melded: the fixture gives each a set of three 5-point cards, 15 on the table)
    assert g.results[-1]["points"] == [15 - 45 - 5, 15 - 50]


def test_the_hand_ends_at_once_when_the_next_player_cannot_take():
    g = rum("7h 8h 9h Kc Kd Ks 2c", "| 1: 5c 9c 3d 8s 10c Jd Qh", discard="4d",
            stock="Qs", melded="0 1")
    g.stock = g.stock[-1:]
    g.apply("draw")
    g.apply("discard 2c")
    assert g.phase == Phase.HAND_OVER
    assert "cannot take" in g.results[-1]["headline"]


# -- the match --------------------------------------------------------------------------------
def test_the_match_is_to_500_and_the_highest_wins_when_several_pass():
    g = rum("7h 8h 9h Kc Kd Ks", discard="4d", stock="Kh", scores="440 490")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("meld Ks Kh Kd Kc")
    assert g.scores == [495, 440] and g.phase == Phase.HAND_OVER
    g = rum("7h 8h 9h Kc Kd Ks", discard="4d", stock="Kh", scores="480 490")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("meld Ks Kh Kd Kc")
    assert g.is_over and g.final["winners"] == [0] and g.scores == [535, 440]
    # both pass 500: the higher wins, not the one who went out
    g = rum("7h 8h 9h", "| 1: 2s", discard="4d", stock="2c", scores="490 498",
            table="1=Qs Ks As", melded="0 1")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("discard 2c")
    # (seat 0 has melded before: its set of three 5-point cards is on the table too)
    assert g.is_over and g.scores == [520, 528] and g.final["winners"] == [1]
    assert g.final["headline"] == "Player 2 wins the match with 528 (reaching 500)"


def test_a_tie_at_the_top_plays_another_hand():
    g = rum("7h 8h 9h Kc Kd Ks", "| 1: 5c", discard="4d", stock="Kh", scores="460 520")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("meld Ks Kh Kd Kc")
    assert g.scores == [515, 515] and g.phase == Phase.HAND_OVER


# -- options ----------------------------------------------------------------------------------
def test_rum_call_lets_the_next_opened_player_claim_a_fitting_discard():
    three = "| 1: 2c 3d 5h 9c Jd 4s 6d | 2: 2h 3h 5s 9d Jh 8c 6c"
    g = rum("Kh 3s 4c 5d 7c 8d Qc", three, "rum_call=on", discard="4d", stock="5c",
            table="1=10s Js Qs", melded="1 2")
    g.apply("draw")
    g.apply("discard Kh")         # fits nothing: hearts
    assert g.phase == Phase.DRAW and g.turn == 1
    g = rum("Ks 3s 4c 5d 7c 8d Qc", three, "rum_call=on", discard="4d", stock="5c",
            table="0=10s Js Qs", melded="2")
    g.apply("draw")
    g.apply("discard Ks")
    # seat 1 has not opened (min_first_meld): seat 2 is asked
    assert g.phase == Phase.RUM and g.turn == 2
    assert legal(g) == {"rum on 1", "pass"}
    assert "call 'rum'" in refused(g, "draw")
    g.apply("rum")
    assert g.table[0].played_by == (0, 0, 0, 2) and g.discard[-1] is C("4d")
    assert g.turn == 1 and g.phase == Phase.DRAW
    assert g.events[-1].describe(g.names) == "Player 3 called rum and laid off Ks on meld 1"


def test_rum_passed_by_everyone_goes_on_with_the_next_player():
    three = "| 1: 2c 3d 5h 9c Jd 4s 6d | 2: 2h 3h 5s 9d Jh 8c 6c"
    g = rum("Ks 3s 4c 5d 7c 8d Qc", three, "rum_call=on", discard="4d", stock="5c",
            table="1=10s Js Qs", melded="1 2")
    g.apply("draw")
    g.apply("discard Ks")
    assert g.turn == 1
    g.apply("pass")
    assert g.turn == 2 and g.phase == Phase.RUM
    g.apply("pass")
    assert g.turn == 1 and g.phase == Phase.DRAW and g.discard[-1] is C("Ks")
    assert "only just after" in refused(g, "rum")


def test_seven_card_straight_scores_500():
    g = rum("3h 4h 5h 6h 7h 8h Kc", options="seven_card_straight=on min_first_meld=0",
            discard="4d", stock="9h")
    g.apply("draw")
    g.apply("meld 3h 4h 5h 6h 7h 8h 9h")
    g.apply("discard Kc")
    assert g.results[-1]["points"][0] == 500 and g.scores[0] == 500
    assert g.is_over
    g = rum("3h 4h 5h 6h 7h 8h Kc", options="min_first_meld=0", discard="4d", stock="9h")
    g.apply("draw")
    g.apply("meld 3h 4h 5h 6h 7h 8h 9h")
    g.apply("discard Kc")
    assert g.results[-1]["points"][0] == 35


PARTNERS = "| 1: 2c 3d 5h | 2: 9c Jd 4s | 3: 2d 3c 5s"


def test_partnership_hand_scores_add_up_per_side():
    g = from_deal("rum500 partnership=on min_first_meld=0 | 0: 7h 8h 9h Ks | 1: 2c 3d 5h | 2: 9c Jd 4s "
                  "| 3: 2d 3c 5s | discard: 4d | stock: 6c | table: 2=Kc Kd Kh")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("layoff Ks on 1")             # on the partner's kings
    # (a set keeps its suits in order: the Ks comes first, and who played it with it)
    assert g.table[0].owner == 2 and g.table[0].played_by == (0, 2, 2, 2)
    assert g.variant.table_points(g) == [25, 0, 30, 0]
    g.apply("discard 6c")                       # out
    assert g.phase == Phase.HAND_OVER
    # side 0: 25 (seat 0) + 30 - 20 (seat 2); side 1: -15 and -15
    assert g.scores == [25 + 30 - 20, -15 - 15]


def test_persian_deck_and_joker_sets():
    g = GameState("rum500", 4, {"persian": True}, seed=3)
    deck = g.variant.deck(g)
    assert len(deck) == 56 and deck.count(C("Jk")) == 4
    assert g.teams == (0, 1, 0, 1)
    p = rum("Jk Jk Jk 7h 8h 5c 3h", "| 1: 2c 3d 5h | 2: 9c Jd 4s | 3: 2d 3c 5s",
            "persian=on min_first_meld=0", discard="4d", stock="9h")
    p.apply("draw")
    assert "meld Jk Jk Jk" in legal(p)
    assert not any("Jk" in a and "h" in a for a in legal(p) if a.startswith("meld"))
    assert "only with each other" in refused(p, "meld 7h 8h Jk")
    p.apply("meld Jk Jk Jk")
    assert p.variant.table_points(p)[0] == 60
    assert p.variant.hand_value(p, [C("Jk")]) == 20


def test_persian_four_of_a_kind_laid_at_once_counts_double():
    four = rum("6h 6s 6d 6c Jk Jk Jk Jk 3h", "| 1: 2c | 2: 9c | 3: 2d",
               "persian=on min_first_meld=0", discard="4d", stock="9h")
    four.apply("draw")
    four.apply("meld 6s 6h 6d 6c")
    four.apply("meld Jk Jk Jk Jk")
    assert four.variant.table_points(four)[0] == 48 + 160     # the rule book's 48
    three = rum("6h 6s 6d 6c Jk Jk Jk Jk 3h", "| 1: 2c | 2: 9c | 3: 2d",
                "persian=on min_first_meld=0", discard="4d", stock="9h")
    three.apply("draw")
    three.apply("meld 6s 6h 6d")
    three.apply("layoff 6c on 1")
    three.apply("meld Jk Jk Jk")
    three.apply("layoff Jk on 2")
    assert three.variant.table_points(three)[0] == 18 + 6 + 80


def test_persian_going_out_and_the_two_deals():
    g = rum("7h 8h 9h Kc Kd Ks", "| 1: 2c | 2: 9c | 3: 2d", "persian=on",
            discard="4d", stock="Kh", hand="2", scores="100 150")
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    g.apply("meld Ks Kh Kd Kc")
    r = g.results[-1]
    # seat 0: 7+8+9 + 80 (four kings at once, doubled) + 25 for going out; seat 2: -9
    assert r["points"][0] == 24 + 80 + 25 + 50 and r["points"][2] == -9
    assert g.is_over and g.scores == [100 + 24 + 80 + 25 - 9 + 50, 150 - 2 - 2]
    assert "by" in g.final["headline"]


# -- saving, replaying, views -----------------------------------------------------------------
def test_a_position_with_a_duty_saves_restores_and_writes_back():
    g = rum("7h 8h Kh Kc Kd 3s 2c", options="min_first_meld=0", discard="9h 4d", stock="5c")
    g.apply("take 9h")
    back = GameState.from_json(g.to_json())
    assert back == g and back.legal_actions() == g.legal_actions()
    again = from_deal(to_deal(g))
    assert again.extra["duty"] == "9h" and legal(again) == {"meld 7h 8h 9h"}


def test_a_match_replays_from_its_actions():
    g = GameState("rum500", 3, {"rum_call": True, "jokers": 1}, seed=11)
    from rami.bots import make_bot
    bots = [make_bot("heuristic", "rum500", seed=i) for i in range(3)]
    for _ in range(300):
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    again = replay("rum500", 3, {"rum_call": True, "jokers": 1}, 11, map(str, g.history))
    assert again.to_dict() == g.to_dict()


def test_the_view_shows_table_points_and_the_duty():
    g = rum("7h 8h Kh Kc Kd 3s 2c", options="min_first_meld=0", discard="9h 4d", stock="5c",
            table="1=Qs Ks As")
    g.apply("take 9h")
    v = PlayerView.of(g, 1)
    assert v.info["duty"] == "9h" and v.info["table_points"] == [0, 35]
    assert [str(c) for c in v.discard] == [] and v.hand_counts == (9, 7)


def test_take_and_rum_texts_parse_back():
    from rami.actions import parse_action
    for a in (TakeDiscard(C("9h")), TakeDiscard(C("9h"), 2), Rum(), Rum(2), LayOff(C("9h"), 0)):
        assert parse_action(str(a)) == a


def test_a_deal_string_can_stop_at_a_rum_call():
    g = from_deal("rum500 rum_call=on | 0: 2c 3d | 1: 3s 4c | 2: 2h 3h | table: 2=10s Js Qs; "
                  "0=8h 8d 8c | discard: 4d Ks | rum: 1 | dealer: 0 | melded: 0 2")
    assert g.phase == Phase.RUM and g.turn == 2 and g.extra["rum"]["queue"] == [2, 0]
    assert from_deal(to_deal(g)).to_dict() == g.to_dict()


def test_an_opening_is_never_led_into_a_position_with_no_move():
    """Found by the soak: an ace can go on 2h..Kh only low (5), the way a lay-off is
    played, but the opening's search once counted it high (15), allowed melds and lay-offs
    that left the opening short, and the player had no legal move at all."""
    g = from_deal(
        "rum500 | 0: 6d 4s 3c 9c 2c 9c Kc | 1: 10s Js | 2: 4d 5s Kd Qc 2d 5c 10d | 3: 3d Qd "
        "7s Ah 6s 4h 10c 6c Kc Qh 9s 7s 7h 3d 8h 8d 8c | 4: 8s Ad 4c Jd Kd | 5: 8c Ks Ac 7d "
        "6h 8s 2s | 6: 6c 3s 7c 4c 7d 8d | 7: Qs 3h 9d | discard: Ks | table: 1=Js Jd Jc; "
        "4=9s 9h 9d; 4=2s 2d 2c; 6=2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh; 4=10s 10h 10d 10c; "
        "7=5s 5d 5c; 6=As Ah Ad Ac; 1=4d 5d 6d | stock: 2h 6s 3s Qd 5h 4s Kh As 7c Qs Qc Jc "
        "Jh 3c | turn: 3 | phase: play | dealer: 3")

    def explore(state, depth):
        acts = state.legal_actions()
        assert acts, "a legal move led to a position with none"
        if depth == 0:
            return
        for a in acts:
            if a.kind in ("meld", "layoff"):
                after = state.copy()
                after.apply(a)
                explore(after, depth - 1)

    explore(g, 3)


def test_points_towards_an_opening_are_written_only_for_a_seat_that_had_not_opened():
    # found by the soak: a save whose seat had opened before the turn but carried points
    # "towards the opening" wrote them into its deal string, which then read back stuck
    g = rum("6h 7d Kc", table="0=7s 8s 9s", phase="play", turn=0)
    g.melded_at_turn_start[0] = True
    g.extra["opening"] = 1
    text = to_deal(g)
    assert "opening" not in text
    assert legal(from_deal(text)) == legal(g)


@pytest.mark.parametrize("options", [{}, {"partnership": True}])
def test_a_match_of_players_who_hold_more_than_they_lay_ends_after_max_hands(options):
    """Four Beginners once played over a thousand hands without an end: totals sank. The
    rule book's Decision: the match ends after ``max_hands`` (50 by default), the highest
    total winning (here 20, the fewest the rule allows, to keep the test short)."""
    from rami.bots import make_bot
    g = GameState("rum500", 4, {"max_hands": 20, **options}, 7)
    bots = [make_bot("beginner", "rum500", f"7:{s}") for s in range(4)]
    while not g.is_over:
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        assert g.hand_no < 20
    best = max(g.scores)
    assert best < 500 or g.hand_no + 1 <= 20
    assert all(g.scores[g.side(s)] == best for s in g.final["winners"])
    if best < 500:
        assert g.hand_no + 1 == 20 and "after 20 hands" in g.final["headline"]


def test_max_hands_is_a_house_rule_within_the_rule_books_range():
    assert GameState("rum500", 3, {}, 1).options["max_hands"] == 50
    for bad in (19, 201, "50"):
        with pytest.raises(OptionError):
            GameState("rum500", 3, {"max_hands": bad}, 1)


def test_a_card_laid_off_on_a_set_with_a_joker_counts_its_own_points():
    """A set keeps its naturals by suit, then its jokers: a 3h laid off on 3s 3d Jk goes in
    the middle, counts 5 towards a first meld (not the joker's 15) and scores for the
    player who laid it."""
    # 15 for the nines and 5 for the 3h do not make 30 (the joker's 15 once counted)
    g = rum("3h 9c 9d 9s 4c Qd 8h", "| 1: 2c 3c", "jokers=1", discard="2s", stock="5c",
            table="1=3s 3d Jk")
    g.apply("draw")
    assert "at least 30 points" in refused(g, "meld 9c 9d 9s")
    g = rum("3h Kc Kh Ks 4c Qd 8h", "| 1: 2c 3c", "jokers=1", discard="2s", stock="5c",
            table="1=3s 3d Jk")
    g.apply("draw")
    g.apply("meld Kc Kh Ks")
    g.apply("layoff 3h on 1")
    assert g.extra["opening"] == 30 + 5
    tm = g.table[0]
    assert [str(c) for c in tm.meld.cards] == ["3s", "3h", "3d", "Jk"]
    assert tm.played_by == (1, 0, 1, 1)
    assert g.variant.table_points(g) == [35, 25]
