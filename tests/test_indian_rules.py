"""Indian Rummy, 13 cards, rule by rule (docs/rules.md section 3). Each position is a deal string.

Most positions cut the 7d as the wild joker, so every 7 is wild. Two-player positions play
with two decks (``decks=2``) so that the example hands may share cards.
"""

from collections import Counter

import pytest

from rami.actions import DRAW, DROP, REJOIN, DECLINE, DEAL, TAKE, Declare
from rami.cards import Card, parse_cards
from rami.errors import IllegalAction, OptionError, RamiError
from rami.scenario import from_deal, to_deal
from rami.state import GameState, Phase
from rami.variants import find_variant
from rami.games.indian import toss

C = Card.parse
IND = find_variant("indian")
# 14 cards: pure 2h-5h, impure 5s 6s Jk, set of nines, kings with a wild 7c; Qd to finish
WINNER = "2h 3h 4h 5h 5s 6s Jk 9c 9d 9h Kc Kd 7c Qd"
NO_PURE = "3s 8s 6c Kd 10s 3d 5d 7s Qh Jh 2s 4h 6d"          # 77 points, all count
PURE_ONLY = "2c 3c 4c 8d Js 9s Jh Kh 5d 10d 6s 2s 3s"         # 73 outside the pure run
TWO_SEQS = "2c 3c 4c 8d 9d 7h Kh Ks Kc 5s 6h 10s Qd"          # 31 ungrouped
HEAVY = "2c 4c 6c 8d 10s Qs Kh As 3d 5d 7c 9s Jh"            # 87 with no pure run: 80
TWO = "indian decks=2"


def deal(*hands, options="", joker="7d", discard="8c", extra=""):
    """Seat 0 to play (with 14 cards: it has picked), the others as given."""
    if len(hands) == 2 and "decks" not in options:
        options += " decks=2"
    parts = [f"indian {options}"] + [f"{i}: {h}" for i, h in enumerate(hands)]
    parts += [f"joker: {joker}", f"discard: {discard}", "phase: play", "turn: 0"]
    if extra:
        parts.append(extra)
    return from_deal(" | ".join(parts))


def picking(*hands, options="", discard="8c", extra=""):
    """Seat 0 to pick (13 cards each; two players, two decks)."""
    hands = hands or (NO_PURE, PURE_ONLY)
    parts = [f"{TWO} {options}"] + [f"{i}: {h}" for i, h in enumerate(hands)]
    parts += ["joker: 7d", f"discard: {discard}", "phase: draw", "turn: 0"]
    return from_deal(" | ".join(parts + ([extra] if extra else [])))


def labels(g, text):
    return IND.judge(IND.deal_options(g.options, g.extra["wild"]), [parse_cards(x) for x in
                                                                     text.split("/")]).labels


def show_all(g):
    while g.phase == Phase.SHOW:
        g.apply("show")


# -- cards and jokers ----------------------------------------------------------------------

def test_two_players_play_one_deck_with_a_printed_joker():
    g = GameState("indian", 2, seed=1)
    assert sum(map(len, g.hands)) == 26 and len(g.discard) == 1
    assert len(g.stock) + 26 + 1 + 1 == 53          # and the cut wild joker beside the stock
    assert Counter(IND.deck(g))[C("Jk")] == 1


@pytest.mark.parametrize("n", [3, 6])
def test_three_to_six_players_play_two_decks_with_two_printed_jokers(n):
    g = GameState("indian", n, seed=1)
    assert len(IND.deck(g)) == 106 and Counter(IND.deck(g))[C("Jk")] == 2
    assert all(len(h) == 13 for h in g.hands)
    assert len(g.stock) == 106 - 13 * n - 2


def test_decks_option():
    assert len(IND.deck(GameState("indian", 2, {"decks": 2}, seed=1))) == 106
    assert len(IND.deck(GameState("indian", 3, {"decks": 1}, seed=1))) == 53
    with pytest.raises(OptionError, match="at most 3 players"):
        GameState("indian", 4, {"decks": 1}, seed=1)


def toss_key(c):
    return (14 if c.rank == 1 else c.rank, -"shdc".index(c.suit))


