"""Everything from outside is checked at the door: deal strings, saves, house rules and
typed actions give a sound state or one of rami's own errors in plain words."""

import json
import sys
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from rami.errors import OptionError, RamiError, SaveError
from rami.scenario import DealSyntaxError, from_deal, to_deal
from rami.state import GameState, Phase
from rami.view import PlayerView
from tests.conftest import QUICK
from tests.fuzz import action_case, deal_case, deep, save_case, unreachable_case

GIN = "gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h | discard: Kd"
BASIC = "basic | 0: 7h 8h 9h Kc | 1: 2c 3c 4c 5d | discard: Qs"
INDIAN = ("indian | 0: 2h 3h 4h 5s 6s 7s 9c 9d 9h Kc Qc Jc 10c | 1: 2c 3c 4c 8d 8s Qh Qs Js "
          "10d 4d 5d 6d 7d | joker: 2s | turn: 0")
RUM = "rum500 | 0: 2c 3c 4c Kh Ah 9s | 1: 2d 5d 8s | table: 1=10h Jh Qh | discard: 4d"


@pytest.mark.parametrize("deal,words", [
    (GIN + " | turn: 2", "'turn' takes a seat number from 0 to 1"),
    (GIN + " | turn: -1", "'turn' takes a seat number"),
    (GIN + " | dealer: 5", "'dealer' takes a seat number"),
    (BASIC + " | table: 4=Ah 2h 3h", "owner of a table meld"),
    (BASIC + " | phase: show", "phase is one of: draw, play; not 'show'"),
    (BASIC + " | phase: hand_over", "phase is one of"),
    (GIN + " | phase: layoff", "lays off (phase: layoff) after a knock"),
    (GIN.replace("Kc |", "Kc Ks Qd |"), "seat 0 holds 12 cards"),
    (INDIAN.replace("10c |", "|"), "seat 0 holds 12 cards"),
    (INDIAN + " | status: in, first drop", "two or more seats"),
    (BASIC + " | nmaes: a, b", "has no part 'nmaes'. Its parts are"),
    (BASIC + " | names: Ann", "'names' gives one name per seat"),
    (BASIC + " | melded: 7", "'melded' takes seat numbers from 0 to 1"),
    (BASIC + " | hand: 0", "'hand' takes a whole number"),
    (BASIC + " | turn: 1 | turn: 0", "given twice"),
    (RUM + " | rum: 9", "'rum' takes seat numbers"),
    (RUM + " | phase: play | duty: 7c", "must be melded"),
    (RUM + " | doubled: 0", "'doubled' numbers table melds from 1"),
    ("gin knock_limit=-50 | 0: Ah | 1: 2h", "from 0 to 10"),
    ("gin knock_limit=999 | 0: Ah | 1: 2h", "from 0 to 10"),
    ("basic | 0: Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh | 1: 2c", "seat 0 holds 12 cards"),
    ("indian | 0: 2h | 1: 2c | status: in, declared | finish: 9=Ah", "'finish' is written"),
    ("basic | 0: Ah | 1: 2c | " + "x" * 30000, "too long"),
])
def test_bad_deal_strings_are_refused_in_plain_words(deal, words):
    with pytest.raises(DealSyntaxError) as e:
        from_deal(deal)
    assert words.lower() in str(e.value).lower()


def test_a_deal_string_is_text():
    with pytest.raises(DealSyntaxError, match="line of text"):
        from_deal(None)


def test_to_deal_reads_back_after_an_indian_invalid_declaration_and_during_a_show():
    deal = ("indian | 0: 2h 3h 4h 5s 6s 7s 9c 9d 9h Kc Qc Jc 10c 2d | 1: 2c 3c 4c 8d 8s Qh "
            "Qs Js 10d 4d 5d 6d 7d | 2: Ac Kd Qd 3s 3d 3h 8c 9s 10s Js 5c 6c 7c | joker: 8h "
            "| turn: 0 | phase: play")
    g = from_deal(deal)
    g.apply("declare 9h")                      # invalid: 9c 9d are two, not a set
    assert g.extra["status"][0] == "invalid"
    again = from_deal(to_deal(g))
    assert to_deal(again) == to_deal(g)
    assert again.extra["status"] == g.extra["status"]
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in g.legal_actions()]
    # a valid declaration: the others show, and the position reads back in the show
    valid = from_deal("indian | 0: 2h 3h 4h 5s 6s 7s 9c 9d 9h Kc Qc Jc 10c 2d | 1: 2c 3c 4c "
                      "8d 8s Qh Qs Js 10d 4d 5d 6d 7d | 2: Ac Kd Qd 3s 3d 3h 8c 9s 10s Js 5c "
                      "6c 7c | joker: 2s | turn: 0 | phase: play")
    valid.apply("declare 2d")
    assert valid.phase == Phase.SHOW
    back = from_deal(to_deal(valid))
    assert back.phase == Phase.SHOW and back.turn == valid.turn
    assert back.extra["pending"] == valid.extra["pending"]
    back.apply("show")
    valid.apply("show")
    assert back.turn == valid.turn


