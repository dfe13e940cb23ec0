"""Boards for rule-tutorial pages: a position to look at, moves to step through, or a
"your move" puzzle (pure Python: the browser glue is :mod:`rami.web.embed_app`).

A page embeds a board with rami's embed script and one element::

    <script src="https://example.org/rami/static/embed.js"></script>
    <rami-board deal="gin | 0: ... | 1: ... | discard: Kd" caption="..."></rami-board>

The script sends the element's attributes here; a :class:`Board` reads them (every one is
checked at the door: a mistake becomes a :class:`BoardError` that says what is wrong and
where), draws the board as HTML with the game's own card faces and table pieces, and
answers the reader's presses (``data-act``) with the board drawn again.

* **show**: the position from ``seat``, other hands hidden unless ``reveal`` says so;
* **replay**: ``moves`` (rami's action text, ``;`` or a new line between moves, an
  author's note in ``{braces}`` after a move) stepped through, each step said in words,
  the last one ending on the hand's scoring;
* **puzzle**: the reader plays ``seat``'s moves; each is checked by the engine (illegal:
  why not, nothing changes), then against the author's ``solution`` (right: its note; a
  listed ``mistakes`` move: its note; wrong: taken back, try again). Without a solution
  every legal move is welcome and explained.

>>> b = Board({"deal": "gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js "
...            "10d 4h | discard: Kd | turn: 0 | phase: draw", "moves": "draw; discard Kc"})
>>> b.mode, len(b.steps)
('replay', 2)
"""

from __future__ import annotations

import re
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass

from ..actions import Action, parse_action
from ..errors import RamiError
from ..i18n import (DEFAULT, LANGUAGES, _, n_, negotiate, normalise, p_, pieces, result_words,
                    speaking)
from ..scenario import DealSyntaxError, from_deal
from ..state import GameState, Phase
from .parts import LABEL_CLASS, LABEL_WORDS, back, esc, face, parse_code, pretty_text, short_names
from .session import BOT_PHASES, Session
from ..words import words_for

MODES = ("show", "replay", "puzzle")
THEMES = ("light", "dark", "auto")
CARD_SIZES = ("small", "medium", "large")
MAX_MOVES = 400
MAX_TEXT = 4000

# Every attribute a <rami-board> reads, and what it does (the author's page lists these;
# a test holds the page to this list). The last three are read by the embed script alone.
ATTRIBUTES = (
    ("deal", "The position, as a deal string: the variant and its house rules, then each "
             "seat's hand and the other parts of the table. Required."),
    ("mode", "show, replay or puzzle. Without it: puzzle if there is a solution, replay if "
             "there are moves, else show."),
    ("caption", "A line of text above the board. Card codes in it (Kd, 10h) are shown with "
                "their suit symbols."),
    ("seat", "Whose side of the table the reader sits at (a seat number). Default: seat 0, "
             "or in a puzzle the seat to move."),
    ("reveal", "Other hands shown face up: none (the default), all, or seat numbers "
               "separated by spaces."),
    ("moves", "Replay: the moves in rami's action text, separated by ; or new lines. A note "
              "in {braces} after a move is shown with that step."),
    ("step", "Replay: the step shown first, a number or end. Default 0, the deal."),
    ("prompt", "Puzzle: the question asked of the reader. Default: Your move."),
    ("solution", "Puzzle: the expected moves in order, as in moves, with {notes}; a move "
                 "that may be one of several is written with or (discard Kh or discard Jd). "
                 "Moves of other seats in it are played for them. Without it any legal move "
                 "is accepted."),
    ("mistakes", "Puzzle: tempting wrong moves, each with the {note} shown when the reader "
                 "plays it."),
    ("success", "Puzzle: what is said when the puzzle is solved (the author's "
                "explanation)."),
    ("theme", "light (the default), dark, or auto (follows the reader's system)."),
    ("felt", "The table's colour, any CSS colour (or the --rami-felt custom property)."),
    ("card-size", "small, medium (the default), large, or a width in pixels such as 70 "
                  "(or the --rami-card-width custom property)."),
    ("lang", "The language the board speaks: en, ro, hi, fr, es or de. Without it, the "
             "page's own (the lang of the board's nearest element that has one, as HTML "
             "inherits it), else English."),
)
READ_HERE = {name for name, _x in ATTRIBUTES} - {"theme", "felt", "card-size"}
# the language of the page around a board, sent by the embed script when the board has no
# lang of its own (not an error when rami does not speak it: the board speaks English)
PAGE_LANG = "page-lang"


def page_language(attrs) -> str:
    """The language of the page around a board, if rami speaks it; else English."""
    return negotiate([str(attrs.get(PAGE_LANG) or "")]) if isinstance(attrs, dict) \
        else DEFAULT


