"""How fast the table answers on a phone-class processor: Chromium's CPU throttled 4x, a
390x844 touch screen, each game at its largest table mid-hand. Measured in the page from
the event to the next painted frame:

- a tap on a card (selected and drawn), median of 9;
- a redraw of the table (a sort of the hand: the regions redrawn as after a bot's move);
- a turn of the phone (upright to sideways and back: the resize handled, the melds fitted).

    python benchmarks/phone_speed.py          # after make dist (make bench-phone)
"""

from __future__ import annotations

import pathlib
import statistics
import sys
import time
import urllib.parse

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.serve import serve_in_background  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.browser.fit import SEATS  # noqa: E402
from tests.positions import mid_hand  # noqa: E402

FRAME = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
TAP = """async (i) => {
  const el = document.querySelectorAll('.hand-card')[i];
  const t = performance.now();
  el.click();
  await """ + FRAME + """;
  return performance.now() - t;
}"""
SORT = """async (k) => {
  const t = performance.now();
  document.querySelectorAll('.sorts [data-act^="sort:"]:not(:disabled)')[k].click();
  await """ + FRAME + """;
  return performance.now() - t;
}"""
TURN = "async () => { const t = performance.now(); window.dispatchEvent(new Event('resize')); " \
       "await " + FRAME + "; return performance.now() - t; }"


def main() -> int:
    server, url = serve_in_background(str(ROOT / "dist"))
    print(f"{'game':8} {'tap ms':>8} {'redraw ms':>10} {'turn ms':>8}   (CPU 4x slower)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game in sorted(SEATS):
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                      is_mobile=True, service_workers="block")
            page = ctx.new_page()
            page.goto(url + "?bots=page&deal=" + urllib.parse.quote(mid_hand(game, SEATS[game])))
            end = time.monotonic() + 120
            while not page.evaluate("document.body.dataset.ready === '1' && "
                                    "!!document.querySelector('.hand')"):
                assert time.monotonic() < end
                time.sleep(0.1)
            time.sleep(1)
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            taps = [page.evaluate(TAP, i % 3) for i in range(9)]
            sorts = [page.evaluate(SORT, k) for k in (1, 0) * 3]
            turns = []
            for w, h in ((844, 390), (390, 844)) * 2:
                page.set_viewport_size({"width": w, "height": h})
                turns.append(page.evaluate(TURN))
            print(f"{game:8} {statistics.median(taps):8.1f} {statistics.median(sorts):10.1f} "
                  f"{max(turns):8.1f}")
            ctx.close()
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
