"""A match at the browser table, without the browser: the part of the web layer tests can run
under CPython.

A :class:`Session` is this device's client of the game's master (:class:`rami.master.Master`,
the one code that changes the game, friends' moves included): it knows which seat the person
plays, a bot for every other seat, and the order the person has put their cards in, and draws
from the person's seat's view only (:attr:`Session.game`). It answers the questions the page
asks: what does each button do with the cards selected now (or why can it not), is it a
bot's move, what is the log. It saves to, and restores from, a JSON-ready dict; anything
wrong with a save raises :class:`~rami.errors.SaveError` with a reason a player can read.

>>> s = Session.new("gin", ["Ada", "Bo"], seed=7)
>>> s.view().phase.value, len(s.order)
('upcard', 10)
"""

from __future__ import annotations

import contextlib
import functools
from collections import Counter

from ..actions import DEAL, REJOIN, Action, LayOff
from ..bots import ALL_LEVELS, Bot, canonical_level, drain, make_bot
from ..cards import Card, sort_by_rank, sort_by_suit
from ..checks import read_json
from ..errors import RamiError, SaveError
from ..known import KnownGame
from ..master import MOVE_PHASES, UNDO_DEPTH, UNDOABLE, Master, MovedOn, OutOfTurn
from ..state import MAX_SAVE_CHARS, GameState, Phase, check_save_header
from ..variants import find_variant
from ..view import PlayerView
from .lobby import BOT_NAMES, FRIEND, LEVEL_NAMES, PERSON, bot_name  # noqa: F401
from .tables import Choice, table_for
from .thinking import bot_seed, move_key, move_steps, request
from ..i18n import N_, _, pieces

WEB_FORMAT = "rami-web"
WEB_VERSION = 1
BOT_PHASES = tuple(p for p in Phase if p in MOVE_PHASES)


def in_game_words(method):
    """``method(s, ...)`` (of a session, or drawing one) in the words of the session's game:
    tile Rami's tiles, rack and wall where the shared messages say cards, hand and stock."""
    @functools.wraps(method)
    def said(s, *args, **kw):
        with pieces(s.game.variant.uses_tiles):
            return method(s, *args, **kw)
    return said


