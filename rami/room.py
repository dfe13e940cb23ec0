"""A room of friends, each on their own device: the messages between the host's page, which
holds the game, and each friend's page, which holds only its seat's view (:mod:`rami.remote`). No server of ours: the transport (WebRTC data channels, in the web
layer) only carries the text this module writes and reads.

The host's :class:`Room` is the door, and a friend's way to the game's one master
(:class:`rami.master.Master`), as the host's own page and its computer players have theirs:
a friend's move is played by the master, which checks it as it checks everyone's, and after
every change of the game, whoever made it, each connected friend is sent its table. Every message from a friend is checked there before
anything else sees it: its size, its shape, the seat's token (a secret that came with the
seat's join link), its sequence number (each of a friend's messages carries the next number:
one already heard is answered with the table as it is and applied no second time; one that
skips ahead is refused), whose turn it is, the table the move was chosen on (a move chosen
on an old table is not played), and the move's legality. A refusal is answered in words, in
the friend's language, and changes nothing. A friend is only ever sent its own seat's view.

A friend's :class:`Guest` checks what the host sends the same way (a message that is not
the host's shape, or an older table than the one drawn, is dropped), and numbers its own
messages so that one sent again after a reconnection is not applied twice.

>>> from rami.master import Master
>>> from rami.state import GameState
>>> room = Room(Master(GameState("gin", ["Ada", "Bo"], seed=3)), friends=[1])
>>> guest = Guest(room.token(1))
>>> for seat, text in room.receive(guest.hello("Bo")):
...     changed = guest.receive(text)
>>> guest.seat, changed, guest.game.hands[1] == room.state.hands[1]
(1, True, True)
"""

from __future__ import annotations

import hmac
import json
import secrets

from .checks import check, check_fields, need, read_json
from .errors import RamiError, SaveError
from .i18n import LANGUAGES, _, speaking
from .known import KnownGame
from .master import Master, MovedOn
from .remote import read_view
from .state import GameState

PROTOCOL = 2
MAX_FROM_FRIEND = 2_000          # characters: an action's text and a few numbers
MAX_FROM_HOST = 1_000_000        # a view with its log and a match's results
REACTIONS = ("👍", "😄", "😮", "😅", "🤔", "🎉")    # quick reactions: no free text
REACTIONS_PER_MOVE = 3           # a seat's reactions between two moves of the game, at most
NAME_CHARS = 16
HELLOS_PER_MOVE = 20             # a seat's hellos between two moves (a page greets each second
                                 # until it is answered), at most
DEVICE_CHARS = 64
# a seat's secret, which its join link carries and which a friend may also type (joining by
# code): letters and digits no one misreads, 12 of them (59 bits)
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 12

# what a friend may send: each kind, its fields (all required)
FROM_FRIEND = {
    "hello": {"t": "str", "v": "int", "token": "str", "name": "str", "lang": "str",
              "device": "str"},
    "act": {"t": "str", "seq": "count", "at": "count", "action": "str"},
    "react": {"t": "str", "seq": "count", "what": "str"},
    "review": {"t": "str", "seq": "count", "hand": "count"},
}
FROM_HOST = {
    "welcome": {"t": "str", "v": "int", "seat": "int", "names": ("list", "str"),
                "token": "str"},
    "table": {"t": "str", "seq": "count", "heard": "count", "view": ("dict", "any"),
              "seats": ("list", ("dict", "any"))},
    "refused": {"t": "str", "seq": "count", "heard": "count", "reason": "str"},
    "react": {"t": "str", "seq": "count", "from": "int", "what": "str"},
    # the review of the seat's decisions in a hand (rami.review), as far as it has come:
    # the decisions to grade (of), those graded (each Decision.to_dict), the Expert's points
    # in the seat and the friend's ([] until known), words if it failed, and whether it is done
    "review": {"t": "str", "seq": "count", "hand": "count", "of": "count",
               "decisions": ("list", ("dict", "any")), "expert": ("list", "any"),
               "error": "str", "done": "bool"},
}
MOST_DECISIONS = 400             # a hand's decisions of one seat, at most, in a review

