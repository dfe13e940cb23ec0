"""Where a redraw after a bot's move goes, by the main thread's own time: Chromium's trace of
the bots' turns at 4x (as make bench-phone plays them, 390x844), and for each redraw (from
the move made to the table painted) the thread time of every task in it, split by what the
task did: Python and JavaScript ("script": the drawing's Python, its one call into the page,
the page's scripts), reading HTML ("parse"), styles, layout and painting (pre-paint, paint,
layerize, commit). Thread time, not wall time: a task's share of a processor, which the
machine's other work does not lengthen (the wall time is given beside it, and the style's
elements and the layout's objects as the trace counts them).

    python benchmarks/redraw_trace.py [game ...] [--moves N]      # after make dist

The tasks of a redraw are those on the page's main thread from the move to the paint: the
one it starts in (its part after the move, in proportion) and every one after it; each
task's named steps (the trace's ParseHTML, UpdateLayoutTree, Layout, PrePaint, Paint,
Layerize, Commit) are counted apart, the outermost only, and the rest of its time is script.
"""

from __future__ import annotations

import collections
import json
import pathlib
import statistics
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.serve import serve_in_background  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.browser.fit import SEATS, open_deal, touch_context  # noqa: E402
from tests.positions import mid_hand  # noqa: E402
from phone_speed import RATE, bots_stretch  # noqa: E402   (make bench-phone's stretch)
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel",
              "v8.execute", "blink.user_timing"]
KIND = {"ParseHTML": "parse", "UpdateLayoutTree": "style", "Layout": "layout",
        "PrePaint": "paint", "Paint": "paint", "Layerize": "paint", "Commit": "paint"}
COLUMNS = ("wall", "thread", "script", "parse", "style", "layout", "paint", "styled",
           "laid out")


def traced(browser, url: str, game: str, least: int) -> list[tuple]:
    """(the redraws [start, painted] in the page's time, the main thread's complete events,
    the trace's time less the page's, in ms) for each hand played until ``least`` moves."""
    ctx = touch_context(browser, 390, 844)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    runs, n = [], 0
    for seed in range(7, 19):
        try:
            deal = mid_hand(game, SEATS[game], seed=seed, seat=1)
        except RuntimeError:
            continue
        open_deal(page, url, deal)
        page.evaluate("window.ramiRedraws.length = 0")
        browser.start_tracing(page=page, categories=CATEGORIES)
        at = page.evaluate("performance.mark('rami-trace').startTime")
        bots_stretch(page, cdp)
        events = json.loads(browser.stop_tracing())
        events = events["traceEvents"] if isinstance(events, dict) else events
        mark = next(e for e in events if e.get("name") == "rami-trace")
        main = (mark["pid"], mark["tid"])
        complete = sorted((e for e in events if (e["pid"], e["tid"]) == main
                           and e.get("ph") == "X" and "dur" in e),
                          key=lambda e: (e["ts"], -e["dur"]))
        redraws = page.evaluate("window.ramiRedraws")
        runs.append((redraws, complete, mark["ts"] / 1000 - at))
        n += len(redraws)
        if n >= least:
            break
    ctx.close()
    return runs


def split(events: list, a: float, b: float) -> collections.Counter:
    """Thread ms of the tasks in [a, b] (trace µs), by kind."""
    got = collections.Counter()
    thread = lambda e: e.get("tdur", e["dur"]) / 1000      # noqa: E731
    for task in (e for e in events if e["name"] == "ThreadControllerImpl::RunTask"
                 and e["ts"] < b and e["ts"] + e["dur"] > a):
        end = task["ts"] + task["dur"]
        share = (end - a) / task["dur"] if task["ts"] < a else 1.0
        outer, last = [], -1.0
        for e in events:
            if e["name"] in KIND and e["ts"] >= max(task["ts"], a) and e["ts"] + e["dur"] <= end \
                    and e["ts"] >= last:
                outer.append(e)
                last = e["ts"] + e["dur"]
        inner = 0.0
        for e in outer:
            got[KIND[e["name"]]] += thread(e)
            inner += thread(e)
            data = e.get("args", {})
            if e["name"] == "UpdateLayoutTree":
                got["styled"] += data.get("elementCount") or 0
            elif e["name"] == "Layout":
                got["laid out"] += data.get("beginData", {}).get("dirtyObjects", 0)
        got["script"] += max(0.0, thread(task) * share - inner)
        got["thread"] += thread(task) * share
    return got


def main(args: list[str]) -> int:
    moves = int(args[args.index("--moves") + 1]) if "--moves" in args else 20
    games = [a for a in args if a in SEATS] or sorted(SEATS)
    server, url = serve_in_background(str(ROOT / "dist"))
    print(f"redraws after a bot's move at {RATE:g}x, 390x844: median (90th percentile), ms of "
          "the main thread's own time; wall time beside it")
    print(f"{'game':8} " + " ".join(f"{c:>13}" for c in COLUMNS))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game in games:
            rows = []
            for redraws, events, off in traced(browser, url, game, moves):
                for t0, t1 in redraws:
                    got = split(events, (t0 + off) * 1000, (t1 + off) * 1000)
                    got["wall"] = t1 - t0
                    rows.append(got)
            cells = []
            for c in COLUMNS:
                values = sorted(r.get(c, 0) for r in rows)
                p90 = values[min(len(values) - 1, int(len(values) * 0.9))]
                cells.append(f"{statistics.median(values):6.1f} ({p90:4.0f})")
            print(f"{game:8} " + " ".join(cells) + f"   {len(rows)} redraws")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
