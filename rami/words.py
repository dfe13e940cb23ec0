"""Each game in its own players' words: the variant's names for its pieces and places.

The engine, the bots' explanations and the shared parts of the table speak of cards, the
stock and a hand, and write a piece by its code (``Qh``, ``r12``, ``joly=k12``), which is
also the text form of actions. What a person reads goes through :class:`Words`, made once
per variant:

* card games: codes become what is printed on the card (``Q♥``); their words are left as
  they are;
* tile Rami: a tile is named by colour and number (``red 12``; a Joly ``Joly (as black
  12)`` where it stands in a run), a run of one colour ``black 12–1``; and the table's
  words are the tile game's: tile, wall, rack.

One object serves the browser (:meth:`Words.html`, which also colours a tile's name and
marks it up for the page) and the terminal (:meth:`Words.plain`), so that a piece has one
name per variant everywhere. Pure standard-library Python.
"""

from __future__ import annotations

import re
from html import escape

from .cards import COLOUR_NAMES, JOKER, Card, tile_name
from .i18n import _, language

# a tile's code: colour letter and number (r12, k1); a Joly standing for one (joly=k12); a
# run of one colour (k12-k1, y4–y6); the Joly alone
_TILE = r"([rybk])(1[0-3]|[1-9])"
_TILE_RUN = re.compile(rf"\b{_TILE}[-–]([rybk])(1[0-3]|[1-9])\b")
_JOLY_AS = re.compile(rf"\b[Jj]oly=\s?{_TILE}\b")
_TILE_CODE = re.compile(rf"(?<![\w=&#]){_TILE}\b(?![=\w])")
_JOLY = re.compile(r"\bjoly\b")
# tiles of one colour side by side (a run as the engine writes it: k7 k8 k9)
_TILE_ROW = re.compile(rf"(?<![\w=&#]){_TILE}(?: \1(?:1[0-3]|[1-9]))+\b(?![=\w])")

# the tile game's words for the shared table's: (whole word, said), each also with its first
# letter a capital
_TILE_VOCABULARY = (
    ("in deadwood", "on the rack"), ("low deadwood", "a light rack"),
    ("deadwood", "points left on the rack"),
    ("discard pile", "discard row"), ("cards", "tiles"), ("card", "tile"),
    ("stock", "wall"),
    ("in hand", "on the rack"), ("in your hand", "on your rack"),
    ("your hand", "your rack"), ("his hand", "his rack"), ("her hand", "her rack"),
    ("their hand", "their rack"), ("the hand", "the rack"), ("a hand", "a rack"),
    ("hands", "racks"),
)
_TILE_WORDS = tuple(
    (re.compile(rf"\b{w}\b"), s) for word, said in _TILE_VOCABULARY
    for w, s in ((word, said), (word[:1].upper() + word[1:], said[:1].upper() + said[1:])))
# text between tags, and the attributes that are read (aria-label, title, alt)
_TEXT_NODE = re.compile(r">([^<]+)<")
_SAID_KEPT = 32         # fragments remembered said (a table's regions, as drawn lately)
_TEXTS_KEPT = 4096      # texts remembered said (a tile's name, a log line)
_PIECES_KEPT = 1024     # buttons remembered said (a tile, a meld: a table's, as drawn lately)
_READ_ATTR = re.compile(r'\b(aria-label|title|alt)="([^"]*)"')


def parse_code(word: str) -> Card | None:
    """The playing card a word names by its code (``Jd``, ``10h``, ``Jk``), or None."""
    if word == "Jk":
        return JOKER
    if not (2 <= len(word) <= 3 and word[-1] in "shdc") or \
            not (word[0].isdigit() or word[0] in "AJQKT"):
        return None                     # (the words "as", "is", "js" are not cards)
    try:
        c = Card.parse(word)
    except ValueError:
        return None
    return None if c.is_tile else c


def _outside_typed(fn):
    """``fn`` applied only outside `...`: what a player types is quoted so, and stays as
    typed (``meld r5 r6 r7``)."""
    def apply(text, *args, **kw):
        parts = str(text).split("`")
        if len(parts) < 3:
            return fn(text, *args, **kw)
        return "`".join(p if i % 2 else fn(p, *args, **kw) for i, p in enumerate(parts))
    return apply


@_outside_typed
def plain_text(text: str) -> str:
    """Words with card codes written with suit symbols, as plain text (``Jd`` → ``J♦``)."""
    out = []
    for word in str(text).split(" "):
        core = word.rstrip(".,;:)!?'’")
        lead = ""
        if core.startswith(("(", "'")):
            lead, core = core[0], core[1:]
        c = parse_code(core)
        if c is None and "=" in core:           # a wild and what it stands for: Jk=7s
            a, b = core.split("=", 1)
            wild, rep = parse_code(a), parse_code(b)
            said = wild and f"{wild.pretty()}={rep.pretty() if rep else b}"
        else:
            said = c and c.pretty()
        out.append(word if not said else lead + said + word[len(lead) + len(core):])
    return " ".join(out)


