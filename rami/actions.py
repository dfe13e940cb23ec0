"""Atomic actions: what a player asks for, as frozen values with a text form.

>>> parse_action("meld 7h Jk=8h 9h")
MeldCards(cards=(Card.parse('7h'), Card.parse('Jk'), Card.parse('9h')), reps=(None, Card.parse('8h'), None))
>>> str(parse_action("layoff Jk=10h on 2"))
'layoff Jk=10h on 2'
>>> [str(parse_action(t)) for t in ("draw", "take", "discard qs", "knock 10s", "gin")]
['draw', 'take', 'discard Qs', 'knock 10s', 'gin']

The text of a meld may leave out what a wild stands for ("meld 7h Jk 9h"); the state then
finds the one legal meld it can mean, or says it is ambiguous. The canonical text, as written
in histories and saves, always says it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, CardSyntaxError
from .errors import ActionSyntaxError, UnknownAction
from .melds import Meld, SetRank, parse_meld_tokens, parse_rep
from .i18n import _

__all__ = [
    "Action", "Draw", "TakeDiscard", "Pass", "MeldCards", "LayOff", "Discard", "Knock",
    "BigGin", "Turnover", "Done", "Deal", "Drop", "Declare", "Show", "Rejoin", "Decline", "Rum",
    "Push", "Contract", "Rescue", "Open", "Swap", "TakeExposed", "Doubla", "Twin",
    "parse_action", "groups_text",
]


class Action:
    """Base class; every action is a frozen dataclass whose ``str`` parses back."""

    kind = "action"

    def __str__(self) -> str:
        """An action without arguments is written as its kind (``draw``, ``pass``...)."""
        return self.kind


@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the stock."""
    kind = "draw"


@dataclass(frozen=True)
class TakeDiscard(Action):
    """Take the top of the discard pile, or (spread piles) ``card`` and all above it.

    ``copy`` counts copies of ``card`` from the top of the pile (two decks hold two of each):
    ``take 7h 2`` takes the second 7h from the top and everything above it.
    """
    card: Card | None = None
    copy: int = 1
    meld: "MeldCards | None" = None     # tile Rami: the combination the tile is melded in
    kind = "take"

    def __str__(self):
        if self.card is None:
            return "take"
        return f"take {self.card}" + (f" {self.copy}" if self.copy != 1 else "") + \
            (f" with {str(self.meld)[len('meld '):]}" if self.meld is not None else "")

    def index_in(self, pile) -> int:
        """Where in ``pile`` (0 = bottom) this take starts; -1 if that card is not there."""
        if self.card is None:
            return len(pile) - 1
        copy = self.copy
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] is self.card:
                copy -= 1
                if not copy:
                    return i
        return -1


@dataclass(frozen=True)
class Pass(Action):
    """Refuse the upcard (gin's first turn)."""
    kind = "pass"


@dataclass(frozen=True)
class MeldCards(Action):
    """Lay cards from hand as a new meld; ``reps`` says what each wild stands for."""
    cards: tuple
    reps: tuple = ()
    kind = "meld"

    def __post_init__(self):
        # one value per meld: "nothing said of any wild" is always ``()``, so that the text
        # of a legal meld reads back as the very action listed
        if self.reps and all(r is None for r in self.reps):
            object.__setattr__(self, "reps", ())

    @classmethod
    def of(cls, meld: Meld, rules=None) -> "MeldCards":
        """The action that lays exactly this meld (given the ``rules``, a wild card that is
        itself in a run is written so, ``2c=2c``: the text then reads back one way only)."""
        reps = meld.represented()
        wild = set(meld.wild_slots())
        out = []
        for i, c in enumerate(meld.cards):
            if i in wild:
                out.append(reps[i] if meld.kind == "run" else SetRank(meld.rank))
            elif rules is not None and meld.kind == "run" and c.suit and rules.is_wild(c):
                out.append(c)
            else:
                out.append(None)
        return cls(tuple(meld.cards), tuple(out))

    def __str__(self):
        reps = self.reps or (None,) * len(self.cards)
        return "meld " + " ".join(c_text(c, r) for c, r in zip(self.cards, reps))




def c_text(card, rep) -> str:
    return str(card) if rep is None else f"{card}={rep}"


