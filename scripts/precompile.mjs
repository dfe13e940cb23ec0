// Compile Python to bytecode with the Python that will run it: Pyodide's own CPython 3.14,
// here under Node, so the magic number and the bytecode are the browser's. A build step
// (scripts/build_web.py runs it); nothing it writes is committed.
//
//   node scripts/precompile.mjs <out-dir>
//
// It writes two zips into <out-dir>:
// * python_stdlib.zip: Pyodide's standard library as `.pyc` only. The npm package ships the
//   library as `.py` source, so every start compiled each module it imported again (about
//   1.5 s of a 2.5 s start here: docs/web.md). zipimport loads a `.pyc` it finds in the zip.
// * rami.zip: the engine's package, each `.py` file with its `.pyc` beside it. The page puts
//   the zip in Python's working directory and on `sys.path`, so Python imports from it as it
//   does from the standard library's (unpacking it cost 50 ms more). The bytecode is
//   "unchecked-hash" (PEP 552): Python uses it without comparing it with the source, whose
//   time stamp a zip does not keep exactly; the source is there for tracebacks.
// Entries are sorted and dated 1980-01-01, so the same sources give the same bytes: the
// service worker's cache name (a hash of the files) changes only when something did.
import { loadPyodide } from "pyodide";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.resolve(process.argv[2] ?? path.join(root, "build", "precompiled"));
fs.mkdirSync(out, { recursive: true });
const py = await loadPyodide();
py.mountNodeFS("/repo", root);
py.mountNodeFS("/out", out);
const report = py.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util
import os
import sys
import zipfile

EPOCH = (1980, 1, 1, 0, 0, 0)
STDLIB = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source),
                                             checked=False))


def entry(zout, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zout.writestr(info, data, compresslevel=9)


def stdlib(dest: str) -> int:
    count = 0
    with zipfile.ZipFile(STDLIB) as zin, zipfile.ZipFile(dest, "w") as zout:
        for name in sorted(zin.namelist()):
            data = zin.read(name)
            if name.endswith(".py"):
                # the name zipimport gives the module, so tracebacks name the right file
                entry(zout, name + "c", pyc(data, f"{STDLIB}/{name}"))
                count += 1
            elif not name.endswith("/"):
                entry(zout, name, data)
    return count


def app(dest: str) -> int:
    count = 0
    files = []
    for folder, dirs, names in os.walk("/repo/rami"):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        files += [os.path.join(folder, n) for n in names if n.endswith(".py")]
    with zipfile.ZipFile(dest, "w") as zout:
        for full in sorted(files):
            rel = os.path.relpath(full, "/repo")
            data = open(full, "rb").read()
            entry(zout, rel, data)
            # where the page puts it: /home/pyodide/rami.zip, Python's working directory
            entry(zout, rel + "c", pyc(data, f"/home/pyodide/rami.zip/{rel}"))
            count += 1
    return count


n_std = stdlib("/out/python_stdlib.zip")
n_app = app("/out/rami.zip")
f"Python {sys.version.split()[0]} ({sys.implementation.cache_tag}): {n_std} standard-library modules and {n_app} of rami's compiled"
`);
console.log(report);
