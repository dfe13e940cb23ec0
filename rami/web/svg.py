"""Card faces and backs as SVG text (pure Python: no browser needed to build or test them).

The four suit shapes are paths drawn in each face (not ``<use>`` of shared symbols: each
``<use>`` is a copy the browser makes and styles anew for every pip, a quarter of the cost
of a hand's new cards), so a face does not depend on the fonts a phone happens to have, nor
on anything else in its page (a tutorial's board in its own shadow root). A face is a
100×140 box: the rank and suit in two corners (the top-left one is what shows in a fanned
hand, so it is large), the classic pip layout for number cards, a framed letter for court
cards.

>>> from rami.cards import Card
>>> '<svg' in card_svg(Card.parse("Qh")) and 'queen of hearts' in card_svg(Card.parse("Qh"))
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from ..cards import RANK_TEXT, Card
from ..i18n import language

W, H = 100, 140
RED, BLACK = "#c0262d", "#1d1d22"
# on ivory: the yellow is a deep amber (with a dark rim on the numeral) so that it reads
TILE_COLOURS = {"r": "#c0262d", "y": "#d08c00", "b": "#1f5fb8", "k": "#1d1d22"}

# in a 100×100 box, point at the top for spades/diamonds, bottom for hearts: a first point,
# then each step from the one before (so that the outline is drawn anywhere, at any size, by
# its numbers alone: rami.web.svg._stamp)
SUIT_PATHS = {
    "h": "M50 90c-8-10-44-30-44-57c0-17 12-27 24-27c10 0 17 6 20 15c3-9 10-15 20-15c12 0 24 10 "
         "24 27c0 27-36 47-44 57z",
    "d": "M50 4l36 46l-36 46l-36-46z",
    "s": "M50 4c10 16 44 34 44 57c0 14-10 23-22 23c-8 0-14-4-18-10l5 22l-18 0l5-22c-4 6-10 10-18 "
         "10c-12 0-22-9-22-23c0-23 34-41 44-57z",
    "c": "M50 6a20 20 0 0 1 18 29a20 20 0 1 1-14 31l5 30l-18 0l5-30a20 20 0 1 1-14-31a20 20 0 0 "
         "1 18-29z",
    "*": "M50 38l6 14l15 1l-12 10l4 15l-13-8l-13 8l4-15l-12-10l15-1z",          # a joker's star
}

# pip centres (x, y) for number cards; pips below the middle are drawn upside down
L, M, R = 35, 50, 65
PIPS = {
    1: [(M, 70)],
    2: [(M, 32), (M, 108)],
    3: [(M, 32), (M, 70), (M, 108)],
    4: [(L, 32), (R, 32), (L, 108), (R, 108)],
    5: [(L, 32), (R, 32), (M, 70), (L, 108), (R, 108)],
    6: [(L, 32), (R, 32), (L, 70), (R, 70), (L, 108), (R, 108)],
    7: [(L, 32), (R, 32), (M, 51), (L, 70), (R, 70), (L, 108), (R, 108)],
    8: [(L, 32), (R, 32), (M, 51), (L, 70), (R, 70), (M, 89), (L, 108), (R, 108)],
    9: [(L, 32), (R, 32), (L, 57), (R, 57), (M, 70), (L, 83), (R, 83), (L, 108), (R, 108)],
    10: [(L, 32), (R, 32), (M, 45), (L, 57), (R, 57), (L, 83), (R, 83), (M, 95), (L, 108),
         (R, 108)],
}
COURT = {11: "J", 12: "Q", 13: "K"}


def colour(card: Card) -> str:
    if card.is_tile:
        return TILE_COLOURS.get(card.suit, "#7a2c8f")
    return RED if card.suit in "hd" else BLACK


def _tenths(n: int) -> str:
    """A number counted in tenths, as short as it is written: 15 -> ``1.5``, -5 -> ``-.5``."""
    if not n:
        return "0"
    whole, tenth = divmod(abs(n), 10)
    return ("-" if n < 0 else "") + (str(whole) if whole else "") + (f".{tenth}" if tenth else "")


def _joined(numbers: list) -> str:
    """Numbers after a command letter: a minus sign parts two of them, else a space."""
    out = numbers[0]
    for t in numbers[1:]:
        out += t if t[0] == "-" else " " + t
    return out


@lru_cache(maxsize=64)
def _stamp(s: str, size: float, flip: bool) -> tuple[int, int, str]:
    """Suit ``s``'s outline at ``size`` (turned upside down with ``flip``): where it starts
    from its centre, in tenths, and the rest of its path, each step scaled (an arc's radii
    and flags as they are, but for the size)."""
    k = size / 10 * (-1 if flip else 1)
    d = SUIT_PATHS[s]
    x0, y0 = (round((float(v) - 50) * k) for v in re.match(r"M(\S+) ([\d.]+)", d).groups())
    out = []
    for cmd, numbers in re.findall(r"([a-z])([^a-z]*)", d):
        v = [float(n) for n in re.findall(r"-?[\d.]+", numbers)]
        nums = [_tenths(round(n * k)) for n in v]
        if cmd == "a":                     # (rx ry rotation large-arc sweep dx dy)
            nums = [_tenths(round(abs(v[0] * k))), _tenths(round(abs(v[1] * k))), "0",
                    str(int(v[3])), str(int(v[4]))] + nums[5:]
        out.append(cmd + (_joined(nums) if nums else ""))
    return x0, y0, "".join(out)


def _suit_d(s: str, x: float, y: float, size: float, flip: bool = False) -> str:
    """Suit ``s``'s outline centred at (x, y), ``size`` across (turned upside down with
    ``flip``), as path data of its own numbers to a tenth, relative after its first point:
    no transform for the browser to apply, and several suits one path (a card's pips)."""
    x0, y0, rest = _stamp(s, size, flip)
    return "M" + _joined([_tenths(round(x * 10) + x0), _tenths(round(y * 10) + y0)]) + rest


def _suit(s: str, x: float, y: float, size: float, flip: bool = False) -> str:
    return f'<path d="{_suit_d(s, x, y, size, flip)}"/>'


def _corner(card: Card, flip: bool) -> str:
    """The index: the rank over its suit (a joker's star), in the top-left corner, or turned
    into the bottom-right one (``flip``). The stylesheet enlarges the top-left one on a
    small card (``ix``) and leaves the other out (``ix2``)."""
    t = f' class="ix ix2" transform="rotate(180 {W // 2} {H // 2})"' if flip else ' class="ix"'
    if card.is_wild_symbol:
        return f'<g{t}><path d="{_suit_d("*", 15, 20.7, 55)}" fill="#7a2c8f"/></g>'
    rank = RANK_TEXT.get(card.rank, str(card.rank))
    tight = ' textLength="22" lengthAdjust="spacingAndGlyphs"' if card.rank == 10 else ""
    return (f'<g{t}><text x="13" y="27" text-anchor="middle" class="idx"{tight}>{rank}</text>'
            f'{_suit(card.suit, 13, 39, 15)}</g>')


def card_svg(card: Card, extra_class: str = "", hidden: bool = False,
             simple: bool = False) -> str:
    """One card face (or tile) as an ``<svg>`` element, named for screen readers (or hidden
    from them, ``hidden``, inside a button that carries the name). ``simple``: for small
    cards, the index and one large suit instead of every pip (a fifth of the elements, and
    easier to read at that size). Kept once drawn, for each language its name is said in."""
    return _card_svg(card, extra_class, hidden, simple, language())


@lru_cache(maxsize=4096)
def _card_svg(card: Card, extra_class: str, hidden: bool, simple: bool, _lang: str) -> str:
    suit = f" suit-{card.suit}" if card.suit and not card.is_tile else ""
    cls = f"face{' tile' if card.is_tile else suit} {extra_class}".strip()
    named = 'aria-hidden="true"' if hidden else f'role="img" aria-label="{escape(card.name())}"'
    head = (f'<svg class="{cls}" viewBox="0 0 {W} {H}" {named} fill="{colour(card)}">')
    body = f'<rect class="paper" x="1" y="1" width="{W - 2}" height="{H - 2}" rx="8"/>'
    if card.is_tile:
        body += _tile_body(card)
    elif simple:
        # (the index large, and one large suit, star or court letter under it)
        body += _corner(card, False)
        if card.is_wild_symbol:
            body += f'<path d="{_suit_d("*", 66, 96.8, 120)}" fill="#d4a017" stroke="#7a5a00" ' \
                    f'stroke-width="2.4"/>'
        elif card.rank in COURT:
            body += (f'<text x="68" y="124" text-anchor="middle" class="court-letter">'
                     f'{COURT[card.rank]}</text>')
        else:
            body += _suit(card.suit, 68, 108, 44)
    else:
        body += _corner(card, False) + _corner(card, True) + '<g class="pips">'
        if card.is_wild_symbol:
            body += _joker_body()
        elif card.rank in COURT:
            body += _court_body(card)
        else:
            # (every pip one path: a face of ten pips is one element, not ten)
            size = 40 if card.rank == 1 else 17 if card.rank >= 9 else 19
            body += '<path d="' + "".join(_suit_d(card.suit, x, y, size, flip=y > 72)
                                          for x, y in PIPS[card.rank]) + '"/>'

        body += "</g>"
    return head.replace('class="face', f'class="face{" simple" if simple else ""}', 1) + \
        body + "</svg>"


def _court_body(card: Card) -> str:
    letter = COURT[card.rank]
    return (f'<rect x="24" y="22" width="52" height="96" rx="4" class="court"/>'
            f'<rect x="28" y="26" width="44" height="88" rx="3" class="court-in"/>'
            f'<text x="50" y="80" text-anchor="middle" class="court-letter">{letter}</text>'
            f'<path d="{_suit_d(card.suit, 50, 42, 16)}{_suit_d(card.suit, 50, 98, 16, True)}"/>')


def _joker_body() -> str:
    """A joker: a large star, and its word where the card is large enough to read it
    (``jw``: the stylesheet leaves it out of a smaller card)."""
    return (f'<path d="{_suit_d("*", 50, 45, 150)}" fill="#d4a017" stroke="#7a5a00" '
            f'stroke-width="2.25"/>'
            '<text x="50" y="116" text-anchor="middle" class="joker-word jw" fill="#7a2c8f">'
            'JOKER</text>')


def _tile_body(card: Card) -> str:
    """A tile: its number large in its colour, a dot below; a Joly is a smiling face."""
    if card.is_wild_symbol:
        return ('<circle cx="50" cy="62" r="30" fill="#e0a400" stroke="#7a2c8f" '
                'stroke-width="4"/><circle cx="40" cy="54" r="4.5" fill="#3a2050"/>'
                '<circle cx="60" cy="54" r="4.5" fill="#3a2050"/>'
                '<path d="M36 70q14 14 28 0" fill="none" stroke="#3a2050" stroke-width="4.5" '
                'stroke-linecap="round"/>'
                '<text x="50" y="121" text-anchor="middle" class="tile-j" fill="#7a2c8f">'
                'JOLY</text>')
    rim = ' stroke="#5a3b00" stroke-width="1.6" paint-order="stroke"' if card.suit == "y" \
        else ""
    return (f'<text x="50" y="84" text-anchor="middle" class="tile-n"{rim}>{card.rank}</text>'
            f'<circle cx="50" cy="112" r="7"/>')


def crosswise_svg(card: Card) -> str:
    """A tile lying crosswise (tile Rami's opening discard): wider than tall with its number
    upright, so that it reads as a tile turned on the table, not as a sideways glyph."""
    cx = H // 2
    if card.suit:
        rim = ' stroke="#5a3b00" stroke-width="1.6" paint-order="stroke"' \
            if card.suit == "y" else ""
        # (its number a little larger than a tile's: a crosswise tile is drawn small)
        body = (f'<text x="{cx}" y="70" text-anchor="middle" class="tile-n tile-x"{rim}>'
                f'{card.rank}</text><circle cx="{cx}" cy="88" r="5.5"/>')
    else:
        body = (f'<circle cx="{cx}" cy="46" r="26" fill="#e0a400" stroke="#7a2c8f" '
                f'stroke-width="4"/><text x="{cx}" y="92" text-anchor="middle" class="tile-j" '
                f'fill="#7a2c8f">JOLY</text>')
    return (f'<svg class="face tile crosswise-face" viewBox="0 0 {H} {W}" role="img" '
            f'aria-label="{escape(card.name())}, crosswise" fill="{colour(card)}">'
            f'<rect class="paper" x="1" y="1" width="{H - 2}" height="{W - 2}" rx="8"/>'
            f'{body}</svg>')


def tile_back_svg(extra_class: str = "") -> str:
    """A tile face down: plain ivory with a bevel, as the tiles' backs are."""
    cls = f"back tile-back {extra_class}".strip()
    return (f'<svg class="{cls}" viewBox="0 0 {W} {H}" aria-hidden="true">'
            f'<rect class="tile-back-paper" x="1" y="1" width="{W - 2}" height="{H - 2}" rx="10"/>'
            f'<rect class="tile-back-bevel" x="9" y="9" width="{W - 18}" height="{H - 18}" '
            f'rx="7"/></svg>')


def back_svg(extra_class: str = "", tile: bool = False) -> str:
    """A card back: a framed lattice, the same for every card (``tile``: a tile's back)."""
    if tile:
        return tile_back_svg(extra_class)
    cls = f"back {extra_class}".strip()
    return (f'<svg class="{cls}" viewBox="0 0 {W} {H}" aria-hidden="true">'
            f'<rect class="paper" x="1" y="1" width="{W - 2}" height="{H - 2}" rx="8"/>'
            f'<rect class="back-field" x="8" y="8" width="{W - 16}" height="{H - 16}" rx="5"/>'
            f'<rect class="back-line" x="13" y="13" width="{W - 26}" height="{H - 26}" rx="3"/>'
            f'<path class="back-line" d="M50 30 72 70 50 110 28 70z"/>'
            f'<circle class="back-line" cx="50" cy="70" r="9"/></svg>')


# -- quick reactions between friends: drawn here, not left to a phone's emoji font (a desktop
# without one would show empty boxes); a 36×36 box each ---------------------------------------
_FACE = '<circle cx="18" cy="18" r="16.5" fill="#ffcc4d"/>'
_EYES = ('<ellipse cx="12.5" cy="14" rx="2.1" ry="3" fill="#664500"/>'
         '<ellipse cx="23.5" cy="14" rx="2.1" ry="3" fill="#664500"/>')
_GRIN = ('<path d="M8.5 19.5c0 6 4.3 10 9.5 10s9.5-4 9.5-10z" fill="#664500"/>'
         '<path d="M10.2 19.5h15.6c-.3 2.2-1.1 3-2 3.4H12.2c-.9-.4-1.7-1.2-2-3.4z" fill="#fff"/>')
REACTION_BODIES = {
    "👍": ('<path d="M4.5 17.5h6v15h-6z" fill="#5dadec"/>'
           '<path d="M11 17.5l4.4-11.2c.9-2.4 4.8-2.2 5 .8l-.6 8.4h8.3c2.5 0 3.9 2.6 2.7 '
           '4.6l-3.8 10.6c-.5 1.4-1.9 2.3-3.4 2.3H11z" fill="#ffdc5d"/>'
           '<path d="M20 21h9M19.5 25h8.5M19 29h7.5" stroke="#ef9645" stroke-width="1.3" '
           'stroke-linecap="round" fill="none"/>'),
    "😄": _FACE + '<path d="M9.5 14.5q3-4 6 0M20.5 14.5q3-4 6 0" stroke="#664500" '
                  'stroke-width="2" fill="none" stroke-linecap="round"/>' + _GRIN,
    "😮": _FACE + _EYES + '<path d="M8.5 8.5q3-2.5 6-1.5M21.5 7q3-1 6 1.5" stroke="#664500" '
                         'stroke-width="1.6" fill="none" stroke-linecap="round"/>'
                         '<ellipse cx="18" cy="25.5" rx="4.2" ry="5.2" fill="#664500"/>',
    "😅": _FACE + '<path d="M9.5 14.5q3-4 6 0M20.5 14.5q3-4 6 0" stroke="#664500" '
                  'stroke-width="2" fill="none" stroke-linecap="round"/>' + _GRIN +
                  '<path d="M30.5 3.5c2 3.2 3.3 5 3.3 6.6a3.3 3.3 0 0 1-6.6 0c0-1.6 1.3-3.4 '
                  '3.3-6.6z" fill="#5dadec"/>',
    "🤔": _FACE + _EYES + '<path d="M8.5 9q3-3 6.5-2M21.5 8.5q3 .5 5.5 2.5" stroke="#664500" '
                         'stroke-width="1.6" fill="none" stroke-linecap="round"/>'
                         '<path d="M13 24.5l9.5-2" stroke="#664500" stroke-width="2.2" '
                         'stroke-linecap="round"/>'
                         '<path d="M9 33c-1.5-3 0-6 3-6.5l6.5-1c1.5-.2 2.4 1.8 1 2.6l-3 1.6 '
                         '4.5.3c1.6.1 1.6 2.4 0 2.5l-5 .5c-2.5 1.5-5.5 1.5-7-.0z" '
                         'fill="#f4900c"/>',
    "🎉": ('<path d="M3 33.5l8-21 13.5 13.5z" fill="#dd2e44"/>'
           '<path d="M6.2 25.1l4.8 4.8M8.5 19l8.6 8.6" stroke="#ea596e" stroke-width="2.2"/>'
           '<path d="M17 11c2-3 1-6 4-8M22 15c3-2 6-1 9-3M20 13c4-5 7-3 10-7" '
           'stroke="#aa8dd8" stroke-width="1.8" fill="none" stroke-linecap="round"/>'
           '<circle cx="27" cy="18" r="1.8" fill="#ffcc4d"/><circle cx="14" cy="5" r="1.6" '
           'fill="#55acee"/><circle cx="31" cy="27" r="1.6" fill="#77b255"/>'
           '<circle cx="24" cy="3.5" r="1.4" fill="#f4900c"/><rect x="30" y="14" width="3" '
           'height="3" fill="#55acee" transform="rotate(30 31.5 15.5)"/>'),
}


def reaction_svg(what: str) -> str:
    """A quick reaction drawn (its words are the caller's: the image says nothing aloud)."""
    body = REACTION_BODIES.get(what, "")
    return (f'<svg class="rx" viewBox="0 0 36 36" aria-hidden="true" focusable="false">'
            f'{body}</svg>')
