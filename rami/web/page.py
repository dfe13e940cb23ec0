"""The page itself, for every part of the web layer that draws on it: JavaScript's null,
elements and their attributes, the page's language (chosen, fetched, spoken, its fonts),
the settings on the root element, and the signal that the page is ready.

It imports nothing of the engine, so the lobby (:mod:`rami.web.start`) draws with it before
the engine is loaded.
"""

from __future__ import annotations

import gc

import js

from ..i18n import DEFAULT, available, install, negotiate, normalise, set_language
from .settings import ALL_CLASSES, root_classes


def nil(x):
    """JavaScript's null and undefined as None (Pyodide gives ``jsnull`` for null)."""
    return None if x is None or type(x).__name__ == "JsNull" else x


def closest(el, selector: str):
    """The nearest ancestor-or-self of ``el`` matching ``selector``, or None."""
    el = nil(el)
    if el is None or not hasattr(el, "closest"):
        return None
    return nil(el.closest(selector))


def attr(el, name: str) -> str | None:
    el = nil(el)
    if el is None or not hasattr(el, "getAttribute"):
        return None
    value = nil(el.getAttribute(name))
    return None if value is None else str(value)


def morph(el, html: str) -> None:
    """``el`` shows ``html``: what it shows already and the new HTML share stays in place
    (static/boot.js's ``ramiMorph``), where the page has it; else written anew."""
    change = getattr(js.window, "ramiMorph", None)
    if change is None:
        el.innerHTML = html
    else:
        change(el, html)


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


async def fetch_catalogue(code: str, base: str = "") -> bool:
    """A language's catalogue, fetched once (static/boot.js has asked for the page's own
    while the runtime loaded; the service worker keeps each one spoken, for offline play):
    True when it is at hand. ``base``: where static/ is from the page (``../`` from
    learn/)."""
    if available(code):
        return True
    try:
        pending = nil(getattr(js.window, "ramiCatalogue", None))
        if pending is not None and pending.lang == code:
            data = await pending.bytes
        else:
            response = await js.fetch(f"{base}static/vendor/locale/{code}.mo.gz")
            data = await response.arrayBuffer() if response.ok else None
        data = nil(data)
        return install(code, bytes(data.to_py())) if data is not None else False
    except Exception as e:            # offline and never fetched: English meanwhile
        js.console.warn(f"rami: the {code} catalogue is not at hand ({type(e).__name__}: {e})")
        return False


async def load_fonts(code: str) -> None:
    """The font a language's script needs (Hindi's Devanagari), loaded before its words are
    drawn (static/boot.js's ``ramiFonts``: no words flash in the fallback's boxes)."""
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
    """The loading screen goes."""
    loading = nil(js.document.getElementById("loading"))
    if loading is not None:
        loading.remove()


def started() -> None:
    """The engine and the app are in memory, for the page's life: their objects (modules,
    classes, functions, the catalogues: 27,000) are kept out of the cyclic garbage
    collector's full collections, which otherwise walk them all (12-15 ms in the page at
    full speed, four times that on a phone-class processor). Collections seldom run while a
    match is played (none in a stretch of bots' moves), but one that does, in the midst of a
    drawing, then skips them."""
    gc.freeze()

