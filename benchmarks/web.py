"""Browser figures for the start-up and the bots, in Debian's Chromium (run after `make dist`;
`make bench-web` does both). One run prints every figure of the start-up budget:

1. What a first visit downloads: every file the service worker precaches, at the size a
   compressing static host sends it (gzip, which every such host speaks, and brotli, which
   most send to Chromium; files already compressed, the zips and images, as they are), and
   what the browser really fetched from the server on a first visit (nothing twice: the
   service worker's requests after the page's are answered "not modified").
2. Start-up, from one run that alternates the pages (so drift on a busy machine hits each
   alike), N rounds of:
   * bare Pyodide, cold: the stock runtime as npm ships it, load plus ``import sys``;
   * bare Pyodide with the runtime rami ships (the standard library it imports, as bytecode),
     cold: "the same runtime's bare start" that rami's cold start is compared with;
   * PyScript on that runtime with an empty script, started as rami's page starts it, cold:
     the floor of a page that runs on PyScript (benchmarks/pyscript.html);
   * rami, cold: a new browser context (empty cache and storage), from navigation to the
     lobby drawn by Python with the Deal button working (``window.ramiReadyAt``);
   * rami, repeat visits: in the same context, once its service worker has stored the game
     and a worker has kept the runtime's memory snapshot (static/runtime.mjs), a new page.
   It prints each page's median, the ratios (targets: cold at most 1.25 times the same
   runtime's bare start; repeat visits at most 0.35 times stock Pyodide's cold start), the
   longest main-thread task during a start (target 200 ms; the bare runtime's own longest
   task beside it), and how the progress bar moved.
3. Phone-class CPU: Chromium's CPU throttled four times (DevTools protocol
   ``Emulation.setCPUThrottlingRate``): rami's cold and repeat starts, and an Expert's move
   at a six-player Indian table (its thinking, on the page's thread, which is the one
   throttled), p95 (targets: repeat start 2.5 s, Expert p95 400 ms).
4. Responsiveness: a Basic Rummy match and an Indian rummy pool, each with five bots at the
   fastest pace, the person's moves made by clicks; the longest main-thread task during bot
   turns, and the longest single bot move (the bot's thinking plus redrawing the table).

It prints the machine's cores and load average before and after.

    python benchmarks/web.py [--loads N] [--bot-moves N] [--throttled-moves N]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.serve import Handler, Server  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM, wait_for  # noqa: E402
from tests.browser.test_table import my_move, take_turn  # noqa: E402

RAMI = "dist/index.html"
BARE = "benchmarks/bare.html"
BARE_DIST = "benchmarks/bare.html?runtime=dist"
PYSCRIPT = "benchmarks/pyscript.html"
FIRST_VISIT_MB = 5.5        # the targets
COLD_RATIO = 1.25
REPEAT_RATIO = 0.35
LONGEST_TASK_MS = 200
PHONE_REPEAT_MS = 2500
PHONE_EXPERT_P95_MS = 400
# what a compressing host sends compressed; the rest (zips, images) goes as it is
COMPRESSED_TYPES = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".toml",
                    ".webmanifest", ".txt")


class Counting(Handler):
    """rami's static server, counting what it sends: the bytes of each file sent in full,
    and the requests answered "not modified"."""

    def send_response(self, code, message=None):
        if code == 304:
            self.server.not_modified.append(self.path)
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        self.server.sent.append((self.path.split("?")[0], os.fstat(source.fileno()).st_size))
        super().copyfile(source, outputfile)


def counting_server():
    import functools
    import threading
    server = Server(("127.0.0.1", 0), functools.partial(Counting, directory=str(ROOT)))
    server.sent, server.not_modified = [], []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{os.cpu_count()} cores, load average {one:.2f} {five:.2f} {fifteen:.2f}"


def p95(xs: list[float]) -> float:
    xs = sorted(xs) or [0.0]
    return xs[min(len(xs) - 1, int(.95 * len(xs)))]


# The main thread's longest stretch without a turn for a 5 ms timer: the Long Tasks API
# misses some (Pyodide's start on the bare page is one such), so both are read.
HEARTBEAT = """window.ramiGaps = []; (() => { let last = performance.now();
  setInterval(() => { const now = performance.now();
    if (now - last > 50) window.ramiGaps.push([last, now - last]); last = now; }, 5); })();"""


def start(page, url: str, throttle: float = 1) -> dict:
    """Open ``url`` and wait until it is interactive; its start-up figures."""
    page.add_init_script(HEARTBEAT)
    if throttle != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                 {"rate": throttle})
    page.goto(url)
    wait_for(page, "document.body.dataset.ready === '1'", 180 * throttle, url)
    data = page.evaluate("""() => ({ready: window.ramiReadyAt, runtime: window.ramiRuntime,
      tasks: (window.ramiLongTasks || []).concat(window.ramiGaps || [])
        .filter(([t]) => t <= window.ramiReadyAt),
      steps: window.ramiProgress || []})""")
    jump, wait = bar_figures(data["steps"], data["ready"])
    return {"ready": data["ready"], "jump": jump, "wait": wait, "runtime": data["runtime"],
            "longest_task": max((d for _, d in data["tasks"]), default=0.0)}


def bezier(x: float, p1=(.1, .6), p2=(.3, 1)) -> float:
    """The CSS timing function static/boot.js creeps with: its progress at time ``x``."""
    lo, hi = 0.0, 1.0
    for _ in range(40):                  # solve bx(t) = x for t, then return by(t)
        t = (lo + hi) / 2
        bx = 3 * (1 - t) ** 2 * t * p1[0] + 3 * (1 - t) * t ** 2 * p2[0] + t ** 3
        lo, hi = (t, hi) if bx < x else (lo, t)
    return 3 * (1 - t) ** 2 * t * p1[1] + 3 * (1 - t) * t ** 2 * p2[1] + t ** 3


def bar_figures(steps: list, ready: float) -> tuple[float, float]:
    """How the progress bar moved until the page was ready: its largest jump (a step less
    where the creep since the last step had already brought it) and the longest time
    between two real steps. Each step is [time, percent, creep to, over seconds, when the
    creep started on the screen] (a creep starts with the next frame the page paints, so
    not during a long task)."""
    jump, wait = 0.0, 0.0
    steps = steps + [[ready, 100, 100, 0, None]]
    for (t0, v0, to, secs, began), (t1, v1, *_) in zip(steps, steps[1:]):
        shown = v0
        if secs and began is not None and began < t1:
            shown += (to - v0) * bezier(min(1.0, (t1 - began) / (secs * 1000)))
        jump, wait = max(jump, v1 - shown), max(wait, t1 - t0)
    return jump, wait


def cold(browser, url: str, throttle: float = 1) -> dict:
    ctx = browser.new_context()           # a new context: empty cache, empty storage
    page = ctx.new_page()
    figures = start(page, url, throttle)
    ctx.close()
    return figures


def kept(page) -> None:
    """Wait until the service worker has stored the game and the runtime's snapshot is kept."""
    wait_for(page, "navigator.serviceWorker.controller !== null", 120, "the service worker")
    wait_for(page, """caches.keys().then(async (names) => {
        for (const n of names) if ((await (await caches.open(n)).keys()).length) return true;
        return false; })""", 120, "the precache")
    snapshot = wait_for(page, "window.ramiSnapshot", 180, "the runtime's snapshot")
    if not snapshot.get("ok"):
        raise SystemExit(f"no snapshot of the runtime: {snapshot}")


