"""Screenshots of the page for docs/screenshots/: the lobby, a table mid-hand with melds, the
score summary, Indian rummy's grouped hand, declaration and declaration screen, 500 Rum's
spread pile (a deep pick, its duty, the table after), the start's progress, a new version
offered at a summary and mentioned during a hand, Push (the draw, the readings of a
contract, the table after it), tile Rami (an initial meld selected, the row, a Joly
swap), full tables (eight and six players), and the tutorials' boards (placeholders before
Python, a puzzle answered wrongly and rightly, a replay at its scoring, Indian rummy's
declaration, a dark board, a board's error), at 1280x800 and 390x844 (served from dist/, in
Debian's Chromium).

    python scripts/screenshots.py [out_dir [WxH,WxH]]      # after make dist
"""

from __future__ import annotations

import pathlib
import sys
import time
import urllib.parse

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.serve import serve_in_background  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tour import shoot_tour  # noqa: E402  (scripts/tour.py)

# Basic Rummy, three players, with melds and a lay-off on the table
SIZES = tuple(tuple(int(x) for x in s.split("x")) for s in
              (sys.argv[2].split(",") if len(sys.argv) > 2 else ["1280x800", "390x844"]))
MID_HAND = ("basic | 0: 4h 5h 6h 7h Qc 9d 8c | 1: 2c 9c Jh 10s 7d Ks 9s | "
            "2: Ah 2h Js Jd 10h 4c 8h | table: 1=Qs Qh Qd; 2=5c 6c 7c; 1=3s 4s 5s | "
            "discard: 3d 10d Kh | stock: 8s 5d | turn: 0 | phase: draw | dealer: 2 | "
            "scores: 35,12,60 | hand: 3")


def select(page, *cards: str) -> None:
    for card in cards:
        hand = page.evaluate("[...document.querySelectorAll('.hand-card')]"
                             ".map(c => c.dataset.card)")
        # the left edge: in a crowded hand the next card covers the rest
        page.click(f'[data-act="card:{hand.index(card)}"]', position={"x": 5, "y": 30})


def shoot(browser, url: str, size: tuple[int, int], out: pathlib.Path) -> None:
    w, h = size
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
    page = ctx.new_page()

    def ready():
        end = time.monotonic() + 120
        while not page.evaluate("document.body.dataset.ready === '1'"):
            if time.monotonic() > end:
                raise TimeoutError("page did not start")
            time.sleep(0.1)

    page.goto(url)
    ready()
    page.screenshot(path=str(out / f"lobby-{w}x{h}.png"))
    page.goto(url + "?deal=" + urllib.parse.quote(MID_HAND))
    ready()
    page.click('[data-act="draw"]')
    select(page, "4h", "5h", "6h", "7h")
    page.click('[data-act="btn:meld"]')
    select(page, "Qc")
    page.click('[data-act="meld:0"]')
    select(page, "8c")
    page.click('[data-act="meld:1"]')
    select(page, "9d")
    time.sleep(0.6)
    page.screenshot(path=str(out / f"table-{w}x{h}.png"))
    # the end of a hand: a gin deal where the person knocks at once
    gin = ("gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h "
           "| discard: Kd | stock: 2s 6d | turn: 0 | phase: draw | dealer: 1 | scores: 41,18 "
           "| hand: 4")
    page.goto(url + "?deal=" + urllib.parse.quote(gin))
    ready()
    page.select_option("#pace", "instant")
    page.click('[data-act="draw"]')
    select(page, "Kc")
    page.click('[data-act="btn:knock"]')
    end = time.monotonic() + 60
    while not page.evaluate("!!document.querySelector('#summary')"):
        if time.monotonic() > end:
            raise TimeoutError("no summary")
        time.sleep(0.1)
    time.sleep(0.6)
    page.screenshot(path=str(out / f"summary-{w}x{h}.png"))
    # a new version ready (as the service worker says it): offered between hands ...
    page.evaluate(UPDATE_READY)
    page.wait_for_selector("#update-now")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"update-offer-{w}x{h}.png"))
    # ... only mentioned during one
    page.goto(url + "?deal=" + urllib.parse.quote(MID_HAND))
    ready()
    page.evaluate(UPDATE_READY)
    page.wait_for_selector("#update .update-note")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"update-note-{w}x{h}.png"))
    shoot_loading(browser, url, size, out)
    shoot_indian(page, url, size, out, ready)
    shoot_rum500(page, url, size, out, ready)
    shoot_push(page, url, size, out, ready)
    shoot_tiles(page, url, size, out, ready)
    shoot_crowds(page, url, size, out, ready)
    shoot_hint(page, url, size, out, ready)
    ctx.close()
    shoot_around(browser, url, size, out)
    shoot_tutorials(browser, url, size, out)


