"""Push, rule by rule (docs/rules.md section 5). Each position is a deal string."""

from collections import Counter

import pytest

from rami.actions import Contract, Push, Rescue, parse_action
from rami.cards import Card
from rami.errors import OptionError
from rami.scenario import from_deal, to_deal
from tests.rules import legal, position, refused
from rami.state import GameState, Phase, replay
from rami.view import PlayerView

C = Card.parse
# three opponents' hands that fit no contract of the first deal
REST = ("| 1: 3c 4c 6c 8c 10h Qd | 2: 3h 4h 6h 8h 10s Qs | 3: 3d 5d 6d 8d Kh Qc "
        "| discard: 10d | dealer: 3")


def push(seat0: str, rest: str = REST, options: str = "", **parts) -> GameState:
    return position("push", seat0, rest, options, **parts)


# -- players, cards, deals ----------------------------------------------------------------------
def test_four_players_in_partnerships_opposite_with_108_cards():
    g = GameState("push", 4, seed=1)
    assert g.teams == (0, 1, 0, 1) and len(g.scores) == 2
    assert len(g.variant.deck(g)) == 108
    assert Counter(g.variant.deck(g))[C("Jk")] == 4
    with pytest.raises(OptionError, match="four players"):
        GameState("push", 5, seed=1)
    with pytest.raises(OptionError):
        GameState("push", 3, {"partnerships": False}, seed=1)


def test_a_lobby_turns_partnerships_off_for_five_or_six():
    var = GameState("push", 4, seed=1).variant
    assert var.fit_options(6, {"partnerships": True})["partnerships"] is False
    assert var.fit_options(4, {"partnerships": True})["partnerships"] is True


@pytest.mark.parametrize("players", [4, 5, 6])
def test_single_players_and_a_third_deck_from_five(players):
    g = GameState("push", players, {"partnerships": False}, seed=2)
    assert g.teams == tuple(range(players)) and len(g.scores) == players
    deck = g.variant.deck(g)
    assert len(deck) == (162 if players >= 5 else 108)
    assert Counter(deck)[C("Jk")] == (6 if players >= 5 else 4)
    assert g.variant.check_conservation(g) is None


def test_five_deals_of_six_to_ten_cards_the_deal_passing_clockwise():
    g = GameState("push", 4, seed=3)
    dealer = g.dealer
    for deal in range(5):
        assert {len(h) for h in g.hands} == {6 + deal}
        assert g.dealer == (dealer + deal) % 4 and g.turn == (g.dealer + 1) % 4
        g.phase, g.results = Phase.HAND_OVER, [{}]
        if deal < 4:
            g.apply("deal")


def test_ten_every_round():
    g = GameState("push", 4, {"ten_every_round": True}, seed=3)
    assert {len(h) for h in g.hands} == {10}
    g.phase, g.results = Phase.HAND_OVER, [{}]
    g.apply("deal")
    assert {len(h) for h in g.hands} == {10}


def test_the_first_upcard_is_never_wild_a_wild_one_is_buried():
    buried = 0
    rules = None
    for seed in range(300):
        g = GameState("push", 4, seed=seed)
        rules = g.variant.rules(g)
        assert not rules.is_wild(g.discard[-1]) and len(g.discard) == 1
        if any(e.kind == "bury" for e in g.events):
            buried += 1
            card = next(e for e in g.events if e.kind == "bury").cards[0]
            assert rules.is_wild(card) and card in g.stock
        assert g.variant.check_conservation(g) is None
    assert buried > 20          # 8 wilds in 108 cards: about one deal in 13


def test_card_values():
    var = GameState("push", 4, seed=1).variant
    vals = {t: var.card_value({}, C(t)) for t in ("3h", "9s", "10d", "Kc", "Ah", "2s", "Jk")}
    assert vals == {"3h": 5, "9s": 5, "10d": 10, "Kc": 10, "Ah": 15, "2s": 20, "Jk": 20}


# -- the contracts ----------------------------------------------------------------------------------
@pytest.mark.parametrize("deal,text", [
    (1, "two sets of three"), (2, "a set of three and a run of four"),
    (3, "two runs of four"), (4, "three sets of three"), (5, "two runs of five")])
def test_the_contract_of_each_deal(deal, text):
    g = push("7h 7d 7s 9c 9d Jk Kc", hand=deal, turn=0, phase="play")
    assert g.variant.contract_text(g) == text
    view = PlayerView.of(g, 1)          # (a view holds no words: each page writes its own)
    assert "contract" not in view.info and view.info["shapes"] == [list(x) for x in g.variant.shapes(g)]


