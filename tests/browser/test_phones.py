"""Phones and tablets held either way: every game at its largest table mid-hand, the lobby
and each dialog, checked by geometry at each shape (tests/browser/fit.py says what a player
needs); and touch as players expect it (a card held shows large, a card dragged to the pile
is discarded, a double tap makes one move, the melds out of sight one tap away, a turn of
the phone keeps the selection).

Each game's table is opened once in a touch context and turned through the shapes: upright
360x640 to 430x932, sideways 640x360 to 932x430, the tablets both ways.
"""

from __future__ import annotations

import os
import time
import urllib.parse

import pytest

from tests.conftest import deep, soak_only
from rami.scenario import from_deal
from tests.positions import long_row, mid_hand, swollen

from .conftest import guard, on_page_thread, settled, wait_for
from .fit import (FACES, LAPTOPS, LEAST, SEATS, SHAPES, SIDEWAYS, SWOLLEN, UPRIGHT, problems,
                  touch_context)

DIALOG = """(() => {
  // (the screen: a phone widens innerWidth to a page wider than the screen)
  const W = document.documentElement.clientWidth, H = document.documentElement.clientHeight;
  const out = [];
  const doc = document.scrollingElement;
  if (doc.scrollWidth > W + 1) out.push('the page scrolls sideways');
  const box = document.querySelector('#dialogs [role=dialog]') ||
    document.querySelector('#screen .lobby-card, #summary-slot [role=dialog]');
  if (!box) return ['no dialog'];
  const r = box.getBoundingClientRect();
  if (r.left < -1 || r.right > W + 1) out.push(`wider than the screen (${r.left}..${r.right})`);
  if (box.scrollWidth > box.clientWidth + 2) out.push('its text runs out sideways');
  for (const b of box.querySelectorAll('button, select, input, a.btn')) {
    const q = b.getBoundingClientRect();
    if (b.offsetParent === null || !q.width) continue;
    if (q.left < -1 || q.right > W + 1) out.push(`"${(b.textContent || b.name || '').trim().slice(0, 30)}" off the side`);
  }
  const close = box.querySelector('[data-act=close], .close-x, #start');
  if (close) {
    const q = close.getBoundingClientRect();
    if (q.top < -1 || q.bottom > H + 1) out.push('its close or start button is off screen');
  }
  for (const e of box.querySelectorAll('*')) {
    if (e.closest('svg, .sr-only') || !e.offsetParent) continue;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const f = parseFloat(getComputedStyle(e).fontSize);
    if (f < 10.99) { out.push(`text of ${f.toFixed(1)} px: ${e.textContent.trim().slice(0, 20)}`); break; }
  }
  // (and the cards' faces in it)
  out.push(...FACES('#dialogs [role=dialog], #screen .lobby-card, #summary-slot [role=dialog]', 11).slice(0, 3));
  return out;
})()""".replace("FACES(", FACES + "(")


def _context(browser, site, size=(390, 844), touch: bool = True):
    """A phone's browser (``touch``) or a laptop's, at ``size``, the site's only."""
    ctx = touch_context(browser, *size) if touch else browser.new_context(
        viewport={"width": size[0], "height": size[1]}, service_workers="block")
    _, offsite = guard(ctx, (site,))
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.site, page.errors, page.offsite = site, errors, offsite
    on_page_thread(page)
    return ctx, page


def _open(page, deal: str, extra: str = "") -> None:
    page.goto(page.site + "?deal=" + urllib.parse.quote(deal) + extra)
    wait_for(page, "document.body.dataset.ready === '1' && !!document.querySelector('.hand')",
             90, "the table")
    time.sleep(0.3)


def _turn(page, w: int, h: int) -> None:
    page.set_viewport_size({"width": w, "height": h})
    settled(page)
    time.sleep(0.15)


TURNS = ((360, 640), (640, 360), (932, 430), (768, 1024))