class Session:
    """The table's model: state, seats, bots, the person's card order and selection.

    With pass-and-play, more than one seat is a person's (``humans``); ``human`` is the seat
    whose person holds the device now, and the others' card orders wait in ``stash``.
    """

    def __init__(self, state: GameState, human: int = 0, levels: dict | None = None,
                 order: list[str] | None = None, sizes: list[int] | None = None):
        self.master = Master(state)
        self.master.watch(self._moved)
        self._known: tuple = ((), None)         # (the position, its KnownGame): see ``game``
        self._seat(state, human, levels, order, sizes)

    def _seat(self, state, human: int, levels: dict | None, order: list[str] | None,
              sizes: list[int] | None) -> None:
        """Who plays each seat, and the person's cards as they hold them."""
        self.human = human
        levels = dict(levels or {})
        self.humans = sorted({human} | {s for s, lv in levels.items()
                                        if lv == PERSON and 0 <= s < state.n})
        # the seats played from friends' own devices (the host's room, rami.web.friends)
        self.friends = sorted(s for s, lv in levels.items()
                              if lv == FRIEND and 0 <= s < state.n and s not in self.humans)
        self.levels = {s: canonical_level(levels.get(s, "good"))
                       for s in range(state.n) if s not in self.humans
                       and s not in self.friends}
        self.room: dict | None = None           # the room, as the host's save keeps it
        self.away: set[int] = set()             # friends' seats with no connection now
        self.away_clock = ""                    # how long the one at the turn has been away
        self.seat_taken: int | None = None      # a friend's seat another device has taken
        self.shown: dict[int, str] = {}         # quick reactions showing now, by seat
        self.reacting = False                   # the reactions' row is open
        for level in self.levels.values():
            if level not in ALL_LEVELS:
                raise SaveError(_("The save names an unknown bot level, '{level}'.",
                                  level=level))
        self.bots: dict[int, Bot] = {s: make_bot(lv, state.variant.name, bot_seed(state, s))
                                     for s, lv in self.levels.items()}
        self.order: list[str] = list(order or [])
        self.order_hand = self.game.hand_no if order else -1
        self.table = table_for(state.variant.name)     # what differs per variant
        # the hand kept in groups (Indian rummy), ``sizes`` long each, in ``order``
        self.grouped = self.table.grouped
        self.sizes: list[int] = list(sizes or [])
        if sum(self.sizes) != len(self.order) or any(k < 1 for k in self.sizes):
            self.sizes = [len(self.order)] if self.order else []
        self.selected: list[int] = []          # positions in ``order``
        self.fresh: str | None = None           # the card just drawn or taken
        self.pile_pick: int | None = None       # a spread pile: the card picked, to confirm
        self.row_open = False                   # tile Rami's row opened large (a phone's)
        self.arrived: list[str] = []            # every card that came with the last draw/take
        self.cursor = 0                         # the hand card in the Tab order (keyboard)
        self.you = True                         # the seat is "you" (a tutorial's board: a name)
        self.stash: dict[int, dict] = {}        # other persons' card orders (pass-and-play)
        self.undo_stack: list[dict] = []         # this turn's steps that can be taken back
        # Gin and Basic: the hand kept arranged in its melds (``breaks``: where each meld and
        # then the deadwood begin) until the person orders it otherwise
        self.arranged = False
        self.breaks: list[int] = []
        self.reconcile()

    @classmethod
    def new(cls, variant: str, names: list[str], options: dict | None = None,
            levels: dict | None = None, seed=None) -> "Session":
        state = GameState(find_variant(variant).name, list(names), options or {}, seed=seed)
        return cls(state, 0, levels)

    # -- the person's hand ----------------------------------------------------------------
    def reconcile(self) -> None:
        """Keep the person's order for cards still held; new cards go to the right end.

        A new hand starts sorted by suit.
        """
        game = self.game
        held = [str(c) for c in game.hands[self.human]]
        if self.order_hand != game.hand_no or not self.order:
            self.order = [str(c) for c in sort_by_suit(game.hands[self.human])]
            self.order_hand, self.fresh, self.selected = game.hand_no, None, []
            self.arrived = []
            self.sizes = [len(self.order)] if self.order else []
            if self.grouped:
                self.regroup("suit")
            elif self.table.arranges and self.order:
                self.arranged = True
                self.arrange()
            return
        left = Counter(held)
        kept, kept_group = [], []
        group_of = [g for g, k in enumerate(self.sizes) for _ in range(k)]
        for pos, text in enumerate(self.order):
            if left[text] > 0:
                kept.append(text)
                kept_group.append(group_of[pos] if pos < len(group_of) else -1)
                left[text] -= 1
        added = []
        for text in held:
            if left[text] > 0:
                added.append(text)
                left[text] -= 1
        changed = bool(added) or len(kept) != len(self.order)
        if self.grouped and added:
            return self._group_new(kept, kept_group, added)
        if self.arranged:
            self.order = kept + added
        else:
            tail = self._placed(kept, added)      # (the others go in among ``kept``)
            self.order = kept + tail
        # the groups lose the cards that left; the new ones make a group of their own
        sizes: list[int] = []
        for i, g in enumerate(kept_group):
            if i and g == kept_group[i - 1]:
                sizes[-1] += 1
            else:
                sizes.append(1)
        self.sizes = sizes + ([len(added)] if added else [])
        if added:
            self.fresh = added[-1]
            self.arrived = added
        elif self.fresh not in self.order:
            self.fresh = None
            self.arrived = []
        self.selected = [p for p in self.selected if p < len(self.order)]
        if self.arranged and changed:
            self.arrange()

    def _group_new(self, kept: list[str], kept_group: list[int], added: list[str]) -> None:
        """Indian rummy: each new card joins the group where it makes a sequence or a set;
        else the last group when that one is not a valid group yet (the cards still to
        sort), else a group of its own at the end."""
        groups: list[list[str]] = []
        for i, g in enumerate(kept_group):
            if i and g == kept_group[i - 1]:
                groups[-1].append(kept[i])
            else:
                groups.append([kept[i]])
        def valid(g: list[str]) -> bool:
            return self.table.group_valid(self, [Card.parse(t) for t in g])

        for text in added:
            home = next((g for g in groups if len(g) >= 2 and valid(g + [text])), None)
            if home is None and groups and not valid(groups[-1]):
                home = groups[-1]
            if home is None:
                home = []
                groups.append(home)
            home.append(text)
        self.order = [t for g in groups for t in g]
        self.sizes = [len(g) for g in groups if g]
        self.fresh = added[-1]
        self.arrived = added
        self.selected = []

    def _placed(self, kept: list[str], added: list[str]) -> list[str]:
        """The person's own order, with each new card put where it fits: beside a card of
        its suit one rank away, or of its rank; else at the right end. Returns the cards
        to append (the rest are inserted into ``kept`` in place)."""
        if self.grouped or not self.table.arranges:
            return added
        tail = []
        for text in added:
            c = Card.parse(text)
            spot = None
            for i, t in enumerate(kept):
                k = Card.parse(t)
                if c.suit and k.suit == c.suit and k.rank == c.rank - 1:
                    spot = i + 1                # right after the card below it
                elif spot is None and c.suit and k.suit == c.suit and k.rank == c.rank + 1:
                    spot = i                    # just before the card above it
                elif spot is None and k.rank == c.rank and c.suit:
                    spot = i + 1
            if spot is None:
                tail.append(text)
            else:
                kept.insert(spot, text)
        return tail

    def arrange(self) -> None:
        """Gin and Basic: the hand in its best melds, each apart, then the deadwood (by suit),
        the way a player holds them; ``breaks`` says where each group begins."""
        picked = [self.order[p] for p in self.selected]
        arr = self.game.variant.solver(self.game).arrange(self.cards())
        order, breaks = [], []
        for m in arr.melds:
            breaks.append(len(order))
            order += [str(c) for c in m.cards]
        if arr.deadwood:
            breaks.append(len(order))
            order += [str(c) for c in sort_by_suit(arr.deadwood)]
        self.order, self.breaks = order, breaks[1:] if breaks and breaks[0] == 0 else breaks
        self.arranged = True
        self.selected = []
        for text in picked:                 # the same cards stay selected
            for i, t in enumerate(self.order):
                if t == text and i not in self.selected:
                    self.selected.append(i)
                    break

    def cards(self) -> list[Card]:
        return [Card.parse(t) for t in self.order]

    def selected_cards(self) -> list[Card]:
        return [Card.parse(self.order[p]) for p in sorted(self.selected)]

    def toggle(self, pos: int) -> None:
        if not 0 <= pos < len(self.order):
            return
        if pos in self.selected:
            self.selected.remove(pos)
        else:
            self.selected.append(pos)

    def move_card(self, src: int, dst: int) -> int:
        """Move the card at ``src`` to ``dst`` (both positions); returns where it landed."""
        if not (0 <= src < len(self.order)):
            return src
        if self.grouped and abs(dst - src) == 1:
            # one step: within the group, or across its edge into the next group
            g, i = self.locate(src)
            size = self.sizes[g]
            if dst > src and i == size - 1:
                if g + 1 < len(self.sizes):
                    return self.move_to_group(src, g + 1, 0)
                return self.move_to_group(src, len(self.sizes), 0) if size > 1 else src
            if dst < src and i == 0:
                return self.move_to_group(src, g - 1, self.sizes[g - 1]) if g > 0 else src
            return self.move_to_group(src, g, i + (1 if dst > src else -1))
        dst = max(0, min(dst, len(self.order) - 1))
        self.arranged, self.breaks = False, []      # the person's own order from now on
        picked = {self.order[p] + f"#{p}" for p in self.selected}
        tagged = [t + f"#{p}" for p, t in enumerate(self.order)]
        card = tagged.pop(src)
        tagged.insert(dst, card)
        self.order = [t.split("#")[0] for t in tagged]
        self.selected = [p for p, t in enumerate(tagged) if t in picked]
        if self.grouped:
            self.sizes = [len(self.order)]
        return dst

    @property
    def state(self) -> GameState:
        """The game, as its master holds it (for what only a master does: saving it,
        counting its results, a bot's thinking, a tutorial's checks); the table is drawn
        from :attr:`game`."""
        return self.master.state

    def _moved(self, master: Master, seat: int | None, action: Action | None) -> None:
        """The master changed the game. A move (here, a bot's, a friend's) or a new hand:
        the cards the person picked no longer lie where they did, and only the person's own
        moves that lay cards down can be taken back. (A move taken back: :meth:`undo` puts
        the page back as it was; a name: nothing to do.)"""
        if action is None:
            return
        if seat != self.human or action.kind not in UNDOABLE:
            self.undo_stack = []
        if seat == self.human or action is DEAL:
            self.selected, self.row_open = [], False
        self.pile_pick = None
        self.reconcile()

    # -- undo within a turn ---------------------------------------------------------------
    def _snapshot(self) -> dict:
        return {"at": self.master.position, "order": list(self.order),
                "sizes": list(self.sizes), "selected": list(self.selected),
                "fresh": self.fresh, "arrived": list(self.arrived),
                "pile_pick": self.pile_pick, "cursor": self.cursor,
                "order_hand": self.order_hand, "arranged": self.arranged,
                "breaks": list(self.breaks)}

    def checkpoint(self) -> None:
        """Remember the table as it is, before a step the person may take back (a
        rearrangement or a selection, on their own turn)."""
        if self.human_to_move():
            self.undo_stack.append(self._snapshot())
            del self.undo_stack[:-UNDO_DEPTH]

    def can_undo(self) -> bool:
        return self.human_to_move() and bool(self.undo_stack)

    def undo(self) -> None:
        """Take back the person's last step of this turn (a meld, a lay-off, a rearrangement,
        a selection); never a draw, a take or a discard, which end what can be undone."""
        if not self.can_undo():
            raise RamiError(_("Nothing to undo: a draw, a discard or the end of your turn "
                              "cannot be taken back."))
        snap = self.undo_stack.pop()
        if snap["at"] != self.master.position:
            self.master.take_back(self.human, snap["at"])
        for k in ("order", "sizes", "selected", "fresh", "arrived", "pile_pick", "cursor",
                  "order_hand", "arranged", "breaks"):
            setattr(self, k, snap[k])

    # -- groups (Indian rummy) -----------------------------------------------------------
    def groups(self) -> list[list[int]]:
        """The positions in ``order`` of each group, left to right."""
        out, i = [], 0
        for k in self.sizes:
            out.append(list(range(i, i + k)))
            i += k
        return out

    def group_cards(self) -> list[list[Card]]:
        return [[Card.parse(self.order[p]) for p in g] for g in self.groups()]

    def _tagged(self) -> list[list[str]]:
        tags = [f"{t}#{p}" for p, t in enumerate(self.order)]
        return [[tags[p] for p in g] for g in self.groups()]

    def _set_tagged(self, groups: list[list[str]]) -> None:
        """Take a new arrangement of tagged cards; the selection follows its cards."""
        picked = {f"{self.order[p]}#{p}" for p in self.selected}
        groups = [g for g in groups if g]
        flat = [t for g in groups for t in g]
        self.order = [t.split("#")[0] for t in flat]
        self.sizes = [len(g) for g in groups]
        self.selected = [p for p, t in enumerate(flat) if t in picked]

    def locate(self, pos: int) -> tuple[int, int]:
        """(group, index in it) of the card at ``pos``."""
        for g, members in enumerate(self.groups()):
            if pos in members:
                return g, members.index(pos)
        raise IndexError(pos)

    def move_to_group(self, src: int, group: int, index: int) -> int:
        """Move the card at ``src`` into ``group`` at ``index`` among that group's other cards
        (a group number past the last makes a new group); returns where it landed."""
        if not 0 <= src < len(self.order):
            return src
        groups = self._tagged()
        g0, i0 = self.locate(src)
        tag = groups[g0].pop(i0)
        if group >= len(groups):
            groups.append([tag])
        else:
            groups[group].insert(max(0, min(index, len(groups[group]))), tag)
        self._set_tagged(groups)
        return [t for g in groups for t in g].index(tag) if any(groups) else 0

    def group_selected(self) -> None:
        """The selected cards leave their groups and make a new one where the first was."""
        if len(self.selected) < 2:
            raise RamiError(_("Select two or more cards to put in a group of their own."))
        groups = self._tagged()
        picked = [f"{self.order[p]}#{p}" for p in sorted(self.selected)]
        at = self.locate(min(self.selected))[0]
        groups = [[t for t in g if t not in picked] for g in groups]
        at -= sum(1 for g in groups[:at] if not g)
        groups = [g for g in groups if g]
        groups.insert(at, picked)
        self._set_tagged(groups)
        self.selected = []

    def regroup(self, how: str) -> None:
        """``suit``: one group per suit (jokers apart); ``best``: the groups that score the
        fewest points (holding 14 cards, the card best discarded goes alone at the end)."""
        cards = [Card.parse(t) for t in self.order]
        if how == "best":
            groups = self.table.best_groups(self, cards)
        else:
            by: dict[str, list[Card]] = {}
            for c in sort_by_suit(cards, ace_high=False):
                by.setdefault(c.suit, []).append(c)
            groups = list(by.values())
        self.order = [str(c) for g in groups for c in g]
        self.sizes = [len(g) for g in groups if g]
        self.selected = []

    def sort(self, how: str) -> None:
        """Sort by ``suit``, by ``rank``, or ``melds`` first (the solver's best arrangement)."""
        hand = self.cards()
        if self.grouped:
            return self.regroup(how)
        if how == "melds" and self.table.arranges:
            return self.arrange()
        self.arranged, self.breaks = False, []
        if how == "rank":
            ordered = sort_by_rank(hand)
        elif how == "melds":
            arr = self.game.variant.solver(self.game).arrange(hand)
            ordered = arr.melded + sort_by_suit(arr.deadwood)
        else:
            ordered = sort_by_suit(hand)
        self.order = [str(c) for c in ordered]
        self.selected = []

    # -- whose move -----------------------------------------------------------------------
    _pinned: KnownGame | None = None      # the game as known, for the drawing under way

    @property
    def game(self) -> KnownGame:
        """The game as the person's seat knows it: all that the table is drawn from (made
        again from the seat's view when the position changes: a move, or a card moved by
        hand in a test or a tutorial's editor)."""
        if self._pinned is not None:
            return self._pinned
        st = self.state
        key = (len(st.history), len(st.events), st.names, st.phase, st.turn, st.hand_no,
               self.human, len(st.stock), len(st.discard), len(st.table),
               tuple(map(len, st.hands)))
        held, game = self._known
        if not held or held[0] is not st or held[1] != key:
            game = KnownGame.of(self.master.view(self.human))
            self._known = ((st, key), game)
        return game

    @contextlib.contextmanager
    def pinned(self):
        """A drawing: the position cannot change while the page is drawn from it, so the
        game as known is found once for the whole of it, not at each of its readings of
        ``game`` (thirty and more, each checking the position)."""
        if self._pinned is not None:                # (a drawing within a drawing)
            yield
            return
        self._pinned = self.game
        try:
            yield
        finally:
            self._pinned = None

    def view(self) -> PlayerView:
        return self.game.view

    def _offer(self) -> bool:
        """Is someone being offered to rejoin a pool (between deals)?"""
        st = self.state
        return st.phase == Phase.HAND_OVER and REJOIN in st.legal_actions()

    def bot_to_move(self) -> bool:
        """Is it the move of a seat no person at this device plays (a bot's, or a friend's
        on their own device)?"""
        st = self.game
        return (st.phase in BOT_PHASES or self._offer()) and st.turn not in self.humans

    def human_to_move(self) -> bool:
        st = self.game
        return (st.phase in BOT_PHASES or self._offer()) and st.turn == self.human \
            and self.human in self.humans

    # -- a deal played again (rami.web.practice) ------------------------------------------
    practice_of = None          # a deal played again (rami.web.practice): where it goes back
    #                             to, the match at the table or the lobby; else None
    practice_from = None        # ... the match (a GameState) it was dealt from, its players,
    practice_levels: dict = {}
    practice_hand = 0           # ... its hand played again, and whose seat
    practice_seat = 0
    practice_persist = True     # ... and whether the match gone back to is saved

    def match_file(self) -> str:
        """The match so far as its file (:mod:`rami.record`): what *Download the match*
        writes, and what a review of a hand reads."""
        from ..record import match_text
        return match_text(self.state)

    @property
    def match_seed(self) -> str:
        """The match's seed, as text: what tells one match kept at this device from another
        (a friend's page holds none)."""
        return str(self.state.seed)

    # -- friends' seats ----------------------------------------------------------------------
    STAND_IN = "good"

    def stand_in(self, seat: int, on: bool) -> None:
        """A computer player moves for an absent friend (``on``), until the friend is back."""
        if seat not in self.friends:
            return
        if on:
            self.levels[seat] = self.STAND_IN
            self.bots[seat] = make_bot(self.STAND_IN, self.state.variant.name,
                                       bot_seed(self.state, seat))
        else:
            self.levels.pop(seat, None)
            self.bots.pop(seat, None)

    # -- pass-and-play --------------------------------------------------------------------
    def needs_handover(self) -> bool:
        """Is it another person's move (pass-and-play)? Then the page hides every hand until
        that person takes the device."""
        st = self.game
        return ((st.phase in BOT_PHASES or self._offer()) and st.turn in self.humans
                and st.turn != self.human)

    def hand_over_to(self, seat: int) -> None:
        """The person at ``seat`` takes the device: their own card order comes back."""
        if seat not in self.humans or seat == self.human:
            return
        self.stash[self.human] = {"order": self.order, "order_hand": self.order_hand,
                                  "sizes": self.sizes}
        mine = self.stash.pop(seat, None) or {}
        self.human = seat
        self.order = list(mine.get("order", []))
        self.order_hand = mine.get("order_hand", -1) if self.order else -1
        self.sizes = list(mine.get("sizes", []))
        if sum(self.sizes) != len(self.order) or any(k < 1 for k in self.sizes):
            self.sizes = [len(self.order)] if self.order else []
        self.selected, self.fresh, self.arrived, self.pile_pick = [], None, [], None
        self.cursor = 0
        self.undo_stack = []
        # (the last person's arrangement is not this one's: a fresh hand is arranged anew)
        self.arranged, self.breaks = False, []
        self.reconcile()

    def bot_steps(self):
        """The move of the bot whose turn it is, in steps: yields while the bot thinks (the
        page draws between steps), then plays the move and returns it (None, unplayed, when
        the table changed while it thought)."""
        seat, master, at = self.state.turn, self.master, self.master.position
        # reseeded per move from the position, so a restored game goes on exactly as it
        # would, and the bots' worker finds the same move
        action = yield from move_steps(self.bots[seat], master.view(seat),
                                       move_key(self.state, seat))
        # the page drew between the steps: a friend's move, an undo or another match may
        # have changed the table meanwhile, and then the move thought of is not played
        if self.master is not master or not self.play_bot(action, seat, at):
            return None
        return action

    def bot_request(self) -> tuple[str, int, int]:
        """The move of the bot whose turn it is, asked of the bots' worker
        (:func:`rami.web.thinking.request`), with the seat and the position it is asked at."""
        seat = self.state.turn
        return (request(self.master.view(seat), self.levels[seat], bot_seed(self.state, seat),
                        move_key(self.state, seat)), seat, self.master.position)

    def play_bot(self, action, seat: int, at: int) -> bool:
        """Play a bot's move for ``seat`` (worked out here or in the worker), chosen at
        position ``at``; False, unplayed, when the table has moved on since (or it is no
        longer a bot's move there: a friend came back)."""
        if seat not in self.bots:
            return False
        try:
            self.master.play(seat, action, at=at)
        except (MovedOn, OutOfTurn):
            return False
        return True

    def bot_step(self) -> Action:
        """Let the bot whose turn it is make one move; returns it."""
        return drain(self.bot_steps())

    def hint_steps(self):
        """The Expert's move for the person, and why (a :class:`~rami.bots.hint.Hint`), in
        steps as :meth:`bot_steps`. Seeded by the position: the same hint every time."""
        from ..bots.hint import hint_steps
        return hint_steps(self.view(), self.hint_key())

    def hint_key(self) -> str:
        """What seeds a hint: the position (the same hint every time)."""
        return f"{self.state.seed}:{len(self.state.history)}"

    @in_game_words
    def hint(self):
        return drain(self.hint_steps())

    def positions_of(self, cards) -> list[int]:
        """Where these cards sit in the person's order (each card once)."""
        out = []
        for c in cards:
            text = str(c)
            for i, t in enumerate(self.order):
                if t == text and i not in out:
                    out.append(i)
                    break
        return out

    def play(self, action: Action) -> None:
        """Send the person's action to the master (raises a RamiError, changing nothing, if
        it is refused: another seat's turn, or a move the game does not allow)."""
        before = self._snapshot() if action.kind in UNDOABLE else None
        self.master.play(self.human, action)
        if before is not None:
            self.undo_stack.append(before)
            del self.undo_stack[:-UNDO_DEPTH]

    def next_hand(self) -> None:
        self.master.deal()

    # -- what the buttons would do --------------------------------------------------------
    @in_game_words
    def explain(self, action: Action) -> str:
        return self.game.variant.explain(self.game, action)

    def choices(self) -> list[Choice]:
        """Every action button for the current phase, each enabled only when legal (the
        variant's table decides which)."""
        return self.table.choices(self)

    @in_game_words
    def not_now(self, name: str) -> str:
        """Why the button or pile ``name`` does nothing in this phase."""
        words = {"draw": N_("You cannot draw now."), "take": N_("You cannot take the discard now."),
                 "meld": N_("You cannot meld now."), "layoff": N_("You cannot lay off now."),
                 "discard": N_("You cannot discard now."), "knock": N_("You cannot knock now."),
                 "pass": N_("You cannot pass now."), "big_gin": N_("You cannot go big gin now."),
                 "done": N_("You cannot finish laying off now.")}
        phase = self.game.phase
        if name in ("draw", "take") and phase in (Phase.PLAY, Phase.LAYOFF):
            return _("You have already drawn this turn.")
        if name in ("meld", "layoff", "discard", "knock") and phase in (Phase.DRAW,
                                                                          Phase.UPCARD):
            return _("First draw a card: from the stock or the discard pile.")
        return _(words[name]) if name in words else _("Not now.")

    @staticmethod
    def select_first(name: str) -> str:
        """What to select before pressing ``name``."""
        return {"meld": _("Select the cards of a meld first."),
                "layoff": _("Select the card to lay off, then tap a meld."),
                "discard": _("Select the card to discard first."),
                "declare": _("Select the card to put in the finish slot, then declare."),
                "knock": _("Select the card to discard as you knock.")}.get(name, _("Not now."))

    def layoff_targets(self) -> list[LayOff]:
        """The legal lay-offs of the one selected card (one per table meld)."""
        sel = self.selected_cards()
        if len(sel) != 1 or not self.human_to_move():
            return []
        seen, out = set(), []
        for a in self.game.legal_actions():
            if a.kind == "layoff" and a.card == sel[0] and a.meld not in seen:
                seen.add(a.meld)
                out.append(a)
        return out

    @in_game_words
    def layoff_on(self, meld: int) -> Action:
        """The lay-off of the selected card on table meld ``meld`` (or why not)."""
        sel = self.selected_cards()
        st = self.game
        if not self.human_to_move():
            raise RamiError(_("Wait: it is {who}'s turn.", who=st.names[st.turn])
                            if self.bot_to_move() else _("The hand is over."))
        if st.phase not in (Phase.PLAY, Phase.LAYOFF):
            raise RamiError(self.explain(LayOff((sel or st.hands[self.human])[0], meld)))
        if len(sel) != 1:
            raise RamiError(_("Select the one card you want to lay off, then tap the meld."))
        for a in self.layoff_targets():
            if a.meld == meld:
                return a
        raise RamiError(self.explain(LayOff(sel[0], meld)))

    # -- the log --------------------------------------------------------------------------
    @in_game_words
    def log_lines(self, since: int = 0) -> list[tuple[int, str]]:
        """This hand's events as (seat, words) for the person's eyes; from the event
        ``since`` on (only those are put in words)."""
        names = self.game.names
        return [(e.seat, e.describe(names, self.human))
                for e in self.game.events_for(self.human)[since:]]

    # -- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        levels = {str(s): lv for s, lv in self.levels.items()}
        levels.update({str(s): PERSON for s in self.humans if s != self.human})
        levels.update({str(s): FRIEND for s in self.friends})
        return {"format": WEB_FORMAT, "version": WEB_VERSION, "human": self.human,
                **({"room": self.room} if self.room is not None else {}),
                "levels": levels,
                "order": list(self.order), "order_hand": self.order_hand,
                "sizes": list(self.sizes), "arranged": self.arranged,
                "stash": {str(s): {"order": list(v["order"]), "order_hand": v["order_hand"],
                                   "sizes": list(v["sizes"])} for s, v in self.stash.items()},
                "game": self.state.to_dict()}

    @classmethod
    def from_json(cls, text) -> "Session":
        """A session from the text the browser kept: checked before it is parsed (a text
        nested deeply enough would overflow WebAssembly's stack in the JSON parser)."""
        try:
            d = read_json(text, MAX_SAVE_CHARS)
        except RamiError as e:
            raise SaveError(_("This saved game is damaged: {reason}.", reason=e)) from None
        return cls.from_dict(d)

    @classmethod
    def from_dict(cls, d) -> "Session":
        check_save_header(d, WEB_FORMAT, WEB_VERSION)
        try:
            state = GameState.from_dict(d["game"])
            human = int(d.get("human", 0))
            levels = {int(k): v for k, v in dict(d.get("levels", {})).items()}
            order = [str(t) for t in d.get("order", [])]
            if not 0 <= human < state.n:
                raise SaveError(_("The saved seat is not at the table."))
            same = d.get("order_hand") == state.hand_no
            session = cls(state, human, levels, order if same else None,
                          [int(k) for k in d.get("sizes", [])] if same else None)
            if same and d.get("arranged") is True and session.table.arranges:
                session.arrange()
            if isinstance(d.get("room"), dict) and session.friends:
                session.room = d["room"]        # (read, and checked, by the host's room)
            for k, v in dict(d.get("stash", {})).items():
                seat = int(k)
                if seat in session.humans and seat != human:
                    session.stash[seat] = {"order": [str(t) for t in v.get("order", [])],
                                           "order_hand": int(v.get("order_hand", -1)),
                                           "sizes": [int(x) for x in v.get("sizes", [])]}
            return session
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise SaveError(_("The save is damaged ({error}: {reason}).",
                              error=type(e).__name__, reason=e)) from None




