"""Positions for the table's layout tests: matches of every seat count played by bots up to
a crowded moment (many melds, a long pile, a declaration being answered), written as deal
strings that the page opens with ``?deal=``."""

from __future__ import annotations

from rami.bots import make_bot
from rami.scenario import to_deal
from rami.state import GameState, Phase
from rami.view import PlayerView

NAMES = ["Lena", "Ada", "Bruno", "Chloé", "Dmitri", "Esme", "Farid", "Greta"]


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


def seat_counts(variant: str) -> list[int]:
    """2, 4, 6 and 8 seats, where the variant allows them (else its fewest)."""
    from rami.variants import find_variant
    v = find_variant(variant)
    return [n for n in (2, 4, 6, 8) if v.min_players <= n <= v.max_players] or [v.min_players]


def _options(variant: str, n: int) -> dict:
    return {"partnerships": False} if variant == "push" and n != 4 else {}


def mid_hand(variant: str, n: int, seed: int = 7, seat: int = 0) -> str:
    """A hand under way at ``seat``'s draw, with as many melds on the table as it gets (up
    to one a seat, six at most), from Good bots' play: for screenshots and layout tests."""
    g = GameState(variant, NAMES[:n], _options(variant, n), seed=seed)
    bots = [make_bot("good", variant, seed=seed + i) for i in range(n)]
    seen = []
    for _ in range(4000):
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        if g.turn == seat and g.phase == Phase.DRAW:
            if len(g.table) >= min(n + 1, 6):
                return to_deal(g)
            seen.append(to_deal(g))
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    if not seen:                        # (the hand ended before that seat ever drew)
        raise RuntimeError(f"no {variant} position at seat {seat}'s draw for {n} players, "
                           f"seed {seed}")
    return seen[len(seen) * 2 // 3]


def swollen(variant: str, n: int, cards: int) -> str:
    """``mid_hand`` with seat 0's hand grown to ``cards`` from the stock: a hand late in a deal
    (a 500 Rum pile picked up whole, a Push hand swollen by pushes)."""
    from rami.scenario import from_deal
    g = from_deal(mid_hand(variant, n))
    while len(g.hands[0]) < cards:
        g.hands[0].append(g.stock.pop())
    return to_deal(g)


def long_row() -> str:
    """Tile Rami late in a game: a discard row of 48 tiles at four seats, the person (seat 0)
    to draw, opened, and able to take from the row (``take b5 with r5 y5 b5`` among others):
    bots' play, with one of another seat's combinations made the person's."""
    return crowded("tiles", 4, seed=5, pile=48).replace("; 3=r4 b4 k4 |", "; 0=r4 b4 k4 |")


def hand_end(variant: str, n: int, seed: int = 7) -> GameState:
    """A match at its first hand's end (Good bots in every seat)."""
    g = GameState(variant, NAMES[:n], _options(variant, n), seed=seed)
    bots = [make_bot("good", variant, seed=seed + i) for i in range(n)]
    while g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return g


if __name__ == "__main__":                            # print them, to look at by hand
    print(crowded("rum500", 8, melds=6, pile=8))
