// How long the review of a hand takes in the browser's runtime: rami.review run inside
// Pyodide (the same pinned runtime the page and its bots' worker use) under Node, for a
// Beginner's hand against Good players (the Beginner strays from the Expert most, so its
// hands cost the most to review): each game at its largest usual table. Prints seconds;
// asserts nothing. The budgets (issue 48): a Gin hand within 15 s, the longest game's hand
// within 60 s, on a laptop.
//   node benchmarks/review_speed.mjs          (after make setup)
import { loadPyodide } from "pyodide";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();
py.mountNodeFS("/repo", root);
console.log(py.runPython(`
import sys, time
sys.path[:0] = ["/repo"]
from rami.bots import make_bot
from rami.review import expert_in_seat, review
from rami.state import GameState
from rami.view import PlayerView
from rami.web.reviewing import table_players
out = []
for game, n, deals in [("gin", 2, 3), ("basic", 4, 2), ("rum500", 4, 2), ("push", 4, 2),
                       ("tiles", 4, 2), ("indian", 6, 2)]:
    for seed in range(deals):
        g = GameState(game, [f"p{i}" for i in range(n)], seed=seed)
        bots = [make_bot("beginner" if i == 0 else "good", game, seed=i) for i in range(n)]
        while not g.results:
            g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        t = time.perf_counter()
        r = review(g, 0, 1)
        graded = time.perf_counter() - t
        t = time.perf_counter()
        expert_in_seat(g, 0, 1, table_players({}))
        out.append(f"{game:7} {n} seats, deal {seed}: {len(r.decisions):2} decisions graded in "
                   f"{graded:5.1f} s, the Expert in the seat {time.perf_counter() - t:4.1f} s")
"\\n".join(out)
`));
