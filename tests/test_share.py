"""*Share this hand* (rami/web/share.py): in every game, the board it writes replays the very
hand to its scoring, from the sharing player's seat; its link carries the same hand; the
match file replays the whole match."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, quote, unquote_plus, urlsplit

import pytest
from hypothesis import example, given, settings as hsettings, strategies as hst

from rami.bots import make_bot
from rami.record import read_match
from rami.state import GameState
from rami.view import PlayerView
from rami.web import address
from rami.web.board import Board
from rami.web.share import hand_of, share

BASE = "https://example.org/rami/"


def to_hands_end(g: GameState, hands: int) -> GameState:
    bots = [make_bot("good", g.variant.name, seed=i) for i in range(g.n)]
    while len(g.results) < hands and not g.is_over:
        if g.results and len(g.results) == len([a for a in g.history if str(a) == "deal"]) \
                + 1 and "deal" in [str(a) for a in g.legal_actions()]:
            g.apply("deal")
            continue
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return g


@pytest.mark.parametrize("variant, n, hands", [
    ("gin", 2, 2), ("basic", 3, 1), ("indian", 3, 1), ("rum500", 3, 1), ("push", 4, 2),
    ("tiles", 2, 2)])
def test_the_shared_board_replays_the_hand_to_its_score(variant, n, hands):
    g = to_hands_end(GameState(variant, [f"P{i}" for i in range(n)], seed=f"share-{variant}"),
                     hands)
    seat = n - 1
    shared = share(g, seat, BASE)
    attrs = dict(re.findall(r'(\w[\w-]*)="([^"]*)"', shared["html"].split("<rami-board", 1)[1]))
    attrs = {k: unescape(v) for k, v in attrs.items()}
    assert shared["html"].startswith(f'<script src="{BASE}static/embed.js"></script>')
    b = Board(attrs)
    assert b.problem is None and b.mode == "replay" and b.seat == seat and not b.reveal
    b.act("step:last")
    st = b.session.state
    assert st.results and st.results[-1]["headline"] == g.results[-1]["headline"]
    assert st.results[-1]["points"] == g.results[-1]["points"]
    # the link carries the same hand, in the fragment
    link = urlsplit(shared["link"])
    assert shared["link"].startswith(BASE + "learn/hand.html#") and not link.query
    got = {k: v[0] for k, v in parse_qs(link.fragment).items()}
    assert (got["deal"], got["moves"], got["seat"]) == (attrs["deal"], attrs["moves"],
                                                        str(seat))
    assert read_match(shared["file"]) == g
    assert shared["file_name"].endswith(".rami.txt") and " " not in shared["file_name"]


def test_the_hand_shared_is_the_last_one_and_a_hand_s_moves_stop_at_its_score():
    g = to_hands_end(GameState("gin", ["Ada", "Bo"], seed="last"), 2)
    first_deal, first = hand_of(g, 0)
    second_deal, second = hand_of(g, 1)
    assert hand_of(g) == (second_deal, second) and first_deal != second_deal
    assert "deal" not in first + second
    history = [str(a) for a in g.history]
    assert len(first) + 1 + len(second) == len(history)
    with pytest.raises(ValueError):
        hand_of(g, 2)


def test_a_match_begun_from_a_deal_string_is_shared_and_saved_from_it():
    deal = ("tiles | 0: r1 r2 r3 y7 | 1: b1 y4 y9 k12 r3 y1 r4 | 2: k3 k4 y13 b6 r9 b12 "
            "| table: 2=r5 r6 joly=r7 r8; 1=y10 b10 k10; 0=k1 k2 k3 k4 | melded: 0 1 2 "
            "| crosswise: k13 | exposed: y12 | dealer: 1 | phase: play | turn: 0 "
            "| discard: k2 y7 r1 k8 b13 y6 r11")
    from rami.scenario import from_deal
    g = from_deal(deal, seed=4)
    g.names = ("Ana", "Bo", "Cy")
    g.apply("meld r1 r2 r3")
    g.apply("discard y7")
    shared = share(g, 0, BASE)           # (it began from the deal, which the game keeps)
    assert "Ana goes out" in g.results[-1]["headline"]
    attrs = dict(re.findall(r'(\w[\w-]*)="([^"]*)"', shared["html"].split("<rami-board", 1)[1]))
    b = Board({k: unescape(v) for k, v in attrs.items()})
    b.act("step:last")
    assert b.session.state.results[-1]["headline"] == g.results[-1]["headline"]
    again = read_match(shared["file"])
    assert again == g and again.names == g.names


# -- addresses, read and written as urllib does (the page ships without urllib.parse) -------

LINKISH = hst.text(alphabet=hst.sampled_from("aZ09 _.-~+%#?&=/:éह♥\x00\t\n") | hst.characters(),
                   max_size=40)


def test_address_doctests():
    import doctest
    assert doctest.testmod(address).failed == 0


@hsettings(max_examples=300, deadline=None)
@given(LINKISH)
@example("deal=\ud800gin%20\udfff&x")
def test_an_address_is_quoted_and_read_as_urllib_does(text):
    # (a lone surrogate, which urllib refuses with UnicodeEncodeError, is read as U+FFFD)
    sound = re.sub("[\ud800-\udfff]", "\ufffd", text)
    assert address.quote_all(text) == quote(sound, safe="")
    assert address.unquote_plus(text) == unquote_plus(sound)
    text = sound
    # a field's first value, as the board editor reads a pasted link
    for part, blank in ((text, True), (text, False)):
        expected = {k: v[0] for k, v in parse_qs(part, keep_blank_values=blank).items()}
        assert address.fields(part, blank) == expected
    link = "https://example.org/learn/hand.html?" + text
    url = urlsplit(link)
    expected = {k: v[0] for k, v in parse_qs(url.fragment, keep_blank_values=True).items()}
    if "deal" not in expected:
        expected = {k: v[0] for k, v in parse_qs(url.query).items()}
    assert address.link_fields(link) == expected