def _misses(page, shapes, least: dict | None = None, more: str = "") -> dict:
    """What a player misses at each of ``shapes`` (fit.problems, and the words the script
    ``more`` returns), by shape."""
    failed = {}
    for w, h in shapes:
        _turn(page, w, h)
        found = problems(page, least) + (page.evaluate(more) if more else [])
        if found:
            failed[f"{w}x{h}"] = found[:6]
    return failed


def _fits(page, what: str, shapes=TURNS) -> None:
    """The screen open now (a dialog, the lobby, the join page) fits at each shape."""
    for w, h in shapes:
        _turn(page, w, h)
        found = page.evaluate(DIALOG)
        assert found == [], f"{what} at {w}x{h}: {found}"


# (make test: the four crowded tables; Basic Rummy's and Gin's, the sparest, in make soak)
@pytest.mark.parametrize("variant", [soak_only(v) if v in ("basic", "gin") else v
                                     for v in sorted(SEATS)])
def test_every_game_fits_each_phone_and_tablet_held_either_way(browser, site, variant):
    ctx, page = _context(browser, site, SHAPES[0])
    # (late in a match: every score three digits or four characters wide, each name whole)
    _open(page, big_scores(variant, mid_hand(variant, SEATS[variant])))
    failed = _misses(page, SHAPES)
    assert not failed, f"{variant}: {failed}"
    # the left-handed setting: the moves' column on the left when sideways
    page.evaluate("document.documentElement.classList.add('left-handed')")
    _turn(page, 844, 390)
    assert problems(page) == []
    acts = page.locator("#actions").bounding_box()
    hand = page.locator("#hand").bounding_box()
    assert acts["x"] + acts["width"] <= hand["x"] + 1, "left-handed: the moves on the left"
    page.evaluate("document.documentElement.classList.remove('left-handed')")
    _turn(page, 844, 390)
    acts = page.locator("#actions").bounding_box()
    hand = page.locator("#hand").bounding_box()
    assert acts["x"] >= hand["x"] + hand["width"] - 1, "the moves on the right"
    assert page.errors == [] and page.offsite == []
    ctx.close()


@deep                       # (every seat count at ten shapes: make soak)
@pytest.mark.parametrize("variant", sorted(SEATS))
def test_every_game_at_every_seat_count_fits_each_phone_and_tablet(browser, site, variant):
    """The game at each number of players it allows, mid-hand and late in a match, at every
    phone and tablet shape: what a player needs, all in sight."""
    from rami.variants import find_variant
    v = find_variant(variant)
    failed = {}
    for n in range(v.min_players, v.max_players + 1):
        ctx, page = _context(browser, site, SHAPES[0])
        _open(page, big_scores(variant, mid_hand(variant, n)))
        failed.update({f"{n} at {k}": v[:4] for k, v in _misses(page, SHAPES).items()})
        assert page.errors == [] and page.offsite == []
        ctx.close()
    assert not failed, f"{variant}: {failed}"


# (make test: the four crowded tables; Basic Rummy's and Gin's in make soak)
@pytest.mark.parametrize("variant", [soak_only(v) if v in ("basic", "gin") else v
                                     for v in sorted(SEATS)])
def test_every_game_fits_a_laptop_s_short_window(browser, site, variant):
    """A laptop's browser window is short (1366x768 gives 1366x657): the table there, with a
    mouse, shows every seat, the piles, the hand and the moves, and the melds or their sign."""
    ctx, page = _context(browser, site, LAPTOPS[0], touch=False)
    _open(page, big_scores(variant, mid_hand(variant, SEATS[variant])))
    # (a mouse: 28 px buttons; the melds a row of their own: one meld at least whole, where
    # there are any)
    failed = _misses(page, LAPTOPS, {**LEAST, "button": 24}, MELD_WHOLE)
    assert not failed, f"{variant}: {failed}"
    assert page.errors == [] and page.offsite == []
    ctx.close()


