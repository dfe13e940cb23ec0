"""The board editor (learn/editor.html) in Chromium: an impossible position refused with its
reason; a Gin puzzle and an Indian replay built by clicks (and a drag), their HTML pasted
into a page of another site, where the puzzle is solved and the replay stepped through."""

from __future__ import annotations

import pytest

from rami.serve import serve_in_background

from .conftest import guard, wait_for
from .test_access import axe

GIN_0 = "Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc".split()
GIN_1 = "2c 3c 4c 8d 8s Qh Qs Js 10d".split()          # and 4h, dragged


def rec(pg, script: str):
    """Run ``script`` (a function body of ``root``) in the recording table's shadow root."""
    return pg.locator("#ed-recorder").evaluate(
        f"(el) => {{ const root = el.shadowRoot; {script} }}")


def rec_press(pg, act: str) -> None:
    """A press at the recording table, waited for until the table is drawn again."""
    before = rec(pg, "return root.querySelector('.rb').outerHTML;")
    rec(pg, f"root.querySelector('[data-act=\"{act}\"]').click();")
    wait_for(pg, "document.querySelector('#ed-recorder').shadowRoot.querySelector('.rb')"
                 f".outerHTML !== {before!r}", 20, f"the table after {act}")


def rec_pick(pg, card: str) -> None:
    rec_press(pg, rec(pg, f"return root.querySelector('[data-card=\"{card}\"]')"
                          ".getAttribute('data-act');"))


def status(pg) -> str:
    return pg.inner_text("#ed-status")


def open_editor(page, site, game: str):
    page.goto(site + f"learn/editor.html?game={game}")
    wait_for(page, "document.body.dataset.ready === '1'", 90, "the editor")
    wait_for(page, "document.querySelector('#ed-preview').getAttribute('state') === 'ready'",
             30, "the preview")


@pytest.fixture
def other_site(tmp_path):
    server, url = serve_in_background(str(tmp_path))
    yield url.replace("127.0.0.1", "localhost"), tmp_path
    server.shutdown()


