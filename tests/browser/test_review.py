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


def _rum500_at_hand_end() -> str:
    """A three-seat 500 Rum hand played to its end, the person's seat by a Beginner, as the
    page keeps it: the Expert would have taken from deep in the pile (tests/test_review.py)."""
    import json
    from rami.bots import make_bot
    from rami.state import Phase
    from rami.view import PlayerView
    from rami.web.session import Session
    s = Session.new("rum500", ["You", "Ada", "Ben"], {}, {1: "good", 2: "good"}, seed=4)
    g = s.state
    bots = [make_bot("beginner", "rum500", seed=4)] + \
        [make_bot("good", "rum500", seed=4 + k) for k in (1, 2)]
    while g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    s.reconcile()
    return json.dumps(s.to_dict())


def test_a_review_on_a_phone_marks_a_take_and_every_index_reads(browser, site):
    """A 500 Rum hand reviewed on a phone: the Expert's take from deep in the pile is marked
    on the board card by card (a take carries no card: nothing was marked), and held either
    way no text on the board, the cards' faces included, is under 11 px (ranks were 8.8 px
    and the joker's words 5-6 px at 390x844)."""
    from .fit import FACES
    from .test_phones import _context, _turn
    ctx, page = _context(browser, site, (390, 844))
    page.goto(site)
    page.evaluate("(s) => localStorage.setItem('rami.save', s)", _rum500_at_hand_end())
    page.goto(site)
    wait_for(page, "!!document.querySelector('#review-hand')", 90, "the hand's summary")
    page.click("#review-hand")
    wait_for(page, DONE, 240, "the review to end")
    marked = 0
    for k in range(page.locator(".review-item").count()):
        page.click(f'.review-list [data-act="review-at:{k}"]')
        wait_for(page, f"document.querySelector('.review-step').textContent.includes('Decision {k + 1} of')")
        marked = page.locator(".review-pile.spread .card.better").count()
        if marked:
            break
    assert marked > 1, "no take from deep in the pile marked"
    assert page.locator(".review-pile.spread .card.played").count() == 0
    for w, h in ((390, 844), (844, 390), (360, 640)):
        _turn(page, w, h)
        page.evaluate("document.querySelector('.review-board').scrollIntoView({block: 'center'})")
        assert page.evaluate(f"{FACES}('#dialogs', 100).length") > 10     # (it reads them)
        found = page.evaluate(f"{FACES}('#dialogs', 11)")
        assert found == [], f"the review at {w}x{h}: {found}"
    assert page.errors == []
    ctx.close()