class GuestSession(Session):
    """A friend's table, on the friend's own device: it holds only the seat's view, as the
    host last sent it (:func:`rami.remote.read_view`), and draws it with the same code as
    the host's table; a move is checked here but not played (``outbox``): the host plays
    it, and answers with the next table or a refusal in words."""

    def __init__(self, game: KnownGame, seat: int, seats: list[dict] | None = None):
        self._game = game
        self._seat(game, seat, {s: FRIEND for s in range(game.n) if s != seat}, None, None)
        self.outbox: list[Action] = []
        self.seat_info: list[dict] = []
        self.describe(seats or [])

    @property
    def game(self) -> KnownGame:
        return self._game

    @property
    def state(self):
        raise AttributeError("a friend's page holds no game: only its seat's view")

    def describe(self, seats: list[dict]) -> None:
        """Who plays each seat, as the host tells it (:meth:`rami.room.Room.seats_info`):
        the absent friends are ``away``."""
        self.seat_info = list(seats)
        self.away = {i for i, d in enumerate(self.seat_info) if i != self.human
                     and d.get("friend") and not d.get("connected")}

    def take(self, game: KnownGame, seats: list[dict] | None = None) -> None:
        """The host's new table: the person's card order and selection live on."""
        self._game = game
        self.undo_stack = []
        self.pile_pick = None
        if seats is not None:
            self.describe(seats)
        self.reconcile()

    def _offer(self) -> bool:
        g = self.game
        return g.phase == Phase.HAND_OVER and REJOIN in (
            g.legal_actions() if g.turn == self.human else g.variant.legal_hooks[g.phase](g))

    def hint_key(self) -> str:
        return f"friend:{len(self.game.history)}"

    def can_undo(self) -> bool:
        return False               # (a move sent is the host's: it cannot be taken back here)

    def checkpoint(self) -> None:
        pass                       # (nothing here is taken back: see can_undo)

    def play(self, action: Action) -> None:
        if not self.human_to_move():
            raise RamiError(_("Wait: it is {who}'s turn.",
                              who=self.game.names[self.game.turn]))
        self.game.check(action)                  # refused here at once, in words, if illegal
        self.outbox.append(action)
        self.selected = []

    def next_hand(self) -> None:
        """The host deals the next hand."""

