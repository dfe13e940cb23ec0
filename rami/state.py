"""The one game state machine every variant runs on.

>>> g = GameState("gin", players=["Ann", "Bob"], seed=7)
>>> g.phase, g.turn == g.next_seat(g.dealer)
(<Phase.UPCARD: 'upcard'>, True)
>>> [str(a) for a in g.legal_actions()]
['take', 'pass']
>>> _ = g.apply("pass"); _ = g.apply("pass"); [str(a) for a in g.legal_actions()]
['draw']

``legal_actions()`` asks the variant's ``legal_<phase>``; ``apply()`` refuses an illegal action
with an :class:`~rami.errors.IllegalAction` whose message a player understands, and leaves the
state unchanged; otherwise the variant's ``apply_<kind>`` changes the state and records events.
"""

from __future__ import annotations

import json
import os
from types import MappingProxyType
from dataclasses import dataclass
from enum import Enum
from typing import Iterable, Sequence

from .actions import Action, LayOff, MeldCards, Rescue, parse_action
from .cards import Card
from .checks import MAX_DEPTH, UnsoundState, check, check_fields, json_depth, need, read_json, reading
from .errors import AmbiguousAction, IllegalAction, RamiError, SaveError, UnknownAction
from .events import Event
from .melds import Meld
from .i18n import _, check_spec, join_or, pieces, recording
from .registry import find_variant, lookup

__all__ = ["GameState", "Phase", "TableMeld", "replay"]

SAVE_FORMAT = "rami-save"
SAVE_VERSION = 1
MAX_SAVE_CHARS = 5_000_000      # a long match saves to a few hundred kilobytes

# the fields of a save and their shapes (see rami.checks); names, options and the rest of
# the variant's own facts are checked where they are read
_SAVE_FIELDS = {
    "variant": "str", "names": ("list", "str"), "options": ("dict", "any"), "seed": "any",
    "dealer": "int", "hand_no": "count", "scores": ("list", "int"),
    "results": ("list", ("dict", "any")), "history": ("list", "str"),
    "events": ("list", ("dict", "any")), "final": "any", "phase": "str",
    "turn": "int", "stock": ("list", "card"), "discard": ("list", "card"),
    "hands": ("list", ("list", "card")), "table": ("list", ("dict", "any")),
    "taken": "card?", "melded": ("list", "bool"), "melded_at_turn_start": ("list", "bool"),
    "extra": ("dict", "any"), "start": "str?",
}
MAX_START_CHARS = 20_000        # a deal string (rami.scenario.MAX_DEAL_CHARS)


