"""The board editor (``learn/editor.html``): a tutorial author builds a ``<rami-board>``
without writing a deal string (pure Python: :mod:`rami.web.editor_app` is the page's glue).

* **The position** (:class:`~rami.web.editor_model.Draft`, in the editor's model): the game
  and its house rules, each seat's hand, the melds on the table, the discard pile (or tile
  Rami's row), the top of the stock and the variant's own pieces (Indian rummy's cut joker,
  tile Rami's exposed tile), placed by clicking or dragging from a picker that shows what
  is left of the deck; or a random deal, or anything rami writes (a deal string, a board's
  HTML, a shared hand's link, a match file: :mod:`rami.web.editor_read`). Whatever the
  author does, the position is checked as a deal string is, at each change, and what is
  wrong is said in the engine's own words.
* **The moves**: played at the game's own table (:class:`Recorder`: every seat's moves, by
  whoever is to play), each one a step with the author's note; for a puzzle, other right
  answers for a step (written with ``or``) and tempting mistakes with their notes.
* **The output**: the board's attributes (:meth:`Editor.attrs`), drawn live in the page as
  readers will see it, and written as HTML, as a link into the game and as a deal string.

The :class:`Editor` is the controller: each press is a named method (:attr:`Editor.PRESSES`,
``data-act="dropmeld:2"`` is ``drop_meld("2")``); its page is drawn from it by
:mod:`rami.web.editor_view`.

>>> ed = Editor("gin", seed=3)
>>> ed.problem, len(ed.draft.hands[0])
('', 10)
>>> ed.act("clear")
>>> ed.problem.startswith("Seat 0")
True
"""

from __future__ import annotations

import re

from ..cards import Card, CardSyntaxError
from ..errors import RamiError
from ..i18n import _, n_, pieces
from ..scenario import DealSyntaxError, from_deal
from ..state import GameState, Phase
from ..variants import variant_names
from .address import quote_all
from .board import Board, _sentence, same_move
from .editor_model import (KINDS, MAX_OPEN, NAMES, WIDTHS, Draft, EditorError, Step,  # noqa: F401
                           clean_note, default_players, plays_in, seat_name, token_card)
from .editor_read import board_tag, random_draft, read_board, read_deal, read_text  # noqa: F401
from .parts import card_label, esc


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


