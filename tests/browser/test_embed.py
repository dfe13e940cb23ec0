"""Tutorial boards on a page of another site: the shipped tutorials, copied to a second
server whose pages load rami's embed script from the first (``localhost`` against
``127.0.0.1``: two origins, two sites), in Chromium.

Every request is recorded; any that goes anywhere but those two origins is refused and fails
the test."""

from __future__ import annotations

import time

import pytest

from rami.serve import serve_in_background
from tests.conftest import deep, soak_only

from .conftest import ROOT, devanagari_fonts, guard, wait_for

HOSTILE = """<style>
  /* a host page's careless CSS: it must not reach inside a board */
  div, p, span, button, svg { color: purple !important; border: 3px solid red !important;
                              font-size: 31px !important; background: yellow !important; }
</style>"""
STATES = "[...document.querySelectorAll('rami-board')].map(b => b.getAttribute('state'))"
SHEETS_IN = "[...document.querySelectorAll('link[rel=stylesheet]')].every(l => l.sheet)"


@pytest.fixture(scope="module")
def host(tmp_path_factory, site):
    """A second site holding the tutorials, with rami's files named by their full address."""
    rami = site.replace("127.0.0.1", "localhost")
    folder = tmp_path_factory.mktemp("host")
    for page in ("gin.html", "indian.html", "boards.html", "gin.fr.html", "indian.hi.html"):
        text = (ROOT / "dist" / "learn" / page).read_text()
        text = text.replace('"../static/', f'"{rami}static/').replace('"../index.html',
                                                                      f'"{rami}index.html')
        (folder / page).write_text(text.replace("</head>", HOSTILE + "</head>"))
    server, url = serve_in_background(str(folder))
    yield url, rami, folder
    server.shutdown()


@pytest.fixture
def tab(browser, host):
    url, rami, _ = host

    def open_(page: str, width: int = 1100, height: int = 900, dark: bool = False,
              block: tuple = (), hold: tuple = (), held: list | None = None):
        context = browser.new_context(viewport={"width": width, "height": height},
                                      color_scheme="dark" if dark else "light",
                                      service_workers="block")
        seen, offsite = guard(context, (url, rami))
        pg = context.new_page()
        for pattern in block:            # files that never arrive
            pg.route(pattern, lambda route: route.abort())
        for pattern in hold:             # files held back until the test lets them go
            pg.route(pattern, lambda route: held.append(route))
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(url + page, wait_until="domcontentloaded")
        pg.seen, pg.offsite, pg.errors = seen, offsite, errors
        contexts.append(context)
        return pg

    contexts = []
    yield open_
    for c in contexts:
        c.close()