MELD_WHOLE = """(() => { const f = document.querySelector('#felt').getBoundingClientRect();
  const melds = [...document.querySelectorAll('#melds .meld')];
  return !melds.length || melds.some(m => { const r = m.getBoundingClientRect();
    return r.height > 0 && r.top >= f.top && r.bottom <= f.bottom; }) ? [] : ['no meld whole']; })()"""


def big_scores(variant: str, deal: str) -> str:
    """``deal`` late in its match: every side's score as wide as a match has it."""
    from rami.scenario import from_deal
    sides = len(set(from_deal(deal).teams))
    return deal + " | scores: " + ", ".join([str({"rum500": -125}.get(variant, 99))] * sides)


LINES = """[...document.querySelectorAll('#hand .hand-card')].map(c => {
  const r = c.getBoundingClientRect(); return [c.dataset.card, r.left, r.top, r.bottom]; })"""


# (make test: 500 Rum's pickup at eight seats; make soak: Push's 36 at six too)
@pytest.mark.parametrize("case", [soak_only(c) if c.startswith("push") else c for c in SWOLLEN])
def test_a_hand_swollen_late_in_a_deal_fits_both_ways_its_lines_held_overlapping(
        browser, site, case):
    """A hand of 25 cards and more on a phone: its lines overlap as a hand held in rows (each
    card's index in sight above the line below), which leaves the piles, every seat and the
    melds' sign in sight at every phone shape; a card dragged onto the second line goes
    there (not where its place would be in the first line)."""
    ctx, page = _context(browser, site, (360, 640))
    variant = SWOLLEN[case][0]
    _open(page, big_scores(variant, swollen(*SWOLLEN[case])))
    failed = _misses(page, UPRIGHT + SIDEWAYS)
    assert not failed, f"{variant}: {failed}"
    _turn(page, 360, 640)
    cards = page.evaluate(LINES)
    second = next(i for i in range(1, len(cards)) if cards[i][1] < cards[i - 1][1])
    assert cards[second][2] < cards[0][3] - 10, "the second line over the first one's foot"
    # the first card dragged onto the left of the second line's first card
    before = [c[0] for c in cards]
    page.mouse.move(cards[0][1] + 8, cards[0][2] + 12)
    page.mouse.down()
    x, y = cards[second][1] + 4, cards[second][2] + 14
    page.mouse.move(cards[0][1] + 20, cards[0][2] + 30, steps=3)
    page.mouse.move(x, y, steps=6)
    page.mouse.up()
    wait_for(page, f"document.querySelector('#hand .hand-card').dataset.card !== '{before[0]}'",
             10, "the card moved")
    after = [c[0] for c in page.evaluate(LINES)]
    assert after == before[1:second] + before[:1] + before[second:], (before, after)
    assert page.errors == [] and page.offsite == []
    ctx.close()


ROW = """[...document.querySelectorAll('.pile.row .row-tile')].map(t => {
  const r = t.getBoundingClientRect();
  return [t.dataset.row, r.width, r.height, getComputedStyle(t).pointerEvents]; })"""


def test_tile_rami_s_long_row_fits_each_shape_and_opens_large_to_take_from(browser, site):
    """Tile Rami's row of 48 late in a game: at every phone and tablet shape it is in sight
    with the rest, each tile tapped 24x24 px at the least (they were 22x20 and 25x22); on a
    small phone, where they are drawn too small to tap, the row is one button that opens it
    large over the table, and a tile tapped there is taken with the two rack tiles selected,
    the rack still at hand."""
    ctx, page = _context(browser, site, (360, 640))
    _open(page, long_row())
    failed = _misses(page, SHAPES)
    assert not failed, failed
    _turn(page, 390, 844)
    assert min(min(w, h) for _c, w, h, _p in page.evaluate(ROW)) >= 24
    _turn(page, 360, 640)
    assert {p for *_x, p in page.evaluate(ROW)} == {"none"}    # (one button, the row)
    page.tap(".pile.row > .row-open")
    wait_for(page, "document.querySelector('.pile.row').classList.contains('open')", 10,
             "the row opened")
    tiles = page.evaluate(ROW)
    assert len(tiles) == 48 and min(min(w, h) for _c, w, h, _p in tiles) >= 24 and \
        {p for *_x, p in tiles} == {"auto"}, tiles
    hand = page.evaluate("[...document.querySelectorAll('#hand .hand-card')].map(c => c.dataset.card)")
    for code in ("r5", "y5"):
        page.tap(f'#hand [data-act="card:{hand.index(code)}"]')
    at = [str(c) for c in from_deal(long_row()).discard].index("b5")
    page.tap(f'.pile.row [data-row="{at}"]')
    wait_for(page, f"document.querySelectorAll('.pile.row .row-tile').length === {at} && "
                   "!document.querySelector('.pile.row.open')", 10, "the take")
    assert page.errors == [] and page.offsite == []
    ctx.close()


