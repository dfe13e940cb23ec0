"""Friends on their own devices (rami/room.py): whole hands played through the messages, each
friend holding only its seat's view; every message from outside checked at the door;
nothing applied twice or lost when a friend reconnects; the host's save keeps the room."""

from __future__ import annotations

import json
import random

import pytest

from rami.bots import make_bot
from rami.errors import SaveError
from rami.master import Master
from rami.room import MAX_FROM_FRIEND, REACTIONS, Guest, Room, RoomError
from rami.state import GameState, Phase
from rami.view import PlayerView


class Table:
    """A host and its friends, the messages carried at once (a perfect network)."""

    def __init__(self, variant: str, n: int, friends: list[int], seed: int = 1,
                 options: dict | None = None):
        self.room = Room(Master(GameState(variant, n, options or {}, seed=seed)), friends)
        self.guests = {s: Guest(self.room.token(s)) for s in friends}
        self.bots = {s: make_bot("good", variant, seed=s) for s in range(n)}
        self.refusals: list[str] = []
        for s, g in self.guests.items():
            self.deliver(self.room.receive(g.hello(f"Friend {s}")))

    def deliver(self, out) -> None:
        for seat, text in out:
            self.guests[seat].receive(text)

    def check_views(self) -> None:
        """Each friend's copy shows exactly its seat's view, and no more."""
        st = self.room.state
        for s, g in self.guests.items():
            assert g.view == json.loads(json.dumps(PlayerView.of(st, s).to_dict()))
            assert g.game.view.to_dict() == g.view
            assert g.game.seed is None and not hasattr(g, "state")

    def step(self) -> None:
        st = self.room.state
        seat = st.turn
        if seat in self.guests:
            g = self.guests[seat]
            action = self.bots[seat].choose(g.game.view)   # its view only
            self.deliver(self.room.receive(g.act(action), seat))
            assert self.room.moved, g.refusal
        else:                                           # (the host's seat, or a bot's)
            self.room.master.play(seat, self.bots[seat].choose(self.room.master.view(seat)))
            assert self.room.dirty
            self.deliver(self.room.tables())


def play_hand(t: Table, most: int = 3000) -> None:
    st = t.room.state
    hand = st.hand_no
    for _ in range(most):
        if st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and st.hand_no == hand:
            t.check_views()
            return
        t.step()
        t.check_views()
    pytest.fail("the hand did not end")


def test_a_whole_gin_hand_between_a_host_and_a_friend():
    t = Table("gin", 2, [1], seed=4)
    play_hand(t)
    assert t.room.state.results


def test_a_four_player_push_deal_with_three_friends():
    t = Table("push", 4, [1, 2, 3], seed=2)
    play_hand(t)
    assert t.room.state.results
    assert [x["name"] for x in t.guests[1].seats] == ["Player 1", "Friend 1", "Friend 2",
                                                        "Friend 3"]


def test_a_move_sent_again_after_a_reconnection_is_played_once():
    t = Table("gin", 2, [1], seed=7)
    st, g = t.room.state, t.guests[1]
    while st.turn != 1:
        t.step()
    message = g.act(t.bots[1].choose(g.game.view))
    answer = t.room.receive(message, 1)               # played; the answer is lost
    moves = len(st.history)
    assert t.room.moved and answer
    t.room.disconnected(1)
    # the friend's page comes back: hello, and at once what it had no answer to
    out = t.room.receive(g.hello("Friend 1"))
    assert g.resend() == [message]
    for text in g.resend():
        out += t.room.receive(text, 1)
    assert len(st.history) == moves and not t.room.moved
    t.deliver(out)
    assert g.resend() == [] and g.view["public"]["moves"] == moves
    t.check_views()


def test_a_friends_reload_rejoins_the_same_seat_and_plays_on():
    t = Table("gin", 2, [1], seed=8)
    for _ in range(5):
        t.step()
    t.room.disconnected(1)
    fresh = Guest(t.room.token(1))               # a new page: the same link, nothing else
    t.guests[1] = fresh
    t.deliver(t.room.receive(fresh.hello("Friend 1")))
    assert fresh.seat == 1 and fresh.view is not None
    # it numbers its messages on from what the host has heard of the seat
    assert t.room.seats[1].heard > 0 and fresh.seq == t.room.seats[1].heard
    play_hand(t)