def board_language(attrs) -> str:
    """The language a board speaks: its ``lang`` (which must be one rami speaks), else the
    page's, else English."""
    if not isinstance(attrs, dict):
        return DEFAULT
    own = str(attrs.get("lang") or "").strip()
    if own:
        code = normalise(own)
        if code is None:
            with speaking(page_language(attrs)):
                raise BoardError(_("rami does not speak '{lang}': lang is one of {codes}.",
                                   lang=own[:40], codes=", ".join(
                                       f"{c} ({name})" for c, name in LANGUAGES.items())),
                                 "lang", own, (0, len(own)))
        return code
    return page_language(attrs)


class BoardError(RamiError):
    """A board that cannot be drawn as written: the words, the attribute, and where in it."""

    def __init__(self, message: str, attribute: str = "", text: str = "",
                 span: tuple[int, int] | None = None):
        super().__init__(message)
        self.attribute, self.text, self.span = attribute, text, span


@dataclass(frozen=True)
class Move:
    """One move of a ``moves``/``solution``/``mistakes`` list: its text, the author's note,
    and where it stands in the attribute (to point at it when it is wrong)."""

    text: str
    note: str
    start: int
    end: int

    @property
    def answers(self) -> list[str]:
        """A solution's move may accept several: ``discard Kh or discard Jd``."""
        return [x.strip() for x in re.split(r"\s+or\s+", self.text) if x.strip()]


def parse_moves(text: str, attribute: str) -> list[Move]:
    """Moves separated by ``;`` or new lines, each with an optional ``{note}``."""
    if len(text) > MAX_TEXT * 4:
        raise BoardError(_("'{attribute}' is too long ({count} characters).",
                           attribute=attribute, count=len(text)), attribute)
    moves: list[Move] = []
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t\r\n;":
            i += 1
        if i >= n:
            break
        start = i
        while i < n and text[i] not in ";\n{":
            i += 1
        end = i
        move = text[start:end].strip()
        note = ""
        if i < n and text[i] == "{":
            close = text.find("}", i)
            if close < 0:
                raise BoardError(_("A note in '{attribute}' opens with {{ but never closes "
                                   "with }}.", attribute=attribute), attribute, text, (i, n))
            note = " ".join(text[i + 1:close].split())
            i = close + 1
            while i < n and text[i] in " \t":
                i += 1
            if i < n and text[i] not in ";\n":
                raise BoardError(_("Put ; or a new line after a note in '{attribute}'.",
                                   attribute=attribute), attribute, text, (i, min(n, i + 12)))
        if not move:
            raise BoardError(_("A note in '{attribute}' must follow a move.",
                               attribute=attribute), attribute, text, (start, i))
        moves.append(Move(move, note, start, start + len(move)))
        if len(moves) > MAX_MOVES:
            raise BoardError(_("'{attribute}' has more than {most} moves.",
                               attribute=attribute, most=MAX_MOVES), attribute)
    return moves


def _mark_deal(deal: str, message: str) -> tuple[int, int] | None:
    """Where in the deal string the problem is: the text the message quotes, the seat's
    hand it names, or the card it names."""
    low = deal.lower()
    for quoted in re.findall(r"'([^']+)'", message):
        at = low.find(quoted.lower())
        if at >= 0 and quoted.strip():
            return at, at + len(quoted)
    parts = {m.group().split(":", 1)[0].strip().lower(): (m.start(), m.end())
             for m in re.finditer(r"[^|]+", deal) if ":" in m.group()}
    seat = re.search(r"\bSeat (\d+)", message)
    if seat and seat.group(1) in parts:
        return parts[seat.group(1)]
    for word in message.split():
        if parse_code(word.strip(".,:;")) is not None:
            hits = list(re.finditer(rf"(?<![\w=]){re.escape(word.strip('.,:;'))}(?!\w)",
                                    deal))
            if hits:
                return hits[-1].start(), hits[-1].end()
    return None


def same_move(a: Action, b: Action) -> bool:
    """Is the reader's move ``a`` the author's ``b``? Cards count as a multiset (the order
    of a meld's cards does not matter); a declaration or show the author wrote without its
    groups matches any grouping."""
    if a == b:
        return True
    if a.kind != b.kind:
        return False
    if a.kind in ("declare", "show") and not getattr(b, "groups", ()):
        return getattr(a, "card", None) == getattr(b, "card", None)
    if hasattr(a, "cards") and hasattr(b, "cards"):
        return Counter(map(str, a.cards)) == Counter(map(str, b.cards)) and \
            Counter(map(str, getattr(a, "reps", ()) or ())) == \
            Counter(map(str, getattr(b, "reps", ()) or ()))
    if hasattr(a, "melds") and hasattr(b, "melds"):
        def key(x):
            return sorted(tuple(sorted(map(str, m.cards))) for m in x.melds)
        return key(a) == key(b)
    return str(a) == str(b)