class Editor:
    """Everything the author has made, and the presses that change it."""

    def __init__(self, variant: str = "gin", seed=1, lang: str = "en"):
        self.lang = lang
        self.seed = seed
        self.draft = random_draft(variant, default_players(variant), {}, seed)
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
                step.answers = [x for x in step.answers if plays_in(before, x)]
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

    # the editor's named presses: data-act="name:arg", or data-field="name:arg" with a value
    PRESSES = {
        "target": "aim", "pick": "pick", "drop": "drop", "move": "move_piece",
        "unplace": "put_back", "variant": "choose_game", "players": "choose_players",
        "opt": "choose_option", "random": "deal_again", "clear": "clear", "fill": "fill",
        "newmeld": "new_meld", "dropmeld": "drop_meld", "owner": "set_owner",
        "name": "set_name", "turn": "set_turn", "dealer": "set_dealer", "phase": "set_phase",
        "hand": "set_hand_number", "score": "set_score", "more": "set_more",
        "kind": "set_kind", "note": "set_note", "cut": "cut", "undo": "take_back",
        "answer": "record_answer", "mistake": "record_mistake", "stopalt": "stop_recording_alt",
        "dropanswer": "drop_answer", "mistakenote": "set_mistake_note",
        "dropmistake": "drop_mistake", "prompt": "set_prompt", "success": "set_success",
        "look": "set_look", "width": "set_width", "open": "open_pasted", "matchhand": "open_hand_of",
    }

    def act(self, name: str, value: str = "") -> None:
        """A press or a change in the editor (``data-act`` or ``data-field``, with the
        field's value); one that cannot be done is said in :attr:`notice`."""
        self.notice = ""
        name = str(name)[:80]
        value = str(value) if name == "open" else str(value)[:4000]    # (a match file: long)
        with pieces(self.tiles):
            try:
                kind, _x, arg = name.partition(":")
                press = self.PRESSES.get(kind)
                if press is not None:
                    getattr(self, press)(arg, value)
            except (RamiError, CardSyntaxError) as e:
                self.notice = str(e)
        self.check()

    # -- placing pieces -------------------------------------------------------------------
    def aim(self, zone: str, _value="") -> None:
        """Where the next piece picked goes."""
        self.draft.zone(zone)                     # (an unknown zone: refused)
        self.target = zone

    def pick(self, code: str, _value="") -> None:
        self.place(code, self.target)

    def drop(self, arg: str, _value="") -> None:
        """A piece dragged from the picker onto a zone: ``code>zone``."""
        code, _x, zone = arg.partition(">")
        self.place(code, zone)

    def move_piece(self, arg: str, _value="") -> None:
        """A placed piece dragged to another zone: ``zone/index>zone`` (back where it was
        if the new zone cannot take it)."""
        src, _x, zone = arg.partition(">")
        z, _x, i = src.rpartition("/")
        code = self.unplace(z, int(i) if i.isdigit() else -1)
        try:
            self.place(code, zone)
        except EditorError:
            self.place(code, z)
            raise

    def put_back(self, arg: str, _value="") -> None:
        z, _x, i = arg.rpartition("/")
        self.unplace(z, int(i) if i.isdigit() else -1)

    def clear(self, _arg="", _value="") -> None:
        d = self.draft
        d.hands = [[] for _x in d.hands]
        d.discard, d.stock, d.table = [], [], []
        d.aside = {k: "" for k in d.aside}
        self.target = "hand:0"
        self.line.clear()

    def new_meld(self, _arg="", _value="") -> None:
        d = self.draft
        d.table.append([d.turn, []])
        self.target = f"meld:{len(d.table) - 1}"

    def drop_meld(self, k: str, _value="") -> None:
        if k.isdigit() and int(k) < len(self.draft.table):
            del self.draft.table[int(k)]
            self.target = "hand:0"

    def set_owner(self, k: str, value: str) -> None:
        if k.isdigit() and int(k) < len(self.draft.table):
            self.draft.table[int(k)][0] = self._seat_value(value)

    # -- the game and the position's facts ------------------------------------------------
    def choose_game(self, name: str, _value="") -> None:
        if name not in variant_names():
            raise EditorError(_("rami has no variant '{name}'.", name=name[:30]))
        self.new_deal(name, default_players(name), {})

    def choose_players(self, _arg: str, value: str) -> None:
        d = self.draft
        n = int(value) if value.isdigit() else 0
        v = d.var
        if not v.min_players <= n <= v.max_players:
            raise EditorError(_("{game} is played by {lo} to {hi} players, not {n}",
                                game=v.title, lo=v.min_players, hi=v.max_players, n=n))
        self.new_deal(d.variant, n, v.fit_options(n, dict(d.options)))

    def choose_option(self, name: str, value: str) -> None:
        self.set_option(name, value)

    def deal_again(self, _arg="", _value="") -> None:
        """A new random deal of the game (another seed)."""
        self.seed = (self.seed * 1103515245 + 12345) % 2 ** 31 if isinstance(
            self.seed, int) else 1
        self.new_deal(self.draft.variant, self.draft.n, dict(self.draft.options))

    def set_name(self, seat: str, value: str) -> None:
        if seat.isdigit() and int(seat) < self.draft.n:
            self.draft.names[int(seat)] = seat_name(value, int(seat))

    def set_turn(self, _arg: str, value: str) -> None:
        self.draft.turn = self._seat_value(value)

    def set_dealer(self, _arg: str, value: str) -> None:
        self.draft.dealer = self._seat_value(value)

    def set_phase(self, _arg: str, value: str) -> None:
        self.draft.phase = value if value in self.phases() else self.draft.phase

    def set_hand_number(self, _arg: str, value: str) -> None:
        self.draft.hand = int(value) if value.isdigit() and 1 <= int(value) <= 10_000 else 1

    def set_score(self, k: str, value: str) -> None:
        d = self.draft
        if k.isdigit() and int(k) < self.sides():
            sides = self.sides()
            d.scores = (d.scores + [0] * sides)[:sides]
            x = value.strip()
            d.scores[int(k)] = int(x) if re.fullmatch(r"-?\d{1,6}", x) else 0

    def set_more(self, key: str, value: str) -> None:
        if key in self.draft.more:
            self.draft.more[key] = value

    # -- the moves ----------------------------------------------------------------------
    def set_kind(self, kind: str, _value="") -> None:
        if kind in KINDS:
            self.kind = kind

    def set_note(self, k: str, value: str) -> None:
        if k.isdigit() and int(k) < len(self.line):
            self.line[int(k)].note = clean_note(value)

    def cut(self, k: str, _value="") -> None:
        """The recorded moves from this one on, gone."""
        if k.isdigit():
            del self.line[int(k):]
            self.alt = None

    def take_back(self, _arg="", _value="") -> None:
        if self.line:
            self.line.pop()
            self.alt = None

    def record_answer(self, k: str, _value="") -> None:
        """Record another right answer for move ``k`` (a puzzle)."""
        if k.isdigit() and int(k) < len(self.line):
            self.alt = ("answer", int(k))

    def record_mistake(self, k: str, _value="") -> None:
        """Record a tempting mistake at move ``k`` (a puzzle)."""
        if k.isdigit() and int(k) < len(self.line):
            self.alt = ("mistake", int(k))

    def stop_recording_alt(self, _arg="", _value="") -> None:
        self.alt = None

    def drop_answer(self, arg: str, _value="") -> None:
        k, _x, j = arg.partition("/")
        if k.isdigit() and j.isdigit() and int(k) < len(self.line) and \
                int(j) < len(self.line[int(k)].answers):
            del self.line[int(k)].answers[int(j)]

    def set_mistake_note(self, k: str, value: str) -> None:
        if k.isdigit() and int(k) < len(self.mistakes):
            self.mistakes[int(k)][1] = clean_note(value)

    def drop_mistake(self, k: str, _value="") -> None:
        if k.isdigit() and int(k) < len(self.mistakes):
            del self.mistakes[int(k)]

    def set_prompt(self, _arg: str, value: str) -> None:
        self.prompt = " ".join(value.split())[:400]

    def set_success(self, _arg: str, value: str) -> None:
        self.success = " ".join(value.split())[:400]

    # -- how it looks -------------------------------------------------------------------
    def set_look(self, key: str, value: str) -> None:
        if key in self.look:
            self.look[key] = " ".join(value.split())[:400]

    def set_width(self, width: str, _value="") -> None:
        if width in WIDTHS:
            self.width = width

    def _seat_value(self, value: str) -> int:
        if not value.isdigit() or int(value) >= self.draft.n:
            raise EditorError(_("Choose a seat from 0 to {last}.", last=self.draft.n - 1))
        return int(value)

    def phases(self) -> list[str]:
        return [p.value for p in self.draft.var.phases()
                if p not in (Phase.HAND_OVER, Phase.MATCH_OVER)]

    def sides(self) -> int:
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

    def fill(self, _arg="", _value="") -> None:
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
    # -- opening what rami writes (rami.web.editor_read) -----------------------------------
    def open_pasted(self, _arg: str, text: str) -> None:
        self.open(text)                 # (``act("open", text)``)

    def open(self, text: str) -> None:
        """A deal string, a board's HTML, a link (a shared hand's, or into the game) or a
        match file, as the editor's board."""
        kind, got = read_text(text)
        if kind == "match":
            self.match, self.match_deal = got
            return self.open_hand(self.hands_in_match() - 1)
        self.open_attrs(got)

    def open_attrs(self, attrs: dict) -> None:
        """A board's attributes (its deal, moves or solution, looks) as the editor's."""
        b = read_board(attrs)
        self.draft = b.draft
        self.kind = b.kind              # (a puzzle without a solution: a free try)
        self.line, self.mistakes, self.alt = b.line, b.mistakes, None
        self.prompt, self.success = b.prompt, b.success
        self.look = {k: " ".join(b.attrs.get(k, x).split())[:400] for k, x in self.look.items()}
        self.look["theme"] = self.look["theme"] if self.look["theme"] in (
            "light", "dark", "auto") else "light"
        self.target = "hand:0"
        self.match = None
        self.check()
        self.notice = self.notice or _("Opened.")

    def hands_in_match(self) -> int:
        return 1 + sum(1 for a in self.match.history if str(a) == "deal") if self.match \
            else 0

    def open_hand_of(self, _arg: str, value: str) -> None:
        if self.match is not None and value.isdigit():
            self.open_hand(int(value))

    def open_hand(self, hand: int) -> None:
        """One hand of the match opened, as a replay."""
        from .share import hand_of
        g = self.match
        if not 0 <= hand < self.hands_in_match():
            raise EditorError(_("The match has no hand {number}.", number=hand + 1))
        deal, moves = hand_of(g, hand, self.match_deal)
        self.open_attrs({"deal": deal, "moves": "; ".join(moves)})
        self.match, self.match_hand = g, hand

    # -- the review of a match's hand (rami.review, fetched with the review's part) --------
    def review_seat(self) -> int | None:
        """Whose decisions a review of the open hand of a match grades (the board's seat),
        or None when no hand of a match is open as a replay."""
        if self.match is None or self.kind != "replay":
            return None
        seat = str(self.look.get("seat", ""))
        return int(seat) if seat.isdigit() and int(seat) < self.match.n else 0

    def review_steps(self):
        """The review of the open hand for :meth:`review_seat` (a generator: yields the share
        done; returns a :class:`rami.review.HandReview`)."""
        from ..review import review_steps
        seat = self.review_seat()
        if seat is None:
            raise EditorError(_("Open a hand of a match file to review it."))
        return (yield from review_steps(self.match, seat, self.match_hand + 1))

    def review_notes(self, review) -> int:
        """Each decision the review found costly, said as its step's note (the grade, the
        points it was likely to cost, why and the better move; hindsight apart), where the
        author has written none; how many notes were written. The notice says the hand's
        figure."""
        from ..review import grade_word, hands_of
        first = hands_of(self.match)[self.match_hand][0]
        written = 0
        here = review.hand == self.match_hand + 1 and review.seat == self.review_seat()
        with pieces(self.tiles):
            for d in review.decisions if here else ():   # (another hand opened meanwhile)
                k = d.move - first
                if d.grade == "best" or not 0 <= k < len(self.line) \
                        or self.line[k].text != str(d.played) or self.line[k].note:
                    continue
                grade = grade_word(d.grade)
                words = [_("{grade}, about {points} points:", grade=grade[:1].upper() + grade[1:],
                           points=f"{d.loss:.1f}"), d.words("line")]
                if d.hindsight:                 # (its words say "Hindsight:" already)
                    words.append(d.words("hindsight"))
                self.line[k].note = clean_note(" ".join(w for w in words if w))
                written += 1
            name = self.match.names[review.seat]
            self.notice = n_("{name}: {share}% of {n} decision best or good, {points} points "
                             "lost; a note on each costly one ({written} written).",
                             "{name}: {share}% of {n} decisions best or good, {points} points "
                             "lost; a note on each costly one ({written} written).",
                             len(review.decisions), name=name,
                             share=round(100 * review.share_good),
                             points=f"{review.points_lost:.1f}", written=written)
        return written

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











    def alt_state(self) -> GameState:
        """The game where another answer (or a mistake) is being recorded."""
        g = self.start.copy()
        for s in self.line[:self.alt[1]]:
            g.apply(g.parse_action(s.text))
        return g


__all__ = ["Editor", "Draft", "Recorder", "EditorError", "MAX_OPEN", "read_deal", "random_draft",
           "board_tag"]