class Phase(str, Enum):
    UPCARD = "upcard"          # gin: the first offer of the upcard
    DRAW = "draw"              # take a card from the stock or the discard pile
    PLAY = "play"              # meld, lay off, discard (gin: discard or knock)
    LAYOFF = "layoff"          # gin: the defender lays off after a knock
    SHOW = "show"              # Indian: after a valid declaration the others show their groups
    RUM = "rum"                # 500 Rum: the others may call "Rum" on a discard that fits a meld
    EXCHANGE = "exchange"      # tile Rami's doubla: identical pairs offered and swapped
    OPENING = "opening"        # tile Rami: the first player's crosswise opening discard
    HAND_OVER = "hand_over"    # the hand is scored; "deal" starts the next
    MATCH_OVER = "match_over"  # terminal

    def describe(self) -> str:
        return {"upcard": _("deciding on the upcard"), "draw": _("drawing"),
                "play": _("melding and discarding"), "layoff": _("laying off"),
                "show": _("showing groups after a declaration"),
                "rum": _("deciding whether to call rum"),
                "exchange": _("offering a doubla"), "opening": _("the opening discard"),
                "hand_over": _("hand over"), "match_over": _("match over")}[self.value]


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: who laid it, and who played each of its cards."""

    meld: Meld
    owner: int
    played_by: tuple

    def to_dict(self) -> dict:
        return {"kind": self.meld.kind, "cards": [str(c) for c in self.meld.cards],
                "rank": self.meld.rank, "suit": self.meld.suit, "start": self.meld.start,
                "owner": self.owner, "played_by": list(self.played_by)}

    @classmethod
    def from_dict(cls, d: dict) -> "TableMeld":
        cards = tuple(Card.parse(c) for c in d["cards"])
        meld = Meld(d["kind"], cards, d["rank"], d["suit"], d["start"],
                    is_tile=bool(cards) and cards[0].is_tile)
        return cls(meld, d["owner"], tuple(d["played_by"]))


def default_names(n: int) -> list[str]:
    """The seats' names when none are given: Player 1, Player 2… in the words of the
    moment."""
    return [_("Player {n}", n=i + 1) for i in range(n)]


class GameState:
    """A match in progress: the current hand, the scores, and the history."""

    complete = True     # it holds every card (a seat's knowledge, rami.known, does not)


    def __init__(self, variant="basic", players: int | Sequence[str] = 2,
                 options: dict | None = None, seed: int | str | None = None,
                 _empty: bool = False):
        self.variant = find_variant(variant) if isinstance(variant, str) else variant
        names = default_names(players) if isinstance(players, int) else list(players)
        self.variant.check_players(len(names))
        self.names = tuple(names)
        self.n = len(names)
        self.options = self.variant.resolve_options(options or {})
        # a read-only face of the options for views: they never change during a match
        self.public_options = MappingProxyType(self.options)
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(6), "big")
        self.variant.check_setup(self)
        self.teams = tuple(self.variant.teams(self))
        self.scores = [0] * (max(self.teams) + 1)
        self.hand_no = 0
        self.results: list[dict] = []
        self.history: list[str] = []
        self.start: str | None = None      # the deal string the match began from, if any
        self.events: list[Event] = []
        self.final: dict | None = None
        self._legal_cache = None
        self._seat_logs: list[list[Event]] = []
        if _empty:
            return
        self.dealer = self.variant.first_dealer(self)
        with pieces(self.variant.uses_tiles), recording():     # (the deal's words: messages)
            self.variant.start_hand(self)

    # -- seats ----------------------------------------------------------------------------
    def next_seat(self, seat: int) -> int:
        return (seat + self.variant.direction) % self.n

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.MATCH_OVER

    def side(self, seat: int) -> int:
        return self.teams[seat]

    # -- the state machine ----------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (empty only when the match is over)."""
        if self._legal_cache is None:
            self._legal_cache = self.variant.legal_hooks[self.phase](self)
        return self._legal_cache

    def apply(self, action: Action | str) -> list[Event]:
        """Play ``action`` (or its text) for the seat to act; returns the new events."""
        # (a refusal in the game's own words; a result's words kept as messages)
        with pieces(self.variant.uses_tiles), recording():
            return self._apply(action)

    def _apply(self, action: Action | str) -> list[Event]:
        if isinstance(action, str):
            action = self.parse_action(action)
        if not (self._legal_cache is None and self.variant.surely_legal(self, action)):
            legal = self.legal_actions()
            for a in legal:         # identity first: bots hand back the very objects listed
                if a is action:
                    break
            else:
                action = self._resolve(action, legal)
        before = len(self.events)
        self.variant.apply_hooks[action.kind](self, action)
        self._legal_cache = None
        self.history.append(action)       # written out as text when saved
        return self.events[before:]

    def parse_action(self, text: str) -> Action:
        """Read a player's text: the one legal action it means, or a precise error."""
        with pieces(self.variant.uses_tiles):
            return self._parse_action(text)

    def _parse_action(self, text: str) -> Action:
        try:
            action = parse_action(text)
        except UnknownAction:
            # (this game's moves only, written as typed: the words pass untranslated)
            raise UnknownAction(_("'{text}' is not an action. Try: {examples}",
                                  text=str(text).strip(),
                                  examples=f"`{self.variant.typed_examples}`")) from None
        if self._legal_cache is None and self.variant.surely_legal(self, action):
            return action
        return self._resolve(action, self.legal_actions())

    def _resolve(self, action: Action, legal: list[Action]) -> Action:
        if action in legal:
            return action
        if self.variant.allows(self, action):
            return action       # one of a family legal_actions lists only in canonical form
        if isinstance(action, (MeldCards, LayOff, Rescue)):
            same = [a for a in legal if _same_cards(a, action)]
            if len(same) == 1:
                return same[0]
            if len(same) > 1:
                choices = join_or(f"'{a}'" for a in same)
                raise AmbiguousAction(
                    _("Say which wild you rescue: {choices}", choices=choices)
                    if isinstance(action, Rescue) else
                    _("Say which card each wild stands for: {choices}", choices=choices))
        raise IllegalAction(self.variant.explain(self, action))

    def copy(self) -> "GameState":
        """An independent copy (cards, melds and events are immutable and shared)."""
        g = GameState.__new__(GameState)
        g.__dict__.update(self.__dict__)
        g.hands = [list(h) for h in self.hands]
        for name in ("stock", "discard", "table", "scores", "results", "history", "events",
                     "melded", "melded_at_turn_start"):
            setattr(g, name, list(getattr(self, name)))
        g.extra = json.loads(json.dumps(self.extra))
        g._seat_logs = [list(log) for log in self._seat_logs]
        # the same position has the same legal actions (frozen values): keep them
        g._legal_cache = list(self._legal_cache) if self._legal_cache is not None else None
        return g

    # -- helpers the variants use -----------------------------------------------------------
    def emit(self, kind: str, seat: int, **kw) -> None:
        text = kw.get("text")
        if hasattr(text, "spec"):               # (words: kept as a message too, and plain)
            kw["text"], kw["said"] = str(text), text.spec
        if not isinstance(kw.get("said", {}), dict):
            del kw["said"]                      # (a text that is no message: kept as it is)
        ev = Event(kind, seat, **kw)
        self.events.append(ev)
        logs = self._seat_logs
        if len(logs) != self.n:
            self.reset_logs()
            return
        if ev.secret:
            hidden = ev.for_seat(-1)
            for s, log in enumerate(logs):
                log.append(ev if s == seat else hidden)
        else:
            for log in logs:
                log.append(ev)

    def reset_logs(self) -> None:
        """Rebuild each seat's redacted copy of the event log (after a deal or a load)."""
        self._seat_logs = [[e.for_seat(s) for e in self.events] for s in range(self.n)]

    def events_for(self, seat: int) -> tuple:
        """This hand's events as ``seat`` may see them."""
        return tuple(self._seat_logs[seat])

    def remove_from_hand(self, seat: int, cards: Iterable[Card]) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)

    # -- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        cards = lambda xs: [str(c) for c in xs]
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "variant": self.variant.name, "options": dict(self.options),
            "seed": self.seed, "names": list(self.names), "dealer": self.dealer,
            "hand_no": self.hand_no, "scores": list(self.scores),
            "results": self.results, "history": [str(a) for a in self.history],
            "events": [e.to_dict() for e in self.events], "final": self.final,
            "phase": self.phase.value, "turn": self.turn,
            "stock": cards(self.stock), "discard": cards(self.discard),
            "hands": [cards(h) for h in self.hands],
            "table": [t.to_dict() for t in self.table],
            "taken": str(self.taken) if self.taken else None,
            "melded": list(self.melded),
            "melded_at_turn_start": list(self.melded_at_turn_start),
            "extra": self.extra,
            **({"start": self.start} if self.start is not None else {}),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: dict) -> "GameState":
        """A game from its saved form: a sound state, or a SaveError that says what is wrong
        (every field is checked for its type, range and length, the table's melds, the
        phase, the variant's own facts and the cards, before the game is handed out), and
        exactly what the game could have written: its history, replayed from its seed (or
        from the deal string it began with), leads to this very position."""
        check_save_header(d, SAVE_FORMAT, SAVE_VERSION)
        with pieces(_tile_game(d.get("variant"))):
            return cls._from_dict(d)

    @classmethod
    def _from_dict(cls, d: dict) -> "GameState":
        with reading(SaveError, lambda r: _("This saved game is damaged: {reason}.", reason=r),
                     lambda e: _("This saved game is damaged and cannot be resumed ({error}).",
                                 error=e)):
            need(json_depth(d) <= MAX_DEPTH, _("it nests too deeply"))
            _check_sizes(d)
            check_fields(d, _SAVE_FIELDS, _("the save"), optional=("start",))
            check(d["names"], ("list", "str"), _("the names"))
            n = len(d["names"])
            need(2 <= n <= 8 and all(0 < len(x) <= 40 for x in d["names"]),
                 _("the table has 2 to 8 seats, each with a name of 1 to 40 characters"))
            need(type(d["seed"]) in (int, str) and len(str(d["seed"])) <= 100,
                 _("the seed is a number or a short text"))
            check(d["options"], ("dict", "any"), _("the house rules"))
            need(all(type(v) in (bool, int, str) for v in d["options"].values()),
                 _("a house rule's value is true/false, a number or a word"))
            g = cls(d["variant"], d["names"], d["options"], d["seed"], _empty=True)
            check(d["hands"], ("list", ("list", "card"), n), _("the hands"), n)
            read_public(g, d)
            g.history = list(d["history"])
            g.stock = [Card.parse(c) for c in d["stock"]]
            g.discard = [Card.parse(c) for c in d["discard"]]
            g.hands = [[Card.parse(c) for c in h] for h in d["hands"]]
            g.variant.check_state(g)
            g.variant.check_playable(g)
            g.start = d.get("start")
            need(g.start is None or len(g.start) <= MAX_START_CHARS,
                 _("the deal it began from is too long"))
            _check_history(g, d)
        return g

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        try:
            d = read_json(text, MAX_SAVE_CHARS)
        except RamiError as e:
            raise SaveError(_("This saved game is damaged: {reason}.", reason=e)) from None
        return cls.from_dict(d)

    def __eq__(self, other) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return (f"<GameState {self.variant.name} hand {self.hand_no + 1} {self.phase.value} "
                f"turn={self.turn} seed={self.seed!r}>")


