"""What players expect around the table, in pure Python: how to play, pass-and-play, undo,
statistics, settings, the second save slot."""

from __future__ import annotations

import doctest
import json
import re

import pytest

from rami.actions import DRAW, Discard
from rami.bots import make_bot
from rami.cards import Card
from rami.errors import RamiError
from rami.scenario import from_deal
from rami.state import GameState, Phase
from rami.variants import find_variant, variant_names
from rami.view import PlayerView
from rami.web import howto, render, settings, stats
from rami.web.session import PERSON, Session

BASIC = ("basic | 0: 4h 5h 6h Qc 2s 9d Kd 3c | 1: 2c 8c Jh 10s 7d Ks 9s 4d "
         "| table: 1=Qs Qh Qd | discard: 3d | stock: 8s 5s | turn: 0 | phase: draw | dealer: 1")


def test_doctests_of_the_new_modules():
    for mod in (howto, settings, stats):
        assert doctest.testmod(mod).failed == 0, mod.__name__


# -- how to play ---------------------------------------------------------------------------
@pytest.mark.parametrize("variant", variant_names())
def test_every_variant_has_its_rules_with_card_pictures_and_every_house_rule(variant):
    html = howto.howto_html(variant, {}, at_table=True)
    var = find_variant(variant)
    assert f"How to play {var.title}" in html
    assert html.count('class="rule-cards"') >= 2            # small card pictures
    for o in var.OPTIONS:
        assert o.title, f"{variant}'s house rule {o.name} has no title"
        assert f"<b>{o.title}</b>" in html
    assert "This table plays the rule book" in html and "(house rule)" not in html


def test_the_house_rules_of_the_match_are_marked():
    html = howto.howto_html("gin", {"knock_limit": 7, "oklahoma": True}, at_table=True)
    assert "changes 2 rules of the book" in html
    marked = re.findall(r'<li class="changed"><b>([^<]+)</b>: ([^<]+)<em>', html)
    assert marked == [("knock limit", "7 "), ("Oklahoma", "on ")]
    assert "have 7 or less in deadwood" in html         # the rules' words follow the match


# -- pass-and-play -------------------------------------------------------------------------
def two_persons(variant="gin", seed=5, n=2):
    levels = {1: PERSON}
    levels.update({s: "good" for s in range(2, n)})
    return Session.new(variant, [f"P{i}" for i in range(n)], levels=levels, seed=seed)


def test_a_person_s_seat_has_no_bot_and_waits_for_its_person():
    s = two_persons("basic", n=3)
    assert s.humans == [0, 1] and set(s.bots) == {2}
    st = s.state
    while not s.needs_handover():             # play to the second person's turn
        if s.bot_to_move():
            s.bot_step()
        else:
            s.play(make_bot("good", "basic", 1).choose(s.view()))
    assert st.turn == 1 and s.human == 0 and not s.human_to_move() and not s.bot_to_move()
    with pytest.raises(RamiError, match="P1's turn"):
        s.play(DRAW)
    mine = list(s.order)
    s.hand_over_to(1)
    assert s.human == 1 and s.human_to_move() and s.order != mine
    assert sorted(s.order) == sorted(str(c) for c in st.hands[1])
    assert s.stash[0]["order"] == mine


def person_move(s: Session, players: dict) -> None:
    """Whoever's turn it is takes the device if needed, and plays as the Good player would."""
    if s.needs_handover():
        s.hand_over_to(s.state.turn)
    s.play(players[s.human].choose(s.view()))


