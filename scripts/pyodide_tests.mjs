// Run rami's engine tests inside Pyodide (CPython 3.14 compiled to WebAssembly) under Node,
// from the same pinned runtime the browser uses, so a CPython-only habit cannot slip in.
//   node scripts/pyodide_tests.mjs [pytest arguments]
import { loadPyodide } from "pyodide";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();
py.mountNodeFS("/repo", root);
py.globals.set("pytest_args", py.toPy(process.argv.slice(2)));
// fewer hands than under CPython: this run is there to catch CPython-vs-3.14 differences
py.globals.set("conformance_hands", process.env.RAMI_CONFORMANCE_HANDS ?? "2");
// ... and its deepest tests smaller (tests/conftest.py's QUICK); `make soak` sets RAMI_QUICK=0
py.globals.set("quick", process.env.RAMI_QUICK ?? "1");
const code = await py.runPythonAsync(`
import os, sys
os.chdir("/repo")
sys.path[:0] = ["/repo", "/repo/build/pyodide-site"]
os.environ["RAMI_CONFORMANCE_HANDS"] = conformance_hands
os.environ["RAMI_QUICK"] = quick
sys.dont_write_bytecode = True
import pytest
print(f"Python {sys.version.split()[0]} on {sys.platform} (Pyodide)")
pytest.main(["-q", "-p", "no:cacheprovider", *pytest_args])
`);
process.exit(Number(code));
