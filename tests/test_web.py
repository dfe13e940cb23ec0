"""The web layer's pure-Python parts: card SVG, the table's model (Session) and its HTML."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from tests.rules import sound

from rami.actions import DRAW, Discard
from rami.cards import JOKER, Card, french_deck
from rami.errors import RamiError, SaveError
from rami.scenario import from_deal
from rami.state import Phase
from rami.web import render
from rami.web.session import Session
from rami.web.svg import SUIT_PATHS, _suit_d, card_svg

ROOT_DIR = pathlib.Path(__file__).resolve().parent.parent

BASIC = ("basic | 0: 4h 5h 6h Qc 2s 9d Kd 3c | 1: 2c 8c Jh 10s 7d Ks 9s 4d "
         "| table: 1=Qs Qh Qd | discard: 3d | stock: 8s 5s | turn: 0 | phase: draw | dealer: 1")


def test_every_card_face_is_well_formed_svg_with_a_spoken_name():
    for card in [*french_deck(1), JOKER]:
        svg = ET.fromstring(card_svg(card))
        assert svg.get("aria-label") == card.name()
        assert svg.get("viewBox") == "0 0 100 140"
        # whole in itself: its suit shapes drawn in it, nothing referred to in the page
        assert not [e for e in svg.iter() if e.tag.endswith("use") or "href" in str(e.attrib)]
        if card.suit:
            shapes = [e.get("d") for e in svg.iter() if e.tag.endswith("path")]
            assert _suit_d(card.suit, 13, 39, 15) in shapes          # (the index's suit)
        # light: its pips one path (ten of them one element), no transform to apply
        assert len(list(svg.iter())) <= 13 and "scale(" not in card_svg(card)
    ten = ET.fromstring(card_svg(french_deck(1)[9]))
    assert [e.get("d").count("M") for e in ten.iter() if e.tag.endswith("path")][-1] == 10


def test_a_suit_drawn_anywhere_is_its_outline_moved_scaled_and_turned():
    """A suit's outline drawn as path data of its own numbers (rami.web.svg._suit_d): at full
    size the outline itself; turned, its mirror through the centre; small (a pip's 17
    units), each point within a twentieth of a unit a step of the outline scaled (each step
    is rounded to a tenth: no more adds up along it)."""
    import re

    def points(d: str) -> list:
        """Every point a path goes through, absolute (its first point, then its steps)."""
        first = [float(v) for v in re.match(r"M(\S+) ([\d.-]+)", d.replace("-", " -")).groups()]
        out, here = [first], first
        for cmd, numbers in re.findall(r"([a-z])([^a-z]*)", d):
            v = [float(n) for n in re.findall(r"-?[\d.]+", numbers)]
            steps = [v[j:j + 2] for j in range(0, len(v), 2)] if cmd != "a" else [v[5:7]]
            for dx, dy in steps[2::3] if cmd == "c" else steps:
                here = [here[0] + dx, here[1] + dy]
                out.append(here)
        return out

    for suit, d in SUIT_PATHS.items():
        ref = points(d)
        assert points(_suit_d(suit, 50, 50, 100)) == ref, suit
        assert points(_suit_d(suit, 50, 50, 100, True)) == [[100 - x, 100 - y] for x, y in ref]
        small = points(_suit_d(suit, 35, 108, 17, True))
        want = [[35 - (x - 50) * .17, 108 - (y - 50) * .17] for x, y in ref]
        assert all(abs(a - b) <= 0.05 * (i + 1) + 1e-9 for i, (p, q) in enumerate(zip(small, want))
                   for a, b in zip(p, q)), suit

def test_the_hand_keeps_the_person_s_order_and_new_cards_go_right():
    s = Session(from_deal(BASIC), 0)
    s.sort("rank")
    order = list(s.order)
    s.play(DRAW)
    assert s.order[:-1] == order and s.order[-1] == "8s" and s.fresh == "8s"
    assert s.move_card(len(s.order) - 1, 0) == 0 and s.order[0] == "8s"


def test_moving_a_card_keeps_the_selection_on_the_same_cards():
    s = Session(from_deal(BASIC), 0)
    s.toggle(0)
    s.toggle(2)
    picked = s.selected_cards()
    s.move_card(2, 5)
    assert s.selected_cards() == picked


def test_buttons_are_enabled_only_for_legal_moves_and_say_why_not():
    s = Session(from_deal(BASIC), 0)
    assert {c.name: bool(c.action) for c in s.choices()} == {"draw": True, "take": True}
    s.play(DRAW)
    by = lambda: {c.name: c for c in s.choices()}        # noqa: E731
    assert not by()["meld"].action and not by()["discard"].action
    for card in ("4h", "5h", "6h"):
        s.toggle(s.order.index(card))
    assert by()["meld"].action is not None
    s.selected = [s.order.index("Qc"), s.order.index("2s"), s.order.index("9d")]
    assert by()["meld"].action is None and by()["meld"].reason
    s.selected = [s.order.index("Qc")]
    assert [a.meld for a in s.layoff_targets()] == [0]
    assert by()["layoff"].action is not None and by()["discard"].action == Discard.of(
        s.selected_cards()[0])


def test_illegal_moves_raise_the_engine_s_words_and_change_nothing():
    s = Session(from_deal(BASIC), 0)
    before = s.state.to_json()
    with pytest.raises(RamiError, match="draw"):
        s.layoff_on(0)
    s.play(s.state.legal_actions()[1])        # take the 3d
    s.selected = [s.order.index("3d")]
    choice = next(c for c in s.choices() if c.name == "discard")
    assert choice.action is None and "different card" in choice.reason
    with pytest.raises(RamiError, match="different card"):
        s.play(Discard.of(s.selected_cards()[0]))
    assert s.state.to_json() != before and s.state.phase == Phase.PLAY


def test_a_session_saves_and_restores_exactly_and_bots_go_on_the_same_way():
    s = Session.new("gin", ["Player", "Ada"], seed=11)
    while not s.human_to_move():
        s.bot_step()
    s.sort("rank")
    copy = Session.from_dict(json.loads(json.dumps(s.to_dict())))
    assert copy.state == s.state and copy.order == s.order
    s.play(s.state.legal_actions()[0])
    copy.play(copy.state.legal_actions()[0])
    while s.bot_to_move():
        assert str(s.bot_step()) == str(copy.bot_step())
    assert copy.state == s.state


@pytest.mark.parametrize("save, words", [
    ("not a dict", "not a saved rami game"),
    ({"format": "rami-web", "version": 99}, "another version"),
    ({"format": "rami-web", "version": 1, "game": {"format": "rami-save"}}, "version"),
    ({"format": "rami-web", "version": 1, "game": {"format": "rami-save", "version": 1}},
     "damaged"),
    ({"format": "rami-web", "version": 1, "levels": {"1": "genius"},
      "game": Session.new("gin", ["P", "A"], seed=1).state.to_dict()}, "bot level"),
])
def test_a_bad_save_raises_a_save_error_with_a_reason(save, words):
    with pytest.raises(SaveError, match=words):
        Session.from_dict(save)


def test_the_table_html_offers_exactly_the_legal_moves():
    s = Session(from_deal(BASIC), 0)
    html = render.table_html(s)
    assert 'data-act="btn:draw"' in html and 'class="pile stock can"' in html
    assert html.count('class="card hand-card') == 8
    assert ": meld 1, " in html              # the meld, named for screen readers (its number first)
    s.play(DRAW)
    html = render.table_html(s)
    assert 'data-act="btn:discard" disabled' in html


def gin_knocked(scores: str = "0, 0") -> Session:
    """A Gin hand the person knocks in (discarding the Kc), played to its end."""
    s = Session(from_deal("gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs "
                          "Js 10d 4h | discard: Kd | stock: 2s 6d | turn: 0 | phase: draw "
                          f"| dealer: 1 | scores: {scores}"), 0)
    s.play(DRAW)
    s.selected = [s.order.index("Kc")]
    s.play(next(c for c in s.choices() if c.name == "knock").action)
    while s.bot_to_move():
        s.bot_step()
    return s


def test_the_summary_explains_the_score_and_keeps_the_scoreboard():
    s = gin_knocked()
    assert s.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    html = render.table_html(s)
    for line in s.state.results[-1]["lines"]:
        assert render.esc(line.split(":")[0]) in html
    assert "Scoreboard" in html and 'data-act="next"' in html


def test_a_new_version_is_offered_on_a_summary_and_in_the_lobby_only_when_asked():
    from rami.variants import find_variant
    deal = ("gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h "
            "| discard: Kd | stock: 2s 6d | turn: 0 | phase: draw | dealer: 1")
    s = Session(from_deal(deal), 0)
    assert 'id="update-now"' not in render.table_html(s, update=True)   # no summary: mid-hand
    s.play(DRAW)
    s.selected = [s.order.index("Kc")]
    s.play(next(c for c in s.choices() if c.name == "knock").action)
    while s.bot_to_move():
        s.bot_step()
    assert s.state.phase == Phase.HAND_OVER
    offered = render.table_regions(s, update=True)["summary-slot"]
    assert 'data-act="update"' in offered and 'data-act="update-later"' in offered
    assert 'data-act="next"' in offered                     # the hand's own button stays
    assert "update" not in render.table_regions(s)["summary-slot"]
    var = find_variant("gin")
    form = {"variant": "gin", "players": 2, "name": "P", "levels": ["heuristic"],
            "bot_names": ["A"], "options": {o.name: o.default for o in var.OPTIONS}}
    assert 'id="update-now"' in render.lobby_html(form, update=True)
    assert 'id="update-now"' not in render.lobby_html(form)
    assert 'data-act="update"' not in render.update_note()   # during a hand: said, not offered


def test_the_lobby_lists_every_house_rule_of_the_variant():
    from rami.variants import find_variant
    for name in ("gin", "basic"):
        var = find_variant(name)
        form = {"variant": name, "players": 2, "name": "P", "levels": ["heuristic"] * 5,
                "bot_names": ["A", "B", "C", "D", "E"],
                "options": {o.name: o.default for o in var.OPTIONS}}
        html = render.lobby_html(form)
        for o in var.OPTIONS:
            assert f'data-opt="{o.name}"' in html


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess inside Pyodide; "
                    "scripts/check_vendor.mjs checks the same on the shipped files there")
def test_the_lobby_is_drawn_from_its_catalogue_without_the_engine(tmp_path):
    """The browser draws the lobby before it imports the engine: from a catalogue (shipped as
    JSON in the browser's rami.zip) that is plain data, says of every game what the engine
    says, and from which drawing the lobby imports no module of the engine."""
    from rami.variants import find_variant, variant_names
    from rami.web.lobby import build_catalogue
    cat = build_catalogue()
    assert json.loads(json.dumps(cat)) == cat
    assert [g["name"] for g in cat["games"]] == variant_names()
    for g in cat["games"]:
        v = find_variant(g["name"])
        assert (g["title"], g["min"], g["max"]) == (v.title, v.min_players, v.max_players)
        assert [(o["name"], o["default"]) for o in g["options"]] == \
            [(o.name, o.default) for o in v.OPTIONS]
    (tmp_path / "catalogue.json").write_text(json.dumps(cat))
    engine = ("rami.actions", "rami.state", "rami.melds", "rami.solver", "rami.variants",
              "rami.bots", "rami.web.session", "rami.web.tables")
    code = (f"import json, sys\nimport rami.web.lobby as lobby\n"
            f"lobby._catalogue = json.load(open({str(tmp_path / 'catalogue.json')!r}))\n"
            f"html = lobby.lobby_html(lobby.default_form('tiles'))\n"
            f"print([m for m in {engine!r} if m in sys.modules], 'Deal the tiles' in html)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT_DIR)
    assert out.stdout.strip() == "[] True", out.stderr


# -- Indian rummy: the hand in groups -----------------------------------------------------
INDIAN = ("indian | 0: 2h 3h 4h 6s 7s 8s Kc Kd Ks Qc Qd Jk 10c "
          "| 1: Ah 3c 5d 7c 9s Jh Kh 2d 4s 6h 8d 10s Qs "
          "| 2: 2c 4c 6d 8c Jd Js 3d 5s 7h Qh Ac As 10h "
          "| joker: 9d | discard: 4d | stock: 5h | turn: 0 | phase: draw | dealer: 2")


def texts(groups):
    return [[str(c) for c in g] for g in groups]


def test_indian_groups_start_by_suit_keep_through_moves_and_new_cards_join_where_they_fit():
    s = Session(from_deal(INDIAN), 0)
    assert texts(s.group_cards()) == [["6s", "7s", "8s", "Ks"], ["2h", "3h", "4h"],
                                      ["Qd", "Kd"], ["10c", "Qc", "Kc"], ["Jk"]]
    s.play(DRAW)
    # the 5h extends the hearts' sequence: it joins it, not a group of its own
    assert texts(s.group_cards())[1] == ["2h", "3h", "4h", "5h"] and s.fresh == "5h"
    assert len(s.sizes) == 5
    assert s.table.group_labels(s)[1] == "pure sequence"
    for card in ("Ks", "Kd", "Kc"):
        s.toggle(s.order.index(card))
    s.group_selected()
    assert ["Ks", "Kd", "Kc"] in texts(s.group_cards()) and not s.selected
    s.play(Discard.of(from_deal(INDIAN).hands[0][-1]))          # the 10c goes
    assert all("10c" not in g for g in texts(s.group_cards()))
    assert sum(s.sizes) == len(s.order) == 13


def test_indian_cards_that_fit_nowhere_gather_in_one_tray_not_a_group_each():
    s = Session(from_deal(INDIAN), 0)
    s.regroup("best")
    before = len(s.sizes)
    for _ in range(3):                          # draw, and keep what came: no group each
        s.state.hands[0].append(s.state.stock.pop())
        s.reconcile()
    assert len(s.sizes) <= before + 1 and sum(s.sizes) == len(s.order) == 16


def test_indian_keyboard_moves_cross_group_edges_and_best_groups_for_the_fewest_points():
    s = Session(from_deal(INDIAN), 0)
    pos = s.order.index("Ks")                  # last of the spades group
    s.move_card(pos, pos + 1)                  # steps over the edge: first of the hearts
    assert texts(s.group_cards())[1][0] == "Ks"
    s.play(DRAW)
    s.sort("best")
    groups = texts(s.group_cards())
    assert len(groups[-1]) == 1 and s.table.judged(s, leave_out=Card.parse(groups[-1][0])).valid


def test_indian_buttons_confirm_drops_and_declarations_and_say_what_they_cost():
    s = Session(from_deal(INDIAN), 0)
    drop = next(c for c in s.choices() if c.name == "drop")
    assert drop.action is not None and "middle drop costs 40 points" in drop.confirm
    s.play(DRAW)
    s.toggle(s.order.index("Kd"))
    declare = next(c for c in s.choices() if c.name == "declare")
    assert "not a valid declaration" in declare.confirm and "80 points" in declare.confirm
    s.sort("best")
    s.toggle(len(s.order) - 1)
    declare = next(c for c in s.choices() if c.name == "declare")
    assert "Your groups are valid" in declare.confirm
    s.play(declare.action)
    assert s.state.phase == Phase.SHOW and s.bot_to_move()
    while s.bot_to_move():
        s.bot_step()
    assert s.state.is_over and s.state.final["winners"] == [0]
    html = render.table_html(s)
    assert "Player 1 declares" in html and "finish slot" in html and "pure sequence" in html


def test_indian_groups_survive_a_save_and_the_table_shows_the_wild_joker():
    s = Session(from_deal(INDIAN), 0)
    s.play(DRAW)
    s.move_to_group(s.order.index("5h"), 1, 3)
    again = Session.from_dict(json.loads(json.dumps(s.to_dict())))
    assert texts(again.group_cards()) == texts(s.group_cards())
    html = render.table_html(again)
    assert "every 9 is a joker" in html and 'class="hand grouped"' in html
    assert html.count('class="hand-group') == len(again.sizes) + 1     # and the new-group box


def test_indian_rejoin_offer_to_the_person_and_the_pool_scoreboard():
    g = from_deal("indian format=pool101 | 0: Kh Qs Jd 10c 8h 6c 5s 3s Ad Jh 10d 4c 2h "
                  "| 1: 2h 3h 4h 5h 6s 7s 8s Kc Kd Ks Qc Qd Qh "
                  "| 2: 2c 3c 4c 5d 6d 7d 10s Js Qs Ac 2s 3d 4s "
                  "| joker: 9d | discard: 4d | stock: 5c 7h | turn: 0 | phase: draw "
                  "| dealer: 2 | scores: 30 0 0 | picks: 3 3 3")
    s = Session(g, 0)
    s.play(DRAW)
    s.play(Discard.of(Card.parse("5c")))
    while s.bot_to_move():
        s.bot_step()
    s.play(next(c.action for c in s.choices() if c.name == "show"))
    assert s.human_to_move() and [c.name for c in s.choices()] == ["rejoin", "decline"]
    html = render.table_html(s)
    assert 'id="rejoin"' in html and "eliminated" in html
    s.play(next(c.action for c in s.choices() if c.name == "rejoin"))
    board = render.scoreboard_html(s)
    assert "Player 1 rejoins at 10" in board and "pool 101" in board


PUSH_DEAL = ("push | 0: 8h 8d 8c 4s 5s 6s Jk Kc | 1: 9h 9s 3d 5d Ad 10h Kh "
             "| 2: 3c 4c 7d 7h Qd Ks 10s | 3: 5h 6h Jd Jh 4d 9s 6d 10d Ac "
             "| table: 1=Qh Qd Qs; 1=9c 10c Jc Qc | discard: 6c Kd | stock: 2h 9d "
             "| turn: 0 | phase: draw | dealer: 3 | hand: 2")


def _select(s: Session, *cards: str) -> None:
    s.selected = []
    for t in cards:
        s.selected.append(next(i for i, x in enumerate(s.order)
                               if x == t and i not in s.selected))


def test_push_table_offers_the_push_the_contract_readings_and_the_rescue():
    s = Session(from_deal(PUSH_DEAL), 0)
    assert [(c.name, c.label) for c in s.choices()] == [
        ("take", "Take the K♦"), ("draw", "Push the K♦ to Player 2")]
    html = render.table_html(s)
    assert "a set of three and a run of four" in html and "ready to lay" in html
    s.play(next(c.action for c in s.choices() if c.name == "draw"))
    _select(s, "8h", "8d", "8c", "4s", "5s", "6s", "Jk")
    contract = next(c for c in s.choices() if c.name == "contract")
    assert contract.dialog == "readings" and contract.action is None
    dialog = s.table.dialog(s, "readings")
    assert "joker as 3♠" in dialog and "joker as 7♠" in dialog
    s.play(s.table.act(s, "reading", "1"))
    assert s.state.melded[0] and "✓ laid" in render.table_html(s)
    assert "4s 5s 6s Jk=7s" in [str(t.meld) for t in s.state.table]


def test_push_rescue_by_tapping_a_meld():
    s = Session(from_deal("push | 0: 8h 4c Kc Qd | 1: 9h 9s 3d | 2: 3c 4d 7d | 3: 5h 6h Jd "
                          "| table: 0=6h 7h Jk=8h 9h; 0=Kd Kh Ks | melded: 0 | discard: 2c "
                          "| turn: 0 | phase: play | dealer: 3 | hand: 2"), 0)
    _select(s, "8h")
    rescue = next(c for c in s.choices() if c.name == "rescue")
    assert rescue.label == "Rescue the Joker from meld 1" and rescue.action is not None
    s.play(s.table.meld_tap(s, 0))
    assert "Jk" in s.order and str(s.state.table[0].meld) == "6h 7h 8h 9h"
    _select(s, "4c")
    discard = next(c for c in s.choices() if c.name == "discard")
    assert discard.action is None and "rescued joker" in discard.reason


TILES_OPEN = sound("tiles | 0: r10 r11 joly y9 b9 k9 k5 k6 k7 b2 | 1: b1 y4 y9 k12 r3 "
                   "| 2: k3 k4 y13 b6 | table: 2=b8 b9 b10 | crosswise: k13 | exposed: y12 "
                   "| dealer: 1 | phase: play | discard: r2 y5")


def test_tiles_table_the_initial_meld_with_the_jolys_reading_chosen():
    s = Session(from_deal(TILES_OPEN), 0)
    html = render.table_html(s)
    assert "initial meld" in html and "50 with a run" in html and 'class="card small crosswise"' \
        in html and "Wall" in html and "Exposed" in html
    _select(s, "r10", "r11", "joly", "y9", "b9", "k9", "k5", "k6", "k7")
    opened = next(c for c in s.choices() if c.name == "open")
    assert opened.dialog == "readings"               # the Joly: r9 or r12
    dialog = s.table.dialog(s, "readings")
    assert "your initial meld" in dialog and "Joly as r12" in dialog and "Joly as r9" in dialog
    pick = next(i for i, a in enumerate(s.table.readings(s)) if "joly=r12" in str(a))
    s.play(s.table.act(s, "reading", str(pick)))
    assert s.state.melded[0] and "r10 r11 joly=r12" in [str(t.meld) for t in s.state.table]
    assert [c.name for c in s.choices()] == ["discard"]


def test_tiles_table_a_row_tile_needs_the_two_it_combines_with():
    s = Session(from_deal(sound("tiles | 0: y5 y6 r10 b2 b5 k5 | 1: b1 y4 y9 k12 r3 "
                                "| 2: k3 k4 y13 | table: 2=r5 r6 joly=r7 r8 | melded: 0 "
                                "| crosswise: k13 | exposed: y12 | dealer: 1 | phase: draw "
                                "| discard: k2 y7 r1")), 0)
    assert 'data-row="1"' in render.table_html(s)
    _select(s, "r10", "b2")
    with pytest.raises(RamiError, match="No two tiles of your rack"):
        s.table.act(s, "row", "0")
    _select(s, "y5", "y6")
    take = s.table.act(s, "row", "1")
    assert str(take) == "take y7 with y5 y6 y7"
    laid = len(s.state.table)
    s.play(take)
    assert "r1" in s.order and len(s.state.table) == laid + 1


def test_tiles_rack_arranged_by_taps_keeps_its_order():
    s = Session(from_deal(TILES_OPEN), 0)
    before = list(s.order)
    _select(s, before[2], before[3])
    s.table.act(s, "shift", "left")
    assert s.order[1:3] == before[2:4] and s.order[3] == before[1]
    assert sorted(s.selected) == [1, 2]
    s.table.act(s, "shift", "right")
    s.table.act(s, "shift", "right")
    assert s.order[3:5] == before[2:4]
    with pytest.raises(RamiError, match="Select the tiles to move"):
        s.selected = []
        s.table.act(s, "shift", "left")


def test_the_lobby_offers_three_levels_and_says_how_each_plays():
    from rami.variants import find_variant
    var = find_variant("basic")
    form = {"variant": "basic", "players": 3, "name": "P", "levels": ["expert", "beginner"],
            "bot_names": ["A", "B"], "options": {o.name: o.default for o in var.OPTIONS}}
    html = render.lobby_html(form)
    for level, words in (("beginner", "knows the rules"), ("good", "low deadwood"),
                         ("expert", "counts the cards")):
        assert html.count(f'<option value="{level}"') == 2
        assert words in html
    assert '<option value="expert" selected>' in html and '<option value="beginner" selected>' in html


def test_an_old_save_with_the_old_level_names_plays_on_at_the_same_levels():
    s = Session.new("gin", ["P", "A"], levels={1: "expert"}, seed=3)
    d = s.to_dict()
    assert d["levels"] == {"1": "expert"}
    d["levels"] = {"1": "heuristic"}
    old = Session.from_dict(d)
    assert old.levels == {1: "good"} and old.bots[1].name == "good"
    d["levels"] = {"1": "grandmaster"}
    with pytest.raises(RamiError, match="unknown bot level"):
        Session.from_dict(d)


def test_a_hint_is_the_experts_move_for_the_person_with_its_cards_placed():
    s = Session.new("gin", ["P", "A"], seed=9)
    while not s.human_to_move():
        s.bot_step()
    h = s.hint()
    assert h.action in s.state.legal_actions() and h.text
    assert s.hint() == h
    assert all(s.order[i] == str(c) for i, c in zip(s.positions_of(h.cards), h.cards))
    assert 'data-act="hint"' in render.table_regions(s)["actions"]
    assert render.hint_line(h).startswith("Hint: ")
    steps = s.bot_steps
    assert callable(steps)


def test_a_large_rack_may_lay_a_meld_its_shorter_list_leaves_out():
    """Past 20 tiles legal_actions lists the combinations without a Joly and those of one
    Joly with two tiles; a run with two Jolys is legal all the same, and the table offers
    it when its tiles are selected."""
    rack = ("r1 r2 joly r4 joly r6 y3 y9 b5 b11 k2 k8 k13 y6 b1 r12 y11 b8 k5 r9 y1 k10 b13 "
            "y13")
    s = Session(from_deal(f"tiles | 0: {rack} | 1: b2 b3 | table: 0=k1 k2 k3; 1=y2 y3 y4 "
                          "| crosswise: k12 | exposed: y12 | dealer: 1 | phase: play"), 0)
    g = s.state
    assert len(g.hands[0]) > 20
    laid = "meld r1 r2 joly=r3 r4 joly=r5 r6"
    assert laid not in {str(a) for a in g.legal_actions()}       # not listed, still legal
    _select(s, "r1", "r2", "joly", "r4", "joly", "r6")
    meld = next(c for c in s.choices() if c.name == "meld")
    assert meld.action is not None and str(meld.action) == laid
    s.play(meld.action)
    assert str(g.table[-1].meld) == "r1 r2 joly=r3 r4 joly=r5 r6"


def test_a_large_500_rum_hand_may_lay_a_meld_its_shorter_list_leaves_out():
    """The same at 500 Rum (a pile picked up whole): a run with two jokers, each standing
    for one card only, is offered when its cards are selected."""
    hand = "4c 5c Jk 7c Jk 9c 2h 5h 9h Qh 3s 6s 10s Ks 2d 6d 10d Kd Ah 8s Jh Qd 3d As"
    s = Session(from_deal(f"rum500 jokers=2 | 0: {hand} | 1: 2s 3h | table: 0=Jc Qc Kc; "
                          "1=7d 8d 9d | discard: 4h | phase: play"), 0)
    g = s.state
    laid = "meld 4c 5c Jk=6c 7c Jk=8c 9c"
    assert len(g.hands[0]) > 20 and laid not in {str(a) for a in g.legal_actions()}
    _select(s, "4c", "5c", "Jk", "7c", "Jk", "9c")
    meld = next(c for c in s.choices() if c.name == "meld")
    assert meld.action is not None and str(meld.action) == laid
    s.play(meld.action)
    assert str(g.table[-1].meld) == "4c 5c Jk=6c 7c Jk=8c 9c"


def test_a_round_of_computer_players_stays_within_its_pace_at_any_table_size():
    for n in range(2, 9):
        for pace, budget in render.ROUND_SECONDS.items():
            pause = render.pace_seconds(pace, n)
            assert pause * render.MOVES_PER_TURN * (n - 1) <= budget + 1e-9
            assert pause <= render.pace_seconds(pace, 2)       # never slower than its own
    assert render.pace_seconds("normal", 2) == 0.9 and render.pace_seconds("instant", 8) == 0


def test_gin_s_summary_shows_the_defender_s_melds_as_melds_and_a_match_s_end_plays_again():
    s = gin_knocked("95, 0")
    res = s.state.results[-1]
    html = render.summary_html(s)
    assert res["defender_melds"] and "melded" in html and "deadwood" in html
    assert s.state.phase == Phase.MATCH_OVER           # (95 and the knock: past 100)
    assert 'data-act="rematch"' in html and "Play again" in html


def test_gin_and_basic_hands_are_kept_in_their_melds_until_the_player_orders_them():
    s = Session(from_deal(BASIC), 0)
    assert s.arranged
    melded = s.state.variant.solver(s.state).arrange(s.cards())
    assert s.order[:len(melded.melded)] == [str(c) for c in melded.melded]
    assert s.breaks and s.breaks[-1] == len(melded.melded)      # a gap before the deadwood
    assert ' gap"' in render.table_html(s) or " gap " in render.table_html(s)
    s.play(DRAW)
    assert s.arranged and sorted(s.order) == sorted(map(str, s.state.hands[0]))
    s.move_card(0, 3)                                   # his own order from now on
    assert not s.arranged and not s.breaks
    mine = list(s.order)
    s.selected = [len(s.order) - 1]
    s.play(Discard.of(Card.parse(s.order[-1])))
    assert s.order == mine[:-1]


def test_one_table_mixes_a_person_here_a_friend_and_a_computer_player():
    """Pass-and-play, a friend's seat and a bot at one table: the save keeps each seat's
    kind and the room; each seat says who plays it, and a friend's whether connected."""
    import re
    from rami.room import Room
    from rami.state import GameState
    st = GameState("push", 4, seed=3)
    s = Session(st, 0, {1: "person", 2: "friend", 3: "expert"})
    assert (s.humans, s.friends, s.levels) == ([0, 1], [2], {3: "expert"})
    s.room = Room(s.master, s.friends).to_dict()
    again = Session.from_json(json.dumps(s.to_dict()))
    assert (again.humans, again.friends, again.levels, again.room) == \
        ([0, 1], [2], {3: "expert"}, s.room)

    def seats(html):
        return {int(k): (tag, "presence here" in rest, "presence away" in rest) for k, rest, tag
                in re.findall(r'class="seat[^"]*" data-seat="(\d)">(.*?)'
                              r'seat-level-tag">([^<]*)<', html, re.S)}
    assert seats(render.table_html(again)) == {
        1: ("Person", False, False), 2: ("partner · Friend", True, False),   # (Push: seat
        3: ("Expert", False, False)}                                        # 2 is 0's partner)
    again.away = {2}
    assert seats(render.table_html(again))[2] == ("partner · Friend", False, True)
    again.stand_in(2, True)
    assert seats(render.table_html(again))[2][0].startswith("partner · Friend, away")


def test_every_control_the_page_draws_names_a_command_a_tables_act_or_a_move():
    """The page's controls carry names (``data-act``): each is one of the app's named
    commands (rami.web.commands, each a method of the app), the page's own (the menu), a
    variant table's act, a meld tapped, or a move's button; no name is left to fall through
    a string switch."""
    import ast
    import random
    import re

    from rami.web import commands
    from rami.web.session import FRIEND
    from tests.test_remote import TABLES, positions

    root = pathlib.Path(__file__).resolve().parent.parent / "rami" / "web"
    app = next(n for n in ast.parse((root / "app.py").read_text()).body
               if isinstance(n, ast.ClassDef) and n.name == "App")
    methods = {f.name for f in app.body if isinstance(f, ast.FunctionDef)}
    assert sorted(c.method for c in commands.COMMANDS.values() if c.method not in methods) == []

    def is_known(act: str, table_acts=()) -> bool:
        kind, colon, arg = act.partition(":")
        return (commands.find(act) is not None or act in commands.PAGE_ACTS
                or kind in table_acts or (kind in ("btn", "meld") and colon and arg)
                or (not colon and act in buttons))

    # the names written into the page's own modules (dialogs, the friends' panel, the join page)
    buttons = {"draw", "take"}                     # (the piles stand for their moves)
    written = set()
    for path in [*root.glob("*.py"), *(root / "tables").glob("*.py")]:
        if path.name.startswith(("editor", "board", "embed")):
            continue                               # (a tutorial's board and the editor: theirs)
        written |= {m.group(1) + m.group(2) for m in re.finditer(
            r"""data-act=\\?["']([a-z-]+)(:?)""", path.read_text())}
    all_acts = {a for t in ("gin", "basic", "indian", "rum500", "push", "tiles")
                for a in __import__("rami.web.tables", fromlist=["table_for"]).table_for(t).acts}
    assert sorted(a for a in written if not is_known(a + ("x" if a.endswith(":") else ""),
                                                     all_acts)) == []
    # and every control drawn at the tables of all six games, a friend at each other seat
    rng = random.Random(5)
    drawn = set()
    for variant, n in TABLES:
        for g in positions(variant, n, seed=3, every=20, steps=200):
            s = Session(g.copy(), g.turn, {x: FRIEND for x in range(n) if x != g.turn})
            s.reacting = rng.random() < .5
            s.selected = rng.sample(range(len(s.order)), min(2, len(s.order)))
            buttons |= {c.name for c in s.choices()}
            html = "".join([render.table_html(s), render.cover_html(s), render.scores_html(s),
                            render.help_html(s.table), render.newgame_html(s, None)])
            acts = set(re.findall(r'data-act="([^"]+)"', html))
            drawn |= acts
            assert sorted(a for a in acts if not is_known(a, s.table.acts)) == [], variant
    assert {"sort:suit", "next", "help", "hint", "reactions", "react:0", "btn:discard",
            "meld:0"} <= drawn, sorted(drawn)


def test_a_drawing_finds_the_known_game_once_and_a_move_after_it_is_seen():
    s = Session.new("basic", ["Ann", "Bob"], {}, {1: "good"})
    with s.pinned():
        known = s.game
        s.master.play(s.state.turn, s.state.legal_actions()[0])   # (never while drawn)
        assert s.game is known                          # one reading for the whole drawing
        with s.pinned():
            assert s.game is known
        assert s.game is known
    assert s.game is not known and len(s.game.history) == len(known.history) + 1


def test_the_log_says_a_line_once_and_as_the_hand_said_anew_would():
    """The log's lines are kept from one drawing to the next (render._log): after a move, a
    move taken back, a new hand, another language, another line marked new, the log is what
    the same table drawn afresh shows."""
    from rami.bots import make_bot
    from rami.i18n import speaking
    s = Session.new("tiles", ["You", "Ada", "Ben"], {}, {1: "good", 2: "good"}, seed=5)
    me = make_bot("good", "tiles", seed=5)
    hands, undone, langs = set(), 0, set()

    def same(new_from: int) -> str:
        kept = render._log(s, new_from)
        assert kept == render._log(Session.from_dict(s.to_dict()), new_from), (step, lang)
        return kept

    for step in range(500):
        st = s.state
        if st.phase == Phase.MATCH_OVER or len(hands) > 2:
            break
        if st.phase == Phase.HAND_OVER:
            s.next_hand()
            continue
        lang = ("de", "hi", "ro")[step // 5 % 3] if step % 5 == 0 else "en"
        with speaking(lang):
            if "<li" in same(step % 7):
                langs.add(lang)
        hands.add(st.hand_no)
        if not s.human_to_move():
            s.bot_step()
            continue
        action = me.choose(s.view())
        s.play(action)
        if action.kind in ("meld", "layoff") and s.can_undo() and undone < 3:
            lines = same(0).count("<li")
            s.undo()                                    # (the log is shorter again)
            undone += 1
            assert same(0).count("<li") < lines
    assert len(hands) > 2 and undone and len(langs) == 4, (hands, undone, langs)


@pytest.mark.parametrize("variant,players", [("rum500", 3), ("push", 4), ("tiles", 3)])
def test_the_melds_are_put_together_again_when_what_they_show_changes(variant, players):
    """(Table.middle keeps the melds' HTML while what they show stays: the melds, the
    lay-off targets of the selected card, the names, the seat, the points on the table, the
    language.) At every step of a few hands, and with each card of the person's selected in
    turn, they are what the table put together afresh shows."""
    from rami.bots import make_bot
    from rami.i18n import speaking
    opts = {"partnerships": False} if variant == "push" else {}
    s = Session.new(variant, ["You", "Ada", "Ben", "Cleo"][:players], opts,
                    {i: "good" for i in range(1, players)}, seed=3)
    me = make_bot("good", variant, seed=3)
    t, seen, targets = s.table, set(), 0

    def same() -> None:
        v = s.view()
        drawn = t.middle(s, v)
        wanted = {a.meld for a in s.layoff_targets()}
        assert drawn == (t._melds(s, v, wanted) if v.table else drawn)
        seen.add(drawn)

    for step in range(600):
        if s.state.phase == Phase.MATCH_OVER:
            break
        if s.state.phase == Phase.HAND_OVER:
            s.next_hand()
            continue
        with speaking(("en", "de")[step % 2]):
            same()
            if s.human_to_move() and s.state.phase == Phase.PLAY and s.view().table:
                for pos in range(len(s.order)):
                    s.selected = [pos]
                    same()
                    targets += bool(s.layoff_targets())
                s.selected = []
                same()
        if s.human_to_move():
            s.play(me.choose(s.view()))
        else:
            s.bot_step()
    assert len(seen) > 10 and targets, (len(seen), targets)


class _TopLevel(HTMLParser):
    """The elements of an HTML fragment at its top level, and any text between them."""
    VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
            "track", "wbr"}

    def __init__(self, html: str):
        super().__init__()
        self.depth, self.tops, self.loose = 0, 0, ""
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tops += self.depth == 0
        self.depth += tag not in self.VOID

    def handle_startendtag(self, tag, attrs):
        self.tops += self.depth == 0

    def handle_endtag(self, tag):
        self.depth -= 1

    def handle_data(self, data):
        if self.depth == 0:
            self.loose += data


@pytest.mark.parametrize("variant,players", [("basic", 4), ("gin", 2), ("indian", 6),
                                             ("rum500", 4), ("push", 4), ("tiles", 4)])
def test_a_region_in_parts_is_one_element_a_part(variant, players):
    """(The opponents, the piles and the melds are written part by part, each part the
    page's child element at its place: static/boot.js's ramiWrite.) Every part is one
    element, with no text around it, and the parts together are the region the whole table
    shows, and the game's own (Indian rummy's melds, tile Rami's piles)."""
    from rami.i18n import pieces, speaking
    from rami.words import words_for
    s = Session.new(variant, ["You", "Ada", "Ben", "Cleo", "Dan", "Eve"][:players], {},
                    {i: "good" for i in range(1, players)}, seed=5)
    said, melds = words_for(s.game.variant).html, 0
    for step in range(400):
        if s.state.phase == Phase.MATCH_OVER or (s.state.phase == Phase.HAND_OVER
                                                 and s.state.hand_no > 1):
            break
        if s.state.phase == Phase.HAND_OVER:
            s.next_hand()
            continue
        with speaking(("en", "de", "hi")[step % 3]):
            regions = render.table_regions(s)
            whole = render.table_html(s)
        for name in ("opp", "piles", "melds"):
            parts = regions[name]
            assert isinstance(parts, tuple) and parts, name
            for part in parts:
                top = _TopLevel(part)
                assert (top.tops, top.loose, top.depth) == (1, "", 0), (name, part[:200])
            assert f'id="{name}"' in whole and "".join(parts) in whole
        with speaking(("en", "de", "hi")[step % 3]), pieces(s.game.variant.uses_tiles):
            v = s.view()                    # (the game's own melds, Indian's; its piles)
            assert "".join(regions["melds"]) == said("".join(s.table.middle(s, v)))
            can = {c.name for c in s.choices() if c.action}
            assert "".join(regions["piles"]) == said("".join(s.table.piles(s, v, can)))
        melds += len(regions["melds"]) > 2
        if s.human_to_move():
            s.play(s.hint().action)
        else:
            s.bot_step()
    assert melds or variant in ("gin", "indian"), "no meld laid"   # (theirs are shown at the end)


def test_the_discard_row_s_tiles_are_kept_as_the_row_drawn_afresh():
    """(Tile Rami's discard row keeps each tile's button once drawn, by its language, tile,
    place and whether the person may take it.) At every step of a few hands, in two
    languages, the row is the one drawn with nothing kept."""
    from rami.bots import make_bot
    from rami.i18n import pieces, speaking
    s = Session.new("tiles", ["You", "Ada", "Ben"], {}, {1: "good", 2: "good"}, seed=4)
    me, t = make_bot("good", "tiles", seed=4), s.table
    takeable = hands = 0
    for step in range(900):
        if s.state.phase == Phase.MATCH_OVER or hands > 2:
            break
        if s.state.phase == Phase.HAND_OVER:
            s.next_hand()
            hands += 1
            continue
        with speaking(("en", "ro")[step % 2]), pieces(True):
            v = s.view()
            kept, tiles = t.row(s, v), type(t)._row_tiles
            type(t)._row_tiles = {}                 # (drawn with nothing kept)
            try:
                assert kept == t.row(s, v)
            finally:
                type(t)._row_tiles = tiles
            takeable += ' can"' in kept
        if s.human_to_move():
            s.play(me.choose(s.view()))
        else:
            s.bot_step()
    assert hands > 2 and takeable, (hands, takeable)
