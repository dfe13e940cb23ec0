"""500 Rum in Chromium: the spread pile, a deep pick and its duty, rum calls, whole matches."""

from __future__ import annotations

import urllib.parse

from tests.conftest import deep
from .conftest import wait_for
from .test_table import click_act, my_move, open_page, state

# four players in partnership; the 9h lies fourth from the bottom of an 11-card pile
DEAL = ("rum500 partnership=on | 0: 7h 8h Kc Kd 3s 2c Qd | 1: 2d 3d 5h 6c 9s Jd Qh "
        "| 2: 5s 6s 7c 8c Jh Qc Ac | 3: 5d 6h 7d 8s 10d 10h As "
        "| table: 1=10s Js Qs Ks@0; 2=4d 4c 4h; 3=Ah 2h 3h "
        "| discard: 5c 9d Jc 9h 4s 6d Kh 2s 10c 8d 3c | turn: 0 | phase: draw | dealer: 3 "
        "| melded: 0 1 2 3 | scores: 120 85 | hand: 3")

PILE = """[...document.querySelectorAll('.spread .pc')].map(b => b.className)"""


def tap(page, act: str):
    """Click the visible left edge of an overlapped card (pile or crowded hand)."""
    page.click(f'[data-act="{act}"]', position={"x": 5, "y": 14})


def select(page, *cards: str):
    for card in cards:
        tap(page, f"card:{state(page)['hand'].index(card)}")


def test_a_deep_card_is_picked_taken_with_the_cards_above_and_melded(page):
    open_page(page, "?deal=" + urllib.parse.quote(DEAL))
    pile = page.evaluate(PILE)
    assert len(pile) == 11 and all("can" not in c for c in pile[:3]) and "can" in pile[3]
    # a card that cannot be melded says why, and nothing is picked
    tap(page, "pile:0")
    assert "only if you use it at once" in state(page)["message"]
    # the first tap picks the 9h: it and the seven cards above it are lifted
    tap(page, "pile:3")
    pile = page.evaluate(PILE)
    assert "picked" in pile[3] and all("along" in c for c in pile[4:])
    assert not any("along" in c or "picked" in c for c in pile[:3])
    assert "Take the 9♥ and the 7 cards above it?" in page.inner_text("#status")
    click_act(page, "btn:take")
    s = state(page)
    assert len(s["hand"]) == 15 and s["phase"] == "play"
    assert page.evaluate("document.querySelectorAll('.spread .pc').length") == 3
    assert "Now meld the 9♥ you took" in page.inner_text("#status")
    assert page.evaluate("document.querySelector('.hand-card.duty').dataset.card") == "9h"
    assert page.evaluate("document.querySelectorAll('.hand-card.came, .hand-card.fresh')"
                         ".length") == 8
    # the duty comes first: the kings are not a meld yet, and no card may be discarded
    select(page, "2c")
    assert "First use the 9♥ you took" in state(page)["why"]      # cards written as cards
    assert "btn:discard" not in state(page)["enabled"]
    select(page, "2c")                                         # unselect
    select(page, "7h", "8h", "9h")
    click_act(page, "btn:meld")
    s = state(page)
    assert s["melds"] == 4 and "9h" not in s["hand"]
    assert any("took 9♥ from the discard pile (and the 7 cards above it)" in x
               for x in s["log"])
    # then the rest as the person likes: the kings, a lay-off on Bruno's fours
    select(page, "Kc", "Kd", "Kh")
    click_act(page, "btn:meld")
    select(page, "4s")
    click_act(page, "meld:1")
    badge = page.evaluate("document.querySelector('[data-meld=\"1\"] .by').textContent")
    assert badge == "P"
    assert "table 60" in page.inner_text(".me-head")     # with the Ks laid before (10)
    select(page, "2c")
    click_act(page, "btn:discard")
    wait_for(page, "+document.querySelector('#table').dataset.turn !== 0 || "
                   "!!document.querySelector('#summary')")


