"""Cards and tiles: small immutable values with a text form both ways.

French cards are written rank then suit: ``Qh``, ``10s``, ``Ac``, and ``Jk`` for a printed
joker. Romanian tiles are written colour then number: ``r13``, ``k1`` (black), and ``joly``.

>>> Card.parse("Qh")
Card.parse('Qh')
>>> str(Card.parse("10s")), Card.parse("10s").rank, Card.parse("10s").suit
('10s', 10, 's')
>>> [str(c) for c in parse_cards("7h 8h joly r13")]
['7h', '8h', 'joly', 'r13']

Every card is one shared instance per identity (two decks give two *equal* ``Qh``), and
each has a small integer ``code``: ``suit * 13 + rank - 1`` for the 52 natural cards and the
52 natural tiles (a tile's colour plays the role of a suit), which the meld solver uses as a
bit position.
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence
from .i18n import _, N_


__all__ = [
    "Card", "CardSyntaxError", "SUITS", "COLOURS", "JOKER", "JOLY",
    "parse_cards", "cards_text", "french_deck", "tile_set", "shuffled", "deal_rng",
    "sort_by_suit", "sort_by_rank",
]

SUITS = "shdc"          # spades, hearts, diamonds, clubs (also the toss tie-break order)
COLOURS = "rybk"        # red, yellow, blue, black tiles
# (in English: each is translated where it is shown, by rami.i18n)
SUIT_NAMES = {"s": N_("spades"), "h": N_("hearts"), "d": N_("diamonds"), "c": N_("clubs")}
COLOUR_NAMES = {"r": N_("red"), "y": N_("yellow"), "b": N_("blue"), "k": N_("black")}
SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}
# a card's name: each rank its own message (a language may make the suit agree with it)
CARD_NAMES = {1: N_("ace of {suit}"), 11: N_("jack of {suit}"), 12: N_("queen of {suit}"),
              13: N_("king of {suit}")}
# a set of one rank, in words ("5s" or "10s" would read as a card, the five of spades)
SET_NAMES = {1: N_("set of aces"), 2: N_("set of twos"), 3: N_("set of threes"),
             4: N_("set of fours"), 5: N_("set of fives"), 6: N_("set of sixes"),
             7: N_("set of sevens"), 8: N_("set of eights"), 9: N_("set of nines"),
             10: N_("set of tens"), 11: N_("set of jacks"), 12: N_("set of queens"),
             13: N_("set of kings")}
TILE_SET_NAMES = {**SET_NAMES, 1: N_("set of ones"), 11: N_("set of elevens"),
                  12: N_("set of twelves"), 13: N_("set of thirteens")}
JOKER_CODE = 52
JOLY_CODE = 53


class CardSyntaxError(ValueError):
    """A card or tile written in a form rami does not understand."""


class Card:
    """One card or tile. Instances are shared: ``Card.parse("Qh") is Card.parse("Qh")``.

    ``rank`` is 1 (ace) to 13 (king), or the tile number; ``suit`` is one of ``shdc`` for
    cards, ``rybk`` for tiles, ``""`` for a joker or a Joly.
    """

    __slots__ = ("rank", "suit", "code", "is_tile", "_text")
    _by_text: dict[str, "Card"] = {}
    _by_key: dict[tuple[bool, int], "Card"] = {}

    rank: int
    suit: str
    code: int
    is_tile: bool
    _text: str

    def __new__(cls, rank: int, suit: str, is_tile: bool = False) -> "Card":
        key = (is_tile, JOKER_CODE if not suit else
               (COLOURS if is_tile else SUITS).index(suit) * 13 + rank - 1)
        found = cls._by_key.get(key)
        if found is not None:
            return found
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "is_tile", is_tile)
        object.__setattr__(self, "code", key[1] if suit else (JOLY_CODE if is_tile else JOKER_CODE))
        if not suit:
            text = "joly" if is_tile else "Jk"
        elif is_tile:
            text = f"{suit}{rank}"
        else:
            text = f"{RANK_TEXT.get(rank, str(rank))}{suit}"
        object.__setattr__(self, "_text", text)
        cls._by_key[key] = self
        cls._by_text[text.lower()] = self
        return self

    def __hash__(self) -> int:
        # a stable hash (not the default one by identity, which changes from process to
        # process), so that sets and dicts of cards iterate in the same order everywhere;
        # equality stays identity (one instance per card), which is the same thing
        return self.code + (64 if self.is_tile else 0)

    def __setattr__(self, name, value):  # pragma: no cover - immutability guard
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card.parse, (self._text,))

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read ``Qh``, ``10s``, ``T s``-less forms like ``Ts``, ``Jk``, ``r13``, ``joly``."""
        key = text.strip().lower()
        found = cls._by_text.get(key)
        if found is not None:
            return found
        if key in ("jk", "joker", "jo", "*"):
            return JOKER
        if key.startswith("t") and len(key) == 2:
            key = "10" + key[1]
            found = cls._by_text.get(key)
            if found is not None:
                return found
        raise CardSyntaxError(_(
            "'{text}' is not a card: write rank then suit (Qh, 10s, Ac), Jk for a joker, "
            "or colour then number for a tile (r13, k1) and joly", text=text))

    @property
    def is_wild_symbol(self) -> bool:
        """True for a printed joker or a Joly (always wild, whatever the variant)."""
        return not self.suit

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __lt__(self, other: "Card") -> bool:
        return self.code < other.code

    def name(self) -> str:
        """In words, in the language of the moment: ``queen of hearts``, ``red 13``,
        ``joker``."""
        if not self.suit:
            return _("Joly") if self.is_tile else _("joker")
        if self.is_tile:
            return tile_name(self.suit, self.rank)
        return _(CARD_NAMES.get(self.rank, N_("{rank} of {suit}")), rank=self.rank,
                 suit=_(SUIT_NAMES[self.suit]))

    def pretty(self) -> str:
        """What is printed on the card, as text: ``Q♥``; a printed joker by its name,
        ``Joker`` in the language of the moment (a tile by its code: :mod:`rami.words`
        names it)."""
        if not self.suit and not self.is_tile:
            return self.name()[:1].upper() + self.name()[1:]
        if self.is_tile or not self.suit:
            return self._text
        return f"{RANK_TEXT.get(self.rank, str(self.rank))}{SUIT_SYMBOLS[self.suit]}"


