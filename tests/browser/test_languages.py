"""rami in its players' languages, in Chromium: the page's language from the address, the
menu (kept across a reload) and Settings; a hand of every game played through clicks in a
language with no English left on the screen (the screen's text scanned for the English of
every message the catalogue translates); the table's layout checks in German and Hindi, the
longest; Hindi drawn in the font rami ships (no system font draws Devanagari here).

``make test`` plays six hands, every game once and every language at least once; ``make
soak`` plays every game in every language, a tile Rami match and an Indian rummy match to
their ends. (Every screen of every game in every language is also drawn, without a browser,
by tests/test_i18n.py.)"""

from __future__ import annotations

import urllib.parse

import pytest

from rami import i18n
from tests.conftest import DEEP, soak_only
from tests.positions import mid_hand
from tests.test_i18n import _english_of

from .conftest import devanagari_fonts, settled, wait_for
from .test_access import CROWDS, LAYOUT, SIZES
from .test_presentation import MELDS_IN_SIGHT, SEATS, TOP_BAR
from .test_table import click_act, my_move, state

GAMES = ["basic", "gin", "indian", "rum500", "push", "tiles"]
OTHERS = [c for c in i18n.LANGUAGES if c != "en"]
# make test: Indian rummy in Hindi, and Push in German, the longest; make soak: every game in
# every language (every screen of every game is drawn in every language, with no English
# left, under CPython: tests/test_words.py, tests/test_i18n.py)
QUICK = [("hi", "indian"), ("de", "push")]
PLAYED = [(lang, game) for lang in OTHERS for game in GAMES] if DEEP else QUICK

# what a person reads or hears of the page: its text, the names read aloud, the
# screen-reader-only words
SAID = """(() => {
  const read = [...document.querySelectorAll('[aria-label],[title],[alt]')]
    .filter(e => e.getClientRects().length)
    .map(e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('alt')]
         .filter(Boolean).join(' \\n '));
  const sr = [...document.querySelectorAll('.sr-only')].map(e => e.textContent);
  return [document.body.innerText, document.title, ...read, ...sr].join('\\n');
})()"""

_ENGLISH: dict[str, tuple[set, set]] = {}


def english_left(page, lang: str) -> list[str]:
    """The English phrases of the catalogue still on the screen (a message of one word: as a
    line of its own)."""
    if lang not in _ENGLISH:
        _ENGLISH[lang] = _english_of(lang)
    phrases, words = _ENGLISH[lang]
    text = page.evaluate(SAID)
    lines = {line.strip() for line in text.split("\n")}
    return sorted({p for p in phrases if p in text} | (words & lines))


def open_lobby(page, lang: str, query: str = ""):
    page.goto(page.site + f"?lang={lang}{query}")
    wait_for(page, "document.body.dataset.ready === '1' && !!document.querySelector('#lobby')",
             120, "the lobby")


def play(page, lang: str, game: str, to_the_end: bool = False) -> list[str]:
    """A hand (``to_the_end``: the match) of ``game`` through clicks: the person passes, draws
    and throws the right-most card (Indian rummy: drops); the screen is scanned for English
    at the deal, every few moves, and at each summary. Returns what was found."""
    open_lobby(page, lang)
    left = english_left(page, lang)
    click_act(page, f"variant:{game}")
    if game == "tiles" and not to_the_end:
        page.click(".house summary")
        page.fill('[data-opt="games"]', "1")
        page.press('[data-opt="games"]', "Tab")
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")
    for turn in range(3000):
        s = my_move(page, 90)
        if turn % 6 == 0 or s["summary"]:
            left += [f"{game}: {x}" for x in english_left(page, lang)]
        if page.query_selector("#again") or (s["summary"] and not to_the_end):
            return left
        for sel in ("#next", "#decline", '[data-act="btn:show"]'):
            if page.query_selector(sel):
                page.click(sel)
                break
        else:
            move(page, game, s, lambda: left.extend(
                f"{game} (asked): {x}" for x in english_left(page, lang)))
    raise AssertionError(f"{game} in {lang} did not end")


def move(page, game: str, s: dict, scan) -> None:
    """One move of the person's; a question asked first (a drop, ending the deal) is scanned
    with ``scan`` and answered yes."""
    def confirmed():
        if page.query_selector("#confirm-go"):
            scan()
            page.click("#confirm-go")

    enabled = s["enabled"]
    if game == "indian" and "btn:drop" in enabled:
        click_act(page, "btn:drop")
        return confirmed()
    for act in ("btn:pass", "btn:turnover", "btn:done"):
        if act in enabled:
            click_act(page, act)
            return confirmed()
    if "btn:draw" in enabled:
        click_act(page, "btn:draw")
        return confirmed()
    if "btn:take" in enabled:                  # Push: nothing else to do but take
        click_act(page, "btn:take")
        return
    hand = state(page)["hand"]
    page.click(f'[data-act="card:{len(hand) - 1}"]', position={"x": 5, "y": 14})
    for act in ("btn:discard", "btn:knock"):
        if page.query_selector(f'[data-act="{act}"]:not([disabled])'):
            click_act(page, act)
            return
    raise AssertionError(f"no move in {game}: {state(page)}")


@pytest.mark.parametrize("lang, game", PLAYED)
def test_a_hand_through_clicks_with_no_english_left(page, lang, game):
    left = play(page, lang, game)
    assert page.evaluate("document.documentElement.lang") == lang
    assert left == []
    assert page.offsite == [] and page.errors == []


