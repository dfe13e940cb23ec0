"""Positions for the table's layout tests: matches of every seat count played by bots up to
a crowded moment (many melds, a long pile, a declaration being answered), written as deal
strings that the page opens with ``?deal=``."""

from __future__ import annotations

from rami.bots import make_bot
from rami.scenario import to_deal
from rami.state import GameState, Phase
from rami.view import PlayerView

NAMES = ["You", "Ada", "Bruno", "Chloé", "Dmitri", "Esme", "Farid", "Greta"]


def crowded(variant: str, n: int, seed: int = 1, melds: int = 0, pile: int = 0,
            show: bool = False, options: dict | None = None, limit: int = 3000) -> str:
    """The first position of a bot-played hand, with seat 0 to move, that has at least
    ``melds`` melds on the table and ``pile`` cards in the discard pile (or, ``show``, a
    declaration to answer)."""
    for attempt in range(20):
        g = GameState(variant, NAMES[:n], options or {}, seed=f"{seed}:{attempt}")
        bots = {s: make_bot("heuristic", variant, f"{seed}:{s}") for s in range(n)}
        for _ in range(limit):
            if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                break
            ready = len(g.table) >= melds and len(g.discard) >= pile
            if show:
                ready = g.phase == Phase.SHOW
            if ready and g.turn == 0 and g.phase in (Phase.DRAW, Phase.SHOW):
                return to_deal(g)
            seat = g.turn
            g.apply(bots[seat].choose(PlayerView.of(g, seat)))
    raise RuntimeError(f"no crowded {variant} position for {n} players")


if __name__ == "__main__":                            # print them, to look at by hand
    print(crowded("rum500", 8, melds=6, pile=8))