class RoomError(RamiError):
    """A message that cannot be taken; its words are for the person who sent it."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def read_code(text) -> str | None:
    """A seat's code as a person typed it (small letters, spaces, dashes): the code, or None.

    >>> read_code(" 7kq3-m2xf 9d4a "), read_code("7KQ3"), read_code("0OIL7KQ3M2XF")
    ('7KQ3M2XF9D4A', None, None)
    """
    if not isinstance(text, str) or len(text) > 64:
        return None
    code = "".join(ch for ch in text.upper() if not ch.isspace() and ch not in "-–.")
    ok = len(code) == CODE_LENGTH and all(ch in CODE_LETTERS for ch in code)
    return code if ok else None


def show_code(code: str) -> str:
    """A code as it is shown, in groups of four: 7KQ3 M2XF 9D4A."""
    return " ".join(code[i:i + 4] for i in range(0, len(code), 4))


JOIN = "join"                  # a join link's fragment: #join=<offer>.<seat>.<secret>
CODE = "code"                  # ... or #code=<the seat's code> (joining over the internet)


def read_join(fragment: str) -> tuple[str, int, str] | None:
    """(offer, seat, secret) from a join link's fragment, or None; a code's link,
    ("", -1, code).

    >>> read_join("#join=abc.1.SECRET"), read_join("#code=7kq3-m2xf-9d4a"), read_join("#x")
    (('abc', 1, 'SECRET'), ('', -1, '7KQ3M2XF9D4A'), None)
    """
    if not isinstance(fragment, str) or len(fragment) > 4000:
        return None
    text = fragment.lstrip("#")
    if text.startswith(CODE + "="):
        code = read_code(text[len(CODE) + 1:])
        return ("", -1, code) if code else None
    if not text.startswith(JOIN + "="):
        return None
    parts = text[len(JOIN) + 1:].split(".")
    if len(parts) != 3 or not parts[1].isdigit() or len(parts[1]) > 1 or not parts[0] \
            or not parts[2]:
        return None
    return parts[0], int(parts[1]), parts[2]


def clean_name(text: str) -> str:
    """A name as the other pages show it: no control, format or bidirectional characters
    (which could reorder the text around it), spaces made single, at most NAME_CHARS.

    >>> clean_name("  Ada\u202e\u0007  Lovelace  "), clean_name("\u200f\u2066")
    ('Ada Lovelace', '')
    """
    import unicodedata
    kept = "".join(ch if unicodedata.category(ch)[0] not in "CZ" or ch == " " else " "
                   for ch in str(text)[:4 * NAME_CHARS])
    return " ".join(kept.split())[:NAME_CHARS].strip()


def _text(message: dict) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _read(text, most: int, kinds: dict, who: str) -> dict:
    try:
        d = read_json(text, most)
    except RamiError as e:
        raise RoomError(_("A message from {who} was not read: {reason}.", who=who,
                          reason=str(e).rstrip("."))) from None
    if not isinstance(d, dict) or type(d.get("t")) is not str or d["t"] not in kinds:
        raise RoomError(_("A message from {who} was not read: it is not one of rami's.",
                          who=who))
    try:
        check_fields(d, kinds[d["t"]], _("the message"))
    except RamiError as e:
        raise RoomError(_("A message from {who} was not read: {reason}.", who=who,
                          reason=str(e).rstrip("."))) from None
    return d


class Seat:
    """A friend's seat at the host: its secret, its name, and the messages so far."""

    def __init__(self, token: str, name: str = "", heard: int = 0, sent: int = 0,
                 lang: str = "en", device: str = ""):
        self.token = token
        self.name = name
        self.heard = heard            # the number of the friend's last message taken
        self.sent = sent              # the number of the host's last message to it
        self.lang = lang
        self.connected = False
        self.reacted = (-1, 0)        # (the game's move number, reactions since it)
        self.hellos = (-1, 0)         # (the game's move number, hellos since it)
        self.device = device          # the page that holds the seat (its own random name)

    def to_dict(self) -> dict:
        return {"token": self.token, "name": self.name, "heard": self.heard,
                "sent": self.sent, "lang": self.lang, "device": self.device}