def test_the_hosts_save_keeps_the_room():
    t = Table("gin", 2, [1], seed=9)
    for _ in range(6):
        t.step()
    saved = json.loads(json.dumps({"game": t.room.state.to_dict(), "room": t.room.to_dict()}))
    again = Room.from_dict(Master(GameState.from_dict(saved["game"])), saved["room"])
    assert again.token(1) == t.room.token(1) and again.seats[1].heard == t.room.seats[1].heard
    t.deliver(t.room.tables() + t.room.tables())  # the host sent more after its save...
    seen = t.guests[1].seen
    t.room = again                                # ... and its page reloaded: the friend's
    t.deliver(again.receive(t.guests[1].hello("Friend 1")))    # page, still open, takes the
    assert t.guests[1].seen < seen and t.guests[1].view is not None     # host's count anew
    play_hand(t)
    for bad in ({"friends": [5], "seats": {}}, {"friends": [1], "seats": {"1": {}}}, [], None):
        with pytest.raises(SaveError):
            Room.from_dict(Master(GameState.from_dict(saved["game"])), bad)


def test_a_forged_or_replayed_message_is_refused_and_changes_nothing():
    t = Table("gin", 2, [1], seed=3)
    st, g = t.room.state, t.guests[1]
    while st.turn != 0:
        t.step()
    before = st.to_json()
    # not its turn
    refused = t.room.receive(g.act("draw"), 1)
    assert json.loads(refused[0][1])["t"] == "refused" and "turn" in json.loads(
        refused[0][1])["reason"]
    t.deliver(refused)
    assert g.refusal and st.to_json() == before
    # a number skipped ahead
    skip = json.dumps({"t": "act", "seq": 99, "at": len(st.history), "action": "draw"})
    assert json.loads(t.room.receive(skip, 1)[0][1])["t"] == "refused"
    # a join link that is no seat's, messages before a hello, junk, too long, too deep
    for bad in (Guest("not-a-token").hello("Eve"), skip):
        with pytest.raises(RoomError):
            t.room.receive(bad)
    with pytest.raises(RoomError):                  # a seat's secret by another seat's link
        t.room.receive(g.hello("Bo"), link=0)
    for junk in ("", "nope", "[]", "{}", '{"t": "act"}', "x" * (MAX_FROM_FRIEND + 1),
                 "[" * 500, b"\xff", None, 7,
                 json.dumps({"t": "act", "seq": "1", "at": 0, "action": "draw"}),
                 json.dumps({"t": "act", "seq": True, "at": 0, "action": "draw"})):
        with pytest.raises(RoomError):
            t.room.receive(junk, 1)
    assert st.to_json() == before
    # a move on an old table, an illegal move: refused in words
    while st.turn != 1:
        t.step()                                  # the host's moves: now the friend's turn
    moves = len(st.history)
    old = json.dumps({"t": "act", "seq": t.room.seats[1].heard + 1, "at": 0, "action": "draw"})
    assert "moved on" in json.loads(t.room.receive(old, 1)[0][1])["reason"]
    g.seq = t.room.seats[1].heard
    bad = g.act("discard Zz")
    words = json.loads(t.room.receive(bad, 1)[0][1])["reason"]
    assert words and "Traceback" not in words
    assert len(st.history) == moves


def test_reactions_go_to_the_others_and_nothing_else_does():
    t = Table("push", 4, [1, 2, 3], seed=5)
    out = t.room.receive(t.guests[1].react(REACTIONS[0]), 1)
    assert sorted(s for s, _ in out) == [2, 3]
    t.deliver(out)
    assert t.guests[2].reactions == [(1, REACTIONS[0])]
    with pytest.raises(RoomError):
        t.guests[1].react("free text")
    forged = json.dumps({"t": "react", "seq": t.room.seats[1].heard + 1, "what": "hi all"})
    assert json.loads(t.room.receive(forged, 1)[0][1])["t"] == "refused"
    assert t.room.reacted is None
    t.guests[1].seq = t.room.seats[1].heard


def test_a_reaction_is_shown_on_every_page_a_few_per_move_at_most():
    t = Table("push", 4, [1, 2, 3], seed=5)
    g = t.guests[1]
    t.deliver(t.room.receive(g.react(REACTIONS[1]), 1))
    assert t.room.reacted == (1, REACTIONS[1])           # for the host's page
    assert t.guests[3].reacted == (1, REACTIONS[1]) and g.reacted is None
    t.deliver(t.room.receive(g.react(REACTIONS[2]), 1))
    t.deliver(t.room.receive(g.react(REACTIONS[3]), 1))
    out = t.room.receive(g.react(REACTIONS[4]), 1)        # a fourth before the next move
    assert [json.loads(x)["t"] for _, x in out] == ["refused"] and t.room.reacted is None
    assert "Enough reactions" in json.loads(out[0][1])["reason"]
    while t.room.state.turn in t.guests:
        t.step()
    t.step()                                              # a move: reactions again
    t.deliver(t.room.receive(g.react(REACTIONS[4]), 1))
    assert t.guests[2].reactions[-1] == (1, REACTIONS[4])
    # the host's own reaction reaches every friend; a reaction from an unknown seat, none
    t.deliver(t.room.react(0, REACTIONS[5]))
    assert [gg.reacted for gg in t.guests.values()] == [(0, REACTIONS[5])] * 3
    strange = json.dumps({"t": "react", "seq": t.guests[2].seen + 1, "from": 9, "what": "👍"})
    t.guests[2].receive(strange)
    assert t.guests[2].reacted is None and t.guests[2].reactions[-1] == (0, REACTIONS[5])


