"""Every game at its largest table mid-hand (and hands swollen late in a deal: rum500-pickup,
push-swollen; tile Rami's row grown long: tiles-row), at the shapes of phones and tablets held either way and of laptops' windows: what a player would miss
(tests/browser/fit.py reads it) and a screenshot of each, to look at.

    python scripts/phones.py [out_dir] [variant,...] [WxH,...]        # after make dist
"""

from __future__ import annotations

import pathlib
import sys
import time

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.serve import serve_in_background  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.browser.fit import (LAPTOPS, LATE, SEATS, SHAPES, SWOLLEN, deal_of,  # noqa: E402
                               open_deal, problems, touch_context)


def main() -> int:
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "build/phones")
    out.mkdir(parents=True, exist_ok=True)
    games = (sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2]
             else sorted(SEATS) + list(SWOLLEN) + list(LATE))
    shapes = ([tuple(int(x) for x in s.split("x")) for s in sys.argv[3].split(",")]
              if len(sys.argv) > 3 else SHAPES + LAPTOPS)
    server, url = serve_in_background(str(ROOT / "dist"))
    bad = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game in games:
            ctx = touch_context(browser, *shapes[0])
            page = ctx.new_page()
            open_deal(page, url, deal_of(game))
            for w, h in shapes:
                page.set_viewport_size({"width": w, "height": h})
                time.sleep(0.35)
                found = problems(page)
                bad += bool(found)
                print(f"{game} {w}x{h}: {len(found)} problems")
                for f in found[:14]:
                    print("   ", f)
                page.screenshot(path=str(out / f"{game}-{w}x{h}.png"))
            ctx.close()
        browser.close()
    server.shutdown()
    print(f"{bad} of {len(games) * len(shapes)} tables with problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
