"""The bots' thinking, off the page's thread when it can be: a Web Worker running a Pyodide
of its own (static/bots.py, :func:`rami.web.thinking.decide`) works out their moves. Until
it is ready, and if it ever fails or falls silent, they think on the page's thread in
slices short enough for the page to draw and listen between them (:func:`sliced`).
"""

from __future__ import annotations

import asyncio

import js

from . import thinking
from .page import nil

WORKER_SRC = "./static/bots.py"   # the bots' worker (it reads the same pyscript.toml)
WORKER_TIMEOUT = 20  # seconds without an answer before the bots think on the page instead
SLICE_MS = 25        # a bot thinks this long at most before the page may draw and listen
TASK_MS = 40         # ... and starts no step that, as long as its longest, would pass this


class BotWorker:
    """The bots' worker, started at the first table with bots; ``state`` is "off",
    "starting", "ready", "failed" or "page" (``?bots=page`` keeps them on the page's
    thread, for comparison), and the page's root says it (``data-bots``) for the tests."""

    def __init__(self):
        self.worker = None
        self.state = "off"

    def start(self) -> None:
        """Boot the bots' Web Worker (its own Pyodide) at the first table with bots; until
        it is ready, and if it ever fails, the bots think here in slices. ``?bots=page``
        keeps them on the page's thread (for comparison)."""
        if self.state != "off":
            return
        if js.URLSearchParams.new(js.location.search).get("bots") == "page":
            self._is("page")
            return
        self._is("starting")
        asyncio.ensure_future(self._boot())

    async def _boot(self) -> None:
        try:
            from pyscript import create_named_worker
            self.worker = await create_named_worker(WORKER_SRC, "rami-bots", "./pyscript.toml")
            self._is("ready")
        except Exception as e:          # no worker: the page's thread will do
            js.console.warn(f"rami: the bots' worker did not start ({type(e).__name__}: {e}); "
                            "the bots think on the page's thread")
            self.worker = None
            self._is("failed")

    def _is(self, what: str) -> None:
        self.state = what
        js.document.documentElement.dataset.bots = what      # for tests and benchmarks

    async def move(self, s, spent: list, current) -> bool:
        """Work out and play the move of the bot whose turn it is: in the worker when it is
        ready, else (or if its answer is no legal move here) on this thread in slices.
        Returns False when the table changed meanwhile (``current()``, the match on the table
        now, is another: a new game, a reload of a save)."""
        if self.worker is not None:
            t0 = js.performance.now()
            worker, (asked, seat, at) = self.worker, s.bot_request()

            async def ask():
                return await worker.decide(asked)
            try:
                reply = await asyncio.wait_for(ask(), WORKER_TIMEOUT)
            except Exception as e:       # failed, or silent too long: think here from now on
                js.console.warn(f"rami: the bots' worker failed ({type(e).__name__}); "
                                "the bots think on the page's thread")
                self.worker = None
                self._is("failed")
                reply = None
            spent[0] += js.performance.now() - t0
            if current() is not s or s.master.position != at or not s.bot_to_move():
                return False
            action = thinking.answer(s.state, reply if isinstance(reply, str) else None)
            if action is not None:
                # (the master checks it as it checks every seat's: the table moved on since
                # it was asked, and it is not played)
                played = s.play_bot(action, seat, at)
                record("ramiWorkerMoves", t0, js.performance.now())
                return played
        played = await sliced(s.bot_steps(), spent)
        return played is not None and current() is s


async def sliced(steps, spent: list | None = None):
    """Run a generator of thinking steps (:meth:`rami.bots.Bot.think`) in slices of about
    ``SLICE_MS``, giving the page a turn between slices; its return value. A slice ends
    early when the longest step seen so far would carry it past ``TASK_MS``, so a long step
    runs in a task of its own. ``spent[0]`` gets the time spent thinking (the slices,
    without the pauses)."""
    clock = js.performance.now
    longest = 0.0
    while True:
        start = clock()
        try:
            while True:
                t = clock()
                next(steps)
                now = clock()
                longest = max(longest, now - t)
                if now - start >= SLICE_MS or now - start + longest > TASK_MS:
                    break
        except StopIteration as done:
            if spent is not None:
                spent[0] += clock() - start
            return done.value
        if spent is not None:
            spent[0] += clock() - start
        await asyncio.sleep(0)


def record(name: str, start: float, end: float) -> None:
    target = getattr(js.window, name, None)
    if nil(target) is not None:
        target.push(js.Array.of(start, end))
