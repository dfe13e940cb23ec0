# rami's bots' Web Worker: a second Pyodide that works out the computer players' moves, so
# the page's own thread only draws and listens. Started by rami/web/worker.py once a table is
# up; it never touches the page (no SharedArrayBuffer, no special headers needed).
import os
import sys

sys.path.insert(0, os.path.abspath("rami.zip"))   # the engine: pyscript.toml's [files]

from rami.web.thinking import decide  # noqa: E402

__export__ = ["decide"]
