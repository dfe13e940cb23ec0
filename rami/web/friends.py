"""Friends on their own devices, at the page: the host's room and a friend's connection.

The transport is static/friends.js: WebRTC data channels, signalled either by hand (the
offer in the seat's join link, the answer pasted back: no internet needed on one network)
or, once the host chooses codes, through public Nostr relays (Trystero), where the host's
page and a friend's who typed the seat's code meet. The messages are :mod:`rami.room`'s, and
every one from outside goes through its door. Nothing here runs, and nothing is contacted,
until a person chooses to play with friends (and no relay until someone chooses codes).

* :class:`Host`: the page that holds the game. A friend's seat (:class:`FriendSeat`) moves
  when the friend's move has come through the room; after every change of the game each
  connected friend is sent its seat's table.
* :class:`Remote`: a friend's page. It answers the link's offer, says hello with the seat's
  secret, and draws each table the host sends (a :class:`~rami.web.session.GuestSession`).
"""

from __future__ import annotations

import asyncio

import js
from pyodide.ffi import create_proxy, to_js

from ..i18n import N_, _, language
from ..room import (CODE, JOIN, MAX_FROM_FRIEND, MAX_FROM_HOST, Guest, Room, RoomError,
                    new_code, read_code)
from .page import nil
from .seats import Seat
from .worker import record

GREETINGS = 30                 # hellos a friend's page sends, a second apart, until welcomed
SCRIPT = "static/friends.js"


_loading = None


async def load_transport() -> bool:
    """static/friends.js, once (it is only loaded when a person plays with friends; the
    seats' links, made at once, wait for the same load)."""
    global _loading
    if nil(getattr(js.window, "ramiPeer", None)) is not None:
        return True
    if _loading is None or (_loading.done() and not _loading.result()):
        _loading = asyncio.get_event_loop().create_future()
        done = _loading
        tag = js.document.createElement("script")
        tag.src = SCRIPT
        tag.onload = create_proxy(lambda e: done.done() or done.set_result(True))
        tag.onerror = create_proxy(lambda e: done.done() or done.set_result(False))
        js.document.head.appendChild(tag)
    return await asyncio.shield(_loading)


def handlers(open_=None, message=None, close=None, most: int = MAX_FROM_HOST):
    """The JavaScript handlers of one connection, calling back into Python; ``most``: the
    characters one message may hold (static/friends.js closes a connection that sends more,
    counting its pieces as they come)."""
    fns: dict = {"most": most}
    for name, fn in (("open", open_), ("message", message), ("close", close)):
        if fn is not None:
            fns[name] = create_proxy(fn)
    return to_js(fns, dict_converter=js.Object.fromEntries)


def device_name() -> str:
    """This page's own random name, which the host's room keeps for the seat it holds (so
    that the host is told when another device takes it); the same after a reload of this
    tab, another in another tab or browser."""
    try:
        name = str(js.sessionStorage.getItem("rami-device") or "")
        if not name:
            name = new_code()
            js.sessionStorage.setItem("rami-device", name)
        return name
    except Exception:                    # (storage refused: a name for this page's life)
        return new_code()


def join_link(code: str, seat: int, token: str) -> str:
    base = str(js.location.href).split("#")[0].split("?")[0]
    return f"{base}#{JOIN}={code}.{seat}.{token}"


def code_link(code: str) -> str:
    base = str(js.location.href).split("#")[0].split("?")[0]
    return f"{base}#{CODE}={code}"


class FriendSeat(Seat):
    """A friend's seat at the host: its move comes through the room, or, while the friend is
    away and the host has said so, from a computer player standing in."""

    def __init__(self, host: "Host", seat: int):
        self.host = host
        self.seat = seat

    async def move(self, s, spent: list, current) -> bool:
        master = s.master
        before = master.position
        while current() is s and master.position == before and master.to_move() == self.seat:
            if self.seat in s.bots:              # a stand-in, while the friend is away
                return await self.host.app.worker.move(s, spent, current)
            await self.host.changed()           # (the friend's move, played by the master)
        return current() is s and master.position != before


class Invite:
    """One friend's seat at the host: its link (an offer), and its connection once the
    friend's answer is pasted."""

    def __init__(self, seat: int):
        self.seat = seat
        self.link = None               # the JS connection of the join link (static/friends.js)
        self.meet = None               # ... of the seat's code, once the host chose codes
        self.via = None                # the one the friend is connected by
        self.url = ""
        self.qr = ""                   # the link as a QR code (SVG), to scan from this screen
        self.state = "making"          # "making", "waiting" (for the answer), "connected",
        self.problem = ""              # "closed"


