// Check static/vendor as the page will use it, under Node: Pyodide from the vendored files
// with the precompiled standard library, rami.zip on sys.path as the page puts it, a hand
// played. Node reads local files only here, so this also shows that nothing is fetched.
//   node scripts/check_vendor.mjs
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vendor = path.join(root, "static", "vendor");
const folder = fs.readdirSync(vendor).find((f) => f.startsWith("pyodide-"));
const { loadPyodide } = await import(path.join(vendor, folder, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(vendor, folder) + "/" });
py.FS.writeFile("/home/pyodide/rami.zip", fs.readFileSync(path.join(vendor, "rami.zip")));
const out = py.runPython(`
import os, sys, zipimport
sys.path.insert(0, os.path.abspath("rami.zip"))
import json
from rami.state import GameState
from rami.view import PlayerView
from rami.bots import make_bot
import rami.state
# both come from bytecode: the standard library's zip holds no source, rami's pairs them
assert isinstance(json.__loader__, zipimport.zipimporter), json.__loader__
assert json.__loader__.get_source("json") is None
assert isinstance(rami.state.__loader__, zipimport.zipimporter)
assert rami.state.__file__ == "/home/pyodide/rami.zip/rami/state.pyc", rami.state.__file__
# and a traceback through the engine still shows its source lines
import traceback
try:
    GameState("gin", 9)
except Exception as e:
    text = "".join(traceback.format_exception(e))
    assert 'File "/home/pyodide/rami.zip/rami/' in text and "raise" in text, text
g = GameState("gin", 2, seed=1)
bots = [make_bot("heuristic", "gin", seed=s) for s in range(2)]
while g.phase.value not in ("hand_over", "match_over"):
    g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
f"rami from rami.zip on Python {sys.version.split()[0]} ({folder}, precompiled): {g.results[-1]['headline']}"
`.replace("{folder}", folder));
console.log(out);
