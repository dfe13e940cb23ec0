"""How long the Expert thinks inside Pyodide in Chromium, and whether the page stays live
while bots think. Prints figures, asserts nothing.

    python benchmarks/bots_web.py          # or: make bench-bots (after make dist)

1. benchmarks/bots.html runs rami's runtime and engine from dist/ in headless Chromium and
   times every Expert decision with more than one legal move (its thinking steps added up),
   and the longest single step between two yields, in every variant (Gin with two seats, the
   others with four: Expert and Good alternating).
2. The real page (Gin; Basic and Indian with six players), Expert opponents at the fastest
   pace: main-thread tasks over 50 ms (Long Tasks API) while bots think, and each bot move's
   thinking time as the page measured it (its slices added up).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from playwright.sync_api import sync_playwright            # noqa: E402

from rami.serve import serve_in_background                 # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM, wait_for  # noqa: E402


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=150, help="Expert decisions per variant")
    ap.add_argument("--bot-moves", type=int, default=150, help="bot moves on the real page")
    args = ap.parse_args()
    if not os.path.exists(os.path.join(ROOT, "dist", "static", "vendor", "rami.zip")):
        print("run `make dist` first", file=sys.stderr)
        return 1
    server, site = serve_in_background(ROOT)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(f"{site}benchmarks/bots.html?decisions={args.decisions}")
        wait_for(page, "(!!document.body && document.body.dataset.ready === '1')", 1200)
        data = json.loads(page.evaluate("window.ramiBotTimes"))
        page.close()
        print("Expert decisions inside Pyodide in Chromium (ms of thinking; the longest "
              "step is the most the page waits between two frames):")
        for variant, d in data.items():
            t, s = d["thinks"], d["steps"]
            print(f"  {variant:7s} {len(t):4d} decisions: median {statistics.median(t):6.1f}  "
                  f"p95 {pct(t, .95):6.1f}  max {max(t):6.1f}   longest step "
                  f"{max(s):5.1f}")
        from web import responsiveness
        for (variant, title), (query, where) in itertools.product(
                (("gin", "Gin"), ("basic", "Basic Rummy, 6 players"),
                 ("indian", "Indian rummy, pool 101, 6 players")),
                (("", "the bots' worker"), ("?bots=page", "the page's thread, in slices"))):
            r = responsiveness(browser, site + "dist/index.html", args.bot_moves, variant,
                               level="expert", query=query)
            print(f"The page, {title}, Expert opponents, fastest pace, thinking in {where}"
                  f" ({r['in_worker']} of the moves in the worker; bots: {r['bots']}):")
            print(f"  {r['bot_moves']} bot moves; thinking as the page measured it: median "
                  f"{r['median_think_ms']:.1f} ms, p95 {r['p95_think_ms']:.1f} ms, longest "
                  f"{r['longest_think_ms']:.1f} ms")
            print(f"  main-thread tasks over 50 ms during bot turns: {r['long_tasks']}, "
                  f"longest {r['longest_task_ms']:.0f} ms")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
