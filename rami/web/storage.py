"""What the page keeps in the browser (``localStorage``): the match, a second match kept
aside, a save that could not be read (set aside, never lost), the preferences and the
statistics. Storage refused (full, a private window) is never an error here: a save says
whether it worked, and everything else lasts the visit.
"""

from __future__ import annotations

import json
import traceback

import js

from ..checks import read_json
from ..errors import RamiError

SAVE_KEY = "rami.save"
SET_ASIDE_KEY = "rami.save.set-aside"
KEPT_KEY = "rami.save.kept"           # a second match, kept aside to be resumed later
PREFS_KEY = "rami.prefs"
STATS_KEY = "rami.stats"
EARLIER_KEY = "rami.earlier"        # earlier matches kept for review (rami.web.earlier)


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


def put(key: str, value) -> None:
    """Keep ``value`` as compact JSON under ``key`` (raises when the browser refuses)."""
    js.localStorage.setItem(key, json.dumps(value, separators=(",", ":")))


def put_quietly(key: str, value) -> bool:
    """:func:`put`, refused quietly (what is not kept lasts this visit); did it work?"""
    try:
        put(key, value)
        return True
    except Exception:
        return False


def save_match(session) -> bool:
    """Keep the match; False (and why, on the console) when the browser refused."""
    try:
        put(SAVE_KEY, session.to_dict())
        return True
    except Exception as e:         # storage full or refused
        js.console.error("".join(traceback.format_exception(e)))
        return False


def set_aside(raw: str) -> None:
    """A save that could not be resumed goes under another key (it is never destroyed)."""
    try:
        js.localStorage.setItem(SET_ASIDE_KEY, raw)
        js.localStorage.removeItem(SAVE_KEY)
    except Exception:              # storage refused (full, private mode): drop it
        pass


class KeptSlot:
    """The second slot: a match kept aside to be resumed later. What it holds is read once
    (until the stored text changes); a text that cannot be read is not offered, and stays
    stored."""

    def __init__(self):
        self._read: tuple = (None, None)

    def match(self):
        raw = stored(KEPT_KEY)
        if raw is None:
            return None
        if self._read[0] != raw:
            from .session import Session
            try:
                self._read = (raw, Session.from_json(raw))
            except Exception:          # unreadable: it is not offered
                self._read = (raw, None)
        return self._read[1]

    def keep(self, session) -> None:
        """Put ``session`` in the slot (what was there gives way); raises when refused."""
        put(KEPT_KEY, session.to_dict())
        self._read = (None, None)

    def empty(self) -> None:
        js.localStorage.removeItem(KEPT_KEY)
        self._read = (None, None)
