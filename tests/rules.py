"""Helpers of the rule-by-rule tests: a position from a deal string, its legal moves, and
the message of a refused move (checking that the refusal changed nothing)."""

import pytest

from rami.errors import IllegalAction
from rami.scenario import from_deal
from rami.state import GameState


def position(variant: str, seat0: str, rest: str, options: str = "", **parts) -> GameState:
    """Seat 0's hand, the rest of the deal string, and any ``key: value`` parts."""
    extra = "".join(f" | {k}: {v}" for k, v in parts.items())
    return from_deal(f"{variant} {options} | 0: {seat0} {rest}{extra}")


def legal(g) -> set:
    return {str(a) for a in g.legal_actions()}


def refused(g, action: str) -> str:
    """The message of an illegal action, checking that it leaves the state unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.to_json() == before
    return str(e.value)
