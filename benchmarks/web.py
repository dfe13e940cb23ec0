"""Browser figures, in Debian's Chromium (run after `make build`):

1. Start-up: time from navigation to an interactive lobby (``performance.now()`` when the
   lobby is drawn), cold cache, median of N loads; in the same run, a bare Pyodide page
   (load plus ``import sys``) from the same vendored files, and the ratio of the two. Also
   the page with the engine installed by micropip (``packages``) instead of unpacked
   through ``[files]``, the choice docs/web.md explains.
2. Responsiveness: a Basic Rummy match and an Indian rummy pool, each with five bots at the
   fastest pace, the person's moves made by clicks; the longest main-thread task (Long
   Tasks API) during bot turns, and the longest single bot move (the bot's thinking plus
   redrawing the table).

    python benchmarks/web.py [--loads N] [--bot-moves N]
"""

from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import statistics
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.serve import serve_in_background  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM, wait_for  # noqa: E402
from tests.browser.test_table import my_move, take_turn  # noqa: E402

BENCH = ROOT / "build" / "bench"


def micropip_page() -> str:
    """index.html with the engine installed by micropip instead of [files]."""
    BENCH.mkdir(parents=True, exist_ok=True)
    wheel = next((ROOT / "static" / "vendor").glob("rami-*.whl")).name
    html = (ROOT / "index.html").read_text()
    html = html.replace('href="static/', 'href="../../static/').replace(
        'src="static/', 'src="../../static/')
    config = ('{"interpreter": "../../static/vendor/pyodide/pyodide.mjs", '
              f'"packages": ["../../static/vendor/{wheel}"]}}')
    html = re.sub(r'config="[^"]*"', f"config='{config}'", html)
    (BENCH / "micropip.html").write_text(html)
    return "build/bench/micropip.html"


def load_time(browser, url: str) -> float:
    ctx = browser.new_context()           # a new context: empty cache, empty storage
    page = ctx.new_page()
    page.goto(url)
    wait_for(page, "document.body.dataset.ready === '1'", 180, url)
    ms = page.evaluate("window.ramiReadyAt")
    ctx.close()
    return ms


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


def responsiveness(browser, site: str, moves: int, variant: str = "basic") -> dict:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.errors = []
    page.goto(site)
    wait_for(page, "document.body.dataset.ready === '1'", 180)
    page.click(f'[data-act="variant:{variant}"]')
    page.select_option('[data-field="players"]', "6")
    if variant == "indian":
        page.click(".house summary")
        page.select_option('[data-opt="format"]', "pool101")
    turn = indian_turn if variant == "indian" else take_turn

    def deal():
        page.click("#start")
        wait_for(page, "!!document.querySelector('#table')")
        page.select_option("#pace", "instant")

    deal()
    page.evaluate("window.ramiLongTasks.length = 0; window.ramiBotSpans.length = 0;"
                  "window.ramiBotMoves.length = 0")
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
                         " moves: window.ramiBotMoves})")
    ctx.close()
    spans = data["spans"]
    during = [d for start, d in data["tasks"]
              if any(a - 1 <= start <= b for a, b in spans)]
    times = [b - a for a, b in data["moves"]]
    return {"bot_moves": len(times), "stretches": len(spans),
            "longest_task_ms": max(during, default=0.0), "long_tasks": len(during),
            "longest_move_ms": max(times, default=0.0),
            "median_move_ms": statistics.median(times) if times else 0.0}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--bot-moves", type=int, default=200)
    args = ap.parse_args()
    if not (ROOT / "static" / "vendor" / "pyodide").is_dir():
        print("run `make build` first", file=sys.stderr)
        return 1
    server, site = serve_in_background(str(ROOT))
    pages = {"rami lobby ([files])": "index.html", "rami lobby (micropip)": micropip_page(),
             "bare Pyodide + import sys": "benchmarks/bare.html"}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        times = {name: [] for name in pages}
        for _ in range(args.loads):         # interleaved, so drift hits every page alike
            for name, path in pages.items():
                times[name].append(load_time(browser, site + path))
        print(f"Start-up, cold cache, {args.loads} loads each (ms from navigation):")
        for name, ts in times.items():
            print(f"  {name:28s} median {statistics.median(ts):7.0f}   "
                  f"min {min(ts):7.0f}   max {max(ts):7.0f}")
        app = statistics.median(times["rami lobby ([files])"])
        bare = statistics.median(times["bare Pyodide + import sys"])
        mp = statistics.median(times["rami lobby (micropip)"])
        print(f"  ratio rami / bare Pyodide: {app / bare:.2f}")
        print(f"  micropip costs {mp - app:+.0f} ms over [files]")
        for variant, title in (("basic", "Basic Rummy"), ("indian", "Indian rummy, pool 101")):
            r = responsiveness(browser, site, args.bot_moves, variant)
            print(f"Bot turns ({title}, 6 players, fastest pace, the person's moves by "
                  "clicks):")
            print(f"  {r['bot_moves']} bot moves in {r['stretches']} stretches; "
                  f"bot move + redraw: median {r['median_move_ms']:.1f} ms, "
                  f"longest {r['longest_move_ms']:.1f} ms")
            print(f"  main-thread tasks over 50 ms during bot turns: {r['long_tasks']}, "
                  f"longest {r['longest_task_ms']:.0f} ms (limit 100)")
        browser.close()
    server.shutdown()
    shutil.rmtree(BENCH, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
