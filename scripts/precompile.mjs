// Compile Python to bytecode with the Python that will run it: Pyodide's own CPython 3.14,
// here under Node, so the magic number and the bytecode are the browser's; and ship only
// what the page imports. A build step (scripts/build_web.py runs it); nothing it writes is
// committed.
//
//   node scripts/precompile.mjs <out-dir>
//
// What the page imports is measured, not guessed: a fresh Pyodide's modules after its own
// start, plus those that scripts/browser_modules.py imports when it loads every module of
// rami that the browser uses, the standard-library modules of PyScript's own Python package
// (their names read from PyScript's core), and plays a hand of every variant. The build then
// checks the result from the shipped files alone (scripts/check_vendor.mjs runs the same
// script there, so a module imported at run time and missing from the zip fails it).
//
// It writes into <out-dir>:
// * python_stdlib.zip: those standard-library modules only, as bytecode only (the npm package
//   ships the whole library as source, and every start compiled each module it imported
//   again: about 1.5 s of a 2.5 s start here, docs/web.md). zipimport loads a `.pyc` it finds
//   in the zip. The test run inside Pyodide keeps the whole library (node_modules).
// * rami.zip: the engine's package for the browser, as bytecode only, and the lobby's
//   catalogue of the games (rami/web/catalogue.json: rami.web.lobby draws the lobby from it
//   before the engine is imported). The page puts the zip in Python's working directory and
//   on `sys.path`, so Python imports from it as it does from the standard library's
//   (unpacking it cost 50 ms more).
// * editor.zip: the board editor's own modules (learn/editor.html), out of rami.zip: only
//   its page loads them (as a second folder of the package rami.web), and the service
//   worker keeps them once fetched instead of sending them on every first visit.
// * review.zip: the review of a hand (rami.review and its page's modules), out of rami.zip in
//   the same way: fetched the first time a player asks for a review (rami.web.addon).
// * modules.json: what was shipped and why (read by check_vendor.mjs and the benchmarks).
// The bytecode is compiled with optimisation level 2 (no docstrings, no asserts: neither
// rami nor the page reads a docstring), keeps line numbers but not columns (which only
// underline a source line, and no source is shipped), and is "unchecked-hash" (PEP 552):
// Python uses it without looking for a source. Entries are sorted and dated 1980-01-01, so the same sources
// give the same bytes: the service worker's version (a hash of the files) changes only when
// something did.
import { loadPyodide } from "pyodide";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.resolve(process.argv[2] ?? path.join(root, "build", "precompiled"));
fs.mkdirSync(out, { recursive: true });

// PyScript's Python package travels inside its core as a table of file texts: read the
// modules they import (the standard library's part of them is shipped)
const dist = path.join(root, "node_modules", "@pyscript", "core", "dist");
const pyscriptImports = new Set();
for (const name of fs.readdirSync(dist).filter((f) => /^core-.*\.js$/.test(f))) {
  const text = fs.readFileSync(path.join(dist, name), "utf8");
  for (const [, body] of text.matchAll(/"[a-z_]+\.py":"((?:[^"\\]|\\.)*)"/g)) {
    const source = JSON.parse(`"${body.replace(/\\'/g, "'")}"`);
    for (const [, a, b] of source.matchAll(/^\s*(?:import ([\w., ]+)|from ([\w.]+) import)/gm)) {
      for (const mod of (a ?? b).split(",")) pyscriptImports.add(mod.trim().split(" ")[0]);
    }
  }
}

const py = await loadPyodide();
py.mountNodeFS("/repo", root);
py.mountNodeFS("/out", out);
py.globals.set("PYSCRIPT_NAMES", py.toPy([...pyscriptImports].sort()));
const report = py.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util
import json
import os
import sys
import types
import zipfile

EPOCH = (1980, 1, 1, 0, 0, 0)
STDLIB = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
boot = set(sys.modules)
sys.dont_write_bytecode = True

# PyScript's names that this Python has (not MicroPython's ujson, uio..., not its own)
# (names read as UTF-8, not as zipfile's default cp437: that codec is a module of its own,
# which the page never imports)
stdlib_names = set(zipfile.ZipFile(STDLIB, metadata_encoding="utf-8").namelist())
def in_stdlib(mod):
    p = mod.replace(".", "/")
    return (p + ".py" in stdlib_names or p + "/__init__.py" in stdlib_names
            or mod.split(".")[0] in sys.builtin_module_names)
pyscript_imports = sorted(m for m in PYSCRIPT_NAMES if in_stdlib(m))

namespace = {"RAMI": "/repo", "PYSCRIPT_IMPORTS": pyscript_imports}
exec(open("/repo/scripts/browser_modules.py").read(), namespace)


def signed_varint(out: bytearray, value: int) -> None:
    u = ((-value) << 1) | 1 if value < 0 else value << 1
    while u >= 64:
        out.append(64 | (u & 63))
        u >>= 6
    out.append(u)