class Host:
    """The host's side of a room, over the app's session."""

    def __init__(self, app, session):
        self.app = app
        self.session = session
        if session.room is not None:
            self.room = Room.from_dict(session.master, session.room)
        else:
            self.room = Room(session.master, session.friends)
        session.room = self.room.to_dict()
        self.invites = {s: Invite(s) for s in session.friends}
        session.away = set(session.friends)
        self.describe()
        self._waiters: list = []
        self.taken: int | None = None   # a seat another device took, until the host answers
        self.away_since = {s: js.Date.now() for s in session.friends}   # (the clock)
        self._ticking = None
        self.reviewing = False          # working out the reviews friends asked for

    def rebind(self, session) -> None:
        """A rematch at this table: the same room (friends, connections), a new game, and
        new seats' secrets (a link or code of the last match opens no seat of this one): a
        connected friend's page is told its seat's new one; an absent friend's seat gets a
        new link (and code). A friend connected by code keeps it while connected (the pages
        meet in the code's room)."""
        self.session = session
        self.room.attach(session.master)
        for s in session.friends:
            if self.room.seats[s].name:          # (the friend's own name, as before)
                session.master.rename(s, self.room.seats[s].name)
        for s in session.friends:
            inv, friend = self.invites[s], self.room.seats[s]
            here = self.connected(s)
            if here and inv.via is inv.meet and inv.meet is not None:
                continue                          # (by code, connected: as said above)
            device = friend.device
            self.room.renew(s)
            if here:
                friend.connected, friend.device = True, device
                self._send([(s, self.room.welcome(s))])
            else:
                if inv.meet is not None:
                    inv.meet.close()
                    inv.meet = None
                asyncio.ensure_future(self.invite(s))
        if self.room.by_code:
            asyncio.ensure_future(self.use_codes())
        session.room = self.room.to_dict()
        session.away = {s for s in session.friends if not self.connected(s)}
        self.describe()
        self.room.dirty = True                # (each friend's table: their new seats)
        self._wake()

    def seats(self) -> dict:
        return {s: FriendSeat(self, s) for s in self.session.friends}

    def describe(self) -> None:
        """Tell the room who plays the other seats here, for the friends' pages: a person,
        a computer player (its level), one standing in for an absent friend."""
        s = self.session
        self.room.kinds = {seat: "person" if seat in s.humans else
                           "stand-in" if seat in s.friends else s.levels.get(seat, "")
                           for seat in range(s.state.n)
                           if seat not in s.friends or seat in s.levels}
        self.room.host_seat = s.human

    def react(self, what: str) -> None:
        """The host's own quick reaction, for every friend."""
        self._send(self.room.react(self.session.human, what))
        self.app.show_reaction(self.session.human, what)

    async def changed(self) -> None:
        """Wait until a friend's message has changed something."""
        waiter = asyncio.get_event_loop().create_future()
        self._waiters.append(waiter)
        await waiter

    def _wake(self) -> None:
        waiters, self._waiters = self._waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(True)

    async def invite(self, seat: int) -> None:
        """A new link for ``seat`` (its offer): at the start, and when its friend has gone."""
        inv = self.invites[seat]
        if inv.via is None:              # (a friend connected by code stays so meanwhile)
            inv.state = "making"
        inv.problem = ""
        if not await load_transport():
            inv.problem = _("The friends' connection could not be loaded.")
            return self.app.render()
        cell: list = []
        inv.link = await js.window.ramiPeer.offer(handlers(
            open_=lambda *a: self._opened(seat, cell[0]),
            message=lambda text: self._heard(seat, text),
            close=lambda *a: self._closed(seat, cell[0] if cell else None),
            most=MAX_FROM_FRIEND))
        cell.append(inv.link)
        inv.url = join_link(str(inv.link.code), seat, self.room.token(seat))
        if inv.via is None:
            inv.state = "waiting"
        self.app.render()
        inv.qr = str(await js.window.ramiPeer.qr(inv.url, _("Join link of {name}",
                                                              name=self.room.name(seat))))
        self.app.render()

    async def answer(self, seat: int, code: str) -> None:
        """The friend's answer code, pasted by the host."""
        inv = self.invites[seat]
        try:
            await inv.link.accept(code.strip())
            inv.problem = ""
        except Exception:                    # (static/friends.js: "unreadable")
            inv.problem = _("That is not an answer code of this link: paste the code the "
                            "friend's page shows.")
        self.app.render()

    async def use_codes(self) -> None:
        """The host's choice: each friend may also join by typing the seat's code, the pages
        meeting through public relays (and again after a reload, until the match ends)."""
        self.room.by_code = True
        self.session.room = self.room.to_dict()
        self.app.save()
        if not await load_transport():
            for inv in self.invites.values():
                inv.problem = _("The friends' connection could not be loaded.")
            return self.app.render()
        for seat, inv in self.invites.items():
            if inv.meet is not None or self.app.host is not self:
                continue
            early: list = []            # (the friend's page may be met before meet() returns)
            try:
                inv.meet = await js.window.ramiPeer.meet(self.room.token(seat), handlers(
                    open_=lambda *a, seat=seat, early=early: self._met(seat, "open", early),
                    message=lambda text, seat=seat: self._heard(seat, text),
                    close=lambda *a, seat=seat, early=early: self._met(seat, "close", early),
                    most=MAX_FROM_FRIEND))
            except Exception:                # (the relays' library could not be loaded)
                inv.problem = _("The codes need the internet, which this device cannot "
                                "reach now: the link still works on one network.")
                continue
            if early:
                self._met(seat, early[-1], None)
        self.app.render()

    def _met(self, seat: int, event: str, early: list | None) -> None:
        """A seat's code: the friend's page met (``open``) or gone (``close``)."""
        inv = self.invites[seat]
        if inv.meet is None:
            if early is not None:
                early.append(event)
            return
        if event == "open":
            self._opened(seat, inv.meet)
        else:
            self._closed(seat, inv.meet)

    async def scan(self, seat: int) -> None:
        """The friend's answer code read by this device's camera (from the QR code their
        page shows), then connected as if pasted."""
        inv = self.invites[seat]
        if inv.link is None or not await load_transport():
            return
        words = to_js({"title": _("Hold the friend's screen, with its QR code, in front of "
                                  "the camera"),
                       "cancel": _("Stop"),
                       "nocamera": _("No camera could be opened here: paste the code "
                                     "instead.")}, dict_converter=js.Object.fromEntries)
        text = await js.window.ramiPeer.scanAnswer(words)
        if text and self.invites[seat] is inv and inv.state == "waiting":
            await self.answer(seat, str(text))

    def _opened(self, seat: int, link) -> None:
        inv = self.invites[seat]
        if link is None or link not in (inv.link, inv.meet):
            return
        inv.via = link
        inv.state = "connected"
        self.session.away.discard(seat)
        self.away_since.pop(seat, None)
        if seat in self.session.bots:         # the friend is back: the stand-in goes
            self.session.stand_in(seat, False)
            self.describe()
            self._wake()
        self.app.render()

    def stand_in(self, seat: int) -> None:
        """The host's word: a computer player moves for the absent friend until they are
        back."""
        if seat in self.session.away:
            self.session.stand_in(seat, True)
            self.describe()
            self.room.dirty = True          # (the friends see who plays that seat now)
            self._wake()
            self.app.render()
            self.app.move_others()

    def waiting_for(self) -> int | None:
        """The absent friend whose turn it is, if any."""
        s = self.session
        turn = s.state.turn
        return turn if turn in s.away and turn not in s.bots and s.bot_to_move() else None

    def clock(self) -> str:
        """How long the absent friend at the turn has been away (m:ss), ticking on."""
        seat = self.waiting_for()
        if seat is None:
            self._stop_clock()
            return ""
        if self._ticking is None:
            tick = create_proxy(lambda *a: self.app.render())
            self._ticking = (js.setInterval(tick, 1000), tick)
        gone = max(0, int((js.Date.now() - self.away_since.get(seat, js.Date.now())) / 1000))
        return f"{gone // 60}:{gone % 60:02d}"

    def _heard(self, seat: int, text) -> None:
        try:
            bound = seat if self.room.seats[seat].connected else None
            out = self.room.receive(str(text), bound, link=seat)
        except RoomError as e:
            js.console.warn(f"rami: a message from seat {seat} was refused: {e}")
            return
        self._send(out)
        if self.room.taken is not None:       # another device holds the seat now: say so
            self.taken = self.room.taken
            self.session.room = self.room.to_dict()
            self.app.render()
        if self.room.reacted is not None:
            self.app.show_reaction(*self.room.reacted)
        if self.room.asked and not self.reviewing:
            asyncio.ensure_future(self._review_for_friends())
        if self.room.moved:                   # (every friend has just been sent it)
            self.app.after_friend()
            self._wake()

    async def _review_for_friends(self) -> None:
        """Work out the reviews friends asked for (the host holds the match; a friend's page
        never gets its seed), one at a time in the bots' worker a decision at a time, each
        friend sent its review's progress as it comes."""
        self.reviewing = True
        try:
            desk = await self.app.review_desk()
            while self.room.asked and self.app.host is self:
                seat, hand = self.room.asked.pop(0)
                master = self.room.master       # (a rematch meanwhile: this one is forgotten)

                def report(of, decisions, expert, error, done, seat=seat, hand=hand,
                           master=master):
                    if self.room.master is master:
                        self._send(self.room.review_progress(seat, hand, of, decisions,
                                                             expert, error, done))
                if desk is None:
                    report(0, [], [], _("The host's page could not fetch the review."), True)
                else:
                    await desk.for_friend(self.session, hand, seat, report)
        finally:
            self.reviewing = False

    async def refuse(self, seat: int) -> None:
        """The host refused the device that took ``seat``: a new secret for the seat (the
        link or code it came by opens it no more), its connection closed, and a new link
        (and code) to give the friend."""
        inv = self.invites[seat]
        self.room.renew(seat)
        self.session.room = self.room.to_dict()
        self.app.save()
        inv.state = "closed"                  # (closing below makes no link of its own)
        for link in {id(x): x for x in (inv.via, inv.link, inv.meet) if x is not None}.values():
            try:
                link.close()
            except Exception:                 # (already closed)
                pass
        inv.via = inv.meet = None
        self.session.away.add(seat)
        self.away_since[seat] = js.Date.now()
        self._send(self.room.disconnected(seat))
        await self.invite(seat)
        if self.room.by_code:
            await self.use_codes()
        self.app.render()

    def _closed(self, seat: int, link) -> None:
        inv = self.invites[seat]
        if self.app.host is not self or inv.state == "closed":
            return
        if link is not inv.via:
            # a link that failed before it ever connected (say, no route between the two
            # devices): a new one for the seat; any other is one the friend no longer uses
            if link is not None and link is inv.link and inv.via is None:
                asyncio.ensure_future(self.invite(seat))
            return
        inv.state = "closed"
        inv.via = None
        self.session.away.add(seat)
        self.away_since[seat] = js.Date.now()
        self._send(self.room.disconnected(seat))
        self.app.render()
        if link is inv.link:            # a new link, to come back by (a code stays as it is)
            asyncio.ensure_future(self.invite(seat))

    def _send(self, out) -> None:
        for seat, text in out:
            link = self.invites[seat].via
            if link is not None and self.invites[seat].state == "connected":
                link.send(text)

    def sync(self) -> None:
        """After any change of the game here (the host's move, a bot's, a new hand, a move
        taken back: the master tells the room): every connected friend gets its table, once
        per change."""
        self.describe()
        if self.room.dirty:
            self._send(self.room.tables())
        self.session.room = self.room.to_dict()

    def connected(self, seat: int) -> bool:
        return self.invites[seat].state == "connected"

    def close(self) -> None:
        """The host leaves this table for another: every friend's connection closes."""
        for inv in self.invites.values():
            inv.state = "closed"             # (so that no new link is made for it)
            for link in (inv.link, inv.meet):
                if link is not None:
                    link.close()
        self._stop_clock()

    def _stop_clock(self) -> None:
        if self._ticking is not None:
            js.clearInterval(self._ticking[0])
            self._ticking[1].destroy()
            self._ticking = None


