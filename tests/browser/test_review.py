"""The review of a hand in the page: asked from the hand's summary, worked out in the bots'
worker with a progress bar, stepped through; the deal played again; the Expert watched."""

from __future__ import annotations

from .conftest import wait_for
from .test_table import my_move, play_hand, start, state

DONE = ("(() => { const r = document.querySelector('#review');"
        " return r && !r.querySelector('.progress-track') && !!r.querySelector('.review-expert, .review-error') })()")


def test_a_hand_is_reviewed_stepped_through_and_dealt_again(page):
    start(page, "gin")
    first = sorted(my_move(page)["hand"])
    play_hand(page)
    page.click("#review-hand")
    # the progress shows while the worker grades the decisions, the table behind it
    wait_for(page, "!!document.querySelector('#review')", 60, "the review to open")
    wait_for(page, DONE, 120, "the review to end")
    text = page.inner_text("#review")
    assert "review-error" not in page.content(), text
    items = page.locator(".review-item")
    n = items.count()
    assert n >= 3, text
    assert "decisions best or good" in text and "points lost" in text
    assert "The Expert in your seat" in text
    assert "{" not in text and ("You drew" in text or "You took" in text), text   # in words
    grades = page.eval_on_selector_all(".review-item .grade-chip", "els => els.map(e => e.textContent)")
    assert all(g.split(" ")[0] in ("best", "good", "inaccuracy", "mistake", "blunder")
               for g in grades), grades
    # step through: the first decision, then the next; each shows the cards held then
    items.nth(0).click()
    wait_for(page, "document.querySelector('.review-step') && "
                   "document.querySelector('.review-step').textContent.includes('Decision 1 of')")
    held = page.locator(".review-board .review-hand .card").count()
    assert held in (10, 11), held
    page.click('.review-nav [data-act="review-at:1"]')
    wait_for(page, "document.querySelector('.review-step').textContent.includes('Decision 2 of')")
    assert page.locator('.review-item[aria-current]').count() == 1
    # the same deal again: the same cards, the same opponent; then back to the match
    page.click('[data-act="replay-deal"]')
    s = my_move(page)
    assert sorted(s["hand"]) == first and not s["summary"], (s["hand"], first)
    assert page.locator('[data-act="back-to-match"]').count() == 0
    end = play_hand(page)
    assert end["summary"]
    assert page.locator('#summary [data-act="back-to-match"]').count() == 1
    page.click('#summary [data-act="back-to-match"]')
    wait_for(page, "!!document.querySelector('#summary #review-hand')", 30, "the match's summary")
    assert state(page)["phase"] in ("hand_over", "match_over")
    assert page.offsite == [] and page.errors == []


def test_the_expert_is_watched_in_the_seat_and_the_figure_kept(page):
    start(page, "basic")
    play_hand(page)
    page.click("#review-hand")
    wait_for(page, DONE, 180, "the review to end")
    assert page.locator(".review-error").count() == 0
    page.click('[data-act="watch-expert"]')
    # the person's seat is played for them: no move of theirs is asked, the hand ends
    end = wait_for(page, "document.querySelector('#summary [data-act=\"back-to-match\"]')",
                   180, "the Expert's hand to end")
    assert end and page.locator("#summary #review-hand").count() == 0
    page.click('#summary [data-act="back-to-match"]')
    wait_for(page, "!!document.querySelector('#summary #review-hand')", 30, "the match")
    # the reviewed hand's figure is in the statistics, with its trend
    page.evaluate("document.querySelector('[data-act=\"lobby\"]').click()")
    page.click('[data-act="stats"]')
    wait_for(page, "!!document.querySelector('#stats .review-trends li')", 30, "the trend")
    text = page.inner_text("#stats")
    assert "Your decisions" in text and "best or good" in text and "(1 hand reviewed)" in text
    assert page.locator("#stats svg.trend polyline").count() == 1
    # ... and the match's hands, each to review again from there
    assert "This match’s hands" in text and "Hand 1" in text
    page.click('#stats [data-act="review-hand:1"]')
    wait_for(page, DONE, 60, "the review of hand 1 from the statistics")
    assert page.locator("#review .review-item").count() >= 1
    # a new match replaces this one: its hands stay, to review and to play again
    page.click('#review [data-act="close"]')
    page.click('[data-act="variant:gin"]')
    page.click("#start")
    wait_for(page, "!!document.querySelector('#newgame')")
    page.click('[data-act="newgame-replace"]')
    wait_for(page, "document.querySelector('.game-title') && "
                   "document.querySelector('.game-title').textContent.includes('Gin')")
    page.evaluate("document.querySelector('[data-act=\"lobby\"]').click()")
    page.click('[data-act="stats"]')
    wait_for(page, "!!document.querySelector('#stats .earlier-matches')", 30, "earlier matches")
    text = page.inner_text("#stats .earlier-matches")
    assert "Basic Rummy" in text and "Hand 1" in text, text
    assert "This match’s hands" not in page.inner_text("#stats")    # (the Gin match has none)
    page.click('#stats .earlier-matches [data-act^="review-earlier:"]')
    wait_for(page, DONE, 60, "the review of the earlier match's hand")
    assert page.locator("#review .review-item").count() >= 1
    page.click('#review [data-act="replay-deal"]')
    wait_for(page, "document.querySelector('.game-title') && "
                   "document.querySelector('.game-title').textContent.includes('Basic')")
    assert not my_move(page)["summary"]
    play_hand(page)
    page.click('#summary [data-act="back-to-match"]')
    wait_for(page, "document.querySelector('.game-title') && "
                   "document.querySelector('.game-title').textContent.includes('Gin')",
             30, "back at the Gin match")
    assert page.offsite == [] and page.errors == []


def test_without_the_worker_the_review_is_worked_out_on_the_page(page):
    """``?bots=page``: no worker; the review is worked out on the page's thread in slices,
    the table still drawing between them."""
    page.site = page.site + "?bots=page"
    start(page, "gin")
    play_hand(page)
    page.click("#review-hand")
    wait_for(page, "!!document.querySelector('#review .progress-track')", 60, "the progress")
    wait_for(page, DONE, 180, "the review to end")
    assert page.locator(".review-error").count() == 0
    assert page.locator(".review-item").count() >= 3
    assert "The Expert in your seat" in page.inner_text("#review")
    assert page.offsite == [] and page.errors == []