def cold_and_repeat(browser, url: str, repeats: int = 2, throttle: float = 1):
    """A first visit, then (the game stored, the runtime's snapshot kept) ``repeats`` more."""
    ctx = browser.new_context()
    page = ctx.new_page()
    first = start(page, url, throttle)
    kept(page)
    page.close()
    later = []
    for _ in range(repeats):
        page = ctx.new_page()
        later.append(start(page, url, throttle))
        if not page.evaluate("navigator.serviceWorker.controller !== null"):
            raise SystemExit("the repeat visit was not served by the service worker")
        if (later[-1]["runtime"] or {}).get("from") != "snapshot":
            raise SystemExit(f"the repeat visit did not start from the snapshot: {later[-1]}")
        usage = page.evaluate("navigator.storage.estimate().then((e) => e.usage)")
        page.close()
    ctx.close()
    return first, later, usage


def precache() -> list[str]:
    sw = (ROOT / "dist" / "sw.js").read_text()
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))


def sent_sizes(files: list[str]) -> dict[str, tuple[int, int, int]]:
    """Each file's size as it is, gzipped (level 9) and brotli-compressed (quality 11) where
    a compressing host compresses it (Node's zlib has both)."""
    script = """
const zlib = require("node:zlib"), fs = require("node:fs");
const out = {};
for (const [name, squeeze] of JSON.parse(process.argv[1])) {
  const data = fs.readFileSync(name);
  out[name] = squeeze ? [data.length, zlib.gzipSync(data, {level: 9}).length,
    zlib.brotliCompressSync(data, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length}}).length]
    : [data.length, data.length, data.length];
}
console.log(JSON.stringify(out));
"""
    args = json.dumps([[str(ROOT / "dist" / f), f.endswith(COMPRESSED_TYPES)] for f in files])
    out = json.loads(subprocess.run(["node", "-e", script, args], check=True,
                                    capture_output=True, text=True).stdout)
    return {f: tuple(out[str(ROOT / "dist" / f)]) for f in files}


