"""Small pieces of the table's HTML that every variant's table uses (pure Python).

A card that can be pointed at is a ``<button>`` whose accessible name begins with what is
printed on it ("K♦, king of diamonds"); the face inside is then hidden from screen readers
so the name is read once.
"""

from __future__ import annotations

from html import escape

from ..cards import RANK_NAMES, Card
from ..i18n import N_, _
from ..words import parse_code, plain_text  # noqa: F401  (the page's callers use them)
from .svg import back_svg, card_svg

LABEL_CLASS = {"pure sequence": "pure", "sequence": "seq", "set": "set", "invalid": "bad",
               "finish slot": "fin"}
# what each group of an Indian hand is, in words (Indian players keep the English terms in
# many languages: the catalogues say how each one writes them)
LABEL_WORDS = {"pure sequence": N_("pure sequence"), "sequence": N_("sequence"),
               "set": N_("set"), "invalid": N_("invalid"), "finish slot": N_("finish slot")}
RANK_WORDS = RANK_NAMES
DOTS = '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>'


def wild_tag() -> str:
    """A wild card's mark (its name says "wild" in words)."""
    return f'<span class="wild-tag" aria-hidden="true">{_("wild")}</span>'


def close_x() -> str:
    """A dialog's close button at its top corner (its Close button at the foot may be out
    of sight on a phone held sideways)."""
    return f'<button type="button" class="close-x" data-act="close" aria-label="{_("Close")}">×</button>'


def esc(x) -> str:
    return escape(str(x))


def card_label(card: Card) -> str:
    """A card's accessible name, beginning with its visible index: ``K♦, king of diamonds``,
    ``Joker``, ``13, red 13``."""
    if card.is_wild_symbol:
        return card.name().capitalize()
    if card.is_tile:
        return f"{card.rank}, {card.name()}"
    return f"{card.pretty()}, {card.name()}"


def face(card: Card, cls: str = "", attrs: str = "", wild: bool = False) -> str:
    """A face-up card that is only looked at (its picture carries its name); small and mini
    cards get the simple face. A ``wild`` card is marked, and named so ("A♠, wild")."""
    simple = "mini" in cls.split() or "small" in cls.split()
    if wild:
        name = esc(_("{card}, wild", card=card.name().capitalize() if card.is_wild_symbol
                     else card_label(card)))
        return (f'<span class="card {cls} wild" role="img" aria-label="{name}" {attrs}>'
                f'{card_svg(card, hidden=True, simple=simple)}'
                # (a joker or a Joly says what it is on its face: its frame is enough)
                f'{wild_tag() if card.suit else ""}</span>')
    return f'<span class="card {cls}" {attrs}>{card_svg(card, simple=simple)}</span>'


def back(cls: str = "", tile: bool = False) -> str:
    return f'<span class="card {cls}">{back_svg(tile=tile)}</span>'


def card_button(card: Card, cls: str, act: str, label: str = "", attrs: str = "",
                inner: str = "") -> str:
    """A face-up card that does something when pressed (``data-act``). Its name is words
    inside it for screen readers only (not an ``aria-label``, which voice control would
    have to match against the letters drawn on the face)."""
    return (f'<button type="button" class="{cls}" data-act="{esc(act)}"{attrs}>'
            f'{card_svg(card, hidden=True)}{inner}{sr(label or card_label(card))}</button>')


def sr(text: str) -> str:
    """Words for screen readers only."""
    return f'<span class="sr-only">{esc(text)}</span>'


def pretty_text(text: str) -> str:
    """Words with card codes shown as cards (``7h`` → ``7♥``, red or black), escaped."""
    out = []
    for word in esc(text).split(" "):
        core = word.rstrip(".,;:)!?")
        tail = word[len(core):]
        lead = ""
        if core.startswith("("):
            lead, core = "(", core[1:]
        c = parse_code(core)
        if c is not None:
            out.append(f'{lead}{_cardtext(c)}{tail}')
        elif "=" in core and parse_code(core.split("=")[0]) is not None:
            # a wild and what it stands for: Jk=7s, 2c=8
            a, b = core.split("=", 1)
            rep = parse_code(b)
            said = _cardtext(rep) if rep is not None else esc(b)
            out.append(f'{lead}{_cardtext(parse_code(a))}<span class="as">=</span>{said}{tail}')
        else:
            out.append(word)
    return " ".join(out)


def _cardtext(c: Card) -> str:
    red = " red" if c.suit and c.suit in "hd" else ""
    suit = f" suit-{c.suit}" if c.suit else " joker"
    return f'<span class="cardtext{red}{suit}">{esc(c.pretty())}</span>'



def group_html(cards, label: str, counted=(), attrs: str = "", size: str = "small",
               wild=None) -> str:
    """A labelled group of face-up cards (a declaration, a shown hand); ``wild``: which
    cards to mark as wild."""
    left = list(counted)
    faces = []
    for c in cards:
        mark = ""
        if c in left:
            left.remove(c)
            mark = " counted"
        faces.append(face(c, size + mark, wild=bool(wild and wild(c))))
    return (f'<div class="group g-{LABEL_CLASS.get(label, "bad")}"{attrs}>'
            f'<span class="group-label">{esc(_(LABEL_WORDS.get(label, label)))}</span>'
            f'<span class="group-cards">{"".join(faces)}</span></div>')


def short_names(names) -> list[str]:
    """A badge for each seat: its initial, or more where initials clash (Bot 1, Bot 2)."""
    firsts = [n[:1].upper() for n in names]
    out = []
    for seat, n in enumerate(names):
        if firsts.count(firsts[seat]) == 1:
            out.append(firsts[seat])
        else:
            tail = n.split()[-1] if len(n.split()) > 1 else n[-1:]
            out.append((firsts[seat] + tail)[:3])
    if len(set(out)) < len(out):
        out = [str(seat + 1) for seat in range(len(names))]
    return out
