"""Build the browser runtime and the engine into static/vendor/ (a build step; nothing it
writes is committed).

* Pyodide's core files from node_modules (installed by ``npm ci`` from package-lock.json),
  in ``static/vendor/pyodide-<version>/``, with the part of its standard library that the
  page imports, precompiled to bytecode (``scripts/precompile.mjs``, run by Pyodide's own
  Python under Node, measures which part);
* the PyScript files the page loads, in ``static/vendor/pyscript-<version>/``: the core and
  the chunks it imports, not the editor's CodeMirror, the package graph (only used with
  ``packages``) or the MicroPython unzipper;
* ``static/vendor/rami.zip``: the engine's package for the browser as bytecode, which the
  page writes into Python's working directory (``[files]`` in pyscript.toml).

The zips are deflated again by Zopfli (``scripts/zopfli_zip.py``): 3-4% smaller.

The runtime folders carry their version in their name, so a host may cache them for good;
index.html and pyscript.toml name the same versions (checked here and by the tests).

    python scripts/build_web.py
"""

from __future__ import annotations

import gzip
import hashlib
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
CACHE = ROOT / "build" / "precompiled"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
PYSCRIPT_UNUSED = ("codemirror", "pyodide_graph", "zip-")   # editor, packages, MicroPython


def version(package: str) -> str:
    return json.loads((ROOT / "node_modules" / package / "package.json").read_text())["version"]


def runtime_dirs() -> dict[str, str]:
    """The vendored runtime's folders under static/vendor/, named with their versions."""
    return {"pyodide": f"pyodide-{version('pyodide')}",
            "pyscript": f"pyscript-{version('@pyscript/core')}"}


def check_page_names(dirs: dict[str, str]) -> list[str]:
    """The page and its config must name the folders this build makes."""
    problems = []
    for page in ("index.html", "board.html", "pyscript.toml", "benchmarks/bare.html",
                 "benchmarks/pyscript.html",
                 "static/runtime.mjs", "static/snapshot-worker.mjs"):
        text = (ROOT / page).read_text()
        for kind, name in dirs.items():
            for used in set(re.findall(rf"vendor/({kind}-[0-9][^/\"']*)/", text)):
                if used != name:
                    problems.append(f"{page} names static/vendor/{used}/, the build makes {name}/")
    return problems


