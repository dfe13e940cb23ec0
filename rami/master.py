"""The master of a game: the only code that changes its state.

Every player is a client of it, whoever and wherever it is: the person at this device (or
each person passing it, pass-and-play), each computer player (its move worked out in the
bots' worker, or on the page's thread), each friend on their own device (through
:class:`rami.room.Room`). A client sends a move for its seat, chosen at a position of the
game (:attr:`Master.position`); the master checks that it is that seat's turn, that the
table has not moved on since, and the move's legality, plays it, and tells every watcher.
What a client is shown is its seat's view (:meth:`Master.view`), nothing else: the host's
own page draws that view exactly as a friend's page draws the one it is sent.

A refusal raises a :class:`~rami.errors.RamiError` in the player's words (:class:`OutOfTurn`,
:class:`MovedOn`, or the game's own: an illegal move) and changes nothing.

>>> from rami.state import GameState
>>> m = Master(GameState("gin", ["Ada", "Bo"], seed=3))
>>> seen = []
>>> m.watch(lambda master, seat, action: seen.append((seat, str(action))))
>>> m.to_move(), m.position
(1, 0)
>>> m.play(0, "pass")
Traceback (most recent call last):
  ...
rami.master.OutOfTurn: Wait: it is Bo's turn.
>>> m.play(1, "pass", at=0) and None
>>> m.play(0, "pass", at=0)
Traceback (most recent call last):
  ...
rami.master.MovedOn: The table has moved on since you chose that move: it was not played.
>>> seen, m.position, m.to_move(), m.view(0).phase.value
([(1, 'pass')], 1, 0, 'upcard')
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import DEAL, REJOIN, Action
from .errors import RamiError
from .i18n import _
from .state import GameState, Phase
from .view import PlayerView

# the phases in which the seat at the turn moves (between hands, only to take up an offer to
# rejoin a pool: dealing the next hand is the table's, :meth:`Master.deal`)
MOVE_PHASES = frozenset({Phase.UPCARD, Phase.DRAW, Phase.PLAY, Phase.LAYOFF, Phase.SHOW,
                         Phase.RUM, Phase.EXCHANGE, Phase.OPENING})
# what a player may take back within their turn: laying cards down. Drawing, taking,
# discarding, knocking, declaring, dropping, pushing… are final.
UNDOABLE = frozenset({"meld", "layoff", "contract", "rescue", "open", "swap"})
UNDO_DEPTH = 60


class OutOfTurn(RamiError):
    """A move from a seat whose turn it is not."""


class MovedOn(RamiError):
    """A move chosen at a position the game has since left (another move came first)."""


Watcher = Callable[["Master", "int | None", "Action | None"], None]


class Master:
    """One game's state and the one way to change it. ``watch(fn)``: ``fn(master, seat,
    action)`` is called after every change: ``seat`` played ``action``; the table dealt a
    new hand (None, DEAL); ``seat`` took a move back (``seat``, None); a name changed (None,
    None)."""

    def __init__(self, state: GameState):
        self.state = state
        self._watchers: list[Watcher] = []
        # this turn's moves that may be taken back: (seat, position before, state before)
        self._kept: list[tuple[int, int, GameState]] = []

    # -- what clients may ask ------------------------------------------------------------------
    @property
    def position(self) -> int:
        """How many moves the match has seen: a move is chosen at one."""
        return len(self.state.history)

    def to_move(self) -> int | None:
        """The seat whose move it is (None: between hands, or the match is over)."""
        st = self.state
        if st.phase in MOVE_PHASES or (st.phase == Phase.HAND_OVER
                                       and REJOIN in st.legal_actions()):
            return st.turn
        return None

    def view(self, seat: int) -> PlayerView:
        """All that ``seat`` may know of the game."""
        return PlayerView.of(self.state, seat)

    def watch(self, fn: Watcher) -> None:
        self._watchers.append(fn)

    def unwatch(self, fn: Watcher) -> None:
        self._watchers = [w for w in self._watchers if w is not fn]

    # -- what changes the game -----------------------------------------------------------------
    def play(self, seat: int, action: Action | str, at: int | None = None) -> list:
        """Play ``seat``'s move, chosen at position ``at`` (None: now); its events."""
        st = self.state
        if self.to_move() is None:
            raise OutOfTurn(_("The hand is over.") if st.phase == Phase.HAND_OVER else
                            _("The match is over."))
        if self.to_move() != seat:
            raise OutOfTurn(_("Wait: it is {who}'s turn.", who=st.names[st.turn]))
        if at is not None and at != self.position:
            raise MovedOn(_("The table has moved on since you chose that move: it was not "
                            "played."))
        if isinstance(action, str):
            action = st.parse_action(action)
        before = (seat, self.position, st.copy()) if action.kind in UNDOABLE else None
        events = st.apply(action)                # (refused: raises, nothing changed)
        if before is None:
            self._kept = []
        else:
            self._kept = [k for k in self._kept if k[0] == seat][-(UNDO_DEPTH - 1):] + [before]
        self._tell(seat, action)
        return events

    def deal(self) -> bool:
        """Deal the next hand, if the last one is over and no one is being asked to rejoin;
        False when there is no hand to deal."""
        st = self.state
        if st.phase != Phase.HAND_OVER or DEAL not in st.legal_actions():
            return False
        st.apply(DEAL)
        self._kept = []
        self._tell(None, DEAL)
        return True

    def can_take_back(self, seat: int) -> bool:
        """Has ``seat`` a move of this turn it may take back?"""
        return bool(self._kept) and self._kept[-1][0] == seat and self.to_move() == seat

    def take_back(self, seat: int, to: int | None = None) -> None:
        """Take back ``seat``'s moves of this turn down to position ``to`` (None: its last
        move); never a draw, a take or a discard, which end what can be taken back."""
        keep = [k for k in self._kept if k[0] == seat]
        if not self.can_take_back(seat) or (to is not None and all(k[1] != to for k in keep)):
            raise RamiError(_("Nothing to undo: a draw, a discard or the end of your turn "
                              "cannot be taken back."))
        to = keep[-1][1] if to is None else to
        while self._kept[-1][1] != to:
            self._kept.pop()
        self.state = self._kept.pop()[2]
        self._tell(seat, None)

    def reset(self, state: GameState) -> None:
        """The game set to another position of its own (a tutorial's board takes back the
        reader's wrong move: the position is the author's, not a seat's to choose)."""
        self.state = state
        self._kept = []
        self._tell(None, None)

    def rename(self, seat: int, name: str) -> None:
        """A seat's name at the table (a friend's own, when the friend arrives)."""
        names = list(self.state.names)
        if names[seat] != name:
            names[seat] = name
            self.state.names = tuple(names)
            self._tell(None, None)

    def _tell(self, seat: int | None, action: Action | None) -> None:
        for fn in list(self._watchers):
            fn(self, seat, action)
