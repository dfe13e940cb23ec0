"""A friend's table (rami/remote.py, rami/known.py): made from their seat's view only, it
draws the very table the host would draw for that seat, holds no card the seat cannot see,
and what comes from another device is checked at the door."""

from __future__ import annotations

import json
import random
import re

import pytest

from rami.bots import make_bot
from rami.errors import SaveError
from rami.known import HiddenCard, KnownGame
from rami.remote import read_view
from rami.state import GameState, Phase
from rami.view import PlayerView
from rami.web import render
from rami.web.lobby import FRIEND
from rami.web.session import GuestSession, Session
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


def host(g: GameState, seat: int) -> Session:
    """The table at the host's page for ``seat``, every other seat a friend's."""
    return Session(g.copy(), seat, {s: FRIEND for s in range(g.n) if s != seat})


HOSTS_OWN = re.compile('<button type="button" class="btn ghost small" data-act="friends">'
                       '[^<]*</button>|<button type="button" class="btn" data-act="share" '
                       'id="share">[^<]*</button>')


def as_friend_sees(drawing: tuple) -> tuple:
    """The host's drawing without what only the host has (the friends' panel, sharing a
    hand: the host holds the whole game). A friend reviews its hands too (the host works
    the review out)."""
    return (HOSTS_OWN.sub("", drawing[0]),) + drawing[1:]


def wire(view: PlayerView) -> dict:
    """The view as it crosses the wire."""
    return json.loads(json.dumps(view.to_dict()))


@pytest.mark.parametrize("variant,n", TABLES)
def test_a_friends_page_draws_the_table_the_host_would_draw(variant, n):
    seen = 0
    for seed in (1,) if QUICK else (1, 2):     # (inside Pyodide beside the browser tests)
        for g in positions(variant, n, seed):
            for seat in range(n):
                view = PlayerView.of(g, seat)
                known = read_view(wire(view))
                assert known.view.to_dict() == view.to_dict() and known == KnownGame.of(view)
                assert drawn(GuestSession(known, seat)) == as_friend_sees(drawn(host(g, seat))), \
                    f"{variant} seat {seat} at {g!r}"
                seen += 1
    assert seen >= (3 if QUICK else 6) * n


@pytest.mark.parametrize("variant,n", TABLES)
def test_a_friends_page_holds_only_what_the_seat_sees(variant, n):
    """Deal the hidden cards otherwise and the friend's page holds the same, card for card;
    the cards it cannot see are only counted, and reading one fails."""
    rng = random.Random(5)
    for g in positions(variant, n, 3, every=13):
        seat = rng.randrange(n)
        other = shuffle_hidden(g, seat, rng)
        a = read_view(wire(PlayerView.of(g, seat)))
        b = read_view(wire(PlayerView.of(other, seat)))
        assert a == b and a.seed is None
        assert len(a.stock) == len(g.stock) and len(a.history) == len(g.history)
        for part in [a.stock, a.history] + [a.hands[s] for s in range(n)
                                            if s != seat and s not in a.view.revealed]:
            if len(part):
                with pytest.raises(HiddenCard):
                    list(part)
        if len(a.discard) > len(a.view.discard):
            with pytest.raises(HiddenCard):
                a.discard[0]
        with pytest.raises(AttributeError):
            GuestSession(a, seat).state         # (a friend's page holds no game)


def test_the_knockers_face_down_card_stays_hidden():
    for g in positions("gin", 2, 4, every=1, steps=2000):
        if "knock_card" in g.extra and g.phase != Phase.HAND_OVER:
            for seat in range(2):
                view = wire(PlayerView.of(g, seat))
                assert "knock_card" not in view["public"]["extra"]
                known = read_view(view)
                assert "knock_card" not in known.extra and not known.variant.hidden_cards(known)
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
        view = wire(PlayerView.of(g, seat))
        assert view["public"]["extra"]["offer"] == [offerer, tile if seat == offerer else None]
        known = read_view(view)
        assert known.view.to_dict() == view
        assert drawn(GuestSession(known, seat)) == as_friend_sees(drawn(host(g, seat)))


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
    """What the host sends is refused in words, or it is a table the page can draw."""
    rng = random.Random(9)
    refused = 0
    for g in positions(variant, n, 6, every=17):
        view = PlayerView.of(g, g.turn).to_dict()
        for _ in range(25):
            v = forged(view, rng)
            try:
                known = read_view(v)
            except SaveError as e:
                assert str(e).startswith("The table sent by the host")
                refused += 1
                continue
            drawn(GuestSession(known, g.turn))
    assert refused > 20
    deep: list = []
    for _ in range(40):
        deep = [deep]
    for bad in (None, [], "view", {"seat": 0}, {"a": deep}):
        with pytest.raises(SaveError):
            read_view(bad)