@dataclass(frozen=True)
class LayOff(Action):
    """Add one card from hand to table meld number ``meld`` (0-based; the text is 1-based)."""
    card: Card
    meld: int
    rep: object = None
    kind = "layoff"

    def __str__(self):
        return f"layoff {c_text(self.card, self.rep)} on {self.meld + 1}"


@dataclass(frozen=True)
class Rum(Action):
    """Call "Rum!" on the card just discarded: lay it off on table meld ``meld`` (0-based;
    None: the one meld it fits) in front of oneself (500 Rum's ``rum_call``)."""
    meld: int | None = None
    rep: object = None
    kind = "rum"

    def __str__(self):
        if self.meld is None:
            return "rum"
        return f"rum on {self.meld + 1}" + (f" as {self.rep}" if self.rep is not None else "")


@dataclass(frozen=True)
class Discard(Action):
    """Put a card from hand on the discard pile, ending the turn."""
    card: Card
    kind = "discard"

    @classmethod
    def of(cls, card: Card) -> "Discard":
        """The shared action for discarding ``card`` (legal-action lists reuse them)."""
        return DISCARDS[card]

    def __str__(self):
        return f"discard {self.card}"


@dataclass(frozen=True)
class Knock(Action):
    """Gin: discard face down and lay out (gin when no deadwood is left)."""
    card: Card
    kind = "knock"

    @classmethod
    def of(cls, card: Card) -> "Knock":
        return KNOCKS[card]

    def __str__(self):
        return f"knock {self.card}"


@dataclass(frozen=True)
class BigGin(Action):
    """Gin: all eleven cards in melds; go out without a discard."""
    kind = "gin"


@dataclass(frozen=True)
class Turnover(Action):
    """Turn the discard pile over as a new stock (basic rummy, empty stock)."""
    kind = "turnover"


@dataclass(frozen=True)
class Done(Action):
    """Finish laying off (gin's defender)."""
    kind = "done"


@dataclass(frozen=True)
class Deal(Action):
    """Start the next hand of the match."""
    kind = "deal"


@dataclass(frozen=True)
class Drop(Action):
    """Indian rummy: leave the deal at the start of one's turn, for a fixed penalty."""
    kind = "drop"


@dataclass(frozen=True)
class Push(Action):
    """Push: lay the top stock card face down on the top discard, push both to the
    opponent on the left, then draw the next stock card."""
    kind = "push"


@dataclass(frozen=True)
class Contract(Action):
    """Push: lay this deal's contract, all its melds in one move (``melds``: MeldCards,
    each saying what its wilds stand for: ``contract 7h 7d 2c=7 / 9s 10s Jk=Js Qs``)."""
    melds: tuple
    kind = "contract"

    def __str__(self):
        return "contract " + " / ".join(str(m)[len("meld "):] for m in self.melds)


@dataclass(frozen=True)
class Rescue(Action):
    """Push: put ``card`` from hand in place of the ``wild`` that stands for it in table meld
    number ``meld`` (0-based; the text is 1-based), and take the wild, to be used this turn."""
    card: Card
    meld: int
    wild: Card | None = None
    kind = "rescue"

    def __str__(self):
        return f"rescue {self.card}" + (f" for {self.wild}" if self.wild else "") + \
            f" on {self.meld + 1}"


@dataclass(frozen=True)
class Open(Action):
    """Tile Rami: the initial meld, every combination of it in one move, from the rack
    (``open r5 r6 r7 / k9 y9 joly=9``)."""
    melds: tuple
    kind = "open"

    def __str__(self):
        return "open " + " / ".join(str(m)[len("meld "):] for m in self.melds)


@dataclass(frozen=True)
class Swap(Action):
    """Tile Rami: put ``cards`` (the tile a Joly stands for, or a set's missing colours) in
    table combination number ``meld`` (0-based; 1-based in the text) in place of its Joly,
    and lay that Joly at once in ``new``, a combination with two rack tiles
    (``swap r7 on 2 with joly=b6 b7 b8``)."""
    cards: tuple
    meld: int
    new: "MeldCards"
    kind = "swap"

    def __str__(self):
        return (f"swap {' '.join(map(str, self.cards))} on {self.meld + 1} with "
                f"{str(self.new)[len('meld '):]}")


