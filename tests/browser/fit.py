"""What a player needs on one screen, checked by geometry: the shapes of phones and tablets
held either way, and a reading of the table at one of them that lists what fails.

Used by tests/browser/test_phones.py, by scripts/phones.py (which also takes the
screenshots to look at) and by benchmarks/phone_speed.py."""

from __future__ import annotations

import time
import urllib.parse

UPRIGHT = [(360, 640), (360, 740), (390, 844), (430, 932)]
SIDEWAYS = [(640, 360), (740, 360), (844, 390), (932, 430)]
TABLETS = [(768, 1024), (1024, 768)]
SHAPES = UPRIGHT + SIDEWAYS + TABLETS
# laptops' browsers: the window a 1366x768, a 1280x720 and a 1920x1080 screen (at 125%) give
LAPTOPS = [(1366, 657), (1280, 600), (1536, 730)]

# the games at their largest tables
SEATS = {"basic": 6, "gin": 2, "indian": 6, "rum500": 8, "push": 6, "tiles": 4}
# and hands swollen late in a deal at those tables: (game, seats, cards in the hand)
SWOLLEN = {"rum500-pickup": ("rum500", 8, 30), "push-swollen": ("push", 6, 36)}
# and tile Rami's row grown long (tests/positions.long_row)
LATE = ("tiles-row",)


def deal_of(game: str) -> str:
    """The position ``make phones`` and the tests open for a game of SEATS, SWOLLEN or LATE."""
    from tests.positions import long_row, mid_hand, swollen
    if game in SWOLLEN:
        return swollen(*SWOLLEN[game])
    if game == "tiles-row":
        return long_row()
    return mid_hand(game, SEATS[game])

# The text drawn inside card faces (SVG: the index, a court letter, a tile's number, a word)
# under ``root`` that is in sight (its middle not covered by another card, nor off the
# screen) and smaller than ``least`` px as drawn: the font's size times the scale the face
# and its groups are drawn at. A list of what fails, in words.
FACES = r"""((root, least) => {
  const W = document.documentElement.clientWidth, H = document.documentElement.clientHeight;
  const out = [];
  for (const t of document.querySelectorAll(root.split(',').map(r => r + ' svg text').join(','))) {
    const m = t.getScreenCTM(), svg = t.ownerSVGElement;
    if (!m || !svg || !svg.getBoundingClientRect().width) continue;
    const card = svg.closest('.card, .pc, .row-tile, button') || svg;
    const r = t.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > W || y > H) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(card === hit || card.contains(hit))) continue;       // (covered)
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < least - .01)
      out.push(`a card's "${t.textContent}" at ${px.toFixed(1)} px (${(card.getAttribute('data-card') || card.className.baseVal || card.className || '').toString().slice(0, 30)}, ${svg.getBoundingClientRect().width.toFixed(0)} px wide)`);
  }
  return out;
})"""

