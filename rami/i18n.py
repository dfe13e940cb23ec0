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
from collections.abc import Mapping
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
    recording = False


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


# each message as said once (by catalogue, in tile Rami's words or not): a table is drawn
# with some hundreds of messages, most of them the same at every drawing
_said: dict[tuple, str] = {}


def _(message: str, **kw) -> str:
    """``message`` in the language of the moment, its ``{placeholders}`` filled from ``kw``."""
    now = _now
    key = (now.tr, now.tiles, message)
    said = _said.get(key)
    if said is None:
        said = now.tr.pgettext(TILES, message) if now.tiles else message
        if said == message:
            said = now.tr.gettext(message)
        if len(_said) >= 4096:
            _said.clear()
        _said[key] = said
    text = said.format(**kw) if kw else said
    return _kept({"m": message, "a": kw}, text) if now.recording else text


def n_(singular: str, plural: str, n: int, **kw) -> str:
    """The form of a message for the number ``n`` (``{n}`` is filled too)."""
    tr = _now.tr
    if _now.tiles:
        key = singular if n == 1 else plural
        said = tr.npgettext(TILES, singular, plural, n)
        if said != key:
            return _kept({"m": [singular, plural], "n": n, "a": kw}, _fill(said, {"n": n, **kw}))
    return _kept({"m": [singular, plural], "n": n, "a": kw},
                 _fill(tr.ngettext(singular, plural, n), {"n": n, **kw}))


def p_(context: str, message: str, **kw) -> str:
    """``message`` in a context that tells two meanings apart (``p_("meld", "set")``)."""
    return _kept({"c": context, "m": message, "a": kw},
                 _fill(_now.tr.pgettext(context, message), kw))


# -- words kept as messages ------------------------------------------------------------------
# A hand's result is written once, by the page that scores it, and read on every page of the
# table: each says it in its own language. While :func:`recording`, the functions above give
# a :class:`Text`: the words of the moment, and the message they were made from (``spec``:
# ``{"m": message, "a": {placeholder: value or spec}}``, with ``"n"`` for a plural and ``"c"``
# for a context; ``{"join": [...]}`` and ``{"or": [...]}`` for lists), which :func:`say`
# writes again in the language of its moment.

class Text(str):
    """Words that remember the message they were made from (``spec``)."""
    __slots__ = ("spec",)

    def join(self, items) -> str:
        """``_(", ").join(parts)``: the parts, and this separator, kept as messages."""
        items = list(items)
        return _with_spec(str.join(self, items), lambda: {"sep": self.spec, "j": _values(items)})


def _with_spec(text: str, spec) -> str:
    """``text``, as a :class:`Text` whose message is ``spec()`` while recording."""
    if not _now.recording:
        return text
    t = Text(text)
    t.spec = spec()
    return t


def _values(items) -> list:
    return [_value(i) for i in items]


def _kept(spec: dict, text: str) -> str:
    def message() -> dict:
        spec["a"] = {k: _value(v) for k, v in spec["a"].items()}
        if not spec["a"]:
            del spec["a"]
        if _now.tiles and "c" not in spec:
            spec["t"] = 1               # (said in tile Rami's words: see pieces)
        return spec
    return _with_spec(text, message)


def _value(v):
    """A placeholder's value as a message keeps it: words' own message, a whole number, or
    the text (a card, a name)."""
    if hasattr(v, "spec"):
        return v.spec
    return v if type(v) is int else str(v)


class _Recording:
    """Within: messages are :class:`Text`, each with its message (see above), or plain
    words (``on`` False). A class, not a generator: the state machine enters one at every
    move, the bots' look-ahead included."""
    __slots__ = ("on", "was")

    def __init__(self, on: bool):
        self.on = on

    def __enter__(self):
        self.was, _now.recording = _now.recording, self.on

    def __exit__(self, *exc):
        _now.recording = self.was


def recording() -> _Recording:
    return _Recording(True)


def _plain() -> _Recording:
    return _Recording(False)


def spec_of(text) -> object:
    """What :func:`say` writes ``text`` from: its message, or the text itself (a name, or
    words made some other way, which stay as they were written)."""
    return getattr(text, "spec", str(text))


MAX_SPEC_DEPTH = 6
_FIELD = string.Formatter()