def test_a_finished_hand_has_no_deal_string():
    g = from_deal(INDIAN)
    g.apply("drop")
    with pytest.raises(RamiError, match="hand is over"):
        to_deal(g)


@pytest.mark.parametrize("variant,name,bad", [
    ("gin", "knock_limit", 999), ("gin", "knock_limit", -50), ("gin", "knock_limit", True),
    ("gin", "target", 40), ("basic", "hands", 51), ("basic", "jokers", True),
    ("rum500", "min_first_meld", 1000), ("indian", "decks", 3), ("gin", "oklahoma", 1),
])
def test_house_rules_are_checked_against_their_range_everywhere(variant, name, bad):
    with pytest.raises(OptionError, match=name):
        GameState(variant, 4 if variant in ("indian", "rum500") else 2, {name: bad}, seed=1)
    g = GameState(variant, 4 if variant in ("indian", "rum500") else 2, seed=1)
    d = g.to_dict()
    d["options"][name] = bad
    with pytest.raises(SaveError, match=name):
        GameState.from_dict(d)


@pytest.mark.parametrize("text,words", [
    ("[" * 100_000 + "]" * 100_000, "not valid JSON|nests too deeply"),
    ("x" * 6_000_000, "too large"),
    ('{"format": "rami-save", "version": 1}', "lacks"),
    ("42", "not a saved rami game"),
])
def test_hostile_save_texts_are_refused(text, words):
    with pytest.raises(SaveError, match=words):
        GameState.from_json(text)


def test_a_save_with_a_deeply_nested_field_is_refused_before_any_work():
    d = GameState("gin", 2, seed=1).to_dict()
    d["extra"]["passes"] = deep(300)
    with pytest.raises(SaveError, match="nests too deeply"):
        GameState.from_json(json.dumps(d))


@pytest.mark.parametrize("field,value,words", [
    ("turn", 5, "the seat to play is not a seat"), ("dealer", True, "'dealer' should be a whole number"),
    ("phase", "show", "Gin Rummy has no phase 'show'"), ("hands", [["Ah"]], "hold 2"),
    ("scores", [0], "the scores should hold 2"), ("melded", [True], "should hold 2"),
    ("names", ["a"] * 9, "2 to 8 seats"), ("stock", ["Zz"], "should be a card"),
    ("taken", "Ah", "taken this turn before the draw"), ("extra", {}, "lacks 'passes'"),
    ("table", [{"kind": "run", "cards": ["Ah", "3h", "5h"], "rank": 0, "suit": "h",
                "start": 1, "owner": 0, "played_by": [0, 0, 0]}], "is not a meld"),
    ("results", [{"points": [1]}], "should hold 2"),
    ("final", {"winners": [0], "headline": "x", "lines": []}, "result and its phase"),
])
def test_every_save_field_is_checked(field, value, words):
    d = GameState("gin", 2, seed=1).to_dict()
    d[field] = value
    with pytest.raises(SaveError, match=words):
        GameState.from_dict(d)


def played(variant: str, n: int, moves: int, seed: int = 1, options=None) -> GameState:
    g = GameState(variant, n, options or {}, seed=seed)
    for _ in range(moves):
        if g.phase == Phase.MATCH_OVER:
            break
        legal = g.legal_actions()
        g.apply(legal[len(g.history) % len(legal)])
    return g


def test_a_save_is_exactly_what_the_game_could_have_written():
    """A save's history replays, from its seed, to its very position: moves added, taken
    away or changed, and a variant's fact left out, are refused in words."""
    g = played("basic", 3, 40)
    d = g.to_dict()
    assert GameState.from_dict(json.loads(json.dumps(d))) == g
    for bent in ([*d["history"], *["draw"] * 3000], d["history"][:-1],
                 ["pass"] + d["history"][1:]):
        with pytest.raises(SaveError, match="history"):
            GameState.from_dict({**d, "history": bent})
    # Gin after a knock: every fact of the knock is there, or the save is refused
    g = GameState("gin", 2, seed=4)
    while "knocker" not in g.extra:
        legal = g.legal_actions()
        knocks = [a for a in legal if a.kind == "knock"]
        g.apply(knocks[0] if knocks else legal[len(g.history) % len(legal)])
    d = g.to_dict()
    assert GameState.from_dict(json.loads(json.dumps(d))) == g
    del d["extra"]["knock_deadwood"]
    with pytest.raises(SaveError):
        GameState.from_dict(d)


