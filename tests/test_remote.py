"""A friend's copy of the game (rami/remote.py): made from their seat's view only, it draws
the very table the host would draw for that seat, knows nothing the seat does not, and
what comes from another device is checked at the door."""

from __future__ import annotations

import json
import random

import pytest

from rami.bots import make_bot
from rami.errors import SaveError
from rami.remote import shadow
from rami.state import GameState, Phase
from rami.view import PlayerView
from rami.web import render
from rami.web.session import Session
from tests.conformance import shuffle_hidden
from tests.conftest import QUICK

TABLES = [("gin", 2), ("basic", 3), ("indian", 4), ("indian", 2), ("rum500", 3),
          ("push", 4), ("tiles", 4)]


def positions(variant: str, n: int, seed: int, every: int = 9, steps: int = 260):
    """Positions of a game of random and Good players (and every hand's end), as it goes
    (Indian rummy's pool: a random player drops, and one deal is soon over)."""
    options = {"format": "pool101"} if variant == "indian" else {}
    g = GameState(variant, n, options, seed=seed)
    bots = [make_bot("good" if s % 2 or variant == "indian" else "random", variant, seed=s)
            for s in range(n)]
    for step in range(steps):
        if g.phase == Phase.MATCH_OVER:
            return
        if step % every == 0 or g.phase == Phase.HAND_OVER:
            yield g
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))


def drawn(s: Session) -> tuple:
    """The table as a seat sees it: its HTML, and each button with every few selections."""
    html = render.table_html(s, "normal", "", False, 0, False, False)
    rng = random.Random(len(s.order))
    buttons = []
    for k in (0, 1, 2, 3):
        s.selected = rng.sample(range(len(s.order)), min(k, len(s.order)))
        buttons.append([(c.name, c.label, str(c.action), c.reason) for c in s.choices()])
    s.selected = []
    return html, buttons


@pytest.mark.parametrize("variant,n", TABLES)
def test_a_friends_copy_draws_the_table_the_host_would_draw(variant, n):
    seen = 0
    for seed in (1,) if QUICK else (1, 2):     # (inside Pyodide beside the browser tests)
        for g in positions(variant, n, seed):
            for seat in range(n):
                view = PlayerView.of(g, seat).to_dict()
                copy = shadow(json.loads(json.dumps(view)))     # (as it crosses the wire)
                assert PlayerView.of(copy, seat).to_dict() == view
                assert drawn(Session(copy, seat)) == drawn(Session(g.copy(), seat)), \
                    f"{variant} seat {seat} at {g!r}"
                seen += 1
    assert seen >= (3 if QUICK else 6) * n


@pytest.mark.parametrize("variant,n", TABLES)
def test_a_friends_copy_knows_only_what_the_seat_sees(variant, n):
    """The stand-ins for hidden cards follow from the view alone: deal the hidden cards
    otherwise and the friend's copy is the same, card for card."""
    rng = random.Random(5)
    for g in positions(variant, n, 3, every=13):
        seat = rng.randrange(n)
        other = shuffle_hidden(g, seat, rng)
        a = shadow(PlayerView.of(g, seat).to_dict())
        b = shadow(PlayerView.of(other, seat).to_dict())
        assert a.to_dict() == b.to_dict()
        assert a.seed != g.seed and all(m == "hidden" for m in a.history)


def test_the_knockers_face_down_card_stays_hidden():
    for g in positions("gin", 2, 4, every=1, steps=2000):
        if "knock_card" in g.extra and g.phase != Phase.HAND_OVER:
            other = 1 - g.extra["knocker"]
            view = PlayerView.of(g, other).to_dict()
            assert "knock_card" not in view["public"]["extra"]
            copy = shadow(view)
            assert copy.extra["knock_card"] != g.extra["knock_card"] or \
                shadow(PlayerView.of(shuffle_hidden(g, other, random.Random(1)), other)
                       .to_dict()).extra["knock_card"] == copy.extra["knock_card"]
            return
    pytest.fail("no knock in this game")