def test_round5_three_and_seven():
    g = push("3s 4s 5s 6h 7h 8h 9h 10h Jh Qh Kc", options="round5_three_and_seven=on", hand=5,
             turn=0, phase="play")
    assert g.variant.contract_text(g) == "a run of three and a run of seven"
    assert "contract 3s 4s 5s / 6h 7h 8h 9h 10h Jh Qh" in legal(g)
    g.apply("contract 3s 4s 5s / 6h 7h 8h 9h 10h Jh Qh")
    assert g.melded[0] and len(g.table) == 2


def test_the_contract_is_laid_in_one_move_and_the_first_deal_wants_two_sets():
    g = push("7h 7d 7s 9c 9d Jk Kc", turn=0, phase="play")
    assert "contract 7s 7h 7d / 9d 9c Jk=9" in legal(g)
    assert "all at once" in refused(g, "contract 7h 7d 7s")
    assert "Lay your contract first (two sets of three)" in refused(g, "meld 7h 7d 7s")
    g.apply("contract 7h 7d 7s / 9c 9d Jk=9")
    assert g.melded[0] and len(g.table) == 2 and g.hands[0] == [C("Kc")]
    assert any(e.kind == "contract" for e in g.events)
    assert "laid your contract" in refused(g, "contract 7h 7d 7s / 9c 9d Jk=9")


def test_a_set_does_not_count_for_two_runs_and_a_short_run_is_too_short():
    g = push("7h 7d 7s 4c 5c 6c 7c 9h 10h Jh", hand=3, turn=0, phase="play")
    msg = refused(g, "contract 7h 7d 7s / 4c 5c 6c 7c")
    assert msg == "Your contract this deal is two runs of four: a set does not count."
    msg = refused(g, "contract 9h 10h Jh / 4c 5c 6c 7c")
    assert "a run of 3 cards is too short (it needs 4)" in msg


def test_a_longer_meld_fulfils_the_contract():
    g = push("7h 7d 7s 7c 9c 9d 9h Kc", turn=0, phase="play")
    g.apply("contract 7h 7d 7s 7c / 9c 9d 9h")
    assert [len(t.meld.cards) for t in g.table] == [4, 3]


def test_each_player_lays_his_own_contract():
    # seat 2 (the partner) has laid a contract: seat 0 still may not lay off on it
    g = push("7h 8c Kc Qh 5s 4d 3s", turn=0, phase="play",
             table="2=9c 9d 9h; 2=Js Jd Jc", melded="2")
    assert not any(a.kind == "layoff" for a in g.legal_actions())
    assert "Lay your contract first" in refused(g, "layoff Qh on 2")
    assert "contract 9c 9d 9h" not in str(legal(g))


def test_before_the_contract_no_lay_off_and_no_rescue():
    g = push("9s Kc Qh 5s 4d 3s 8h", turn=0, phase="play", table="2=9c 9d Jk", melded="2")
    assert "Lay your contract first" in refused(g, "layoff 9s on 1")
    assert "Lay your contract first" in refused(g, "rescue 9s on 1")


# -- melds -----------------------------------------------------------------------------------------------
def test_sets_have_distinct_suits_and_two_sets_of_one_rank_are_allowed():
    g = push("7h 7h 7d 7s 7c 7d 2c Kc", turn=0, phase="play")
    assert "suits must all differ" in refused(g, "contract 7h 7h 7d / 7s 7c 7d")
    g.apply("contract 7h 7d 7s / 7c 7d 7h")
    assert [t.meld.rank for t in g.table] == [7, 7]


def test_runs_go_ace_high_or_low_but_not_both():
    g = push("Ah 2h 3h 4h Qs Ks As 2s 3s Jk Kc Kd", hand=3, turn=0, phase="play")
    assert "never in the middle" in refused(g, "contract Ks As 2s=2s 3s / Ah 2h 3h 4h")
    g.apply("contract Ah 2h=2h 3h 4h / Jk=Js Qs Ks As")
    assert g.table[0].meld.is_pure            # the natural two is itself
    assert "rescue" not in {a.kind for a in g.legal_actions()}


def test_twos_are_wild_and_never_a_set_of_their_own():
    g = push("2h 2d 2s 5c 5d Kc 9h", turn=0, phase="play", melded="0",
             table="0=8h 8d 8s; 0=Qh Qd Qs")
    assert "'2h 2d=3h 2s=4h'" in refused(g, "meld 2h 2d 2s")    # runs only: no set of twos
    assert "2h=2" not in refused(g, "meld 2h 2d 2s")
    g.apply("meld 5c 5d 2h=5")
    assert g.table[-1].meld.kind == "set" and g.table[-1].meld.rank == 5


