"""How each table shows its game, in every variant, at a laptop's and a phone's sizes.

Each variant is opened mid-hand (a position from seeded bot play, at the most seats it
allows) once in a desktop context (1280x800, then resized to 1366x768) and once in a touch
context (390x844, then 360x740), and checked: no internal code in what is shown or read;
every meld's cards in sight (at laptop sizes: inside the window and not clipped by a
scrolling box); wilds marked; the top bar's buttons apart and, on touch, at least 44 px tall;
the hand not moving when a card is selected or a hint shown. The lobby's Deal button is in
the first screen at every size.
"""

from __future__ import annotations

import re
import time
import urllib.parse

import pytest

from rami.scenario import from_deal
from tests.conftest import soak_only
from tests.positions import mid_hand

from .conftest import guard, on_page_thread
from .test_table import wait_for

SEATS = {"basic": 6, "gin": 2, "indian": 6, "rum500": 8, "push": 6, "tiles": 4}
CARD_CODE = re.compile(r"(?<![\w&#])(?:10|[2-9AJQKT])[shdc](?![\w=])")
TILE_CODE = re.compile(r"(?<![\w&#=-])(?:[rybk](?:1[0-3]|[1-9])|joly)(?![\w-])")


READ = """(() => {
  const t = document.querySelector('#table');
  const said = [...t.querySelectorAll('[aria-label],[title]')]
    .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
  return t.innerText + ' ' + said.join(' ') + ' ' + [...t.querySelectorAll('.sr-only')]
    .map(e => e.textContent).join(' ');
})()"""

MELDS_IN_SIGHT = """(() => {
  const box = document.querySelector('#melds');
  const b = box.getBoundingClientRect();
  const out = [];
  for (const c of box.querySelectorAll('.meld .card')) {
    const r = c.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.bottom > innerHeight + 1
        || r.right > innerWidth + 1 || r.left < -1)
      out.push(c.closest('.meld').dataset.meld);
  }
  return {clipped: [...new Set(out)], count: box.querySelectorAll('.meld').length,
          scrolls: box.scrollHeight > box.clientHeight + 2, fit: getComputedStyle(box)
          .getPropertyValue('--fit')};
})()"""

TOP_BAR = """(() => {
  const els = [...document.querySelectorAll('#top button, #top select')]
    .filter(e => e.offsetParent !== null);
  const rs = els.map(e => e.getBoundingClientRect());
  let overlap = 0;
  for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) {
    const a = rs[i], b = rs[j];
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      overlap++;
  }
  return {overlap, least: Math.min(...rs.map(r => r.height)), n: rs.length,
          inside: rs.every(r => r.right <= innerWidth + 1 && r.left >= -1)};
})()"""


def open_deal(page, deal: str) -> None:
    page.goto(page.site + "?deal=" + urllib.parse.quote(deal))
    wait_for(page, "document.body.dataset.ready === '1' && !!document.querySelector('.hand')",
             90, "the table")
    time.sleep(0.3)


def hand_top(page) -> float:
    return page.evaluate("document.querySelector('#hand').getBoundingClientRect().top")


def check(page, variant: str, deal: str, size, touch: bool) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    time.sleep(0.3)
    where = f"{variant} at {size[0]}x{size[1]}"
    text = page.evaluate(READ)
    found = CARD_CODE.search(text) or (TILE_CODE.search(text) if variant == "tiles" else None)
    assert not found, f"{where}: {found.group(0)!r} in the page's text"
    if variant == "tiles":
        assert not re.search(r"\b(cards?|stock|deadwood|discard pile)\b", text, re.I), where
    # wilds: marked, and named so
    st = from_deal(deal)
    wild = st.variant.rules(st).is_wild
    n_wild = sum(1 for c in st.hands[0] if wild(c))
    assert page.locator(".hand-card.wild").count() == n_wild, where
    if n_wild:
        assert ", wild" in page.inner_text(".hand-card.wild .sr-only"), where
    bar = page.evaluate(TOP_BAR)
    assert bar["overlap"] == 0 and bar["inside"], f"{where}: the top bar {bar}"
    if touch:
        assert bar["least"] >= 44, f"{where}: top bar buttons {bar['least']} px tall"
    melds = page.evaluate(MELDS_IN_SIGHT)
    if not touch:
        assert not melds["clipped"] and not melds["scrolls"], f"{where}: melds {melds}"
    elif melds["scrolls"]:                    # a phone may scroll, and shows that it does
        assert page.is_visible(".more-melds"), where


# (make test: tile Rami's rack; every crowded table is checked at laptop sizes in Hindi by
# test_languages and at every phone shape by test_phones)
@pytest.mark.parametrize("variant", [v if v == "tiles" else soak_only(v)
                                     for v in sorted(SEATS)])
def test_each_table_shows_its_game_at_laptop_and_phone_sizes(browser, site, variant):
    deal = mid_hand(variant, SEATS[variant])
    for touch, sizes in ((False, [(1280, 800), (1366, 768)]), (True, [(390, 844), (360, 740)])):
        ctx = browser.new_context(viewport={"width": sizes[0][0], "height": sizes[0][1]},
                                  service_workers="block", has_touch=touch, is_mobile=touch)
        _, offsite = guard(ctx, (site,))
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.site = site
        on_page_thread(page)
        open_deal(page, deal)
        for size in sizes:
            check(page, variant, deal, size, touch)
        # the hand stays put when a card is selected, and when a hint is shown
        page.select_option("#pace", "instant")
        if page.locator('[data-act="draw"]').count():
            page.click('[data-act="draw"]')
            wait_for(page, "!!document.querySelector('.hand-card.fresh')", 30, "the draw")
        top = hand_top(page)
        page.locator(".hand-card").first.click(position={"x": 6, "y": 12})
        time.sleep(0.2)
        assert page.locator(".hand-card.sel").count() == 1
        assert abs(hand_top(page) - top) < 1, f"{variant}: the hand moved on a selection ({sizes[-1]})"
        page.click('[data-act="hint"]')
        wait_for(page, "!!document.querySelector('.message-text.hint')", 60, "the hint")
        assert abs(hand_top(page) - top) < 1, f"{variant}: the hand moved for a hint"
        assert errors == [] and offsite == []
        ctx.close()


def test_the_deal_button_is_in_the_first_screen_at_every_size(browser, site):
    for touch, sizes in ((False, [(1280, 800), (1366, 768)]), (True, [(390, 844), (360, 740)])):
        ctx = browser.new_context(viewport={"width": sizes[0][0], "height": sizes[0][1]},
                                  service_workers="block", has_touch=touch, is_mobile=touch)
        guard(ctx, (site,))
        page = ctx.new_page()
        on_page_thread(page)
        page.goto(site)
        wait_for(page, "document.body.dataset.ready === '1' && !!document.querySelector('#start')",
                 90, "the lobby")
        for w, h in sizes:
            page.set_viewport_size({"width": w, "height": h})
            for variant in ("gin", "tiles"):
                page.click(f'[data-act="variant:{variant}"]')
                box = page.locator("#start").bounding_box()
                assert box["y"] >= 0 and box["y"] + box["height"] <= h, (w, h, box)
        assert "Deal the tiles" in page.inner_text("#start")     # tile Rami's own words
        ctx.close()

