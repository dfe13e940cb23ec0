"""Push in Chromium: the push draw, a contract laid in one move (with the reading of its
wild chosen), a rescue by tapping the meld, and whole five-deal matches from the lobby."""

from __future__ import annotations

import urllib.parse

from tests.conftest import deep
from .conftest import wait_for
from .test_table import click_act, my_move, open_page, state

# partnership, deal 2 (a set of three and a run of four): Ada (seat 1) has laid her contract;
# the person pushes the K♦ to Ada and lays a contract whose joker is 3♠ or 7♠
DEAL = ("push | 0: 8h 8d 8c 4s 5s 6s Jk Kc | 1: 9h 9s 3d 5d Ad 10h Kh "
        "| 2: 3c 4c 7d 7h Qd Ks 10s | 3: 5h 6h Jd Jh 4d 9s 6d 10d Ac "
        "| table: 1=Qh Qd Qs; 1=9c 10c Jc Qc | discard: 6c Kd | stock: 2h 9d "
        "| turn: 0 | phase: draw | dealer: 3 | scores: 85 60 | hand: 2")

# after the contract: a joker stands for the 8h in the person's run; he holds the 8h
RESCUE = ("push | 0: 8h 4c Kc Qd | 1: 9h 9s 3d 5d Ad 10h Kh "
          "| 2: 3c 4d 7d 7h Qs Ks 10s | 3: 5h 6h Jd Jh 4h 9s 6d 10d Ac "
          "| table: 0=6h 7h Jk=8h 9h; 0=Kd Kh Ks; 1=5c 6c 7c | discard: 2c | melded: 0 1 "
          "| turn: 0 | phase: play | dealer: 3 | hand: 2")


def select(page, *cards: str):
    for card in cards:
        page.click(f'[data-act="card:{state(page)["hand"].index(card)}"]',
                   position={"x": 5, "y": 14})


def seat_text(page, seat: int) -> str:
    return page.inner_text(f'.seat[data-seat="{seat}"]')


def test_a_push_then_a_contract_whose_wild_the_player_reads(page):
    open_page(page, "?deal=" + urllib.parse.quote(DEAL))
    page.select_option("#pace", "instant")
    s = my_move(page)
    assert s["enabled"] == ["btn:take", "btn:draw", "hint"]
    assert "Push the K♦ to Ada" in page.inner_text("#actions")
    chip = page.inner_text(".contract-chip")
    assert "Deal 2/5" in chip and "a set of three and a run of four" in chip
    assert "ready to lay" in chip
    assert "partner" in page.inner_text('.seat.partner').lower()     # Bruno, opposite
    click_act(page, "draw")                                           # the stock: a push
    s = state(page)
    assert s["phase"] == "play" and "9d" in s["hand"] and "Kd" not in s["hand"]
    assert "+K♦ +1" in seat_text(page, 1)                             # what Ada got
    assert any("pushed K♦ and the top stock card, face down, to Ada" in x for x in s["log"])
    assert not any("2♥" in x or "2h" in x for x in s["log"])          # face down for us
    # the contract: one move; the joker could be the 3♠ or the 7♠, so the player says
    select(page, "8h", "8d", "8c", "4s", "5s", "6s", "Jk")
    click_act(page, "btn:contract")
    wait_for(page, "!!document.querySelector('.readings')", 10, "the readings")
    words = page.inner_text(".readings")
    assert "Run 3♠–6♠: joker as 3♠" in words and "Run 4♠–7♠: joker as 7♠" in words
    page.click('.reading:has-text("joker as 7♠")')
    s = state(page)
    assert s["melds"] == 4 and len(s["hand"]) == 2
    assert "✓ laid" in page.inner_text(".contract-chip")
    assert any("laid the contract" in x for x in s["log"])
    assert page.evaluate("[...document.querySelectorAll('.meld')].some(m => "
                         "m.textContent.includes('run of spades, 4 to 7'))")
    select(page, "Kc")
    click_act(page, "meld:1")                                         # K♣ on 9♣-Q♣
    assert "Kc" not in state(page)["hand"]
    assert page.offsite == [] and page.errors == []


def test_a_rescue_by_tapping_the_meld_and_the_rescued_joker_must_be_used(page):
    open_page(page, "?deal=" + urllib.parse.quote(RESCUE))
    page.select_option("#pace", "instant")
    my_move(page)
    select(page, "8h")
    assert "Rescue the J" in page.inner_text('[data-act="btn:rescue"]')
    click_act(page, "meld:0")                                         # tap its meld
    s = state(page)
    assert "Jk" in s["hand"] and "8h" not in s["hand"]
    assert "Use the rescued" in page.inner_text("#status")
    select(page, "4c")
    assert "btn:discard" not in state(page)["enabled"]
    assert "You must use the rescued joker this turn" in state(page)["why"]
    select(page, "4c")
    select(page, "Jk")
    click_act(page, "meld:1")                                         # on the kings
    s = state(page)
    assert "Jk" not in s["hand"] and "Use the rescued" not in page.inner_text("#status")
    select(page, "4c")
    assert "btn:discard" in state(page)["enabled"]
    assert page.errors == []


def play_match(page, limit: int = 3000, one_deal: bool = False) -> str:
    """The person pushes (or takes, or draws) and discards his right-most card, deal after
    deal, until the match is over (``one_deal``: the first deal); returns the last summary's
    text."""
    for _ in range(limit):
        s = my_move(page, 90)
        if page.query_selector("#again") or (one_deal and page.query_selector("#next")):
            return page.inner_text("#summary")
        if page.query_selector("#next"):
            page.click("#next")
            continue
        push_turn(page, s)
    raise AssertionError("the match did not end")


def push_turn(page, s) -> None:
    """One move of the plain policy: draw (confirming a push), or take the discard, else
    discard the right-most card."""
    enabled = s["enabled"]
    if "btn:draw" in enabled:
        click_act(page, "btn:draw")
        if page.query_selector("#confirm-go"):
            page.click("#confirm-go")
    elif "btn:take" in enabled:
        click_act(page, "btn:take")
    else:
        page.click(f'[data-act="card:{len(s["hand"]) - 1}"]', position={"x": 5, "y": 14})
        click_act(page, "btn:discard")


def start(page, players: int, partnerships: bool = True):
    if page.query_selector("#again"):
        page.click("#again")
    else:
        open_page(page)
    click_act(page, "variant:push")
    page.select_option('[data-field="players"]', str(players))
    if not partnerships:                     # five or six: the lobby turns them off itself
        page.click(".house summary")
        assert not page.is_checked('[data-opt="partnerships"]')
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")


@deep
def test_a_partnership_match_is_played_to_its_end(page):
    start(page, 4)
    final = play_match(page)
    assert "after five deals" in final
    assert page.locator("#summary .scoreboard tbody tr").count() >= 5
    assert page.offsite == [] and page.errors == []


@deep
def test_a_six_player_deal_is_played_to_its_summary(page):
    # six alone: the first deal to its summary (a whole match is the engine's tests' and the
    # soak's; here, the table and the summary of six)
    start(page, 6, partnerships=False)
    assert page.locator(".seat").count() == 5
    summary = play_match(page, one_deal=True)
    assert all(name in summary for name in page.evaluate(
        "[...document.querySelectorAll('.seat .seat-name')].map(e => e.textContent)"))
    assert page.offsite == [] and page.errors == []