def test_the_toss_highest_card_plays_first_aces_high_spades_first():
    tie_seen = False
    for seed in range(60):
        winner, cards = toss(seed, 4)
        assert winner == max(range(4), key=lambda s: toss_key(cards[s]))
        ranks = [c.rank for c in cards]
        if ranks.count(cards[winner].rank) > 1:
            tie_seen = True           # decided by the suit
        assert GameState("indian", 4, seed=seed).turn == winner
    assert tie_seen
    assert toss_key(C("Ac")) > toss_key(C("Ks")) and toss_key(C("9s")) > toss_key(C("9h"))


def test_the_cut_card_makes_every_card_of_its_rank_wild():
    g = GameState("indian", 3, seed=5)
    cut = C(g.extra["cut"])
    assert cut not in g.stock[-1:] and g.extra["wild"] == (cut.rank or 1)
    rules = IND.rules(g)
    assert all(rules.is_wild(Card(cut.rank, s)) for s in "shdc")
    assert g.events[2].kind == "joker" and g.events[2].card == cut


def test_a_cut_printed_joker_makes_aces_wild():
    g = deal(WINNER, NO_PURE, joker="Jk")
    assert g.extra["wild"] == 1
    assert IND.rules(g).is_wild(C("Ah")) and not IND.rules(g).is_wild(C("7h"))


def test_a_discarded_joker_cannot_be_picked_from_the_open_deck():
    for top in ("7s", "Jk"):
        g = picking(discard=f"8c {top}")
        assert TAKE not in g.legal_actions() and DRAW in g.legal_actions()
        with pytest.raises(IllegalAction, match="discarded joker cannot be picked"):
            g.apply("take")


def test_the_opening_card_may_be_picked_even_if_it_is_a_joker():
    g = picking(discard="7s", extra="opening: on | picks: 0 0")
    g.apply("take")
    assert C("7s") in g.hands[0]


def test_a_discarded_card_counts_as_discarded_even_if_it_was_the_opening_card():
    g = picking(discard="7s", extra="opening: on | picks: 0 0")
    g.apply("take")
    g.apply("discard 7s")           # put back: now it is a discarded joker
    assert TAKE not in g.legal_actions()


def test_a_turn_is_a_pick_and_a_discard_and_the_picked_card_may_go_back():
    g = picking(discard="Kh")
    g.apply("take")
    assert len(g.hands[0]) == 14 and g.phase == Phase.PLAY
    g.apply("discard Kh")
    assert g.turn == 1 and g.phase == Phase.DRAW and len(g.hands[0]) == 13


# -- melds ------------------------------------------------------------------------------------

def test_pure_and_impure_sequences_and_sets():
    g = deal(WINNER, NO_PURE)
    assert labels(g, "4s 5s 6s / 4s Jk 6s / 9s 9h 9d / 9s 9h 7c / Qs Ks As") == (
        "pure sequence", "sequence", "set", "set", "pure sequence")


def test_a_wild_rank_card_used_as_itself_keeps_a_sequence_pure():
    g = deal(WINNER, NO_PURE)
    assert labels(g, "6h 7h 8h / 7h 8h 9h 10h") == ("pure sequence", "pure sequence")
    assert labels(g, "6h 7s 8h") == ("sequence",)           # the 7s stands in for the 7h


def test_k_a_2_is_never_a_sequence():
    g = deal(WINNER, NO_PURE)
    assert labels(g, "Kh Ah 2h / Qh Kh Ah / Ah 2h 3h / Kh Jk 2h") == (
        "invalid", "pure sequence", "pure sequence", "invalid")
    g = deal(WINNER, NO_PURE, joker="Jk")                   # aces wild: still no K-A-2
    assert labels(g, "Kh Ah 2h") == ("invalid",)


def test_two_identical_cards_never_make_a_set():
    g = deal(WINNER, NO_PURE)
    assert labels(g, "9s 9s 9h / 9s 9s 9h Jk / 9s 9h 9d 9c / 9s 9h 9d 9c Jk") == (
        "invalid", "invalid", "set", "invalid")