def boards_ready(pg, count: int | None = None, timeout: float = 90):
    """Scroll every board into view (later ones start when near) and wait until each is
    drawn."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        states = pg.evaluate(STATES)
        if states and all(s and s != "loading" for s in states):
            return states
        for i, s in enumerate(states):
            if s == "loading":
                pg.locator("rami-board").nth(i).scroll_into_view_if_needed()
                break
        time.sleep(0.2)
    raise AssertionError(f"boards not drawn: {pg.evaluate(STATES)}")


def inside(pg, index: int, script: str):
    """Run ``script`` (a function body of ``root``, the board's shadow root)."""
    return pg.locator("rami-board").nth(index).evaluate(
        f"(el) => {{ const root = el.shadowRoot; {script} }}")


def say(pg, index: int) -> str:
    return inside(pg, index, "return root.querySelector('.rb-say').textContent;")


def press(pg, index: int, act: str) -> None:
    before = inside(pg, index, "return root.querySelector('.rb').outerHTML;")
    inside(pg, index, f"root.querySelector('[data-act=\"{act}\"]').click();")
    wait_for(pg, f"""document.querySelectorAll('rami-board')[{index}].shadowRoot
                     .querySelector('.rb').outerHTML !== {before!r}""", 20, f"press {act}")


def pick(pg, index: int, card: str) -> None:
    press(pg, index, inside(pg, index, f"""return root.querySelector('[data-card="{card}"]')
                                              .getAttribute('data-act');"""))


# -- the tutorials, from another site ---------------------------------------------------------
def test_the_gin_tutorial_works_from_another_site_with_one_runtime(tab, host):
    pg = tab("gin.html")
    states = boards_ready(pg)
    assert states == ["ready"] * 6
    url, rami, _ = host
    assert pg.offsite == [] and pg.errors == []
    assert {u.split("/")[2] for u in pg.seen} == {url.split("/")[2], rami.split("/")[2]}
    # six boards, one hidden frame of rami's, one Python runtime
    assert pg.evaluate("document.querySelectorAll('iframe').length") == 1
    assert sum(u.endswith("pyodide.asm.wasm") for u in pg.seen) == 1
    modes = [inside(pg, i, "return root.querySelector('.rb').className.split(' ')[1];")
             for i in range(6)]
    assert modes == ["rb-show", "rb-puzzle", "rb-puzzle", "rb-replay", "rb-replay",
                     "rb-puzzle"]
    # the host page's CSS stops at the board; the board's CSS stays inside
    look = inside(pg, 0, """const s = getComputedStyle(root.querySelector('.rb-say'));
                            return [s.color, s.fontSize, s.borderTopStyle];""")
    assert look[0] != "rgb(128, 0, 128)" and look[1] != "31px" and look[2] == "none"
    assert pg.evaluate("getComputedStyle(document.querySelector('p.lede')).color") == \
        "rgb(128, 0, 128)"
    assert pg.evaluate("""(() => { const d = document.createElement('div');
        d.className = 'rb card hand'; document.body.append(d);
        return getComputedStyle(d).position + ' ' + getComputedStyle(d).borderRadius; })()""") \
        == "static 0px"


@deep          # (make test: the Gin tutorial from another site, the Hindi one below)
def test_the_indian_tutorial_from_another_site(tab):
    pg = tab("indian.html")
    assert boards_ready(pg) == ["ready"] * 5 and pg.offsite == [] and pg.errors == []
    groups = inside(pg, 0, "return [...root.querySelectorAll('.group-label')]"
                           ".map(e => e.textContent);")
    assert groups.count("pure sequence") == 2 and "sequence" in groups and "set" in groups


def test_placeholders_have_the_boards_size_and_caption_before_python(tab):
    pg = tab("gin.html")
    # the host page's own stylesheet sets the column the boards fill: measured without it
    # (a slow machine, right after DOMContentLoaded), a caption wraps differently
    wait_for(pg, SHEETS_IN, 30, "the page's stylesheets")
    first = pg.evaluate("""[...document.querySelectorAll('rami-board')].map(b => [
        b.getAttribute('state'), Math.round(b.getBoundingClientRect().height),
        b.shadowRoot.querySelector('.rb-caption').textContent])""")
    assert all(state in ("loading", "ready") for state, _, _ in first)
    assert first[0][0] == "loading" and "the run A♥" in first[0][2]
    boards_ready(pg)
    after = pg.evaluate("""[...document.querySelectorAll('rami-board')].map(b =>
        Math.round(b.getBoundingClientRect().height))""")
    assert [h for _, h, _ in first] == after
    # the game's style.css loads on its own, after the board's sheet: the placeholders'
    # size must not wait for it (it once did: 2 px, its box-sizing, a flake under load)
    bare = tab("gin.html", block=("**/static/style.css", "**/board.html"))
    wait_for(bare, SHEETS_IN, 30, "the page's stylesheets")
    alone = bare.evaluate("""[...document.querySelectorAll('rami-board')].map(b => [
        b.getAttribute('state'), Math.round(b.getBoundingClientRect().height)])""")
    assert [s for s, _ in alone] == ["loading"] * len(after)
    assert [h for _, h in alone] == after


# -- replay ---------------------------------------------------------------------------------
def test_a_replay_steps_by_keys(tab):
    pg = tab("gin.html")
    boards_ready(pg)
    board = pg.locator("rami-board").nth(3)
    board.scroll_into_view_if_needed()
    inside(pg, 3, "root.querySelector('.rb').focus();")
    assert "The deal" in say(pg, 3)

    def key(name, expect):
        pg.keyboard.press(name)
        wait_for(pg, f"""document.querySelectorAll('rami-board')[3].shadowRoot
                         .querySelector('.rb-at').textContent.includes({expect!r})""", 20, name)

    key("ArrowRight", "Move 1 of 6")
    assert say(pg, 3).startswith("Bob drew 5♥.")             # every hand is revealed
    key("ArrowRight", "Move 2 of 6")
    assert "cannot see them" in say(pg, 3)
    key("End", "Move 6 of 6")
    assert "Ann knocks and scores 47" in say(pg, 3)
    assert inside(pg, 3, "return !!root.querySelector('.rb-summary');")
    key("ArrowLeft", "Move 5 of 6")
    assert "laid off 8♠ on Ann’s run" in say(pg, 3)
    key("Home", "The deal")
    # the step buttons do the same, and the board keeps focus for the keys
    press(pg, 3, "step:next")
    assert inside(pg, 3, "return root.querySelector('.rb-at').textContent;") == "Move 1 of 6"
    assert inside(pg, 3, "return !!root.activeElement;")


# -- puzzle -----------------------------------------------------------------------------------
def test_a_puzzle_tried_illegally_wrongly_and_solved(tab):
    pg = tab("gin.html")
    boards_ready(pg)
    k = 2                                           # the knocking puzzle
    pg.locator("rami-board").nth(k).scroll_into_view_if_needed()
    assert inside(pg, k, "return !!root.querySelector('[data-act=\"btn:knock\"]');") is False
    press(pg, k, "draw")
    assert "✓ Right: Ann drew K♥." in say(pg, k)
    pick(pg, k, "Jh")
    press(pg, k, "btn:knock")                       # illegal: said why, nothing moves
    assert say(pg, k).startswith("✗ To knock, your deadwood after discarding must be 10 or "
                                 "less: it would be")
    assert inside(pg, k, "return root.querySelectorAll('.hand-card').length;") == 11
    pick(pg, k, "Jh")                               # unselect it
    pick(pg, k, "9s")
    press(pg, k, "btn:discard")                     # legal, but a listed mistake
    words = say(pg, k)
    assert words.startswith("✗ Not this one: Ann discarded 9♠.") and "Knock now" in words
    assert inside(pg, k, "return root.querySelectorAll('.hand-card').length;") == 11
    assert pg.locator("rami-board").nth(k).get_attribute("state") == "ready"
    pick(pg, k, "9s")
    press(pg, k, "btn:knock")
    assert "Ann knocks with 6 deadwood." in say(pg, k)
    assert pg.locator("rami-board").nth(k).get_attribute("state") == "solved"
    press(pg, k, "reset")
    assert pg.locator("rami-board").nth(k).get_attribute("state") == "ready"
    press(pg, k, "answer")
    assert pg.locator("rami-board").nth(k).get_attribute("state") == "shown"
    assert say(pg, k).startswith("The answer: Ann drew K♥.")


# -- errors, sizes, themes ------------------------------------------------------------------
def test_a_bad_deal_says_what_and_where_on_the_board(tab):
    pg = tab("boards.html")
    states = boards_ready(pg)
    bad = states.index("error")
    assert states.count("error") == 1
    words = inside(pg, bad, "return root.querySelector('.rb-error').textContent;")
    assert "This board has a problem" in words and "'9x' is not a card" in words
    assert inside(pg, bad, "return root.querySelector('mark').textContent;") == "9x"
    assert inside(pg, bad, "return root.querySelector('.rb-caption').textContent;") == \
        "A deal with a typo."
    # every example shows its own HTML above it
    assert pg.evaluate("document.querySelectorAll('pre + rami-board').length") == len(states)
    # the author (or the page's script) fixes the deal: the board is drawn again
    pg.locator("rami-board").nth(bad).evaluate(
        "el => el.setAttribute('deal', el.getAttribute('deal').replace('9x', '9s') + "
        "' | discard: 8c')")
    wait_for(pg, f"document.querySelectorAll('rami-board')[{bad}].getAttribute('state') "
                 "=== 'ready'", 20, "the fixed board")
    assert inside(pg, bad, "return root.querySelectorAll('.hand-card').length;") == 10


@pytest.mark.parametrize("dark", [False, soak_only(True)])   # (the dark theme: below)
def test_a_board_fits_a_320_pixel_column_in_either_theme(tab, dark):
    pg = tab("gin.html", width=320, height=700, dark=dark)
    boards_ready(pg)
    assert pg.evaluate("document.scrollingElement.scrollWidth") <= 320
    widths = pg.evaluate("""[...document.querySelectorAll('rami-board')].map(b =>
        b.shadowRoot.querySelector('.rb').getBoundingClientRect().width)""")
    assert all(200 < w <= 320 - 2 * 18 + 1 for w in widths), widths
    # every card of the hand is on the board (none cut off by the column)
    hand = inside(pg, 0, """const r = root.querySelector('.rb').getBoundingClientRect();
        return [...root.querySelectorAll('.hand-card')].map(c => c.getBoundingClientRect())
          .every(c => c.left >= r.left - 1 && c.right <= r.right + 1);""")
    assert hand
    # ... and read: each hand card's index in sight, not under the next card (the table's
    # overlap, its cards' right margin, once added itself to the board's: 4 px of each
    # card showed), and no text on a card's face under 11 px
    for i in range(len(widths)):
        pg.locator("rami-board").nth(i).scroll_into_view_if_needed()
        hidden = inside(pg, i, """return [...root.querySelectorAll('.hand-card')].filter(c => {
            const b = c.getBoundingClientRect(), hit = root.elementFromPoint(b.left + 7, b.top + 12);
            return !(hit && (hit === c || c.contains(hit))); }).map(c => c.dataset.card);""")
        small = inside(pg, i, """return [...root.querySelectorAll('svg text')].filter(t => {
            const m = t.getScreenCTM(), r = t.getBoundingClientRect();
            if (!m || !r.width) return false;
            const hit = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            const card = t.ownerSVGElement.closest('.card, .pc, button') || t.ownerSVGElement;
            return hit && (hit === card || card.contains(hit)) &&
              parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) < 10.99;
          }).map(t => t.textContent);""")
        assert hidden == [] and small == [], (i, hidden, small)


def test_the_dark_theme_and_the_looks_attributes(tab):
    pg = tab("boards.html")
    states = boards_ready(pg)
    dark = next(i for i in range(len(states))
                if pg.locator("rami-board").nth(i).get_attribute("theme") == "dark")
    foot = inside(pg, dark, "return getComputedStyle(root.querySelector('.rb-foot'))"
                            ".backgroundColor;")
    rgb = [int(x) for x in foot[foot.index("(") + 1:foot.index(")")].split(",")[:3]]
    assert sum(rgb) < 150                           # a dark panel
    felt = inside(pg, dark, "return getComputedStyle(root.querySelector('.rb-wrap'))"
                            ".getPropertyValue('--rami-felt').trim();")
    assert felt == "#3b2a5a"
    small = inside(pg, dark, "return root.querySelector('.hand-card').getBoundingClientRect()"
                             ".width;")
    assert small <= 44 * .9 + 1                     # card-size="small": 44 px, tiles .9


@deep          # (make test: a puzzle by clicks, a replay by keys)
def test_a_puzzle_is_played_from_the_keyboard(tab):
    pg = tab("gin.html")
    boards_ready(pg)
    k = 2
    pg.locator("rami-board").nth(k).scroll_into_view_if_needed()
    inside(pg, k, "root.querySelector('button.hand-card[tabindex=\"0\"]').focus();")
    pg.keyboard.press("ArrowRight")
    assert inside(pg, k, "return root.activeElement.getAttribute('data-act');") == "card:1"
    pg.keyboard.press("Space")
    wait_for(pg, """document.querySelectorAll('rami-board')[2].shadowRoot
                    .querySelector('[data-act="card:1"]')
                    .getAttribute('aria-pressed') === 'true'""", 20, "the card selected")
    # the redrawn board keeps the focus on that card
    assert inside(pg, k, "return root.activeElement.getAttribute('data-act');") == "card:1"
    pg.keyboard.press("Tab")
    assert inside(pg, k, "return !!root.activeElement;")


# -- in the page's language ---------------------------------------------------------------
BOARD_SAID = """(() => [...document.querySelectorAll('rami-board')].map((b) => {
  const r = b.shadowRoot;
  const read = [...r.querySelectorAll('[aria-label],[title]')].map(e =>
    (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
  return r.querySelector('.rb').innerText + '\\n' + read.join('\\n');
}).join('\\n'))()"""


@pytest.mark.parametrize("page, lang", [("indian.hi.html", "hi"), soak_only("gin.fr.html", "fr")])
def test_a_translated_tutorial_s_boards_speak_its_language(tab, page, lang):
    """The boards of a page in Hindi (French) speak it, told by nothing but the page's own
    lang: no English of the catalogue in them, their moves said in it; Hindi drawn in the
    font rami ships (declared on the host page by the embed script)."""
    from tests.test_i18n import _english_of
    pg = tab(page)
    n = 5 if lang == "hi" else 6
    assert boards_ready(pg) == ["ready"] * n and pg.offsite == [] and pg.errors == []
    phrases, words = _english_of(lang)
    text = pg.evaluate(BOARD_SAID)
    lines = {x.strip() for x in text.split("\n")}
    assert sorted({p for p in phrases if p in text} | (words & lines)) == []
    if lang == "hi":
        groups = inside(pg, 0, "return [...root.querySelectorAll('.group-label')]"
                               ".map(e => e.textContent);")
        assert groups.count("प्योर सीक्वेंस") == 2
        press(pg, 2, "btn:draw")                       # the puzzle: draw, in Hindi
        assert say(pg, 2).startswith("✓ सही:")
        faces, wrong = devanagari_drawn(pg)
        assert wrong == [], faces
    else:
        press(pg, 1, "btn:take")                       # the upcard puzzle, in French
        assert say(pg, 1).startswith("✓ Juste :")


def devanagari_read(pg) -> list:
    """The page's words of Devanagari (its boards' too) drawn in another font than rami's;
    more than 20 words drawn in all."""
    drawn, wrong = devanagari_fonts(pg)
    assert drawn > 20
    return wrong


def devanagari_drawn(pg, wait: float = 5.0) -> tuple[list[str], list]:
    """Once every face the page asked for has come: its font faces, and its words drawn in
    another font (read again for up to ``wait`` s: a word is laid out again a frame or so
    after its face came)."""
    end = time.monotonic() + wait
    while True:
        pg.wait_for_function("document.fonts.status === 'loaded' && [...document.fonts]"
                             ".every(f => f.status !== 'loading')")
        wrong = devanagari_read(pg)
        if not wrong or time.monotonic() > end:
            faces = pg.evaluate("[...document.fonts].map(f => `${f.family} ${f.weight} ${f.status}`)")
            return faces, wrong
        pg.wait_for_timeout(250)


def test_a_font_that_comes_late_replaces_the_fallback(tab):
    """On a slow line the Hindi tutorial is drawn before its font comes: its words (headings,
    bold words, the boards' words) are laid out in the fallback (boxes here, where no font
    of the machine draws Devanagari) and must be drawn again in the font once it has come.
    (They stayed boxes for good while the stacks named it after an installed font.)"""
    held = []
    pg = tab("indian.hi.html", hold=("**/noto-sans-devanagari-*.woff2",), held=held)
    assert boards_ready(pg) == ["ready"] * 5 and pg.errors == []
    pg.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert len(held) >= 2                             # both faces asked for, neither come
    assert len(devanagari_read(pg)) > 20              # so its words are in the fallback
    for route in held:
        route.continue_()
    faces, wrong = devanagari_drawn(pg)
    assert wrong == [], faces


def test_a_board_told_its_language_speaks_it_on_an_english_page(tab):
    pg = tab("boards.html")
    boards_ready(pg)
    index = pg.evaluate("[...document.querySelectorAll('rami-board')].findIndex("
                        "b => b.getAttribute('lang') === 'ro')")
    assert index >= 0
    assert "Trageți" in inside(pg, index, "return root.querySelector('.rb-actions').innerText;")
    press(pg, index, "btn:draw")
    assert say(pg, index).startswith("✓ Corect:")
    # the English boards beside it stay English
    assert "Your move" in say(pg, 3) or "Meld" in say(pg, 3)