def test_rum_is_offered_and_claimed(page):
    deal = ("rum500 rum_call=on | 0: 2c 3d 5h 9c Jd 4s 6d | 1: 3s 4c 5d 7c 8d Qc "
            "| 2: 2h 3h 5s 9d Jh 8c 6c | table: 1=10s Js Qs; 0=7h 8h 9h | discard: 4d Ks | rum: 2 "
            "| dealer: 0 | melded: 0 1")
    open_page(page, "?deal=" + urllib.parse.quote(deal))
    assert state(page)["phase"] == "rum" and "btn:rum" in state(page)["enabled"]
    status = page.inner_text("#status")
    assert "Call rum" in status and "fits a meld" in status
    click_act(page, "btn:rum")
    wait_for(page, "[...document.querySelectorAll('#log-list li')].some("
                   "l => l.textContent.includes('You called rum'))")
    assert page.evaluate("document.querySelector('[data-meld=\"0\"] .by').textContent") == "P"


def play_match(page, limit: int = 2000) -> str:
    """The person draws and discards (letting rum go, ending an empty-stock hand when asked),
    and deals on, until the match is over; returns the final screen's text."""
    for _ in range(limit):
        s = my_move(page, 90)
        if page.query_selector("#again"):
            return page.inner_text("#summary")
        if page.query_selector("#next"):
            page.click("#next")
            continue
        enabled = s["enabled"]
        if "btn:draw" in enabled:
            click_act(page, "draw")
        elif "btn:pass" in enabled:
            click_act(page, "btn:pass")
            if page.query_selector("#confirm-go"):
                page.click("#confirm-go")
        else:
            tap(page, f"card:{len(s['hand']) - 1}")
            click_act(page, "btn:discard")
    raise AssertionError("the match did not end")


def start(page, players: int, **options):
    if page.query_selector("#again"):
        page.click("#again")
    else:
        open_page(page)
    click_act(page, "variant:rum500")
    page.select_option('[data-field="players"]', str(players))
    if options:
        page.click(".house summary")
        for name, value in options.items():
            if value is True:
                page.check(f'[data-opt="{name}"]')
            else:
                page.select_option(f'[data-opt="{name}"]', str(value))
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")


@deep
def test_a_four_player_match_is_played_to_the_rule_book_s_target(page):
    start(page, 4)
    final = play_match(page)
    assert "wins the match" in final and "reaching 500" in final
    assert page.offsite == [] and page.errors == []


@deep
def test_a_partnership_match_is_played_to_its_target(page):
    # (shorter than the rule book's 500: the same screens, in a suite that must stay quick)
    start(page, 4, partnership=True, target=100)
    assert "partner" in page.inner_text(".seat.partner").lower()
    final = play_match(page)
    assert " win the match" in final and "reaching 100" in final


def test_a_long_pile_on_a_phone_opens_large_to_pick_from(browser, site):
    """On a phone a pile of eleven cards and more is drawn too close to tap one by one (19
    and 16 px of each): the pile is one button that opens it large, and a card tapped there
    is picked (the 9h and every card above it), then taken; the table fits meanwhile."""
    from .fit import problems
    from .test_phones import _context, _open
    ctx, page = _context(browser, site, (360, 640))
    _open(page, DEAL)
    assert problems(page) == []
    assert page.evaluate("getComputedStyle(document.querySelector('.spread .pc')).pointerEvents") \
        == "none"
    page.tap(".pile.spread > .pile-open")
    wait_for(page, "!!document.querySelector('#dialogs .pile-large')", 10, "the pile large")
    page.tap('#dialogs .pile-large [data-act="pile:3"]')
    wait_for(page, "document.querySelectorAll('#dialogs .pile-large .pc.picked').length === 1", 10,
             "the pick")
    page.tap('#dialogs .pile-large [data-act="pile:3"]')
    wait_for(page, "document.querySelector('#table').dataset.phase === 'play'", 10, "the take")
    assert "9h" in state(page)["hand"]
    assert page.errors == []
    ctx.close()