def test_a_sequence_made_only_of_jokers_is_an_impure_sequence():
    g = deal(WINNER, NO_PURE)
    # with sevens wild, 7h Jk 7c reads 7h 8h 9h: a sequence, never a pure one
    assert labels(g, "7h Jk 7c / 7h 7h 7s / Jk Jk") == ("sequence", "sequence", "invalid")
    # so it can be the second sequence of a valid declaration
    g = deal("2h 3h 4h 5h 7h Jk 7c 9c 9d 9h Kc Kd Ks Qd", NO_PURE)
    g.apply("declare Qd: 2h 3h 4h 5h / 7h Jk 7c / 9c 9d 9h / Kc Kd Ks")
    assert g.phase == Phase.SHOW
    # but not the pure one
    g = deal("2h Jk 4h 5h 7h 7s 7c 9c 9d 9h Kc Kd Ks Qd", NO_PURE)
    g.apply("declare Qd: 2h Jk 4h 5h / 7h 7s 7c / 9c 9d 9h / Kc Kd Ks")
    assert g.extra["status"][0] == "invalid"


# -- the declaration --------------------------------------------------------------------------

def test_a_valid_declaration_puts_the_14th_card_in_the_finish_slot():
    g = deal(WINNER, NO_PURE, TWO_SEQS)
    assert Declare(C("Qd")) in g.legal_actions()
    g.apply("declare Qd")
    assert g.phase == Phase.SHOW and g.extra["finish"] == {"0": "Qd"}
    assert g.extra["groups"]["0"]["valid"] and len(g.hands[0]) == 13
    assert g.turn == 1 and g.variant.revealed(g, 1)[0] == tuple(g.hands[0])
    show_all(g)
    r = g.results[-1]
    assert r["winner"] == 0 and r["points"][0] == 0 and g.phase == Phase.MATCH_OVER


def test_a_declaration_with_the_players_own_groups():
    g = deal(WINNER, NO_PURE)
    g.apply("declare Qd: 2h 3h 4h 5h / 5s 6s Jk / 9c 9d 9h / Kc Kd 7c")
    show_all(g)
    assert g.results[-1]["seats"][0]["grouping"]["labels"] == [
        "pure sequence", "sequence", "set", "set"]


def test_the_groups_must_hold_exactly_the_13_other_cards():
    g = deal(WINNER, NO_PURE)
    with pytest.raises(IllegalAction, match="leave out 7c"):
        g.apply("declare Qd: 2h 3h 4h 5h / 5s 6s Jk / 9c 9d 9h / Kc Kd")
    with pytest.raises(IllegalAction, match="do not hold: Ks"):
        g.apply("declare Qd: 2h 3h 4h 5h / 5s 6s Jk / 9c 9d 9h / Kc Kd 7c Ks")
    assert g.phase == Phase.PLAY and len(g.hands[0]) == 14


def test_a_declaration_needs_fourteen_cards():
    g = picking()
    with pytest.raises(IllegalAction, match="Pick a card first"):
        g.apply("declare 2c")


@pytest.mark.parametrize("hand,groups,why", [
    # one sequence only: the impure one became a set
    ("2h 3h 4h 5h 5s 5d Jk 9c 9d 9h Kc Kd 7c Qd", "", "only one sequence"),
    # two sequences, neither pure
    ("2h Jk 4h 5h 5s 6s 7c 9c 9d 9h Kc Kd Ks Qd", "", "no pure sequence"),
    # cards left out of the groups
    ("2h 3h 4h 5h 5s 6s Jk 9c 9d 9h Kc Kd 2d Qd",
     ": 2h 3h 4h 5h / 5s 6s Jk / 9c 9d 9h / Kc Kd 2d", "Kc Kd 2d are not in a sequence or"),
])
def test_an_invalid_declaration_costs_80_and_the_others_play_on(hand, groups, why):
    g = deal(hand, NO_PURE, TWO_SEQS)
    g.apply("declare Qd" + groups)
    assert g.extra["status"][0] == "invalid" and why in g.extra["groups"]["0"]["why"]
    assert g.phase == Phase.DRAW and g.turn == 1
    assert "80 points" in g.events[-1].describe(g.names)
    g.apply("draw")
    g.apply(f"discard {g.hands[1][0]}")
    assert g.turn == 2            # seat 0 is out of the deal
    g.apply("drop")
    r = g.results[-1]
    assert r["winner"] == 1 and r["points"] == [80, 0, 40]


