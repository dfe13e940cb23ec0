"""The page's start: the lobby first, the engine while the player reads it.

The page runs ``from rami.web.start import main; main()``. Most of rami's import time is the
engine (the rules of six games, the bots, the tables): about 150 ms of a cold start here,
several times that on a slow phone. When the page opens on the lobby (no match saved, no
``?deal=``), :func:`main` draws the lobby from :mod:`rami.web.lobby`, which needs none of
it, says the page is ready, and imports the engine module by module, each in a task of its
own, so the page stays responsive. Then :class:`~rami.web.app.App` takes the lobby over as
it is (the same HTML: nothing on the screen changes) and is given, in order, whatever the
player did meanwhile (clicks, changes, keys), so a click on *Deal the cards* made in those
moments deals. A page that opens on a table imports everything first, as before.
"""

from __future__ import annotations

import asyncio
import importlib
import traceback

import js
from pyodide.ffi import create_proxy

from ..i18n import _
from .lobby import DEFAULT_GAME, default_form, lobby_html
from .page import (apply_settings, choose_language, fetch_catalogue, frame, load_fonts, nil,
                   prepare_page, ready, started, wanted_language)
from .settings import clean as clean_settings
from .storage import KEPT_KEY, PREFS_KEY, SAVE_KEY, load_json, stored
# the engine, in the order its modules are imported once the lobby is up: one task each
# (a module's own imports come with it)
ENGINE = ("rami.actions", "rami.melds", "rami.state", "rami.solver", "rami.variants.base",
          "rami.games", "rami.view", "rami.bots", "rami.scenario", "rami.web.tables",
          "rami.web.session", "rami.web.render", "rami.web.howto", "rami.web.stats",
          "rami.web.thinking", "rami.web.app")
# what the app listens to on its root, and on the document
ROOT_EVENTS = ("click", "change", "pointerdown", "dblclick")


def preferences() -> tuple[dict, dict]:
    """The kept settings, and the lobby's choices as the player left them."""
    prefs = load_json(PREFS_KEY) or {}
    variant, name = prefs.get("variant"), prefs.get("name")
    settings = clean_settings(prefs.get("settings"))
    choose_language(settings)               # (the default name is in the player's language)
    form = default_form(variant if isinstance(variant, str) else DEFAULT_GAME,
                        name[:40] if isinstance(name, str) and name else _("Player"))
    return settings, form


def lobby_first() -> bool:
    """Whether the page opens on the lobby: no ``?deal=``, no join link, no match saved or
    kept."""
    deal = js.URLSearchParams.new(js.location.search).get("deal")
    joining = str(js.location.hash or "").startswith(("#join=", "#code="))   # a friend's link
    return not (isinstance(deal, str) and deal.strip()) and stored(SAVE_KEY) is None \
        and stored(KEPT_KEY) is None and not joining


class Lobby:
    """The lobby before the app: drawn, listening, keeping what the player does."""

    def __init__(self, root):
        self.root = root
        self.queue: list[tuple[str, object]] = []
        self.proxies: list[tuple[object, str, object]] = []
        settings, form = preferences()
        apply_settings(settings)
        self.html = lobby_html(form, lang=settings["lang"])
        root.innerHTML = frame(self.html)
        for kind in ROOT_EVENTS:
            self._keep(root, kind)
        self._keep(js.document, "keydown")

    def _keep(self, target, kind: str) -> None:
        def keep(event):
            if kind == "click":
                el = nil(event.target)
                el = nil(el.closest("[data-act]")) if el is not None and hasattr(
                    el, "closest") else None
                if el is not None and el.tagName == "A":
                    event.preventDefault()         # as the app does: its links are actions
            self.queue.append((kind, event))
        proxy = create_proxy(keep)
        target.addEventListener(kind, proxy)
        self.proxies.append((target, kind, proxy))

    def stop(self) -> list:
        for target, kind, proxy in self.proxies:
            target.removeEventListener(kind, proxy)
            proxy.destroy()
        self.proxies = []
        return self.queue

    async def hand_over(self):
        """Import the engine, a module a task, then give the page to the app."""
        for name in ENGINE:
            importlib.import_module(name)
            await asyncio.sleep(0)
        from .app import App
        events = self.stop()
        app = App(self.root, adopt=self.html)
        app.take_over()
        for kind, event in events:
            app.replay(kind, event)
        started()
        js.window.ramiEngineAt = js.performance.now()     # for the tests and the benchmark
        return app


async def main():
    """Start the page, in its language: the lobby first when it opens on the lobby, else the
    whole app."""
    code = wanted_language(clean_settings((load_json(PREFS_KEY) or {}).get("settings")))
    await fetch_catalogue(code)
    await load_fonts(code)
    if not lobby_first():
        from .app import main as start_app
        return start_app()
    root = js.document.getElementById("app")
    try:
        prepare_page()
        lobby = Lobby(root)
    except Exception as e:            # never a traceback on the page: the whole app instead
        js.console.error("".join(traceback.format_exception(e)))
        from .app import main as start_app
        return start_app()
    ready()

    async def take_over():
        try:
            await lobby.hand_over()
        except Exception as e:        # never a traceback on the page
            js.console.error("".join(traceback.format_exception(e)))
            root.textContent = _("rami could not start ({error}). Reload the page; if it "
                                 "happens again, clear this site's data.",
                                 error=type(e).__name__)
    asyncio.ensure_future(take_over())
    return lobby
