"""The game as one seat knows it: a :class:`~rami.view.PlayerView`, read as the rules read a
game.

Everything a page draws and every question a table asks of the rules (is this selection a
meld, may this card be laid off, what does the contract still need, why is this move not
allowed) is answered from the seat's view. :class:`KnownGame` holds that view in the shape
of a :class:`~rami.state.GameState`, so that the variants' own rules answer those
questions, and holds nothing else: the cards the seat cannot see (the other hands, the
stock, the buried discards) are :class:`Unseen`, which knows how many they are and which of
them every seat knows (a card taken from the pile that must be played), and refuses to say
anything more: reading one raises :class:`HiddenCard`. So the page cannot show what a seat
may not see, because it never holds it; and a table that tried would fail in the tests,
not leak.

The same object is built from the view the host computed (a table at this device) and from
the view a friend's page is sent (:func:`rami.remote.read_view`), and both pages draw it
with the same code.

>>> from rami.state import GameState
>>> from rami.view import PlayerView
>>> g = GameState("gin", ["Ada", "Bo"], seed=7)
>>> k = KnownGame.of(PlayerView.of(g, 0))
>>> len(k.hands[1]), len(k.stock), k.hands[0] == g.hands[0]
(10, 31, True)
>>> k.hands[1][0]
Traceback (most recent call last):
...
rami.known.HiddenCard: seat 0 cannot see these cards
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType

from .actions import Action
from .cards import Card
from .errors import RamiError
from .state import GameState

__all__ = ["HiddenCard", "KnownGame", "Pile", "Unseen", "holding", "split_known"]


class HiddenCard(LookupError):
    """A card the seat cannot see was read (a fault in the code that read it)."""


class Unseen(Sequence):
    """Cards a seat cannot see: how many, and the ones every seat knows to be among them."""

    __slots__ = ("size", "known", "seat")

    def __init__(self, size: int, known=(), seat: int = -1):
        self.size, self.known, self.seat = size, tuple(known), seat

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def _refuse(self):
        raise HiddenCard(f"seat {self.seat} cannot see these cards")

    def __getitem__(self, i):
        if self.size == len(self.known):        # (every card of it is known: none hidden)
            return self.known[i]
        self._refuse()

    def __iter__(self):
        if self.size == len(self.known):
            return iter(self.known)
        self._refuse()

    def __contains__(self, card) -> bool:
        if card in self.known:
            return True
        if self.size == len(self.known):
            return False
        self._refuse()

    def __eq__(self, other) -> bool:
        return isinstance(other, Unseen) and (self.size, Counter(self.known)) == (
            other.size, Counter(other.known))

    __hash__ = None

    def __repr__(self) -> str:
        return f"<{self.size} unseen>"


class Pile(Sequence):
    """The discard pile as a seat sees it: the cards on top (all of it when it is spread),
    and how many lie buried under them."""

    __slots__ = ("buried", "top", "seat")

    def __init__(self, buried: int, top, seat: int = -1):
        self.buried, self.top, self.seat = buried, tuple(top), seat

    def __len__(self) -> int:
        return self.buried + len(self.top)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(len(self))[i]]
        k = i + len(self) if i < 0 else i
        if not 0 <= k < len(self):
            raise IndexError("the discard pile has no card there")
        if k < self.buried:
            raise HiddenCard(f"seat {self.seat} cannot see the buried discards")
        return self.top[k - self.buried]

    def __iter__(self):
        if self.buried:
            raise HiddenCard(f"seat {self.seat} cannot see the buried discards")
        return iter(self.top)

    def __contains__(self, card) -> bool:
        if card in self.top:
            return True
        if self.buried:
            raise HiddenCard(f"seat {self.seat} cannot see the buried discards")
        return False

    def __eq__(self, other) -> bool:
        return isinstance(other, Pile) and (self.buried, self.top) == (other.buried, other.top)

    __hash__ = None

    def __repr__(self) -> str:
        return f"<pile: {self.buried} buried, top {' '.join(map(str, self.top))}>"


def split_known(cards) -> tuple:
    """(the cards of ``cards`` a seat sees, how many more it does not): a whole game's
    lists are all seen; a seat's knowledge counts the rest."""
    if isinstance(cards, Unseen):
        return cards.known, cards.size - len(cards.known)
    if isinstance(cards, Pile):
        return cards.top, cards.buried
    return cards, 0