def plugins_off() -> tuple[str, ...]:
    """The chunks of PyScript's plugins that pyscript.toml turns off (``"!name"`` in its
    ``plugins``): the core imports ``./name-<hash>.js`` for each plugin it loads."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    return tuple(p[1:] + "-" for p in config.get("plugins", ()) if p.startswith("!"))


def pyscript_files(src: pathlib.Path) -> list[str]:
    """core.js, core.css and the chunks they import, less those this page never uses: the
    core's own imports, static and on demand (the plugins pyscript.toml leaves on are loaded
    at every start), and the static imports of those; a plugin's on-demand imports (the
    terminal's xterm, the editor's CodeMirror) are only loaded when a page uses that
    plugin."""
    unused = PYSCRIPT_UNUSED + plugins_off()
    wanted, todo = {"core.css"}, ["core.js"]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        text = (src / name).read_text()
        chunks = re.findall(r'(?:from|import)\s*"\./([^"]+\.js)"', text)
        if name == "core.js" or name.startswith("core-"):
            chunks += re.findall(r'import\("\./([^"]+\.js)"\)', text)
        todo += [c for c in chunks if not c.startswith(unused)]
    return sorted(wanted)


def sources_key() -> str:
    """What the precompiled zips depend on: Pyodide's and PyScript's versions, the scripts
    that choose and compile the modules, rami."""
    h = hashlib.sha256(f"{version('pyodide')} {version('@pyscript/core')}".encode())
    for script in ("precompile.mjs", "browser_modules.py", "zopfli_zip.py"):
        h.update((ROOT / "scripts" / script).read_bytes())
    for f in sorted([*(ROOT / "rami").rglob("*.py"),
                     ROOT / "rami" / "locale" / "en" / "LC_MESSAGES" / "rami.mo"]):
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def precompile() -> None:
    stamp = CACHE / "key"
    key = sources_key()
    if stamp.exists() and stamp.read_text() == key and (CACHE / "rami.zip").exists() \
            and (CACHE / "editor.zip").exists() and (CACHE / "review.zip").exists():
        return
    shutil.rmtree(CACHE, ignore_errors=True)
    subprocess.run(["node", str(ROOT / "scripts" / "precompile.mjs"), str(CACHE)], check=True)
    # deflated again, smaller (Zopfli): what a first visit downloads
    sys.path.insert(0, str(ROOT / "scripts"))
    from zopfli_zip import recompress
    recompress([CACHE / name for name in ("python_stdlib.zip", "rami.zip", "editor.zip",
                                          "review.zip")])
    stamp.write_text(key)


def main() -> int:
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        print("node_modules is missing: run `npm ci` first (make build does)", file=sys.stderr)
        return 1
    dirs = runtime_dirs()
    problems = check_page_names(dirs)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    # the languages' catalogues, .po -> .mo, which rami.zip carries
    subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogues.py"), "compile"],
                   check=True, stdout=subprocess.DEVNULL)
    precompile()
    shutil.rmtree(VENDOR, ignore_errors=True)
    pyodide, pyscript = VENDOR / dirs["pyodide"], VENDOR / dirs["pyscript"]
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, pyodide / name)
    # the page loads no package of Pyodide's (none is shipped): its lock file keeps its
    # header only, not the 357 packages' entries (25 KB of every first visit, gzipped)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    shutil.copy2(CACHE / "python_stdlib.zip", pyodide / "python_stdlib.zip")
    src = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    pyscript.mkdir()
    for name in pyscript_files(src):
        shutil.copy2(src / name, pyscript / name)
    shutil.copy2(CACHE / "rami.zip", VENDOR / "rami.zip")
    shutil.copy2(CACHE / "editor.zip", VENDOR / "editor.zip")       # (learn/editor.html's)
    shutil.copy2(CACHE / "review.zip", VENDOR / "review.zip")       # (a hand's review)
    # what the page says in each language before Python runs (static/boot.js)
    sys.path.insert(0, str(ROOT / "scripts"))
    from catalogues import write_boot_messages
    write_boot_messages(VENDOR / "boot-i18n.js")
    # each language's catalogue, fetched when the page speaks it (not on every first visit),
    # gzipped (a fourth of the size: hosts do not compress a .mo), the same bytes each build
    (VENDOR / "locale").mkdir()
    for mo in sorted((ROOT / "rami" / "locale").glob("*/LC_MESSAGES/rami.mo")):
        code = mo.parent.parent.name
        if code != "en":                              # (English's is in rami.zip)
            (VENDOR / "locale" / f"{code}.mo.gz").write_bytes(
                gzip.compress(mo.read_bytes(), compresslevel=9, mtime=0))
    # the font that draws Devanagari (Hindi), fetched only when Hindi is on the screen
    font = ROOT / "node_modules" / "@fontsource" / "noto-sans-devanagari"
    (VENDOR / "fonts").mkdir()
    for weight in (400, 700):
        shutil.copy2(font / "files" / f"noto-sans-devanagari-devanagari-{weight}-normal.woff2",
                     VENDOR / "fonts" / f"noto-sans-devanagari-{weight}.woff2")
    shutil.copy2(font / "LICENSE", VENDOR / "fonts" / "LICENSE-noto-sans-devanagari.txt")
    # the QR codes of friends' links (static/friends.js), fetched when one is first drawn;
    # its licence (MIT) is in the file's head
    (VENDOR / "qrcode").mkdir()
    shutil.copy2(ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.js",
                 VENDOR / "qrcode" / "qrcode.js")
    vendor_trystero(VENDOR / "trystero")
    # the reader of QR codes (a friend's answer code, scanned by the host's camera) where the
    # browser has no BarcodeDetector of its own: barcode-detector's ponyfill and the zxing
    # reader it runs (MIT both), fetched when the host first scans
    (VENDOR / "scan").mkdir()
    shutil.copy2(ROOT / "node_modules" / "barcode-detector" / "dist" / "iife" / "ponyfill.js",
                 VENDOR / "scan" / "ponyfill.js")
    shutil.copy2(ROOT / "node_modules" / "zxing-wasm" / "dist" / "reader" / "zxing_reader.wasm",
                 VENDOR / "scan" / "zxing_reader.wasm")
    for package in ("barcode-detector", "zxing-wasm"):
        shutil.copy2(ROOT / "node_modules" / package / "LICENSE",
                     VENDOR / "scan" / f"LICENSE-{package}")
    size = sum(f.stat().st_size for f in VENDOR.rglob("*") if f.is_file())
    print(f"static/vendor: {dirs['pyodide']} (standard library precompiled), "
          f"{dirs['pyscript']}, rami.zip ({size / 1e6:.1f} MB)")
    return 0


# Trystero (its Nostr strategy): friends who join a table by a code, through public Nostr
# relays (static/friends.js imports it when a person chooses that). Its ES modules are copied
# as they are, with the bare names of their packages made paths (no bundler).
TRYSTERO = {
    "core": ("@trystero-p2p/core", "dist", "*.mjs"),
    "nostr": ("@trystero-p2p/nostr", "dist", "index.mjs"),
    "secp256k1": ("@noble/secp256k1", "", "index.js"),
}
TRYSTERO_IMPORTS = {'from "@trystero-p2p/core"': 'from "../core/index.mjs"',
                    'from "@noble/secp256k1"': 'from "../secp256k1/index.js"'}


def vendor_trystero(to: pathlib.Path) -> None:
    rewritten = set()
    for name, (package, folder, pattern) in TRYSTERO.items():
        source = ROOT / "node_modules" / package
        (to / name).mkdir(parents=True)
        for f in sorted((source / folder).glob(pattern)):
            text = f.read_text()
            for bare, path in TRYSTERO_IMPORTS.items():
                if bare in text:
                    text = text.replace(bare, path)
                    rewritten.add(bare)
            if 'from "@' in text:
                raise SystemExit(f"{f}: an import of a package rami does not vendor")
            (to / name / f.name).write_text(text)
        shutil.copy2(source / "LICENSE", to / name / "LICENSE")
    if rewritten != set(TRYSTERO_IMPORTS):
        raise SystemExit(f"trystero: the imports to rewrite were not found: "
                         f"{set(TRYSTERO_IMPORTS) - rewritten}")


if __name__ == "__main__":
    sys.exit(main())