def test_a_whole_hand_of_two_persons_shows_each_only_their_own_cards():
    s = two_persons("gin")
    players = {0: make_bot("good", "gin", 1), 1: make_bot("good", "gin", 2)}
    steps = 0
    while s.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if s.needs_handover():
            s.hand_over_to(s.state.turn)
        html = render.table_html(s)
        shown = re.findall(r'class="[^"]*hand-card[^"]*"[^>]*data-card="([^"]+)"', html)
        assert sorted(shown) == sorted(str(c) for c in s.state.hands[s.human])
        seats = re.search(r'id="opp"[^>]*>(.*?)</section>', html, re.S).group(1)
        # the other person's cards: backs only, but for what he has laid out (a knock)
        public = {c.name() for cards in s.view().revealed.values() for c in cards}
        assert set(re.findall(r'aria-label="([^"]+)"', seats)) <= public
        person_move(s, players)
        steps += 1
        assert steps < 400
    assert s.state.results


def test_pass_and_play_saves_and_restores_both_persons_and_their_orders():
    s = two_persons("gin")
    players = {0: make_bot("good", "gin", 1), 1: make_bot("good", "gin", 2)}
    person_move(s, players)
    while not s.needs_handover():
        person_move(s, players)
    waiting = s.human
    s.sort("rank")
    order = list(s.order)
    s.hand_over_to(s.state.turn)
    back = Session.from_json(json.dumps(s.to_dict()))
    assert back.humans == [0, 1] and back.human == s.human and not back.bots
    assert back.order == s.order and back.stash[waiting]["order"] == order
    back.play(players[back.human].choose(back.view()))
    if back.needs_handover():
        back.hand_over_to(waiting)
        assert back.order[:len(order) - 1] == [c for c in order if c in back.order][
            :len(order) - 1]


# -- undo ----------------------------------------------------------------------------------
def test_a_meld_a_lay_off_and_a_selection_are_undone_but_not_a_draw_or_a_discard():
    s = Session(from_deal(BASIC), 0)
    assert not s.can_undo()
    s.play(DRAW)
    assert not s.can_undo()                       # a draw is final
    before = s.state.to_json()
    s.checkpoint()
    for card in ("4h", "5h", "6h"):
        s.toggle(s.order.index(card))
    meld = next(c.action for c in s.choices() if c.name == "meld")
    s.play(meld)
    assert len(s.state.table) == 2 and s.can_undo()
    s.selected = [s.order.index("Qc")]
    s.play(s.layoff_on(0))
    assert "Qc" not in s.order
    s.undo()                                      # the lay-off
    assert "Qc" in s.order and len(s.state.table) == 2
    s.undo()                                      # the meld
    assert len(s.state.table) == 1 and {"4h", "5h", "6h"} <= set(s.order)
    assert sorted(s.selected_cards()) == sorted(Card.parse(c) for c in ("4h", "5h", "6h"))
    s.undo()                                      # the selection
    assert s.selected == [] and s.state.to_json() == before
    with pytest.raises(RamiError, match="Nothing to undo"):
        s.undo()
    s.toggle(0)
    s.play(Discard.of(s.selected_cards()[0]))
    assert not s.can_undo()


def test_undo_is_only_for_the_person_s_own_turn():
    s = Session.new("gin", ["A", "B"], seed=3)
    while s.human_to_move() is False:
        s.bot_step()
    s.checkpoint()
    assert s.can_undo()
    s.play(s.state.legal_actions()[0])
    if s.bot_to_move():
        s.bot_step()
        assert not s.undo_stack


# -- statistics ----------------------------------------------------------------------------
def play_match(variant: str, seed: int, n: int = 2):
    g = GameState(variant, [f"P{i}" for i in range(n)], seed=seed)
    bots = [make_bot("good", variant, f"{seed}:{i}") for i in range(n)]
    snaps = []
    while not g.is_over:
        before = len(g.results)
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        if len(g.results) != before:
            snaps.append(g.copy())
    return g, snaps