UPDATE_READY = "window.ramiUpdateReady = true; dispatchEvent(new CustomEvent('rami:update-ready'))"


def shoot_loading(browser, url: str, size, out: pathlib.Path) -> None:
    """The start, held where Python has started and the engine is on its way (service worker
    blocked); and a first visit, the service worker's download held at the runtime."""
    for held_file, name, worker in (("rami.zip", "loading", "block"),
                                    ("pyodide.asm.wasm", "loading-download", "allow")):
        w, h = size
        ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1,
                                  service_workers=worker)
        held = []
        ctx.route(f"**/{held_file}", lambda route: held.append(route))   # answered after
        page = ctx.new_page()
        page.goto(url)
        end = time.monotonic() + 60
        while not held:
            if time.monotonic() > end:
                raise TimeoutError(f"{held_file} was never asked for")
            page.wait_for_timeout(50)
        page.wait_for_timeout(700)
        page.screenshot(path=str(out / f"{name}-{w}x{h}.png"))
        for route in held:
            route.continue_()
        ctx.close()


BOARDS = "[...document.querySelectorAll('rami-board')]"


def shoot_tutorials(browser, url: str, size, out: pathlib.Path) -> None:
    """The tutorial pages: their placeholders (the boards' runtime held back), then boards
    looked at, stepped through and played."""
    w, h = size
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1,
                              service_workers="block")
    held = []
    ctx.route("**/board.html", lambda route: held.append(route))
    page = ctx.new_page()
    page.goto(url + "learn/gin.html", wait_until="domcontentloaded")
    wait(page, "document.querySelector('rami-board')", "the boards")
    page.evaluate("document.getElementById('melds').scrollIntoView()")
    time.sleep(0.4)
    page.screenshot(path=str(out / f"learn-placeholder-{w}x{h}.png"))
    for route in held:
        route.continue_()
    ctx.unroute("**/board.html")

    def drawn():
        wait(page, f"{BOARDS}.every(b => b.getAttribute('state') !== 'loading')", "boards", 90)

    def board(i: int):
        return page.locator("rami-board").nth(i)

    def press(i: int, act: str) -> None:
        board(i).evaluate(f"""el => el.shadowRoot.querySelector('[data-act="{act}"]').click()""")
        time.sleep(0.4)

    def pick(i: int, card: str) -> None:
        press(i, board(i).evaluate(f"""el => el.shadowRoot.querySelector('[data-card="{card}"]')
                                       .getAttribute('data-act')"""))

    for i in range(6):
        board(i).scroll_into_view_if_needed()
        time.sleep(0.1)
    drawn()
    page.evaluate("document.getElementById('knock').scrollIntoView()")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"learn-gin-{w}x{h}.png"))
    press(2, "draw")
    pick(2, "9s")
    press(2, "btn:discard")
    board(2).screenshot(path=str(out / f"learn-puzzle-wrong-{w}x{h}.png"))
    pick(2, "9s")
    press(2, "btn:knock")
    board(2).screenshot(path=str(out / f"learn-puzzle-solved-{w}x{h}.png"))
    press(4, "step:last")
    board(4).screenshot(path=str(out / f"learn-replay-end-{w}x{h}.png"))
    page.goto(url + "learn/indian.html")
    for i in range(5):
        board(i).scroll_into_view_if_needed()
        time.sleep(0.1)
    drawn()
    press(2, "draw")
    press(2, "sort:best")
    pick(2, "Kd")
    press(2, "btn:declare")
    board(2).screenshot(path=str(out / f"learn-indian-declare-{w}x{h}.png"))
    page.goto(url + "learn/boards.html")
    for i in range(page.locator("rami-board").count()):
        board(i).scroll_into_view_if_needed()
        time.sleep(0.1)
    drawn()
    states = page.evaluate(f"{BOARDS}.map(b => b.getAttribute('theme') + ' ' + "
                           "b.getAttribute('state'))")
    board(next(i for i, s in enumerate(states) if s.startswith("dark"))).screenshot(
        path=str(out / f"learn-dark-{w}x{h}.png"))
    board(next(i for i, s in enumerate(states) if s.endswith("error"))).screenshot(
        path=str(out / f"learn-error-{w}x{h}.png"))
    ctx.close()


