"""Gin Rummy, rule by rule (docs/rules.md section 2). Each position is one deal string."""

import pytest

from rami.actions import BIG_GIN, DRAW, PASS, TAKE, Knock
from rami.cards import Card
from rami.errors import IllegalAction
from rami.scenario import from_deal
from rami.state import GameState, Phase

C = Card.parse
# seat 0 to play with 11 cards: melds A-2-3h, 5-5-5, 9-10-Jc; 4d and Kd loose
KNOCKER = "Ah 2h 3h 5s 5d 5c 9c 10c Jc 4d Kd"
# seat 1: a set of sixes; 4h and Qc lay off on the knocker's melds; deadwood 49
DEFENDER = "4h Qc 6s 6d 6h 8s 8d 2d Ks 7c"


def meld_with(g, card):
    """The table number (from 1) of the meld holding ``card``."""
    return next(i + 1 for i, t in enumerate(g.table) if C(card) in t.meld.cards)


def play_position(p0=KNOCKER, p1=DEFENDER, extra="", options=""):
    return from_deal(f"gin {options} | 0: {p0} | 1: {p1} | discard: Qs | phase: play | turn: 0"
                     f"{' | ' + extra if extra else ''}")


def test_deal_is_ten_cards_each_with_an_upcard():
    g = GameState("gin", seed=1)
    assert [len(h) for h in g.hands] == [10, 10]
    assert len(g.discard) == 1 and len(g.stock) == 31


def test_upcard_is_offered_to_the_non_dealer_then_the_dealer():
    g = GameState("gin", seed=2)
    assert g.phase == Phase.UPCARD and g.turn == 1 - g.dealer
    assert g.legal_actions() == [TAKE, PASS]
    g.apply("pass")
    assert g.phase == Phase.UPCARD and g.turn == g.dealer


def test_after_two_passes_the_non_dealer_draws_from_the_stock():
    g = GameState("gin", seed=2)
    g.apply("pass")
    g.apply("pass")
    assert g.turn == 1 - g.dealer and g.legal_actions() == [DRAW]
    with pytest.raises(IllegalAction, match="Both players passed"):
        g.apply("take")


def test_taking_the_upcard_is_followed_by_a_discard_then_the_other_player():
    g = GameState("gin", seed=3)
    taker = g.turn
    up = g.discard[-1]
    g.apply("take")
    assert up in g.hands[taker] and g.phase == Phase.PLAY
    g.apply(f"discard {next(c for c in g.hands[taker] if c is not up)}")
    assert g.turn == 1 - taker and g.phase == Phase.DRAW


def test_the_card_just_taken_cannot_be_discarded():
    g = from_deal("gin | 0: 2c 3c 4c 8d 8s Qh Js 10d 4h 6c | 1: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc"
                  " | discard: Kd | phase: draw | turn: 0")
    g.apply("take")
    with pytest.raises(IllegalAction, match="different card than the one you took"):
        g.apply("discard Kd")
    with pytest.raises(IllegalAction, match="different card than the one you took"):
        g.apply("knock Kd")


def test_runs_are_ace_low_only():
    g = GameState("gin", seed=0)
    solver = g.variant.solver(g)
    assert solver.deadwood([C("Ah"), C("2h"), C("3h")]) == 0
    assert solver.deadwood([C("Qh"), C("Kh"), C("Ah")]) == 21


def test_knock_is_offered_when_the_deadwood_after_the_discard_is_within_the_limit():
    g = play_position()
    knocks = {a.card for a in g.legal_actions() if isinstance(a, Knock)}
    assert knocks == {C("Kd"), C("4d")}          # leaves 4 or 10 deadwood
    with pytest.raises(IllegalAction, match="10 or fewer points of deadwood"):
        g.apply("knock 9c")


def test_knock_limit_option():
    g = play_position(options="knock_limit=5")
    assert {a.card for a in g.legal_actions() if isinstance(a, Knock)} == {C("Kd")}


def test_knock_lays_out_the_best_melds_and_the_defender_lays_off():
    g = play_position()
    g.apply("knock Kd")
    assert g.phase == Phase.LAYOFF and g.turn == 1
    assert sorted(str(t.meld) for t in g.table) == ["5s 5d 5c", "9c 10c Jc", "Ah 2h 3h"]
    hearts, clubs = meld_with(g, "Ah"), meld_with(g, "9c")
    assert {str(a) for a in g.legal_actions()} == {
        f"layoff 4h on {hearts}", f"layoff Qc on {clubs}", "done"}
    g.apply(f"layoff 4h on {hearts}")
    g.apply(f"layoff Qc on {clubs}")
    g.apply("done")
    r = g.results[-1]
    assert r["how"] == "knock" and r["winner"] == 0
    assert r["points"] == [35 - 4, 0]


def test_the_knocker_never_lays_off():
    g = play_position()
    g.apply("knock Kd")
    assert g.turn == 1     # only the defender acts until the hand is scored
    g.apply("done")
    assert g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)


