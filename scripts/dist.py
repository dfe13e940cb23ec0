"""Make dist/: the site, ready to upload to any static host (run after the build step).

    python scripts/dist.py          # make dist does the build first

It copies the page (index.html, pyscript.toml), static/ with the vendored runtime and the
engine's wheel, and nothing else: no tests, no sources, no node_modules.
"""

from __future__ import annotations

import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PAGE = ("index.html", "pyscript.toml")


def main() -> int:
    if not (ROOT / "static" / "vendor" / "pyodide").is_dir():
        print("static/vendor is missing: run the build step first (make build)", file=sys.stderr)
        return 1
    shutil.rmtree(DIST, ignore_errors=True)
    DIST.mkdir()
    for name in PAGE:
        shutil.copy2(ROOT / name, DIST / name)
    shutil.copytree(ROOT / "static", DIST / "static")
    files = [f for f in DIST.rglob("*") if f.is_file()]
    size = sum(f.stat().st_size for f in files)
    print(f"dist/: {len(files)} files, {size / 1e6:.1f} MB, ready for any static host")
    return 0


if __name__ == "__main__":
    sys.exit(main())
