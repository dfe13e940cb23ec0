// Check static/vendor as the page will use it: Pyodide from the vendored files, micropip from
// the vendored wheel through the rewritten lock, rami's wheel installed by micropip, a hand
// played. Node reads local files only here, so this also shows that nothing is fetched.
//   node scripts/check_vendor.mjs
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vendor = path.join(root, "static", "vendor");
const { loadPyodide } = await import(path.join(vendor, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(vendor, "pyodide") + "/" });
await py.loadPackage("micropip", { messageCallback: () => {} });
const wheel = fs.readdirSync(vendor).find((f) => /^rami-.*\.whl$/.test(f));
py.mountNodeFS("/vendor", vendor);
const out = await py.runPythonAsync(`
import micropip, sys
await micropip.install("emfs:/vendor/${wheel}")
from rami.state import GameState
from rami.view import PlayerView
from rami.bots import make_bot
g = GameState("gin", 2, seed=1)
bots = [make_bot("heuristic", "gin", seed=s) for s in range(2)]
while g.phase.value not in ("hand_over", "match_over"):
    g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
f"rami {micropip.list()['rami'].version} on Python {sys.version.split()[0]}: {g.results[-1]['headline']}"
`);
console.log(out);