def test_gin_scores_a_bonus_and_allows_no_layoffs():
    g = play_position("Ah 2h 3h 5s 5d 5c 9c 10c Jc Qc Kd", "4h 6s 6d 6h 8s 8d 2d Ks 7c Kc")
    g.apply("knock Kd")
    r = g.results[-1]
    assert r["how"] == "gin" and r["points"] == [49 + 25, 0]
    assert g.phase == Phase.HAND_OVER      # no lay-off phase


def test_big_gin_goes_out_without_a_discard():
    g = play_position("Ah 2h 3h 5s 5d 5c 9c 10c Jc Qc Kc", "4h 6s 6d 6h 8s 8d 2d Ks 7c Qd")
    assert BIG_GIN in g.legal_actions()
    g.apply("gin")
    r = g.results[-1]
    assert r["how"] == "big_gin" and r["points"] == [49 + 31, 0]
    assert not g.hands[0]


def test_undercut_gives_the_defender_the_bonus_and_the_difference():
    g = play_position(p1="7s 8s 9s Jh Qh Kh 2d 3d 4c Ac")   # deadwood 10
    g.apply("knock 4d")                                       # knocker keeps Kd: 10
    g.apply("done")
    r = g.results[-1]
    assert r["how"] == "undercut" and r["winner"] == 1 and r["points"] == [0, 25]


def test_undercut_counts_the_deadwood_after_layoffs():
    # 4h lays off on A-2-3h, bringing 14 down to 10 against the knocker's 10
    g = play_position(p1="7s 8s 9s Jh Qh Kh 4h 6d 3c Ac")
    g.apply("knock 4d")
    g.apply(f"layoff 4h on {meld_with(g, 'Ah')}")
    g.apply("done")
    r = g.results[-1]
    assert r["how"] == "undercut" and r["points"] == [0, 25]


def test_gin_is_never_undercut():
    g = play_position("Ah 2h 3h 5s 5d 5c 9c 10c Jc Qc Kd", "7s 8s 9s 10s Jh Qh Kh 2d 3d 4d")
    g.apply("knock Kd")
    r = g.results[-1]
    assert r["how"] == "gin" and r["winner"] == 0 and r["points"] == [25, 0]


def test_the_hand_is_a_draw_when_two_cards_are_left_in_the_stock():
    g = from_deal("gin | 0: 2c 3c 4c 8d 8s Qh Js 10d 4h 6c | 1: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc"
                  " | discard: Kd | stock: 7h 7d 7c | phase: draw | turn: 0")
    g.stock = g.stock[-3:]          # just three cards left
    g.apply("draw")
    assert len(g.stock) == 2
    assert any(isinstance(a, Knock) for a in g.legal_actions()) is False
    g.apply("discard Qh")
    r = g.results[-1]
    assert r["how"] == "draw" and r["points"] == [0, 0] and r["winner"] is None


def test_a_player_may_still_knock_after_drawing_the_fiftieth_card():
    g = play_position()
    g.stock = g.stock[-2:]
    assert Knock(C("Kd")) in g.legal_actions()


def finish_with_scores(scores, winners):
    """The knock position above, with earlier hands won by ``winners``."""
    g = play_position()
    g.scores = list(scores)
    g.results = [{"hand": i + 1, "winner": w, "points": [0, 0]} for i, w in enumerate(winners)]
    g.apply("knock Kd")
    g.apply("done")             # the knocker scores 45
    return g


def test_match_to_100_with_game_and_line_bonuses():
    g = finish_with_scores([60, 30], [0, 1])
    assert g.phase == Phase.MATCH_OVER
    f = g.final
    assert f["winners"] == [0]
    # 60 + 45 = 105, game bonus 100, 2 hands won (incl. this one) x 25; the loser's line 25
    assert f["totals"] == [105 + 100 + 50, 30 + 25]
    assert not f["shutout"]


def test_shutout_doubles_the_winners_hand_points():
    g = finish_with_scores([60, 0], [0, 0])
    f = g.final
    assert f["shutout"] and f["totals"] == [105 * 2 + 100 + 75, 0]


def test_no_shutout_when_a_hand_was_drawn():
    g = finish_with_scores([60, 0], [0, None])
    assert not g.final["shutout"] and g.final["totals"] == [105 + 100 + 50, 0]


def test_oklahoma_sets_the_knock_limit_to_the_upcards_value():
    g = from_deal("gin oklahoma=on | 0: 2c 3c 4c 8d 8s Qh Js 10d 4h 6c"
                  " | 1: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | discard: 7d")
    assert g.extra["knock_limit"] == 7
    for seed in range(40):
        g = GameState("gin", options={"oklahoma": True}, seed=seed)
        up = g.discard[0]
        assert g.extra["knock_limit"] == (0 if up.rank == 1 else min(up.rank, 10))


def test_oklahoma_ace_upcard_means_gin_only():
    g = play_position(extra="", options="oklahoma=on")
    g.discard = [C("As")]
    g.extra = g.variant.new_hand_extra(g)
    g._legal_cache = None
    assert not any(isinstance(a, Knock) for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="only gin"):
        g.apply("knock Kd")