def holding(hand) -> Counter:
    """The cards known to be in ``hand``: all of them in a whole game; in a seat's
    knowledge of another's hand, those every seat knows (a card taken that must be played,
    a rescued wild)."""
    return Counter(hand.known) if isinstance(hand, Unseen) else Counter(hand)


class KnownGame(GameState):
    """A seat's view in the shape of a game (see the module's words). The rules read it;
    nobody plays on it: a move is checked here (:meth:`check`) and played by the master."""

    complete = False          # (a GameState holds every card: ``complete`` is True there)

    @classmethod
    def of(cls, view) -> "KnownGame":
        """The game as ``view``'s seat knows it (no check: the view is the master's own, or
        one :func:`rami.remote.read_view` has checked)."""
        from .registry import find_variant
        g = cls.__new__(cls)
        var = find_variant(view.variant)
        seat = view.seat
        n = len(view.names)
        extra = dict(view.public.get("extra", {}))
        known = var.known_holdings(extra, view.turn)
        hands = []
        for s in range(n):
            if s == seat:
                hands.append(list(view.hand))
            elif s in view.revealed:
                hands.append(list(view.revealed[s]))
            else:
                hands.append(Unseen(view.hand_counts[s], known.get(s, ()), seat))
        g.__dict__.update(
            variant=var, view=view, seat=seat, names=tuple(view.names), n=n,
            options=dict(view.options), public_options=MappingProxyType(dict(view.options)),
            seed=None, teams=tuple(view.teams), scores=list(view.scores),
            hand_no=view.hand_no, results=list(view.results),
            history=Unseen(view.public.get("moves", 0), (), seat), start=None,
            events=list(view.events), final=view.final, dealer=view.dealer,
            phase=view.phase, turn=view.turn, hands=hands,
            stock=Unseen(view.stock_count, (), seat),
            discard=Pile(view.discard_count - len(view.discard), view.discard, seat),
            table=list(view.table), taken=view.taken, melded=list(view.melded),
            melded_at_turn_start=list(view.public.get("melded_at_turn_start",
                                                      view.melded)),
            extra=extra, _legal_cache=list(view.legal), _seat_logs=[])
        return g

    # -- what the seat may know -----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The seat's own legal moves on its turn (the view's), else none known here."""
        return self._legal_cache        # (as GameState gives its own: one list, not copied)

    def events_for(self, seat: int) -> tuple:
        if seat != self.seat:
            raise HiddenCard(f"seat {self.seat} cannot read seat {seat}'s log")
        return tuple(self.events)

    def reset_logs(self) -> None:
        pass

    def check(self, action: Action | str) -> Action:
        """The move meant (a text is read), if the rules allow it now; else the RamiError a
        player reads. Nothing is played: the master plays it."""
        if isinstance(action, str):
            return self.parse_action(action)
        from .i18n import pieces
        with pieces(self.variant.uses_tiles):
            return self._resolve(action, self.legal_actions())

    # -- not for a seat's knowledge --------------------------------------------------------
    def apply(self, action):
        raise RamiError("a seat's knowledge of the game is not played on: the master plays")

    _apply = apply

    def copy(self) -> "KnownGame":
        return self            # (nothing changes it)

    def to_dict(self) -> dict:
        raise HiddenCard("a seat's knowledge of the game is not a save")

    def __eq__(self, other) -> bool:
        return isinstance(other, KnownGame) and self.view == other.view

    __hash__ = None

    def __repr__(self) -> str:
        return (f"<KnownGame {self.variant.name} seat {self.seat} hand {self.hand_no + 1} "
                f"{self.phase.value} turn={self.turn}>")