class Remote:
    """A friend's page: its connection to the host, and the table it was last sent. Opened
    from a seat's join link (``offer``: the host's offer, answered by a code to send back) or
    from its code (no offer: the pages meet through the relays, and meet again by themselves
    after either reloads)."""

    def __init__(self, app, offer: str, token: str):
        self.app = app
        self.offer = offer
        self.by_code = not offer
        self.guest = Guest(token, language(), device_name())
        self.link = None
        self.code = ""                 # the answer code, for the host (by link)
        self.state = "name"            # "name", "making", "answer" (by link), "meeting" (by
        self.problem = ""              # code: looking for the host's page), "connected",
        self.name = ""                 # "closed"
        self.welcomed = False          # the host has answered this connection's hello
        self.asked_at = None           # when the last move was sent (for the benchmark)
        self.qr = ""                   # the answer code as a QR code (SVG)

    async def join(self, name: str, typed: str | None = None) -> None:
        """Take the seat, as ``name``; by code, ``typed`` is the code as the person typed it."""
        self.name = name
        if self.by_code:
            code = read_code(typed if typed is not None else self.guest.token)
            if code is None:
                self.problem = _("That is not a seat's code: a code has 12 letters and "
                                 "digits, like {example}.", example="7KQ3 M2XF 9D4A")
                return self.app.render()
            self.guest = Guest(code, language(), device_name())
            # (a reload of this page joins the same seat again)
            js.history.replaceState(None, "", code_link(code))
        self.state, self.problem = "making", ""
        self.app.render()
        if not await load_transport():
            self.state, self.problem = "name", _("The friends' connection could not be loaded.")
            return self.app.render()
        calls = handlers(open_=lambda *a: self._opened(), message=lambda text: self._heard(text),
                         close=lambda *a: self._closed())
        try:
            if self.by_code:
                self.link = await js.window.ramiPeer.meet(self.guest.token, calls)
            else:
                self.link = await js.window.ramiPeer.answer(self.offer, calls)
        except Exception:
            self.state = "name"
            self.problem = (_("The codes need the internet, which this device cannot reach "
                              "now.") if self.by_code else
                            _("This join link cannot be read: ask the host for a new one."))
            return self.app.render()
        if self.by_code:
            if self.state == "making":        # (unless the host's page was met at once)
                self.state = "meeting"
            return self.app.render()
        self.code = str(self.link.code)
        self.state = "answer"
        self.app.render()
        self.qr = str(await js.window.ramiPeer.qr(self.code, _("Your answer code")))
        self.app.render()

    def _opened(self) -> None:
        self.state = "connected"
        self.welcomed = False
        if self.app.message == _(self.AWAY):
            self.app.message = ""
        self.app.render()
        asyncio.ensure_future(self._greet())

    async def _greet(self) -> None:
        """Hello (and what the host has not answered), again each second until the host's
        welcome comes: a message sent the moment a channel opens was seen lost on a busy
        device, and the host takes each one once."""
        for attempt in range(GREETINGS):
            if self.state != "connected" or self.welcomed:
                return
            self.link.send(self.guest.hello(self.name))
            for text in self.guest.resend():
                self.link.send(text)
            await asyncio.sleep(1)

    def _heard(self, text) -> None:
        try:
            changed = self.guest.receive(str(text))
        except RoomError as e:
            self.app.say(str(e))
            return
        self.welcomed = self.guest.seat is not None
        if self.guest.reacted is not None:
            self.app.show_reaction(*self.guest.reacted)
        if self.guest.reviewed is not None:      # (the host's review of this seat's hand)
            if self.app.reviews is not None:
                self.app.reviews.from_host(self.guest.reviewed,
                                           self.guest.reviews[self.guest.reviewed])
            return
        if changed:
            if self.asked_at is not None:        # a move's round trip: sent, table back
                record("ramiFriendTrips", self.asked_at, js.performance.now())
                self.asked_at = None
            self.app.friend_table(self.guest.game, self.guest.seat, self.guest.seats)
        elif self.guest.refusal:
            self.app.say(self.guest.refusal)
        else:
            self.app.render()

    # what the table says while a code's connection waits for the host's page to come back
    AWAY = N_("The host's page is out of reach: this page joins it again by itself when it is "
              "back.")

    def _closed(self) -> None:
        if self.app.remote is not self:      # (this page has opened another link since)
            return
        if self.by_code:                     # (still in the code's room: met again later)
            self.state = "meeting"
            if self.app.screen == "table":
                return self.app.say(_(self.AWAY))
            return self.app.render()
        self.state = "closed"
        if self.app.screen == "table":
            return self.app.say(_("The connection to the host has closed. Ask the host for "
                                  "the new link of your seat: your seat is kept."))
        self.app.render()

    def close(self) -> None:
        """This page leaves the table (another link was opened in it)."""
        self.state = "closed"
        if self.link is not None:
            self.link.close()

    def send(self, action) -> None:
        """Play ``action``: sent to the host (again on reconnection, until it is heard)."""
        text = self.guest.act(action)
        self.asked_at = js.performance.now()
        if self.link is not None and self.state == "connected":
            self.link.send(text)

    def ask_review(self, hand: int) -> None:
        """Ask the host for the review of this seat's decisions in hand ``hand`` (sent again
        on reconnection, until heard)."""
        text = self.guest.review(hand)
        if self.link is not None and self.state == "connected":
            self.link.send(text)

    def react(self, what: str) -> None:
        """A quick reaction, for the host and the other friends."""
        if self.link is not None and self.state == "connected":
            self.link.send(self.guest.react(what))
            self.app.show_reaction(self.guest.seat, what)