def first_visit(browser, server, site: str) -> dict:
    """What the browser fetched from the server on a first visit, until the game was stored
    and the runtime's snapshot kept: bytes per file, and the files sent in full twice."""
    server.sent.clear()
    server.not_modified.clear()
    # a browser profile on disk, as a person's (an incognito context's HTTP cache, in memory,
    # does not keep a file the size of the WebAssembly)
    with tempfile.TemporaryDirectory() as profile:
        ctx = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        start(page, site + RAMI)
        kept(page)
        ctx.close()
    per_file: dict[str, list[int]] = {}
    for path, size in server.sent:
        per_file.setdefault(path, []).append(size)
    return {"bytes": sum(size for _, size in server.sent), "files": len(per_file),
            "twice": sorted(p for p, sizes in per_file.items() if len(sizes) > 1),
            "not_modified": len(server.not_modified)}


def indian_turn(page, s) -> None:
    """The person's Indian move by clicks: pick from the closed deck, group the best way,
    let go of the card that grouping leaves apart; show when someone declares."""
    enabled = s["enabled"]
    if "btn:show" in enabled:
        return page.click('[data-act="btn:show"]')
    if "btn:rejoin" in enabled:     # the summary's own button when it is open over the bar's
        inside = page.locator('#summary-slot [data-act="btn:rejoin"]')
        return (inside if inside.count() else page.locator('[data-act="btn:rejoin"]')).first.click()
    if "btn:draw" in enabled:
        return page.click('[data-act="draw"]')
    page.click('[data-act="sort:best"]')
    page.click(f'[data-act="card:{len(s["hand"]) - 1}"]')
    page.click('[data-act="btn:discard"]')