@dataclass(frozen=True)
class TakeExposed(Action):
    """Tile Rami: on the turn he goes out, a player may take the exposed tile instead of
    drawing."""
    kind = "exposed"

    def __str__(self):
        return "take exposed"


@dataclass(frozen=True)
class Doubla(Action):
    """Tile Rami's ``doubla``: offer the pair of identical ``card`` tiles for exchange."""
    card: Card
    kind = "doubla"

    def __str__(self):
        return f"doubla {self.card}"


@dataclass(frozen=True)
class Twin(Action):
    """Tile Rami: announce the twin of the exposed tile (25 points at the end)."""
    kind = "twin"


def groups_text(groups) -> str:
    """``2h 3h 4h / 5s Jk 7s``: groups of cards as one line."""
    return " / ".join(" ".join(str(c) for c in g) for g in groups)


@dataclass(frozen=True)
class Declare(Action):
    """Indian rummy: put ``card`` in the finish slot and show the other 13 cards as
    ``groups`` (a tuple of card tuples). Without groups, the engine groups them as well as
    they can be grouped."""
    card: Card
    groups: tuple = ()
    kind = "declare"

    def __str__(self):
        return f"declare {self.card}" + (f": {groups_text(self.groups)}" if self.groups else "")


@dataclass(frozen=True)
class Show(Action):
    """Indian rummy: after someone declares, show one's own cards in ``groups`` (empty: the
    engine groups them for the fewest points)."""
    groups: tuple = ()
    kind = "show"

    def __str__(self):
        return "show" + (f" {groups_text(self.groups)}" if self.groups else "")


@dataclass(frozen=True)
class Rejoin(Action):
    """Pool rummy: come back into the match after elimination."""
    kind = "rejoin"


@dataclass(frozen=True)
class Decline(Action):
    """Pool rummy: turn down the offer to rejoin."""
    kind = "decline"


# one shared action per card, so legal-action lists are cheap to build and compare
DISCARDS = {c: Discard(c) for c in Card._by_key.values()}
KNOCKS = {c: Knock(c) for c in Card._by_key.values()}
DECLARES = {c: Declare(c) for c in Card._by_key.values()}
# the actions without arguments, one shared instance each
DRAW, TAKE, PASS, BIG_GIN, TURNOVER, DONE, DEAL = (
    Draw(), TakeDiscard(), Pass(), BigGin(), Turnover(), Done(), Deal())
DROP, SHOW, REJOIN, DECLINE, PUSH = Drop(), Show(), Rejoin(), Decline(), Push()
TAKE_EXPOSED, TWIN = TakeExposed(), Twin()
_SIMPLE = {"draw": DRAW, "take": TAKE, "pass": PASS, "gin": BIG_GIN,
           "turnover": TURNOVER, "done": DONE, "deal": DEAL, "drop": DROP, "show": SHOW,
           "rejoin": REJOIN, "decline": DECLINE, "push": PUSH, "twin": TWIN}
_ALIASES = {"d": "draw", "stock": "draw", "t": "take", "p": "pass", "lay": "layoff",
            "lay-off": "layoff", "lo": "layoff", "m": "meld", "x": "discard", "k": "knock",
            "next": "deal", "turn": "turnover"}




