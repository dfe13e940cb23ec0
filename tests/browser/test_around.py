"""Around the table in Chromium: pass-and-play that never shows a hidden hand, how to play,
settings that stay, statistics, undo within a turn, and a match never lost to a new one."""

from __future__ import annotations

import json
import re

import pytest

from rami.cards import Card
from tests.conftest import soak_only

from .conftest import wait_for
from .test_table import STATE, click_act, my_move, open_page, state, take_turn

SAVE = "JSON.parse(localStorage.getItem('rami.save') || 'null')"

# every way a card could show in the page: its code, its name, its printed index and suit
SHOWN = """(() => {
  const html = document.getElementById('app').innerHTML + '|' +
               document.getElementById('announce').textContent;
  return html;
})()"""

def traces(code: str) -> list[str]:
    """What a card would leave in the page if it were shown: ``data-card="7h"``, its name
    (``7 of hearts``), its printed index and suit (``7♥``)."""
    c = Card.parse(code)
    if c.is_wild_symbol:                      # "joker" is a word of the rules too
        return [f'data-card="{code}"']
    out = [f'data-card="{code}"', c.name()]
    if not c.is_tile and c.suit:
        out.append(c.pretty())
    return out


def shows(text: str, code: str) -> str:
    """Where the page shows the card ``code`` (a bit of the page around it), or ""."""
    for t in traces(code):
        m = re.search(r"(?<![\w♠♥♦♣])" + re.escape(t) + r"(?![\w♠♥♦♣])", text)
        if m:
            return text[max(0, m.start() - 120):m.end() + 40]
    return ""


def _codes(x) -> list[str]:
    """Every card code in a piece of a save (lists and dicts of them)."""
    if isinstance(x, str):
        try:
            Card.parse(x)
            return [x]
        except ValueError:
            return []
    if isinstance(x, dict):
        return [c for v in x.values() for c in _codes(v)]
    if isinstance(x, list):
        return [c for v in x for c in _codes(v)]
    return []


def hidden_cards(save: dict, seat: int) -> list[str]:
    """The cards of ``seat`` nobody else has seen: his hand less what he took face up (or
    was pushed face up), and less any card a copy of which shows elsewhere (two decks)."""
    game = save["game"]
    name = game["names"][seat]
    public = set()
    for e in game["events"]:
        if e["kind"] == "take" and e["seat"] == seat:
            public.update([e.get("card")] + e.get("cards", []))
        if e["kind"] == "push" and e.get("text") == name:
            public.add(e.get("card"))
    shown = [w for e in game["events"] if not e.get("secret")
             for w in [e.get("card"), *e.get("cards", []), *re.findall(r"[\w]+", e.get("text", ""))]]
    elsewhere = set(_codes(game["table"]) + _codes(game["discard"]) + _codes(game["extra"]) +
                    _codes(game["hands"][save["human"]]) + _codes(shown))
    return [c for c in game["hands"][seat] if c not in public and c not in elsewhere]


def check_step(page, save: dict) -> bool:
    """The page at one step of a two-person hand shows no hidden card of the person not at
    the device; on the cover, no card at all, and whose turn it is (then that person takes
    the device: True)."""
    text = page.evaluate(SHOWN)
    game = save["game"]
    if page.evaluate("!!document.querySelector('#cover')"):
        assert page.evaluate("document.querySelectorAll('#app .card').length") == 0
        assert f"{game['names'][game['turn']]}'s turn" in page.inner_text("#cover")
        for seat in (0, 1):
            for code in hidden_cards(save, seat):
                assert not shows(text, code), (seat, code, shows(text, code))
        page.click("#takeover")
        return True
    if game["phase"] != "layoff":               # a knock lays the knocker's hand open
        for code in hidden_cards(save, 1 - save["human"]):
            assert not shows(text, code), (code, shows(text, code))
    return False


def start_two_persons(page, variant: str = "gin"):
    open_page(page)
    page.click(f'[data-act="variant:{variant}"]')
    page.select_option('[data-field="level:0"]', "person")
    page.fill('[data-field="seatname:0"]', "Bea")
    page.dispatch_event('[data-field="seatname:0"]', "change")
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table') || !!document.querySelector('#cover')")


def test_pass_and_play_never_shows_the_other_persons_hidden_cards(page):
    start_two_persons(page, "gin")
    covers = steps = 0
    while True:
        steps += 1
        assert steps < 600, "the hand did not end"
        wait_for(page, "!!document.querySelector('#cover') || (() => { const s = " + STATE +
                 "; return s && (s.summary || s.buttons.length) })()", 60, "a person's move")
        save = page.evaluate(SAVE)
        if page.evaluate("!!document.querySelector('#summary')"):
            break
        if check_step(page, save):
            covers += 1
            continue
        assert sorted(state(page)["hand"]) == sorted(save["game"]["hands"][save["human"]])
        take_turn(page, state(page))
    assert covers >= 2
    # the hand is over: its summary shows every hand, as it should
    assert page.locator("#summary .sum-hand").count() == 2
    # and the lobby's player's statistics count it
    page.click("#next")
    wait_for(page, "!!document.querySelector('#cover') || !!document.querySelector('#table')")
    page.click('[data-act="lobby"]')
    page.click('[data-act="stats"]')
    wait_for(page, "!!document.querySelector('#stats')")
    assert page.inner_text("#stats tbody tr th").startswith("Gin Rummy")
    gin = page.evaluate("JSON.parse(localStorage.getItem('rami.stats')).variants.gin")
    assert gin["hands"] == 1 and gin["games"] == 0
    page.click('[data-act="stats-reset"]')
    page.click("#stats-reset-yes")
    wait_for(page, "!!document.querySelector('.stats-empty')")
    assert page.evaluate("JSON.parse(localStorage.getItem('rami.stats')).variants") == {}
    assert page.offsite == [] and page.errors == []


