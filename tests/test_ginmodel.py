"""Gin's learned opponent model (rami/games/gin/model.py): its shipped weights fit its
features, its inference is what the network says, its figures are a function of the view
alone, and the Expert plays from them."""

import math
import random

from rami.bots import make_bot
from rami.games.gin import model as ginmodel
from rami.bots.expert import Memory
from rami.games.gin.weights import FEED, GAIN, MODEL
from rami.scenario import from_deal
from rami.state import GameState, Phase
from rami.view import PlayerView


def test_the_shipped_weights_fit_the_features():
    for model in (MODEL, FEED):
        n = len(ginmodel.FEATURES)
        assert len(model["mean"]) == len(model["scale"]) == n
        assert model["w1"] and all(len(row) == n for row in model["w1"])
        assert len(model["b1"]) == len(model["w2"]) == len(model["w1"])
        assert all(s > 0 for s in model["scale"])
    assert len(GAIN) == 13 and all(g > 0 for g in GAIN)


def test_the_network_is_a_hidden_layer_of_rectified_units():
    tiny = {"mean": [1.0, 0.0], "scale": [2.0, 1.0], "w1": [[1.0, -1.0], [0.5, 2.0]],
            "b1": [0.0, -1.0], "w2": [3.0, -2.0], "b2": 0.25}
    # z = (0.5, 2): units 0.5 - 2 = -1.5 (off) and 0.25 + 4 - 1 = 3.25
    assert math.isclose(ginmodel.score([2.0, 2.0], tiny), 0.25 - 2.0 * 3.25)


def positions(seed, count):
    """Views of seat 0 at its decisions in a game of Expert against Good."""
    g = GameState("gin", 2, None, seed)
    bots = [make_bot("expert", "gin", seed), make_bot("good", "gin", seed)]
    out = []
    while not g.results and len(out) < count:
        view = PlayerView.of(g, g.turn)
        if g.turn == 0 and g.phase in (Phase.UPCARD, Phase.DRAW, Phase.PLAY):
            out.append((g.copy(), view))
        g.apply(bots[g.turn].choose(view))
    return out


def figures(view):
    expert = make_bot("expert", "gin", 1)
    expert.setup(view)
    return expert.p_held, {c.code: expert.feed(c.code) for c in view.hand}


def test_the_chances_add_up_to_the_hidden_cards_and_stay_inside_zero_and_one():
    for _g, view in positions("model", 12):
        expert = make_bot("expert", "gin", 1)
        expert.setup(view)
        p = expert.p_held
        assert set(p) == {c.code for c in expert.unseen}
        assert all(0 < x < 1 for x in p.values())
        assert math.isclose(sum(p.values()), expert.hidden, abs_tol=1e-6)
        for c in view.hand:
            assert 0 <= expert.feed(c.code) <= max(GAIN)


def test_the_figures_depend_on_the_view_alone():
    """The opponent's hidden cards dealt differently (swapped with the stock's): the same
    view, the same figures, the same move."""
    for g, view in positions("hidden", 8)[2:8:2]:
        before = figures(view)
        move = make_bot("expert", "gin", 5).choose(view)
        mine = set(g.hands[1]) - set(Memory(view).held[1])
        pool = list(mine) + list(g.stock)
        random.Random(3).shuffle(pool)
        k = len(mine)
        dealt = list(g.hands[1])
        g.hands[1] = [c for c in g.hands[1] if c not in mine] + pool[:k]
        g.stock[:] = pool[k:]
        assert set(g.hands[1]) != set(dealt)
        again = PlayerView.of(g, 0)
        assert again.hand == view.hand and again.events == view.events
        assert figures(again) == before
        assert make_bot("expert", "gin", 5).choose(again) == move


def test_a_card_beside_what_he_took_is_dangerous_and_one_he_passed_by_is_not():
    """Bob took the 7♥ and let the Q♣ go: a 7 or the 6♥ would likely join a meld of his,
    the Q♦ hardly."""
    g = from_deal("gin | 0: As 2s 3s 9c 8d Kd Qd 6h 7c Qc | 1: Ks Kc 2h 3h 5s 6c 8s 10d "
                  "10s 4s | discard: 7h | turn: 1 | phase: draw | dealer: 0")
    for move in ("take", "discard 4s", "draw", "discard Qc", "draw", "discard 8s"):
        g.apply(move)
    view = PlayerView.of(g, 0)
    expert = make_bot("expert", "gin", 3)
    expert.setup(view)
    feed = {str(c): expert.feed(c.code) for c in view.hand}
    assert feed["7c"] > 2 * feed["Qd"] and feed["6h"] > 2 * feed["Qd"]