def read_public(g: GameState, d: dict) -> None:
    """Check and read into ``g`` the part of a save every seat knows (the seats, the phase,
    the table, the scores, the results, the log and the variant's facts): shared by a save
    (:meth:`GameState.from_dict`) and a seat's view sent from another device
    (:mod:`rami.remote`). Raises UnsoundState with the reason."""
    n = g.n
    for key in ("dealer", "turn"):
        check(d[key], "seat", _("the dealer") if key == "dealer" else
              _("the seat to play"), n)
    need(d["hand_no"] <= 100_000, _("the hand number is out of range"))
    for i, e in enumerate(d["events"]):
        _check_event(e, i, n)
    for i, t in enumerate(d["table"]):
        check_fields(t, {"kind": "str", "cards": ("list", "card"), "rank": "int?",
                         "suit": "str?", "start": "int?", "owner": "seat",
                         "played_by": ("list", "seat")}, _("table meld {number}", number=i + 1), n)
        need(t["kind"] in ("set", "run") and len(t["cards"]) >= 2,
             _("table meld {number} is not a set or a run", number=i + 1))
        need(t["suit"] in (None, "") or (len(t["suit"]) == 1 and t["suit"] in
                                         ("rybk" if g.variant.uses_tiles
                                          else "shdc")),
             _("table meld {number} names a suit or colour rami does not know: '{suit}'",
               number=i + 1, suit=t['suit']))
        need(t["rank"] is None or 0 <= t["rank"] <= 13,
             _("table meld {number} names a rank out of range ({rank})", number=i + 1,
               rank=t['rank']))
        need(t["start"] is None or 0 <= t["start"] <= 14,
             _("table meld {number} starts at a place no run has ({start})",
               number=i + 1, start=t['start']))
    for i, r in enumerate(d["results"]):
        where = _("the result of hand {number}", number=i + 1)
        check_fields(r, {"points": ("list", "int", n), "headline": "str",
                         "lines": ("list", "str"), "how": "str", "winner": "seat?",
                         "said": ("dict", "any")}, where, n, ("said",))
        _check_said(r, where)
    if d["final"] is not None:
        check_fields(d["final"], {"winners": ("list", "seat"), "headline": "str",
                                  "lines": ("list", "str"), "said": ("dict", "any")},
                     _("the match's result"), n, ("said",))
        _check_said(d["final"], _("the match's result"))
    phases = [p.value for p in g.variant.phases()]
    need(d["phase"] in phases, _("{game} has no phase '{phase}'",
                                 game=g.variant.title, phase=d['phase']))
    g.dealer, g.hand_no = d["dealer"], d["hand_no"]
    g.scores, g.results = list(d["scores"]), json.loads(json.dumps(d["results"]))
    g.events = [Event.from_dict(e) for e in d["events"]]
    g.reset_logs()
    g.final = json.loads(json.dumps(d["final"]))
    g.phase, g.turn = Phase(d["phase"]), d["turn"]
    g.table = [TableMeld.from_dict(t) for t in d["table"]]
    g.taken = Card.parse(d["taken"]) if d["taken"] else None
    g.melded = list(d["melded"])
    g.melded_at_turn_start = list(d["melded_at_turn_start"])
    g.extra = json.loads(json.dumps(d["extra"]))
    need((g.phase == Phase.MATCH_OVER) == (g.final is not None),
         _("the match's result and its phase disagree"))
    need(g.phase != Phase.HAND_OVER or bool(g.results),
         _("a finished hand has no result"))