CUT = """(() => { const e = document.querySelector('#actions .why'), s = document.querySelector('#status');
  const r = (x) => x.getBoundingClientRect();
  const inside = (x) => r(x).top >= 0 && r(x).bottom <= innerHeight && r(x).left >= 0 && r(x).right <= innerWidth;
  const whole = (x) => x.scrollHeight <= x.clientHeight + 1 && x.scrollWidth <= x.clientWidth + 1;
  return {why: whole(e.firstElementChild) && inside(e.firstElementChild) && whole(e),
          status: whole(s) && inside(s),
          hand: JSON.stringify(r(document.querySelector('#hand .hand-card')))}; })()"""


def test_a_line_cut_short_on_a_phone_is_read_whole_when_tapped(browser, site):
    """Upright, the reason under the moves has a line and whose move it is two: tapped, each
    shows whole (the reason over the moves above it, the hand not moved); a tap elsewhere
    puts them back."""
    ctx, page = _context(browser, site, (360, 640))
    _open(page, mid_hand("rum500", SEATS["rum500"]))
    first = page.evaluate(CUT)
    assert not first["why"] and not first["status"], "both cut short at first"
    page.tap("#actions .why")
    tapped = page.evaluate(CUT)
    assert tapped["why"] and tapped["hand"] == first["hand"], tapped
    page.tap("#status")
    assert page.evaluate(CUT)["status"]
    page.tap("#opp")
    assert page.evaluate(CUT) == first
    assert page.errors == []
    ctx.close()


MELDS = """(() => {
  const el = document.querySelector('#melds');
  return [getComputedStyle(el).getPropertyValue('--fit').trim(),
          el.classList.contains('overflows'),
          (document.querySelector('.more-melds span') || {}).textContent || '',
          document.querySelectorAll('#melds .meld').length];
})()"""


# every animation that ends has ended
ANIMATED_OUT = """Promise.all(document.getAnimations()
  .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
  .map(a => a.finished.catch(() => null)))"""
# the shapes a phone is turned through while a match is played: upright, sideways, the
# smallest of each
TURNED = [(390, 844), (844, 390), (360, 640), (640, 360)]


