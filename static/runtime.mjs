// rami's Python runtime: Pyodide, started from a memory snapshot of itself when this browser
// keeps one. PyScript loads this module as its `interpreter` (pyscript.toml), the boards'
// frame imports it (board.html); both call loadPyodide as they would Pyodide's own.
//
// A snapshot is the runtime's memory once Python has started and imported every module of
// rami the browser uses (Pyodide's `_makeSnapshot`/`makeMemorySnapshot`/`_loadSnapshot`).
// Restoring it replaces Python's start-up and rami's imports with one copy into memory.
// * It is made after a visit that had none, in a worker (static/snapshot-worker.mjs), once
//   the page is ready and idle (rememberRuntime), and stored in Cache Storage under the
//   build's id, so a new version of the runtime or of rami never loads an old snapshot.
// * A snapshot freezes the state of Python's random generator and its string-hash secret:
//   the generator is reseeded from the browser's entropy at every restore; nothing of rami
//   depends on hash order (its determinism rule), so a fixed secret changes no game.
// * Anything that fails (no Cache Storage in a partitioned frame, a snapshot refused by the
//   runtime) falls back to an ordinary start, and a refused snapshot is deleted.
import { loadPyodide as startRuntime, version } from "./vendor/pyodide-314.0.7/pyodide.mjs";

export { version };

const BUILD = "/* BUILD */";   // scripts/dist.py: a hash of the runtime's files and rami.zip
const INDEX = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
const SITE = new URL("../", import.meta.url).href;
const CACHE = `rami snapshot ${SITE}`;
const KEY = new URL(`snapshot-${BUILD}`, INDEX).href;
const STAMPED = !BUILD.startsWith("/*");

async function snapshotCache() {
  return STAMPED && globalThis.caches ? caches.open(CACHE) : null;
}

async function stored() {
  try {
    const hit = await (await snapshotCache())?.match(KEY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (e) {
    return null;       // no Cache Storage here (a frame of another site, a private mode)
  }
}

async function forget() {
  try {
    await caches.delete(CACHE);
  } catch (e) { /* nothing kept */ }
}

/** Pyodide, from this build's snapshot if the browser keeps one; ``globalThis.ramiRuntime``
 *  says which and how long it took. */
async function begin(options) {
  const t0 = performance.now();
  const snapshot = await stored();
  if (snapshot) {
    try {
      const py = await startRuntime({ ...options, indexURL: INDEX, _loadSnapshot: snapshot });
      py.runPython("import random; random.seed()");
      globalThis.ramiRuntime = { from: "snapshot", ms: performance.now() - t0,
                                 bytes: snapshot.length };
      return py;
    } catch (e) {
      console.warn("rami: the runtime's snapshot did not load; starting afresh.", e);
      await forget();
    }
  }
  const py = await startRuntime({ ...options, indexURL: INDEX });
  globalThis.ramiRuntime = { from: "start", ms: performance.now() - t0 };
  return py;
}

// The page's start (static/boot.js) calls prestart() as it loads PyScript, so that the
// runtime's files download and compile, and Python starts, while PyScript's own modules and
// plugins load; PyScript's call of loadPyodide then takes that start, with the output
// streams it asks for. A call with any other option starts a runtime of its own.
let started = null;
const streams = {};

export function prestart() {
  started ??= begin({ stdout: (line) => (streams.stdout ?? console.log)(line),
                      stderr: (line) => (streams.stderr ?? console.warn)(line) });
  return started;
}

export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...others } = options;
  if (started && Object.keys(others).length === 0) {
    Object.assign(streams, { stdout, stderr });
    return started;
  }
  return begin(options);
}

let remembering = null;

/** Make and keep this build's snapshot if there is none, in a worker (off the page's thread),
 *  once the page has been idle a moment. Resolves to what happened, in a few words. */
export function rememberRuntime(idleMs = 1500) {
  remembering ??= (async () => {
    if (!STAMPED || globalThis.ramiRuntime?.from === "snapshot") return "not needed";
    if (globalThis.ramiNoSnapshot) return "off";    // the browser tests' pages, but their own
    try {
      const cache = await snapshotCache();
      if (!cache) return "no Cache Storage here";
      if (await cache.match(KEY)) return "kept already";
    } catch (e) {
      return "no Cache Storage here";
    }
    await new Promise((done) => setTimeout(done, idleMs));
    await new Promise((done) => (globalThis.requestIdleCallback ?? setTimeout)(done));
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url),
                              { type: "module", name: "rami snapshot" });
    const result = await new Promise((done) => {
      worker.onmessage = (e) => done(e.data);
      worker.onerror = (e) => done({ ok: false, error: e.message || "the worker failed" });
      worker.postMessage({ cache: CACHE, key: KEY });
    });
    worker.terminate();
    globalThis.ramiSnapshot = result;
    if (!result.ok) console.warn("rami: no snapshot of the runtime:", result.error);
    return result.ok ? "kept" : `failed: ${result.error}`;
  })();
  return remembering;
}