def _check_said(result: dict, where: str) -> None:
    """A result's words kept as messages (``said``, optional): a headline and as many lines
    as it has, each words rami can say (:func:`rami.i18n.check_spec`)."""
    said = result.get("said")
    if said is None:
        return
    check_fields(said, {"headline": "any", "lines": ("list", "any")}, where)
    try:
        need(len(said["lines"]) == len(result["lines"]), "")
        for spec in [said["headline"], *said["lines"]]:
            check_spec(spec)
    except (UnsoundState, ValueError):
        need(False, _("{where} holds words rami cannot say", where=where))


_EVENT = {"kind": "str", "seat": "int", "card": "card", "cards": ("list", "card"),
          "secret": "bool", "text": "str", "meld": "int", "said": "any"}
_EVENT_OPTIONAL = ("card", "cards", "secret", "text", "meld", "said")


def _check_event(e, i: int, n: int) -> None:
    """Event ``i`` of a save is one of rami's (its words written only for a refusal: a save
    holds thousands of events)."""
    try:
        check_fields(e, _EVENT, "", n, _EVENT_OPTIONAL)
        ok = -1 <= e["seat"] < n
    except UnsoundState:
        check_fields(e, _EVENT, _("event {number}", number=i + 1), n, _EVENT_OPTIONAL)
        raise
    need(ok, _("event {number} names a seat not at the table", number=i + 1))
    if "said" in e:
        try:
            check_spec(e["said"])
        except ValueError:
            need(False, _("event {number} holds words rami cannot say", number=i + 1))