def test_a_doubla_offered_face_down_stays_hidden_and_the_friends_table_holds():
    """Tile Rami's doubla: the pair offered is the offering seat's secret; a friend's page
    during the round draws the table (it once refused it)."""
    g = GameState("tiles", 4, {"doubla": True}, 0)
    while g.extra.get("offer") is None:
        g.apply(g.legal_actions()[0])
    offerer, tile = g.extra["offer"]
    for seat in range(4):
        view = PlayerView.of(g, seat).to_dict()
        assert view["public"]["extra"]["offer"] == [offerer, tile if seat == offerer else None]
        copy = shadow(json.loads(json.dumps(view)))
        assert PlayerView.of(copy, seat).to_dict() == view
        assert drawn(Session(copy, seat)) == drawn(Session(g.copy(), seat))


def forged(view: dict, rng: random.Random) -> dict:
    """``view`` with one thing changed, as an altered page or a broken link might send."""
    v = json.loads(json.dumps(view))
    key = rng.choice(sorted(v))
    junk = rng.choice([None, -1, 10 ** 9, "x", [], {}, ["Zz"], [[[[]]]], "As", True])
    if isinstance(v[key], list) and v[key] and rng.random() < 0.5:
        v[key][rng.randrange(len(v[key]))] = junk
    elif isinstance(v[key], dict) and v[key] and rng.random() < 0.5:
        v[key][rng.choice(sorted(v[key]))] = junk
    else:
        v[key] = junk
    return v


@pytest.mark.parametrize("variant,n", TABLES)
def test_a_forged_table_is_refused_in_words(variant, n):
    rng = random.Random(9)
    refused = 0
    for g in positions(variant, n, 6, every=17):
        view = PlayerView.of(g, g.turn).to_dict()
        for _ in range(25):
            v = forged(view, rng)
            try:
                copy = shadow(v)
            except SaveError as e:
                assert str(e).startswith(("The table sent by the host", "This saved game"))
                refused += 1
                continue
            PlayerView.of(copy, g.turn).to_dict()      # read, it is a sound game
    assert refused > 20
    deep: list = []
    for _ in range(40):
        deep = [deep]
    for bad in (None, [], "view", {"seat": 0}, {"a": deep}):
        with pytest.raises(SaveError):
            shadow(bad)


def test_a_view_that_claims_cards_the_deck_lacks_is_refused():
    g = GameState("gin", 2, seed=1)
    view = PlayerView.of(g, 0).to_dict()
    view["hand"][0] = view["hand"][1]                # one card twice, in a one-deck game
    with pytest.raises(SaveError, match="deck"):
        shadow(view)
    view = PlayerView.of(g, 0).to_dict()
    view["stock_count"] += 1
    with pytest.raises(SaveError, match="hidden"):
        shadow(view)
    view = PlayerView.of(g, 0).to_dict()
    view["legal"] = ["draw"] if view["legal"] != ["draw"] else ["pass"]
    with pytest.raises(SaveError, match="legal"):
        shadow(view)


def test_a_friends_table_checks_a_move_then_sends_it():
    """GuestSession: a move is checked on the copy (refused there in words, at once) and
    then waits in the outbox for the host; it is never played on the copy."""
    from rami.errors import RamiError
    from rami.web.session import GuestSession
    g = GameState("gin", ["Ada", "Bea"], seed=3)
    seat = g.turn
    s = GuestSession(shadow(PlayerView.of(g, seat).to_dict()), seat)
    moves = len(s.state.history)
    with pytest.raises(RamiError):
        s.play(s.state.parse_action("discard " + str(s.cards()[0])))   # before the draw
    legal = s.state.legal_actions()[0]
    s.play(legal)
    assert s.outbox == [legal] and len(s.state.history) == moves and not s.can_undo()
    other = GuestSession(shadow(PlayerView.of(g, 1 - seat).to_dict()), 1 - seat)
    with pytest.raises(RamiError, match="turn"):
        other.play(legal)
    assert other.outbox == []
