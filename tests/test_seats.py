"""Seat order and partnerships, shared by every variant (exercised with test-only variants
until Push, 500 Rum and the tile game use them)."""

import pytest

from tests.rules import sound

from rami.scenario import from_deal
from rami.state import GameState
from rami.variants import VARIANTS, register
from rami.games.basic import BasicRummy
from rami.view import PlayerView
from tests.conformance import run_game


class Anticlockwise(BasicRummy):
    name = "test-anticlockwise"
    aliases = ()
    direction = -1


class Partners(BasicRummy):
    name = "test-partners"
    aliases = ()
    min_players = max_players = 4

    def teams(self, state):
        return [0, 1, 0, 1]        # partners sit opposite


@pytest.fixture(autouse=True)
def registered():
    added = [register(Anticlockwise()), register(Partners())]
    yield
    for v in added:
        VARIANTS.pop(v.name)


def test_anticlockwise_play_passes_to_the_right():
    g = GameState("test-anticlockwise", 4, seed=1)
    assert g.turn == (g.dealer - 1) % 4
    first = g.turn
    g.apply("draw")
    g.apply(f"discard {g.hands[first][0]}")
    assert g.turn == (first - 1) % 4
    run_game("test-anticlockwise", 3, {}, 5)


def test_partnership_scores_are_kept_per_side():
    g = from_deal(sound("test-partners | 0: 2c 3d | 1: 4c 5d | 2: 7h 8h | 3: Kc Qd | discard: 2s"
                  " | stock: 9h | turn: 2 | melded: 2 | scores: 10 20"))
    g.apply("draw")
    g.apply("meld 7h 8h 9h")
    r = g.results[-1]
    assert r["winner"] == 2 and r["points"] == [0, 0, 2 + 3 + 4 + 5 + 10 + 10, 0]
    assert g.scores == [10 + 34, 20]           # seat 2's points go to side 0
    view = PlayerView.of(g, 1)
    assert view.teams == (0, 1, 0, 1) and view.scores == (44, 20)
    run_game("test-partners", 4, {}, 6)
