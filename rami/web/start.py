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

from ..checks import read_json
from ..errors import RamiError
from ..i18n import DEFAULT, _, available, install, negotiate, normalise, set_language
from .lobby import default_form, lobby_html
from .settings import ALL_CLASSES, clean as clean_settings, root_classes
from .svg import symbol_defs

SAVE_KEY = "rami.save"
SET_ASIDE_KEY = "rami.save.set-aside"
KEPT_KEY = "rami.save.kept"           # a second match, kept aside to be resumed later
PREFS_KEY = "rami.prefs"
STATS_KEY = "rami.stats"
# the engine, in the order its modules are imported once the lobby is up: one task each
# (a module's own imports come with it)
ENGINE = ("rami.actions", "rami.melds", "rami.state", "rami.solver", "rami.variants.base",
          "rami.variants", "rami.view", "rami.bots", "rami.scenario", "rami.web.tables",
          "rami.web.session", "rami.web.render", "rami.web.howto", "rami.web.stats",
          "rami.web.thinking", "rami.web.app")
# what the app listens to on its root, and on the document
ROOT_EVENTS = ("click", "change", "pointerdown", "dblclick")


def nil(x):
    """JavaScript's null and undefined as None (Pyodide gives ``jsnull`` for null)."""
    return None if x is None or type(x).__name__ == "JsNull" else x


def stored(key: str) -> str | None:
    """A ``localStorage`` item, or None (storage refused counts as empty)."""
    try:
        raw = js.localStorage.getItem(key)
    except Exception:
        return None
    return raw if isinstance(raw, str) else None


def load_json(key, most: int = 10_000):
    """A small JSON object the page kept (its preferences), or None if it is not one."""
    try:
        raw = stored(key)
        d = read_json(raw, most) if raw else None
    except RamiError:
        return None
    return d if isinstance(d, dict) else None


def url_language() -> str | None:
    """The language the page's address asks for (``?lang=ro``), or None."""
    try:
        asked = js.URLSearchParams.new(js.location.search).get("lang")
    except Exception:
        return None
    return normalise(asked) if isinstance(asked, str) else None


def drop_url_language() -> None:
    """Take ``?lang=`` out of the address (the player chose in the menu: a reload keeps
    that choice)."""
    try:
        params = js.URLSearchParams.new(js.location.search)
        if params.has("lang"):
            params.delete("lang")
            query = params.toString()
            js.history.replaceState(js.history.state, "", js.location.pathname
                                    + (f"?{query}" if query else "") + js.location.hash)
    except Exception:
        pass


def browser_languages() -> list[str]:
    """The browser's languages, best first (``navigator.languages``)."""
    try:
        langs = js.navigator.languages
        out = [str(x) for x in langs] if langs is not None else []
    except Exception:
        out = []
    try:
        out.append(str(js.navigator.language))
    except Exception:
        pass
    return out


def wanted_language(settings: dict) -> str:
    """The language the page should speak: the address's ``?lang=``, else the one chosen in
    the menu, else the browser's."""
    chosen = settings.get("lang")
    return url_language() or (chosen if chosen and chosen != "auto" else None) or \
        negotiate(browser_languages())


def choose_language(settings: dict) -> str:
    """Speak the wanted language (English while its catalogue is not at hand: see
    :func:`fetch_catalogue`); every message from now on speaks it, and the page's ``lang``
    says it."""
    code = wanted_language(settings)
    code = set_language(code if available(code) else DEFAULT)
    js.document.documentElement.lang = code
    return code


async def fetch_catalogue(code: str) -> bool:
    """A language's catalogue, fetched once (static/boot.js has asked for the page's own
    while the runtime loaded; the service worker keeps each one spoken, for offline play):
    True when it is at hand."""
    if available(code):
        return True
    try:
        pending = nil(getattr(js.window, "ramiCatalogue", None))
        if pending is not None and pending.lang == code:
            data = await pending.bytes
        else:
            response = await js.fetch(f"static/vendor/locale/{code}.mo.gz")
            data = await response.arrayBuffer() if response.ok else None
        data = nil(data)
        return install(code, bytes(data.to_py())) if data is not None else False
    except Exception as e:            # offline and never fetched: English meanwhile
        js.console.warn(f"rami: the {code} catalogue is not at hand ({type(e).__name__}: {e})")
        return False


async def load_fonts(code: str) -> None:
    """The font a language's script needs (Hindi's Devanagari), loaded before its words are
    drawn (static/boot.js's ``ramiFonts``: text laid out while that font loads stays in
    boxes)."""
    try:
        fonts = nil(getattr(js.window, "ramiFonts", None))
        if fonts is not None:
            await fonts(code)
    except Exception as e:            # drawn in the fallback font, then
        js.console.warn(f"rami: the fonts for {code} did not load ({type(e).__name__})")


def apply_settings(settings: dict) -> None:
    """The settings as classes on the page's root element (the stylesheet follows), and the
    language."""
    choose_language(settings)
    root = js.document.documentElement
    for c in ALL_CLASSES:
        root.classList.remove(c)
    for c in root_classes(settings):
        root.classList.add(c)
    # a dark theme: chosen, or the device's while the player has not chosen
    theme = settings.get("theme")
    dark = theme == "dark" or (theme == "auto" and bool(
        js.window.matchMedia("(prefers-color-scheme: dark)").matches))
    root.classList.toggle("dark", dark)


def preferences() -> tuple[dict, dict]:
    """The kept settings, and the lobby's choices as the player left them."""
    prefs = load_json(PREFS_KEY) or {}
    variant, name = prefs.get("variant"), prefs.get("name")
    settings = clean_settings(prefs.get("settings"))
    choose_language(settings)               # (the default name is in the player's language)
    form = default_form(variant if isinstance(variant, str) else "gin",
                        name[:40] if isinstance(name, str) and name else _("Player"))
    return settings, form


def frame(lobby: str) -> str:
    """The app's root as the app makes it, the lobby in its screen."""
    return (f'<div id="screen">{lobby}</div><div id="dialogs" class="dialogs"></div>'
            '<div id="update" class="update-slot"></div>')


def ready() -> None:
    """The page is interactive: tell the tests and the load benchmark, and the start-up
    script (static/boot.js), which then registers the service worker."""
    js.window.ramiReadyAt = js.performance.now()
    js.document.body.dataset.ready = "1"
    js.window.dispatchEvent(js.CustomEvent.new("rami:ready"))


def prepare_page() -> None:
    """The suit shapes every card face refers to; the loading screen goes."""
    defs = js.document.createElement("div")
    defs.innerHTML = symbol_defs()
    js.document.body.prepend(defs.firstChild)
    loading = nil(js.document.getElementById("loading"))
    if loading is not None:
        loading.remove()


def lobby_first() -> bool:
    """Whether the page opens on the lobby: no ``?deal=``, no match saved or kept."""
    deal = js.URLSearchParams.new(js.location.search).get("deal")
    return not (isinstance(deal, str) and deal.strip()) and stored(SAVE_KEY) is None \
        and stored(KEPT_KEY) is None


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
