"""Every variant's table mid-hand at every seat count it allows (2, 4, 6, 8 where it can), at
1280x800, 1366x768, 390x844 and 360x740, plus the end-of-hand summary: the positions come
from seeded bot play (rami's own engine), opened in the page with ``?deal=``.

    python scripts/tour.py [out_dir [WxH,WxH] [variant,variant]]    # after make dist
"""

from __future__ import annotations

import pathlib
import sys
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.bots import make_bot  # noqa: E402
from rami.scenario import to_deal  # noqa: E402
from rami.state import GameState, Phase  # noqa: E402
from rami.variants import find_variant  # noqa: E402
from rami.view import PlayerView  # noqa: E402

SIZES = ("1280x800", "1366x768", "390x844", "360x740")
VARIANTS = ("basic", "gin", "indian", "rum500", "push", "tiles")
NAMES = ("You", "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus")


def seat_counts(variant: str) -> list[int]:
    v = find_variant(variant)
    out = [n for n in (2, 4, 6, 8) if v.min_players <= n <= v.max_players]
    return out or [v.min_players]


def mid_hand(variant: str, n: int, seed: int = 7) -> str:
    """A deal string of a hand well under way (melds on the table), at seat 0's draw."""
    opts = {"partnerships": False} if variant == "push" and n != 4 else {}
    g = GameState(variant, list(NAMES[:n]), opts, seed=seed)
    bots = [make_bot("good", variant, seed=seed + i) for i in range(n)]
    turns = 0
    seen = []
    while not g.is_over and g.hand_no == 0 and turns < 4000:
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        if g.turn == 0 and g.phase == Phase.DRAW:
            if len(g.table) >= min(n + 1, 6):
                return to_deal(g)
            seen.append(to_deal(g))
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        turns += 1
    return seen[len(seen) * 2 // 3]


def main() -> int:
    from playwright.sync_api import sync_playwright
    from rami.serve import serve_in_background
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
            ctx.close()
        browser.close()
    server.shutdown()
    print(f"tour in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
