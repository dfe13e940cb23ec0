"""Browser figures, in Debian's Chromium (run after `make dist`; `make bench-web` does both):

1. Start-up, from one run that alternates the pages (so drift on a busy machine hits each
   alike), N rounds of:
   * bare Pyodide, cold: the stock runtime as npm ships it, load plus ``import sys``: the
     baseline the issue's ratios are taken against;
   * bare Pyodide with the runtime rami vendors (its standard library precompiled), cold: to
     show what that alone does;
   * rami, cold: a new browser context (empty cache and storage), from navigation to the
     lobby drawn by Python with the Deal button working (``window.ramiReadyAt``);
   * rami, repeat visits: in the same context, once its service worker has precached the
     game, a new page opened on the site, twice. The first repeat visit runs Pyodide's
     WebAssembly as freshly compiled code (Chromium keeps an optimised copy beside the cached
     file only after a visit served from that cache); later visits start from that copy.
   It prints each page's median, the two ratios, the longest main-thread task during a
   start, how the progress bar moved (its largest jump, the longest time between steps),
   and the size of the precache (the files sw.js lists, and what Cache Storage holds).
2. Responsiveness: a Basic Rummy match and an Indian rummy pool, each with five bots at the
   fastest pace, the person's moves made by clicks; the longest main-thread task (Long
   Tasks API) during bot turns, and the longest single bot move (the bot's thinking plus
   redrawing the table).

    python benchmarks/web.py [--loads N] [--bot-moves N]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import statistics
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.serve import serve_in_background  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM, wait_for  # noqa: E402
from tests.browser.test_table import my_move, take_turn  # noqa: E402

RAMI = "dist/index.html"
BARE = "benchmarks/bare.html"
BARE_DIST = "benchmarks/bare.html?runtime=dist"


def start(page, url: str) -> dict:
    """Open ``url`` and wait until it is interactive; its start-up figures."""
    page.goto(url)
    wait_for(page, "document.body.dataset.ready === '1'", 180, url)
    data = page.evaluate("""() => ({ready: window.ramiReadyAt,
      tasks: (window.ramiLongTasks || []).filter(([t]) => t <= window.ramiReadyAt),
      steps: window.ramiProgress || []})""")
    jump, wait = bar_figures(data["steps"], data["ready"])
    return {"ready": data["ready"], "jump": jump, "wait": wait,
            "longest_task": max((d for _, d in data["tasks"]), default=0.0)}


def bezier(x: float, p1=(.1, .6), p2=(.3, 1)) -> float:
    """The CSS timing function static/boot.js creeps with: its progress at time ``x``."""
    lo, hi = 0.0, 1.0
    for _ in range(40):                  # solve bx(t) = x for t, then return by(t)
        t = (lo + hi) / 2
        bx = 3 * (1 - t) ** 2 * t * p1[0] + 3 * (1 - t) * t ** 2 * p2[0] + t ** 3
        lo, hi = (t, hi) if bx < x else (lo, t)
    return 3 * (1 - t) ** 2 * t * p1[1] + 3 * (1 - t) * t ** 2 * p2[1] + t ** 3


def bar_figures(steps: list, ready: float) -> tuple[float, float]:
    """How the progress bar moved until the page was ready: its largest jump (a step less
    where the creep since the last step had already brought it) and the longest time
    between two real steps. Each step is [time, percent, creep to, over seconds, when the
    creep started on the screen] (a creep starts with the next frame the page paints, so
    not during a long task)."""
    jump, wait = 0.0, 0.0
    steps = steps + [[ready, 100, 100, 0, None]]
    for (t0, v0, to, secs, began), (t1, v1, *_) in zip(steps, steps[1:]):
        shown = v0
        if secs and began is not None and began < t1:
            shown += (to - v0) * bezier(min(1.0, (t1 - began) / (secs * 1000)))
        jump, wait = max(jump, v1 - shown), max(wait, t1 - t0)
    return jump, wait


def cold(browser, url: str) -> dict:
    ctx = browser.new_context()           # a new context: empty cache, empty storage
    page = ctx.new_page()
    figures = start(page, url)
    ctx.close()
    return figures


def cold_and_repeat(browser, url: str) -> tuple[dict, dict, dict, int]:
    """A first visit, then (its service worker in control, the game precached) two more."""
    ctx = browser.new_context()
    page = ctx.new_page()
    first = start(page, url)
    wait_for(page, "navigator.serviceWorker.controller !== null", 120, "the service worker")
    wait_for(page, """caches.keys().then(async (names) => {
        for (const n of names) if ((await (await caches.open(n)).keys()).length) return true;
        return false; })""", 120, "the precache")
    page.close()
    repeats = []
    for _ in range(2):
        page = ctx.new_page()
        repeats.append(start(page, url))
        if not page.evaluate("navigator.serviceWorker.controller !== null"):
            raise SystemExit("the repeat visit was not served by the service worker")
        usage = page.evaluate("navigator.storage.estimate().then((e) => e.usage)")
        page.close()
    ctx.close()
    return first, repeats[0], repeats[1], usage


def precache_size() -> tuple[int, int]:
    sw = (ROOT / "dist" / "sw.js").read_text()
    files = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    return len(files), sum((ROOT / "dist" / f).stat().st_size for f in files)


def indian_turn(page, s) -> None:
    """The person's Indian move by clicks: pick from the closed deck, group the best way,
    let go of the card that grouping leaves apart; show when someone declares."""
    enabled = s["enabled"]
    if "btn:show" in enabled:
        return page.click('[data-act="btn:show"]')
    if "btn:rejoin" in enabled:
        return page.click('[data-act="btn:rejoin"]')
    if "btn:draw" in enabled:
        return page.click('[data-act="draw"]')
    page.click('[data-act="sort:best"]')
    page.click(f'[data-act="card:{len(s["hand"]) - 1}"]')
    page.click('[data-act="btn:discard"]')


def responsiveness(browser, site: str, moves: int, variant: str = "basic",
                   level: str = "good", query: str = "") -> dict:
    """Bot moves on the real page, the person's made by clicks: main-thread tasks over 50 ms
    during bot turns, and each move's time. The bots think in their worker once it is ready
    (measured from then on), or on the page's thread with ``query="?bots=page"``."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.errors = []
    page.goto(site + query)
    wait_for(page, "document.body.dataset.ready === '1'", 180)
    page.click(f'[data-act="variant:{variant}"]')
    if variant != "gin":
        page.select_option('[data-field="players"]', "6")
    levels = page.locator('[data-field^="level:"]')
    for i in range(levels.count()):
        levels.nth(i).select_option(level)
    if variant == "indian":
        page.click(".house summary")
        page.select_option('[data-opt="format"]', "pool101")
    turn = indian_turn if variant == "indian" else take_turn

    def deal():
        page.click("#start")
        wait_for(page, "!!document.querySelector('#table')")
        page.select_option("#pace", "instant")

    deal()
    wait_for(page, "['ready', 'page', 'failed'].includes(document.documentElement.dataset.bots)",
             120, "the bots' worker")
    page.evaluate("window.ramiLongTasks.length = 0; window.ramiBotSpans.length = 0;"
                  "window.ramiBotMoves.length = 0; window.ramiBotThinks = [];"
                  "window.ramiWorkerMoves.length = 0")
    while page.evaluate("window.ramiBotMoves.length") < moves:
        s = my_move(page, 120)
        if not s["summary"]:
            turn(page, s)
        elif page.locator("#rejoin").count():
            page.click("#rejoin")
        elif page.locator("#next").count():
            page.click("#next")
        elif page.locator("#again").count():    # the match is over: another one
            page.click("#again")
            deal()
        else:                                   # a bot is deciding whether to rejoin
            page.wait_for_timeout(50)
    data = page.evaluate("({tasks: window.ramiLongTasks, spans: window.ramiBotSpans,"
                         " moves: window.ramiBotMoves, thinks: window.ramiBotThinks,"
                         " worker: window.ramiWorkerMoves.length,"
                         " where: document.documentElement.dataset.bots})")
    ctx.close()
    spans = data["spans"]
    during = [d for start, d in data["tasks"]
              if any(a - 1 <= start <= b for a, b in spans)]
    times = [b - a for a, b in data["moves"]]
    thinks = sorted(b - a for a, b in data["thinks"]) or [0.0]
    return {"bot_moves": len(times), "stretches": len(spans), "in_worker": data["worker"],
            "bots": data["where"],
            "longest_task_ms": max(during, default=0.0), "long_tasks": len(during),
            "longest_move_ms": max(times, default=0.0),
            "median_move_ms": statistics.median(times) if times else 0.0,
            "median_think_ms": statistics.median(thinks),
            "p95_think_ms": thinks[min(len(thinks) - 1, int(.95 * len(thinks)))],
            "longest_think_ms": thinks[-1]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--bot-moves", type=int, default=200)
    args = ap.parse_args()
    if not (ROOT / "dist" / "sw.js").exists() or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("run `make dist` first", file=sys.stderr)
        return 1
    server, site = serve_in_background(str(ROOT))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        rows = {k: [] for k in ("bare", "bare_dist", "cold", "repeat", "later")}
        usage = 0
        for _ in range(args.loads):          # interleaved: drift hits every page alike
            rows["bare"].append(cold(browser, site + BARE))
            first, second, third, usage = cold_and_repeat(browser, site + RAMI)
            rows["cold"].append(first)
            rows["repeat"].append(second)
            rows["later"].append(third)
            rows["bare_dist"].append(cold(browser, site + BARE_DIST))
        med = {k: statistics.median(r["ready"] for r in v) for k, v in rows.items()}
        names = {"bare": "bare Pyodide (npm), cold", "bare_dist":
                 "bare Pyodide (rami's runtime), cold", "cold": "rami lobby, cold",
                 "repeat": "rami lobby, first repeat visit",
                 "later": "rami lobby, later repeat visit"}
        print(f"Start-up, {args.loads} rounds alternating the pages (ms from navigation to "
              "interactive):")
        for key, name in names.items():
            ts = [r["ready"] for r in rows[key]]
            print(f"  {name:36s} median {med[key]:6.0f}   min {min(ts):6.0f}   "
                  f"max {max(ts):6.0f}")
        print(f"  cold ratio, rami / bare Pyodide:          {med['cold'] / med['bare']:.2f}"
              "   (at most 0.8)")
        print(f"  repeat-visit ratio, rami / bare cold:     {med['repeat'] / med['bare']:.2f}"
              f" first, {med['later'] / med['bare']:.2f} later   (at most 0.5)")
        for key in ("cold", "repeat", "later"):
            r = rows[key]
            print(f"  {names[key]}: longest main-thread task "
                  f"{max(x['longest_task'] for x in r):.0f} ms (median of the loads' longest "
                  f"{statistics.median(x['longest_task'] for x in r):.0f}); progress bar: "
                  f"largest jump {max(x['jump'] for x in r):.0f} % (it creeps between "
                  f"steps), longest time between steps {max(x['wait'] for x in r):.0f} ms")
        n, size = precache_size()
        print(f"  precache: {n} files, {size / 1e6:.1f} MB (sw.js); Cache Storage and the "
              f"rest of the site's storage after a visit: {usage / 1e6:.1f} MB")
        for variant, title in (("basic", "Basic Rummy"), ("indian", "Indian rummy, pool 101")):
            r = responsiveness(browser, site + RAMI, args.bot_moves, variant)
            print(f"Bot turns ({title}, 6 players, fastest pace, the person's moves by "
                  "clicks):")
            print(f"  {r['bot_moves']} bot moves in {r['stretches']} stretches; "
                  f"bot move + redraw: median {r['median_move_ms']:.1f} ms, "
                  f"longest {r['longest_move_ms']:.1f} ms")
            print(f"  main-thread tasks over 50 ms during bot turns: {r['long_tasks']}, "
                  f"longest {r['longest_task_ms']:.0f} ms (limit 100)")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
