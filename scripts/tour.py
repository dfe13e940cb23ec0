"""Every variant's table mid-hand at every seat count it allows (2, 4, 6, 8 where it can), at
1280x800, 390x844 and 360x740, and each variant's end-of-hand summary: the positions come
from seeded bot play (rami's own engine), opened in the page with ``?deal=`` (a summary:
from a save put where the page keeps its own). ``make screenshots`` writes them to
docs/screenshots/tour/ (not committed: the README shows the best, in docs/screenshots/).

    python scripts/tour.py [out_dir [WxH,WxH] [variant,variant]]    # after make dist
"""

from __future__ import annotations

import json
import pathlib
import sys
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.positions import hand_end, mid_hand, seat_counts  # noqa: E402

SIZES = ("1280x800", "390x844", "360x740")
VARIANTS = ("basic", "gin", "indian", "rum500", "push", "tiles")


def main() -> int:
    from playwright.sync_api import sync_playwright
    from rami.serve import serve_in_background
    from rami.web.session import Session
    from tests.browser.conftest import ARGS, CHROMIUM
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots" / "tour"
    sizes = sys.argv[2].split(",") if len(sys.argv) > 2 else SIZES
    variants = sys.argv[3].split(",") if len(sys.argv) > 3 else VARIANTS
    out.mkdir(parents=True, exist_ok=True)
    server, url = serve_in_background(str(ROOT / "dist"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size in sizes:
            w, h = (int(x) for x in size.split("x"))
            ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1,
                                      has_touch=w < 500, is_mobile=w < 500)
            page = ctx.new_page()
            for variant in variants:
                for n in seat_counts(variant):
                    deal = mid_hand(variant, n)
                    page.goto(url + "?deal=" + urllib.parse.quote(deal))
                    end = time.monotonic() + 120
                    while not page.evaluate("document.body.dataset.ready === '1' && "
                                            "!!document.querySelector('.hand')"):
                        if time.monotonic() > end:
                            raise TimeoutError(f"{variant} {n}: no table")
                        time.sleep(0.1)
                    time.sleep(0.4)
                    page.screenshot(path=str(out / f"{variant}-{n}-{w}x{h}.png"))
                # the first hand's end, at four seats where the game allows them
                n = 4 if 4 in seat_counts(variant) else seat_counts(variant)[0]
                page.goto(url)
                g = hand_end(variant, n)
                save = Session(g, 0, {i: "good" for i in range(1, n)}).to_dict()
                page.evaluate("s => { localStorage.clear(); localStorage.setItem('rami.save', s) }",
                              json.dumps(save))
                page.goto(url)
                end = time.monotonic() + 120
                while not page.evaluate("!!document.querySelector('#summary')"):
                    if time.monotonic() > end:
                        raise TimeoutError(f"{variant}: no summary")
                    time.sleep(0.1)
                time.sleep(0.4)
                page.screenshot(path=str(out / f"{variant}-summary-{w}x{h}.png"))
                page.evaluate("localStorage.clear()")
            ctx.close()
        browser.close()
    server.shutdown()
    print(f"tour in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