def test_an_ambiguous_meld_says_set_or_run_and_what_each_wild_stands_for():
    g = push("6d 2c Jk 9h 9s 9c Kc", turn=0, phase="play")
    msg = refused(g, "contract 6d 2c Jk / 9h 9s 9c")
    assert "more than one way" in msg
    assert "'6d Jk=6 2c=6'" in msg and "'Jk=5d 6d 2c=7d'" in msg    # set or run, said fully
    assert refused(g, "contract 6d 2c=7d Jk=8d / 9h 9s 9c") == \
        "Your contract this deal is two sets of three: a run does not count."
    g.apply("contract 6d 2c=6 Jk=6 / 9h 9s 9c")
    assert g.table[0].meld.kind == "set" and g.table[0].meld.rank == 6


def test_a_meld_of_wilds_only_is_laid_with_what_they_stand_for():
    g = push("2h 2d Jk 5c Kc", turn=0, phase="play", melded="0",
             table="0=8h 8d 8s; 0=Qh Qd Qs")
    assert "Say which card each wild stands for" in refused(g, "meld 2h 2d Jk")
    g.apply("meld 2h=9c 2d=10c Jk=Jc")
    m = g.table[-1].meld
    assert m.kind == "run" and m.describe() == "run of clubs, 9 to jack"


def test_a_run_is_extended_never_joined():
    g = push("8h 9h 4h Kc Qc", turn=0, phase="play", melded="0",
             table="0=5h 6h 7h; 0=10h Jh Qh")
    assert "layoff 8h on 1" in legal(g) and "layoff 9h on 2" in legal(g)
    g.apply("layoff 8h on 1")
    g.apply("layoff 9h on 2")
    assert len(g.table) == 2 and [len(t.meld.cards) for t in g.table] == [4, 4]


# -- the draw and the push -------------------------------------------------------------------------
def test_take_or_push_and_the_pushed_cards_go_to_the_left_opponent():
    g = push("7h 7d 7s 9c 9d Jk", turn=0, phase="draw", stock="Ks 5c 6c")
    assert legal(g) == {"take", "push"}
    assert "take the top discard" in refused(g, "draw")
    g.apply("push")
    assert Counter(g.hands[1]) == Counter(map(C, "3c 4c 6c 8c 10h Qd 10d Ks".split()))
    assert C("5c") in g.hands[0] and len(g.hands[0]) == 7
    assert g.discard == [] and g.phase == Phase.PLAY and g.turn == 0
    # the pushed stock card: only the receiver sees it; the pusher's own draw only he sees
    seen = {s: [(e.kind, e.card) for e in PlayerView.of(g, s).events if e.kind in
                ("push", "pushed", "draw")] for s in range(4)}
    assert seen[1] == [("push", C("10d")), ("pushed", C("Ks")), ("draw", None)]
    assert seen[0] == [("push", C("10d")), ("pushed", None), ("draw", C("5c"))]
    assert seen[2] == [("push", C("10d")), ("pushed", None), ("draw", None)]


def test_with_an_empty_discard_pile_just_draw():
    g = push("7h 7d 7s 9c 9d Jk", REST.replace("Qc | discard: 10d", "Qc 10d"), turn=0,
             phase="draw", stock="Ks 5c")
    assert legal(g) == {"draw"}
    assert "no discard to push" in refused(g, "push")
    g.apply("draw")
    assert C("Ks") in g.hands[0]


def test_a_player_who_must_draw_from_an_empty_stock_ends_the_deal_and_both_sides_score():
    g = push("7h 7d 7s 9c 9d Jk", turn=0, phase="draw", hand=2)
    g.discard, g.stock = g.stock + g.discard, []         # the stock has run out
    g._legal_cache = None
    assert legal(g) == {"take", "draw"}
    assert "The stock is empty" in refused(g, "push")
    g.apply("draw")
    r = g.results[-1]
    assert r["how"] == "stock" and g.phase == Phase.HAND_OVER
    held = [g.variant.hand_value(g, h) for h in g.hands]
    assert r["points"] == held and g.scores == [held[0] + held[2], held[1] + held[3]]


def test_pushing_the_last_stock_card_ends_the_deal():
    g = push("7h 7d 7s 9c 9d Jk", turn=0, phase="draw", stock="Ks", hand=2)
    g.discard, g.stock = g.stock[:-1] + g.discard, g.stock[-1:]    # one stock card left
    g._legal_cache = None
    assert "push" in legal(g)
    g.apply("push")
    assert g.results[-1]["how"] == "stock" and C("Ks") in g.hands[1]


def test_the_card_taken_may_not_be_discarded_that_turn():
    g = push("7h 7d 7s 9c 9d Kc", turn=0, phase="draw")
    g.apply("take")
    assert "different card" in refused(g, "discard 10d")


