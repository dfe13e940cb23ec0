"""Indian rummy in Chromium: groups arranged by tap and drag, a declaration, the declaration
screen, an invalid declaration's warning, the pool's rejoin offer."""

from __future__ import annotations

import urllib.parse

from tests.conftest import deep

from .conftest import wait_for
from .test_table import click_act, drag, open_page, state

# nines are wild; the person draws the 5h and can then declare, with the 10c to finish
POINTS_DEAL = ("indian | 0: 2h 3h 4h 6s 7s 8s Kc Kd Ks Qc Qd Jk 10c "
               "| 1: Ah 3c 5d 7c 9s Jh Kh 2d 4s 6h 8d 10s Qs "
               "| 2: 2c 4c 6d 8c Jd Js 3d 5s 7h Qh Ac As 10h "
               "| joker: 9d | discard: 4d | stock: 5h | turn: 0 | phase: draw | dealer: 2")
# Ada (seat 1) holds a finished hand and declares on her pick; Bruno shows 9 (A-4 clubs
# and 2s 3d 4s); the person, at 30, shows 80 and goes out of the pool, and may rejoin at 10
POOL_DEAL = ("indian format=pool101 | 0: Kh Qs Jd 10c 8h 6c 5s 3s Ad Jh 10d 4c 2h "
             "| 1: 2h 3h 4h 5h 6s 7s 8s Kc Kd Ks Qc Qd Qh "
             "| 2: 2c 3c 4c 5d 6d 7d 10s Js Qs Ac 2s 3d 4s "
             "| joker: 9d | discard: 4d | stock: 5c 7h | turn: 0 | phase: draw | dealer: 2 "
             "| scores: 30 0 0 | picks: 3 3 3")

GROUPS = """[...document.querySelectorAll('.hand-group:not(.new-group)')].map(g => ({
  label: g.querySelector('.group-label').textContent,
  cards: [...g.querySelectorAll('.hand-card')].map(c => c.dataset.card)}))"""


def groups(page):
    return page.evaluate(GROUPS)


def pos_of(page, card: str) -> int:
    return state(page)["hand"].index(card)


def tap(page, *cards: str):
    for card in cards:
        click_act(page, f"card:{pos_of(page, card)}")


def group_with(page, card: str) -> dict:
    return next(g for g in groups(page) if card in g["cards"])


def test_a_points_deal_played_through_to_the_declaration(page):
    open_page(page, "?deal=" + urllib.parse.quote(POINTS_DEAL))
    page.select_option("#pace", "instant")
    # the wild joker lies beside the closed deck
    assert "every 9 is a joker" in page.inner_text(".pile.wild")
    click_act(page, "draw")
    wait_for(page, "document.querySelectorAll('.hand-card').length === 14")
    # the new card joins the group it extends, at once
    assert group_with(page, "5h") == {"label": "pure sequence",
                                      "cards": ["2h", "3h", "4h", "5h"]}
    # dragged away after the Ks it makes no group there; dragged back, a sequence again
    drag(page, f'[data-act="card:{pos_of(page, "5h")}"]',
         f'[data-act="card:{pos_of(page, "Ks")}"]', dx=20)
    assert "5h" not in group_with(page, "2h")["cards"]
    drag(page, f'[data-act="card:{pos_of(page, "5h")}"]',
         f'[data-act="card:{pos_of(page, "4h")}"]', dx=20)
    assert group_with(page, "5h") == {"label": "pure sequence",
                                      "cards": ["2h", "3h", "4h", "5h"]}
    # tap three kings into a group of their own: labelled a set at once
    tap(page, "Kc", "Kd", "Ks")
    click_act(page, "group")
    kings = group_with(page, "Kd")
    assert kings["label"] == "set" and sorted(kings["cards"]) == ["Kc", "Kd", "Ks"]
    assert group_with(page, "3h")["label"] == "pure sequence"
    # drag the queen of clubs, then the joker, onto the queen of diamonds' group
    drag(page, f'[data-act="card:{pos_of(page, "Qc")}"]',
         f'[data-act="card:{pos_of(page, "Qd")}"]', dx=20)
    drag(page, f'[data-act="card:{pos_of(page, "Jk")}"]',
         f'[data-act="card:{pos_of(page, "Qc")}"]', dx=20)
    queens = group_with(page, "Qd")
    assert sorted(queens["cards"]) == ["Jk", "Qc", "Qd"] and queens["label"] == "set"
    assert group_with(page, "10c")["label"] == "invalid"
    # the 10c goes to the finish slot; the confirmation says the groups are valid
    tap(page, "10c")
    assert "valid declaration" in page.inner_text(".points-now")
    click_act(page, "btn:declare")
    text = page.inner_text("#confirm")
    assert "Your groups are valid" in text
    page.click("#confirm-go")
    # the others show their groups; the declaration screen follows
    wait_for(page, "!!document.querySelector('#summary')", 60, "the declaration screen")
    summary = page.inner_text("#summary")
    assert "Player declares" in summary and "Play again" in summary
    hands = page.evaluate("""[...document.querySelectorAll('.sum-hand')].map(h => ({
        who: h.querySelector('.sum-who').textContent,
        labels: [...h.querySelectorAll('.group-label')].map(l => l.textContent)}))""")
    assert len(hands) == 3
    assert "declared" in hands[0]["who"] and hands[0]["labels"].count("pure sequence") == 2
    assert hands[0]["labels"].count("set") == 2 and "finish slot" in hands[0]["labels"]
    for other in hands[1:]:
        assert "showed" in other["who"] and other["labels"]
    assert "Scoreboard" in summary and "Deal" in summary