class Words:
    """The words of one variant (``tiles``: a tile game)."""

    def __init__(self, tiles: bool = False):
        self.tiles = tiles
        # the page's fragments said lately (a redraw says mostly the same regions again),
        # and each text in them (a region that changed has mostly the same texts)
        self._said: dict[tuple[str, str], str] = {}
        self._texts: dict[tuple[str, bool, str], str] = {}
        self._pieces: dict[tuple[str, str], str] = {}      # (and each button in them)

    # -- plain text (the terminal, screen readers, attributes) ---------------------------
    def plain(self, text: str, symbols: bool = True) -> str:
        """``text`` in the game's words, codes named (``r12`` → ``red 12``; ``Qh`` → ``Q♥``
        unless the terminal cannot show ``symbols``)."""
        if not self.tiles:
            return plain_text(text) if symbols else text
        return self._tile_words(self._tile_codes(text, html=False))

    def piece(self, card: Card) -> str:
        """One piece's name: ``red 12``, ``Joly``, ``Q♥``."""
        if card.is_tile:
            return _("Joly") if not card.suit else tile_name(card.suit, card.rank)
        return card.pretty()

    # -- the page --------------------------------------------------------------------------
    def html(self, fragment: str) -> str:
        """An HTML fragment with its text (and the attributes that are read aloud) in the
        game's words; a tile's name in text is coloured like the tile."""
        if not self.tiles or not fragment:
            return fragment
        key = (language(), fragment)
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = self._html(fragment)
            if len(self._said) > _SAID_KEPT:
                del self._said[next(iter(self._said))]      # the oldest goes
        return said

    def html_kept(self, fragment: str) -> str:
        """:meth:`html` for a fragment its caller keeps said (a log line): not remembered
        here too, where a hand's hundred lines would push the table's regions out."""
        return self._html(fragment) if self.tiles and fragment else fragment

    def _html(self, fragment: str) -> str:
        """Said button by button (a tile, a meld): a region that changed has mostly the same
        buttons as before (a discard row of thirty tiles and one more), and each one is said
        once. (A cut just before a tag cuts no text and no attribute: each piece, given the
        next one's ``<``, is said as it is in the whole.)"""
        parts = fragment.split("<button")
        if len(parts) == 1:
            return self._say(fragment)
        lang, kept = language(), self._pieces
        out = [self._say(parts[0] + "<")[:-1]]
        last = len(parts) - 1
        for k in range(1, len(parts)):
            piece = "<button" + parts[k] + ("<" if k < last else "")
            said = kept.get((lang, piece))
            if said is None:
                said = self._say(piece)
                if len(kept) >= _PIECES_KEPT:
                    kept.clear()
                kept[lang, piece] = said
            out.append(said[:-1] if k < last else said)
        return "".join(out)

    def _say(self, fragment: str) -> str:
        lang, texts = language(), self._texts

        def said(text: str, html: bool) -> str:
            key = (lang, html, text)
            out = texts.get(key)
            if out is None:
                out = (self._tile_words(self._tile_codes(text, html=True)) if html
                       else self.plain(text))
                if len(texts) >= _TEXTS_KEPT:
                    texts.clear()
                texts[key] = out
            return out

        fragment = _TEXT_NODE.sub(lambda m: ">" + said(m.group(1), True) + "<", fragment)
        return _READ_ATTR.sub(lambda m: f'{m.group(1)}="{said(m.group(2), False)}"', fragment)

    # -- the parts -------------------------------------------------------------------------
    @staticmethod
    @_outside_typed
    def _tile_words(text: str) -> str:
        # (the page's own words are still written in English: until they are messages, the
        # card games' words are turned into the tile game's here, in English only)
        if language() != "en":
            return text
        for pattern, said in _TILE_WORDS:
            text = pattern.sub(said, text)
        return text

    @staticmethod
    @_outside_typed
    def _tile_codes(text: str, html: bool) -> str:
        def wrap(colour: str, said: str) -> str:
            return (f'<span class="tiletext t-{colour}">{escape(said)}</span>' if html
                    else said)

        text = _TILE_RUN.sub(
            lambda m: wrap(m.group(1), f"{tile_name(m.group(1), m.group(2))}–{m.group(4)}")
            if m.group(1) == m.group(3) else m.group(0), text)
        text = _JOLY_AS.sub(
            lambda m: _("Joly (as {tile})", tile=wrap(m.group(1),
                                                      tile_name(m.group(1), m.group(2)))), text)
        text = _TILE_ROW.sub(
            lambda m: wrap(m.group(1), _("{colour} {number}", colour=_(COLOUR_NAMES[m.group(1)]),
                                         number=" ".join(t[1:] for t in m.group(0).split()))),
            text)
        text = _TILE_CODE.sub(lambda m: wrap(m.group(1), tile_name(m.group(1), m.group(2))),
                              text)
        return _JOLY.sub(_("Joly"), text)


CARD_WORDS = Words(False)
TILE_WORDS = Words(True)


def words_for(variant) -> Words:
    """The words of a variant (an object with ``uses_tiles``, or its name)."""
    if isinstance(variant, str):
        from .variants import find_variant
        variant = find_variant(variant)
    return TILE_WORDS if getattr(variant, "uses_tiles", False) else CARD_WORDS