HISTORY = "(JSON.parse(localStorage.getItem('rami.save') || '{}').game || {history: []}).history.length"


def person_turn(page) -> None:
    """Play the Expert's move for the person at the device: ask for a hint, press what it
    lights (a reading, if the move opens a choice of them). Should that not move the game on
    (a pick that waits for a second tap), the plain policy of the table's tests plays."""
    from playwright.sync_api import Error
    before = page.evaluate(HISTORY)
    try:
        page.evaluate("document.querySelectorAll('.message-text.hint').forEach(e => e.remove())")
        page.keyboard.press("i")
        wait_for(page, "!!document.querySelector('#actions .btn.hinted:not([disabled]), "
                       ".piles .hinted, #melds .hinted')", 30, "the hint")
        page.click("#actions .btn.hinted:not([disabled]), .piles .hinted, #melds .hinted",
                   timeout=5000)
        if page.evaluate("!!document.querySelector('#dialogs [role=dialog]')"):
            page.click("#dialogs [data-act]:not([data-act=close])", timeout=5000)
        wait_for(page, f"{HISTORY} !== {before}", 10, "the move")     # (a loaded machine)
    except (AssertionError, Error):
        if page.evaluate(f"{HISTORY} === {before}"):
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
            take_turn(page, state(page))


@pytest.mark.parametrize("variant", [soak_only("basic"), soak_only("indian"),
                                     soak_only("rum500"), soak_only("push"), "tiles"])
def test_pass_and_play_in_every_variant_hides_the_other_persons_cards(page, variant):
    start_two_persons(page, variant)
    page.select_option("#pace", "instant") if page.evaluate(
        "!!document.querySelector('#pace')") else None
    covers = moves = ended = 0
    while covers < 3 and moves < 40:
        wait_for(page, "!!document.querySelector('#cover') || (() => { const s = " + STATE +
                 "; return s && (s.summary || s.buttons.length) })()", 60, "a person's move")
        save = page.evaluate(SAVE)
        if page.evaluate("!!document.querySelector('#summary')"):
            ended += 1                  # a drop, a quick rummy: the next deal, or match
            if ended > 3:
                break
            if page.evaluate("!!document.querySelector('#next')"):
                page.click("#next")
            else:
                page.click("#again")
                page.click("#start")            # the lobby keeps the persons' seats
                wait_for(page, "!document.querySelector('#summary')", 30, "a new match")
            continue
        if check_step(page, save):
            covers += 1
            continue
        person_turn(page)
        moves += 1
    assert covers >= 2 or (covers and ended), (covers, moves, ended)
    assert page.offsite == [] and page.errors == []


def test_how_to_play_every_variant_from_the_lobby_and_the_table(page):
    open_page(page)
    for variant, title in (("basic", "Basic Rummy"), ("gin", "Gin Rummy"),
                           ("indian", "Indian"), ("rum500", "500 Rum"), ("push", "Push"),
                           ("tiles", "Rami")):
        page.click(f'[data-act="variant:{variant}"]')
        page.click('.lobby-learn [data-act="howto"]')
        wait_for(page, "!!document.querySelector('#howto')")
        assert title in page.inner_text("#howto-title")
        assert page.locator("#howto .rule-cards .card").count() >= 3
        page.keyboard.press("Escape")
        wait_for(page, "!document.querySelector('#howto')")
    # a house rule changed in the lobby is marked in the rules at the table
    page.click('[data-act="variant:gin"]')
    page.click(".house summary")
    page.fill('[data-opt="knock_limit"]', "7")
    page.dispatch_event('[data-opt="knock_limit"]', "change")
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.click('#top [data-act="howto"]')
    wait_for(page, "!!document.querySelector('#howto')")
    marked = page.inner_text("#howto .house-list li.changed")
    assert "knock limit: 7" in marked and "house rule" in marked
    assert page.offsite == [] and page.errors == []


