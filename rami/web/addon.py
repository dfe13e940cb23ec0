"""Parts of rami fetched the first time they are used, not on every first visit: the review
of a hand (``static/vendor/review.zip``, :mod:`rami.review` and its page). A part is put
beside rami.zip's own modules (on the packages' paths, as learn/editor.html puts the
editor's); the service worker keeps it once fetched, for offline play from then on. The
page and the bots' worker each load it for themselves."""

from __future__ import annotations

import os

import js

_loaded: set = set()


def address(name: str) -> str:
    """Where a part is, as a whole address (a worker resolves a path elsewhere)."""
    return str(js.URL.new(f"static/vendor/{name}.zip", js.location.href).href)


async def load(name: str, url: str = "") -> bool:
    """Fetch part ``name`` (once) and make its modules importable; False, with a word on
    the console, when it cannot be had (offline, never fetched before)."""
    if name in _loaded:
        return True
    try:
        response = await js.fetch(url or address(name))
        if not response.ok:
            js.console.warn(f"rami: {name}.zip: {response.status}")
            return False
        data = bytes((await response.arrayBuffer()).to_py())
    except Exception as e:
        js.console.warn(f"rami: {name}.zip could not be fetched ({type(e).__name__})")
        return False
    path = os.path.abspath(f"{name}.zip")
    with open(path, "wb") as f:
        f.write(data)
    import rami
    import rami.web
    rami.__path__.append(f"{path}/rami")
    rami.web.__path__.append(f"{path}/rami/web")      # (a new path entry: no cache to clear)
    _loaded.add(name)
    return True
