"""The site server sends what Pyodide and the browser insist on."""

import sys
import urllib.request

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no sockets in Pyodide")


@pytest.mark.parametrize("name,mime", [
    ("pyodide.asm.wasm", "application/wasm"), ("pyodide.mjs", "text/javascript"),
    ("core.js", "text/javascript"), ("pyodide-lock.json", "application/json"),
    ("pyscript.toml", "text/plain"), ("rami.zip", "application/zip"),
    ("manifest.webmanifest", "application/manifest+json"), ("sw.js", "text/javascript"),
    ("index.html", "text/html")])
def test_mime_types(tmp_path, name, mime):
    from rami.serve import serve_in_background
    (tmp_path / name).write_bytes(b"x")
    server, url = serve_in_background(str(tmp_path))
    try:
        with urllib.request.urlopen(url + name) as r:
            assert r.headers["Content-Type"].split(";")[0] == mime
            assert r.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()