def shoot_crowds(page, url: str, size, out: pathlib.Path, ready) -> None:
    """Full tables: 500 Rum with eight players and six melds, Indian rummy with six players
    answering a declaration."""
    from tests.positions import crowded
    w, h = size
    for name, deal in (("rum500-8-seats", crowded("rum500", 8, melds=6, pile=8)),
                       ("indian-6-seats", crowded("indian", 6, show=True))):
        page.goto(url + "?deal=" + urllib.parse.quote(deal))
        ready()
        time.sleep(0.5)
        page.screenshot(path=str(out / f"{name}-{w}x{h}.png"))


# Indian rummy, a pool of four, nines wild: the person picks the 5h, groups and declares
INDIAN = ("indian format=pool101 | 0: 2h 3h 4h 6s 7s 8s Kc Kd Ks Qc Qd Jk 10c "
          "| 1: Ah 3c 5d 7c 9s Jh Kh 2d 4s 6h 8d 10s Qs "
          "| 2: 2c 4c 6d 8c Jd Js 3d 5s 7h Qh Ac As 10h "
          "| 3: 3s 5s 6c 7d 8h 9h 10d Jc Qs Kd 2s 4d 6d "
          "| joker: 9d | discard: 5c Kh 4d | stock: 5h | turn: 0 | phase: draw | dealer: 3 "
          "| scores: 24 61 0 35 | hand: 3")


def wait(page, js: str, what: str, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while not page.evaluate(js):
        if time.monotonic() > end:
            raise TimeoutError(what)
        time.sleep(0.1)


def shoot_indian(page, url: str, size, out: pathlib.Path, ready) -> None:
    """The grouped hand mid-deal, then the declaration screen."""
    w, h = size
    page.goto(url + "?deal=" + urllib.parse.quote(INDIAN))
    ready()
    page.select_option("#pace", "instant")
    page.click('[data-act="draw"]')
    wait(page, "document.querySelectorAll('.hand-card').length === 14", "the pick")
    page.click('[data-act="sort:best"]')
    page.click('[data-act="card:13"]')          # "best" puts the card to let go at the end
    time.sleep(0.4)
    page.screenshot(path=str(out / f"indian-table-{w}x{h}.png"))
    page.click('[data-act="btn:declare"]')
    time.sleep(0.3)
    page.screenshot(path=str(out / f"indian-confirm-{w}x{h}.png"))
    page.click("#confirm-go")
    wait(page, "!!document.querySelector('#summary')", "the declaration screen")
    time.sleep(0.6)
    page.screenshot(path=str(out / f"indian-declaration-{w}x{h}.png"))


# 500 Rum in partnership: the person picks the 9h from deep in the pile, melds it and more
RUM500 = ("rum500 partnership=on | 0: 7h 8h Kc Kd 3s 2c Qd | 1: 2d 3d 5h 6c 9s Jd Qh "
          "| 2: 5s 6s 7c 8c Jh Qc Ac | 3: 5d 6h 7d 8s 10d 10h As "
          "| table: 1=10s Js Qs Ks@0; 2=4d 4c 4h; 3=Ah 2h 3h "
          "| discard: 5c 9d Jc 9h 4s 6d Kh 2s 10c 8d 3c | turn: 0 | phase: draw | dealer: 3 "
          "| melded: 0 1 2 3 | scores: 120 85 | hand: 3")


def shoot_rum500(page, url: str, size, out: pathlib.Path, ready) -> None:
    w, h = size
    page.goto(url + "?deal=" + urllib.parse.quote(RUM500))
    ready()
    page.click('[data-act="pile:3"]', position={"x": 6, "y": 12})
    time.sleep(0.3)
    page.screenshot(path=str(out / f"rum500-pick-{w}x{h}.png"))
    page.click('[data-act="pile:3"]', position={"x": 6, "y": 12})
    time.sleep(0.3)
    page.screenshot(path=str(out / f"rum500-duty-{w}x{h}.png"))
    select(page, "7h", "8h", "9h")
    page.click('[data-act="btn:meld"]')
    select(page, "Kc", "Kd", "Kh")
    page.click('[data-act="btn:meld"]')
    select(page, "4s")
    page.click('[data-act="meld:1"]')
    select(page, "2c")
    time.sleep(0.4)
    page.screenshot(path=str(out / f"rum500-table-{w}x{h}.png"))


# Push, partnership, deal 2 (a set of three and a run of four): Bob has laid his contract;
# the person pushes the K♦ to Bob, then lays a contract whose joker could be 3♠ or 7♠
PUSH = ("push | 0: 8h 8d 8c 4s 5s 6s Jk Kc | 1: 9h 9s 3d 5d Ad 10h Kh "
        "| 2: 3c 4c 7d 7h Qd Ks 10s | 3: 5h 6h Jd Jh 4d 9s 6d 10d Ac "
        "| table: 1=Qh Qd Qs; 1=9c 10c Jc Qc | discard: 6c Kd | stock: 2h 9d "
        "| turn: 0 | phase: draw | dealer: 3 | scores: 85 60 | hand: 2")


def shoot_push(page, url: str, size, out: pathlib.Path, ready) -> None:
    w, h = size
    page.goto(url + "?deal=" + urllib.parse.quote(PUSH))
    ready()
    page.select_option("#pace", "instant")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"push-draw-{w}x{h}.png"))
    page.click('[data-act="draw"]')                # the stock: push
    select(page, "8h", "8d", "8c", "4s", "5s", "6s", "Jk")
    page.click('[data-act="btn:contract"]')
    time.sleep(0.4)
    page.screenshot(path=str(out / f"push-readings-{w}x{h}.png"))
    page.click('[data-act="reading:1"]')
    select(page, "Kc")
    time.sleep(0.4)
    page.screenshot(path=str(out / f"push-table-{w}x{h}.png"))