def test_an_invalid_declaration_costs_60_in_pool_61():
    g = deal("2h Jk 4h 5h 5s 6s 7c 9c 9d 9h Kc Kd Ks Qd", NO_PURE, options="format=pool61")
    g.apply("declare Qd")
    assert g.results[-1]["points"] == [60, 0]


def test_when_one_player_is_left_he_wins_the_deal_with_0():
    g = deal("2h Jk 4h 5h 5s 6s 7c 9c 9d 9h Kc Kd Ks Qd", NO_PURE)
    g.apply("declare Qd")
    r = g.results[-1]
    assert r["how"] == "last" and r["winner"] == 1 and r["points"] == [80, 0]


# -- the losers' points -------------------------------------------------------------------------

def scored(*others, options="", extra=""):
    g = deal(WINNER, *others, options=options, extra=extra)
    g.apply("declare Qd")
    show_all(g)
    return g.results[-1]


def test_without_a_pure_sequence_every_card_counts():
    r = scored(NO_PURE)
    assert r["points"][1] == 77 and "no pure sequence" in r["seats"][1]["grouping"]["rule"]


def test_with_a_pure_sequence_but_no_second_every_other_card_counts():
    r = scored(PURE_ONLY)
    assert r["points"][1] == 73 and "no second sequence" in r["seats"][1]["grouping"]["rule"]


def test_with_two_sequences_one_pure_only_ungrouped_cards_count():
    r = scored(TWO_SEQS)
    g = r["seats"][1]["grouping"]
    assert r["points"][1] == 31 and sorted(g["counted"]) == sorted(["5s", "6h", "10s", "Qd"])


def test_jokers_count_zero():
    r = scored("Jk 7s 7h 2c 4c 6c 8d 10s 3d 5d 9s Jh 2s")      # no pure run: all count
    assert r["points"][1] == 2 + 4 + 6 + 8 + 10 + 3 + 5 + 9 + 10 + 2


def test_points_are_capped_at_80():
    r = scored(HEAVY)
    assert r["seats"][1]["grouping"]["raw"] == 87 and r["points"][1] == 80


def test_a_player_may_show_his_own_groups_and_is_scored_as_he_shows():
    g = deal(WINNER, TWO_SEQS)
    g.apply("declare Qd")
    g.apply("show 2c 3c 4c / 8d 9d 7h / Kh Ks Kc / 5s 6h 10s Qd")
    assert g.results[-1]["points"][1] == 31
    g = deal(WINNER, TWO_SEQS)
    g.apply("declare Qd")
    g.apply("show 2c 3c 4c / 8d 9d / 7h Kh Ks Kc / 5s 6h 10s Qd")   # one sequence only
    assert g.results[-1]["points"][1] == 78


# -- drops ------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt,first,middle", [("points", 20, 40), ("pool101", 20, 40),
                                              ("pool201", 25, 50), ("pool61", 15, 30),
                                              ("deals", 20, 40)])
def test_first_drop_and_middle_drop(fmt, first, middle):
    for picks, pts in (("0 0", first), ("3 3", middle)):
        g = picking(options=f"format={fmt}", extra=f"picks: {picks}")
        assert DROP in g.legal_actions()
        g.apply("drop")
        assert g.results[-1]["points"][0] == pts


def test_a_player_drops_only_at_the_start_of_his_turn():
    g = deal(WINNER, NO_PURE)
    with pytest.raises(IllegalAction, match="only at the start of your turn"):
        g.apply("drop")


def test_a_player_who_drops_is_out_of_the_deal():
    g = picking(NO_PURE, PURE_ONLY, TWO_SEQS, extra="picks: 0 0 0")
    g.apply("drop")
    assert g.extra["status"][0] == "first drop" and g.turn == 1
    g.apply("draw")
    g.apply(f"discard {g.hands[1][0]}")
    g.apply("draw")
    g.apply(f"discard {g.hands[2][0]}")
    assert g.turn == 1


# -- the deal show --------------------------------------------------------------------------

