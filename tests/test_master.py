"""One master: every seat of a match at this device (the person here, each pass-and-play
seat, each computer player, each friend through the room) is a client of one
:class:`rami.master.Master`, the only code that changes the game; each is told every change
and shown only its seat's view."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from rami.bots import make_bot
from rami.errors import RamiError
from rami.master import Master, MovedOn, OutOfTurn
from rami.room import Guest, Room
from rami.state import GameState, Phase
from rami.web.session import Session

ROOT = Path(__file__).resolve().parent.parent


def test_the_master_is_the_only_code_that_plays_a_move_on_a_match():
    """No module of rami's pages or rooms applies a move to a match's state, deals its next
    hand or sets its names: they ask the master (a tutorial board's or the editor's look
    ahead on a copy of a position is its own)."""
    offenders = []
    for path in [*sorted((ROOT / "rami" / "web").rglob("*.py")), ROOT / "rami" / "room.py"]:
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text())):
            target = None
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "apply":
                target = node.func.value
            elif isinstance(node, ast.Assign):
                target = next((t.value for t in node.targets if isinstance(t, ast.Attribute)
                               and t.attr in ("names", "state", "history")), None)
            if isinstance(target, ast.Attribute) and target.attr == "state":
                offenders.append(f"{where}:{node.lineno}")
    assert offenders == []


class Here:
    """A host's table: a person in seat 0, a computer player in seat 1, a friend in seat 2
    (on another device, through the room), all clients of the session's master."""

    def __init__(self, variant="basic", seed=4):
        self.s = Session(GameState(variant, ["Ada", "Bo", "Cy"], seed=seed), 0,
                         {1: "good", 2: "friend"})
        self.room = Room(self.s.master, self.s.friends)
        self.guest = Guest(self.room.token(2))
        self.deliver(self.room.receive(self.guest.hello("Cy"), link=2))
        self.told = []
        self.s.master.watch(lambda m, seat, action: self.told.append((seat, str(action))))

    def deliver(self, out):
        for seat, text in out:
            assert seat == 2
            self.guest.receive(text)

    def friend_plays(self):
        g = self.guest
        action = make_bot("good", "basic", seed=2).choose(g.game.view)
        self.deliver(self.room.receive(g.act(action), 2))
        return action

    def until(self, seat):
        for _ in range(200):
            if self.s.master.to_move() == seat:
                return
            turn = self.s.master.to_move()
            if turn == 1:
                self.s.bot_step()
            elif turn == 2:
                self.friend_plays()
            else:
                self.s.play(self.s.state.legal_actions()[0])
            self.deliver(self.room.tables() if self.room.dirty else [])
        raise AssertionError("the turn never came")


def test_every_seat_of_a_table_here_moves_through_one_master_and_each_change_reaches_all():
    t = Here()
    m = t.s.master
    t.until(0)
    drawn = t.guest.game.history
    t.s.play(t.s.state.legal_actions()[0])                  # the person here
    assert t.told[-1][0] == 0 and t.room.dirty
    t.deliver(t.room.tables())
    assert len(t.guest.game.history) == len(drawn) + 1 == m.position
    t.until(1)
    before = m.position
    t.s.bot_step()                                          # the computer player
    assert t.told[-1][0] == 1 and m.position == before + 1
    t.deliver(t.room.tables())
    t.until(2)
    t.friend_plays()                                        # the friend, through the room
    assert t.told[-1][0] == 2 and t.room.moved and t.guest.game.view.to_dict() == \
        json.loads(json.dumps(m.view(2).to_dict()))
    assert t.s.game.view.to_dict() == m.view(0).to_dict()   # the host's page: its view


def test_each_client_is_refused_alike_out_of_turn_or_on_a_table_that_has_moved_on():
    t = Here()
    m = t.s.master
    t.until(2)
    st = m.state.copy()
    with pytest.raises(OutOfTurn, match="Wait: it is Cy's turn"):
        t.s.play(st.legal_actions()[0])
    assert not t.s.play_bot(st.legal_actions()[0], 1, m.position)     # (not its turn)
    with pytest.raises(MovedOn):
        m.play(2, st.legal_actions()[0], at=m.position - 1)
    assert m.state.history == st.history
    t.friend_plays()
    # the friend's page sends a move chosen on the table before: refused in words
    t.until(2)
    forged = json.loads(t.guest.act(m.state.legal_actions()[0]))
    forged["at"] -= 1
    out = t.room.receive(json.dumps(forged), 2)
    assert not t.room.moved and [json.loads(x)["t"] for _s, x in out] == ["refused", "table"]
    assert "moved on" in json.loads(out[0][1])["reason"]


def test_a_move_taken_back_is_the_masters_and_every_friend_sees_it():
    """The person lays a meld down and takes it back: the master plays both, and the
    friend's table shows the meld, then no meld."""
    for seed in range(40):
        t = Here("basic", seed)
        t.until(0)
        s = t.s
        if s.state.phase == Phase.DRAW:
            s.play(s.state.legal_actions()[0])
        melds = [a for a in s.state.legal_actions() if a.kind == "meld"]
        if melds:
            break
    else:
        pytest.skip("no meld in the first hands")
    t.deliver(t.room.tables() if t.room.dirty else [])
    on_table = len(t.guest.game.table)
    s.play(melds[0])
    assert s.can_undo() and t.s.master.can_take_back(0)
    t.deliver(t.room.tables())
    assert len(t.guest.game.table) == on_table + 1
    s.undo()
    assert t.told[-1] == (0, "None") and t.room.dirty
    t.deliver(t.room.tables())
    assert len(t.guest.game.table) == on_table and not s.can_undo()
    with pytest.raises(RamiError, match="Nothing to undo"):
        t.s.master.take_back(0)


def test_only_the_table_deals_the_next_hand_and_the_match_ends_for_everyone():
    m = Master(GameState("gin", ["Ada", "Bo"], seed=2))
    bots = [make_bot("good", "gin", seed=s) for s in range(2)]
    assert not m.deal()                                     # (a hand is being played)
    while m.state.phase != Phase.HAND_OVER:
        seat = m.to_move()
        m.play(seat, bots[seat].choose(m.view(seat)))
    assert m.to_move() is None
    with pytest.raises(OutOfTurn, match="The hand is over"):
        m.play(m.state.turn, "pass")
    hand = m.state.hand_no
    assert m.deal() and m.state.hand_no == hand + 1 and m.to_move() is not None