def shoot_tiles(page, url: str, size, out: pathlib.Path, ready) -> None:
    """Tile Rami: the rack with an initial meld selected, then a row pickup and a Joly swap."""
    from tests.browser.test_tiles import OPEN, ROW
    w, h = size
    page.goto(url + "?deal=" + urllib.parse.quote(OPEN))
    ready()
    page.select_option("#pace", "instant")
    select(page, "r10", "r11", "r12", "y9", "b9", "k9", "k5", "k6", "k7")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"tiles-open-{w}x{h}.png"))
    page.goto(url + "?deal=" + urllib.parse.quote(ROW))
    ready()
    page.select_option("#pace", "instant")
    select(page, "y5", "y6")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"tiles-row-{w}x{h}.png"))
    page.click('[data-act="row:1"]')
    select(page, "r7", "b5", "k5")
    page.click('[data-act="meld:0"]')
    time.sleep(0.4)
    page.screenshot(path=str(out / f"tiles-swap-{w}x{h}.png"))


HINT_DEAL = ("gin | 0: As 2s 3s 7h 7d 7c 9c 8d Kd Qc 2d | 1: Ks Kc Kh 2h 3h 5c 6c 8s 10d 10s "
             "| discard: 4s | turn: 0 | phase: play | dealer: 1")


def shoot_hint(page, url: str, size, out: pathlib.Path, ready) -> None:
    """A hint lit up on the table, and the lobby's three levels."""
    w, h = size
    page.goto(url + "?deal=" + urllib.parse.quote(HINT_DEAL))
    ready()
    page.keyboard.press("i")
    wait(page, "!!document.querySelector('.message-text.hint')", "the hint")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"hint-{w}x{h}.png"))
    page.goto(url)
    ready()
    page.click('[data-act="variant:basic"]')
    page.select_option('[data-field="players"]', "3")
    page.select_option('[data-field="level:0"]', "expert")
    page.select_option('[data-field="level:1"]', "beginner")
    page.locator(".bots").screenshot(path=str(out / f"levels-{w}x{h}.png"))


