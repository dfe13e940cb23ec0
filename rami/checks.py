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

MAX_DEPTH = 20                 # a save nests a few levels (a result's words kept as messages: up to 17)
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
    ``"seat"``). The words of a refusal are written only when there is one: a save holds
    thousands of values, and each is checked."""
    if isinstance(spec, str):
        if spec.endswith("?"):
            if value is None:
                return
            spec = spec[:-1]
        if spec == "seat":
            if not (_is_int(value) and 0 <= value < n):
                need(False, _("{what} is not a seat at the table", what=what))
            return
        if _SCALARS[spec](value):
            return
        if spec in ("int", "count") and type(value) is int and not _is_int(value):
            need(False, _("{what} ({value}) is out of range: rami's numbers stay within "
                          "{limit} either way",
                          what=what, value=value, limit=f"{MAX_NUMBER:,}"))
        need(False, _("{what} should be {kind}", what=what, kind=_(_WORDS[spec])))
        return
    kind = spec[0]
    if kind == "list":
        if type(value) is not list:
            need(False, _("{what} should be a list", what=what))
        if len(spec) > 2:
            want = n if spec[2] == "n" else spec[2]
            if len(value) != want:
                need(False, _("{what} should hold {want} values, not {count}",
                              what=what, want=want, count=len(value)))
        inner = spec[1]
        if isinstance(inner, str) and inner in _SCALARS:     # (the common case, at once)
            ok = _SCALARS[inner]
            for i, v in enumerate(value):
                if not ok(v):
                    check(v, inner, f"{what}[{i}]", n)
            return
        for i, v in enumerate(value):
            check(v, inner, f"{what}[{i}]", n)
    elif kind == "dict":
        if type(value) is not dict:
            need(False, _("{what} should be a mapping", what=what))
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


# a JSON string, or an unclosed one to the end of the text: the body is matched without
# backtracking and the matches never overlap, so the scan is linear in the text (a pattern
# that fails on an unclosed string and starts again at each quote inside it is quadratic)
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?')
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