# The reading. ``shown(el)``: the share of el's box inside the window and inside every box
# that clips it; ``free(el, x, y)``: what is drawn at (x, y) is el or inside it. Returns the
# list of what fails, each in words.
TABLE = r"""((least) => {
  // (the layout viewport: a phone widens innerWidth to a page wider than the screen)
  const W = document.documentElement.clientWidth, H = document.documentElement.clientHeight;
  const out = [];
  const clip = (el) => {
    const r = el.getBoundingClientRect();
    let l = Math.max(r.left, 0), t = Math.max(r.top, 0), ri = Math.min(r.right, W), b = Math.min(r.bottom, H);
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.display !== 'contents' && (cs.overflowX !== 'visible' || cs.overflowY !== 'visible')) {
        const q = a.getBoundingClientRect();
        l = Math.max(l, q.left); t = Math.max(t, q.top); ri = Math.min(ri, q.right); b = Math.min(b, q.bottom);
      }
    }
    return {r, l, t, ri, b};
  };
  const shown = (el) => {
    const {r, l, t, ri, b} = clip(el);
    const area = r.width * r.height;
    if (!area) return 0;
    return Math.max(0, ri - l) * Math.max(0, b - t) / area;
  };
  const free = (el, x, y) => {
    const hit = document.elementFromPoint(x, y);
    return !!hit && (el === hit || el.contains(hit));
  };
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.className).trim().slice(0, 40);
  const whole = (el, what) => {
    if (!el || el.offsetParent === null && getComputedStyle(el).position !== 'fixed') {
      out.push(what + ': not shown'); return false; }
    const s = shown(el);
    if (s < 0.98) { out.push(`${what}: ${Math.round(s * 100)}% in sight`); return false; }
    const r = el.getBoundingClientRect();
    if (!free(el, r.left + r.width / 2, r.top + r.height / 2)) {
      out.push(`${what}: covered`); return false; }
    return true;
  };
  const doc = document.scrollingElement;
  if (doc.scrollHeight > H + 1 || doc.scrollWidth > W + 1)
    out.push(`the page scrolls (${doc.scrollWidth}x${doc.scrollHeight})`);
  const q = (s) => [...document.querySelectorAll(s)];
  // the piles
  for (const p of q('#piles .pile')) {
    if (p.classList.contains('spread')) {
      // (a long pile on a phone is one button that opens it large: its top and words in
      // sight under it)
      const open = p.querySelector(':scope > .pile-open');
      const cover = open && getComputedStyle(open).display !== 'none' && whole(open, "the pile's button");
      const cards = p.querySelectorAll('.pc'), label = p.querySelector('.pile-label');
      for (const [el, what] of [[cards[cards.length - 1], 'the top of the spread pile'],
                                [label, 'the spread pile\'s label']]) {
        if (!el) continue;
        if (!cover) whole(el, what);
        else if (shown(el) < .98) out.push(`${what}: ${Math.round(shown(el) * 100)}% in sight`);
      }
    } else if (p.classList.contains('row')) {
      // (a long row on a small phone is one button that opens it large: its tiles in sight
      // under it)
      const open = p.querySelector(':scope > .row-open:not(.chip)');
      const cover = open && getComputedStyle(open).display !== 'none' && whole(open, "the row's button");
      p.querySelectorAll('.row-tile, .card').forEach((c, i) => {
        if (c.closest('.row-tile') && !c.classList.contains('row-tile')) return;
        if (!cover) whole(c, `the row's tile ${i}`);
        else if (shown(c) < .98) out.push(`the row's tile ${i}: ${Math.round(shown(c) * 100)}% in sight`); });
    } else whole(p, 'the pile ' + p.className.replace(/\s+/g, '.'));
  }
  // the opponents
  for (const s of q('#opp .seat')) {
    const who = s.querySelector('.seat-name')?.textContent || '?';
    for (const sel of ['.seat-name', '.count', '.dealer', '.seat-status', '.presence', '.seat-thinking', '.seat-score'])
      for (const e of s.querySelectorAll(sel)) whole(e, `${who}'s ${sel.slice(1)}`);
    // (and the name whole, not cut short to "Bru…")
    const n = s.querySelector('.seat-name');
    if (n && n.scrollWidth > n.clientWidth) out.push(`${who}'s name: cut (${n.clientWidth} of ${n.scrollWidth} px)`);
  }
  // the hand: every card's index corner in sight, not covered, of a readable size
  for (const c of q('#hand .hand-card')) {
    const r = c.getBoundingClientRect();
    const x = r.left + Math.min(8, r.width * .15), y = r.top + Math.min(12, r.height * .12);
    const what = 'the hand\'s ' + (c.dataset.card || '?');
    if (r.width < least.card) out.push(`${what}: ${r.width.toFixed(0)} px wide`);
    if (x < 0 || y < 0 || x > W || y > H) { out.push(`${what}: corner off screen`); continue; }
    if (r.left < -1 || r.right > W + 1) out.push(`${what}: past the screen's side`);
    if (!free(c, x, y)) out.push(`${what}: corner covered`);
    const {l, t, ri, b} = clip(c);
    if (x < l || x > ri || y < t || y > b) out.push(`${what}: corner clipped`);
  }
  // every piece tapped (a row's tile, a spread pile's card, a card in the hand): 24x24 px
  // of it to tap at the least, WCAG 2.2's target size (the part not under the next piece)
  for (const b of q('#table .row-tile, #table .pc, #hand .hand-card')) {
    if (b.offsetParent === null || getComputedStyle(b).pointerEvents === 'none') continue;
    const r = b.getBoundingClientRect(), n = b.nextElementSibling;
    if (!r.width || shown(b) === 0) continue;
    let w = r.width;
    if (n && n.matches('.row-tile, .pc, .hand-card')) {
      const m = n.getBoundingClientRect();
      if (Math.abs(m.top - r.top) < r.height / 2 && m.left > r.left && m.left < r.right) w = m.left - r.left;
    }
    if (w < least.target - .5 || r.height < least.target - .5)
      out.push(`the ${b.dataset.card || b.dataset.act || 'piece'}: ${w.toFixed(0)}x${r.height.toFixed(0)} px to tap`);
  }
  // the moves that are enabled, and every button's size
  for (const b of q('#actions button:not(:disabled)')) whole(b, `the button "${name(b)}"`);
  // (and the sorts of the hand, moves too)
  for (const b of q('#head .sorts button:not(:disabled)')) whole(b, `the sort "${name(b)}"`);
  for (const b of q('#table button, #table select')) {
    if (b.offsetParent === null || b.closest('.hand-card, .pc, .meld, .pile, .row-tile, .top-menu')) continue;
    const r = b.getBoundingClientRect();
    if (shown(b) > 0 && (r.height < least.button || r.width < least.button))
      out.push(`the button "${name(b)}": ${r.width.toFixed(0)}x${r.height.toFixed(0)} px`);
  }
  // the melds: each one's cards in sight, or a sign of how many are out of sight
  const box = document.querySelector('#melds');
  const sign = box && box.querySelector('.more-melds');
  const signed = sign && getComputedStyle(sign).display !== 'none' && shown(sign.firstElementChild || sign) > .9
    && free(sign, sign.getBoundingClientRect().left + sign.getBoundingClientRect().width / 2, sign.getBoundingClientRect().bottom - 12);
  for (const m of (box ? box.querySelectorAll('.meld') : [])) {
    const cards = m.querySelectorAll('.card');
    const ok = [...cards].every(c => shown(c) > .3);
    if (!ok && !signed) out.push(`meld ${m.dataset.meld}: out of sight, and no sign says so`);
    if (ok && cards.length && cards[0].getBoundingClientRect().width < least.meld)
      out.push(`meld ${m.dataset.meld}: cards ${cards[0].getBoundingClientRect().width.toFixed(0)} px wide`);
  }
  // text: nothing smaller than least.text px
  const small = new Set();
  for (const e of document.querySelectorAll('#table *')) {
    if (e.closest('svg, .sr-only') || !e.offsetParent) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const f = parseFloat(getComputedStyle(e).fontSize);
    if (f < least.text - .01 && shown(e) > 0) small.add(`${(e.className || e.tagName).toString().split(' ')[0]} ${f.toFixed(1)}px`);
  }
  for (const s of small) out.push('small text: ' + s);
  out.push(...FACES('#table', least.text));
  return out;
})""".replace("FACES(", FACES + "(")

# (a card in the hand and a tile on the rack: 40 px on its smaller side; a piece tapped: 24)
LEAST = {"card": 40, "meld": 22, "button": 40, "text": 11, "target": 24}


def problems(page, least: dict | None = None) -> list[str]:
    return page.evaluate(TABLE + "(" + _js(least or LEAST) + ")")


def _js(d: dict) -> str:
    import json
    return json.dumps(d)


def touch_context(browser, w: int, h: int):
    """A phone's browser: a touch screen of w x h, no service worker."""
    return browser.new_context(viewport={"width": w, "height": h}, has_touch=True,
                               is_mobile=True, service_workers="block")


def open_deal(page, url: str, deal: str) -> None:
    """The site at ``url`` dealt ``deal`` (the bots on the page's thread), its table open."""
    page.goto(url + "?bots=page&deal=" + urllib.parse.quote(deal))
    end = time.monotonic() + 120
    while not page.evaluate("document.body.dataset.ready === '1' && "
                            "!!document.querySelector('.hand')"):
        assert time.monotonic() < end, "the table did not open"
        time.sleep(0.1)