def _check_sizes(d: dict) -> None:
    """Before any card is read: no list of a save is longer than any game's can be, so that
    a long one is refused at once."""
    need(type(d) is dict, _("the save should be a mapping"))
    for key, most in (("stock", 256), ("discard", 256), ("table", 256), ("hands", 8),
                      ("events", 20_000), ("results", 100_000), ("history", 400_000)):
        value = d.get(key)
        need(type(value) is not list or len(value) <= most,
             _("the save's '{key}' is longer than any game's", key=key))
    for h in d.get("hands") if type(d.get("hands")) is list else ():
        need(type(h) is not list or len(h) <= 256, _("a hand is larger than any game's"))


# The last game a save's history was replayed into, and its key: a save that goes on from
# it (the page's next save, the bots' worker's next request) replays only the moves since.
_replayed: list = []


def _history_key(d: dict) -> tuple:
    return (d["variant"], tuple(d["names"]), json.dumps(d["options"], sort_keys=True),
            d["seed"], d.get("start"))


def _comparable(d: dict) -> dict:
    """A save's fields that its history decides: all but the words written for people (a
    hand's headline and lines, in the language of the page that scored it, and the events'
    notes, which hold the seats' names of the moment)."""
    out = {k: v for k, v in d.items() if k not in ("results", "final", "events", "format",
                                                  "version", "names")}
    out["results"] = _without_words(d["results"])
    out["final"] = _without_words(d["final"])
    out["extra"] = _without_words(d["extra"])
    out["events"] = [{k: v for k, v in e.items() if k not in ("text", "said")}
                     for e in d["events"]]
    return out