def test_a_deal_show_halves_the_others_points_at_most_40():
    r = scored(TWO_SEQS, HEAVY, extra="picks: 1 0 0")
    assert r["points"][1:] == [15, 40]           # 31 // 2, and 80 halved is 40
    assert "deal show" in r["headline"]


def test_no_deal_show_after_the_first_turn_or_with_the_option_off():
    assert scored(TWO_SEQS, extra="picks: 2 2")["points"][1] == 31
    assert scored(TWO_SEQS, options="deal_show=off", extra="picks: 1 0")["points"][1] == 31


# -- formats ----------------------------------------------------------------------------------

def test_points_is_one_deal_and_the_winner_collects_the_others_points():
    g = deal(WINNER, NO_PURE, TWO_SEQS)
    g.apply("declare Qd")
    show_all(g)
    assert g.is_over and g.final["winners"] == [0] and g.final["won"] == 77 + 31


def pool_deal(scores, fmt="pool101", n=3, options=""):
    others = [NO_PURE, TWO_SEQS, PURE_ONLY][:n - 1]
    return deal(WINNER, *others, options=f"format={fmt} {options}",
                extra=f"scores: {' '.join(map(str, scores))}")


def test_pool_a_player_reaching_the_limit_is_eliminated_and_the_last_one_wins():
    g = pool_deal([0, 40, 0], n=3)
    g.apply("declare Qd")
    show_all(g)                                  # 77 takes seat 1 to 117
    assert g.results[-1]["eliminated"] == [1] and g.phase == Phase.HAND_OVER
    g.apply("decline")                           # (he is offered to rejoin)
    g.apply("deal")
    assert g.hands[1] == [] and g.extra["status"][1] == "away"
    assert len(IND.deck(g)) == 53                 # two players left: one deck
    g = pool_deal([0, 40, 80], n=3)
    g.apply("declare Qd")
    show_all(g)
    assert g.is_over and g.final["winners"] == [0]


@pytest.mark.parametrize("fmt,limit,most", [("pool101", 101, 79), ("pool201", 201, 174),
                                            ("pool61", 61, 44)])
def test_pool_rejoin_at_the_highest_score_plus_1(fmt, limit, most):
    g = pool_deal([most, limit - 1, 0], fmt)       # seat 1 goes out; seat 2 scores 31
    g.apply("declare Qd")
    show_all(g)
    assert g.variant.rejoin_offers(g) == [1] and g.turn == 1
    assert g.legal_actions() == [REJOIN, DECLINE]
    with pytest.raises(IllegalAction, match="decides whether to rejoin"):
        g.apply("deal")
    g.apply("rejoin")
    assert g.scores[1] == most + 1 and g.legal_actions() == [DEAL]
    g.apply("deal")
    assert len(g.hands[1]) == 13


def test_pool_no_rejoin_above_the_threshold_or_when_off_or_after_declining():
    g = pool_deal([60, 100, 0, 0], n=4)               # seat 2 at 31, seat 0 at 60: ok
    g.apply("declare Qd")
    show_all(g)
    assert g.variant.rejoin_offers(g) == [1]
    g.apply("decline")
    assert g.legal_actions() == [DEAL] and g.variant.rejoin_offers(g) == []
    g = pool_deal([80, 100, 0, 0], n=4)               # seat 0 is at 80: too high
    g.apply("declare Qd")
    show_all(g)
    assert g.variant.rejoin_offers(g) == []
    g = pool_deal([0, 100, 0, 0], n=4, options="rejoin=off")
    g.apply("declare Qd")
    show_all(g)
    assert g.variant.rejoin_offers(g) == []


def test_deals_a_fixed_number_of_deals_and_the_lowest_total_wins():
    g = GameState("indian", 2, {"format": "deals", "deals": 2}, seed=3)
    for expected_over in (False, True):
        g.apply("drop")                       # the first player drops: 20, the other wins
        assert g.is_over == expected_over
        if not expected_over:
            g.apply("deal")
    assert g.final["winners"] == [s for s in range(2) if g.scores[s] == min(g.scores)]
    assert "after 2 deals" in g.final["headline"]