def test_an_invalid_declaration_is_warned_about_and_a_drop_is_confirmed(page):
    open_page(page, "?deal=" + urllib.parse.quote(POINTS_DEAL))
    click_act(page, "btn:drop")
    assert "middle drop costs 40 points" in page.inner_text("#confirm")
    click_act(page, "close")                       # cancel: nothing happened
    assert state(page)["phase"] == "draw" and not page.query_selector("#confirm")
    click_act(page, "draw")
    wait_for(page, "document.querySelectorAll('.hand-card').length === 14")
    tap(page, "Kd")                                # a king to finish: the kings are broken
    click_act(page, "btn:declare")
    text = page.inner_text("#confirm")
    assert "not a valid declaration" in text and "costs 80 points" in text
    click_act(page, "close")
    assert state(page)["phase"] == "play"


def test_a_pool_deal_with_elimination_and_a_rejoin_offer(page):
    open_page(page, "?deal=" + urllib.parse.quote(POOL_DEAL))
    page.select_option("#pace", "instant")
    click_act(page, "draw")
    wait_for(page, "document.querySelectorAll('.hand-card').length === 14")
    tap(page, "5c")
    click_act(page, "btn:discard")
    # Ada declares; Bruno shows; the person is asked to show
    wait_for(page, "!!document.querySelector('[data-act=\"btn:show\"]')", 60, "the show")
    assert "ada declared" in page.inner_text("#melds").lower()
    assert "80 points" in page.inner_text('[data-act="btn:show"]')
    click_act(page, "btn:show")
    wait_for(page, "!!document.querySelector('#summary')", 60, "the declaration screen")
    summary = page.inner_text("#summary")
    assert "Player reaches 101 and is eliminated" in summary
    assert "you may rejoin at 10 points" in summary
    page.click("#rejoin")
    wait_for(page, "!!document.querySelector('#next')", 30, "the next deal button")
    board = page.inner_text(".scoreboard")
    assert "Player rejoins at 10" in board and "pool 101" in board
    page.click("#next")
    wait_for(page, "document.querySelectorAll('.hand-card').length >= 13", 60, "the new deal")


def play_by_dropping(page, limit: int = 200) -> str:
    """The person drops every deal (confirming), shows when asked, and goes on to the next
    deal, until the match is over; returns the final screen's text."""
    for _ in range(limit):
        wait_for(page, "(() => { const a = document.querySelector('#actions');"
                       " return !!document.querySelector('#summary') ||"
                       " (a && a.querySelectorAll('button').length > 0) })()", 60,
                 "the person's move")
        if page.query_selector("#again"):
            return page.inner_text("#summary")
        for sel in ("#decline", "#next", '[data-act="btn:show"]'):
            if page.query_selector(sel):
                page.click(sel)
                break
        else:
            if page.query_selector('[data-act="btn:drop"]:not([disabled])'):
                click_act(page, "btn:drop")
                page.click("#confirm-go")
            else:                                      # picked already: let a card go
                hand = state(page)["hand"]
                click_act(page, f"card:{len(hand) - 1}")
                click_act(page, "btn:discard")
    raise AssertionError("the match did not end")


def start_indian(page, players: int, **options):
    if page.query_selector("#again"):
        page.click("#again")                           # from the last match's end
    else:
        open_page(page)
    click_act(page, "variant:indian")
    page.select_option('[data-field="players"]', str(players))
    page.click(".house summary")
    for name, value in options.items():
        page.select_option(f'[data-opt="{name}"]', str(value))
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")


@deep
def test_a_deals_match_and_a_pool_are_played_to_their_end(page):
    start_indian(page, 2, format="deals", deals=2)
    final = play_by_dropping(page)
    assert "after 2 deals" in final and "Deal" in final
    start_indian(page, 2, format="pool61")
    final = play_by_dropping(page)
    assert "wins the pool" in final and "pool 61" in final