def test_each_page_is_told_who_plays_every_seat():
    t = Table("push", 4, [2, 3], seed=5)
    t.room.kinds, t.room.host_seat = {0: "person", 1: "expert"}, 0
    t.deliver(t.room.tables())
    seats = t.guests[2].seats
    assert [(d["friend"], d["connected"], d["kind"], d["host"]) for d in seats] == [
        (False, True, "person", True), (False, True, "expert", False),
        (True, True, "", False), (True, True, "", False)]
    t.deliver(t.room.disconnected(3))
    assert t.guests[2].seats[3]["connected"] is False
    table = json.loads(t.room.table_for(2))
    table["seats"][1]["host"] = "yes"                     # a table of the wrong shape
    with pytest.raises(RoomError):
        t.guests[2].receive(json.dumps(table))


def test_refusals_speak_the_friends_language():
    t = Table("gin", 2, [1], seed=3)
    g = Guest(t.room.token(1), lang="fr")
    t.guests[1] = g
    t.deliver(t.room.receive(g.hello("Zoé")))
    st = t.room.state
    while st.turn != 0:
        t.step()
    t.deliver(t.room.receive(g.act("draw"), 1))
    assert g.refusal.startswith("Attendez")


def test_random_messages_never_break_the_door():
    """Mutations of real messages: each is taken, refused in words, or raises RoomError;
    the game is changed only by a legal move of the seat to play."""
    rng = random.Random(11)
    t = Table("rum500", 3, [1, 2], seed=6)
    for _ in range(400):
        st = t.room.state
        seat = rng.choice([1, 2])
        g = t.guests[seat]
        text = g.act(rng.choice(["draw", "discard 5h", "take", "meld 5h 5d 5s", "pass"]))
        g.seq -= 1                                   # (the mutation is sent, not this)
        d = json.loads(text)
        key = rng.choice(sorted(d))
        d[key] = rng.choice([None, -1, 10 ** 12, "", "x" * 50, [], {}, True, 1.5, d[key]])
        before = st.to_json()
        try:
            out = t.room.receive(json.dumps(d), seat)
        except RoomError as e:
            assert str(e)
            continue
        if not t.room.moved:
            assert st.to_json() == before
        t.deliver(out)
        if st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        if st.turn not in t.guests:
            t.step()
        g.seq = t.room.seats[seat].heard


def test_a_forged_table_from_the_host_is_dropped_in_words():
    t = Table("indian", 3, [1, 2], seed=4, options={"format": "pool101"})
    for _ in range(12):
        t.step()
    rng = random.Random(3)
    g = t.guests[1]
    drawn = g.view
    for _ in range(200):
        d = json.loads(t.room.table_for(1))
        part = rng.choice(["t", "seq", "heard", "view", "seats", "view.seat", "view.hand",
                           "view.stock_count", "view.public", "view.legal"])
        junk = rng.choice([None, -1, 10 ** 12, "", "x", [], {}, True, ["As"] * 60])
        if part.startswith("view."):
            d["view"][part[5:]] = junk
        else:
            d[part] = junk
        try:
            g.receive(json.dumps(d))
        except RoomError as e:
            assert str(e) and g.view == drawn            # the table drawn stays
    assert g.view == drawn


def test_a_seats_name_comes_from_its_first_hello_cleaned_and_unlike_the_others():
    room = Room(Master(GameState("basic", ["Ada", "Player 2", "Player 3"], seed=1)), [1, 2])
    bo, cy = Guest(room.token(1)), Guest(room.token(2))
    room.receive(bo.hello("\u202eAda\u0007"), link=1)        # the host's name, reversed
    assert room.state.names[1] == "Ada 2"
    room.receive(bo.hello("Eve"), 1)                         # renamed later: not taken
    assert room.state.names[1] == "Ada 2"
    room.receive(cy.hello("  ada  2 "), link=2)
    assert room.state.names[2] == "ada 2 2"
    room.receive(Guest(room.token(2)).hello("\u2066\u200f"), 2)
    assert room.state.names == ("Ada", "Ada 2", "ada 2 2")