def test_a_gin_puzzle_and_an_indian_replay_made_by_clicks_work_on_another_site(
        page, site, browser, other_site):
    open_editor(page, site, "gin")
    assert "A sound position." in status(page)
    # -- an impossible position: refused, with the engine's reason, and no HTML written
    page.click("[data-act='clear']")
    assert "Not a position rami can play: Seat 0 holds 0 cards" in status(page)
    assert "once the position is sound" in page.inner_text("#ed-out")
    assert page.locator("#ed-out-html").count() == 0
    wait_for(page, "document.querySelector('#ed-preview').getAttribute('state') === 'error'",
             20, "the preview's error")
    # -- the Gin puzzle, placed card by card: the first from the keyboard (the focus then
    # moves on to the next card left), the others by clicks, one by a drag
    page.focus("[data-act='pick:Ah']")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.act") == "pick:2h"
    for card in GIN_0[1:]:
        page.click(f"[data-act='pick:{card}']")
    page.click("[data-act='target:hand:1']")
    for card in GIN_1:
        page.click(f"[data-act='pick:{card}']")
    page.set_viewport_size({"width": 1280, "height": 1300})   # (both ends of the drag seen)
    page.locator("[data-zone='hand:1']").evaluate("el => el.scrollIntoView({block: 'start'})")
    page.locator("[data-act='pick:4h']").drag_to(page.locator("[data-zone='hand:1']"))
    assert page.locator("[data-zone='hand:1'] .ed-card").count() == 10
    page.click("[data-act='target:discard']")
    page.click("[data-act='pick:Kd']")
    page.click("[data-act='target:stock']")
    page.click("[data-act='pick:5h']")
    page.select_option("[data-field='turn']", "0")
    page.select_option("[data-field='phase']", "draw")
    assert "A sound position. Ann to play (draw a card)." in status(page)
    page.click("[data-act='kind:puzzle']")
    page.fill("[data-field='prompt']", "Ann draws. What now?")
    rec_press(page, "draw")
    rec_pick(page, "Kc")
    rec_press(page, "btn:knock")
    assert "Recorded: Ann knocked (5 deadwood)." in rec(page, "return root.querySelector('.rb-say').textContent;")
    assert page.locator(".ed-step").count() == 2
    # (Ann's melds, shown at the knock, at the size of a board's melds: smaller than a hand's)
    meld, hand = rec(page, """return [root.querySelector('.rb-melds .meld .card'),
        root.querySelector('.hand-card')].map((e) => e.getBoundingClientRect().width);""")
    assert 0 < meld < hand, (meld, hand)
    page.click("[data-act='answer:1']")                 # another right answer: knock 5h
    rec_pick(page, "5h")
    rec_press(page, "btn:knock")
    page.click("[data-act='mistake:1']")               # a tempting mistake: discard Kc
    rec_pick(page, "Kc")
    rec_press(page, "btn:discard")
    assert rec(page, "return root.querySelector('.rb-say').textContent;").startswith(
        "A known mistake is added:")
    page.fill("[data-field='mistakenote:0']", "Why wait? Knock now.")
    page.fill("[data-field='note:1']", "Four deadwood or five: Bob cannot undercut.")
    page.fill("[data-field='success']", "Knock at once.")
    gin_html = page.input_value("#ed-out-html")
    assert 'solution="draw; knock Kc or knock 5h {Four deadwood' in gin_html
    assert 'mistakes="discard Kc {Why wait? Knock now.}"' in gin_html
    page.click("[data-act='copy:html']")
    assert page.inner_text("[data-act='copy:html']") == "Copied"
    # the preview is the reader's board: the puzzle asks its question
    wait_for(page, "document.querySelector('#ed-preview').shadowRoot.querySelector('.rb-say')"
                   ".textContent.includes('Ann draws. What now?')", 20, "the preview's puzzle")
    assert axe(page) == []
    # -- the Indian replay: a new game, four moves by clicks, a note
    page.select_option("[data-field='variant']", "indian")
    wait_for(page, "document.querySelector('#ed-status').textContent.includes('A sound')", 20)
    page.click("[data-act='kind:replay']")
    for _turn in range(2):
        rec_press(page, "draw")
        card = rec(page, "return root.querySelector('.hand-card[data-card]')"
                         ".getAttribute('data-card');")
        rec_pick(page, card)
        rec_press(page, "btn:discard")
    assert page.locator(".ed-step").count() == 4
    page.fill("[data-field='note:1']", "Ann lets a card go.")
    page.fill("[data-field='look:caption']", "Two turns of Indian rummy")
    indian_html = page.input_value("#ed-out-html")
    assert "moves=" in indian_html and "{Ann lets a card go.}" in indian_html
    assert not page.errors
    # -- both boards, pasted into a page of another site
    url, folder = other_site
    (folder / "mine.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>My tutorial</title>"
        "</head><body><h1>My rummy tutorial</h1>\n" + gin_html + "\n<p>And a replay:</p>\n"
        + indian_html + "\n</body></html>")
    context = browser.new_context(viewport={"width": 900, "height": 900},
                                  service_workers="block")
    seen, offsite = guard(context, (url, site))
    try:
        pg = context.new_page()
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(url + "mine.html")
        for k in range(2):
            pg.locator("rami-board").nth(k).scroll_into_view_if_needed()
            wait_for(pg, f"document.querySelectorAll('rami-board')[{k}]"
                         ".getAttribute('state') === 'ready'", 90, f"board {k}")

        def inside(k, script):
            return pg.locator("rami-board").nth(k).evaluate(
                f"(el) => {{ const root = el.shadowRoot; {script} }}")

        def press(k, act):
            before = inside(k, "return root.querySelector('.rb').outerHTML;")
            inside(k, f"root.querySelector('[data-act=\"{act}\"]').click();")
            wait_for(pg, f"document.querySelectorAll('rami-board')[{k}].shadowRoot"
                         f".querySelector('.rb').outerHTML !== {before!r}", 20, act)

        def pick(k, card):
            press(k, inside(k, f"return root.querySelector('[data-card=\"{card}\"]')"
                               ".getAttribute('data-act');"))

        def said(k):
            return inside(k, "return root.querySelector('.rb-say').textContent;")

        assert "Ann draws. What now?" in said(0)
        press(0, "draw")
        pick(0, "Kc")
        press(0, "btn:discard")
        assert "Why wait? Knock now." in said(0) and said(0).startswith("✗")
        pick(0, "5h")
        press(0, "btn:knock")
        assert "Knock at once." in said(0)
        assert pg.locator("rami-board").nth(0).get_attribute("state") == "solved"
        assert inside(1, "return root.querySelector('.rb-caption').textContent;") == \
            "Two turns of Indian rummy"
        for step in range(4):
            press(1, "step:next")
        assert inside(1, "return root.querySelector('.rb-at').textContent;") == "Move 4 of 4"
        press(1, "step:first")
        press(1, "step:next")
        press(1, "step:next")
        assert "Ann lets a card go." in said(1)
        assert offsite == [] and errors == []
    finally:
        context.close()


