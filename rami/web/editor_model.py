"""The board editor's model: the position as the author places it (:class:`Draft`), a
recorded move (:class:`Step`), and the words and limits they share. The editor's readers
(:mod:`rami.web.editor_read`), its view (:mod:`rami.web.editor_view`) and the editor itself
(:mod:`rami.web.editor`: the presses) stand on it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..cards import Card
from ..errors import RamiError
from ..i18n import N_, _
from ..state import GameState
from ..variants import find_variant

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal")
KINDS = ("show", "replay", "puzzle")
KIND_WORDS = {"show": N_("A position"), "replay": N_("A replay"), "puzzle": N_("A puzzle")}
WIDTHS = {"column": 680, "phone": 360}
MAX_OPEN = 2_000_000                # characters pasted or opened (a match file's limit)


class EditorError(RamiError):
    """What the author tried cannot be done: said in words."""


def token_card(token: str) -> Card:
    """The card of a table meld's token (``Jk=7s``, ``5d@1``: the card itself)."""
    return Card.parse(token.split("@", 1)[0].split("=", 1)[0])


@dataclass
class Draft:
    """A position as the author places it: what a deal string says, part by part (the
    stock's cards not placed are shuffled below the placed ones, the same way every time)."""

    variant: str
    options: dict
    names: list
    hands: list
    discard: list = field(default_factory=list)
    stock: list = field(default_factory=list)
    table: list = field(default_factory=list)         # [owner, [tokens]]
    aside: dict = field(default_factory=dict)          # a variant's piece: its code or ""
    turn: int = 0
    phase: str = ""
    dealer: int = 0
    hand: int = 1
    scores: list = field(default_factory=list)
    more: dict = field(default_factory=dict)           # the variant's other parts, as text

    @property
    def n(self) -> int:
        return len(self.hands)

    @property
    def var(self):
        return find_variant(self.variant)

    def deal(self) -> str:
        """The deal string of this position."""
        v = self.var
        defaults = {o.name: o.default for o in v.OPTIONS}
        opts = " ".join(f"{k}={_opt_text(x)}" for k, x in self.options.items()
                        if k in defaults and x != defaults[k])
        parts = [v.name + (" " + opts if opts else "")]
        parts += [f"{s}: {' '.join(h)}" for s, h in enumerate(self.hands)]
        if self.discard:
            parts.append("discard: " + " ".join(self.discard))
        melds = [(o, t) for o, t in self.table if t]
        if melds:
            parts.append("table: " + "; ".join(f"{o}={' '.join(t)}" for o, t in melds))
        if self.stock:
            parts.append("stock: " + " ".join(self.stock))
        for key, _x in v.board_aside:
            if self.aside.get(key):
                parts.append(f"{key}: {self.aside[key]}")
        for key, text in self.more.items():
            clean = " ".join(str(text).replace("|", " ").split())
            if clean:
                parts.append(f"{key}: {clean}")
        parts += [f"turn: {self.turn}", f"phase: {self.phase}", f"dealer: {self.dealer}"]
        if self.hand > 1:
            parts.append(f"hand: {self.hand}")
        if any(self.scores):
            parts.append("scores: " + " ".join(map(str, self.scores)))
        parts.append("names: " + ", ".join(seat_name(x, s) for s, x in enumerate(self.names)))
        return " | ".join(parts)

    def places(self):
        """Every placed piece: (zone, index, code)."""
        for s, h in enumerate(self.hands):
            for i, c in enumerate(h):
                yield f"hand:{s}", i, c
        for k, (_o, tokens) in enumerate(self.table):
            for i, c in enumerate(tokens):
                yield f"meld:{k}", i, str(token_card(c))
        for i, c in enumerate(self.discard):
            yield "discard", i, c
        for i, c in enumerate(self.stock):
            yield "stock", i, c
        for key, c in self.aside.items():
            if c:
                yield f"aside:{key}", 0, c

    def deck(self) -> Counter:
        """The pieces of this game's deck (for its house rules and players)."""
        g = GameState(self.variant, self.n, self.options, 0, _empty=True)
        return Counter(str(c) for c in self.var.deck(g))

    def left(self) -> Counter:
        """What is still to place (the stock holds it unless placed)."""
        left = self.deck()
        left.subtract(Counter(c for _z, _i, c in self.places()))
        return left

    def zone(self, name: str) -> list:
        """The list of codes a zone holds (an aside slot: a list of at most one)."""
        kind, _x, arg = name.partition(":")
        if kind == "hand" and arg.isdigit() and int(arg) < self.n:
            return self.hands[int(arg)]
        if kind == "meld" and arg.isdigit() and int(arg) < len(self.table):
            return self.table[int(arg)][1]
        if kind == "discard":
            return self.discard
        if kind == "stock":
            return self.stock
        if kind == "aside" and arg in dict(aside_of(self.variant)):
            return [self.aside[arg]] if self.aside.get(arg) else []
        raise EditorError(_("There is no such place on the table."))


def _opt_text(x) -> str:
    return ("on" if x else "off") if isinstance(x, bool) else str(x)


def seat_name(text: str, seat: int) -> str:
    """A seat's name as a deal string can hold it (no comma, no bar), never empty."""
    clean = " ".join(str(text).replace(",", " ").replace("|", " ").split())[:40]
    return clean or NAMES[seat % len(NAMES)]


@dataclass
class Step:
    """A recorded move: its text, the author's note, other right answers (a puzzle) and
    who played it (a seat)."""

    text: str
    note: str = ""
    answers: list = field(default_factory=list)
    seat: int = 0


def default_players(variant: str) -> int:
    v = find_variant(variant)
    return v.board_players or max(v.min_players, 2)


def aside_of(variant: str) -> tuple:
    """The game's own pieces, each one tile or card set aside from the deck: a slot of its
    own on the board (``Variant.board_aside``: each key and its words)."""
    return find_variant(variant).board_aside


def clean_note(text: str) -> str:
    """An author's note as a board holds it: one line, no braces."""
    return " ".join(str(text).replace("{", "(").replace("}", ")").split())[:400]


def plays_in(g: GameState, text: str) -> bool:
    try:
        g.copy().apply(g.parse_action(text))
        return True
    except RamiError:
        return False