def responsiveness(browser, site: str, moves: int, variant: str = "basic",
                   level: str = "good", query: str = "", throttle: float = 1) -> dict:
    """Bot moves on the real page, the person's made by clicks: main-thread tasks over 50 ms
    during bot turns, and each move's time. The bots think in their worker once it is ready
    (measured from then on), or on the page's thread with ``query="?bots=page"``; with
    ``throttle``, the page's CPU is that many times slower."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.errors = []
    if throttle != 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(site + query)
    wait_for(page, "document.body.dataset.ready === '1'", 180)
    page.click(f'[data-act="variant:{variant}"]')
    if variant != "gin":
        page.select_option('[data-field="players"]', "6")
    levels = page.locator('[data-field^="level:"]')
    for i in range(levels.count()):
        levels.nth(i).select_option(level)
    if variant == "indian":
        page.click(".house summary")
        page.select_option('[data-opt="format"]', "pool101")
    turn = indian_turn if variant == "indian" else take_turn

    def deal():
        page.click("#start")
        wait_for(page, "!!document.querySelector('#table')")
        page.select_option("#pace", "instant")

    deal()
    wait_for(page, "['ready', 'page', 'failed'].includes(document.documentElement.dataset.bots)",
             120, "the bots' worker")
    page.evaluate("window.ramiLongTasks.length = 0; window.ramiBotSpans.length = 0;"
                  "window.ramiBotMoves.length = 0; window.ramiBotThinks = [];"
                  "window.ramiWorkerMoves.length = 0")
    while page.evaluate("window.ramiBotMoves.length") < moves:
        s = my_move(page, 120)
        if not s["summary"]:
            turn(page, s)
        elif page.locator("#rejoin").count():
            page.click("#rejoin")
        elif page.locator("#next").count():
            page.click("#next")
        elif page.locator("#again").count():    # the match is over: another one
            page.click("#again")
            deal()
        else:                                   # a bot is deciding whether to rejoin
            page.wait_for_timeout(50)
    data = page.evaluate("({tasks: window.ramiLongTasks, spans: window.ramiBotSpans,"
                         " moves: window.ramiBotMoves, thinks: window.ramiBotThinks,"
                         " worker: window.ramiWorkerMoves.length,"
                         " where: document.documentElement.dataset.bots})")
    ctx.close()
    spans = data["spans"]
    during = [d for start, d in data["tasks"]
              if any(a - 1 <= start <= b for a, b in spans)]
    times = [b - a for a, b in data["moves"]]
    thinks = sorted(b - a for a, b in data["thinks"]) or [0.0]
    return {"bot_moves": len(times), "stretches": len(spans), "in_worker": data["worker"],
            "bots": data["where"],
            "longest_task_ms": max(during, default=0.0), "long_tasks": len(during),
            "longest_move_ms": max(times, default=0.0),
            "median_move_ms": statistics.median(times) if times else 0.0,
            "median_think_ms": statistics.median(thinks),
            "p95_think_ms": p95(thinks),
            "longest_think_ms": thinks[-1]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--bot-moves", type=int, default=200)
    ap.add_argument("--throttled-moves", type=int, default=150,
                    help="Expert moves timed at the throttled six-player Indian table")
    args = ap.parse_args()
    if not (ROOT / "dist" / "sw.js").exists() or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("run `make dist` first", file=sys.stderr)
        return 1
    print(f"Machine: {load()} (at the start)")
    server, site = counting_server()
    files = precache()
    sizes = sent_sizes(files)
    raw, gz, br = (sum(v[i] for v in sizes.values()) for i in range(3))
    print(f"First visit: {len(files)} files precached, {raw / 1e6:.2f} MB as they are; as a "
          f"compressing host sends them: {gz / 1e6:.2f} MB gzip, {br / 1e6:.2f} MB brotli "
          f"(target: at most {FIRST_VISIT_MB} MB)")
    for name, (r, g, b) in sorted(sizes.items(), key=lambda kv: -kv[1][1])[:6]:
        print(f"  {name:52s} {r / 1e6:6.2f} MB, sent {g / 1e6:5.2f} gzip, {b / 1e6:5.2f} brotli")
    rest = sorted(sizes.items(), key=lambda kv: -kv[1][1])[6:]
    print(f"  {len(rest)} other files{'':40s} sent {sum(v[1] for _, v in rest) / 1e6:5.2f} gzip, "
          f"{sum(v[2] for _, v in rest) / 1e6:5.2f} brotli")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        fetched = first_visit(browser, server, site)
        print(f"  fetched by the browser on a first visit, until the game was stored and the "
              f"runtime's snapshot kept: {fetched['bytes'] / 1e6:.2f} MB uncompressed in "
              f"{fetched['files']} files, {fetched['not_modified']} requests answered \"not "
              f"modified\"; sent twice: {', '.join(fetched['twice']) or 'nothing'}")
        rows = {k: [] for k in ("bare", "bare_dist", "pyscript", "cold", "repeat")}
        usage = 0
        for _ in range(args.loads):          # interleaved: drift hits every page alike
            rows["bare"].append(cold(browser, site + BARE))
            first, later, usage = cold_and_repeat(browser, site + RAMI, repeats=2)
            rows["cold"].append(first)
            rows["repeat"] += later
            rows["bare_dist"].append(cold(browser, site + BARE_DIST))
            rows["pyscript"].append(cold(browser, site + PYSCRIPT))
        med = {k: statistics.median(r["ready"] for r in v) for k, v in rows.items()}
        names = {"bare": "bare Pyodide (npm), cold", "bare_dist":
                 "bare Pyodide (rami's runtime), cold", "pyscript":
                 "PyScript on it, empty script, cold", "cold": "rami lobby, cold",
                 "repeat": "rami lobby, repeat visits"}
        print(f"Start-up, {args.loads} rounds alternating the pages (ms from navigation to "
              "interactive):")
        for key, name in names.items():
            ts = [r["ready"] for r in rows[key]]
            print(f"  {name:36s} median {med[key]:6.0f}   min {min(ts):6.0f}   "
                  f"max {max(ts):6.0f}   ({len(ts)} loads)")
        cold_ratio = med["cold"] / med["bare_dist"]
        repeat_ratio = med["repeat"] / med["bare"]
        print(f"  cold, rami / the same runtime's bare start:  {cold_ratio:.2f}   "
              f"(target: at most {COLD_RATIO}); PyScript alone, the floor while the page "
              f"runs on it: {med['pyscript'] / med['bare_dist']:.2f}")
        print(f"  repeat visits, rami / stock Pyodide cold:    {repeat_ratio:.2f}   "
              f"(target: at most {REPEAT_RATIO})")
        print(f"  longest main-thread task until interactive (target: at most "
              f"{LONGEST_TASK_MS} ms):")
        for key in ("bare", "bare_dist", "pyscript", "cold", "repeat"):
            r = rows[key]
            print(f"    {names[key]:36s} {max(x['longest_task'] for x in r):4.0f} ms (median of "
                  f"the loads' longest {statistics.median(x['longest_task'] for x in r):.0f})")
        for key in ("cold", "repeat"):
            r = rows[key]
            print(f"  {names[key]}: progress bar's largest jump {max(x['jump'] for x in r):.0f} %"
                  f" (it creeps between steps), longest time between steps "
                  f"{max(x['wait'] for x in r):.0f} ms")
        runtime = [x["runtime"] for x in rows["repeat"] if x["runtime"]]
        if runtime:
            print(f"  repeat visits' runtime from its snapshot "
                  f"({runtime[0].get('bytes', 0) / 1e6:.0f} MB kept in Cache Storage): median "
                  f"{statistics.median(x['ms'] for x in runtime):.0f} ms; the site's storage "
                  f"after a visit {usage / 1e6:.1f} MB")
        print("Phone-class CPU (Chromium's CPU throttled 4x):")
        slow_cold, slow_repeat = [], []
        for _ in range(max(1, args.loads // 2)):
            first, later, _ = cold_and_repeat(browser, site + RAMI, repeats=1, throttle=4)
            slow_cold.append(first["ready"])
            slow_repeat += [x["ready"] for x in later]
        r = responsiveness(browser, site + RAMI, args.throttled_moves, "indian", "expert",
                           query="?bots=page", throttle=4)
        print(f"  rami lobby, cold: median {statistics.median(slow_cold):.0f} ms; repeat visits: "
              f"median {statistics.median(slow_repeat):.0f} ms (target: at most "
              f"{PHONE_REPEAT_MS} ms)")
        print(f"  Expert's move at a six-player Indian table (pool 101), thinking on the page's "
              f"thread: p95 {r['p95_think_ms']:.0f} ms, median {r['median_think_ms']:.0f}, "
              f"longest {r['longest_think_ms']:.0f} over {r['bot_moves']} moves (target: p95 "
              f"at most {PHONE_EXPERT_P95_MS} ms); longest main-thread task during bot turns "
              f"{r['longest_task_ms']:.0f} ms")
        for variant, title in (("basic", "Basic Rummy"), ("indian", "Indian rummy, pool 101")):
            r = responsiveness(browser, site + RAMI, args.bot_moves, variant)
            print(f"Bot turns ({title}, 6 players, fastest pace, the person's moves by "
                  "clicks):")
            print(f"  {r['bot_moves']} bot moves in {r['stretches']} stretches; "
                  f"bot move + redraw: median {r['median_move_ms']:.1f} ms, "
                  f"longest {r['longest_move_ms']:.1f} ms")
            print(f"  main-thread tasks over 50 ms during bot turns: {r['long_tasks']}, "
                  f"longest {r['longest_task_ms']:.0f} ms (limit 100)")
        browser.close()
    server.shutdown()
    print(f"Machine: {load()} (at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
