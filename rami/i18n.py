"""rami in its players' languages: every string a person reads goes through gettext.

The catalogues are the standard library's: ``rami/locale/<lang>/LC_MESSAGES/rami.po`` kept in
the repository, compiled to ``rami.mo`` by the build (``scripts/catalogues.py``, with Babel,
which also extracts the messages: ``make catalogues``). One language is active at a time, in
the terminal as in the page; the functions here read it when called, so a message is written
in the language of the moment it is made.

A message is a whole sentence with named placeholders, translated first and filled after::

    _("You do not hold the {name} ({card}).", name=c.name(), card=c)
    n_("{n} card", "{n} cards", n)          # plural forms, n is also a placeholder
    p_("meld", "set")                       # a word that means two things in rummy

Tile Rami says tile, rack and wall where the card games say card, hand and stock. The
messages shared by every game (``rami/variants/base.py``, the table, the hints) are written
in the card games' words; for each one that names a card, the catalogue also holds the
message in the context ``tiles`` (English included: ``en`` is a catalogue of those), and
while a tile game speaks (:func:`pieces`) that one is used.

:data:`N_` marks a text kept in a constant (a rule's description, a button's label) to be
translated where it is shown, by ``_(constant)``.

Pure standard-library Python; it runs in Pyodide too (the web layer reads the same ``.mo``
files from ``rami.zip``).
"""

from __future__ import annotations

import gettext
import io
import os
import string
import sys
import zlib
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "rami"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT = "en"
# each language named in itself, in the order of the menus
LANGUAGES = {"en": "English", "ro": "Română", "hi": "हिन्दी", "fr": "Français",
             "es": "Español", "de": "Deutsch"}
TILES = "tiles"             # the context of a shared message as tile Rami says it


class _Now:
    code = DEFAULT
    tr: gettext.NullTranslations = gettext.NullTranslations()
    tiles = False


_now = _Now()
_loaded: dict[str, gettext.NullTranslations] = {}


def _package_data(name: str) -> bytes:
    """A file of the package by its path from ``rami/``, through the loader that imported
    rami (a folder, or ``rami.zip`` in the browser): ``pkgutil.get_data`` without pkgutil,
    which the page would otherwise ship for this one call."""
    package = sys.modules[__package__]
    return package.__spec__.loader.get_data(
        os.path.join(os.path.dirname(package.__file__), *name.split("/")))


def _load(code: str) -> gettext.NullTranslations:
    """A language's compiled catalogue, read as package data (from ``rami.zip`` in the
    browser), once."""
    if code not in _loaded:
        try:
            data = _package_data(f"locale/{code}/LC_MESSAGES/{DOMAIN}.mo")
        except OSError:
            data = None
        _loaded[code] = (gettext.GNUTranslations(io.BytesIO(data)) if data
                         else gettext.NullTranslations())       # (not compiled: English)
    return _loaded[code]


def normalise(tag: str | None) -> str | None:
    """The language of rami a tag names (``ro-RO``, ``ro_RO.UTF-8``, ``RO`` → ``ro``), or
    None."""
    if not isinstance(tag, str):
        return None
    code = tag.strip().replace("_", "-").split(".")[0].split("@")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def negotiate(preferred, default: str = DEFAULT) -> str:
    """The first of the ``preferred`` tags (best first) that rami speaks; else ``default``."""
    for tag in preferred or ():
        code = normalise(tag)
        if code:
            return code
    return default


def from_environment(environ=None) -> str:
    """The terminal's language, as gettext reads it: ``LANGUAGE`` (a list split by colons),
    then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``; ``C`` and ``POSIX`` are English."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            if value in ("C", "POSIX") or value.startswith("C."):
                return DEFAULT
            return negotiate(value.split(":"))
    return DEFAULT


def set_language(code: str | None) -> str:
    """Make ``code`` (a tag rami speaks, else English) the language of every message from now
    on; the language set."""
    code = normalise(code) or DEFAULT
    _now.code = code
    _now.tr = _load(code)
    return code


def language() -> str:
    return _now.code


@contextmanager
def pieces(tiles: bool):
    """Within: the shared messages in tile Rami's words (``tiles``) or the card games'."""
    was = _now.tiles
    _now.tiles = bool(tiles)
    try:
        yield
    finally:
        _now.tiles = was


@contextmanager
def speaking(code: str | None):
    """Within: messages in the language ``code``; the one before comes back after."""
    was = _now.code
    set_language(code)
    try:
        yield
    finally:
        set_language(was)


def _fill(text: str, kw: dict) -> str:
    return text.format(**kw) if kw else text


def install(code: str, data: bytes) -> bool:
    """Take a language's compiled catalogue from bytes, gzipped as the build ships it or not
    (a host may have sent it unpacked; the page fetches all but English's when it speaks
    them); True if it could be read."""
    if code not in LANGUAGES or not data:
        return False
    try:
        data = bytes(data)
        if data[:2] == b"\x1f\x8b":
            data = zlib.decompress(data, 31)
        _loaded[code] = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError, UnicodeDecodeError, zlib.error):
        return False
    if _now.code == code:
        _now.tr = _loaded[code]
    return True


def available(code: str) -> bool:
    """Is the catalogue of ``code`` at hand (compiled, shipped)?"""
    if code not in LANGUAGES:
        return False
    return code == DEFAULT or type(_load(code)) is not gettext.NullTranslations


def _(message: str, **kw) -> str:
    """``message`` in the language of the moment, its ``{placeholders}`` filled from ``kw``."""
    tr = _now.tr
    if _now.tiles:
        said = tr.pgettext(TILES, message)
        if said != message:
            return _fill(said, kw)
    return _fill(tr.gettext(message), kw)


def n_(singular: str, plural: str, n: int, **kw) -> str:
    """The form of a message for the number ``n`` (``{n}`` is filled too)."""
    tr = _now.tr
    if _now.tiles:
        key = singular if n == 1 else plural
        said = tr.npgettext(TILES, singular, plural, n)
        if said != key:
            return _fill(said, {"n": n, **kw})
    return _fill(tr.ngettext(singular, plural, n), {"n": n, **kw})


def p_(context: str, message: str, **kw) -> str:
    """``message`` in a context that tells two meanings apart (``p_("meld", "set")``)."""
    return _fill(_now.tr.pgettext(context, message), kw)


def N_(message: str) -> str:
    """Marks a message kept in a constant, translated where it is shown: ``_(CONSTANT)``."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks the two English forms of a message kept in a constant, translated where shown
    by ``n_(*constant, n)``."""
    return singular, plural


def placeholders(text: str) -> set[str]:
    """The names of a message's ``{placeholders}`` (for the catalogue checks)."""
    names = set()
    for _lit, field, _spec, _conv in string.Formatter().parse(text):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


def join(items) -> str:
    """Words in a list as the language writes one: ``a, b and c``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}", items=_(", ").join(items[:-1]), last=items[-1])


def join_or(items) -> str:
    """Words in a list of choices: ``a, b or c``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}", items=_(", ").join(items[:-1]), last=items[-1])


class Said:
    """A class attribute in words (a game's title): the message, translated whenever it is
    read. ``title = Said("Gin Rummy")``; ``Said.message`` is the English."""

    def __init__(self, message: str):
        self.message = message

    def __get__(self, obj, owner=None) -> str:
        return _(self.message)


set_language(DEFAULT)
