"""Draw the app's icons (static/icons/*.png) from static/icon.svg with Chromium. The PNGs are
committed: run this only when the icon changes.

    python scripts/icons.py

* icon-192.png, icon-512.png: the icon as it is, rounded corners and all (purpose "any");
* maskable-512.png: the same cards on a full square of felt, inside the middle 60 %, so that
  a phone's circle, squircle or rounded square never cuts them (purpose "maskable").
"""

from __future__ import annotations

import pathlib
import re
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402

OUT = ROOT / "static" / "icons"


def maskable(svg: str) -> str:
    """The icon's cards on a full square, scaled into the maskable safe zone."""
    inner = re.sub(r'^<svg[^>]*>|</svg>$', "", svg.strip())
    inner = re.sub(r'<rect width="64" height="64"[^>]*/>', "", inner, count=1)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            '<rect width="64" height="64" fill="#0f3d2e"/>'
            f'<g transform="translate(32 32) scale(.66) translate(-33 -32)">{inner}</g></svg>')


def main() -> int:
    svg = (ROOT / "static" / "icon.svg").read_text()
    OUT.mkdir(exist_ok=True)
    jobs = [("icon-192.png", svg, 192), ("icon-512.png", svg, 512),
            ("maskable-512.png", maskable(svg), 512)]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, source, size in jobs:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content('<style>html,body{margin:0;background:transparent}'
                             f'svg{{display:block;width:{size}px;height:{size}px}}</style>{source}')
            page.screenshot(path=str(OUT / name), omit_background=True)
            page.close()
            print(f"static/icons/{name}: {size}×{size}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
