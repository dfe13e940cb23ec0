"""The board editor (``learn/editor.html``): a tutorial author builds a ``<rami-board>``
without writing a deal string (pure Python: :mod:`rami.web.editor_app` is the page's glue).

* **The position** (:class:`Draft`): the game and its house rules, each seat's hand, the
  melds on the table, the discard pile (or tile Rami's row), the top of the stock and the
  variant's own pieces (Indian rummy's cut joker, tile Rami's exposed tile), placed by
  clicking or dragging from a picker that shows what is left of the deck; or a random deal,
  or anything rami writes (a deal string, a board's HTML, a shared hand's link, a match
  file). Whatever the author does, the position is checked as a deal string is, at each
  change, and what is wrong is said in the engine's own words.
* **The moves**: played at the game's own table (:class:`Recorder`: every seat's moves, by
  whoever is to play), each one a step with the author's note; for a puzzle, other right
  answers for a step (written with ``or``) and tempting mistakes with their notes.
* **The output**: the board's attributes (:meth:`Editor.attrs`), drawn live in the page as
  readers will see it, and written as HTML, as a link into the game and as a deal string.

>>> ed = Editor("gin", seed=3)
>>> ed.problem, len(ed.draft.hands[0])
('', 10)
>>> ed.act("clear")
>>> ed.problem.startswith("Seat 0")
True
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from html import unescape

from ..cards import Card, CardSyntaxError, parse_cards
from ..errors import RamiError
from ..i18n import N_, LANGUAGES, _, n_, pieces
from ..record import HEADER, RecordError, read_match
from ..scenario import DealSyntaxError, _value, check_parts, from_deal, to_deal
from ..state import GameState, Phase
from ..variants import find_variant, variant_names
from ..words import words_for
from .address import link_fields, quote_all
from .board import Board, BoardError, _sentence, parse_moves, same_move
from .lobby import _option_input, game
from .parts import card_label, esc, pretty_text
from .svg import card_svg, symbol_defs

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal")
# the variant's own pieces, each one tile or card set aside from the deck: a slot of its own
ASIDE = {"indian": (("joker", N_("The cut joker")),),
         "tiles": (("exposed", N_("The exposed tile")), ("crosswise", N_("The crosswise tile")))}
KINDS = ("show", "replay", "puzzle")
KIND_WORDS = {"show": N_("A position"), "replay": N_("A replay"), "puzzle": N_("A puzzle")}
WIDTHS = {"column": 680, "phone": 360}
MAX_OPEN = 2_000_000                # characters pasted or opened (a match file's limit)


class EditorError(RamiError):
    """What the author tried cannot be done: said in words."""


def token_card(token: str) -> Card:
    """The card of a table meld's token (``Jk=7s``, ``5d@1``: the card itself)."""
    return Card.parse(token.split("@", 1)[0].split("=", 1)[0])


@dataclass
class Draft:
    """A position as the author places it: what a deal string says, part by part (the
    stock's cards not placed are shuffled below the placed ones, the same way every time)."""

    variant: str
    options: dict
    names: list
    hands: list
    discard: list = field(default_factory=list)
    stock: list = field(default_factory=list)
    table: list = field(default_factory=list)         # [owner, [tokens]]
    aside: dict = field(default_factory=dict)          # a variant's piece: its code or ""
    turn: int = 0
    phase: str = ""
    dealer: int = 0
    hand: int = 1
    scores: list = field(default_factory=list)
    more: dict = field(default_factory=dict)           # the variant's other parts, as text

    @property
    def n(self) -> int:
        return len(self.hands)

    @property
    def var(self):
        return find_variant(self.variant)

    def deal(self) -> str:
        """The deal string of this position."""
        v = self.var
        defaults = {o.name: o.default for o in v.OPTIONS}
        opts = " ".join(f"{k}={_opt_text(x)}" for k, x in self.options.items()
                        if k in defaults and x != defaults[k])
        parts = [v.name + (" " + opts if opts else "")]
        parts += [f"{s}: {' '.join(h)}" for s, h in enumerate(self.hands)]
        if self.discard:
            parts.append("discard: " + " ".join(self.discard))
        melds = [(o, t) for o, t in self.table if t]
        if melds:
            parts.append("table: " + "; ".join(f"{o}={' '.join(t)}" for o, t in melds))
        if self.stock:
            parts.append("stock: " + " ".join(self.stock))
        for key, _x in ASIDE.get(v.name, ()):
            if self.aside.get(key):
                parts.append(f"{key}: {self.aside[key]}")
        for key, text in self.more.items():
            clean = " ".join(str(text).replace("|", " ").split())
            if clean:
                parts.append(f"{key}: {clean}")
        parts += [f"turn: {self.turn}", f"phase: {self.phase}", f"dealer: {self.dealer}"]
        if self.hand > 1:
            parts.append(f"hand: {self.hand}")
        if any(self.scores):
            parts.append("scores: " + " ".join(map(str, self.scores)))
        parts.append("names: " + ", ".join(_name(x, s) for s, x in enumerate(self.names)))
        return " | ".join(parts)

    def places(self):
        """Every placed piece: (zone, index, code)."""
        for s, h in enumerate(self.hands):
            for i, c in enumerate(h):
                yield f"hand:{s}", i, c
        for k, (_o, tokens) in enumerate(self.table):
            for i, c in enumerate(tokens):
                yield f"meld:{k}", i, str(token_card(c))
        for i, c in enumerate(self.discard):
            yield "discard", i, c
        for i, c in enumerate(self.stock):
            yield "stock", i, c
        for key, c in self.aside.items():
            if c:
                yield f"aside:{key}", 0, c

    def deck(self) -> Counter:
        """The pieces of this game's deck (for its house rules and players)."""
        g = GameState(self.variant, self.n, self.options, 0, _empty=True)
        return Counter(str(c) for c in self.var.deck(g))

    def left(self) -> Counter:
        """What is still to place (the stock holds it unless placed)."""
        left = self.deck()
        left.subtract(Counter(c for _z, _i, c in self.places()))
        return left

    def zone(self, name: str) -> list:
        """The list of codes a zone holds (an aside slot: a list of at most one)."""
        kind, _x, arg = name.partition(":")
        if kind == "hand" and arg.isdigit() and int(arg) < self.n:
            return self.hands[int(arg)]
        if kind == "meld" and arg.isdigit() and int(arg) < len(self.table):
            return self.table[int(arg)][1]
        if kind == "discard":
            return self.discard
        if kind == "stock":
            return self.stock
        if kind == "aside" and arg in dict(ASIDE.get(self.variant, ())):
            return [self.aside[arg]] if self.aside.get(arg) else []
        raise EditorError(_("There is no such place on the table."))


def _opt_text(x) -> str:
    return ("on" if x else "off") if isinstance(x, bool) else str(x)


def _name(text: str, seat: int) -> str:
    """A seat's name as a deal string can hold it (no comma, no bar), never empty."""
    clean = " ".join(str(text).replace(",", " ").replace("|", " ").split())[:40]
    return clean or NAMES[seat % len(NAMES)]