@pytest.mark.skipif(not DEEP, reason="a deep run: make soak plays it")
@pytest.mark.parametrize("lang, game", [("ro", "tiles"), ("hi", "indian")])
def test_a_whole_match_in_its_players_language(page, lang, game):
    """The issue's promise: a Romanian player plays tile Rami, an Indian player Indian rummy,
    from the first screen to the match's end without a word of English."""
    assert play(page, lang, game, to_the_end=True) == []
    assert page.query_selector("#again") and page.errors == []


def test_the_address_the_menu_and_settings_choose_the_language(page):
    open_lobby(page, "ro")
    assert page.evaluate("document.documentElement.lang") == "ro"
    assert page.inner_text("#start") in ("Împarte cărțile", "Împarte piesele")
    assert english_left(page, "ro") == []
    # the menu: each language named in itself; a choice redraws the page and is kept
    names = page.eval_on_selector_all('#lobby [data-field="lang"] option', "os => os.map(o => o.text)")
    assert {"Română", "हिन्दी", "Deutsch", "Français", "Español", "English"} <= set(names)
    page.select_option('#lobby [data-field="lang"]', "de")
    wait_for(page, "document.documentElement.lang === 'de'", 30, "German")
    wait_for(page, "['Karten geben', 'Steine geben'].includes("
                   "document.querySelector('#start').innerText)", 30, "the lobby in German")
    assert "lang=" not in page.url                   # (a reload keeps the menu's choice)
    page.reload()
    wait_for(page, "document.body.dataset.ready === '1' && !!document.querySelector('#lobby')",
             120, "the lobby again")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert english_left(page, "de") == []
    # Settings has the menu too
    page.click('[data-act="settings"]')
    wait_for(page, "!!document.querySelector('[data-field=\"set:lang\"]')", 30, "Settings")
    assert page.input_value('[data-field="set:lang"]') == "de"
    assert english_left(page, "de") == []
    assert page.errors == [] and page.offsite == []


def open_table(page, lang: str, deal: str) -> None:
    page.goto(page.site + f"?lang={lang}&deal=" + urllib.parse.quote(deal))
    wait_for(page, "document.body.dataset.ready === '1' && !!document.querySelector('#table')",
             120, "the table")
    assert page.evaluate("document.documentElement.lang") == lang


@pytest.mark.parametrize("lang", [soak_only("de"), "hi"])
def test_the_tables_fit_in_the_longest_languages(page, lang):
    """In German and Hindi, whose words are the longest (make test runs the layouts in Hindi;
    German's and English's, test_access's, in make soak): the layout checks of the crowded tables
    of 2 to 8 seats (nothing off the screen or covered, nothing overlapping,
    every tap target big enough) and the top bar's, at every size; and test_presentation's
    of each game's table (on a laptop every meld in sight without scrolling)."""
    for seats in sorted(CROWDS):
        if seats < 6 and not DEEP:      # (make test: the 6- and 8-seat tables, the fullest)
            continue
        open_table(page, lang, CROWDS[seats]())
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            settled(page)
            problems = page.evaluate(LAYOUT)
            assert not problems, f"{lang}, {seats} seats at {w}x{h}: {problems}"
            bar = page.evaluate(TOP_BAR)
            assert bar["overlap"] == 0 and bar["inside"], f"{lang} at {w}x{h}: the top bar {bar}"
            if seats == 8 and w > 700:
                assert page.locator("#melds .meld").count() >= 6
    for game, seats in SEATS.items():
        open_table(page, lang, mid_hand(game, seats))
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            settled(page)
            bar = page.evaluate(TOP_BAR)
            assert bar["overlap"] == 0 and bar["inside"], f"{lang}, {game} at {w}x{h}: {bar}"
            if w > 700:
                melds = page.evaluate(MELDS_IN_SIGHT)
                assert not melds["clipped"] and not melds["scrolls"], \
                    f"{lang}, {game} at {w}x{h}: melds {melds}"
    assert page.errors == []


def test_hindi_is_drawn_in_the_font_rami_ships(page):
    """No font of this machine draws Devanagari: every Hindi word of the lobby, of Settings
    (its menus too) and of a table must be drawn in the shipped one (the page loads it
    first; every font stack names it first, docs/languages.md)."""
    open_lobby(page, "hi")
    drawn_in_noto(page)
    page.click('[data-act="settings"]')
    wait_for(page, "!!document.querySelector('[data-field=\"set:lang\"]')", 30, "Settings")
    drawn_in_noto(page)
    open_table(page, "hi", mid_hand("indian", 4))
    drawn_in_noto(page)
    # every dialog of the table: the keyboard help (its keys in a monospaced face, which
    # drew Devanagari as boxes), the rules, the scores, the settings; then the statistics
    for act in ("help", "howto", "scores", "settings"):
        page.click(f'[data-act="{act}"]')
        wait_for(page, "!!document.querySelector('[data-act=\"close\"]')", 30, act)
        page.wait_for_timeout(300)
        drawn_in_noto(page, f"the {act} dialog")
        page.click('[data-act="close"] >> nth=0')
    open_lobby(page, "hi")
    page.click('[data-act="stats"]')
    page.wait_for_timeout(500)
    drawn_in_noto(page, "the statistics")
    assert page.errors == []


def drawn_in_noto(page, where: str = "") -> None:
    checked, wrong = devanagari_fonts(page)
    assert checked > 10 and wrong == [], f"{where}: {wrong[:5]}"
