"""A page address's parts, as ``urllib.parse`` writes and reads them, without it: urllib's
parser imports ``ipaddress``, and the two were 30 KB (compressed) of every first visit,
for one link's quoting and the board editor's reading of a pasted link.

>>> quote_all("gin 7h 8h/Kd #2&x=é")
'gin%207h%208h%2FKd%20%232%26x%3D%C3%A9'
>>> link_fields("https://example.org/learn/hand.html#deal=gin%207h&title=A+hand")
{'deal': 'gin 7h', 'title': 'A hand'}
>>> link_fields("index.html?deal=basic%20Ah&seat=")
{'deal': 'basic Ah'}
"""

from __future__ import annotations

import re

_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")
_ESCAPE = re.compile(rb"%([0-9A-Fa-f]{2})")
_BREAKS = {ord(c): None for c in "\t\r\n"}
_SURROGATE = re.compile("[\ud800-\udfff]")


def _utf8(text: str) -> bytes:
    """``text``'s UTF-8, a lone surrogate (a broken JavaScript string) as U+FFFD, where
    urllib would raise."""
    return _SURROGATE.sub("\ufffd", text).encode()


def quote_all(text: str) -> str:
    """``text`` as one component of an address: every byte of its UTF-8 but letters,
    digits and ``_.-~`` written ``%XX`` (``urllib.parse.quote(text, safe="")``)."""
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in _utf8(text))


def unquote_plus(text: str) -> str:
    """A form field's text as written in an address: ``+`` a space, ``%XX`` a byte, the
    bytes UTF-8 (a wrong byte read as U+FFFD) (``urllib.parse.unquote_plus``)."""
    data = _ESCAPE.sub(lambda m: bytes([int(m[1], 16)]), _utf8(text.replace("+", " ")))
    return data.decode("utf-8", "replace")


def fields(part: str, keep_blank: bool = False) -> dict[str, str]:
    """The fields of a query or fragment ``a=1&b=2``: the first value of each name (a field
    without ``=`` or with an empty value is kept only with ``keep_blank``), as
    ``urllib.parse.parse_qs`` reads them."""
    out: dict[str, str] = {}
    for pair in part.split("&"):
        if not pair:
            continue
        name, eq, value = pair.partition("=")
        if (eq and value) or keep_blank:
            out.setdefault(unquote_plus(name), unquote_plus(value))
    return out


def link_fields(link: str) -> dict[str, str]:
    """The fields of a link to a position: its fragment's (``#deal=…``, blank ones too, as
    a shared hand writes them), or if that has no deal, its query's (``?deal=…``). As
    browsers and ``urlsplit`` do, a link broken over lines is read whole."""
    link = link.lstrip("".join(map(chr, range(33)))).translate(_BREAKS)
    before, fragment = link.partition("#")[::2]
    got = fields(fragment, keep_blank=True)
    if "deal" not in got:
        got = fields(before.partition("?")[2])
    return got