# the keys under which a game keeps words, written in the language of the page that played
# the move (a result's headline and lines, and their messages; Indian rummy's scoring rule
# and why a declaration failed)
WORDS = frozenset({"headline", "lines", "said", "rule", "why"})


def _without_words(x):
    """``x`` (a save's results, match result or facts) without the words it keeps."""
    if isinstance(x, dict):
        return {k: _without_words(v) for k, v in x.items() if k not in WORDS}
    if isinstance(x, list):
        return [_without_words(v) for v in x]
    return x


def _check_history(g: GameState, d: dict) -> None:
    """The save's history, replayed from its seed (or the deal it began from), leads to the
    save's position: its cost is that of playing the moves, and a save that goes on from the
    last one checked plays only the new ones."""
    key = _history_key(d)
    moves = d["history"]
    start = None
    if _replayed and _replayed[0] == key:
        done = _replayed[1]
        k = len(done.history)
        if k <= len(moves) and all(str(a) == m for a, m in zip(done.history, moves)):
            start = done.copy()
    if start is None:
        if g.start is not None:
            start = g.variant.from_deal(g.start, g.seed)
            need(start.variant is g.variant and start.n == g.n,
                 _("the deal it began from is another game's"))
        else:
            start = GameState(g.variant, list(g.names), g.options, g.seed)
    r = start
    r.names = g.names
    for i in range(len(r.history), len(moves)):
        try:
            r.apply(moves[i])
        except RamiError as e:
            need(False, _("move {number} of its history, '{move}', cannot be played there "
                          "({reason})", number=i + 1, move=moves[i][:40],
                          reason=str(e).rstrip(".")))
    mine = _comparable(r.to_dict())
    mine.pop("start", None)
    theirs = _comparable(d)
    theirs.pop("start", None)
    need(mine == theirs, _("its history does not lead to its position"))
    _replayed[:] = [key, r]


def _tile_game(name) -> bool:
    """Does the variant ``name`` (from outside: anything) play with tiles?"""
    v = lookup(name)
    return bool(v is not None and v.uses_tiles)


def check_save_header(d, fmt: str, version: int) -> None:
    """Raise a SaveError unless ``d`` is a save of format ``fmt`` and version ``version``."""
    if not isinstance(d, dict) or d.get("format") != fmt:
        raise SaveError(_("This is not a saved rami game."))
    if d.get("version") != version:
        raise SaveError(_("This game was saved by another version of rami (save version {saved}, "
                          "this is {version}).",
                          saved=d.get('version'), version=version))


def _same_cards(a: Action, b: Action) -> bool:
    """Does legal action ``a`` lay the same cards as the player's ``b`` (wild readings
    aside, unless ``b`` states them)?"""
    if type(a) is not type(b):
        return False
    if isinstance(b, LayOff):
        return a.card is b.card and a.meld == b.meld and (b.rep is None or a.rep == b.rep)
    if isinstance(b, Rescue):
        return a.card is b.card and a.meld == b.meld and (b.wild is None or a.wild is b.wild)
    if sorted(a.cards, key=str) != sorted(b.cards, key=str):
        return False
    if not b.reps:
        return True
    want = sorted(((str(c), str(r)) for c, r in zip(b.cards, b.reps) if r is not None))
    have = sorted(((str(c), str(r)) for c, r in zip(a.cards, a.reps or ()) if r is not None))
    return want == have


def replay(variant: str, players, options: dict | None, seed, actions: Iterable[str]) -> GameState:
    """Rebuild a game from (variant, options, seed, actions)."""
    g = GameState(variant, players, options, seed)
    for a in actions:
        g.apply(a)
    return g