def read_deal(text: str) -> Draft:
    """A deal string as a draft, part by part (what it places, nothing more); a part that
    cannot be read is refused in words (a position that is not sound is kept, to be
    mended: :meth:`Editor.check` says what is wrong)."""
    text = " ".join(str(text).split())
    if len(text) > 20_000:
        raise EditorError(_("This deal string is too long ({count} characters).",
                            count=len(text)))
    parts = [p.strip() for p in text.split("|")]
    head = parts[0].split()
    if not head:
        raise EditorError(_("A deal string starts with the variant's name, e.g. 'gin | 0: "
                            "...'"))
    try:
        v = find_variant(head[0])
        options = {}
        for tok in head[1:]:
            k, sep, x = tok.partition("=")
            if not sep:
                raise EditorError(_("House rules are written name=value, not '{part}'",
                                    part=tok))
            options[k] = _value(x)
        options = v.resolve_options(options)
    except EditorError:
        raise
    except (RamiError, CardSyntaxError) as e:
        raise EditorError(str(e)) from None
    hands: dict[int, list[str]] = {}
    fields: dict[str, str] = {}
    for p in parts[1:]:
        k, sep, x = p.partition(":")
        k = k.strip().lower()
        if not sep:
            raise EditorError(_("Each part after the variant is 'key: value', not '{part}'",
                                part=p[:60]))
        if k.isdigit() and len(k) <= 2:
            hands[int(k)] = x
        else:
            fields[k] = x.strip()
    n = len(hands)
    if sorted(hands) != list(range(n)) or not v.min_players <= n <= v.max_players:
        raise EditorError(_("Give every seat's hand, numbered from 0"))
    check_parts(v, fields)          # (its words say which parts there are)
    try:
        def codes(x):
            return [str(c) for c in parse_cards(x)]
        table = []
        for spec in filter(None, (x.strip() for x in fields.get("table", "").split(";"))):
            owner, _x, cards = spec.partition("=")
            owner = owner.strip()
            if not owner.isdigit() or int(owner) >= n:
                raise EditorError(_("'{key}' takes a seat number from 0 to {n}, not '{value}'",
                                    key=_("the owner of a table meld"), n=n - 1,
                                    value=owner))
            for tok in cards.split():
                token_card(tok)
            table.append([int(owner), cards.split()])
        names = [x.strip() for x in fields["names"].split(",")] if "names" in fields \
            else list(NAMES[:n])
        if len(names) != n:
            names = (names + list(NAMES))[:n]
        draft = Draft(v.name, options, [_name(x, s) for s, x in enumerate(names)],
                      [codes(hands[s]) for s in range(n)], codes(fields.get("discard", "")),
                      codes(fields.get("stock", "")), table)
        for key, _x in ASIDE.get(v.name, ()):
            x = fields.get(key, "").strip()
            draft.aside[key] = str(Card.parse(x)) if x and x.lower() != "taken" else ""
    except EditorError:
        raise
    except (RamiError, CardSyntaxError) as e:
        raise EditorError(str(e)) from None
    draft.more = {k: fields.get(k, "") for k in v.DEAL_FIELDS
                  if k not in dict(ASIDE.get(v.name, ()))}
    playing = [p.value for p in v.phases() if p not in (Phase.HAND_OVER, Phase.MATCH_OVER)]
    phase = fields.get("phase", v.first_phase.value).lower().replace(" ", "_")
    draft.phase = phase if phase in playing else v.first_phase.value

    def seat(key, default):
        x = fields.get(key, "").strip()
        return int(x) if x.isdigit() and int(x) < n else default
    draft.dealer = seat("dealer", n - 1)
    draft.turn = seat("turn", (draft.dealer + v.direction) % n)
    hand = fields.get("hand", "1").strip()
    draft.hand = int(hand) if hand.isdigit() and 1 <= int(hand) <= 10_000 else 1
    try:
        draft.scores = [int(x) for x in fields.get("scores", "").replace(",", " ").split()]
    except ValueError:
        raise EditorError(_("'{key}' takes whole numbers: '{text}'", key="scores",
                            text=fields["scores"])) from None
    return draft


def random_draft(variant: str, n: int, options: dict, seed) -> Draft:
    """A fresh deal of the game, as its first hand begins (the stock left unplaced)."""
    g = GameState(variant, list(NAMES[:n]), options, seed)
    draft = read_deal(to_deal(g))
    draft.stock = []
    return draft


@dataclass
class Step:
    """A recorded move: its text, the author's note, other right answers (a puzzle) and
    who played it (a seat)."""

    text: str
    note: str = ""
    answers: list = field(default_factory=list)
    seat: int = 0


class Recorder(Board):
    """The game's own table in the editor: whoever is to play sits at it (every hand shown
    to the author), and each move played is handed to the editor to record."""

    restart = False

    def __init__(self, editor: "Editor", deal: str, moves: list[str]):
        self.editor = editor
        self.line = list(moves)
        super().__init__({"deal": deal, "mode": "puzzle", "reveal": "all",
                          "lang": editor.lang})

    def reset(self) -> None:
        g = self.start.copy()
        for text in self.line:
            g.apply(g.parse_action(text))
        self.seat = g.turn if g.turn is not None else 0
        self.session = self._session(g)
        self.done, self.solved, self.shown = 0, False, False
        self.message, self.tone, self.dialog = "", "", ""
        self.prompt = self.editor.recorder_prompt(g)

    def play(self, action) -> None:
        s = self.session
        before = s.state.copy()
        s.play(action)                       # raises, changing nothing, if illegal
        said = self._said(before.copy(), action, "")
        other = self.editor.alt is not None         # (another answer, or a mistake)
        self.editor.recorded(before, action)
        self.line = self.editor.recorder_line()
        self.reset()
        self.say(self.editor.notice if other else _("Recorded: {said}", said=said), "ok")


# a start tag's attributes: name, and a value in double or single quotes or none
_ATTR = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
TAG = "<rami-board"


def board_tag(text: str) -> dict | None:
    """The attributes of the first ``<rami-board>`` of an HTML text, as a browser reads
    them (names in small letters, character references resolved), or None. One pass over
    the text, whatever it holds."""
    low = text.lower()
    start = low.find(TAG)
    while start >= 0 and start + len(TAG) < len(text) and \
            not (text[start + len(TAG)].isspace() or text[start + len(TAG)] in "/>"):
        start = low.find(TAG, start + 1)
    if start < 0:
        return None
    i = j = start + len(TAG)
    quote = ""
    while j < len(text):                # the tag's end: its first > outside quotes
        ch = text[j]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ">":
            break
        j += 1
    else:
        return None
    out = {}
    for a in _ATTR.finditer(text[i:j]):
        name = a.group(1).lower()
        if name not in out:             # (the first of a repeated attribute counts)
            value = next((x for x in a.groups()[1:] if x is not None), "")
            out[name] = unescape(value)
    return out