class Room:
    """The host's side. ``friends``: the seats played from other devices. ``receive`` takes
    a message's text as it arrived (and which connection it came on: a seat, once it has
    said hello), and returns the messages to send, as (seat, text) pairs, and notes in
    ``moved`` whether the game changed."""

    def __init__(self, master: Master, friends, seats: dict | None = None):
        self.master = master
        master.watch(self._changed)
        self.dirty = False                     # the game changed since the friends' tables
        state = master.state
        self.friends = sorted(set(int(s) for s in friends))
        for s in self.friends:
            need(0 <= s < state.n, _("a friend's seat is not at the table"))
        seats = seats or {}
        self.seats = {s: seats.get(s) or Seat(new_code()) for s in self.friends}
        self.moved = False
        self.by_code = False                   # the host chose codes (over the internet)
        # what the host's page says of the other seats (not saved: it tells it again)
        self.kinds: dict[int, str] = {}        # seat -> "person", a bot's level, "stand-in"
        self.host_seat: int | None = None      # the seat of the person at the host's device
        self.reacted: tuple[int, str] | None = None     # the last reaction taken, to show
        self.taken: int | None = None          # a seat another device has just taken
        # the reviews friends asked for, (seat, hand), for the host's page to work out
        # (rami.web.reviewdesk: the host holds the match, and a friend never gets its seed),
        # and each one's last progress, sent again to a friend who asks again
        self.asked: list[tuple[int, int]] = []
        self.reviewed: dict[tuple[int, int], dict] = {}

    # -- saving (the host's save holds the room: the match goes on when all are back) ----------
    def to_dict(self) -> dict:
        return {"friends": self.friends, "by_code": self.by_code,
                "seats": {str(s): seat.to_dict() for s, seat in self.seats.items()}}

    @property
    def state(self) -> GameState:
        return self.master.state

    def attach(self, master: Master) -> None:
        """A new match at this table (a rematch): the same friends, the new game's master."""
        self.master.unwatch(self._changed)
        self.master = master
        master.watch(self._changed)
        self.dirty = True
        self.asked, self.reviewed = [], {}     # (the hands were the old match's)

    def _changed(self, master: Master, seat, action) -> None:
        self.moved = self.dirty = True

    @classmethod
    def from_dict(cls, master: Master, d) -> "Room":
        try:
            check_fields(d, {"friends": ("list", "seat"), "seats": ("dict", ("dict", "any")),
                             "by_code": "bool"}, _("the room"), master.state.n, optional=("by_code",))
            seats = {}
            for k, v in d["seats"].items():
                check_fields(v, {"token": "str", "name": "str", "heard": "count",
                                 "sent": "count", "lang": "str", "device": "str"},
                             _("a friend's seat"), optional=("device",))
                seats[int(k)] = Seat(v["token"], clean_name(v["name"]), v["heard"],
                                     v["sent"], v["lang"], v.get("device", "")[:DEVICE_CHARS])
            need(sorted(seats) == sorted(set(d["friends"])), _("the room's seats disagree"))
            room = cls(master, d["friends"], seats)
            room.by_code = d.get("by_code", False)
            return room
        except SaveError:
            raise
        except (RamiError, ValueError) as e:
            raise SaveError(_("This saved game is damaged: {reason}.",
                              reason=str(e).rstrip("."))) from None

    # -- who is who ----------------------------------------------------------------------------
    def token(self, seat: int) -> str:
        """The secret of ``seat``, which its join link carries."""
        return self.seats[seat].token

    def renew(self, seat: int) -> None:
        """A new secret for ``seat`` (the host refused the device that took it, or a new
        match begins): the old join link and code no longer open it, and the next device to
        say hello with the new one holds it."""
        friend = self.seats[seat]
        friend.token = new_code()
        friend.device = ""
        friend.connected = False

    def welcome(self, seat: int) -> str:
        """The message that tells a friend's page its seat, the table's names and the seat's
        secret (a new one, after :meth:`renew`, for a page still connected)."""
        return _text({"t": "welcome", "v": PROTOCOL, "seat": seat,
                      "names": [self.name(s) for s in range(self.state.n)],
                      "token": self.seats[seat].token})

    def seat_of(self, token) -> int | None:
        if not isinstance(token, str):
            return None
        for s, seat in self.seats.items():
            if hmac.compare_digest(seat.token.encode(), token.encode()):
                return s
        return None

    def name(self, seat: int) -> str:
        friend = self.seats.get(seat)
        return friend.name if friend and friend.name else self.state.names[seat]

    def seats_info(self) -> list[dict]:
        """Who sits where, for every page: a name, friend or not, connected or not, and who
        plays it at the host's device (``kind``: "person", a bot's level, or "stand-in" for
        a computer player moving for an absent friend; "host": the host's own seat)."""
        return [{"name": self.name(s), "friend": s in self.seats,
                 "connected": self.seats[s].connected if s in self.seats else True,
                 "kind": self.kinds.get(s, ""), "host": s == self.host_seat}
                for s in range(self.state.n)]

    # -- what is sent ----------------------------------------------------------------------------
    def table_for(self, seat: int) -> str:
        """The table as ``seat`` may see it (its view), numbered."""
        friend = self.seats[seat]
        friend.sent += 1
        with speaking(friend.lang):
            view = self.master.view(seat).to_dict()
        return _text({"t": "table", "seq": friend.sent, "heard": friend.heard, "view": view,
                      "seats": self.seats_info()})

    def tables(self, connected_only: bool = True) -> list[tuple[int, str]]:
        """Every friend's table, after a change of the game."""
        self.dirty = False
        return [(s, self.table_for(s)) for s in self.friends
                if self.seats[s].connected or not connected_only]

    def _refusal(self, seat: int, reason: str) -> tuple[int, str]:
        friend = self.seats[seat]
        friend.sent += 1
        return seat, _text({"t": "refused", "seq": friend.sent, "heard": friend.heard,
                            "reason": reason})

    # -- what arrives ----------------------------------------------------------------------------
    def receive(self, text, seat: int | None = None,
                link: int | None = None) -> list[tuple[int, str]]:
        """Take one message (from the connection of ``seat``, or, before its hello, of no
        seat yet: ``link``, when given, is the seat whose join link that connection came
        by, and its hello must be that seat's); the messages to send in return. Raises
        RoomError, changing nothing, for a message that cannot be taken from a connection
        of no seat (the transport closes it). ``moved``: the game changed; ``reacted``: a
        friend's reaction was taken, (seat, reaction), for the host's page to show."""
        self.moved = False
        self.reacted = None
        self.taken = None
        who = self.name(seat) if seat is not None else _("a device")
        d = _read(text, MAX_FROM_FRIEND, FROM_FRIEND, who)
        if d["t"] == "hello":
            return self._hello(d, link)
        if seat is None or seat not in self.seats:
            raise RoomError(_("A message came before its seat was taken."))
        friend = self.seats[seat]
        with speaking(friend.lang):
            if d["seq"] <= friend.heard:           # heard already (sent again after a
                return [(seat, self.table_for(seat))]      # reconnection): the table now
            if d["seq"] != friend.heard + 1:
                return [self._refusal(seat, _("A message was lost on the way: the table is "
                                              "sent again."))] + [(seat, self.table_for(seat))]
            friend.heard = d["seq"]
            if d["t"] == "react":
                if d["what"] not in REACTIONS:
                    return [self._refusal(seat, _("That reaction is not one rami offers."))]
                at, count = friend.reacted
                count = count + 1 if at == len(self.state.history) else 1
                if count > REACTIONS_PER_MOVE:
                    return [self._refusal(seat, _("Enough reactions for now: the next ones "
                                                  "can wait for the next move."))]
                friend.reacted = (len(self.state.history), count)
                self.reacted = (seat, d["what"])
                return self.react(seat, d["what"])
            if d["t"] == "review":
                return self._review(seat, d["hand"])
            return self._act(seat, d)

    def react(self, by: int, what: str) -> list[tuple[int, str]]:
        """The reaction of ``by`` (a friend's, taken at the door, or the host's own), for
        each other connected friend."""
        if what not in REACTIONS:
            raise RoomError(_("That reaction is not one rami offers."))
        return [(s, self._reaction(s, by, what)) for s in self.friends
                if s != by and self.seats[s].connected]

    def _reaction(self, to: int, by: int, what: str) -> str:
        friend = self.seats[to]
        friend.sent += 1
        return _text({"t": "react", "seq": friend.sent, "from": by, "what": what})

    def _hello(self, d: dict, link: int | None) -> list[tuple[int, str]]:
        """A friend's page says hello (on each new connection, and each second until it is
        answered). The seat's name comes from its first hello only, cleaned and unlike the
        table's other names; a seat's hellos are limited as its reactions are; a hello from
        another device than the one that held the seat is the host's to know of
        (``taken``); only a hello that changes something is told to the other friends."""
        if d["v"] != PROTOCOL:
            raise RoomError(_("This page and the host's are different versions of rami: "
                              "reload both."))
        seat = self.seat_of(d["token"])
        if seat is None or (link is not None and seat != link):
            raise RoomError(_("This join link is not one of this room's seats."))
        friend = self.seats[seat]
        at, count = friend.hellos
        count = count + 1 if at == len(self.state.history) else 1
        if count > HELLOS_PER_MOVE:
            raise RoomError(_("Too many hellos from one seat: wait for the next move."))
        friend.hellos = (len(self.state.history), count)
        changed = not friend.connected
        device = d["device"][:DEVICE_CHARS]
        if friend.device and device != friend.device:
            self.taken = seat                  # (the host's page says so, and may refuse)
            changed = True
        friend.device = device
        if not friend.name:                    # the friend's own name, at the table too
            name = self._unique(clean_name(d["name"]), seat)
            if name:
                friend.name = name
                self.master.rename(seat, name)
                changed = True
        friend.lang = d["lang"] if d["lang"] in LANGUAGES else "en"
        friend.connected = True
        self.moved = changed                   # (the others see who is connected)
        out = [(seat, self.welcome(seat)), (seat, self.table_for(seat))]
        if changed:
            out += [(s, self.table_for(s)) for s in self.friends if s != seat
                    and self.seats[s].connected]
            self.dirty = False                 # (every connected friend has its table now)
        return out

    def _unique(self, name: str, seat: int) -> str:
        """``name``, or ``name 2``, ``name 3``…: unlike every other seat's name."""
        if not name:
            return ""
        others = {self.name(s).casefold() for s in range(self.state.n) if s != seat}
        others |= {n.casefold() for i, n in enumerate(self.state.names) if i != seat}
        if name.casefold() not in others:
            return name
        for k in range(2, 10):
            tail = f" {k}"
            mine = name[:NAME_CHARS - len(tail)] + tail
            if mine.casefold() not in others:
                return mine
        return ""

    def _review(self, seat: int, hand: int) -> list[tuple[int, str]]:
        """A friend asks for the review of its decisions in hand ``hand``, one that is over:
        each hand is worked out once (asked again, its progress is sent again)."""
        if not 1 <= hand <= len(self.state.results):
            return [self._refusal(seat, _("Only a hand that is over can be reviewed."))]
        if (seat, hand) in self.reviewed:
            return [(seat, self._review_message(seat, hand))]
        if (seat, hand) not in self.asked:
            self.asked.append((seat, hand))
            self.reviewed[(seat, hand)] = {"of": 0, "decisions": [], "expert": [],
                                           "error": "", "done": False}
        return []

    def review_progress(self, seat: int, hand: int, of: int, decisions: list,
                        expert: list, error: str = "",
                        done: bool = False) -> list[tuple[int, str]]:
        """The host's page has worked out more of a friend's review (``decisions``: each
        :meth:`rami.review.Decision.to_dict`): kept, and sent to the friend if connected."""
        if seat not in self.seats:
            return []
        self.reviewed[(seat, hand)] = {"of": of, "decisions": list(decisions),
                                       "expert": list(expert), "error": error[:500],
                                       "done": done}
        if not self.seats[seat].connected:
            return []
        return [(seat, self._review_message(seat, hand))]

    def _review_message(self, seat: int, hand: int) -> str:
        friend = self.seats[seat]
        friend.sent += 1
        return _text({"t": "review", "seq": friend.sent, "hand": hand,
                      **self.reviewed[(seat, hand)]})

    def _act(self, seat: int, d: dict) -> list[tuple[int, str]]:
        """A friend's move, for the master to play (or refuse, in the friend's words)."""
        try:
            self.master.play(seat, d["action"][:200], at=d["at"])
        except MovedOn as e:                       # (the friend is sent the table as it is)
            return [self._refusal(seat, str(e)), (seat, self.table_for(seat))]
        except RamiError as e:                     # refused: nothing has changed
            return [self._refusal(seat, str(e))]
        return self.tables()

    def disconnected(self, seat: int) -> list[tuple[int, str]]:
        """A friend's connection closed: the others see it."""
        if seat in self.seats:
            self.seats[seat].connected = False
        return self.tables()