class Board:
    """One board: its position, its mode, and where the reader is in it."""

    restart = True              # a puzzle offers to start again (the editor's table: not)

    def __init__(self, attrs: dict):
        self.lang = board_language(attrs)
        self.tiles = False
        with self.speaking():
            self._read(attrs)

    @contextmanager
    def speaking(self):
        """Within: the board's language, in its game's words (tile Rami's tiles)."""
        with speaking(self.lang), pieces(self.tiles):
            yield

    def _read(self, attrs: dict) -> None:
        if not isinstance(attrs, dict):
            raise BoardError(_("A board's attributes are names and texts."))
        a = {str(k).lower(): str(v) for k, v in attrs.items() if v is not None}
        a.pop(PAGE_LANG, None)
        for k, v in a.items():
            if len(v) > MAX_TEXT * (5 if k in ("deal", "moves", "solution") else 1):
                raise BoardError(_("The '{name}' attribute is too long ({count} characters).",
                                   name=k[:40], count=len(v)), k)
        self.attrs = a
        deal = a.get("deal", "").strip()
        if not deal:
            raise BoardError(_("This board has no position: give it a deal attribute, for "
                               "example {example}.",
                               example='deal="gin | 0: Ah 2h 3h ... | 1: ... | discard: Kd"'),
                             "deal")
        try:
            self.start = from_deal(deal)
        except DealSyntaxError as e:
            raise BoardError(str(e), "deal", deal, _deal_mark(deal)) from None
        st = self.start
        self.tiles = st.variant.uses_tiles
        with pieces(self.tiles):                # (in the game's own words from here on)
            self._read_play(a, st)

    def _read_play(self, a: dict, st: GameState) -> None:
        """The mode, the seat, what is shown, and the moves, checked by playing them."""
        mode = a.get("mode", "").strip().lower()
        if not mode:
            mode = "puzzle" if "solution" in a else "replay" if "moves" in a else "show"
        if mode not in MODES:
            raise BoardError(_("mode is show, replay or puzzle, not '{mode}'.",
                               mode=a["mode"][:40]), "mode", a["mode"], (0, len(a["mode"])))
        self.mode = mode
        self.caption = " ".join(a.get("caption", "").split())
        default_seat = st.turn if mode == "puzzle" and st.turn is not None else 0
        self.seat = self._seat(a.get("seat", ""), default_seat)
        self.reveal = self._reveal(a.get("reveal", ""))
        self.prompt = " ".join(a.get("prompt", "").split()) or _("Your move.")
        self.success = " ".join(a.get("success", "").split())
        self.steps: list[tuple[Action, Move]] = []
        self.solution: list[Move] = []
        self.mistakes: list[Move] = []
        self.problem: BoardError | None = None      # a bad move: shown over the position
        if mode == "replay":
            self.steps = self._check_line(parse_moves(a.get("moves", ""), "moves"), "moves")
            self.step = self._first_step(a.get("step", ""))
        elif mode == "puzzle":
            self.solution = parse_moves(a.get("solution", ""), "solution")
            line = self._check_line(self.solution, "solution", answers=True)
            self.solution = [m for _x, m in line]
            self.mistakes = parse_moves(a.get("mistakes", ""), "mistakes")
            for m in self.mistakes:             # played at any step: checked as text here
                try:
                    parse_action(m.text)
                except RamiError as e:
                    raise BoardError(_("In 'mistakes', '{move}': {why}", move=m.text,
                                       why=_sentence(str(e))),
                                     "mistakes", a["mistakes"], (m.start, m.end)) from None
        self.message = ""
        self.tone = ""                  # how the message reads: ok, right, wrong, illegal
        self.dialog = ""
        self.reset()

    # -- reading the attributes -----------------------------------------------------------
    def _seat(self, text: str, default: int) -> int:
        t = text.strip()
        if not t:
            return default
        if not t.isdigit() or int(t) >= self.start.n:
            raise BoardError(_("seat is a seat number from 0 to {last}, not '{seat}'.",
                               last=self.start.n - 1, seat=t[:40]), "seat", text,
                             (0, len(text)))
        return int(t)

    def _reveal(self, text: str) -> set[int]:
        t = text.strip().lower()
        if t in ("", "none", "no", "off"):
            return set()
        if t in ("all", "yes", "on"):
            return set(range(self.start.n))
        out = set()
        for m in re.finditer(r"[^\s,]+", text):
            w = m.group()
            if not w.isdigit() or int(w) >= self.start.n:
                raise BoardError(_("reveal is none, all, or seat numbers from 0 to {last}; "
                                   "'{word}' is none of these.", last=self.start.n - 1,
                                   word=w[:40]), "reveal", text, (m.start(), m.end()))
            out.add(int(w))
        return out

    def _first_step(self, text: str) -> int:
        t = text.strip().lower()
        if t in ("", "start"):
            return 0
        if t == "end":
            return len(self.steps)
        if not t.isdigit() or int(t) > len(self.steps):
            raise BoardError(_("step is a number from 0 to {last}, or end; not '{step}'.",
                               last=len(self.steps), step=text.strip()[:40]), "step", text,
                             (0, len(text)))
        return int(t)

    def _check_line(self, moves: list[Move], attribute: str,
                    answers: bool = False) -> list[tuple[Action, Move]]:
        """Play ``moves`` from the deal; the first that cannot be played stops the line and
        is kept as the board's problem (the position before it is still shown). With
        ``answers`` (a solution), a move's other answers must each be playable too, and the
        rest of the line after them."""
        g = self.start.copy()
        out = []
        for k, m in enumerate(moves):
            texts = m.answers if answers else [m.text]
            for alt in texts[1:]:
                other = g.copy()
                if not self._play_line(other, [alt] + [x.answers[0] for x in moves[k + 1:]],
                                       moves[k:], attribute, k):
                    return out
            if not self._play_line(g, texts[:1], [m], attribute, k):
                break
            out.append((g.history[-1], m))
        return out

    def _play_line(self, g: GameState, texts: list[str], moves: list[Move], attribute: str,
                   first: int) -> bool:
        """Play ``texts`` (the moves of ``moves``, from number ``first``) on ``g``; False,
        with the board's problem set, at the first that cannot be played."""
        where = self.attrs.get(attribute, "")
        for k, (text, m) in enumerate(zip(texts, moves)):
            said = {"number": first + k + 1, "attribute": attribute, "move": text}
            if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                self.problem = BoardError(
                    _("Move {number} of '{attribute}', '{move}': the hand is already over.",
                      **said), attribute, where, (m.start, m.end))
                return False
            try:
                g.apply(g.parse_action(text))
            except RamiError as e:
                who = g.names[g.turn] if g.turn is not None else ""
                self.problem = BoardError(
                    _("Move {number} of '{attribute}', '{move}' ({who} to play): {why}",
                      who=who, why=_sentence(str(e)), **said),
                    attribute, where, (m.start, m.end))
                return False
        return True

    # -- the position ---------------------------------------------------------------------
    def reset(self) -> None:
        """Back to the deal (a replay: to its first step; a puzzle: to its start)."""
        self.session = self._session(self.start.copy())
        self.done = 0                   # puzzle: solution moves played
        self.solved = False
        self.shown = False              # puzzle: the answer was shown
        self.message, self.tone, self.dialog = "", "", ""
        if self.mode == "replay":
            self.go(self.step)
        elif self.mode == "puzzle":
            self._answer_for_others()

    def _session(self, state: GameState) -> Session:
        s = Session(state, self.seat)
        s.you = self.mode == "puzzle"
        if s.grouped and s.order:
            s.regroup("best")
        return s

    @property
    def state(self) -> GameState:
        return self.session.state

    def go(self, step: int) -> None:
        """Replay: show the position after ``step`` moves."""
        step = max(0, min(step, len(self.steps)))
        g = self.start.copy()
        for action, _x in self.steps[:step]:
            g.apply(action)
        self.session = self._session(g)
        self.step = step

    def step_words(self, step: int) -> str:
        """Step ``step`` (from 1) of a replay in words: what happened, then the note."""
        g = self.start.copy()
        for action, _x in self.steps[:step - 1]:
            g.apply(action)
        action, move = self.steps[step - 1]
        return self._said(g, action, move.note)

    def _said(self, g: GameState, action: Action, note: str) -> str:
        """Play ``action`` on ``g`` and say what happened, as the reader may see it."""
        events = g.apply(action)
        lines = []
        for ev in events:
            seen = ev if (ev.seat in self.reveal or ev.seat == self.seat or ev.seat < 0) \
                else ev.for_seat(self.seat)
            words = seen.describe(g.names, None)
            if ev.kind == "layoff" and 0 <= ev.meld < len(g.table):
                tm = g.table[ev.meld]
                words = _("{who} laid off {card} on their own {meld}", who=g.names[ev.seat],
                          card=ev.card, meld=tm.meld.describe()) if tm.owner == ev.seat \
                    else _("{who} laid off {card} on {owner}’s {meld}", who=g.names[ev.seat],
                           card=ev.card, owner=g.names[tm.owner], meld=tm.meld.describe())
            lines.append(_sentence(words[:1].upper() + words[1:]))
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and g.results:
            res = g.results[-1]
            head = _sentence(str(result_words(res)))
            start = " ".join(head.split()[:3])
            if not any(x.startswith(start) for x in lines):
                lines.append(head)
            lines += [_sentence(str(x)) for x in result_words(res, "lines")][:8]
        if note:
            lines.append(_sentence(note))
        return " ".join(x for x in lines if x)

    # -- the reader's presses -------------------------------------------------------------
    def act(self, act: str) -> None:
        """A press on the board (a ``data-act``); unknown or untimely ones change nothing."""
        with self.speaking():
            self._act(str(act)[:80])

    def _act(self, act: str) -> None:
        if self.mode == "replay":
            target = {"first": 0, "prev": self.step - 1, "next": self.step + 1,
                      "last": len(self.steps)}.get(act.partition(":")[2])
            if act.startswith("step:") and target is not None:
                self.go(target)
            return
        if self.mode != "puzzle":
            return
        if act == "reset":
            return self.reset()
        if act == "answer":
            return self.show_answer()
        if act == "close":
            self.dialog = ""
            return
        s = self.session
        if not s.human_to_move() or self.solved or self.shown:
            return
        self.message, self.tone = "", ""
        kind, _x, arg = act.partition(":")
        try:
            if kind == "card" and arg.isdigit():
                s.toggle(int(arg))
                s.cursor = int(arg)
                return
            if kind == "sort" and arg in ("suit", "rank", "melds", "best"):
                return s.sort(arg)
            if kind == "group":
                return s.group_selected()
            if kind in s.table.acts:
                action = s.table.act(s, kind, arg)
                if action is not None:
                    self.dialog = ""
                    self.play(action)
                return
            if kind == "meld" and arg.isdigit():
                return self.play(s.table.meld_tap(s, int(arg)))
            if act == "take" and s.state.phase == Phase.PLAY and len(s.selected) == 1:
                act = "btn:discard"
            self.press(act.split(":", 1)[1] if act.startswith("btn:") else act)
        except RamiError as e:
            self.say(str(e), "illegal")

    def press(self, name: str) -> None:
        s = self.session
        choice = next((c for c in s.choices() if c.name == name), None)
        if choice is None:
            return self.say(s.not_now(name), "illegal")
        if choice.dialog:
            self.dialog = choice.dialog
            return
        if choice.action is None:
            return self.say(choice.reason or s.select_first(name), "illegal")
        self.play(choice.action)

    def say(self, message: str, tone: str) -> None:
        self.message, self.tone = message, tone

    def play(self, action: Action) -> None:
        """The reader's move: the engine checks it (a RamiError: illegal, nothing changed),
        then the solution does."""
        s = self.session
        before = s.state.copy()
        order, sizes = list(s.order), list(s.sizes)
        s.play(action)                       # raises, changing nothing, if illegal
        said = self._said(before.copy(), action, "")
        if not self.solution:
            self.say(_("Legal. {said}", said=said) if s.human_to_move() else
                     _("Legal. {said} Your turn is over: start again to try another move.",
                       said=said), "ok")
            return
        answers = [before.parse_action(x) for x in self.solution[self.done].answers]
        expected = next((x for x in answers if same_move(action, x)), answers[0])
        if same_move(action, expected) and _same_outcome(s.state, before, expected):
            note = _sentence(self.solution[self.done].note) if self.solution[self.done].note \
                else ""
            self.done += 1
            words = [_("Right: {said}", said=said), note] + self._answer_for_others()
            if self.done == len(self.solution):
                self.solved = True
                words.append(self.success or _("Solved."))
            self.say(" ".join(w for w in words if w), "right")
            return
        mistake = next((m for m in self.mistakes if _matches(before, action, m.text)), None)
        # taken back: the position as it was, the reader's arrangement kept
        s.master.reset(before)
        s.order, s.sizes, s.selected = order, sizes, []
        s.reconcile()
        why = _sentence(mistake.note) if mistake and mistake.note else \
            _("It is legal, but it is not the move this position asks for.")
        if not mistake and same_move(action, expected):
            why = _("The right card, but the groups do not show what they should: group "
                    "every card first (the best button can do it).")
        self.say(_("Not this one: {move}. {why} Try again.",
                   move=re.split(r"(?<=[.।])\s", said)[0].rstrip(".।"), why=why), "wrong")

    def _answer_for_others(self) -> list[str]:
        """Play the solution's moves that belong to other seats; their words."""
        out = []
        while self.done < len(self.solution) and self.state.turn != self.seat and \
                self.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            m = self.solution[self.done]
            g = self.state.copy()
            action = self.state.parse_action(m.answers[0])
            out.append(self._said(g, action, m.note))
            self.session.master.play(self.state.turn, action)
            self.session.reconcile()
            self.done += 1
        return out

    def show_answer(self) -> None:
        """Play the whole solution from the start, saying each move."""
        if not self.solution:
            return
        self.reset()
        self.done = 0
        words = []
        while self.done < len(self.solution):
            m = self.solution[self.done]
            g = self.state.copy()
            action = self.state.parse_action(m.answers[0])
            words.append(self._said(g, action, m.note))
            self.session.master.play(self.state.turn, action)
            self.done += 1
        self.session.selected = []
        self.session.reconcile()
        self.shown = True
        if self.success:
            words.append(self.success)
        self.say(_("The answer: {moves}", moves=" ".join(words)), "shown")

    # -- drawing --------------------------------------------------------------------------
    def state_name(self) -> str:
        """What the page may know of the board (a data attribute on the element)."""
        if self.mode == "puzzle":
            return "solved" if self.solved else "shown" if self.shown else "ready"
        return "ready"

    def html(self) -> str:
        """The board drawn, in its language and its game's words (a tile by its colour and
        number, not its code)."""
        with self.speaking():
            return words_for(self.start.variant).html(self._html())

    def _html(self) -> str:
        s = self.session
        st = s.game
        v = s.view()
        t = s.table
        over = v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
        interactive = self.mode == "puzzle" and s.human_to_move() and not (
            self.solved or self.shown)
        choices = s.choices() if interactive else []
        can = {c.name for c in choices if c.action}
        seats = "".join(self._seat_row(s, v, k) for k in range(1, st.n))
        hand = t.hand(s) if interactive else self._still_hand(s)
        names = st.names
        me = (f'<div class="rb-me-head"><span class="rb-name">{esc(names[self.seat])}</span>'
              f'{self._turn_dot(v, self.seat)}<span class="rb-count">'
              f'{_count(t, len(s.order))}</span>'
              f'{t.head(s, v) if interactive else ""}'
              f'{t.sorts(s) if interactive and s.grouped else ""}</div>'
              f'<div class="rb-hand-area">{hand}</div>')
        summary = ""
        if over:
            hands, _x, cls = t.summary(s, v)
            head = result_words(v.final or {}) if v.phase == Phase.MATCH_OVER \
                else (result_words(st.results[-1]) if st.results else "")
            summary = (f'<div class="rb-summary {cls}"><h3>{esc(head)}</h3>'
                       f'<div class="sum-hands">{hands}</div></div>')
        dialog = ""
        if self.dialog:
            dialog = t.dialog(s, self.dialog)
            if not dialog:
                self.dialog = ""
        problem = (f'<div class="rb-problem" role="alert">{error_text(self.problem)}</div>'
                   if self.problem else "")
        var = esc(st.variant.name)
        return (f'<div class="rb rb-{self.mode} variant-{var} seats-{st.n}'
                f'{" rb-reveal" if self.reveal - {self.seat} else ""}'
                f'{" rb-over" if over else ""}" part="board" data-phase="{v.phase.value}"'
                f' data-turn="{v.turn}"{self._focusable()}>'
                f'{self._caption()}{problem}'
                f'<div class="rb-table">'
                f'<div class="rb-seats">{seats}</div>'
                f'<div class="rb-felt"><div class="piles">{"".join(t.piles(s, v, can))}</div>'
                f'<div class="rb-melds melds">{"".join(t.middle(s, v))}</div></div>'
                f'<div class="rb-me">{me}</div>{summary}{dialog}</div>'
                f'{self._foot(s, v, choices)}</div>')

    def _focusable(self) -> str:
        """A replay takes focus, for its arrow keys; the others only when given it."""
        if self.mode == "replay":
            label = _("{board}: the arrow keys step through the moves",
                      board=self.caption or _("A replay"))
            return (f' tabindex="0" role="group" aria-roledescription="{esc(_("replay"))}" '
                    f'aria-label="{esc(label)}"')
        return ' tabindex="-1"'

    def _caption(self) -> str:
        return (f'<p class="rb-caption" part="caption">{pretty_text(self.caption)}</p>'
                if self.caption else "")

    def _turn_dot(self, v, seat: int) -> str:
        if v.turn == seat and v.phase in BOT_PHASES:
            return (f'<span class="rb-turn" title="{esc(_("To play"))}">'
                    f'{esc(p_("board", "to play"))}</span>')
        return ""

    def _seat_row(self, s: Session, v, k: int) -> str:
        st = s.game
        seat = (self.seat + k) % st.n
        n = v.hand_counts[seat]
        shown = v.revealed.get(seat)
        if shown is None and seat in self.reveal:
            shown = s.state.hands[seat]      # (the author's choice: this board shows it)
        if shown is not None:
            cards = self._shown_cards(s, v, seat, shown)
        else:
            cards = "".join(back("mini") for _ in range(min(n, 14)))
        badge = short_names(st.names)[seat]
        partner = len(set(st.teams)) < st.n and st.side(seat) == st.side(self.seat)
        tag = f'<span class="rb-partner">{esc(_("partner"))}</span>' if partner else ""
        return (f'<div class="rb-seat{" rb-open" if shown is not None else ""}" '
                f'data-seat="{seat}"><div class="rb-seat-head"><span class="avatar" '
                f'aria-hidden="true">{esc(badge)}</span><span class="rb-name">'
                f'{esc(st.names[seat])}</span>{tag}{self._turn_dot(v, seat)}<span class="rb-count">'
                f'{_count(s.table, n)}</span>'
                f'{s.table.seat_badges(s, v, seat)}</div>'
                f'<div class="rb-cards">{cards}</div></div>')

    @staticmethod
    def _shown_cards(s: Session, v, seat: int, shown) -> str:
        """A hand shown face up: at a hand's end, the melds it holds as melds (Gin's
        defender), the rest apart under the table's word for it."""
        st = s.game
        res = st.results[-1] if st.results and v.phase in (Phase.HAND_OVER,
                                                           Phase.MATCH_OVER) else {}
        melds, shown = s.table.shown_hand(res, seat, shown)
        wild = s.table.wild_test(s)
        if not melds:
            return "".join(face(c, "small", wild=wild(c)) for c in shown)
        out = []
        for meld in melds:
            out.append(f'<span class="rb-group">{"".join(face(c, "small", wild=wild(c)) for c in meld)}'
                       '</span>')
        if shown:
            out.append(f'<span class="rb-group rb-left"><span class="rb-left-word">'
                       f'{esc(_(s.table.left_word))}</span>'
                       f'{"".join(face(c, "small", wild=wild(c)) for c in shown)}</span>')
        return "".join(out)

    def _still_hand(self, s: Session) -> str:
        """The seat's hand, only looked at (show, replay, a finished puzzle); a hand kept in
        groups (Indian rummy) in its best groups, labelled as at the table."""
        wild = s.table.wild_test(s)
        if s.grouped:
            s.regroup("best")
            labels = s.table.group_labels(s)
            groups = "".join(
                f'<div class="hand-group g-{LABEL_CLASS.get(label, "bad")}"><span '
                f'class="group-label">{esc(_(LABEL_WORDS.get(label, label)))}</span>'
                f'<div class="group-cards">'
                f'{"".join(face(c, "hand-card", wild=wild(c)) for c in g)}</div></div>'
                for g, label in zip(s.group_cards(), labels))
            return f'<div class="hand grouped rb-still">{groups}</div>'
        cards = s.cards()
        gaps = set(s.breaks) if s.arranged else set()     # Gin, Basic: melds, then deadwood
        return (f'<div class="hand rb-still" style="--n:{max(len(cards), 1)};--g:{len(gaps)}">'
                + "".join(face(c, "hand-card" + (" gap" if i in gaps else ""), wild=wild(c))
                          for i, c in enumerate(cards)) + '</div>')

    def _status(self, s: Session, v) -> str:
        st = s.game
        if v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return _("The hand is over.")
        name = st.names[v.turn]
        if v.phase == Phase.UPCARD:
            return _("{who} to take the upcard or pass.", who=name)
        if v.phase == Phase.DRAW:
            return _("{who} to draw.", who=name)
        if v.phase == Phase.LAYOFF:
            return _("{who} to lay off.", who=name)
        return _("{who} to play.", who=name)

    def _foot(self, s: Session, v, choices) -> str:
        if self.mode == "replay":
            n = len(self.steps)
            words = self.step_words(self.step) if self.step else \
                n_("The deal. {status} Step through the {n} move with the buttons or the "
                   "arrow keys.", "The deal. {status} Step through the {n} moves with the "
                   "buttons or the arrow keys.", n, status=self._status(s, v))
            buttons = "".join(
                f'<button type="button" class="rb-step" data-act="step:{k}" '
                f'aria-label="{esc(label)}"{" disabled" if off else ""}>{_icon(k)}</button>'
                for k, label, off in (
                    ("first", _("Back to the deal"), self.step == 0),
                    ("prev", _("Previous move"), self.step == 0),
                    ("next", _("Next move"), self.step >= n),
                    ("last", _("To the end"), self.step >= n)))
            at = _("Move {step} of {count}", step=self.step, count=n) if self.step else \
                n_("The deal · {n} move", "The deal · {n} moves", n)
            return (f'<div class="rb-foot" part="controls"><div class="rb-steps">{buttons}'
                    f'<span class="rb-at">{at}</span></div><p class="rb-say" aria-live="polite">'
                    f'{pretty_text(words)}</p></div>')
        if self.mode == "show":
            return (f'<div class="rb-foot" part="controls"><p class="rb-say">'
                    f'{pretty_text(self._status(s, v))}</p></div>')
        # the puzzle
        buttons = ""
        for c in choices:
            live = c.action or c.dialog
            off = "" if live else ' aria-disabled="true"'
            buttons += (f'<button type="button" class="btn {"go" if live else "off"}" '
                        f'data-act="btn:{c.name}"{off}>{esc(c.label)}</button>')
        if self.solution:
            buttons += ('<button type="button" class="btn ghost" data-act="answer">'
                        f'{esc(_("Show the answer"))}</button>') \
                if not (self.solved or self.shown) else ""
        if self.restart and (self.done or self.message or self.shown or self.solved or
                             s.selected):
            buttons += ('<button type="button" class="btn ghost" data-act="reset">'
                        f'{esc(_("Start again"))}</button>')
        said = self.message or (self.prompt if not (self.solved or self.shown) else "")
        if not self.message and not s.human_to_move() and not (self.solved or self.shown):
            said = _("{prompt} ({status})", prompt=self.prompt, status=self._status(s, v))
        tone = f" rb-{self.tone}" if self.tone else ""
        mark = {"right": "✓ ", "wrong": "✗ ", "illegal": "✗ "}.get(self.tone, "")
        return (f'<div class="rb-foot" part="controls"><p class="rb-say{tone}" '
                f'role="status" aria-live="polite">{mark}{pretty_text(said)}</p>'
                f'<div class="rb-actions">{buttons}</div></div>')


