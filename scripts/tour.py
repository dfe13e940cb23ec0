"""Every variant's table mid-hand at every seat count it allows (2, 4, 6, 8 where it can), at
1280x800, 390x844 and 360x740, and each variant's end-of-hand summary: the positions come
from seeded bot play (rami's own engine), opened in the page with ``?deal=`` (a summary:
from a save put where the page keeps its own). ``make screenshots`` writes them to
docs/screenshots/tour/ (not committed: the README shows the best, in docs/screenshots/),
through ``scripts/screenshots.py``.
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


def shoot_tour(browser, url: str, out: pathlib.Path, sizes=SIZES, variants=VARIANTS) -> None:
    """Every variant's table at each seat count, and its summary, at each size, in ``out``."""
    from rami.web.session import Session
    out.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        w, h = (int(x) for x in size.split("x"))
        ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1,
                                  has_touch=w < 500, is_mobile=w < 500)
        page = ctx.new_page()
        for variant in variants:
            for n in seat_counts(variant):
                page.goto(url + "?deal=" + urllib.parse.quote(mid_hand(variant, n)))
                _wait(page, "document.body.dataset.ready === '1' && "
                            "!!document.querySelector('.hand')", f"{variant} {n}: the table")
                page.screenshot(path=str(out / f"{variant}-{n}-{w}x{h}.png"))
            # the first hand's end, at four seats where the game allows them
            n = 4 if 4 in seat_counts(variant) else seat_counts(variant)[0]
            save = Session(hand_end(variant, n), 0, {i: "good" for i in range(1, n)}).to_dict()
            page.goto(url)
            page.evaluate("s => { localStorage.clear(); localStorage.setItem('rami.save', s) }",
                          json.dumps(save))
            page.goto(url)
            _wait(page, "!!document.querySelector('#summary')", f"{variant}: the summary")
            page.screenshot(path=str(out / f"{variant}-summary-{w}x{h}.png"))
            page.evaluate("localStorage.clear()")
        ctx.close()


def _wait(page, js: str, what: str) -> None:
    end = time.monotonic() + 120
    while not page.evaluate(js):
        if time.monotonic() > end:
            raise TimeoutError(f"{what} did not come")
        time.sleep(0.1)
    time.sleep(0.4)                 # (the melds fitted, the last animation ended)