def top_act(page, act: str) -> None:
    """Press a button of the table's top bar (on a phone, inside its Menu)."""
    if page.is_visible('#top [data-act="menu"]'):
        page.click('#top [data-act="menu"]')
    page.click(f'#top [data-act="{act}"]')


def looks(page, deck: str, size: str, shot: pathlib.Path | None = None) -> None:
    """Set the deck's colours and the card size in the Settings dialog (and take its
    picture)."""
    top_act(page, "settings")
    wait(page, "!!document.querySelector('#settings')", "the settings")
    page.check(f'[data-field="set:deck"][value="{deck}"]')
    page.check(f'[data-field="set:size"][value="{size}"]')
    if shot is not None:
        time.sleep(0.3)
        page.screenshot(path=str(shot))
    page.click('#settings [data-act="close"]')


def shoot_around(browser, url: str, size, out: pathlib.Path) -> None:
    """What players expect around the table: how to play, pass-and-play's cover, settings
    (the four-colour deck, large cards), statistics, a match kept in the second slot."""
    w, h = size
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
    page = ctx.new_page()

    def ready():
        wait(page, "document.body.dataset.ready === '1'", "the page", 120)

    page.goto(url)
    ready()
    page.click('[data-act="variant:gin"]')
    page.click('.lobby-learn [data-act="howto"]')
    wait(page, "!!document.querySelector('#howto')", "how to play")
    time.sleep(0.4)
    page.screenshot(path=str(out / f"howto-{w}x{h}.png"))
    page.keyboard.press("Escape")
    # pass-and-play: two persons at Gin
    page.select_option('[data-field="level:0"]', "person")
    page.fill('[data-field="seatname:0"]', "Bea")
    page.dispatch_event('[data-field="seatname:0"]', "change")
    page.locator(".bots").screenshot(path=str(out / f"pass-and-play-lobby-{w}x{h}.png"))
    page.click("#start")
    wait(page, "!!document.querySelector('#table') || !!document.querySelector('#cover')",
         "the table")
    if not page.evaluate("!!document.querySelector('#cover')"):
        page.click('[data-act="btn:pass"]')
        wait(page, "!!document.querySelector('#cover')", "the cover")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"pass-and-play-cover-{w}x{h}.png"))
    page.click("#takeover")
    wait(page, "!!document.querySelector('#table')", "the table")
    # settings: four colours, large cards
    looks(page, "four", "large", out / f"settings-{w}x{h}.png")
    time.sleep(0.5)
    page.screenshot(path=str(out / f"four-colour-{w}x{h}.png"))
    looks(page, "two", "normal")
    # a new match while this one runs: keep it in the second slot
    top_act(page, "lobby")
    page.click('[data-act="variant:basic"]')
    page.click("#start")
    wait(page, "!!document.querySelector('#newgame')", "the question")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"new-game-{w}x{h}.png"))
    page.click('[data-act="newgame-keep"]')
    wait(page, "!!document.querySelector('#table')", "the new table")
    top_act(page, "lobby")
    wait(page, "!!document.querySelector('.saved')", "the saved matches")
    page.locator(".saved").screenshot(path=str(out / f"saved-matches-{w}x{h}.png"))
    # statistics, as a few finished matches leave them
    page.evaluate("""localStorage.setItem('rami.stats', JSON.stringify({seen: [], variants: {
      gin: {games: 4, won: 3, hands: 17, hands_won: 10, best: 214, total: 612, streak: 2,
            best_streak: 2},
      basic: {games: 2, won: 1, hands: 9, hands_won: 5, best: 131, total: 214, streak: 1,
              best_streak: 1},
      indian: {games: 5, won: 2, hands: 5, hands_won: 2, best: 0, total: 97, streak: 0,
               best_streak: 1}}}))""")
    page.reload()
    ready()
    top_act(page, "lobby")          # a reload resumes the match
    page.click('[data-act="stats"]')
    wait(page, "!!document.querySelector('#stats')", "the statistics")
    time.sleep(0.3)
    page.screenshot(path=str(out / f"statistics-{w}x{h}.png"))
    ctx.close()


def main() -> int:
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    server, url = serve_in_background(str(ROOT / "dist"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size in SIZES:
            shoot(browser, url, size, out)
        shoot_tour(browser, url, out / "tour")       # every game at 2 to 8 seats, 3 sizes
        browser.close()
    server.shutdown()
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