ICONS = {"first": "M5 4h2v12H5zM17 4v12L8 10z", "prev": "M14 4v12L5 10z",
         "next": "M6 4v12l9-6z", "last": "M13 4h2v12h-2zM3 4v12l9-6z"}


def _icon(name: str) -> str:
    return (f'<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">'
            f'<path d="{ICONS[name]}" fill="currentColor"/></svg>')


def _same_outcome(played: GameState, before: GameState, expected: Action) -> bool:
    """A declaration or show counts by what it makes of the hand: the reader's grouping
    must score as the author's (the engine's best grouping, when none is written)."""
    if expected.kind not in ("declare", "show"):
        return True
    g = before.copy()
    g.apply(expected)
    return (played.phase, played.scores, [r.get("points") for r in played.results]) == \
        (g.phase, g.scores, [r.get("points") for r in g.results]) and \
        [e.text for e in played.events[-3:]] == [e.text for e in g.events[-3:]]


def _count(table, n: int) -> str:
    return n_("{n} tile", "{n} tiles", n) if table.unit == "tile" else \
        n_("{n} card", "{n} cards", n)


def _deal_mark(deal: str) -> tuple[int, int] | None:
    """Where in the deal string it is wrong: found from the English words of the problem,
    which name what they quote the same way in every board's language."""
    with speaking(DEFAULT), pieces(False):
        try:
            from_deal(deal)
        except DealSyntaxError as e:
            return _mark_deal(deal, str(e))
    return None