def test_the_editor_speaks_the_page_s_language_in_its_font(page, site):
    """In Hindi, Devanagari's font is loaded before the editor draws (no words flash in the
    fallback's boxes), and the editor speaks Hindi."""
    page.goto(site + "learn/editor.html?game=indian&lang=hi")
    wait_for(page, "document.body.dataset.ready === '1'", 90, "the editor in Hindi")
    assert page.evaluate("document.documentElement.lang") == "hi"
    assert page.evaluate("""['400', '700'].every((w) => document.fonts.check(
        `${w} 16px "Noto Sans Devanagari"`, 'क'))""")
    assert page.inner_text("#ed-game-h") == "1. खेल"
    assert "एक सही स्थिति।" in status(page)
    assert not page.errors


def test_a_hand_of_a_match_file_is_reviewed_into_the_replay_s_notes(page, site):
    """A match file opened in the editor: *Review the decisions of* its seat fetches the
    review, works it out on the page with its progress said, and writes each costly
    decision's grade and better move as that step's note, as the terminal's review grades
    it."""
    from rami.record import match_text
    from rami.review import review
    from tests.test_review import played
    g = played("basic", 2, seed=4, hands=2)
    costly = sum(1 for d in review(g, 0, 1).decisions if d.grade != "best")
    open_editor(page, site, "gin")
    page.click("details.ed-open summary")
    page.fill('[data-field="opentext"]', match_text(g))
    page.click('[data-act="open"]')
    wait_for(page, "!!document.querySelector('[data-field=\"matchhand\"]')", 30, "the match")
    page.select_option('[data-field="matchhand"]', "0")
    wait_for(page, "!!document.querySelector('#ed-review')", 30, "the review's button")
    assert "P0" in page.inner_text("#ed-review")
    page.click("#ed-review")
    wait_for(page, "document.querySelector('#ed-said').textContent.includes('best or good')",
             120, "the review")
    notes = page.eval_on_selector_all('[data-field^="note:"]', "els => els.map(e => e.value)")
    written = [n for n in notes if n]
    assert len(written) == costly, notes
    assert all("Better:" in n for n in written), written
    assert not page.errors and page.offsite == []


# what a phone would miss on a page that scrolls down (the editor, a tutorial): nothing wider
# than the screen, every control inside its sides, no text under 11 px
PAGE_FITS = """(() => { const W = document.documentElement.clientWidth, out = [];
  if (document.scrollingElement.scrollWidth > W + 1) out.push('the page scrolls sideways');
  for (const e of document.querySelectorAll('button, select, input, textarea, a')) {
    if (!e.offsetParent) continue;
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1)
      out.push('off the side: ' + (e.textContent || e.name || e.id).trim().slice(0, 30)); }
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('svg') || !e.offsetParent) continue;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const f = parseFloat(getComputedStyle(e).fontSize);
    if (f < 10.99) { out.push(`text of ${f} px: ` + e.textContent.trim().slice(0, 20)); break; } }
  return out; })()"""


def test_the_editor_fits_a_phone_held_either_way(browser, site):
    """The board editor on a phone: a page that scrolls down, nothing past its sides, upright
    and sideways, its preview drawn."""
    from .fit import touch_context
    ctx = touch_context(browser, 360, 640)
    guard(ctx, (site,))
    page = ctx.new_page()
    open_editor(page, site, "indian")
    for w, h in ((360, 640), (640, 360), (390, 844), (844, 390)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)
        assert page.evaluate(PAGE_FITS) == [], f"{w}x{h}"
        box = page.locator("#ed-preview").bounding_box()
        assert box["width"] > 200 and box["x"] >= 0 and box["x"] + box["width"] <= w + 1
    ctx.close()