class Editor:
    """Everything the author has made, and the presses that change it."""

    def __init__(self, variant: str = "gin", seed=1, lang: str = "en"):
        self.lang = lang
        self.seed = seed
        self.draft = random_draft(variant, _players(variant), {}, seed)
        self.kind = "show"
        self.line: list[Step] = []
        self.mistakes: list[list[str]] = []         # [move, note]
        self.prompt = ""
        self.success = ""
        self.look = {"caption": "", "seat": "", "reveal": "", "theme": "light",
                     "card-size": "", "lang": "", "step": "", "felt": ""}
        self.width = "column"
        self.target = "hand:0"
        self.alt: tuple[str, int] | None = None      # recording another answer or a mistake
        self.notice = ""                            # what the last press did, if worth saying
        self.match: GameState | None = None          # a match file opened: its hands
        self.match_deal: str | None = None
        self.match_hand = 0
        self.start: GameState | None = None
        self.problem = ""
        self.check()

    # -- the position ---------------------------------------------------------------------
    @property
    def tiles(self) -> bool:
        return self.draft.var.uses_tiles

    def deal(self) -> str:
        return self.draft.deal()

    def check(self) -> None:
        """The engine's door checks on the position (and the recorded moves on it): the
        position's problem in words, or none; moves that no longer play are dropped, and
        said."""
        try:
            self.start = from_deal(self.deal())
            self.problem = ""
        except DealSyntaxError as e:
            self.start, self.problem = None, _sentence(str(e))
            return
        self._check_line()
        step = self.look["step"]
        if step.isdigit() and int(step) >= len(self.line) or step == "end" and not self.line:
            self.look["step"] = ""              # (a step the line no longer has)

    def _check_line(self) -> None:
        g = self.start.copy()
        for k, step in enumerate(self.line):
            try:
                if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                    raise RamiError(_("the hand is already over"))
                step.seat = g.turn if g.turn is not None else 0
                before = g.copy()
                g.apply(g.parse_action(step.text))
                step.answers = [x for x in step.answers if _plays(before, x)]
            except (RamiError, CardSyntaxError) as e:
                self.notice = n_(
                    "The position changed: the recorded move {number} no longer plays "
                    "({why}), so it was dropped.", "The position changed: the recorded moves "
                    "from {number} on no longer play ({why}), so they were dropped.",
                    len(self.line) - k, number=k + 1, why=str(e).rstrip("."))
                del self.line[k:]
                break

    def recorder_line(self) -> list[str]:
        """The moves the recording table stands after."""
        if self.alt:
            return [s.text for s in self.line[:self.alt[1]]]
        return [s.text for s in self.line]

    def recorder_prompt(self, g: GameState) -> str:
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return _("The hand is over.")
        who = g.names[g.turn]
        if self.alt:
            kind, k = self.alt
            return _("Play another right answer for move {number} ({who} to play).",
                     number=k + 1, who=who) if kind == "answer" else \
                _("Play the tempting mistake for move {number} ({who} to play).",
                  number=k + 1, who=who)
        return _("{who} to play: play the move to record it.", who=who)

    def recorded(self, before: GameState, action) -> None:
        """A move played at the recording table."""
        text = str(action)
        seat = before.turn if before.turn is not None else 0
        if self.alt:
            kind, k = self.alt
            self.alt = None
            step = self.line[k]
            if same_move(action, before.parse_action(step.text)) or any(
                    same_move(action, before.parse_action(x)) for x in step.answers):
                self.notice = _("That is move {number} as it is already written.",
                                number=k + 1)
            elif kind == "answer":
                step.answers.append(text)
                self.notice = _("Move {number} now also accepts: {move}.", number=k + 1,
                                move=text)
            elif not any(m[0] == text for m in self.mistakes):
                self.mistakes.append([text, ""])
                self.notice = _("A known mistake is added: {move}. Write what the reader is "
                                "told.", move=text)
            return
        self.line.append(Step(text, "", [], seat))
        self.notice = ""
        if self.kind == "show":
            self.kind = "replay"

    def puzzle_seat(self) -> int | None:
        return self.start.turn if self.start is not None else None

    # -- presses --------------------------------------------------------------------------
    def act(self, name: str, value: str = "") -> None:
        """A press or a change in the editor (``data-act`` or ``data-field``, with the
        field's value); one that cannot be done is said in :attr:`notice`."""
        self.notice = ""
        name = str(name)[:80]
        value = str(value) if name == "open" else str(value)[:4000]    # (a match file: long)
        with pieces(self.tiles):
            try:
                self._act(name, value)
            except (RamiError, CardSyntaxError) as e:
                self.notice = str(e)
        self.check()

    def _act(self, name: str, value: str) -> None:
        kind, _x, arg = name.partition(":")
        d = self.draft
        if kind == "target":
            d.zone(arg)
            self.target = arg
        elif kind == "pick":
            self.place(arg, self.target)
        elif kind == "drop":                  # a piece dragged onto a zone: code>zone
            code, _x, zone = arg.partition(">")
            self.place(code, zone)
        elif kind == "move":                  # a placed piece dragged: zone/index>zone
            src, _x, zone = arg.partition(">")
            z, _x, i = src.rpartition("/")
            code = self.unplace(z, int(i) if i.isdigit() else -1)
            try:
                self.place(code, zone)
            except EditorError:
                self.place(code, z)
                raise
        elif kind == "unplace":
            z, _x, i = arg.rpartition("/")
            self.unplace(z, int(i) if i.isdigit() else -1)
        elif kind == "variant":
            if arg not in variant_names():
                raise EditorError(_("rami has no variant '{name}'.", name=arg[:30]))
            self.new_deal(arg, _players(arg), {})
        elif kind == "players":
            n = int(value) if value.isdigit() else 0
            v = d.var
            if not v.min_players <= n <= v.max_players:
                raise EditorError(_("{game} is played by {lo} to {hi} players, not {n}",
                                    game=v.title, lo=v.min_players, hi=v.max_players, n=n))
            self.new_deal(d.variant, n, v.fit_options(n, dict(d.options)))
        elif kind == "opt":
            self.set_option(arg, value)
        elif kind == "random":
            self.seed = (self.seed * 1103515245 + 12345) % 2 ** 31 if isinstance(
                self.seed, int) else 1
            self.new_deal(d.variant, d.n, dict(d.options))
        elif kind == "clear":
            d.hands = [[] for _x in d.hands]
            d.discard, d.stock, d.table = [], [], []
            d.aside = {k: "" for k in d.aside}
            self.target = "hand:0"
            self.line.clear()
        elif kind == "fill":
            self.fill()
        elif kind == "newmeld":
            d.table.append([d.turn, []])
            self.target = f"meld:{len(d.table) - 1}"
        elif kind == "dropmeld" and arg.isdigit() and int(arg) < len(d.table):
            del d.table[int(arg)]
            self.target = "hand:0"
        elif kind == "owner" and arg.isdigit() and int(arg) < len(d.table):
            d.table[int(arg)][0] = self._seat_value(value)
        elif kind == "name" and arg.isdigit() and int(arg) < d.n:
            d.names[int(arg)] = _name(value, int(arg))
        elif kind in ("turn", "dealer"):
            setattr(d, kind, self._seat_value(value))
        elif kind == "phase":
            d.phase = value if value in self._phases() else d.phase
        elif kind == "hand":
            d.hand = int(value) if value.isdigit() and 1 <= int(value) <= 10_000 else 1
        elif kind == "score" and arg.isdigit() and int(arg) < self._sides():
            k = int(arg)
            sides = self._sides()
            d.scores = (d.scores + [0] * sides)[:sides]
            x = value.strip()
            d.scores[k] = int(x) if re.fullmatch(r"-?\d{1,6}", x) else 0
        elif kind == "more" and arg in d.more:
            d.more[arg] = value
        elif kind == "kind" and arg in KINDS:
            self.kind = arg
        elif kind == "note" and arg.isdigit() and int(arg) < len(self.line):
            self.line[int(arg)].note = _note(value)
        elif kind == "cut" and arg.isdigit():             # the moves from this one on
            del self.line[int(arg):]
            self.alt = None
        elif kind == "undo" and self.line:
            self.line.pop()
            self.alt = None
        elif kind in ("answer", "mistake") and arg.isdigit() and int(arg) < len(self.line):
            self.alt = (kind, int(arg))
        elif kind == "stopalt":
            self.alt = None
        elif kind == "dropanswer":
            k, _x, j = arg.partition("/")
            if k.isdigit() and j.isdigit() and int(k) < len(self.line) and \
                    int(j) < len(self.line[int(k)].answers):
                del self.line[int(k)].answers[int(j)]
        elif kind == "mistakenote" and arg.isdigit() and int(arg) < len(self.mistakes):
            self.mistakes[int(arg)][1] = _note(value)
        elif kind == "dropmistake" and arg.isdigit() and int(arg) < len(self.mistakes):
            del self.mistakes[int(arg)]
        elif kind in ("prompt", "success"):
            setattr(self, kind, " ".join(value.split())[:400])
        elif kind == "look" and arg in self.look:
            self.look[arg] = " ".join(value.split())[:400]
        elif kind == "width" and arg in WIDTHS:
            self.width = arg
        elif kind == "open":
            self.open(value)
        elif kind == "matchhand" and self.match is not None and value.isdigit():
            self.open_hand(int(value))

    def _seat_value(self, value: str) -> int:
        if not value.isdigit() or int(value) >= self.draft.n:
            raise EditorError(_("Choose a seat from 0 to {last}.", last=self.draft.n - 1))
        return int(value)

    def _phases(self) -> list[str]:
        return [p.value for p in self.draft.var.phases()
                if p not in (Phase.HAND_OVER, Phase.MATCH_OVER)]

    def _sides(self) -> int:
        d = self.draft
        return len(set(d.var.teams(GameState(d.variant, d.n, d.options, 0, _empty=True))))

    def new_deal(self, variant: str, n: int, options: dict) -> None:
        """A random deal of the game (its house rules kept): the moves go, the looks
        stay."""
        names = self.draft.names
        self.draft = random_draft(variant, n, options, self.seed)
        self.draft.names = [names[s] if s < len(names) else NAMES[s] for s in range(n)]
        self.line.clear()
        self.mistakes.clear()
        self.alt = None
        self.target = "hand:0"
        self.match = None
        if self.look["seat"].isdigit() and int(self.look["seat"]) >= n:
            self.look["seat"] = ""

    def set_option(self, name: str, value: str) -> None:
        d = self.draft
        opt = next((o for o in d.var.OPTIONS if o.name == name), None)
        if opt is None:
            raise EditorError(_("{game} has no house rule '{rule}'. Its rules are: {rules}",
                                game=d.var.title, rule=name[:40],
                                rules=", ".join(o.name for o in d.var.OPTIONS)))
        if isinstance(opt.default, bool):
            x = value in ("true", "on", "1")
        elif isinstance(opt.default, int) and not isinstance(opt.default, bool):
            x = int(value) if re.fullmatch(r"-?\d{1,6}", value.strip()) else opt.default
        else:
            x = value
        options = dict(d.options, **{name: x})
        try:
            options = d.var.resolve_options(options)
            GameState(d.variant, d.n, options, 0, _empty=True)
        except (RamiError, CardSyntaxError) as e:
            raise EditorError(str(e)) from None
        before = d.deck()
        d.options = options
        if d.deck() != before:                  # another deck (Indian's decks): deal again
            self.new_deal(d.variant, d.n, options)
            self.notice = _("The deck changed with this house rule: here is a new deal.")

    # -- placing pieces -------------------------------------------------------------------
    def place(self, code: str, zone: str) -> None:
        """A piece from what is left, into a zone (an aside slot takes one: it replaces
        what was there)."""
        d = self.draft
        try:
            card = Card.parse(code)
        except (RamiError, CardSyntaxError) as e:
            raise EditorError(str(e)) from None
        code = str(card)
        target = d.zone(zone)                     # (an unknown zone: refused)
        if d.left()[code] <= 0:
            raise EditorError(_("Every {piece} of the deck is already placed.",
                                piece=card_label(card).split(", ", 1)[-1]))
        kind, _x, arg = zone.partition(":")
        if kind == "aside":
            d.aside[arg] = code
        else:
            target.append(code)

    def unplace(self, zone: str, index: int) -> str:
        """A placed piece back to what is left; its code."""
        d = self.draft
        kind, _x, arg = zone.partition(":")
        if kind == "aside":
            code = d.aside.get(arg, "")
            if not code:
                raise EditorError(_("There is no such place on the table."))
            d.aside[arg] = ""
            return code
        cards = d.zone(zone)
        if not 0 <= index < len(cards):
            raise EditorError(_("There is no such place on the table."))
        code = cards.pop(index)
        return str(token_card(code))

    def fill(self) -> None:
        """Every hand filled up to the size a deal gives it, at random from what is left
        (the same way for the same position); an empty discard pile and the variant's own
        pieces too, as a deal places them."""
        import random
        d = self.draft
        fresh = random_draft(d.variant, d.n, d.options, self.seed)
        left = sorted(d.left().elements())
        random.Random(f"{self.seed}/{d.deal()}").shuffle(left)
        for key, code in fresh.aside.items():
            if code and not d.aside.get(key) and left:
                d.aside[key] = left.pop()
        for s, h in enumerate(d.hands):
            want = len(fresh.hands[s]) + (1 if s == d.turn and d.phase == "play" else 0)
            while len(h) < want and left:
                h.append(left.pop())
        while len(d.discard) < len(fresh.discard) and left:
            d.discard.append(left.pop())

    # -- opening what rami writes ---------------------------------------------------------
    def open(self, text: str) -> None:
        """A deal string, a board's HTML, a link (a shared hand's, or into the game) or a
        match file, as the editor's board."""
        text = str(text)
        if len(text) > MAX_OPEN:
            raise EditorError(_("This text is too long to open ({count} characters).",
                                count=len(text)))
        body = text.strip()
        if not body:
            raise EditorError(_("Paste a deal string, a board's HTML, a link or a match file "
                                "first."))
        if body.startswith(HEADER):
            return self.open_match(body)
        if "<rami-board" in body.lower():
            found = board_tag(body)
            if found is None or not found.get("deal"):
                raise EditorError(_("This HTML has no <rami-board> with a deal."))
            return self.open_attrs(found)
        if re.match(r"^(https?:|\.{0,2}/|[\w.-]+\.html)", body) or "#deal=" in body \
                or "?deal=" in body:
            got = link_fields(body)
            if not got.get("deal", "").strip():
                raise EditorError(_("This link holds no position: a shared hand's link or "
                                    "a game's link with ?deal= does."))
            attrs = {"deal": got["deal"], "moves": got.get("moves", ""),
                     "seat": got.get("seat", ""), "caption": got.get("title", ""),
                     "lang": got.get("lang", "")}
            return self.open_attrs({k: x for k, x in attrs.items() if x})
        return self.open_attrs({"deal": body})

    def open_attrs(self, attrs: dict) -> None:
        """A board's attributes (its deal, moves or solution, looks) as the editor's."""
        a = {str(k).lower(): str(x) for k, x in attrs.items()}
        draft = read_deal(a["deal"])
        line: list[Step] = []
        mistakes: list[list[str]] = []
        try:
            mode = a.get("mode", "").strip().lower()
            if not mode:
                mode = "puzzle" if "solution" in a else "replay" if "moves" in a else "show"
            if mode not in KINDS:
                mode = "show"
            source = a.get("solution" if mode == "puzzle" else "moves", "")
            for m in parse_moves(source, "solution" if mode == "puzzle" else "moves"):
                answers = m.answers if mode == "puzzle" else [m.text]
                line.append(Step(answers[0], _note(m.note), answers[1:]))
            for m in parse_moves(a.get("mistakes", ""), "mistakes"):
                mistakes.append([m.text, _note(m.note)])
        except BoardError as e:
            raise EditorError(str(e)) from None
        self.draft = draft
        self.kind = mode                # (a puzzle without a solution: a free try)
        self.line, self.mistakes, self.alt = line, mistakes, None
        self.prompt = " ".join(a.get("prompt", "").split())
        self.success = " ".join(a.get("success", "").split())
        self.look = {k: " ".join(a.get(k, x).split())[:400] for k, x in self.look.items()}
        self.look["theme"] = self.look["theme"] if self.look["theme"] in (
            "light", "dark", "auto") else "light"
        self.target = "hand:0"
        self.match = None
        self.check()
        self.notice = self.notice or _("Opened.")

    def open_match(self, text: str) -> None:
        try:
            g = read_match(text)
        except RecordError as e:
            raise EditorError(str(e)) from None
        deal = None
        for line in text.splitlines():
            if line.startswith("deal:"):
                deal = json.loads(line[5:])
                break
            if line.strip() == "moves:":
                break
        self.match, self.match_deal = g, deal
        self.open_hand(self.hands_in_match() - 1)

    def hands_in_match(self) -> int:
        return 1 + sum(1 for a in self.match.history if str(a) == "deal") if self.match \
            else 0

    def open_hand(self, hand: int) -> None:
        """One hand of the match opened, as a replay."""
        from .share import hand_of
        g = self.match
        if not 0 <= hand < self.hands_in_match():
            raise EditorError(_("The match has no hand {number}.", number=hand + 1))
        deal, moves = hand_of(g, hand, self.match_deal)
        self.open_attrs({"deal": deal, "moves": "; ".join(moves)})
        self.match, self.match_hand = g, hand

    # -- the board made -------------------------------------------------------------------
    def attrs(self) -> dict:
        """The ``<rami-board>``'s attributes, in the order they are written."""
        out = {"deal": self.deal()}
        if self.kind == "replay" and self.line:
            out["moves"] = "; ".join(s.text + (f" {{{s.note}}}" if s.note else "")
                                     for s in self.line)
        if self.kind == "puzzle":
            out["mode"] = "puzzle"
            if self.prompt:
                out["prompt"] = self.prompt
            if self.line:
                out["solution"] = "; ".join(
                    " or ".join([s.text] + s.answers) + (f" {{{s.note}}}" if s.note else "")
                    for s in self.line)
            if self.mistakes:
                out["mistakes"] = "; ".join(m + (f" {{{x}}}" if x else "")
                                            for m, x in self.mistakes)
            if self.success:
                out["success"] = self.success
        for key in ("caption", "seat", "reveal", "step", "theme", "felt", "card-size", "lang"):
            x = self.look[key]
            if not x or (key == "theme" and x == "light") or \
                    (key == "step" and self.kind != "replay") or \
                    (key == "seat" and self.kind == "puzzle"):
                continue
            out[key] = x
        return out

    def board_html(self, script: str) -> str:
        """The two lines an author's page needs."""
        attrs = " ".join(f'{k}="{esc(x)}"' for k, x in self.attrs().items())
        return f'<script src="{esc(script)}"></script>\n<rami-board {attrs}></rami-board>'

    def game_link(self, base: str) -> str:
        """The address of the position in the game (played against the computer)."""
        return base + "index.html?deal=" + quote_all(self.deal())

    def recording(self) -> bool:
        """Whether the recording table is out (moves to record on a sound position)."""
        return self.kind != "show" and not self.problem

    # -- drawing --------------------------------------------------------------------------
    def frame_html(self) -> str:
        """The page's parts, empty, with their headings (drawn once)."""
        with pieces(self.tiles):
            heads = (("ed-game", _("1. The game")), ("ed-position", _("2. The position")),
                     ("ed-moves", _("3. Position, replay or puzzle")),
                     ("ed-look", _("4. How it looks")))
        sections = "".join(
            f'<section class="ed-part" aria-labelledby="{k}-h"><h2 id="{k}-h">{esc(h)}</h2>'
            + ('<div id="ed-status" class="ed-status" role="status" aria-live="polite"></div>'
               if k == "ed-position" else "")
            + f'<div id="{k}"></div>'
            + ('<div id="ed-record-wrap" class="ed-record"><rami-board id="ed-recorder" '
               'mode="record" reveal="all" card-size="small"></rami-board></div>'
               if k == "ed-moves" else "")
            + '</section>' for k, h in heads)
        return (f'{symbol_defs()}<h1>{esc(_("Board editor"))}</h1><p class="lede">'
                f'{esc(_("Build a position by clicking cards, record moves or a puzzle, and take the two lines of HTML for your page. Nothing you make leaves this page."))}'
                f'</p><div class="ed-layout"><div class="ed-main">{sections}</div>'
                f'<div class="ed-side"><section class="ed-part" aria-labelledby="ed-preview-h">'
                f'<h2 id="ed-preview-h">{esc(_("Preview"))}</h2><div id="ed-frame" '
                f'class="ed-frame"><rami-board id="ed-preview"></rami-board></div></section>'
                f'<section class="ed-part" aria-labelledby="ed-out-h"><h2 id="ed-out-h">'
                f'{esc(_("5. Your board"))}</h2><div id="ed-out"></div></section></div></div>'
                f'<div id="ed-said" class="sr-only" aria-live="polite"></div>')

    def out_html(self, base: str) -> str:
        """The board written out: its HTML, a link into the game, its deal string."""
        with pieces(self.tiles):
            if self.problem:
                return (f'<p class="ed-hint">'
                        f'{esc(_("The board is written here once the position is sound."))}</p>')
            html = self.board_html(base + "static/embed.js")
            link = self.game_link(base)

            def field(key, label, text, rows=0):
                box = (f'<textarea id="ed-out-{key}" readonly rows="{rows}" spellcheck="false">'
                       f'{esc(text)}</textarea>' if rows else
                       f'<input id="ed-out-{key}" readonly value="{esc(text)}" spellcheck="false">')
                return (f'<div class="ed-out-item"><label for="ed-out-{key}">{esc(label)}'
                        f'</label>{box}<button type="button" class="btn small" '
                        f'data-act="copy:{key}">{esc(_("Copy"))}</button></div>')
            return (field("html", _("The HTML for your page"), html, 6)
                    + field("link", _("A link that opens this position in the game"), link)
                    + f'<p class="ed-hint"><a href="{esc(link)}" target="_blank" rel="noopener">'
                    f'{esc(_("Play it in the game"))}</a></p>'
                    + field("deal", _("The deal string"), self.deal(), 3))

    def html(self) -> dict[str, str]:
        """The editor's parts, each drawn (the page replaces each by its id)."""
        with pieces(self.tiles):
            w = words_for(self.draft.var)
            return {k: w.html(x) for k, x in (
                ("ed-game", self.game_html()), ("ed-position", self.position_html()),
                ("ed-moves", self.moves_html()), ("ed-look", self.look_html()),
                ("ed-status", self.status_html()))}

    def status_html(self) -> str:
        notice = (f'<p class="ed-notice">{pretty_text(self.notice)}</p>'
                  if self.notice else "")
        if self.problem:
            return (f'{notice}<p class="ed-bad"><b>{esc(_("Not a position rami can play:"))}'
                    f'</b> {pretty_text(self.problem)}</p>')
        g = self.start
        who = g.names[g.turn]
        return (f'{notice}<p class="ed-good"><b>{esc(_("A sound position."))}</b> '
                f'{esc(_("{who} to play ({phase}).", who=who, phase=_phase_words(g.phase.value)))}'
                f'</p>')

    def game_html(self) -> str:
        d = self.draft
        v = d.var
        games = "".join(
            f'<option value="{esc(name)}"{" selected" if name == d.variant else ""}>'
            f'{esc(_(find_variant(name).title))}</option>' for name in variant_names())
        players = "".join(
            f'<option value="{k}"{" selected" if k == d.n else ""}>'
            f'{n_("{n} player", "{n} players", k)}</option>'
            for k in range(v.min_players, v.max_players + 1))
        opts = "".join(_option_input(o, d.options.get(o.name, o.default))
                       for o in game(d.variant).options)
        hands = ""
        if self.match is not None:
            count = self.hands_in_match()
            choice = "".join(f'<option value="{k}"{" selected" if k == self.match_hand else ""}>'
                             f'{k + 1}</option>' for k in range(count))
            hands = (f'<label class="ed-inline">{esc(_("Hand of the match"))} '
                     f'<select data-field="matchhand">{choice}</select></label>')
        return (f'<div class="ed-row"><label>{esc(_("Game"))} <select data-field="variant">'
                f'{games}</select></label><label>{esc(_("Players"))} '
                f'<select data-field="players">{players}</select></label></div>'
                f'<details class="house"><summary>{esc(_("House rules"))}</summary>'
                f'<div class="opts">{opts}</div></details>'
                f'<div class="ed-row ed-buttons">'
                f'<button type="button" class="btn" data-act="random">{esc(_("A new random deal"))}'
                f'</button><button type="button" class="btn" data-act="clear">'
                f'{esc(_("Clear the table"))}</button><button type="button" class="btn" '
                f'data-act="fill">{esc(_("Fill each hand at random"))}</button></div>'
                f'<details class="ed-open"><summary>{esc(_("Open a board, a link, a deal string or a match file"))}'
                f'</summary><label class="ed-block">{esc(_("Paste it here:"))}'
                f'<textarea data-field="opentext" rows="3" spellcheck="false"></textarea>'
                f'</label><div class="ed-row"><button type="button" class="btn" '
                f'data-act="open">{esc(_("Open"))}</button><label class="ed-file">'
                f'{esc(_("or a match file:"))} <input type="file" data-field="openfile" '
                f'accept=".txt,text/plain"></label>{hands}</div></details>')

    def position_html(self) -> str:
        d = self.draft
        zones = []
        for s in range(d.n):
            name = (f'<input class="ed-name" data-field="name:{s}" maxlength="40" '
                    f'value="{esc(d.names[s])}" aria-label="'
                    f'{esc(_("Seat {seat}: name", seat=s))}">')
            zones.append(self.zone_html(f"hand:{s}", _("Seat {seat}", seat=s), name))
        melds = []
        for k, (owner, _t) in enumerate(d.table):
            seats = "".join(f'<option value="{s}"{" selected" if s == owner else ""}>'
                            f'{esc(d.names[s])}</option>' for s in range(d.n))
            extra = (f'<label class="ed-inline">{esc(_("whose"))} <select '
                     f'data-field="owner:{k}">{seats}</select></label>'
                     f'<button type="button" class="btn small ghost" data-act="dropmeld:{k}">'
                     f'{esc(_("Remove this meld"))}</button>')
            melds.append(self.zone_html(f"meld:{k}", _("Meld {number}", number=k + 1), extra))
        table = (f'<div class="ed-table"><h3>{esc(_("The table"))}</h3>{"".join(melds)}'
                 f'<button type="button" class="btn small" data-act="newmeld">'
                 f'{esc(_("A new meld on the table"))}</button></div>')
        piles = [self.zone_html("discard", _("The discard pile, bottom to top")),
                 self.zone_html("stock", _("The top of the stock, top first (the rest is "
                                           "shuffled below)"))]
        for key, words in ASIDE.get(d.variant, ()):
            piles.append(self.zone_html(f"aside:{key}", _(words)))
        return (f'<div class="ed-zones">{"".join(zones)}{table}{"".join(piles)}</div>'
                f'{self.picker_html()}{self.settings_html()}')

    def zone_html(self, zone: str, title: str, extra: str = "") -> str:
        d = self.draft
        on = zone == self.target
        cards = d.zone(zone)
        pieces_ = "".join(
            f'<button type="button" class="ed-card" draggable="true" '
            f'data-act="unplace:{zone}/{i}" data-drag="{zone}/{i}">'
            f'{card_svg(token_card(c), hidden=True, simple=True)}'
            f'<span class="sr-only">{esc(_("{card}: put it back", card=card_label(token_card(c))))}'
            f'</span></button>' for i, c in enumerate(cards))
        count = n_("{n} card", "{n} cards", len(cards))
        empty = "" if cards else f'<span class="ed-empty">{esc(_("empty"))}</span>'
        return (f'<div class="ed-zone{" on" if on else ""}" data-zone="{esc(zone)}">'
                f'<div class="ed-zone-head"><span class="ed-zone-title">{esc(title)}</span>'
                f'{extra}<span class="ed-count">{esc(count)}</span>'
                f'<button type="button" class="btn small{" primary" if on else ""}" '
                f'data-act="target:{esc(zone)}" aria-pressed="{str(on).lower()}">'
                f'{esc(_("Place here"))}</button></div>'
                f'<div class="ed-cards">{pieces_}{empty}</div></div>')

    def picker_html(self) -> str:
        d = self.draft
        left = d.left()
        rows: dict[str, list[str]] = {}
        for code in dict.fromkeys(str(c) for c in d.var.deck(
                GameState(d.variant, d.n, d.options, 0, _empty=True))):
            card = Card.parse(code)
            rows.setdefault(card.suit or "*", []).append(code)
        out = []
        hint = esc(_("What is left of the deck: click a card to place it in {where}, or drag "
                     "it to any place. Click a placed card to put it back.", where="\0")
                   ).replace("\0", f"<b>{esc(_zone_words(self.target, d))}</b>")
        for row in rows.values():
            cells = []
            for code in row:
                k = left[code]
                card = Card.parse(code)
                label = _("{card}, {n} left: place it in {where}", card=card_label(card), n=k,
                          where=_zone_words(self.target, d))
                many = f'<span class="ed-left" aria-hidden="true">{k}</span>' \
                    if d.deck()[code] > 1 else ""
                cells.append(
                    f'<button type="button" class="ed-pick" data-act="pick:{code}" '
                    f'data-drag="{code}" draggable="{"true" if k else "false"}"'
                    f'{" disabled" if k <= 0 else ""}>'
                    f'{card_svg(card, hidden=True, simple=True)}{many}'
                    f'<span class="sr-only">{esc(label)}</span></button>')
            out.append(f'<div class="ed-pick-row">{"".join(cells)}</div>')
        return (f'<div class="ed-picker" role="group" aria-label="{esc(_("What is left of the deck"))}">'
                f'<p class="ed-hint">{hint}</p>'
                f'{"".join(out)}</div>')

    def settings_html(self) -> str:
        d = self.draft

        def seats(key, value):
            return "".join(f'<option value="{s}"{" selected" if s == value else ""}>'
                           f'{esc(d.names[s])}</option>' for s in range(d.n))
        phases = "".join(f'<option value="{p}"{" selected" if p == d.phase else ""}>'
                         f'{esc(_phase_words(p))}</option>' for p in self._phases())
        sides = self._sides()
        scores = (d.scores + [0] * sides)[:sides]
        score_inputs = "".join(
            f'<input type="number" data-field="score:{k}" value="{scores[k]}" '
            f'aria-label="{esc(_("Score of side {number}", number=k + 1))}">'
            for k in range(sides))
        more = "".join(
            f'<label class="ed-inline">{esc(key)} <input data-field="more:{esc(key)}" '
            f'value="{esc(x)}" spellcheck="false"></label>' for key, x in d.more.items())
        title = _("More of this game's position")
        more_html = (f'<details class="ed-more"><summary>{esc(title)}'
                     f'</summary><p class="ed-hint">{esc(_("As a deal string writes them; the board guide lists them."))}'
                     f'</p>{more}</details>') if more else ""
        return (f'<div class="ed-row ed-settings">'
                f'<label>{esc(_("To play"))} <select data-field="turn">{seats("turn", d.turn)}'
                f'</select></label><label>{esc(_("What they do now"))} <select '
                f'data-field="phase">{phases}</select></label><label>{esc(_("Dealer"))} '
                f'<select data-field="dealer">{seats("dealer", d.dealer)}</select></label>'
                f'<label>{esc(_("Hand number"))} <input type="number" min="1" max="10000" '
                f'data-field="hand" value="{d.hand}"></label>'
                f'<span class="ed-scores">{esc(_("Scores so far"))} {score_inputs}</span></div>'
                f'{more_html}')

    def moves_html(self) -> str:
        kinds = "".join(
            f'<button type="button" class="btn small{" primary" if k == self.kind else ""}" '
            f'data-act="kind:{k}" aria-pressed="{str(k == self.kind).lower()}">'
            f'{esc(_(KIND_WORDS[k]))}</button>' for k in KINDS)
        told = {"show": _("The reader looks at the position."),
                "replay": _("The reader steps through the moves you record, with your notes."),
                "puzzle": _("The reader plays the moves of the seat to play; the engine "
                            "checks each one against the solution you record.")}[self.kind]
        out = [f'<div class="ed-row ed-kinds" role="group" aria-label="{esc(_("The board"))}">'
               f'{kinds}</div><p class="ed-hint">{esc(told)}</p>']
        if self.problem:
            out.append(f'<p class="ed-hint">{esc(_("Mend the position to record moves."))}</p>')
            return "".join(out)
        if self.kind == "puzzle":
            out.append(f'<label class="ed-block">{esc(_("The question"))} <input '
                       f'data-field="prompt" value="{esc(self.prompt)}" placeholder="'
                       f'{esc(_("Your move."))}"></label>')
        steps = []
        g = self.start.copy()
        reader = self.puzzle_seat()
        for k, step in enumerate(self.line):
            who = g.names[step.seat]
            g.apply(g.parse_action(step.text))
            answers = "".join(
                f'<li>{esc(_("or"))} <span class="ed-move">{pretty_text(x)}</span> '
                f'<button type="button" class="btn small ghost" data-act="dropanswer:{k}/{j}">'
                f'{esc(_("Remove"))}</button></li>' for j, x in enumerate(step.answers))
            tools = ""
            if self.kind == "puzzle" and step.seat == reader:
                tools = (f'<button type="button" class="btn small" data-act="answer:{k}">'
                         f'{esc(_("Another right answer"))}</button><button type="button" '
                         f'class="btn small" data-act="mistake:{k}">'
                         f'{esc(_("A tempting mistake"))}</button>')
            steps.append(
                f'<li class="ed-step{" alt" if self.alt and self.alt[1] == k else ""}">'
                f'<div class="ed-step-head"><b>{k + 1}.</b> {esc(who)}: '
                f'<span class="ed-move">{pretty_text(step.text)}</span>{tools}'
                f'<button type="button" class="btn small ghost" data-act="cut:{k}">'
                f'{esc(_("Remove from here"))}</button></div>'
                f'{f"<ul class=ed-answers>{answers}</ul>" if answers else ""}'
                f'<input class="ed-note" data-field="note:{k}" value="{esc(step.note)}" '
                f'placeholder="{esc(_("A note for this move (optional)"))}" aria-label="'
                f'{esc(_("Note for move {number}", number=k + 1))}"></li>')
        if self.kind != "show":
            if steps:
                out.append(f'<ol class="ed-steps">{"".join(steps)}</ol>')
            elif self.kind == "puzzle":
                out.append(f'<p class="ed-hint">{esc(_("No solution recorded yet: without one, the reader may play any legal move, and the engine explains it. Play the solution at the table below, for whoever is to play."))}</p>')
            else:
                out.append(f'<p class="ed-hint">{esc(_("No move recorded yet: play them at the table below, for whoever is to play."))}</p>')
            if self.alt:
                out.append(f'<p class="ed-alt" role="status">{esc(self.recorder_prompt(self._alt_state()))} '
                           f'<button type="button" class="btn small" data-act="stopalt">'
                           f'{esc(_("Cancel"))}</button></p>')
            elif self.line:
                out.append(f'<button type="button" class="btn small" data-act="undo">'
                           f'{esc(_("Take back the last move"))}</button>')
        if self.kind == "puzzle":
            mistakes = "".join(
                f'<li><span class="ed-move">{pretty_text(m)}</span> <input class="ed-note" '
                f'data-field="mistakenote:{k}" value="{esc(x)}" placeholder="'
                f'{esc(_("Why it is wrong"))}" aria-label="'
                f'{esc(_("Why {move} is wrong", move=m))}"><button type="button" '
                f'class="btn small ghost" data-act="dropmistake:{k}">{esc(_("Remove"))}'
                f'</button></li>' for k, (m, x) in enumerate(self.mistakes))
            if mistakes:
                out.append(f'<h3>{esc(_("Tempting mistakes"))}</h3><ul class="ed-mistakes">'
                           f'{mistakes}</ul>')
            out.append(f'<label class="ed-block">{esc(_("Said when it is solved"))} <input '
                       f'data-field="success" value="{esc(self.success)}" placeholder="'
                       f'{esc(_("Solved."))}"></label>')
        return "".join(out)

    def _alt_state(self) -> GameState:
        g = self.start.copy()
        for s in self.line[:self.alt[1]]:
            g.apply(g.parse_action(s.text))
        return g

    def look_html(self) -> str:
        d = self.draft
        look = self.look

        def choice(key, options):
            return "".join(f'<option value="{esc(k)}"{" selected" if look[key] == k else ""}>'
                           f'{esc(x)}</option>' for k, x in options)
        seats = [("", d.names[0])] + [(str(s), d.names[s]) for s in range(1, d.n)]
        reveal = [("", _("None")), ("all", _("All"))] + \
            [(str(s), d.names[s]) for s in range(d.n)]
        themes = [("light", _("Light")), ("dark", _("Dark")),
                  ("auto", _("As the reader's system"))]
        sizes = [("", _("Medium")), ("small", _("Small")), ("large", _("Large"))]
        langs = [("", _("The page's language"))] + list(LANGUAGES.items())
        felts = [("", _("Green")), ("#1d4e6b", _("Blue")), ("#3b2a5a", _("Purple")),
                 ("#6b1d2a", _("Red")), ("#3a3f44", _("Grey"))]
        if look["felt"] not in dict(felts):         # (an opened board's own colour)
            felts.append((look["felt"], look["felt"]))
        steps = [("", _("The deal")), ("end", _("The end"))] + \
            [(str(k), _("Move {number}", number=k)) for k in range(1, len(self.line))]
        widths = "".join(
            f'<button type="button" class="btn small{" primary" if k == self.width else ""}" '
            f'data-act="width:{k}" aria-pressed="{str(k == self.width).lower()}">{esc(x)}'
            f'</button>' for k, x in (("column", _("A column (680 px)")),
                                     ("phone", _("A phone (360 px)"))))
        return (f'<label class="ed-block">{esc(_("Caption"))} <input data-field="look:caption" '
                f'value="{esc(look["caption"])}"></label>'
                f'<div class="ed-row">'
                + ("" if self.kind == "puzzle" else
                   f'<label>{esc(_("The reader sits at"))} <select data-field="look:seat">'
                   f'{choice("seat", seats)}</select></label>')
                + f'<label>{esc(_("Shown face up"))} <select data-field="look:reveal">'
                f'{choice("reveal", reveal)}</select></label>'
                f'<label>{esc(_("Theme"))} <select data-field="look:theme">'
                f'{choice("theme", themes)}</select></label>'
                f'<label>{esc(_("Felt"))} <select data-field="look:felt">'
                f'{choice("felt", felts)}</select></label>'
                + (f'<label>{esc(_("Shown first"))} <select data-field="look:step">'
                   f'{choice("step", steps)}</select></label>' if self.kind == "replay" else "")
                + f'<label>{esc(_("Card size"))} <select data-field="look:card-size">'
                f'{choice("card-size", sizes)}</select></label>'
                f'<label>{esc(_("Language"))} <select data-field="look:lang">'
                f'{choice("lang", langs)}</select></label></div>'
                f'<div class="ed-row" role="group" aria-label="{esc(_("Preview width"))}">'
                f'{widths}</div>')


