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
from .errors import ActionSyntaxError
from .melds import Meld, SetRank, parse_meld_tokens, parse_rep

__all__ = [
    "Action", "Draw", "TakeDiscard", "Pass", "MeldCards", "LayOff", "Discard", "Knock",
    "BigGin", "Turnover", "Done", "Deal", "Drop", "Declare", "Show", "Rejoin", "Decline", "Rum",
    "Push", "Contract", "Rescue", "parse_action", "groups_text",
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
    kind = "take"

    def __str__(self):
        if self.card is None:
            return "take"
        return f"take {self.card}" + (f" {self.copy}" if self.copy != 1 else "")

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
_SIMPLE = {"draw": DRAW, "take": TAKE, "pass": PASS, "gin": BIG_GIN,
           "turnover": TURNOVER, "done": DONE, "deal": DEAL, "drop": DROP, "show": SHOW,
           "rejoin": REJOIN, "decline": DECLINE, "push": PUSH}
_ALIASES = {"d": "draw", "stock": "draw", "t": "take", "p": "pass", "lay": "layoff",
            "lay-off": "layoff", "lo": "layoff", "m": "meld", "x": "discard", "k": "knock",
            "next": "deal", "turn": "turnover"}




def parse_action(text: str) -> Action:
    """Read an action's text form (see the module docstring)."""
    words = text.strip().split()
    if not words:
        raise ActionSyntaxError("Type an action, for example: draw, take, discard Qs")
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    args = words[1:]
    try:
        if verb in _SIMPLE and not args:
            return _SIMPLE[verb]
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
            head, _, rest = " ".join(args).partition(":")
            if len(head.split()) == 1:
                return Declare(Card.parse(head), _parse_groups(rest))
        if verb == "show" and args:
            return Show(_parse_groups(" ".join(args)))
        if verb == "contract" and args:
            melds = []
            for part in " ".join(args).split("/"):
                cards, reps = parse_meld_tokens(part)
                if not cards:
                    raise ValueError("an empty meld")
                melds.append(MeldCards(tuple(cards), tuple(reps) if any(reps) else ()))
            return Contract(tuple(melds))
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
    raise ActionSyntaxError(
        f"'{text.strip()}' is not an action. Try: draw, take, pass, meld 7h 8h 9h, "
        "layoff 10h on 1, discard Qs, knock Qs, gin, turnover, done, drop, rum, "
        "declare Kd: 2h 3h 4h / ..., push, contract 7h 7d 7s / 9c 9d Jk=9, "
        "rescue 8h on 2")


def _parse_groups(text: str) -> tuple:
    """``2h 3h 4h / 5s Jk 7s`` to a tuple of card tuples (empty text: no groups)."""
    from .cards import parse_cards
    groups = tuple(tuple(parse_cards(g)) for g in text.split("/"))
    if groups == ((),):
        return ()
    if any(not g for g in groups):
        raise ValueError("an empty group")
    return groups