def test_statistics_count_each_hand_and_match_once():
    g, snaps = play_match("gin", 4)
    st = {}
    for snap in snaps + [g, g]:                   # a reload shows the same end again
        st = stats.record(st, snap)
    row = st["variants"]["gin"]
    assert row["hands"] == len(g.results)
    assert row["hands_won"] == sum(1 for r in g.results if r.get("winner") == 0)
    assert row["games"] == 1 and row["total"] == g.scores[0] == row["best"]
    assert row["won"] == (0 in g.final["winners"]) == row["best_streak"]
    st2 = stats.record(json.loads(json.dumps(st)), g)       # stored and read back
    assert st2 == stats.clean(st)


def test_statistics_keep_the_lowest_total_where_points_are_penalties():
    st = {}
    for seed in (1, 2):
        g, _ = play_match("indian", seed)
        st = stats.record(st, g)
    row = st["variants"]["indian"]
    assert row["games"] == 2 and row["best"] <= row["total"] - row["best"]
    assert "Indian" in stats.stats_html(st) and "(lowest)" in stats.stats_html(st)


def test_damaged_statistics_start_afresh():
    assert stats.clean("nonsense") == {"variants": {}, "seen": []}
    assert stats.clean({"variants": {"gin": {"games": "x", "won": 2}}})["variants"]["gin"][
        "games"] == 0


# -- settings and saved matches -------------------------------------------------------------
def test_settings_take_only_known_values():
    got = settings.clean({"deck": "four", "size": "giant", "motion": "off", "sound": 1,
                          "left": True, "felt": "blue", "back": "plaid", "theme": "dark"})
    assert got == {"theme": "dark", "felt": "blue", "back": "red", "deck": "four",
                   "size": "normal", "motion": "off", "sound": False, "left": True,
                   "lang": "auto"}
    html = settings.settings_html(got, "fast", render.PACES)
    assert 'value="four" checked' in html and 'value="fast" selected' in html
    assert 'value="blue" checked' in html and 'value="dark" checked' in html
    # until the player chooses, the theme and the motion are the device's
    assert settings.clean({})["theme"] == settings.clean({})["motion"] == "auto"


def test_four_colour_faces_carry_their_suit():
    from rami.web.svg import card_svg
    assert 'class="face suit-d"' in card_svg(Card.parse("Qd"))


def test_the_new_game_question_names_both_matches():
    s = Session.new("basic", ["Ann", "Ada"], seed=2)
    kept = Session.new("gin", ["Ann", "Bo"], seed=3)
    html = render.newgame_html(s, kept)
    assert "Basic Rummy · Hand 1 · Ann 0, Ada 0" in html and "Gin Rummy · Hand 1" in html
    lobby = render.lobby_html(render_form(), saved=[("resume-kept", render.match_words(kept))])
    assert 'data-act="resume-kept"' in lobby


def render_form():
    var = find_variant("gin")
    return {"variant": "gin", "players": 2, "name": "Ann", "levels": ["good"],
            "bot_names": ["Bo"], "options": {o.name: o.default for o in var.OPTIONS}}


@pytest.mark.parametrize("variant", ["basic", "rum500", "push", "tiles"])
def test_undo_restores_the_exact_position_in_every_variant_that_melds_in_turn(variant):
    """Whenever the person lays cards down (a meld, a lay-off, a contract, an initial meld,
    a rescue, a Joly swap), undo gives back the very position, and the move can be made
    again."""
    n = 4 if variant == "push" else 2
    s = Session.new(variant, [f"P{i}" for i in range(n)], seed=11)
    me = make_bot("good", variant, 5)
    undone = 0
    for _ in range(3000):
        if s.state.is_over or undone >= 3:
            break
        if s.state.phase == Phase.HAND_OVER:
            s.next_hand()
            continue
        if s.bot_to_move():
            s.bot_step()
            continue
        action = me.choose(s.view())
        if action.kind in {"meld", "layoff", "contract", "rescue", "open", "swap"}:
            before = s.state.to_json()
            s.play(action)
            if s.human_to_move():            # (going out ends the turn: nothing to undo)
                s.undo()
                assert s.state.to_json() == before
                undone += 1
                s.play(action)
        else:
            s.play(action)
    assert undone >= 1