def _players(variant: str) -> int:
    v = find_variant(variant)
    return max(v.min_players, 2) if v.name != "push" else 4


def _note(text: str) -> str:
    """An author's note as a board holds it: one line, no braces."""
    return " ".join(str(text).replace("{", "(").replace("}", ")").split())[:400]


def _plays(g: GameState, text: str) -> bool:
    try:
        g.copy().apply(g.parse_action(text))
        return True
    except RamiError:
        return False


PHASE_WORDS = {"upcard": N_("the upcard: take it or pass"), "draw": N_("draw a card"),
               "play": N_("play: meld, lay off, discard"), "layoff": N_("lay off on the knock"),
               "show": N_("show after a declaration"), "rum": N_("a call of rum"),
               "exchange": N_("exchange for the exposed tile"),
               "opening": N_("the opening discard")}


def _phase_words(phase: str) -> str:
    return _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase.replace("_", " ")


def _zone_words(zone: str, d: Draft) -> str:
    kind, _x, arg = zone.partition(":")
    if kind == "hand":
        return _("{name}'s hand", name=d.names[int(arg)])
    if kind == "meld":
        return _("meld {number}", number=int(arg) + 1)
    if kind == "discard":
        return _("the discard pile")
    if kind == "stock":
        return _("the top of the stock")
    return _(dict(ASIDE.get(d.variant, ())).get(arg, "")).lower()


__all__ = ["Editor", "Draft", "Recorder", "EditorError", "read_deal", "random_draft"]
