"""Make dist/: the site, ready to upload to any static host (run after the build step).

    python scripts/dist.py          # make dist does the build first

It copies the pages (index.html, board.html: the tutorial boards' runtime, pyscript.toml,
the tutorials in learn/) and static/ (the stylesheets, the start-up and embed scripts, the
manifest and icons, the vendored runtime and rami.zip), and nothing else: no tests, no
sources, no node_modules. The embed script gets the boards' stylesheet written into it, so
a board has its size before any other file arrives. Then it writes the service worker, sw.js, at the site's
root from the template static/sw.js: its precache list is every file of the site, and its
version a hash of those files' names and contents, so any change makes a new version that
browsers fetch in the background and no rebuild of the same files does.

Every path is relative: the folder works unchanged at a domain's root or under a sub-path.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PAGE = ("index.html", "board.html", "pyscript.toml")
TEMPLATE = "static/sw.js"


# files fetched only when used (a language's catalogue; the Devanagari font and its licence,
# fetched only on a device that has no font of its own to draw "हिन्दी" in the lobby's
# language menu (every phone, Windows and macOS have one); for friends, the QR codes' maker,
# Trystero for codes over the internet, the QR reader for scanning an answer; the board
# editor's modules; the review of a hand): the service worker keeps each one once the page
# has asked for it, not on every first visit.
ON_DEMAND = ("static/vendor/locale/", "static/vendor/fonts/",
             "static/vendor/qrcode/", "static/vendor/trystero/",
             "static/vendor/scan/", "static/vendor/editor.zip", "static/vendor/review.zip",
             "learn/rules.txt")


def precache(site: pathlib.Path) -> list[str]:
    """Every file of the site but the service worker itself and those fetched on demand, as
    paths from the site's root."""
    return sorted(p for p in (f.relative_to(site).as_posix() for f in site.rglob("*")
                              if f.is_file() and f.name != "sw.js")
                  if p != TEMPLATE and not p.startswith(ON_DEMAND))


