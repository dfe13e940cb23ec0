"""Checks at the door: the shape of what arrives from outside (a save, a deal string's
parts), in plain words.

Everything that builds a :class:`~rami.state.GameState` from outside data runs these first
and then the variant's :meth:`~rami.variants.base.Variant.check_state`; a failure raises
:class:`UnsoundState`, which the caller turns into its own error (a ``SaveError`` for a save,
a ``DealSyntaxError`` for a deal string). Nothing here trusts a type: ``True`` is not a
number, a seat is an ``int`` at the table, a card is a string that names one.

A spec is one of the names in ``_SCALARS`` (``"int"``, ``"seat"``, ``"card"``, …), ending in
``?`` when ``None`` is allowed too, or ``("list", spec)`` / ``("list", spec, length)``, or
``("dict", spec)`` (string keys, every value of ``spec``); a length ``"n"`` is one per seat.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager

from .cards import Card, CardSyntaxError
from .errors import RamiError
from .i18n import _, N_

__all__ = ["UnsoundState", "need", "check", "check_fields", "json_depth", "read_json",
           "reading", "MAX_DEPTH", "MAX_NUMBER"]

MAX_DEPTH = 12                 # a save nests a few levels: anything deeper is not ours
MAX_NUMBER = 10 ** 9           # scores, counts and hand numbers stay far below this


class UnsoundState(RamiError):
    """A position or a save that is not a state rami could have reached. ``deal_hint`` says
    how a deal string would write it right (added to a deal string's error only)."""

    def __init__(self, message: str, deal_hint: str = ""):
        super().__init__(message)
        self.deal_hint = deal_hint


def need(ok: bool, message: str) -> None:
    if not ok:
        raise UnsoundState(message)


def _is_int(x) -> bool:
    return type(x) is int and -MAX_NUMBER <= x <= MAX_NUMBER


def _is_card(x) -> bool:
    if type(x) is not str or len(x) > 5:
        return False
    try:
        Card.parse(x)
    except CardSyntaxError:
        return False
    return True


_SCALARS = {
    "int": _is_int,
    "count": lambda x: _is_int(x) and x >= 0,
    "bool": lambda x: type(x) is bool,
    "str": lambda x: type(x) is str and len(x) <= 2000,
    "card": _is_card,
    "any": lambda x: True,
}
_WORDS = {"int": N_("a whole number"), "count": N_("a whole number of 0 or more"),
          "bool": N_("true or false"), "str": N_("a text"), "card": N_("a card"),
          "seat": N_("a seat at the table"), "any": N_("a value")}


def check(value, spec, what: str, n: int = 0) -> None:
    """Raise UnsoundState unless ``value`` has the shape ``spec`` (``n``: seats, for
    ``"seat"``)."""
    if isinstance(spec, str):
        if spec.endswith("?"):
            if value is None:
                return
            spec = spec[:-1]
        if spec == "seat":
            need(_is_int(value) and 0 <= value < n, _("{what} is not a seat at the table",
                                                      what=what))
            return
        if spec in ("int", "count") and type(value) is int and not _is_int(value):
            need(False, _("{what} ({value}) is out of range: rami's numbers stay within "
                          "{limit} either way",
                          what=what, value=value, limit=f"{MAX_NUMBER:,}"))
        need(_SCALARS[spec](value), _("{what} should be {kind}",
                                      what=what, kind=_(_WORDS[spec])))
        return
    kind = spec[0]
    if kind == "list":
        need(type(value) is list, _("{what} should be a list", what=what))
        if len(spec) > 2:
            want = n if spec[2] == "n" else spec[2]
            need(len(value) == want, _("{what} should hold {want} values, not {count}",
                                       what=what, want=want, count=len(value)))
        for i, v in enumerate(value):
            check(v, spec[1], f"{what}[{i}]", n)
    elif kind == "dict":
        need(type(value) is dict, _("{what} should be a mapping", what=what))
        for k, v in value.items():
            check(v, spec[1], f"{what}[{k!r}]", n)
    else:  # pragma: no cover - a programming error in a spec
        raise ValueError(f"unknown spec {spec!r}")


def check_fields(d, specs: dict, what: str, n: int = 0, optional: tuple = ()) -> None:
    """``d`` is a mapping holding every key of ``specs`` (but those in ``optional``), each of
    its shape."""
    need(type(d) is dict, _("{what} should be a mapping", what=what))
    for key, spec in specs.items():
        if key not in d:
            need(key in optional, f"{what} lacks '{key}'")
            continue
        check(d[key], spec, f"{what} '{key}'", n)


def json_depth(value) -> int:
    """How deeply lists and dicts nest in ``value`` (without recursion, so that a hostile
    save cannot exhaust the stack)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        deepest = max(deepest, d)
        if d > MAX_DEPTH + 1:
            return d
        todo.extend((x, d + 1) for x in v)
    return deepest


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def text_depth(text: str) -> int:
    """How deeply the lists and objects of a JSON text nest, found without parsing it:
    JSON's own parser recurses, and in WebAssembly a deep enough text overflows the stack
    and kills the whole runtime before Python can raise RecursionError."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH + 1:
                    return deepest
        else:
            depth -= 1
    return deepest


def read_json(text, max_chars: int):
    """Parse JSON from outside: refused (UnsoundState) when it is not text, too long, or
    nests deeper than any of rami's own data, before the parser sees it."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise UnsoundState(_("it is not text")) from None
    if not isinstance(text, str):
        raise UnsoundState(_("it is not text"))
    if len(text) > max_chars:
        raise UnsoundState(_("it is too large to be one of rami's ({count} characters)",
                             count=len(text)))
    if text_depth(text) > MAX_DEPTH:
        raise UnsoundState(_("it nests too deeply"))
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise UnsoundState(_("it is not valid JSON")) from None


# what Python raises on data of a shape the checks did not foresee
MALFORMED = (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError,
             OverflowError)


@contextmanager
def reading(error: type, unsound, malformed):
    """Within: reading data from outside. An ``error`` passes as it is; any other RamiError
    becomes ``error(unsound(its words))``, and any Python error that data of a wrong shape
    raises becomes ``error(malformed(its name))``."""
    try:
        yield
    except error:
        raise
    except RamiError as e:
        raise error(unsound(str(e).rstrip("."))) from None
    except MALFORMED as e:
        raise error(malformed(type(e).__name__)) from None