# -- rescue ---------------------------------------------------------------------------------------------
def test_a_rescued_wild_must_be_used_the_same_turn():
    g = push("8h Kc Qc 5s", turn=0, phase="play", melded="0",
             table="0=7h Jk=8h 9h; 1=4c 4d 4s")
    assert "rescue 8h for Jk on 1" in legal(g)
    g.apply("rescue 8h on 1")
    assert str(g.table[0].meld) == "7h 8h 9h" and C("Jk") in g.hands[0]
    assert g.table[0].played_by == (0, 0, 0)
    assert "discard Kc" not in legal(g)
    assert refused(g, "discard Kc") == ("You must use the rescued joker this turn: meld it or "
                                        "lay it off before you discard.")
    g.apply("layoff Jk on 2")
    assert "discard Kc" in legal(g)


def test_a_wild_in_a_set_is_rescued_by_a_missing_suit_of_its_rank():
    g = push("9c 9h Kc Qc", turn=0, phase="play", melded="0",
             table="0=9s 9d Jk; 1=4c 5c 6c")
    assert "rescue 9c for Jk on 1" in legal(g) and "rescue 9h for Jk on 1" in legal(g)
    g.apply("rescue 9c on 1")
    assert g.table[0].meld.is_pure and g.extra["rescued"] == ["Jk"]


def test_a_natural_two_in_a_run_is_never_rescued_and_a_wrong_card_is_explained():
    g = push("2h 5h Kc Qc", turn=0, phase="play", melded="0",
             table="0=Ah 2h 3h 4h; 1=6h Jk=7h 8h")
    assert not any(a.kind == "rescue" and a.meld == 0 for a in g.legal_actions())
    assert "has no wild" in refused(g, "rescue 2h on 1")
    assert "it stands for 7h" in refused(g, "rescue 5h on 2")


def test_rescue_text_forms():
    for text in ("rescue 8h on 2", "rescue 8h for Jk on 2", "push",
                 "contract 7h 7d 2c=7 / 9s 10s Jk=Js Qs"):
        assert str(parse_action(text)) == text
    assert isinstance(parse_action("push"), Push)
    assert isinstance(parse_action("rescue 8h on 2"), Rescue)
    assert isinstance(parse_action("contract 7h 7d 7s / 9c 9d 9s"), Contract)


# -- going out, scoring, the match ----------------------------------------------------------------
def test_going_out_by_discarding_the_last_card_scores_the_other_side_only():
    g = push("Kc", turn=0, phase="play", melded="0", table="0=8h 8d 8s; 0=Qh Qd Qs")
    g.apply("discard Kc")
    r = g.results[-1]
    assert r["how"] == "out" and r["winner"] == 0
    h1, h3 = (g.variant.hand_value(g, g.hands[s]) for s in (1, 3))
    assert r["points"] == [0, h1, 0, h3] and g.scores == [0, h1 + h3]
    assert "Player 1 and Player 3: 0 (Player 1 went out)" in r["lines"]


def test_going_out_with_the_contract():
    g = push("7h 7d 7s 9c 9d 9h", turn=0, phase="play")
    g.apply("contract 7h 7d 7s / 9c 9d 9h")
    assert g.results[-1]["winner"] == 0 and g.phase == Phase.HAND_OVER


def test_after_five_deals_the_lower_total_wins():
    g = push("Kc", turn=0, phase="play", melded="0", table="0=8h 8d 8s; 0=Qh Qd Qs", hand=5,
             scores="100 120")
    g.apply("discard Kc")
    assert g.phase == Phase.MATCH_OVER
    assert g.final["winners"] == [0, 2]
    assert "win the match with the lowest total, 100" in g.final["headline"]


def test_a_tie_after_five_deals_is_shared():
    g = push("Kc", turn=0, phase="play", melded="0", table="0=8h 8d 8s; 0=Qh Qd Qs", hand=5)
    g.scores = [0, 0]
    g.hands = [[C("Kc")], [], [C("5s")], []]
    g.hands[1], g.hands[3] = [], []
    g.apply("discard Kc")
    assert g.phase == Phase.MATCH_OVER and sorted(g.final["winners"]) == [0, 1, 2, 3]
    assert "tie" in g.final["headline"]


def test_a_seeded_match_replays_and_its_deal_string_reads_back():
    from rami.bots import make_bot
    g = GameState("push", 4, seed=11)
    bots = [make_bot("heuristic", "push", seed=s) for s in range(4)]
    while g.phase != Phase.MATCH_OVER:
        if g.phase == Phase.PLAY and g.hand_no == 2:
            text = to_deal(g)
            assert to_deal(from_deal(text)) == text
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    assert len(g.results) == 5
    again = replay("push", g.names, {}, 11, [str(a) for a in g.history])
    assert again == g
    assert GameState.from_json(g.to_json()) == g


def test_rescued_wilds_in_a_deal_string():
    g = push("Jk Kc Qc", turn=0, phase="play", melded="0", table="0=7h 8h 9h; 1=4c 4d 4s",
             rescued="Jk")
    assert "discard Kc" not in legal(g)
    assert "rescued: Jk" in to_deal(g)
