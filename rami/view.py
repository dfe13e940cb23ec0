"""What one seat may see: the only thing bots and the table UI are given.

``PlayerView(state, seat)`` is a pure function of the state and the seat. It copies the
seat's own hand, the other hands' sizes, the stock's size, the visible part of the discard
pile, the table, the scores, the phase, the legal actions (on that seat's turn) and the
events, redacted so that a card drawn from the stock shows only to its drawer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import Card
from .state import GameState, Phase


@dataclass(frozen=True)
class PlayerView:
    seat: int
    variant: str
    options: dict
    names: tuple
    teams: tuple
    phase: Phase
    turn: int
    dealer: int
    hand_no: int
    hand: tuple                  # this seat's cards
    hand_counts: tuple           # every seat's number of cards
    stock_count: int
    discard: tuple               # the visible discard pile (top last): all of it if spread
    discard_count: int
    table: tuple                 # TableMeld values
    scores: tuple
    legal: tuple                 # legal actions if it is this seat's turn, else ()
    events: tuple                # this hand's events, redacted for this seat
    results: tuple               # finished hands' results (public)
    revealed: dict               # seat -> cards shown face up (a knocker's deadwood, ...)
    taken: Card | None           # the card this seat took from the discard pile this turn
    melded: tuple                # which seats have melded this hand
    info: dict = field(default_factory=dict)   # public facts of the variant (knock limit, ...)
    final: dict | None = None
    # the rest of the game every seat knows, as the state holds it: the variant's own facts
    # but its secrets (``Variant.PRIVATE_EXTRA``), who had melded when the turn began, how
    # many actions have been played (a friend's table, :mod:`rami.remote`, is built from it)
    public: dict = field(default_factory=dict)

    @classmethod
    def of(cls, state: GameState, seat: int) -> "PlayerView":
        var = state.variant
        my_turn = state.turn == seat and state.phase != Phase.MATCH_OVER
        discard = tuple(state.discard) if var.discard_spread else tuple(state.discard[-1:])
        # filled in one call: a frozen dataclass's generated __init__ costs several times more,
        # and views are built on every bot move
        view = object.__new__(cls)
        view.__dict__.update(
            seat=seat, variant=var.name, options=state.public_options,
            names=state.names, teams=state.teams, phase=state.phase,
            turn=state.turn, dealer=state.dealer, hand_no=state.hand_no,
            hand=tuple(state.hands[seat]),
            hand_counts=tuple(map(len, state.hands)),
            stock_count=len(state.stock), discard=discard, discard_count=len(state.discard),
            table=tuple(state.table), scores=tuple(state.scores),
            legal=tuple(state.legal_actions()) if my_turn else (),
            events=state.events_for(seat),
            results=_frozen_results(state),
            revealed=var.revealed(state, seat),
            taken=state.taken if state.turn == seat else None,
            melded=tuple(state.melded),
            info=_fresh(var.public_info(state)), final=_freeze(state.final),
            public={"extra": _fresh(var.public_extra(state, seat)),
                    "melded_at_turn_start": list(state.melded_at_turn_start),
                    "moves": len(state.history)})
        return view

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    @property
    def top_discard(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def to_dict(self) -> dict:
        """A JSON-ready form (used by the web layer and the hidden-information test)."""
        cards = lambda xs: [str(c) for c in xs]
        return {
            "seat": self.seat, "variant": self.variant, "options": dict(self.options),
            "names": list(self.names), "teams": list(self.teams), "phase": self.phase.value,
            "turn": self.turn, "dealer": self.dealer, "hand_no": self.hand_no,
            "hand": cards(self.hand), "hand_counts": list(self.hand_counts),
            "stock_count": self.stock_count, "discard": cards(self.discard),
            "discard_count": self.discard_count,
            "table": [t.to_dict() for t in self.table], "scores": list(self.scores),
            "legal": [str(a) for a in self.legal],
            "events": [e.to_dict() for e in self.events], "results": _thaw(self.results),
            "revealed": {str(k): cards(v) for k, v in self.revealed.items()},
            "taken": str(self.taken) if self.taken else None, "melded": list(self.melded),
            "info": self.info, "final": _thaw(self.final), "public": _fresh(self.public),
        }


def _fresh(x):
    """A copy of JSON-like data (dicts and lists all the way down), so that a bot or the page
    that changes what its view holds cannot change the game."""
    t = type(x)
    if t is dict:
        return {k: _fresh(v) for k, v in x.items()}
    if t is list:
        return [_fresh(v) for v in x]
    return x


def _freeze(x):
    """A read-only copy of JSON-like data: dicts become read-only mappings, lists tuples."""
    t = type(x)
    if t is dict:
        return MappingProxyType({k: _freeze(v) for k, v in x.items()})
    if t is list or t is tuple:
        return tuple(_freeze(v) for v in x)
    return x


def _thaw(x):
    """JSON-ready data from :func:`_freeze`'s."""
    if isinstance(x, MappingProxyType):
        return {k: _thaw(v) for k, v in x.items()}
    if type(x) is tuple:
        return [_thaw(v) for v in x]
    return x


def _frozen_results(state: GameState) -> tuple:
    """The finished hands' results, read-only and shared by the views. A match's results
    grow long, and copying them for every view of every bot move would cost more than the
    move: each result is frozen once, when a view first meets it (a result is complete by
    the end of the move that recorded it)."""
    results = state.results
    cache = state.__dict__.get("_results_view")
    if cache is None or cache[0] is not results or len(cache[1]) > len(results):
        cache = state._results_view = (results, [])
    frozen = cache[1]
    while len(frozen) < len(results):
        frozen.append(_freeze(results[len(frozen)]))
    return tuple(frozen)