def _matches(g: GameState, action: Action, text: str) -> bool:
    try:
        return same_move(action, g.parse_action(text))
    except RamiError:
        return False


def _sentence(text: str) -> str:
    """A sentence, ended as the language ends one."""
    text = text.strip()
    # TRANSLATORS: a sentence ended: Hindi ends one with a danda (।)
    return text if text.endswith((".", "!", "?", "।")) or not text else \
        _("{sentence}.", sentence=text)


def _code(attribute: str) -> str:
    return f"<code>{esc(attribute)}</code>"


def error_text(e: BoardError) -> str:
    """What is wrong, and where: the attribute with the wrong part marked."""
    where = ""
    if e.attribute:
        shown = e.text
        if e.span and shown:
            a, b = e.span
            lo = max(0, a - 60)
            hi = min(len(shown), b + 60)
            shown = (("…" if lo else "") + esc(shown[lo:a]) + f"<mark>{esc(shown[a:b])}</mark>"
                     + esc(shown[b:hi]) + ("…" if hi < len(e.text) else ""))
            where = (f'<p class="rb-where">'
                     f'{_("In {attribute}:", attribute=_code(e.attribute))} '
                     f'<code class="rb-code">{shown}</code></p>')
        else:
            where = (f'<p class="rb-where">{_("In {attribute}.", attribute=_code(e.attribute))}'
                     '</p>')
    return (f'<p class="rb-error-title">{esc(_("This board has a problem"))}</p>'
            f'<p class="rb-error-text">{esc(str(e))}</p>{where}')


def error_html(e: Exception, caption: str = "") -> str:
    """The board an author sees when it cannot be drawn at all."""
    if not isinstance(e, BoardError):
        e = BoardError(_("Something went wrong drawing this board ({kind}).",
                         kind=type(e).__name__))
    cap = f'<p class="rb-caption" part="caption">{pretty_text(caption)}</p>' if caption else ""
    return (f'<div class="rb rb-broken" part="board">{cap}<div class="rb-error" role="alert">'
            f'{error_text(e)}</div></div>')