def lines_only(code: types.CodeType) -> types.CodeType:
    """The same code with a location table of line numbers only. Columns are what a
    traceback underlines in the source line, and the browser has no source: they were a
    third of the bytecode's compressed size. (The table's format: CPython's
    Objects/locations.md; entry kind 13 is "no column info", 15 "no location".)"""
    consts = tuple(lines_only(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    lines = [where[0] for where in code.co_positions()]     # one per code unit
    table, last, i = bytearray(), code.co_firstlineno, 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j] == lines[i] and j - i < 8:
            j += 1
        if lines[i] is None:
            table.append(0x80 | 15 << 3 | (j - i - 1))
        else:
            table.append(0x80 | 13 << 3 | (j - i - 1))
            signed_varint(table, lines[i] - last)
            last = lines[i]
        i = j
    new = code.replace(co_linetable=bytes(table), co_consts=consts)
    if [where[0] for where in new.co_positions()] != lines:
        raise SystemExit(f"the line table of {code.co_filename}:{code.co_name} did not survive")
    return new


def pyc(source: bytes, filename: str) -> bytes:
    code = lines_only(compile(source, filename, "exec", dont_inherit=True, optimize=2))
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source),
                                             checked=False))


def entry(zout, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zout.writestr(info, data, compresslevel=9)


def stdlib(dest: str) -> list[str]:
    """The standard library's modules now imported, as found in its zip."""
    files = set()
    for name, mod in list(sys.modules.items()):
        where = getattr(mod, "__file__", None) or ""
        if where.startswith(STDLIB + "/"):
            files.add(where[len(STDLIB) + 1:])
    with zipfile.ZipFile(STDLIB, metadata_encoding="utf-8") as zin, \
            zipfile.ZipFile(dest, "w") as zout:
        for name in sorted(files):
            # the name zipimport gives the module, so tracebacks name the right file
            entry(zout, name + "c", pyc(zin.read(name), f"{STDLIB}/{name}"))
    return sorted(files)


EDITOR = ("rami.web.editor", "rami.web.editor_app", "rami.web.editor_model", "rami.web.editor_read",
          "rami.web.editor_view")     # editor.zip's, not rami.zip's
REVIEW = ("rami.review", "rami.web.reviewing", "rami.web.review_view",
          "rami.web.reviewdesk", "rami.web.practice", "rami.web.trends")      # review.zip's: fetched when first used (rami.web.addon)


def part(dest: str, name: str, modules) -> None:
    with zipfile.ZipFile(dest, "w") as zed:
        for mod in modules:
            rel = sys.modules[mod].__file__[len("/repo/"):]
            entry(zed, rel + "c", pyc(open("/repo/" + rel, "rb").read(),
                                      f"/home/pyodide/{name}/{rel}"))


def app(dest: str, editor: str, review: str) -> list[str]:
    mods = namespace["browser_modules"]("/repo")
    part(editor, "editor.zip", EDITOR)
    part(review, "review.zip", REVIEW)
    with zipfile.ZipFile(dest, "w") as zout:
        for mod in mods:
            if mod in EDITOR or mod in REVIEW:
                continue
            rel = sys.modules[mod].__file__[len("/repo/"):]
            data = open("/repo/" + rel, "rb").read()
            # where the page puts it: /home/pyodide/rami.zip, Python's working directory
            entry(zout, rel + "c", pyc(data, f"/home/pyodide/rami.zip/{rel}"))
        # English's catalogue (tile Rami's words; compiled by scripts/catalogues.py before
        # this runs): the other languages' are files of their own, fetched when spoken
        # (scripts/build_web.py puts them in static/vendor/locale/)
        mo = "rami/locale/en/LC_MESSAGES/rami.mo"
        entry(zout, mo, open("/repo/" + mo, "rb").read())
        # what the lobby shows of the games, so that it is drawn before the engine loads
        from rami.web.lobby import CATALOGUE_FILE, build_catalogue
        entry(zout, f"rami/web/{CATALOGUE_FILE}",
              json.dumps(build_catalogue(), ensure_ascii=False, sort_keys=True).encode())
    return mods


std = stdlib("/out/python_stdlib.zip")
mods = app("/out/rami.zip", "/out/editor.zip", "/out/review.zip")
json.dump({"python": sys.version.split()[0], "boot": sorted(boot),
           "stdlib": std, "rami": mods, "pyscript_imports": pyscript_imports},
          open("/out/modules.json", "w"), indent=1)
(f"Python {sys.version.split()[0]} ({sys.implementation.cache_tag}): {len(std)} standard-library "
 f"modules of {len([n for n in stdlib_names if n.endswith('.py')])} shipped, "
 f"{len(mods)} of rami's; {namespace['RESULT']}")
`);
console.log(report);
