"""A new version of rami, installed by the service worker in the background: offered
between hands (applying it reloads the page), said once in a passing note during a hand.

static/boot.js tells the page (``window.ramiUpdateReady``, the ``rami:update-ready``
event) and applies it (``window.ramiApplyUpdate``).
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable

from ..i18n import _
from ..view import Phase
from . import render

NOTE_SECONDS = 8


class Updates:
    def __init__(self, app, slot):
        self.app = app
        self.slot = slot                     # the page's element for the note
        self.state = "none"                  # "none", "ready", "later" (the player's word)
        self.note = "unsaid"                 # its note during a hand: "unsaid", "shown", "done"
        self.shown = ""

    def between_hands(self) -> bool:
        """No hand is being played: no match, or the hand (or the match) is over. Only then
        is a new version offered, since applying it reloads the page."""
        s = self.app.session
        return s is None or s.game.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)

    def offer(self) -> bool:
        """Offer the new version now (on a hand's summary, or in the lobby)?"""
        return self.state == "ready" and self.between_hands()

    def arrived(self, event=None) -> None:
        """The service worker has installed a new version in the background."""
        if self.state == "none":
            self.state = "ready"
            self.app.render()

    def check(self) -> None:
        """A version that arrived before the app was listening."""
        if js.window.ramiUpdateReady is True:
            self.arrived()

    def draw(self) -> None:
        """During a hand, a new version is said once, for a few seconds, in a note at the
        top; between hands the lobby and the summary offer it themselves."""
        html = ""
        if self.state == "ready" and not self.between_hands() and self.note != "done":
            html = render.update_note()
            if self.note == "unsaid":
                self.note = "shown"
                js.setTimeout(create_once_callable(lambda: self.hide()), NOTE_SECONDS * 1000)
        if self.shown != html:
            self.slot.innerHTML = html
            self.shown = html

    def hide(self) -> None:
        self.note = "done"
        self.draw()

    def later(self) -> None:
        self.state = "later"
        self.app.render()

    def apply(self) -> None:
        """The player's word: save, and let the waiting version take over (the page
        reloads and resumes the match from the save)."""
        if not self.between_hands():
            self.app.say(_("The update will be offered when this hand ends."))
            return
        self.app.save()
        if js.window.ramiApplyUpdate() is not True:
            self.state = "none"
            self.app.say(_("The update could not be applied now; it will be on the next "
                           "start."))
