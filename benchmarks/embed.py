"""Tutorial boards: one board against six on a page of another site, in Debian's Chromium
(run after `make dist`; `make bench-embed` does both).

Each round alternates the two pages, each in a newly launched browser (empty caches, and
memory measured for that page alone):

* **one board**: a page with the Gin tutorial's first board;
* **six boards**: a page with all six boards of the Gin tutorial (the window is tall enough
  that all six are in view at once, so all six start together: the worst case).

Both pages sit on a second server (``127.0.0.1``) and load rami's embed script from the
first (``localhost``), as a tutorial on another site does. For each it prints the medians
of: the placeholders' first paint; the time from navigation until every board is drawn by
Python and answers presses ("interactive"); and memory: the proportional set size (PSS,
from /proc) of every process of the browser, with the page loaded less with a blank page,
so that the runtime's cost and the boards' are counted once however many processes share
them. The issue's target: six boards take at most 1.5 times as long as one.

    python benchmarks/embed.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import statistics
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.serve import serve_in_background  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402

RECORD = """<script>
  // when each board is first drawn by Python (after the embed script, which defines them)
  window.drawn = [];
  addEventListener("rami-board-change", (e) => {
    if (!e.target.drawnAt) { e.target.drawnAt = performance.now(); drawn.push(e.target.drawnAt); }
  });
</script>"""


def pages(folder: pathlib.Path, rami: str) -> dict[str, str]:
    boards = re.findall(r"<rami-board.*?</rami-board>",
                        (ROOT / "dist" / "learn" / "gin.html").read_text(), re.S)
    assert len(boards) == 6, len(boards)
    out = {}
    for name, chosen in (("one", boards[:1]), ("six", boards)):
        body = "\n".join(f"<h2>Board {i + 1}</h2>\n{b}" for i, b in enumerate(chosen))
        (folder / f"{name}.html").write_text(
            f'<!doctype html><html><head><meta charset="utf-8"><title>{name}</title>'
            f'<script src="{rami}static/embed.js"></script>{RECORD}</head>'
            f'<body style="max-width:720px;margin:auto">{body}</body></html>')
        out[name] = f"{name}.html"
    return out


def descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    kids = [int(x) for x in f.read().split()]
                out += kids
                todo += kids
        except OSError:
            continue
    return out


def pss_mb() -> float:
    """The PSS of every process started under this one (the browser and its helpers)."""
    total = 0
    for pid in descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def one_load(p, url: str, count: int) -> dict:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        context = browser.new_context(viewport={"width": 1000, "height": 6000},
                                      service_workers="block")
        page = context.new_page()
        page.goto("about:blank")
        time.sleep(1.0)
        blank = pss_mb()
        page.goto(url, wait_until="domcontentloaded")
        deadline = time.time() + 120
        while time.time() < deadline:
            if page.evaluate("window.drawn ? drawn.length : 0") >= count:
                break
            time.sleep(0.05)
        else:
            raise SystemExit(f"{url}: the boards were not drawn in 120 s")
        figures = page.evaluate("""({
            all: Math.max(...drawn),
            paint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
            runtime: ramiEmbed.ready - ramiEmbed.started,
            frames: document.querySelectorAll('iframe').length })""")
        time.sleep(1.5)                 # let the last drawing and collection settle
        figures["memory"] = pss_mb() - blank
        return figures
    finally:
        browser.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    if not (ROOT / "dist" / "learn" / "gin.html").exists():
        print("dist/ is missing: run `make dist` first (make bench-embed does)", file=sys.stderr)
        return 1
    _, site = serve_in_background(str(ROOT / "dist"))
    rami = site.replace("127.0.0.1", "localhost")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="rami-embed-"))
    names = pages(folder, rami)
    _, host = serve_in_background(str(folder))
    runs: dict[str, list[dict]] = {"one": [], "six": []}
    with sync_playwright() as p:
        one_load(p, host + names["one"], 1)          # a first launch warms the disk cache
        for r in range(args.rounds):
            for name, count in (("one", 1), ("six", 6)):
                fig = one_load(p, host + names[name], count)
                assert fig["frames"] == 1, fig
                runs[name].append(fig)
            print(f"round {r + 1}: one board {runs['one'][-1]['all']:.0f} ms, "
                  f"six boards {runs['six'][-1]['all']:.0f} ms", flush=True)

    def med(name, key):
        return statistics.median(x[key] for x in runs[name])

    print()
    print(f"{'':28}{'one board':>12}{'six boards':>12}")
    for key, label, unit in (("paint", "placeholders painted", "ms"),
                             ("runtime", "runtime start (one frame)", "ms"),
                             ("all", "all boards interactive", "ms"),
                             ("memory", "memory (PSS over blank)", "MB")):
        print(f"{label:28}{med('one', key):>10.0f}{unit:>2}{med('six', key):>10.0f}{unit:>2}")
    ratio = med("six", "all") / med("one", "all")
    print(f"\nsix boards / one board, time to all interactive: {ratio:.2f} (target at most 1.5)")
    print(f"six boards / one board, memory: {med('six', 'memory') / med('one', 'memory'):.2f}")
    print(f"({args.rounds} rounds, medians; each page in a newly launched browser)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