def test_hellos_are_answered_to_their_seat_alone_and_limited_per_move():
    t = Table("gin", 2, [1])
    g = t.guests[1]
    sent = []
    for _ in range(19):                     # (a page greets each second until answered)
        out = t.room.receive(g.hello("Friend 1"), 1)
        assert not t.room.moved and {s for s, _text in out} == {1}
        sent.append(out)
    with pytest.raises(RoomError, match="Too many hellos"):
        t.room.receive(g.hello("Friend 1"), 1)
    t.step()                                 # a move of the game: hellos may come again
    while t.room.state.turn != 0:
        t.step()
    t.room.master.play(0, t.room.state.legal_actions()[0])
    t.room.receive(g.hello("Friend 1"), 1)


def test_the_host_is_told_when_another_device_takes_a_seat_and_may_refuse_it():
    t = Table("gin", 2, [1])
    old = t.room.token(1)
    thief = Guest(old)                               # a leaked code, on another device
    t.room.receive(thief.hello("Mallory"), 1)
    assert t.room.taken == 1 and t.room.moved
    assert t.room.state.names[1] == "Friend 1"       # (the seat's name stays)
    t.room.receive(t.guests[1].hello("Friend 1"), 1)  # the friend's page again: told too
    assert t.room.taken == 1
    t.room.receive(t.guests[1].hello("Friend 1"), 1)  # the same page: nothing to tell
    assert t.room.taken is None
    # the host refuses: a new secret, which the old link no longer opens
    t.room.renew(1)
    assert t.room.token(1) != old and not t.room.seats[1].connected
    with pytest.raises(RoomError, match="not one of this room's seats"):
        t.room.receive(thief.hello("Mallory"))
    friend = Guest(t.room.token(1))
    for seat, text in t.room.receive(friend.hello("Friend 1")):
        friend.receive(text)
    assert friend.seat == 1 and friend.game is not None


def test_a_connected_friend_learns_the_seats_new_secret_from_the_welcome():
    t = Table("gin", 2, [1])
    t.room.renew(1)
    t.guests[1].receive(t.room.welcome(1))
    assert t.guests[1].token == t.room.token(1)
    t.deliver(t.room.receive(t.guests[1].hello("Friend 1")))


def test_a_friend_asks_the_review_of_its_own_hand_and_the_host_works_it_out():
    """A friend's page asks for the review of its seat's decisions in a hand that is over
    (only its own seat: the connection names it); the host's page is handed the request
    once, however often it is asked, and sends the friend each step of its progress, kept
    to be sent again; what the friend receives is checked, and a forged review dropped."""
    from rami.bots.base import drain
    from rami.record import match_text, read_match
    from rami.review import review_steps
    t = Table("gin", 2, [1])
    g = t.guests[1]
    t.deliver(t.room.receive(g.review(1), 1))
    assert "over" in g.refusal and t.room.asked == []
    play_hand(t)
    for _ in range(3):                               # asked again before it is worked out
        t.deliver(t.room.receive(g.review(1), 1))
    assert t.room.asked == [(1, 1)]
    assert t.room.receive(g.review(2), 1) and t.room.asked == [(1, 1)]   # (not over: refused)
    # the host's page works it out (rami.web.reviewdesk: here, the review itself)
    t.room.asked.pop(0)
    match = read_match(match_text(t.room.state))
    done = drain(review_steps(match, 1, 1))
    decisions = [d.to_dict() for d in done.decisions]
    t.deliver(t.room.review_progress(1, 1, len(decisions), decisions[:2], []))
    assert g.reviewed == 1 and len(g.reviews[1]["decisions"]) == 2
    assert not g.reviews[1]["done"]
    t.deliver(t.room.review_progress(1, 1, len(decisions), decisions, [12.5, -3], done=True))
    assert g.reviews[1] == {"of": len(decisions), "decisions": decisions,
                            "expert": [12.5, -3], "error": "", "done": True}
    g.reviews.clear()
    t.deliver(t.room.receive(g.review(1), 1))        # asked again: sent again, not redone
    assert t.room.asked == [] and g.reviews[1]["done"]
    # the host's review of the seat only, and a forged one is not taken
    assert all(seat == 1 for seat, _hand in t.room.reviewed)
    forged = json.dumps({"t": "review", "seq": g.seen + 1, "hand": 1, "of": 1,
                         "decisions": decisions, "expert": ["x", 1], "error": "", "done": True})
    with pytest.raises(RoomError):
        g.receive(forged)
    # a rematch forgets the old match's reviews
    t.room.attach(Master(GameState("gin", 2, seed=9)))
    assert t.room.reviewed == {} and t.room.asked == []