def parse_action(text: str) -> Action:
    """Read an action's text form (see the module docstring)."""
    words = text.strip().split()
    if not words:
        raise ActionSyntaxError(_("Type an action, for example: {examples}",
                                  examples="`draw`, `take`, `discard Qs`"))
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    args = words[1:]
    try:
        if verb in _SIMPLE and not args:
            return _SIMPLE[verb]
        if verb == "take" and [a.lower() for a in args] == ["exposed"]:
            return TAKE_EXPOSED
        if verb == "take" and "with" in [a.lower() for a in args]:
            at = [a.lower() for a in args].index("with")
            head, tail = args[:at], args[at + 1:]
            if len(head) in (1, 2) and tail:
                copy = int(head[1]) if len(head) == 2 else 1
                cards, reps = parse_meld_tokens(tail)
                if copy >= 1:
                    return TakeDiscard(Card.parse(head[0]), copy,
                                       MeldCards(tuple(cards), tuple(reps) if any(reps) else ()))
        if verb == "take" and len(args) in (1, 2):
            copy = int(args[1]) if len(args) == 2 else 1
            if copy >= 1:
                return TakeDiscard(Card.parse(args[0]), copy)
        if verb == "rum" and not args:
            return Rum()
        if verb == "rum" and len(args) in (2, 4) and args[0].lower() in ("on", "to") \
                and (len(args) == 2 or args[2].lower() == "as"):
            return Rum(int(args[1]) - 1, parse_rep(args[3]) if len(args) == 4 else None)
        if verb == "discard" and len(args) == 1:
            return Discard(Card.parse(args[0]))
        if verb == "knock" and len(args) == 1:
            return Knock(Card.parse(args[0]))
        if verb == "meld" and args:
            cards, reps = parse_meld_tokens(args)
            return MeldCards(tuple(cards), tuple(reps) if any(reps) else ())
        if verb == "declare" and args:
            head, _colon, rest = " ".join(args).partition(":")
            if len(head.split()) == 1:
                return Declare(Card.parse(head), _parse_groups(rest))
        if verb == "show" and args:
            return Show(_parse_groups(" ".join(args)))
        if verb == "contract" and args:
            return Contract(tuple(_meld_parts(" ".join(args))))
        if verb == "open" and args:
            return Open(tuple(_meld_parts(" ".join(args))))
        if verb == "swap" and "with" in [a.lower() for a in args]:
            at = [a.lower() for a in args].index("with")
            head, tail = args[:at], args[at + 1:]
            if len(head) >= 3 and head[-2].lower() in ("on", "to") and tail:
                cards, reps = parse_meld_tokens(tail)
                return Swap(tuple(Card.parse(x) for x in head[:-2]), int(head[-1]) - 1,
                            MeldCards(tuple(cards), tuple(reps) if any(reps) else ()))
        if verb == "doubla" and len(args) == 1:
            return Doubla(Card.parse(args[0]))
        if verb == "rescue" and len(args) in (3, 5) and args[-2].lower() in ("on", "to") \
                and (len(args) == 3 or args[1].lower() == "for"):
            wild = Card.parse(args[2]) if len(args) == 5 else None
            return Rescue(Card.parse(args[0]), int(args[-1]) - 1, wild)
        if verb == "layoff" and len(args) == 3 and args[1].lower() in ("on", "to"):
            (card,), (rep,) = parse_meld_tokens(args[:1])
            return LayOff(card, int(args[2]) - 1, rep)
    except CardSyntaxError as e:
        raise ActionSyntaxError(str(e)) from None
    except ValueError:
        pass
    raise UnknownAction(_(
        "'{text}' is not an action. Try: {examples}", text=text.strip(), examples=(
            "`draw`, `take`, `pass`, `meld 7h 8h 9h`, `layoff 10h on 1`, `discard Qs`, "
            "`knock Qs`, `gin`, `turnover`, `done`, `drop`, `rum`, "
            "`declare Kd: 2h 3h 4h / ...`, `push`, `contract 7h 7d 7s / 9c 9d Jk=9`, "
            "`rescue 8h on 2`, `open r5 r6 r7 / k9 y9 b9`, `take y7 with y5 y6 y7`, "
            "`swap r7 on 2 with joly=b6 b7 b8`, `take exposed`, `doubla r7`, `twin`")))


def _meld_parts(text: str) -> list[MeldCards]:
    """``7h 7d 2c=7 / 9s 10s Jk=Js Qs``: melds separated by ``/``."""
    melds = []
    for part in text.split("/"):
        cards, reps = parse_meld_tokens(part)
        if not cards:
            raise ValueError("an empty meld")
        melds.append(MeldCards(tuple(cards), tuple(reps) if any(reps) else ()))
    return melds


def _parse_groups(text: str) -> tuple:
    """``2h 3h 4h / 5s Jk 7s`` to a tuple of card tuples (empty text: no groups)."""
    from .cards import parse_cards
    groups = tuple(tuple(parse_cards(g)) for g in text.split("/"))
    if groups == ((),):
        return ()
    if any(not g for g in groups):
        raise ValueError("an empty group")
    return groups