# Build every identity once so parsing is a dictionary look-up.
for _s in SUITS:
    for _r in range(1, 14):
        Card(_r, _s)
for _s in COLOURS:
    for _r in range(1, 14):
        Card(_r, _s, True)
JOKER = Card(0, "")
JOLY = Card(0, "", True)
Card._by_text["joker"] = JOKER


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """``"7h 8h 9h"`` (spaces or commas) to a list of cards."""
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [Card.parse(t) for t in text]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def french_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """``decks`` full 52-card decks plus ``jokers`` printed jokers, in a fixed order."""
    one = [Card(r, s) for s in SUITS for r in range(1, 14)]
    return one * decks + [JOKER] * jokers


def tile_set(jolys: int = 2) -> list[Card]:
    """The 106 Romanian tiles: four colours, 1 to 13, twice, and the Jolys."""
    one = [Card(r, s, True) for s in COLOURS for r in range(1, 14)]
    return one * 2 + [JOLY] * jolys


def deal_rng(seed: int | str, *salt: object) -> random.Random:
    """A generator for one purpose (a deal, a toss) derived from the match seed.

    Seeding with a string is specified to hash it with SHA-512, so the same seed gives the
    same shuffle on every CPython and on Pyodide.
    """
    return random.Random(":".join(str(x) for x in (seed, *salt)))


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A Fisher-Yates shuffle written out, so it cannot change with the Python version."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = rng.getrandbits(bits)
        while j >= bound:
            j = rng.getrandbits(bits)
        out[i], out[j] = out[j], out[i]
    return out


def sort_by_suit(cards: Iterable[Card], ace_high: bool = False) -> list[Card]:
    def key(c: Card):
        r = 14 if (ace_high and c.rank == 1) else c.rank
        return (not c.suit, SUITS.find(c.suit) if not c.is_tile else COLOURS.find(c.suit), r)
    return sorted(cards, key=key)


def sort_by_rank(cards: Iterable[Card], ace_high: bool = False) -> list[Card]:
    def key(c: Card):
        r = 14 if (ace_high and c.rank == 1) else c.rank
        return (not c.suit, r, (COLOURS if c.is_tile else SUITS).find(c.suit))
    return sorted(cards, key=key)


def tile_name(colour: str, number: int | str) -> str:
    """A tile in words: ``red 12`` (colour and number, as the language says them)."""
    # TRANSLATORS: a tile of Rami: its colour (red, yellow, blue, black) and its number
    return _("{colour} {number}", colour=_(COLOUR_NAMES[colour]), number=number)