def test_a_save_that_began_from_a_deal_string_replays_from_it():
    g = from_deal(GIN, seed=9)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    d = json.loads(g.to_json())
    assert d["start"] == to_deal(from_deal(GIN, seed=9)) and GameState.from_dict(d) == g
    with pytest.raises(SaveError):           # (another deal: its words say what is wrong)
        GameState.from_dict({**d, "start": BASIC.replace("basic", "gin")})
    other = to_deal(from_deal(GIN, seed=10))
    with pytest.raises(SaveError, match="history"):
        GameState.from_dict({**d, "start": other})
    with pytest.raises(SaveError):
        GameState.from_dict({**d, "start": "gin | " + "x" * 30_000})


@pytest.mark.parametrize("field", ["stock", "discard", "results", "history", "events", "table"])
def test_a_save_with_a_list_no_game_holds_is_refused_before_its_values_are_read(field):
    d = GameState("gin", 2, seed=1).to_dict()
    d[field] = [None] * 1_000_000
    with pytest.raises(SaveError, match="longer than any game's"):
        GameState.from_dict(d)


def test_a_view_never_hands_out_the_games_own_objects():
    g = from_deal(INDIAN)
    g.apply("drop")
    before = g.to_json()
    v = PlayerView.of(g, 0)
    # results and the match's result are read-only; the variant's facts are a copy
    with pytest.raises(TypeError):
        v.results[-1]["points"][0] = 999
    with pytest.raises((TypeError, AttributeError)):
        v.results[-1]["lines"].append("x")
    with pytest.raises((TypeError, AttributeError)):
        v.final["winners"].append(0)
    v.info["finish"]["0"] = "Ah"
    v.info["status"][0] = "won"
    assert g.to_json() == before
    assert v.to_dict()["results"] == json.loads(before)["results"]


CONFIGS = [("basic", 3, {"jokers": 2}), ("gin", 2, {}), ("indian", 3, {}),
           ("indian", 2, {"format": "pool61"}), ("rum500", 4, {"jokers": 1}),
           ("rum500", 4, {"persian": True}), ("push", 4, {}),
           ("push", 5, {"partnerships": False}), ("tiles", 3, {"doubla": True}),
           ("tiles", 2, {"initial_meld_may_use_last_discard": True})]


@settings(max_examples=10 if QUICK else 60, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from(CONFIGS))
def test_bent_saves_load_soundly_or_are_refused(seed, config):
    save_case(seed, config, Counter())


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from(CONFIGS))
def test_bent_deal_strings_load_soundly_or_are_refused(seed, config):
    deal_case(seed, config, Counter(), moves=30, tries=3)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from(CONFIGS))
def test_typed_actions_apply_or_are_refused_with_the_state_unchanged(seed, config):
    action_case(seed, config, Counter(), moves=30)


UNREACHABLE = CONFIGS + [("basic", 2, {}), ("tiles", 4, {"doubla": True, "games": 2})]


@pytest.mark.parametrize("config", UNREACHABLE, ids=lambda c: f"{c[0]}-{c[1]}")
def test_positions_no_game_could_reach_are_refused_from_saves_and_deal_strings(config):
    """Real positions of every variant, bent in ways no game could reach (a seat marked as
    melded with nothing on the table, a taken card not held, an unopened tile rack of the
    wrong size, a first player who never began, the exposed tile gone with nobody going out,
    a game past the match...): one check refuses them, from a save and a deal string alike."""
    counts = Counter()
    for seed in range(3 if QUICK else 8):
        unreachable_case(seed, config, counts)
    assert counts, "no mutation applied"
    if config[0] == "tiles":
        assert counts["an unopened rack of the wrong size"] and \
            counts["deal: an unopened rack of the wrong size"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="benchmarks/ is not shipped to Pyodide")
@pytest.mark.parametrize("variant,players", [("rum500", 2), ("rum500", 5), ("push", 4),
                                             ("tiles", 2), ("tiles", 4)])
def test_the_largest_hands_the_rules_allow_are_sound_and_playable(variant, players):
    """The positions benchmarks/large_hands.py measures at the edge of the rules (the seat
    to act holding nearly the whole deck) pass the door, and have moves, in both phases of a
    turn: the benchmark measures real positions, not refused ones."""
    from benchmarks.large_hands import extremes
    found = extremes(variant, players)
    assert {phase for _, phase, _ in found} == {"draw", "play"}
    for size, phase, g in found:
        assert size >= 39 and g.legal_actions()      # (54 cards at two: 39 or 40)
        GameState.from_json(g.to_json())