def test_the_closed_deck_is_rebuilt_from_the_open_deck_and_a_deal_can_be_void():
    g = from_deal(f"indian format=deals | 0: {NO_PURE} | 1: {PURE_ONLY} | 2: {TWO_SEQS} | "
                  "joker: 7d | discard: 8c 4s Qs | stock: 9c | phase: draw | turn: 0")
    g.discard = g.stock[:-1] + g.discard       # every other card is already in the open deck
    g.stock = g.stock[-1:]
    g.apply("draw")
    g.apply("discard 9c")
    assert g.discard == [C("9c")] and len(g.stock) == 106 - 39 - 2
    assert g.events[-1].kind == "reshuffle" and g.extra["reshuffles"] == 1
    assert IND.check_conservation(g) is None
    g.extra["reshuffles"] = 3                   # the fourth time it runs out, the deal is void
    while g.stock:
        g.apply("draw")
        g.apply(f"discard {g.hands[g.turn][-1]}")
    r = g.results[-1]
    assert r["how"] == "void" and not g.is_over and IND.decided_deals(g) == 0


def test_a_deal_string_round_trips():
    g = deal(WINNER, NO_PURE, options="format=pool101", extra="picks: 1 1")
    again = from_deal(to_deal(g))
    assert to_deal(again) == to_deal(g) and again.extra["cut"] == "7d"


def test_a_valid_declaration_is_valid_whatever_order_the_search_meets_the_wilds():
    """Aces wild (a printed joker was cut): 6s 6d 6c Ah / 8s 8d 8c / 4h 5h Ac / 9h 10h Jh is
    valid. The search once left a wild (worth 0) ungrouped and called the hand invalid,
    depending on the order a set of cards was iterated in, which changed per process."""
    deal = ("indian decks=2 | 0: 6c 8c Ah 6d 3s 4h 9h 5h 6s 8s 8d Jh 10h Ac | 1: 10d 7h 5d "
            "8h Js 9s 3h 2d 6h Qd 2d 10s 2s | joker: Jk | turn: 0 | phase: play")
    g = from_deal(deal)
    g.apply("declare 3s")
    assert g.extra["status"][0] == "declared"
    groups = g.extra["groups"]["0"]
    assert sum(len(x) for x in groups["groups"]) == 13 and groups["valid"]
    # the same in every order the hand could be held in
    hand = from_deal(deal).hands[0]
    var = find_variant("indian")
    opts = var.deal_options(var.resolve_options({"decks": 2}), 1)
    rest = [c for c in hand if str(c) != "3s"]
    for k in range(13):
        assert var.can_declare(opts, rest[k:] + rest[:k])
        assert var.can_declare(opts, (rest[k:] + rest[:k])[::-1])


def test_the_last_seat_in_cannot_leave_a_deal_with_nobody_in_it():
    """A deal string where only the seat to play is in was once accepted, and its drop never
    returned (the turn went round looking for a seat still in)."""
    with pytest.raises(RamiError, match="two"):
        from_deal("indian | 0: 2h 3h 4h 5s 6s 7s 9c 9d 9h Kc Qc Jc 10c | 1: 2c 3c 4c 8d 8s Qh "
                  "Qs Js 10d 4d 5d 6d 7d | joker: 2s | status: in, first drop | turn: 0")


def test_a_drop_that_leaves_one_player_ends_the_deal():
    g = from_deal("indian | 0: 2h 3h 4h 5s 6s 7s 9c 9d 9h Kc Qc Jc 10c | 1: 2c 3c 4c 8d 8s "
                  "Qh Qs Js 10d 4d 5d 6d 7d | joker: 2s | turn: 0")
    g.apply("drop")
    assert g.extra["status"][1] == "won" and g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)


def test_a_hand_that_groups_completely_is_shown_grouped():
    """A wild (worth 0) left over costs nothing, but the grouping shown, a loser's or the
    'best' button's, leaves no card ungrouped when all can be grouped."""
    var = find_variant("indian")
    opts = var.deal_options(var.resolve_options({"decks": 2}), 1)
    hand = parse_cards("6c 8c Ah 6d 4h 9h 5h 6s 8s 8d Jh 10h Ac")
    g = var.best_grouping(opts, hand)
    assert g.valid and "invalid" not in g.labels and g.points == 0
    assert sum(len(x) for x in g.groups) == 13