def test_settings_apply_at_once_and_stay(page):
    open_page(page)
    page.click('[data-act="variant:basic"]')
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")
    width = page.evaluate("document.querySelector('.hand-card').getBoundingClientRect().width")
    page.evaluate("window.ramiSounds = []")
    page.click('#top [data-act="settings"]')
    wait_for(page, "!!document.querySelector('#settings')")
    page.check('[data-field="set:deck"][value="four"]')
    page.check('[data-field="set:size"][value="large"]')
    page.check('[data-field="set:motion"][value="off"]')
    page.check('[data-field="set:sound"]')
    page.check('[data-field="set:left"]')
    page.click('#settings [data-act="close"]')
    fills = page.evaluate("""[...document.querySelectorAll('svg.face')].map(s =>
        [s.classList[1], getComputedStyle(s).fill])""")
    colours = {cls: fill for cls, fill in fills if cls and cls.startswith("suit-")}
    assert colours.get("suit-d", "rgb(31, 95, 191)") == "rgb(31, 95, 191)"
    assert colours.get("suit-c", "rgb(29, 122, 54)") == "rgb(29, 122, 54)"
    assert {"suit-d", "suit-c"} & set(colours)
    wider = page.evaluate("document.querySelector('.hand-card').getBoundingClientRect().width")
    assert wider > width * 1.1
    # the log moved to the left of the felt
    log_x = page.evaluate("document.querySelector('#log').getBoundingClientRect().left")
    felt_x = page.evaluate("document.querySelector('#felt').getBoundingClientRect().left")
    assert log_x < felt_x
    take_turn(page, my_move(page))               # draw
    take_turn(page, my_move(page))               # discard
    my_move(page)
    assert "card" in page.evaluate("window.ramiSounds")          # sound is on, and played
    page.reload()
    wait_for(page, "document.body.dataset.ready === '1'", 120)
    classes = page.evaluate("document.documentElement.className").split()
    assert {"deck-four", "size-large", "motion-off", "left-handed"} <= set(classes)
    stored = json.loads(page.evaluate("localStorage.getItem('rami.prefs')"))
    assert stored["settings"]["sound"] is True
    assert page.offsite == [] and page.errors == []


BASIC = ("basic | 0: 4h 5h 6h Qc 2s 9d Kd 3c | 1: 2c 8c Jh 10s 7d Ks 9s 4d "
         "| table: 1=Qs Qh Qd | discard: 3d | stock: 8s 5s 7c 2d 6d | turn: 0 | phase: draw "
         "| dealer: 1")


def test_undo_takes_back_a_meld_and_a_selection_never_a_draw(page):
    from urllib.parse import quote
    open_page(page, "?deal=" + quote(BASIC))
    s = my_move(page)
    assert "undo" not in s["enabled"]
    click_act(page, "draw")
    s = my_move(page)
    assert page.is_disabled('[data-act="undo"]')               # a draw is final
    for card in ("4h", "5h", "6h"):
        page.click(f'.hand-card[data-card="{card}"]')
    click_act(page, "btn:meld")
    wait_for(page, "document.querySelectorAll('.meld').length === 2")
    assert page.is_enabled('[data-act="undo"]')
    page.keyboard.press("u")
    wait_for(page, "document.querySelectorAll('.meld').length === 1")
    assert {"4h", "5h", "6h"} <= set(state(page)["hand"])
    assert page.locator(".hand-card[aria-pressed=true]").count() == 3   # as before the meld
    page.keyboard.press("Control+z")
    wait_for(page, "document.querySelectorAll('.hand-card[aria-pressed=true]').length === 2")
    page.click('.hand-card[data-card="Kd"]')
    for card in ("4h", "5h"):
        page.click(f'.hand-card[data-card="{card}"]')             # only the K♦ is picked
    click_act(page, "btn:discard")
    wait_for(page, "!document.querySelector('[data-act=\"undo\"]') || "
                   "document.querySelector('[data-act=\"undo\"]').disabled")
    assert page.offsite == [] and page.errors == []


def test_a_new_game_keeps_the_running_match_in_a_second_slot(page):
    open_page(page)
    page.click('[data-act="variant:basic"]')
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")
    take_turn(page, my_move(page))
    my_move(page)
    first = page.evaluate(SAVE)["game"]["seed"]
    click_act(page, "lobby")
    page.click('[data-act="variant:gin"]')
    page.click("#start")
    wait_for(page, "!!document.querySelector('#newgame')")
    assert "Basic Rummy" in page.inner_text("#newgame")
    page.click('[data-act="newgame-keep"]')
    wait_for(page, "!!document.querySelector('#table[data-phase]') && "
                   "document.querySelector('.game-title').textContent.includes('Gin')")
    assert page.evaluate(SAVE)["game"]["seed"] != first
    click_act(page, "lobby")
    saved = page.inner_text(".saved")
    assert "Gin Rummy" in saved and "Basic Rummy" in saved
    page.click('[data-act="resume-kept"]')
    wait_for(page, "document.querySelector('.game-title') && "
                   "document.querySelector('.game-title').textContent.includes('Basic')")
    assert page.evaluate(SAVE)["game"]["seed"] == first
    kept = json.loads(page.evaluate("localStorage.getItem('rami.save.kept')"))
    assert kept["game"]["variant"] == "gin"            # the Gin match took its place
    assert page.offsite == [] and page.errors == []