def test_a_view_that_claims_cards_the_deck_lacks_is_refused():
    g = GameState("gin", 2, seed=1)
    view = PlayerView.of(g, 0).to_dict()
    view["hand"][0] = view["hand"][1]                # one card twice, in a one-deck game
    with pytest.raises(SaveError, match="deck"):
        read_view(view)
    view = PlayerView.of(g, 0).to_dict()
    view["stock_count"] += 1
    with pytest.raises(SaveError, match="deck"):
        read_view(view)
    view = PlayerView.of(g, 0).to_dict()
    view["legal"] = ["draw"] if view["legal"] != ["draw"] else ["pass"]
    with pytest.raises(SaveError, match="legal"):
        read_view(view)
    view = PlayerView.of(g, 0).to_dict()
    view["info"]["knock_limit"] = 3                 # (not what the game's facts say)
    with pytest.raises(SaveError, match="hold together"):
        read_view(view)


def test_a_friends_table_checks_a_move_then_sends_it():
    """GuestSession: a move is checked on the seat's knowledge (refused there in words, at
    once) and then waits in the outbox for the host; nothing is played on the page."""
    from rami.errors import RamiError
    g = GameState("gin", ["Ada", "Bea"], seed=3)
    seat = g.turn
    s = GuestSession(read_view(PlayerView.of(g, seat).to_dict()), seat)
    moves = len(s.game.history)
    with pytest.raises(RamiError, match="draw|take|upcard|pass"):
        s.play(s.game.parse_action("discard " + str(s.cards()[0])))   # before the draw
    legal = s.game.legal_actions()[0]
    s.play(legal)
    assert s.outbox == [legal] and len(s.game.history) == moves and not s.can_undo()
    with pytest.raises(RamiError):
        s.game.apply(legal)
    other = GuestSession(read_view(PlayerView.of(g, 1 - seat).to_dict()), 1 - seat)
    with pytest.raises(RamiError, match="turn"):
        other.play(legal)
    assert other.outbox == []


@pytest.mark.parametrize("variant,n", TABLES)
def test_everything_a_friends_page_does_works_without_the_game(variant, n):
    """What the page asks of a friend's table as a person plays (select, sort, rearrange,
    undo, every button, the log, a move sent) runs on the seat's view alone (the friend's
    page holds no game: an attempt to read it fails)."""
    sent = 0
    for g in positions(variant, n, 4, every=11):
        for seat in range(n):
            s = GuestSession(read_view(wire(PlayerView.of(g, seat))), seat)
            for how in ("rank", "melds", "suit"):
                s.sort(how)
            if s.order:
                s.checkpoint()
                s.toggle(0)
                s.move_card(0, len(s.order) - 1)
            assert not s.can_undo() and not s.needs_handover()
            s.choices(), s.layoff_targets(), s.log_lines(), s.hint_key(), s.not_now("draw")
            assert not s.human_to_move() or (s.game.legal_actions() and g.turn == seat)
            s.next_hand()
            if s.human_to_move():
                s.play(s.game.legal_actions()[-1])
                assert s.outbox and len(s.game.history) == len(g.history)
                sent += 1
    assert sent


@pytest.mark.parametrize("variant,n", TABLES)
def test_a_host_in_one_language_and_a_friend_in_another(variant, n):
    """A view holds no words in the host's language that the friend's page must agree
    with: a Romanian host's table is read by a Hindi page, and drawn there as a Hindi host
    would draw it."""
    from rami.i18n import speaking
    for g in positions(variant, n, 2, every=23):
        for seat in range(n):
            with speaking("ro"):
                sent = wire(PlayerView.of(g, seat))
            with speaking("hi"):
                known = read_view(sent)
                assert drawn(GuestSession(known, seat)) == as_friend_sees(drawn(host(g, seat)))
