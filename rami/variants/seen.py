"""What each seat of a game sees: the part of a variant that the views (:mod:`rami.view`) and
a seat's knowledge of the game (:mod:`rami.known`) are made from, as OpenSpiel's observers
stand apart from its games. Every hook is a pure function of the state (and the seat): the
hands shown face up, the public facts, the facts some seat may not see.
"""

from __future__ import annotations

from ..cards import Card
from ..state import GameState, Phase


class Seen:
    """The defaults: hands are shown when a hand is over; every fact of the variant
    (``state.extra``) is public but those it lists as secret."""

    PRIVATE_EXTRA: tuple = ()   # keys of ``state.extra`` some seat may not see
    # a few numbers of ``public_info`` a learning player is given, each with its scale
    # (rami.rl.observe: "game numbers")
    public_numbers: tuple = ()

    def revealed(self, state: GameState, seat: int) -> dict:
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return {s: tuple(h) for s, h in enumerate(state.hands)}
        return {}

    def public_info(self, state: GameState) -> dict:
        return {}

    def public_extra(self, state: GameState, seat: int) -> dict:
        """The variant's facts (``state.extra``) that ``seat`` knows: all of them but the
        secrets (``PRIVATE_EXTRA``; a variant whose fact is known to one seat only redacts it
        for the others here)."""
        return {k: v for k, v in state.extra.items() if k not in self.PRIVATE_EXTRA}

    def known_holdings(self, extra: dict, turn: int) -> dict[int, list[Card]]:
        """Cards every seat knows to be in a hand (a card taken from the discard pile that
        must be played this turn), by seat, from the public facts."""
        return {}

    def face_down(self, extra: dict) -> int:
        """How many cards lie apart face down, that :meth:`hidden_cards` names only when the
        secret facts are known (a seat's knowledge of the game, :mod:`rami.known`, counts
        them with the cards it cannot see)."""
        return 0

    def hidden_cards(self, state: GameState) -> list[Card]:
        """Cards in play outside the stock, discard pile, hands and table (none by default)."""
        return []