@pytest.mark.parametrize("game", [soak_only(g) for g in sorted(SEATS)])
def test_a_whole_match_on_a_phone_turned_now_and_then(browser, site, game):
    """The issue's promise: a new player on a phone plays each game from the lobby to the
    match's end, the phone turned every few moves, with all a player needs in sight at each
    reading (tests/browser/fit.py) and each hand's summary fitting the screen. (make soak:
    a match is many hands.)"""
    from .test_languages import move
    from .test_table import click_act, my_move
    ctx, page = _context(browser, site, TURNED[0])
    page.goto(site + "?lang=en")
    wait_for(page, "document.body.dataset.ready === '1' && !!document.querySelector('#lobby')",
             120, "the lobby")
    click_act(page, f"variant:{game}")
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")
    failed, summaries = [], 0
    for turn in range(3000):
        s = my_move(page, 90)
        if s["summary"]:
            summaries += 1
            _turn(page, *TURNED[summaries % len(TURNED)])
            found = page.evaluate(DIALOG)
            failed += [f"summary {summaries}: {x}" for x in found]
        elif turn % 5 == 0 and not page.query_selector("#dialogs [role=dialog]"):
            w, h = TURNED[turn // 5 % len(TURNED)]
            _turn(page, w, h)
            page.evaluate(ANIMATED_OUT)        # (a card sliding in is read where it lands)
            found = problems(page)
            failed += [f"move {turn} at {w}x{h}: {x}" for x in found]
            if found and os.environ.get("RAMI_SHOTS"):  # (a folder: what failed, to look at)
                page.screenshot(path=f"{os.environ['RAMI_SHOTS']}/{game}-{turn}-{w}x{h}.png")
        if page.query_selector("#again"):
            break
        for sel in ("#next", "#decline", '[data-act="btn:show"]'):
            if page.query_selector(sel):
                page.click(sel)
                break
        else:
            move(page, game, s, lambda: None)
    else:
        raise AssertionError(f"{game}: the match did not end")
    assert failed == [] and summaries >= 1, "\n".join(failed)
    assert page.errors == [] and page.offsite == []
    ctx.close()


def test_the_bots_melds_are_fitted_once_painted_as_a_new_look_fits_them(browser, site):
    """After the table's first drawing, a drawing is painted first and the melds fitted
    then (rami.web.drawing): after the bots' moves the melds stand as a fit made anew (a
    turn of the phone) finds them, their sign counts those out of sight, the table fits,
    and screen readers were told the moves; the log, the seats, the piles and the melds are
    the ones drawn afresh."""
    ctx, page = _context(browser, site, (390, 844))
    _open(page, mid_hand("push", 6, seat=1))
    page.select_option("#pace", "fast")
    before = page.evaluate(MELDS)[3]
    page.evaluate(ANIMATED)
    page.evaluate(PUT_IN)
    owners = "document.querySelectorAll('#melds > .meld-group').length"
    owned = page.evaluate(owners)
    wait_for(page, "!!document.querySelector('#table.my-turn')", 90, "the bots' moves")
    settled(page)
    after = page.evaluate(MELDS)
    assert after[3] > before, "the bots laid melds (the case under test)"
    # an owner's first melds were put in among the others, not all the melds written again
    assert page.evaluate(owners) > owned and page.evaluate("window.put") >= 1
    animated = page.evaluate("clearInterval(window.animLook) || [...window.animated].sort()")
    assert any(a.startswith("opacity @ li") for a in animated), animated    # (looked in time)
    assert [a for a in animated if not a.startswith(("opacity @", "transform @"))] == []
    assert problems(page) == []
    page.evaluate("window.dispatchEvent(new Event('resize'))")     # fitted anew
    settled(page)
    assert page.evaluate(MELDS) == after
    assert any(name in page.inner_text("#announce") for name in ("Ada", "Bruno", "Chloé",
                                                                  "Dmitri", "Esme"))
    _as_drawn_afresh(page)
    assert page.errors == [] and page.offsite == []
    ctx.close()


# What the running animations and transitions change, looked at every 50 ms while the bots
# play: each must be one the compositor animates by itself (opacity, transform). Any other
# (a background, a border, a shadow) is painted again at every frame on the main thread, and
# at a crowded table the bots' moves come faster than such an animation ends: on a phone's
# processor, the main thread was kept busy between the moves (a third of its time, measured).
ANIMATED = """(() => {
  window.animated = new Set();
  window.animLook = setInterval(() => {
    for (const a of document.getAnimations()) {
      if (a.playState !== 'running' || !a.effect || !a.effect.target) continue;
      const t = a.effect.target;
      const who = t.tagName.toLowerCase() + [...t.classList].map((c) => '.' + c).join('') +
        (a.effect.pseudoElement || '');
      const changed = a.transitionProperty ? [a.transitionProperty] :
        a.effect.getKeyframes().flatMap((k) => Object.keys(k));
      for (const p of changed)
        if (!['offset', 'computedOffset', 'easing', 'composite'].includes(p))
          window.animated.add(p + ' @ ' + who);
    }
  }, 50);
})()"""


# the parts put in among the melds' (static/boot.js's ramiWrite), counted
PUT_IN = """(() => {
  window.put = 0;
  const put = Element.prototype.insertBefore;
  Element.prototype.insertBefore = function (node, before) {
    if (this.id === 'melds') window.put++;
    return put.call(this, node, before);
  };
})()"""


def _as_drawn_afresh(page) -> None:
    """Each move's log lines were written after the others, and the seats, the piles and
    each owner's melds part by part (rami.web.drawing): they are what the table drawn afresh
    shows (but for the marks of what just arrived)."""
    lines = "[...document.querySelectorAll('#log-list li')].map((l) => l.textContent)"
    log = page.evaluate(lines)
    assert len(log) >= 5 and len(set(log)) > 1, log
    parts = ("[...document.querySelectorAll('#opp > *, #piles > *, #melds > .meld-group')]"
             ".map((e) => e.outerHTML.replaceAll(' arrive', ''))")
    drawn = page.evaluate(parts)
    page.evaluate("document.querySelector('[data-act=\"lobby\"]').click()")
    page.click('[data-act="resume"]')
    wait_for(page, "!!document.querySelector('#table')", 30, "the table again")
    assert page.evaluate(lines) == log
    assert page.evaluate(parts) == drawn


def test_tile_rami_s_discard_row_gains_its_new_tiles_as_the_row_drawn_afresh(browser, site):
    """A tile Rami table after the bots' moves, sideways: the discard row was written only
    by the tiles it gained (static/boot.js's ramiWrite), the seats written whole once they
    were not their parts, and the table is the one drawn afresh."""
    ctx, page = _context(browser, site, (844, 390))
    _open(page, mid_hand("tiles", 4, seat=3))     # (the turn goes to the right: 3, 2, 1)
    page.evaluate("""(() => {
      window.grown = 0;
      const add = Element.prototype.append;
      Element.prototype.append = function (...nodes) {
        if (this.closest('#piles')) window.grown++;
        return add.apply(this, nodes);
      };
      // a stray element among the seats: that region is no longer its parts, written whole
      document.getElementById('opp').append(document.createElement('i'));
    })()""")
    page.select_option("#pace", "fast")
    wait_for(page, "!!document.querySelector('#table.my-turn')", 90, "the bots' moves")
    settled(page)
    assert page.evaluate("window.grown") >= 1, "the row grew by a tile (the case under test)"
    assert problems(page) == []
    _as_drawn_afresh(page)
    assert page.errors == [] and page.offsite == []
    ctx.close()


def test_touch_a_card_held_large_dragged_to_the_pile_one_move_a_double_tap(browser, site):
    ctx, page = _context(browser, site, (844, 390))
    _open(page, mid_hand("basic", 3), "")
    page.select_option("#pace", "instant")
    # the melds out of sight: one tap on the sign shows them all, another puts them back
    # (a short phone sideways leaves them little room)
    _turn(page, 640, 360)
    if page.is_visible(".more-melds"):
        page.click(".more-melds")
        wait_for(page, "!!document.querySelector('#melds.all')", 10, "all the melds")
        box = page.locator("#melds").bounding_box()
        hand = page.locator("#hand").bounding_box()
        assert box["y"] + box["height"] <= hand["y"] + 1, "the open melds leave the hand in sight"
        page.click(".more-melds")
        wait_for(page, "!document.querySelector('#melds.all')", 10, "the melds put back")
    _turn(page, 844, 390)
    # a card held shows large, and the lifted finger selects nothing
    card = page.locator(".hand-card").first.bounding_box()
    page.mouse.move(card["x"] + 8, card["y"] + 20)
    page.mouse.down()
    wait_for(page, "!!document.getElementById('peek')", 5, "the card large")
    time.sleep(0.4)                          # (it grows in for a moment)
    big = page.locator("#peek").bounding_box()
    assert big["width"] > card["width"] * 1.8
    page.mouse.up()
    time.sleep(0.2)
    assert page.locator("#peek").count() == 0 and page.locator(".hand-card.sel").count() == 0
    # a double tap on the stock draws one card, not two moves
    n = page.locator(".hand-card").count()
    stock = page.locator(".pile.stock").bounding_box()
    page.mouse.dblclick(stock["x"] + stock["width"] / 2, stock["y"] + stock["height"] / 3)
    wait_for(page, f"document.querySelectorAll('.hand-card').length === {n + 1}", 20, "the draw")
    time.sleep(0.5)
    assert page.locator(".hand-card").count() == n + 1
    assert not page.is_visible(".message-text"), page.inner_text("#message")
    # the selection lives through a turn of the phone
    page.locator(".hand-card").nth(1).click(position={"x": 6, "y": 16})
    wait_for(page, "document.querySelectorAll('.hand-card.sel').length === 1", 5, "a selection")
    chosen = page.get_attribute(".hand-card.sel", "data-card")
    _turn(page, 390, 844)
    assert page.get_attribute(".hand-card.sel", "data-card") == chosen
    assert problems(page) == []
    _turn(page, 844, 390)
    # a card dragged onto the discard pile is discarded
    cards = page.locator(".hand-card")
    last = cards.nth(cards.count() - 1)
    what = last.get_attribute("data-card")
    src = last.bounding_box()
    pile = page.locator(".pile.discard").bounding_box()
    page.mouse.move(src["x"] + 8, src["y"] + 20)
    page.mouse.down()
    page.mouse.move(src["x"] + 30, src["y"] - 20, steps=4)
    page.mouse.move(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2, steps=8)
    page.mouse.up()
    wait_for(page, f"!document.querySelector('.hand-card[data-card=\"{what}\"]') || "
             "!!document.querySelector('.message-text')", 20, "the discard")
    assert page.locator(f'.hand-card[data-card="{what}"]').count() == 0, page.inner_text("#message")
    assert page.errors == []
    ctx.close()


# (make test: the dialogs in Hindi and the summary in German; make soak: both in both)
@pytest.mark.parametrize("lang", [soak_only("de"), "hi"])
def test_the_lobby_and_every_dialog_fit_both_ways(browser, site, lang):
    ctx, page = _context(browser, site, (360, 640))
    page.goto(site + f"?lang={lang}")
    wait_for(page, "document.body.dataset.ready === '1' && !!document.querySelector('#start')",
             90, "the lobby")
    _fits(page, f"the lobby in {lang}")
    _open(page, mid_hand("indian", 6), f"&lang={lang}")
    for act in ("howto", "settings", "scores", "help"):
        for w, h in ((360, 640), (640, 360), (932, 430)):
            _turn(page, w, h)
            page.evaluate(f"document.querySelector('[data-act=\"{act}\"]').click()")
            wait_for(page, "!!document.querySelector('#dialogs [role=dialog]')", 10, act)
            found = page.evaluate(DIALOG)
            assert found == [], f"{act} at {w}x{h} in {lang}: {found}"
            page.keyboard.press("Escape")
            wait_for(page, "!document.querySelector('#dialogs [role=dialog]')", 10, "closed")
    assert page.errors == []
    ctx.close()


# a hand one move from its end: draw, meld the three hearts, discard the card drawn
GOING_OUT = ("basic | 0: 4h 5h 6h | 1: 2c 8c Jh 10s 7d Ks 9s | table: 1=Qs Qh Qd | melded: 1 "
             "| discard: 3d | stock: 8s 5s | turn: 0 | phase: draw | dealer: 1")


# how a hand's summary opened: scrolled by how much, its headline and every move inside the
# screen, and which move has the focus
OPENED = """(() => {
  const box = document.querySelector('#summary'), H = innerHeight, W = innerWidth;
  const inside = (e) => { const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= H && r.left >= 0 && r.right <= W; };
  return {scrolled: Math.round(box.scrollTop), headline: inside(box.querySelector('#sum-title')),
          moves: [...box.querySelectorAll('.sum-go button')].every(inside),
          focused: document.activeElement.dataset.act};
})()"""
# the page's frames held back (its animation callbacks kept, not called) until let go
HOLD = """(() => {
  window.held = [];
  window.rafWas = window.requestAnimationFrame;
  window.requestAnimationFrame = (f) => window.held.push(f);
})()"""
LET_GO = """(() => {
  window.requestAnimationFrame = window.rafWas;
  for (const f of window.held.splice(0)) window.rafWas.call(window, f);
})()"""


@pytest.mark.parametrize("lang", ["de", soak_only("hi")])
def test_the_hand_s_summary_and_share_fit_both_ways(browser, site, lang):
    """The last move of a hand is painted on the table first, and the hand's summary in a
    frame after it (the largest drawing of all: a phone's 200 ms, not waited for by the
    move); the summary and Share fit the screen. Held sideways, the summary opens at its
    top (its headline) with its moves in sight at its foot, the first of them focused."""
    ctx, page = _context(browser, site, (640, 360))
    _open(page, GOING_OUT, f"&lang={lang}")
    page.keyboard.press("d")
    wait_for(page, "document.querySelector('#table').dataset.phase === 'play'", 10, "the draw")
    hand = page.evaluate("[...document.querySelectorAll('.hand-card')].map(c => c.dataset.card)")
    for card in ("4h", "5h", "6h"):
        page.click(f'[data-act="card:{hand.index(card)}"]')
    page.click('[data-act="btn:meld"]')
    page.click('[data-act="card:0"]')
    page.evaluate(HOLD)
    page.click('[data-act="btn:discard"]')
    wait_for(page, "document.querySelector('#table').dataset.phase.endsWith('_over')", 10,
             "the last move on the table")
    time.sleep(0.5)
    assert not page.evaluate("!!document.querySelector('#summary-slot *')"), \
        "the summary came before the frame of the last move"
    page.evaluate(LET_GO)
    wait_for(page, "!!document.querySelector('#summary-slot [role=dialog]')", 20, "the summary")
    time.sleep(0.3)
    opened = page.evaluate(OPENED)
    assert opened == {"scrolled": 0, "headline": True, "moves": True, "focused": "review"}, opened
    _fits(page, f"the summary in {lang}")
    page.evaluate("document.querySelector('[data-act=\"share\"]').click()")
    wait_for(page, "!!document.querySelector('#dialogs [role=dialog]')", 10, "Share")
    _fits(page, f"Share in {lang}")
    assert page.errors == []
    ctx.close()


def test_the_friends_panel_and_the_join_page_fit_both_ways(browser, site):
    """The host's panel of links and codes (German), and the friend's page opened from a
    link, before and after the name (Hindi)."""
    ctx, host = _context(browser, site, (360, 640))
    host.goto(site + "?lang=de")
    wait_for(host, "document.body.dataset.ready === '1' && !!document.querySelector('#start')",
             90, "the lobby")
    host.click('[data-act="variant:gin"]')
    host.select_option('[data-field="level:0"]', "friend")
    host.click("#start")
    wait_for(host, "!!(document.getElementById('link-1') || {}).value", 30,
             "the friends' panel with its link")
    _fits(host, "the friends' panel")
    link = host.evaluate("document.getElementById('link-1').value")
    page, fragment = link.split("#", 1)
    gctx, guest = _context(browser, site, (360, 640))
    guest.goto(page + ("&" if "?" in page else "?") + "lang=hi#" + fragment)
    wait_for(guest, "document.body.dataset.ready === '1' && !!document.querySelector('#join-go')",
             90, "the join page")
    _fits(guest, "the join page")
    guest.fill("#join-name", "Bea")
    guest.click("#join-go")
    wait_for(guest, "!!(document.getElementById('join-code') || {}).value", 30, "the answer code")
    _fits(guest, "the join page's answer")
    assert host.errors == [] and guest.errors == []
    gctx.close()
    ctx.close()
