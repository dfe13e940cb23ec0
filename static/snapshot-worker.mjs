// Makes the runtime's memory snapshot for static/runtime.mjs, in a worker so that the page
// stays responsive: start Pyodide able to snapshot itself, import every module of rami the
// browser uses from rami.zip (as the page and the boards' frame will), take the snapshot,
// and keep it in Cache Storage under the key it is given (the build's id), in place of any
// older one. The modules are imported with rami.zip put on sys.path and taken off again:
// the page puts it there itself.
import { loadPyodide } from "./vendor/pyodide-314.0.7/pyodide.mjs";

const INDEX = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
const ENGINE = new URL("./vendor/rami.zip", import.meta.url).href;

onmessage = async ({ data: { cache, key } }) => {
  try {
    const engine = fetch(ENGINE).then((r) => {
      if (!r.ok) throw new Error(`rami.zip: ${r.status}`);
      return r.arrayBuffer();
    });
    const py = await loadPyodide({ indexURL: INDEX, _makeSnapshot: true });
    py.FS.writeFile("/home/pyodide/rami.zip", new Uint8Array(await engine));
    const count = py.runPython(`
import sys, zipfile
sys.path.insert(0, "/home/pyodide/rami.zip")
for name in sorted(n[:-4].replace("/", ".").removesuffix(".__init__")
                   for n in zipfile.ZipFile("/home/pyodide/rami.zip",   # (not cp437's
                                            metadata_encoding="utf-8").namelist()  # codec)
                   if n.endswith(".pyc")):
    __import__(name)          # rami.zip holds only the modules the browser uses
sys.path.remove("/home/pyodide/rami.zip")
del sys, zipfile, name
len([m for m in __import__("sys").modules if m.startswith("rami")])
`);
    const snapshot = py.makeMemorySnapshot();
    const store = await caches.open(cache);
    for (const old of await store.keys()) await store.delete(old);
    await store.put(key, new Response(snapshot, {
      headers: { "content-type": "application/octet-stream" } }));
    postMessage({ ok: true, bytes: snapshot.length, modules: count });
  } catch (e) {
    postMessage({ ok: false, error: String(e && e.message || e).slice(0, 300) });
  }
};