def check_spec(spec, depth: int = 0) -> None:
    """Raise ValueError unless ``spec`` is words :func:`say` can write (from outside: a
    save, a host's table): known keys, texts, and messages whose every placeholder is a
    plain name given a value (so that writing one is only filling it in)."""
    if isinstance(spec, (str, int)) and not isinstance(spec, bool):
        if isinstance(spec, str) and len(spec) > 2000:
            raise ValueError("words too long")
        return
    if depth >= MAX_SPEC_DEPTH or not isinstance(spec, dict):
        raise ValueError("not words")
    if set(spec) == {"sep", "j"}:
        check_spec(spec["sep"], depth + 1)
        spec = {"join": spec["j"]}
    if set(spec) in ({"join"}, {"or"}):
        items = next(iter(spec.values()))
        if not isinstance(items, list) or len(items) > 64:
            raise ValueError("not a list of words")
        for item in items:
            check_spec(item, depth + 1)
        return
    if not set(spec) <= {"m", "a", "n", "c", "t"} or "m" not in spec or spec.get("t", 1) != 1:
        raise ValueError("not a message")
    forms = spec["m"] if "n" in spec else [spec["m"]]
    if not (isinstance(forms, list) and 1 <= len(forms) <= 2
            and all(isinstance(f, str) and len(f) <= 2000 for f in forms)):
        raise ValueError("not a message")
    if "n" in spec and (type(spec["n"]) is not int or len(forms) != 2):
        raise ValueError("not a plural")
    if "c" in spec and not isinstance(spec["c"], str):
        raise ValueError("not a context")
    args = spec.get("a", {})
    if not isinstance(args, dict) or len(args) > 16:
        raise ValueError("not a message's values")
    given = set(args) | ({"n"} if "n" in spec else set())
    for form in forms:
        for _text, field, fmt, conv in _FIELD.parse(form):
            if field is not None and (not field.isidentifier() or fmt or conv
                                      or field not in given):
                raise ValueError("a message's placeholder is not a plain name")
    for value in args.values():
        check_spec(value, depth + 1)


def glue(sep: str, items) -> str:
    """``sep.join(items)``, each item kept as it was (a message, a name, a number), for
    words that no language writes otherwise (``Ada: 120``)."""
    items = list(items)
    return _with_spec(sep.join(map(str, items)), lambda: {"sep": sep, "j": _values(items)})


def remade(spec) -> str:
    """Words from their message (:func:`say`), kept as that message while recording."""
    text = say(spec)
    return _with_spec(text, lambda: spec) if isinstance(spec, Mapping) else text


def result_words(result, key: str = "headline"):
    """A result's ``headline`` (or its ``lines``) in the language of the moment: from the
    words it kept as messages, else as written (a save from before they were kept)."""
    kept = result.get("said")
    if not kept:
        return result.get(key, "" if key == "headline" else [])
    return say(kept["headline"]) if key == "headline" else [say(x) for x in kept["lines"]]


def say(spec) -> str:
    """Words from what :func:`spec_of` kept, in the language of the moment."""
    if not isinstance(spec, Mapping):
        return str(spec)
    if "j" in spec:
        return say(spec["sep"]).join(say(x) for x in spec["j"])
    if "join" in spec:
        return join(say(x) for x in spec["join"])
    if "or" in spec:
        return join_or(say(x) for x in spec["or"])
    kw = {k: say(v) if isinstance(v, Mapping) else v for k, v in spec.get("a", {}).items()}
    tiles = _now.tiles
    _now.tiles = bool(spec.get("t"))
    try:
        with _plain():
            if "n" in spec:
                return n_(spec["m"][0], spec["m"][1], spec["n"], **kw)
            if "c" in spec:
                return p_(spec["c"], spec["m"], **kw)
            return _(spec["m"], **kw)
    finally:
        _now.tiles = tiles


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
    return _listed("join", list(items))


def join_or(items) -> str:
    """Words in a list of choices: ``a, b or c``."""
    return _listed("or", list(items))


def _listed(kind: str, items: list) -> str:
    if len(items) <= 1:
        text = "".join(map(str, items))
    else:
        with _plain():
            rest, last = _(", ").join(map(str, items[:-1])), str(items[-1])
            text = (_("{items} and {last}", items=rest, last=last) if kind == "join" else
                    _("{items} or {last}", items=rest, last=last))
    return _kept_list(kind, items, text)


def _kept_list(kind: str, items: list, text: str) -> str:
    return _with_spec(text, lambda: {kind: _values(items)})


class Said:
    """A class attribute in words (a game's title): the message, translated whenever it is
    read. ``title = Said("Gin Rummy")``; ``Said.message`` is the English."""

    def __init__(self, message: str):
        self.message = message

    def __get__(self, obj, owner=None) -> str:
        return _(self.message)


set_language(DEFAULT)
