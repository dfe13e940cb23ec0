"""The boards' runtime: the one Python that draws every ``<rami-board>`` of a page.

``board.html`` (rami's own page, loaded by ``static/embed.js`` as one hidden frame however
many boards the host page has) starts this module. It listens for the embed script's
messages, each a JSON text:

* ``{"type": "board", "id": "b1", "attrs": {...}}``: a board (new, or its attributes
  changed): read it and draw it (in its language: a catalogue not yet at hand is fetched
  first, from ``static/vendor/locale/``);
* ``{"type": "act", "id": "b1", "act": "step:next"}``: a press on a board;
* ``{"type": "drop", "id": "b1"}``: the board left the page;

and answers each with ``{"type": "html", "id", "html", "state"}``, the board drawn
(``state``: ``ready``, ``solved``, ``shown`` or ``error``). Whatever arrives, the answer is a
board or a board that says what is wrong: never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import traceback

import js
from pyodide.ffi import create_proxy

from .board import Board, BoardError, board_language, error_html, page_language
from .page import fetch_catalogue
from ..i18n import DEFAULT, _, available, speaking

MAX_BOARDS = 200
MAX_MESSAGE = 200_000


class Runtime:
    """The boards of one page. In ``board.html`` it hears the embedding page's messages and
    answers its parent; a rami page that runs Python itself (the board editor) draws its
    boards with one of its own: ``post`` gives it the answers, :meth:`receive` the
    messages, ``make`` builds each board (the editor's recording table is one), and
    ``after`` hears of each press once the board is drawn again."""

    def __init__(self, post=None, make=None, after=None, base: str = ""):
        self.boards: dict[str, Board] = {}
        self.captions: dict[str, str] = {}
        self.langs: dict[str, str] = {}         # each board's language, for its errors
        self.fetching: dict[str, asyncio.Future] = {}
        self.post_text = post or (lambda text: js.window.parent.postMessage(text, "*"))
        self.make = make or (lambda bid, attrs: Board(attrs))
        self.after = after
        self.base = base                        # where static/ is, from the page
        if post is None:
            self._proxy = create_proxy(self.on_message)
            js.window.addEventListener("message", self._proxy)

    def on_message(self, event) -> None:
        if event.source != js.window.parent:
            return
        self.receive(event.data)

    def receive(self, data) -> None:
        """One message of the embed script (a JSON text)."""
        if not isinstance(data, str) or len(data) > MAX_MESSAGE:
            return
        try:
            msg = json.loads(data)
        except ValueError:
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("id"), str):
            return
        bid = msg["id"][:40]
        if msg.get("type") == "board":
            attrs = msg.get("attrs")
            try:
                code = board_language(attrs)
            except BoardError:                  # Board() says what is wrong, in the page's
                code = page_language(attrs)
            if not available(code):
                asyncio.ensure_future(self._later(code, msg))
                return
        self.handle(bid, msg)

    async def _later(self, code: str, msg: dict) -> None:
        """Fetch a language's catalogue (once for all the boards that speak it), then draw;
        offline and never fetched, the board speaks English."""
        if code not in self.fetching:
            self.fetching[code] = asyncio.ensure_future(fetch_catalogue(code, self.base))
        await self.fetching[code]
        self.handle(msg["id"][:40], msg)

    def handle(self, bid: str, msg: dict) -> None:
        try:
            kind = msg.get("type")
            if kind == "drop":
                self.boards.pop(bid, None)
                return
            if kind == "board":
                attrs = msg.get("attrs")
                attrs = attrs if isinstance(attrs, dict) else {}
                self.captions[bid] = str(attrs.get("caption", ""))[:400]
                self.langs[bid] = page_language(attrs)
                self.langs[bid] = board_language(attrs)
                self.boards.pop(bid, None)
                if len(self.boards) >= MAX_BOARDS:
                    raise BoardError(_("A page may hold at most {count} boards.",
                                       count=MAX_BOARDS))
                self.boards[bid] = self.make(bid, attrs)
            elif kind == "act" and bid in self.boards:
                self.boards[bid].act(str(msg.get("act", "")))
            else:
                return
            self.redraw(bid)
        except Exception as e:            # BoardError, or a bug: said on the board
            if not isinstance(e, BoardError):
                js.console.error("".join(traceback.format_exception(e)))
            self.boards.pop(bid, None)
            with speaking(self.langs.get(bid, DEFAULT)):
                self.post(bid, error_html(e, self.captions.get(bid, "")), "error")
            return
        if kind == "act" and self.after is not None:
            self.after(bid)

    def redraw(self, bid: str) -> None:
        """A board drawn again, as it now stands."""
        board = self.boards[bid]
        self.post(bid, board.html(), board.state_name())

    def post(self, bid: str, html: str, state: str) -> None:
        self.post_text(json.dumps({"type": "html", "id": bid, "html": html, "state": state}))


def main() -> Runtime:
    runtime = Runtime()
    js.window.parent.postMessage(json.dumps({"type": "ready"}), "*")
    return runtime
