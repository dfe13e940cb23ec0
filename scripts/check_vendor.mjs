// Check static/vendor as the page will use it, under Node: Pyodide from the vendored files
// with the shipped standard library (bytecode only, only the modules the page imports),
// rami.zip on sys.path as the page puts it. It runs scripts/browser_modules.py there: every
// module of rami the browser loads, the standard-library modules PyScript's Python imports,
// a hand of every variant with the three bot levels, hints, a save and its restore, a
// refusal. A module imported at run time and missing from what is shipped fails it.
// Node reads local files only here, so this also shows that nothing is fetched.
//   node scripts/check_vendor.mjs
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vendor = path.join(root, "static", "vendor");
const folder = fs.readdirSync(vendor).find((f) => f.startsWith("pyodide-"));
const shipped = JSON.parse(fs.readFileSync(path.join(root, "build", "precompiled", "modules.json")));
const { loadPyodide } = await import(path.join(vendor, folder, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(vendor, folder) + "/" });
py.FS.writeFile("/home/pyodide/rami.zip", fs.readFileSync(path.join(vendor, "rami.zip")));
py.FS.writeFile("/home/pyodide/browser_modules.py",
                fs.readFileSync(path.join(root, "scripts", "browser_modules.py")));
py.globals.set("PYSCRIPT_IMPORTS", py.toPy(shipped.pyscript_imports));
const out = py.runPython(`
import os, sys, zipimport
STDLIB = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
RAMI = os.path.abspath("rami.zip")
sys.path.insert(0, RAMI)
# the lobby is drawn from the shipped catalogue without importing the engine
import json
from rami.web.lobby import catalogue, default_form, lobby_html
lobby = lobby_html(default_form("tiles"))
engine = sorted(m for m in sys.modules if m in ("rami.actions", "rami.state", "rami.melds",
                                                "rami.variants", "rami.bots", "rami.web.app"))
assert not engine and "Deal the tiles" in lobby, (engine, lobby[:200])
shipped_catalogue = catalogue()
namespace = {"RAMI": RAMI, "PYSCRIPT_IMPORTS": PYSCRIPT_IMPORTS}
exec(open("browser_modules.py").read(), namespace)
# everything came from the shipped zips, as bytecode
import json, rami.state
for name, mod in list(sys.modules.items()):
    where = getattr(mod, "__file__", None) or ""
    if where and not where.startswith((STDLIB + "/", RAMI + "/")) and "frozen" not in where:
        raise SystemExit(f"{name} came from {where}, not from what the page ships")
assert isinstance(json.__loader__, zipimport.zipimporter), json.__loader__
assert json.__loader__.get_source("json") is None
assert rami.state.__file__ == RAMI + "/rami/state.pyc", rami.state.__file__
assert rami.state.__loader__.get_source("rami.state") is None
# ... and that catalogue is what the engine says of its games
from rami.web.lobby import build_catalogue
assert shipped_catalogue == json.loads(json.dumps(build_catalogue())), "a stale catalogue"
# a traceback through the engine names its files and lines (no source is shipped)
import traceback
from rami.state import GameState
try:
    GameState("gin", 9)
except Exception as e:
    text = "".join(traceback.format_exception(e))
    assert 'File "/home/pyodide/rami.zip/rami/' in text and ", line " in text, text
f"shipped runtime ({folder}): {namespace['RESULT']}"
`.replace("{folder}", folder));
console.log(out);
