"""The board editor's page (``learn/editor.html``): :mod:`rami.web.editor` drawn, and the
author's presses, changes, typing, drags and files handed to it.

The page's two boards, the preview and the recording table, are ``<rami-board>`` elements
of rami's own embed script drawn by a boards runtime in this page's Python (no hidden
frame, no second Python): the preview is the very element a reader's page shows. Nothing
the author makes leaves the page; files are read where they are, and copying uses the
clipboard.
"""

from __future__ import annotations

import asyncio
import json
import random
import traceback

import js
from pyodide.ffi import create_proxy

from ..i18n import DEFAULT, _, available, set_language
from .board import ATTRIBUTES, Board
from . import editor_view as view
from .editor import Editor, EditorError, Recorder
from .embed_app import Runtime
from .page import attr, closest, fetch_catalogue, nil, wanted_language
from .settings import clean as clean_settings
from .storage import PREFS_KEY, load_json

BASE = "../"                      # the site's root, from learn/


class EditorPage:
    def __init__(self, lang: str):
        query = js.URLSearchParams.new(js.location.search)
        variant = query.get("game")
        variant = str(variant) if isinstance(variant, str) else "gin"
        try:
            self.ed = Editor(variant, seed=random.randrange(1, 10 ** 6), lang=lang)
        except Exception:
            self.ed = Editor("gin", seed=random.randrange(1, 10 ** 6), lang=lang)
        self.base = str(js.URL.new(BASE, js.location.href).href)
        self.here = js.window.ramiBoardsHere
        self.runtime = Runtime(post=self.answer, make=self.make, after=self.after, base=BASE)
        self.rec_bid = ""
        self.rec_key = None
        self._proxies = []
        root = js.document.getElementById("editor")
        self.root = root
        root.innerHTML = view.frame_html(self.ed)
        for kind, fn in (("click", self.on_click), ("change", self.on_change),
                         ("input", self.on_input), ("dragstart", self.on_drag),
                         ("dragover", self.on_over), ("dragleave", self.on_leave),
                         ("drop", self.on_drop)):
            proxy = create_proxy(self._guard(fn))
            self._proxies.append(proxy)
            root.addEventListener(kind, proxy)
        fragment = str(js.location.hash)[1:]
        if "deal=" in fragment:                 # a board sent here (a shared hand's page)
            self.ed.act("open", "editor.html#" + fragment)
        self.draw()
        for board in ("ed-preview", "ed-recorder"):     # (drawn at once, not when near)
            el = nil(js.document.getElementById(board))
            if el is not None and hasattr(el, "wake"):
                el.wake()
        proxy = create_proxy(self.runtime.receive)
        self._proxies.append(proxy)
        self.here.send = proxy
        self.here.ready = True
        answer = nil(getattr(self.here, "answer", None))
        if answer is not None:
            answer(json.dumps({"type": "ready"}))

    @staticmethod
    def _guard(fn):
        """An event handler whose faults are said in the console, never on the page as a
        traceback."""
        def run(event):
            try:
                fn(event)
            except Exception as e:
                js.console.error("".join(traceback.format_exception(e)))
        return run

    # -- the boards -----------------------------------------------------------------------
    def answer(self, text: str) -> None:
        answer = nil(getattr(self.here, "answer", None))
        if answer is not None:
            answer(text)

    def make(self, bid: str, attrs: dict):
        if attrs.get("mode") == "record":
            self.rec_bid = bid
            self.rec_key = self._rec_key()
            return Recorder(self.ed, self.ed.deal(), self.ed.recorder_line())
        return Board(attrs)

    def after(self, bid: str) -> None:
        """A press on a board: a move at the recording table is a step of the board."""
        if bid == self.rec_bid:
            self.rec_key = self._rec_key()
            self.draw(recorder=False)

    def _rec_key(self):
        ed = self.ed
        return ed.deal(), tuple(s.text for s in ed.line), ed.alt, ed.lang

    def refresh_recorder(self) -> None:
        wrap = js.document.getElementById("ed-record-wrap")
        wrap.hidden = not self.ed.recording()
        if wrap.hidden or not self.rec_bid or self.rec_bid not in self.runtime.boards \
                and self.rec_key is None:
            return
        key = self._rec_key()
        if key == self.rec_key and self.rec_bid in self.runtime.boards:
            return
        self.rec_key = key
        try:
            self.runtime.boards[self.rec_bid] = Recorder(self.ed, self.ed.deal(),
                                                         self.ed.recorder_line())
            self.runtime.redraw(self.rec_bid)
        except Exception as e:              # (a sound position always plays: said if not)
            js.console.error("".join(traceback.format_exception(e)))
            wrap.hidden = True

    # -- drawing --------------------------------------------------------------------------
    def draw(self, keep=None, recorder: bool = True) -> None:
        """Every part drawn again but ``keep`` (the part being typed in), the focus kept on
        the control that had it; the preview and the output follow."""
        active = nil(js.document.activeElement)
        key = None
        row = None                  # a piece's place among its neighbours (it may go)
        if active is not None and self.root.contains(active):
            for name in ("data-field", "data-act", "id"):
                if attr(active, name):
                    key = (name, attr(active, name))
                    break
            group = closest(active, ".ed-picker, .ed-zone")
            if group is not None and closest(active, ".ed-pick, .ed-card") is not None:
                pieces = list(group.querySelectorAll(".ed-pick, .ed-card"))
                row = (attr(group, "data-zone") or "picker",
                       next((i for i, x in enumerate(pieces) if x == active), 0))
        parts = view.html(self.ed)
        parts["ed-out"] = view.out_html(self.ed, self.base)
        for pid, html in parts.items():
            if pid == keep:
                continue
            el = js.document.getElementById(pid)
            if el is not None and el.innerHTML != html:
                opened = [d.className for d in el.querySelectorAll("details[open]")]
                el.innerHTML = html
                for name in opened:             # (a part the author opened stays open)
                    again = nil(el.querySelector(f"details.{name.split()[0]}")) if name \
                        else None
                    if again is not None:
                        again.open = True
        if key is not None:
            again = nil(self.root.querySelector(f'[{key[0]}="{js.CSS.escape(key[1])}"]'))
            if (again is None or again.disabled) and row is not None:
                again = self._neighbour(*row)
            if again is not None and again is not active:
                again.focus()
        self.preview()
        if recorder:
            self.refresh_recorder()

    def _neighbour(self, zone: str, index: int):
        """The piece now nearest a pressed one that went (placed, or put back): the same
        place in its row, else the one before; an emptied zone, its Place here button."""
        group = nil(self.root.querySelector(".ed-picker" if zone == "picker" else
                                            f'[data-zone="{js.CSS.escape(zone)}"]'))
        if group is None:
            return None
        pieces = list(group.querySelectorAll(".ed-pick, .ed-card"))
        order = list(range(index, len(pieces))) + list(range(min(index, len(pieces)) - 1,
                                                             -1, -1))
        found = next((pieces[i] for i in order if not pieces[i].disabled), None)
        return found if found is not None else \
            nil(group.querySelector("[data-act^='target:']"))

    def preview(self) -> None:
        board = js.document.getElementById("ed-preview")
        attrs = self.ed.attrs()
        board.assign(js.JSON.parse(json.dumps({k: attrs.get(k) for k, _x in ATTRIBUTES})))
        frame = js.document.getElementById("ed-frame")
        frame.dataset.width = self.ed.width

    def say(self, text: str) -> None:
        js.document.getElementById("ed-said").textContent = text

    # -- events ---------------------------------------------------------------------------
    def on_click(self, event) -> None:
        el = closest(event.target, "[data-act]")
        if el is None:
            return
        act = attr(el, "data-act") or ""
        if act.startswith("copy:"):
            return self.copy(act[5:])
        if act == "review":
            return asyncio.ensure_future(self.review())
        if act == "open":
            box = nil(self.root.querySelector('[data-field="opentext"]'))
            self.ed.act("open", str(box.value) if box is not None else "")
            self.said_notice()
            return self.draw()
        self.ed.act(act)
        self.said_notice()
        self.draw()

    def said_notice(self) -> None:
        if self.ed.notice:
            self.say(self.ed.notice)

    def on_change(self, event) -> None:
        el = nil(event.target)
        field = attr(el, "data-field") or ""
        opt = attr(el, "data-opt")
        if opt:
            value = "true" if el.type == "checkbox" and el.checked else \
                "false" if el.type == "checkbox" else str(el.value)
            self.ed.act(f"opt:{opt}", value)
        elif field == "openfile":
            return asyncio.ensure_future(self.open_file(el))
        elif field == "variant":
            self.ed.act(f"variant:{el.value}")
        elif field in ("players", "matchhand") or field and el.tagName == "SELECT":
            self.ed.act(field, str(el.value))
        else:
            return                              # (typed fields: done as they are typed)
        self.said_notice()
        self.draw()

    def on_input(self, event) -> None:
        el = nil(event.target)
        field = attr(el, "data-field") or ""
        if not field or el.tagName == "SELECT" or field == "opentext":
            return
        self.ed.act(field, str(el.value))
        part = closest(el, ".ed-part > div[id]")
        self.draw(keep=attr(part, "id") if part is not None else None)

    async def open_file(self, el) -> None:
        files = nil(el.files)
        if files is None or not files.length:
            return
        f = files.item(0)
        if f.size > 2_000_000:
            self.ed.notice = _("This file is too large to be a match file.")
        else:
            self.ed.act("open", str(await f.text()))
        self.said_notice()
        self.draw()

    async def review(self) -> None:
        """The open hand of a match reviewed (:meth:`Editor.review_steps`) on this page's
        thread, a slice at a time with its progress said, and its words written as the
        steps' notes."""
        if getattr(self, "reviewing", False):      # (one at a time: a press meanwhile is not taken)
            return
        self.reviewing = True
        try:
            await self._review()
        finally:
            self.reviewing = False

    async def _review(self) -> None:
        from . import addon
        from ..errors import RamiError
        self.say(_("Opening the review…"))
        url = str(js.URL.new(BASE + "static/vendor/review.zip", js.location.href).href)
        if not await addon.load("review", url):
            return self.say(_("The review is fetched the first time it is used, and this "
                              "device is offline: connect once, and it will work offline "
                              "from then on."))
        clock, done = js.performance.now, None
        try:
            steps = self.ed.review_steps()
            while done is None:
                began, share = clock(), 0.0
                try:
                    while clock() - began < 40:
                        share = next(steps)
                except StopIteration as end:
                    done = end.value
                    break
                self.say(_("Reviewing… {percent}%", percent=round(100 * share)))
                await asyncio.sleep(0)
        except RamiError as e:
            return self.say(str(e))
        self.ed.review_notes(done)
        self.said_notice()
        self.draw()

    def copy(self, key: str) -> None:
        box = nil(js.document.getElementById(f"ed-out-{key}"))
        if box is None:
            return
        box.select()
        try:
            js.navigator.clipboard.writeText(box.value)
        except Exception:
            js.document.execCommand("copy")
        self.say(_("Copied."))
        button = nil(self.root.querySelector(f'[data-act="copy:{key}"]'))
        if button is not None:
            button.textContent = _("Copied")

    # dragging a piece from what is left, or a placed one, onto a place on the table
    def on_drag(self, event) -> None:
        el = closest(event.target, "[data-drag]")
        if el is None:
            return
        event.dataTransfer.setData("text/plain", "rami:" + (attr(el, "data-drag") or ""))
        event.dataTransfer.effectAllowed = "move"

    def on_over(self, event) -> None:
        zone = closest(event.target, "[data-zone]")
        if zone is not None:
            event.preventDefault()
            zone.classList.add("over")

    def on_leave(self, event) -> None:
        zone = closest(event.target, "[data-zone]")
        if zone is not None:
            zone.classList.remove("over")

    def on_drop(self, event) -> None:
        zone = closest(event.target, "[data-zone]")
        if zone is None:
            return
        event.preventDefault()
        data = str(event.dataTransfer.getData("text/plain") or "")
        if not data.startswith("rami:"):
            return
        what, where = data[5:], attr(zone, "data-zone") or ""
        self.ed.act(("move:" if "/" in what else "drop:") + what + ">" + where)
        self.said_notice()
        self.draw()


async def main() -> EditorPage | None:
    """Start the editor in the page's language (its catalogue fetched first)."""
    code = wanted_language(clean_settings((load_json(PREFS_KEY) or {}).get("settings")))
    if code != DEFAULT and not available(code):
        await fetch_catalogue(code, BASE)
    code = set_language(code if available(code) else DEFAULT)
    js.document.documentElement.lang = code
    if code == "hi":           # Devanagari's font first: no words flash in boxes
        for weight in (400, 700):
            try:
                await js.document.fonts.load(f'{weight} 16px "Noto Sans Devanagari"', "क")
            except Exception:           # (drawn in the fallback font, then)
                pass
    try:
        page = EditorPage(code)
    except EditorError as e:
        js.document.getElementById("editor").textContent = str(e)
        return None
    js.document.body.dataset.ready = "1"
    return page