class Guest:
    """A friend's side: its seat's secret, the host's last table (the seat's knowledge of
    the game, made from its view), and its own messages, numbered."""

    def __init__(self, token: str, lang: str = "en", device: str = ""):
        self.token = token
        self.lang = lang
        self.device = device or new_code()     # this page's own name, for the host
        self.seat: int | None = None
        self.names: list[str] = []
        self.game: KnownGame | None = None    # the seat's view, read: rami.remote.read_view
        self.view: dict | None = None
        self.seats: list[dict] = []
        self.seen = 0                          # the number of the host's last message taken
        self.seq = 0                           # the number of this side's last message
        self.unanswered: dict[int, str] = {}   # sent, not yet heard by the host: sent again
        self.refusal = ""                      # the host's words for the last refusal
        self.reactions: list[tuple[int, str]] = []     # (seat, reaction), every one taken
        self.reacted: tuple[int, str] | None = None    # the one the last message brought
        # the reviews of this seat's hands the host has sent, by hand (as Room.reviewed),
        # and the hand the last message brought one of
        self.reviews: dict[int, dict] = {}
        self.reviewed: int | None = None

    def hello(self, name: str) -> str:
        return _text({"t": "hello", "v": PROTOCOL, "token": self.token,
                      "name": name[:NAME_CHARS], "lang": self.lang, "device": self.device})

    def act(self, action) -> str:
        """The message that plays ``action`` (chosen on the table drawn now)."""
        if self.game is None:
            raise RoomError(_("The table has not arrived yet."))
        return self._send({"t": "act", "at": len(self.game.history), "action": str(action)})

    def react(self, what: str) -> str:
        if what not in REACTIONS:
            raise RoomError(_("That reaction is not one rami offers."))
        return self._send({"t": "react", "what": what})

    def review(self, hand: int) -> str:
        """The message that asks the host for the review of this seat's decisions in hand
        ``hand`` (1, 2, ...; one that is over)."""
        if type(hand) is not int or hand < 1:
            raise RoomError(_("Which hand?"))
        return self._send({"t": "review", "hand": hand})

    def _send(self, message: dict) -> str:
        self.seq += 1
        message["seq"] = self.seq
        text = _text(message)
        self.unanswered[self.seq] = text
        return text

    def resend(self) -> list[str]:
        """What to send again after a reconnection (the hello first): the host takes each
        once."""
        return [self.unanswered[k] for k in sorted(self.unanswered)]

    def _take_review(self, d: dict) -> None:
        """A review's progress from the host, checked (each decision is read again where
        it is shown: :meth:`rami.review.Decision.from_dict`)."""
        expert = d["expert"]
        if not 1 <= d["hand"] <= 10_000 or d["of"] > MOST_DECISIONS \
                or len(d["decisions"]) > d["of"] or (expert and not (
                    len(expert) == 2 and all(type(x) in (int, float) and abs(x) < 1e6
                                             for x in expert))):
            raise RoomError(_("A message from {who} was not read: {reason}.",
                              who=_("the host"), reason=_("it is not a review")))
        self.reviews[d["hand"]] = {k: d[k] for k in ("of", "decisions", "expert", "error",
                                                     "done")}
        self.reviewed = d["hand"]

    def receive(self, text) -> bool:
        """Take a message from the host; True when the table changed (draw it again).
        Raises RoomError for one that is not the host's shape (the page says so, and keeps
        the table it has)."""
        d = _read(text, MAX_FROM_HOST, FROM_HOST, _("the host"))
        self.reacted = None
        if d["t"] == "welcome":
            need_seat = d["seat"]
            if type(need_seat) is not int or not 0 <= need_seat < len(d["names"]) <= 8:
                raise RoomError(_("A message from {who} was not read: {reason}.",
                                  who=_("the host"), reason=_("it names no seat")))
            self.seat, self.names = need_seat, d["names"]
            if read_code(d["token"]) == d["token"]:
                if d["token"] != self.token:
                    self.reviews.clear()         # (another match's hands)
                self.token = d["token"]          # (a new match: the seat's new secret)
            # a new connection: the host counts its messages on from its save (a host page
            # that reloaded may count from lower than this page has seen)
            self.seen = 0
            return False
        if d["seq"] <= self.seen:                  # old, or sent twice: dropped
            return False
        self.seen = d["seq"]
        self.reviewed = None
        if d["t"] == "review":
            self._take_review(d)
            return False
        if d["t"] == "react":
            if d["what"] in REACTIONS and 0 <= d["from"] < max(len(self.names), 1) \
                    and d["from"] != self.seat:
                self.reacted = (d["from"], d["what"])
                self.reactions.append(self.reacted)
            return False
        for k in [k for k in self.unanswered if k <= d["heard"]]:
            del self.unanswered[k]
        # (a page that reloaded counts on from what the host has heard of this seat)
        self.seq = max(self.seq, d["heard"])
        if d["t"] == "refused":
            self.refusal = d["reason"][:500]
            return False
        if self.seat is None or d["view"].get("seat") != self.seat:
            raise RoomError(_("A message from {who} was not read: {reason}.",
                              who=_("the host"), reason=_("it is another seat's table")))
        try:
            check(d["seats"], ("list", ("dict", "any"), len(d["view"].get("names", []))),
                  _("the seats"))
            for info in d["seats"]:
                check_fields(info, {"name": "str", "friend": "bool", "connected": "bool",
                                    "kind": "str", "host": "bool"}, _("the seats"))
            game = read_view(d["view"])
        except RamiError as e:
            raise RoomError(str(e)) from None
        self.game, self.view, self.seats = game, d["view"], d["seats"]
        self.refusal = ""
        return True
