"""Vendor the browser runtime and the engine into static/vendor/ (a build step; nothing it
writes is committed).

* Pyodide's core files and PyScript's ``dist`` from node_modules (installed by ``npm ci``
  from package-lock.json), without source maps or the editor/terminal chunks;
* the micropip wheel from PyPI, pinned, with Pyodide's lock entry rewritten to its sha256
  (Chromium checks subresource integrity against the lock, and PyPI's build differs);
* rami's own wheel, built from pyproject.toml.

    python scripts/build_web.py
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
MICROPIP = "0.11.1"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
PYSCRIPT_SKIP = ("codemirror", "xterm")   # loaded only by an editor or a terminal


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def vendor_pyodide(out: pathlib.Path) -> None:
    src = ROOT / "node_modules" / "pyodide"
    out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, out / name)


def vendor_pyscript(out: pathlib.Path) -> None:
    src = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    out.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        if f.suffix == ".map" or f.name.startswith(PYSCRIPT_SKIP):
            continue
        shutil.copy2(f, out / f.name)


def vendor_micropip(pyodide_dir: pathlib.Path) -> pathlib.Path:
    """Fetch the pinned micropip wheel beside the lock and make the lock agree with it."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--disable-pip-version-check", "--only-binary=:all:",
                        "--python-version", "3.14", "-d", tmp, f"micropip=={MICROPIP}"],
                       check=True)
        wheel = next(pathlib.Path(tmp).glob("micropip-*.whl"))
        target = pyodide_dir / wheel.name
        shutil.copy2(wheel, target)
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"]["micropip"]
    entry["file_name"] = target.name
    entry["sha256"] = sha256(target)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    return target


def build_engine_wheel(out: pathlib.Path) -> pathlib.Path:
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("rami-*.whl"):
        old.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "-w", str(out), str(ROOT)], check=True)
    return next(out.glob("rami-*.whl"))


def main() -> int:
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        print("node_modules is missing: run `npm ci` first (make build does)", file=sys.stderr)
        return 1
    shutil.rmtree(VENDOR, ignore_errors=True)
    vendor_pyodide(VENDOR / "pyodide")
    vendor_pyscript(VENDOR / "pyscript")
    micropip = vendor_micropip(VENDOR / "pyodide")
    wheel = build_engine_wheel(VENDOR)
    size = sum(f.stat().st_size for f in VENDOR.rglob("*") if f.is_file())
    print(f"static/vendor: Pyodide, PyScript, {micropip.name}, {wheel.name} "
          f"({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
