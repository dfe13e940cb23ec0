"""Draw the app's icons (static/icons/*.png) from static/icon.svg with Chromium. The PNGs are
committed: run this only when the icon changes.

    python scripts/icons.py

* icon-192.png, icon-512.png: the icon as it is, rounded corners and all (purpose "any");
* maskable-512.png: the same cards on a full square of felt, inside the middle 60 %, so that
  a phone's circle, squircle or rounded square never cuts them (purpose "maskable").

Chromium's screenshots are true-colour PNGs (40 KB for the three). The icon has four colours
and their anti-aliased edges, so each is written again with a palette of 64 colours (median
cut, the alpha channel kept): 14 KB, a first visit 25 KB lighter, and no difference to be
seen at any size.
"""

from __future__ import annotations

import collections
import pathlib
import re
import struct
import sys
import zlib

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


COLOURS = 64


def read_png(data: bytes) -> tuple[int, int, list[tuple]]:
    """Width, height and RGBA pixels of an 8-bit, non-interlaced RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, bpp, w, h = 8, b"", 4, 0, 0
    while at < len(data):
        (n,), kind = struct.unpack(">I", data[at:at + 4]), data[at + 4:at + 8]
        body, at = data[at + 8:at + 8 + n], at + 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and ctype in (2, 6), "an unexpected PNG"
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += body
    raw, stride = zlib.decompress(idat), w * bpp
    prev, pixels, p = bytearray(stride), [], 0
    for _ in range(h):
        kind, line, p = raw[p], bytearray(raw[p + 1:p + 1 + stride]), p + 1 + stride
        for x in range(stride):           # (undo the row's filter: PNG specification 9)
            a, b = line[x - bpp] if x >= bpp else 0, prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        pixels += [tuple(line[x:x + bpp]) + ((255,) if bpp == 3 else ())
                   for x in range(0, stride, bpp)]
        prev = line
    return w, h, pixels


def palette(counts: collections.Counter, k: int) -> list[tuple]:
    """At most ``k`` colours for these (median cut: the box of colours with the most pixels
    across its widest channel is cut in two at its median pixel, until there are ``k``)."""
    boxes = [sorted(counts.items())]
    while len(boxes) < k:
        best = None
        for i, box in enumerate(boxes):
            if len(box) > 1:
                spans = [max(c[ch] for c, _ in box) - min(c[ch] for c, _ in box) for ch in range(4)]
                score = max(spans) * sum(n for _, n in box)
                if best is None or score > best[0]:
                    best = (score, i, spans.index(max(spans)))
        if best is None or best[0] == 0:
            break
        _, i, ch = best
        box = sorted(boxes.pop(i), key=lambda cn: (cn[0][ch], cn[0]))
        half, seen, cut = sum(n for _, n in box) / 2, 0, 0
        for cut, (_, n) in enumerate(box):
            seen += n
            if seen >= half:
                break
        cut = min(cut, len(box) - 2)
        boxes += [box[:cut + 1], box[cut + 1:]]
    return [tuple(round(sum(c[ch] * n for c, n in box) / sum(n for _, n in box))
                  for ch in range(4)) for box in boxes]


def with_palette(data: bytes, k: int = COLOURS) -> bytes:
    """The PNG ``data`` written again with a palette of at most ``k`` colours."""
    w, h, pixels = read_png(data)
    counts = collections.Counter(pixels)
    colours = sorted(counts) if len(counts) <= k else palette(counts, k)
    nearest: dict[tuple, int] = {}
    for c in counts:
        nearest[c] = min(range(len(colours)),
                         key=lambda i: sum((colours[i][ch] - c[ch]) ** 2 for ch in range(4)))
    rows = b"".join(b"\x00" + bytes(nearest[c] for c in pixels[y * w:(y + 1) * w])
                    for y in range(h))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
    out += chunk(b"PLTE", b"".join(bytes(c[:3]) for c in colours))
    clear = [i for i, c in enumerate(colours) if c[3] < 255]
    if clear:
        out += chunk(b"tRNS", bytes(c[3] for c in colours[:clear[-1] + 1]))
    return out + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


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
            png = with_palette(page.screenshot(omit_background=True))
            page.close()
            (OUT / name).write_bytes(png)
            print(f"static/icons/{name}: {size}×{size}, {len(png):,} bytes")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
