"""Tile Rami in Chromium: the initial meld laid by clicks, a tile of the row taken with the
two rack tiles it combines with, a Joly swap by tapping its combination, and a match from
the lobby to its end."""

from __future__ import annotations

import urllib.parse

from tests.conftest import DEEP, deep
from .conftest import wait_for
from .test_push import play_match, select
from .test_table import click_act, my_move, open_page, state

OPEN = ("tiles | 0: r10 r11 r12 y9 b9 k9 k5 k6 k7 b2 joly y3 r1 y13 y7 | 1: b1 y4 y9 k12 r3 y1 r4 "
        "r6 k1 k2 b4 b5 b7 y8 | 2: k3 k4 y13 b6 r7 r8 r9 y10 y11 b11 b12 k10 y2 "
        "| table: 2=b8 b9 joly=b10 | crosswise: k13 | exposed: y12 | dealer: 1 | phase: play "
        "| discard: r2 y5 k8 b13 y6")
ROW = ("tiles | 0: y5 y6 r10 b2 r7 b5 k5 k11 | 1: b1 y4 y9 k12 r3 y1 r4 | 2: k3 k4 y13 b6 r9 b12 "
       "| table: 2=r5 r6 joly=r7 r8; 1=y10 b10 k10; 0=k1 k2 k3 k4 | melded: 0 | crosswise: k13 "
       "| exposed: y12 | dealer: 1 | phase: draw | discard: k2 y7 r1 k8 b13 y6 r11")


def test_the_initial_meld_by_clicks_with_its_worth_explained(page):
    open_page(page, "?deal=" + urllib.parse.quote(OPEN))
    page.select_option("#pace", "instant")
    my_move(page)
    assert "ready: 80 points" in page.inner_text(".contract-chip")
    assert "12" in page.inner_text(".pile.exposed") and page.query_selector(".crosswise")
    select(page, "r10", "r11", "r12", "y9", "b9", "k9")
    s = state(page)
    assert "btn:open" not in s["enabled"]
    assert "worth 45 points: it must reach 50" in s["why"]
    select(page, "k5", "k6", "k7")
    click_act(page, "btn:open")
    s = state(page)
    assert s["melds"] == 4 and len(s["hand"]) == 6 and "✓ opened" in page.inner_text(".contract-chip")
    assert any("made the initial meld" in x for x in s["log"])
    select(page, "b2")
    click_act(page, "btn:discard")
    wait_for(page, "[...document.querySelectorAll('#log li')].some(li => "
                   "li.textContent.includes('You discarded'))", 30, "the discard")
    assert page.errors == [] and page.offsite == []


def test_a_row_pickup_and_a_joly_swap_by_clicks(page):
    open_page(page, "?deal=" + urllib.parse.quote(ROW))
    page.select_option("#pace", "instant")
    my_move(page)
    assert page.locator(".row-tile.can").count() >= 2          # y7 (with y5 y6) and r11
    page.click('[data-act="row:1"]')                           # nothing selected: say which
    assert "Select the two tiles" in page.inner_text("#message") or \
        len(state(page)["hand"]) == 11
    if len(state(page)["hand"]) == 8:
        select(page, "y5", "y6")
        page.click('[data-act="row:1"]')
    s = state(page)
    assert len(s["hand"]) == 11 and s["melds"] == 4 and s["phase"] == "play"
    assert {"r1", "k8", "b13", "y6", "r11"} <= set(s["hand"])
    select(page, "r7", "b5", "k5")
    page.click('[data-act="meld:0"]')                          # take Bruno's Joly
    s = state(page)
    assert s["melds"] == 5 and "r7" not in s["hand"]
    assert any("laid its Joly again" in x for x in s["log"])
    assert page.errors == []


@deep
def test_a_match_from_the_lobby_to_its_end(page):
    open_page(page)
    click_act(page, "variant:tiles")
    assert "106 tiles" in page.inner_text("#lobby") or "tile" in page.inner_text("body").lower()
    page.select_option('[data-field="players"]', "3")
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")
    final = play_match(page)
    assert "wins the match" in final or "share the match" in final
    assert page.locator("#summary .scoreboard tbody tr").count() >= 4
    assert page.offsite == [] and page.errors == []


@deep
def test_two_and_four_player_games_from_the_lobby_to_their_end(page):
    # (the two-player game in make soak: the two-player table is played by clicks in the
    # tests above, and a game's end in the shared game's test)
    for players in (2, 4) if DEEP else (4,):
        if page.query_selector("#again"):
            page.click("#again")
        else:
            open_page(page)
        click_act(page, "variant:tiles")
        page.select_option('[data-field="players"]', str(players))
        page.click(".house summary")
        page.fill('[data-opt="games"]', "1")
        page.press('[data-opt="games"]', "Tab")
        page.click("#start")
        wait_for(page, "!!document.querySelector('#table')")
        page.select_option("#pace", "instant")
        assert page.locator(".seat").count() == players - 1
        final = play_match(page)
        assert "after 1 game" in final
    assert page.offsite == [] and page.errors == []


OUT = ("tiles | 0: r1 r2 r3 y7 | 1: b1 y4 y9 k12 r3 y1 r4 | 2: k3 k4 y13 b6 r9 b12 "
       "| table: 2=r5 r6 joly=r7 r8; 1=y10 b10 k10; 0=k1 k2 k3 k4 | melded: 0 1 2 "
       "| crosswise: k13 | exposed: y12 | dealer: 1 | phase: play | turn: 0 "
       "| discard: k2 y7 r1 k8 b13 y6 r11")


def test_share_this_game_gives_a_board_that_replays_it_to_its_score(page, tmp_path):
    """At a tile game's end, Share this game: its link opens rami's page for shared hands,
    whose board steps through the same game to the same score; the match downloads as a file
    that replays it."""
    from rami.record import read_match
    open_page(page, "?deal=" + urllib.parse.quote(OUT))
    page.select_option("#pace", "instant")
    my_move(page)
    select(page, "r1", "r2", "r3")
    click_act(page, "btn:meld")
    select(page, "y7")
    click_act(page, "btn:discard")
    wait_for(page, "!!document.querySelector('#summary')", 30, "the game's end")
    headline = page.inner_text("#sum-title")
    page.click("#share")
    wait_for(page, "!!document.querySelector('#share-panel')", 10, "the share panel")
    assert "Share this game" in page.inner_text("#share-title")        # (tile Rami's word)
    link = page.input_value("#share-link")
    assert "learn/hand.html#deal=" in link and page.input_value("#share-html").startswith(
        "<script src=")
    with page.expect_download() as got:
        page.click("#download-match")
    path = tmp_path / "match.rami.txt"
    got.value.save_as(path)
    assert got.value.suggested_filename.endswith(".rami.txt")
    assert read_match(path.read_text(encoding="utf-8")).results[-1]["headline"] == headline
    other = page.context.new_page()
    other.goto(link)
    wait_for(other, "(() => { const b = document.querySelector('rami-board'); return b && "
                    "b.shadowRoot && b.shadowRoot.querySelector('.rb [data-act]') })()", 90,
             "the shared board")
    assert "as Player played it" in other.inner_text("h1")
    other.evaluate("document.querySelector('rami-board').shadowRoot"
                   ".querySelector('[data-act=\"step:last\"]').click()")
    said = "(document.querySelector('rami-board').shadowRoot.querySelector('.rb') || {})" \
           ".innerText || ''"
    wait_for(other, f"({said}).includes({headline!r})", 30, "the same score, at the end")
    other.close()
    assert page.errors == [] and page.offsite == []