def version(site: pathlib.Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for path in files:
        h.update(path.encode() + b"\0" + hashlib.sha256((site / path).read_bytes()).digest())
    return h.hexdigest()[:16]


def write_service_worker(site: pathlib.Path, template: pathlib.Path | None = None) -> str:
    """Write ``site/sw.js`` for the files now in ``site``; returns the version."""
    files = precache(site)
    ver = version(site, files + sorted(
        f.relative_to(site).as_posix() for f in site.rglob("*") if f.is_file()
        and f.relative_to(site).as_posix().startswith(ON_DEMAND)))
    text = (template or ROOT / TEMPLATE).read_text()
    listed = "[\n" + ",\n".join(f"  {json.dumps(f)}" for f in files) + "\n]"
    text = text.replace("[/* PRECACHE */]", listed)
    text = text.replace("/* VERSION */", ver)
    text = text.replace("[/* ON_DEMAND */]", json.dumps(list(ON_DEMAND)))
    (site / "sw.js").write_text(text)
    return ver


def shed_comments(site: pathlib.Path) -> int:
    """The stylesheets as a browser needs them: their comments (a tenth of every first
    visit's CSS, gzipped) stay in the sources; no stylesheet of rami's writes ``/*`` in a
    string. Returns the bytes shed."""
    shed = 0
    for sheet in sorted((site / "static").glob("*.css")):
        text = sheet.read_text(encoding="utf-8")
        lean = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        lean = "\n".join(line.rstrip() for line in lean.split("\n") if line.strip()) + "\n"
        sheet.write_text(lean, encoding="utf-8")
        shed += len(text) - len(lean)
    return shed


def shed_page_comments(site: pathlib.Path) -> int:
    """The pages without their HTML comments (notes for whoever reads the sources, which stay
    in the sources). Returns the bytes shed."""
    shed = 0
    for page in sorted([*site.glob("*.html"), *(site / "learn").glob("*.html")]):
        text = page.read_text(encoding="utf-8")
        lean = re.sub(r"[ \t]*<!--.*?-->[ \t]*\n?", "", text, flags=re.S)
        if lean != text:
            page.write_text(lean, encoding="utf-8")
            shed += len(text) - len(lean)
    return shed


def shed_script_comments(site: pathlib.Path) -> int:
    """rami's scripts as a browser needs them: the lines that are only a comment (``//``) go
    (a quarter of boot.js and friends.js, gzipped), and a comment after code, two spaces or
    more after it, where the code before it closes every string it opens; the rest stays as
    written, line by line. A line inside a template literal (a string between backquotes,
    which may span lines) is text, and stays; each script is checked by Node after. Returns
    the bytes shed."""
    shed = 0
    for script in sorted([*(site / "static").glob("*.js"), *(site / "static").glob("*.mjs")]):
        text = script.read_text(encoding="utf-8")
        kept, in_text = [], False
        for line in text.split("\n"):
            if not in_text and line.lstrip().startswith("//"):
                continue
            tail = None if in_text else re.search(r"\s{2,}//.*$", line)
            if tail and all(line[:tail.start()].count(q) % 2 == 0 for q in "\"'`"):
                line = line[:tail.start()]
            kept.append(line)
            in_text ^= len(re.findall(r"(?<!\\)`", line)) % 2 == 1
        lean = "\n".join(kept)
        if lean != text:
            script.write_text(lean, encoding="utf-8")
            check = subprocess.run(["node", "--check", str(script)], capture_output=True,
                                   text=True)
            if check.returncode != 0:
                script.write_text(text, encoding="utf-8")     # (kept as written)
                raise SystemExit(f"{script.name} does not parse without its comments:\n"
                                 f"{check.stderr}")
            shed += len(text) - len(lean)
    return shed


def inline_board_css(site: pathlib.Path) -> None:
    """Write static/board.css into static/embed.js (its placeholder's sizes), and the
    script's own words in each language (from the catalogues)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from catalogues import boot_messages
    embed = site / "static" / "embed.js"
    text = embed.read_text()
    css = (site / "static" / "board.css").read_text()
    for marker, value in (('"/* BOARD_CSS */"', css),
                          ('"/* BOARD_MESSAGES */"', boot_messages("static/embed.js"))):
        if text.count(marker) != 1:
            raise SystemExit(f"static/embed.js has lost its {marker} marker")
        text = text.replace(marker, json.dumps(value))       # ASCII: any page's charset
    embed.write_text(text, encoding="utf-8")


def stamp_runtime(site: pathlib.Path) -> str:
    """Write the build's id into static/runtime.mjs: a hash of the vendored runtime and
    rami.zip, under which a browser keeps its snapshot of the started runtime (a snapshot of
    another build is never loaded)."""
    vendor = site / "static" / "vendor"
    build = version(vendor, sorted(f.relative_to(vendor).as_posix()
                                   for f in vendor.rglob("*") if f.is_file()))
    runtime = site / "static" / "runtime.mjs"
    text, n = re.subn(r'^const BUILD = "[^"]*";', f"const BUILD = {json.dumps(build)};",
                      runtime.read_text(), count=1, flags=re.M)
    if n != 1:
        raise SystemExit("static/runtime.mjs has lost its BUILD constant")
    runtime.write_text(text)
    return build


def main() -> int:
    if not (ROOT / "static" / "vendor" / "rami.zip").exists():
        print("static/vendor is missing: run the build step first (make build)", file=sys.stderr)
        return 1
    shutil.rmtree(DIST, ignore_errors=True)
    DIST.mkdir()
    for name in PAGE:
        shutil.copy2(ROOT / name, DIST / name)
    shutil.copytree(ROOT / "static", DIST / "static",
                    ignore=lambda folder, names: ["sw.js"] if folder == str(ROOT / "static") else [])
    shutil.copytree(ROOT / "learn", DIST / "learn")
    shutil.copy2(ROOT / "docs" / "rules.md", DIST / "learn" / "rules.txt")   # (How to play)
    shed_comments(DIST)
    shed_script_comments(DIST)
    shed_page_comments(DIST)
    inline_board_css(DIST)
    stamp_runtime(DIST)
    ver = write_service_worker(DIST)
    files = [f for f in DIST.rglob("*") if f.is_file()]
    size = sum(f.stat().st_size for f in files)
    print(f"dist/: {len(files)} files, {size / 1e6:.1f} MB, version {ver}, "
          "ready for any static host")
    return 0


if __name__ == "__main__":
    sys.exit(main())
