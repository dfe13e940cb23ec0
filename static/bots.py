# rami's bots' Web Worker: a second Pyodide that works out the computer players' moves (and
# the review of a hand, a decision at a time), so the page's own thread only draws and
# listens. Started by rami/web/worker.py once a table is up; it never touches the page (no
# SharedArrayBuffer, no special headers needed).
import os
import sys

sys.path.insert(0, os.path.abspath("rami.zip"))   # the engine: pyscript.toml's [files]

from rami.web.thinking import decide  # noqa: E402


async def _review(name, text, url):
    """The review's work (rami.web.reviewing), its part fetched the first time."""
    from rami.web import addon
    if not await addon.load("review", url):
        return '{"error": "The review could not be fetched."}'
    from rami.web import reviewing
    return getattr(reviewing, name)(text)


async def review_plan(text, url=""):
    return await _review("review_plan", text, url)


async def review_decision(text, url=""):
    return await _review("review_decision", text, url)


async def review_expert(text, url=""):
    return await _review("review_expert", text, url)


__export__ = ["decide", "review_plan", "review_decision", "review_expert"]
