"""What every variant shares: house options, the deal, the ordinary turn, hand and match end
(its moves and scoring; what each seat sees, its door and its words are in
:mod:`~rami.variants.seen`, :mod:`~rami.variants.door` and :mod:`~rami.variants.words`).

A variant subclasses :class:`Variant`, sets its declarative data (name, players, ``OPTIONS``,
``discard_spread``, ``direction``), and overrides the hooks that differ. The ordinary turn
here is: ``draw`` or ``take`` in the draw phase, then any ``meld`` and ``layoff``, then
``discard``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from ..actions import (DEAL, DISCARDS, DRAW, TAKE, Action, Deal, Discard, Draw, LayOff, MeldCards,
                       TakeDiscard)
from ..cards import Card, deal_rng, french_deck, shuffled
from ..errors import OptionError
from ..melds import Meld, MeldRules, interpretations, layoff_results, possible_melds
from ..solver import Solver
from ..state import GameState, Phase, TableMeld
from ..i18n import _, spec_of
from .door import Door
from .seen import Seen
from .words import Words, _reps, not_held  # noqa: F401  (not_held: the games' too)


@dataclass(frozen=True)
class Option:
    """A house rule: its rule-book name, default, allowed values and a line of help."""

    name: str
    default: object
    choices: tuple = ()
    help: str = ""
    lo: int = 0                 # the range of a number without choices
    hi: int = 100
    title: str = ""             # its name in the lobby and the rules (marked for translation;
    choice_titles: tuple = ()   # said by rami.web.lobby) and (value, title) of worded choices

    def check(self, value):
        """The value, if this rule takes it; else an OptionError in plain words. The one
        check behind the lobby, deal strings, saves and the command line."""
        if self.choices and (value not in self.choices or type(value) is bool
                             and not isinstance(self.default, bool)):
            raise OptionError(_("'{value}' is not a value of the house rule {name}: choose one "
                                "of {items}",
                                value=value, name=self.name, items=', '.join(map(str, self.choices))))
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(_("The house rule {name} is on or off (true or false)",
                                    name=self.name))
        elif isinstance(self.default, int) and not self.choices and \
                (type(value) is not int or not self.lo <= value <= self.hi):
            raise OptionError(_("The house rule {name} takes a whole number from {lo} to {hi}",
                                name=self.name, lo=self.lo, hi=self.hi))
        return value


class Variant(Door, Seen, Words):
    """A game: its moves and scoring here (the shared turn), what each seat sees
    (:class:`~rami.variants.seen.Seen`), its door (:class:`~rami.variants.door.Door`: deal
    strings, saves, whether a position could be reached) and its words
    (:class:`~rami.variants.words.Words`), each concern in a module of its own; a game
    overrides the hooks of each that differ."""

    name = ""
    title = ""
    aliases: tuple = ()
    min_players = 2
    max_players = 2
    direction = 1               # +1 clockwise, -1 anticlockwise
    discard_spread = False      # the whole discard pile is visible and takeable
    melds_in_turn = True        # melds and lay-offs during one's turn (gin: only at a knock)
    knocks = False              # a player ends the hand by knocking (gin)
    declares = False            # the hand is kept in groups and declared (Indian)
    lower_wins = False          # scores are penalty points: the lowest total wins
    uses_tiles = False          # played with tiles (the solver's arrangements are of tiles)
    OPTIONS: tuple = ()
    # the game's own parts, each a class named as "module:Class", the module relative to the
    # game's package (rami/games/gin/: ".table:GinTable") or absolute; imported when first
    # asked for (rami.registry.part). "table": its table in the browser (else the shared
    # one); "beginner", "good", "expert": its players (else the plain turn's, Basic Rummy's)
    parts: dict = {}
    # the board editor: the pieces set aside from the deck that a board places, each (its key
    # in the deal string, its words), and how many seats a new board has (0: the fewest)
    board_aside: tuple = ()
    board_players = 0
    # the tutorial page on the site (learn/<name>.html): its link's words, and the languages
    # it is written in besides English (learn/<name>.<code>.html)
    tutorial: tuple = ()
    # the points a hand typically moves between the sides (about their spread over hands of
    # Good players): the review of a hand (rami.review) grades a decision's expected cost
    # as a share of it
    review_points = 20

    def __init__(self):
        # ``legal_<phase>`` and ``apply_<kind>`` hooks by phase and action kind, for the
        # state machine's dispatch
        self.legal_hooks = _Hooks(self, "legal_")
        self.apply_hooks = _Hooks(self, "apply_")
        self._rules_cache: dict = {}
        self._solver_cache: dict = {}

    # -- options and players ------------------------------------------------------------
    def resolve_options(self, given: dict) -> dict:
        known = {o.name: o for o in self.OPTIONS}
        if not isinstance(given, dict):
            raise OptionError(_("House rules are given as name=value pairs"))
        for k in given:
            if k not in known:
                raise OptionError(_("{game} has no house rule '{rule}'. Its rules are: {rules}",
                                    game=self.title, rule=k, rules=', '.join(known)))
        return {name: opt.check(given.get(name, opt.default)) for name, opt in known.items()}

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            if self.min_players == self.max_players:
                raise OptionError(_("{game} is played by {count} players, not {n}",
                                    game=self.title, count=self.min_players, n=n))
            raise OptionError(_("{game} is played by {lo} to {hi} players, not {n}",
                                game=self.title, lo=self.min_players, hi=self.max_players, n=n))

    def check_setup(self, state: GameState) -> None:
        """Refuse (OptionError) house rules that do not suit this number of players."""

    def fit_options(self, players: int, options: dict) -> dict:
        """The house rules a lobby keeps when the number of players changes (those that
        need another number are turned off)."""
        return options

    def surely_legal(self, state: GameState, action: Action) -> bool:
        """Is ``action`` legal here, known at once without listing every legal action (a
        500 Rum draw from the stock, where listing the pile's pickups costs far more)? False
        when it cannot say so cheaply: the list then decides. (A replayed save plays its
        moves through this; the conformance test checks it against the list.)"""
        return False

    def allows(self, state: GameState, action: Action) -> bool:
        """Is ``action`` a legal member of a family that ``legal_actions`` lists only in its
        canonical form (Indian rummy: a declaration with the player's own groups)?"""
        return False

    def teams(self, state: GameState) -> list[int]:
        return list(range(state.n))

    # -- cards ----------------------------------------------------------------------------
    def deck(self, state: GameState) -> list[Card]:
        return french_deck(1, state.options.get("jokers", 0))

    def meld_rules(self, options: dict) -> MeldRules:
        raise NotImplementedError

    def card_value(self, options: dict, card: Card) -> int:
        """What a card left in hand costs."""
        raise NotImplementedError

    def rules(self, state: GameState) -> MeldRules:
        return self._rules_for(_key(state.options))

    def rules_for(self, options: dict) -> MeldRules:
        """The meld rules under these house options (for bots, which hold only a view)."""
        return self._rules_for(_key(options))

    def solver_for(self, options: dict) -> Solver:
        return self._solver_for(_key(options))

    def solver(self, state: GameState) -> Solver:
        """The solver for this state's options (kept on the state: options never change)."""
        solver = state.__dict__.get("_solver")
        if solver is None:
            solver = state._solver = self._solver_for(_key(state.options))
        return solver

    def _rules_for(self, key) -> MeldRules:
        rules = self._rules_cache.get(key)
        if rules is None:
            rules = self._rules_cache[key] = self.meld_rules(dict(key))
        return rules

    def _solver_for(self, key) -> Solver:
        """One solver per set of house options (its value tables take a moment to build)."""
        solver = self._solver_cache.get(key)
        if solver is None:
            options = dict(key)
            wild = Card.parse("joly" if self.uses_tiles else "Jk")
            solver = self._solver_cache[key] = Solver(
                self._rules_for(key), lambda c: self.card_value(options, c),
                wild_value=self.card_value(options, wild), is_tile=self.uses_tiles)
        return solver

    def hand_value(self, state: GameState, cards) -> int:
        return sum(self.card_value(state.options, c) for c in cards)

    # -- dealing --------------------------------------------------------------------------
    def first_dealer(self, state: GameState) -> int:
        return draw_for_deal(state.seed, state.n)[0]

    def hand_size(self, state: GameState) -> int:
        raise NotImplementedError

    first_phase = Phase.DRAW

    def new_hand_extra(self, state: GameState) -> dict:
        """The variant's own facts at the start of a hand (JSON values only)."""
        return {}

    def start_hand(self, state: GameState) -> None:
        """Shuffle (seeded by the match seed and the hand number), deal, turn the upcard."""
        n = state.n
        deck = shuffled(self.deck(state), deal_rng(state.seed, "deal", state.hand_no))
        state.hands = [[] for _ in range(n)]
        seat = state.next_seat(state.dealer)
        for _x in range(self.hand_size(state) * n):
            state.hands[seat].append(deck.pop())
            seat = state.next_seat(seat)
        state.discard = [deck.pop()]
        state.stock = deck
        state.table = []
        state.taken = None
        state.melded = [False] * n
        state.melded_at_turn_start = [False] * n
        state.extra = self.new_hand_extra(state)
        state.phase = self.first_phase
        state.turn = state.next_seat(state.dealer)
        state.events = []
        state.reset_logs()
        state._legal_cache = None
        state.emit("deal", state.dealer, card=state.discard[-1], text=f"Hand {state.hand_no + 1}")

    # -- the ordinary turn ----------------------------------------------------------------
    def legal_draw(self, state: GameState) -> list[Action]:
        acts: list[Action] = []
        if state.stock:
            acts.append(DRAW)
        if state.discard:
            acts.append(TAKE)
        return acts

    def may_meld(self, state: GameState, seat: int) -> bool:
        return True

    def may_layoff(self, state: GameState, seat: int) -> bool:
        return True

    def may_go_out_by_melding(self, state: GameState) -> bool:
        """May a meld or lay-off empty the hand (no final discard)?"""
        return True

    def _keeps_a_discard(self, state: GameState, seat: int, used: list[Card]) -> bool:
        rest = Counter(state.hands[seat])
        rest.subtract(used)
        return self.can_end_turn(state, [c for c, k in rest.items() if k > 0], state.taken)

    def can_end_turn(self, state: GameState, left: list[Card], taken: Card | None) -> bool:
        """Can a player left holding ``left`` end his turn: discard a card other than
        ``taken`` (the one taken from the pile), or have gone out where melding out is
        allowed?"""
        if not left:
            return self.may_go_out_by_melding(state)
        return any(c is not taken for c in left)

    def legal_play(self, state: GameState) -> list[Action]:
        seat = state.turn
        hand = state.hands[seat]
        rules = self.rules(state)
        acts: list[Action] = []
        if self.may_meld(state, seat):
            for m in self.listed_melds(hand, rules):
                if self._keeps_a_discard(state, seat, list(m.cards)):
                    acts.append(MeldCards.of(m))
        if self.may_layoff(state, seat) and state.table:
            acts.extend(a for a in self.layoff_actions(state, seat)
                        if self._keeps_a_discard(state, seat, [a.card]))
        acts.extend(self.discard_actions(state, seat))
        return acts

    def listed_melds(self, hand, rules: MeldRules) -> list[Meld]:
        """The new melds legal_actions lists from ``hand``: every one while the hand is of a
        usual size; past LARGE_HAND cards (a spread pile picked up, a row pickup) those
        without a wild and those of one wild with two cards, so that the list, and the work
        of listing it, stay small whatever the hand. Any other meld stays legal (the
        variant's ``allows``) and can be reached by laying off afterwards."""
        if len(hand) <= LARGE_HAND:
            return possible_melds(hand, rules)
        wilds = list(dict.fromkeys(c for c in hand if rules.is_wild(c)))
        plain = [c for c in hand if not rules.is_wild(c)]
        out = dict.fromkeys(possible_melds(plain, rules))
        for w in wilds:
            for a, b in partners(plain):
                for m in interpretations([a, b, w], rules):
                    out.setdefault(m)
        return list(out)

    def listed_meld_allowed(self, state: GameState, action: MeldCards) -> Meld | None:
        """The meld a player asks for that the listing of a large hand leaves out, when it
        is sound from his hand (see sound_meld); else None."""
        if state.phase != Phase.PLAY or len(state.hands[state.turn]) <= LARGE_HAND:
            return None
        return self.sound_meld(state, action)

    def sound_meld(self, state: GameState, action: MeldCards) -> Meld | None:
        """The one meld ``action`` lays from the hand of the seat to play, keeping a card to
        end the turn (held, one reading); else None."""
        seat = state.turn
        if not_held(state.hands[seat], action.cards) is not None:
            return None
        opts = interpretations(list(action.cards), self.rules(state), _reps(action))
        if len(opts) != 1 or MeldCards.of(opts[0]) != action or \
                not self._keeps_a_discard(state, seat, list(action.cards)):
            return None
        return opts[0]

    def layoff_actions(self, state: GameState, seat: int, melds=None,
                       cards=None) -> list[LayOff]:
        """Every lay-off of ``cards`` (the seat's hand) on table ``melds`` (all of them)."""
        rules = self.rules(state)
        out = []
        targets = range(len(state.table)) if melds is None else melds
        cards = list(dict.fromkeys(state.hands[seat] if cards is None else cards))
        for i in targets:
            tm = state.table[i]
            for c in cards:
                for res in layoff_results(tm.meld, c, rules):
                    out.append(LayOff(c, i, _layoff_rep(tm.meld, res, c, rules)))
        return list(dict.fromkeys(out))

    def layoff_result(self, state: GameState, index: int, card: Card, rep) -> Meld:
        """Table meld ``index`` once ``card`` (standing for ``rep``) is laid off on it."""
        rules = self.rules(state)
        old = state.table[index].meld
        return next(m for m in layoff_results(old, card, rules)
                    if _layoff_rep(old, m, card, rules) == rep)

    def put_on_meld(self, state: GameState, seat: int, index: int, card: Card, rep) -> None:
        """Lay ``card`` on table meld ``index``, recorded as played by ``seat``."""
        tm = state.table[index]
        new = self.layoff_result(state, index, card, rep)
        k = laid_slot(tm.meld, new)
        played_by = tm.played_by[:k] + (seat,) + tm.played_by[k:]
        state.table[index] = TableMeld(new, tm.owner, played_by)
        state.melded[seat] = True

    def discard_actions(self, state: GameState, seat: int) -> list[Action]:
        taken = state.taken
        acts = [DISCARDS[c] for c in dict.fromkeys(state.hands[seat]) if c is not taken]
        if not acts:            # nothing else left: the taken card must go back
            acts = [DISCARDS[c] for c in dict.fromkeys(state.hands[seat])]
        return acts

    def apply_draw(self, state: GameState, action: Draw) -> None:
        card = state.stock.pop()
        state.hands[state.turn].append(card)
        state.phase = Phase.PLAY
        state.emit("draw", state.turn, card=card, secret=True)

    def apply_take(self, state: GameState, action: TakeDiscard) -> None:
        card = state.discard.pop()
        state.hands[state.turn].append(card)
        state.taken = card
        state.phase = Phase.PLAY
        state.emit("take", state.turn, card=card)

    def apply_meld(self, state: GameState, action: MeldCards) -> None:
        seat = state.turn
        meld = meld_of_action(action, self.rules(state))
        state.remove_from_hand(seat, meld.cards)
        state.table.append(TableMeld(meld, seat, (seat,) * len(meld.cards)))
        state.melded[seat] = True
        state.emit("meld", seat, cards=meld.cards, meld=len(state.table) - 1)
        if not state.hands[seat]:
            self.went_out(state, seat, by="melding")

    def apply_layoff(self, state: GameState, action: LayOff) -> None:
        seat = state.turn
        self.put_on_meld(state, seat, action.meld, action.card, action.rep)
        state.remove_from_hand(seat, [action.card])
        state.emit("layoff", seat, card=action.card, meld=action.meld)
        if not state.hands[seat] and state.phase == Phase.PLAY:
            self.went_out(state, seat, by="laying off")

    def apply_discard(self, state: GameState, action: Discard) -> None:
        seat = state.turn
        state.remove_from_hand(seat, [action.card])
        state.discard.append(action.card)
        state.emit("discard", seat, card=action.card)
        if not state.hands[seat]:
            self.went_out(state, seat, by="discarding")
        else:
            self.after_discard(state)

    def after_discard(self, state: GameState) -> None:
        self.next_turn(state)

    def next_turn(self, state: GameState) -> None:
        state.turn = state.next_seat(state.turn)
        state.taken = None
        state.phase = Phase.DRAW
        state.melded_at_turn_start = list(state.melded)

    def went_out(self, state: GameState, seat: int, by: str) -> None:
        raise NotImplementedError

    # -- hand and match end -----------------------------------------------------------------
    def finish_hand(self, state: GameState, result: dict) -> None:
        """Record a scored hand, add its points, and end the match if it is over.

        ``result["points"]`` is per seat; each side's score adds up its seats' points.
        """
        result = {"hand": state.hand_no + 1, **kept_words(result),
                  "hands": {str(s): [str(c) for c in h] for s, h in enumerate(state.hands)}}
        state.results.append(result)
        for seat, pts in enumerate(result["points"]):
            state.scores[state.side(seat)] += pts
        state.emit("hand_over", result.get("winner", -1) if result.get("winner") is not None
                   else -1, text=result["headline"], said=result["said"]["headline"])
        final = self.match_result(state)
        state.taken = None
        if final is not None:
            state.final = final = kept_words(final)
            state.phase = Phase.MATCH_OVER
            state.emit("match_over", final["winners"][0] if final["winners"] else -1,
                       text=final["headline"], said=final["said"]["headline"])
        else:
            state.phase = Phase.HAND_OVER
            state.turn = state.next_seat(state.dealer)

    def match_result(self, state: GameState) -> dict | None:
        raise NotImplementedError

    def legal_hand_over(self, state: GameState) -> list[Action]:
        return [DEAL]

    def legal_match_over(self, state: GameState) -> list[Action]:
        return []

    def apply_deal(self, state: GameState, action: Deal) -> None:
        state.hand_no += 1
        state.dealer = state.next_seat(state.dealer)
        self.start_hand(state)


    # -- checks at the door -------------------------------------------------------------
    def phases(self) -> tuple:
        """The phases this variant plays (those it has a ``legal_`` hook for)."""
        return tuple(p for p in Phase if hasattr(self, "legal_" + p.value))


class _Hooks(dict):
    """Looks a hook up by name the first time it is asked for, then remembers it."""

    def __init__(self, variant: Variant, prefix: str):
        super().__init__()
        self.variant, self.prefix = variant, prefix

    def __missing__(self, name):
        hook = self[name] = getattr(self.variant, self.prefix + getattr(name, "value", name))
        return hook


def draw_for_deal(seed, n: int) -> tuple[int, list[dict]]:
    """Each seat cuts a card; the lowest (ace low) deals; tied seats cut again.

    Returns the dealer and the rounds of cuts (seat -> card).
    """
    deck = shuffled(french_deck(), deal_rng(seed, "draw-for-deal"))
    seats = list(range(n))
    rounds = []
    while True:
        drawn = {s: deck.pop() for s in seats}
        rounds.append(drawn)
        low = min(c.rank for c in drawn.values())
        seats = [s for s, c in drawn.items() if c.rank == low]
        if len(seats) == 1:
            return seats[0], rounds


def _key(options: dict):
    return tuple(sorted(options.items()))


LARGE_HAND = 20                 # past this, legal_actions lists fewer melds (listed_melds)


def partners(cards) -> list[tuple]:
    """The distinct pairs of natural cards that a third card (or a wild) could make a meld
    with: one rank in two suits, or one suit at most two ranks apart (the ace also after the
    king), each pair in code order. Found by rank and suit, not over every pair."""
    cards = sorted(dict.fromkeys(c for c in cards if c.suit), key=lambda c: c.code)
    out = []
    by_rank: dict = {}
    by_suit: dict = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, {})[c.rank] = c
    for group in by_rank.values():
        out += list(combinations(group, 2))
    for ranks in by_suit.values():
        for r, c in ranks.items():
            for d in (1, 2):
                u = ranks.get(r + d) or (ranks.get(1) if r + d == 14 else None)
                if u is not None and u is not c:
                    out.append(tuple(sorted((c, u), key=lambda x: x.code)))
    # (a card held twice pairs with nothing: a set needs two suits, a run two ranks)
    return list(dict.fromkeys(out))


def meld_of_action(action: MeldCards, rules: MeldRules) -> Meld:
    """The one meld a legal meld action lays."""
    options = interpretations(list(action.cards), rules, _reps(action))
    for m in options:
        if MeldCards.of(m) == action:
            return m
    return options[0]


def _layoff_rep(old: Meld, new: Meld, card: Card, rules: MeldRules):
    """What a laid-off wild stands for (None for natural cards and wilds in sets)."""
    if new.kind == "set" or not rules.is_wild(card):
        return None
    slot = 0 if _added_low(old, new) else len(new.cards) - 1
    rep = new.represented()[slot]
    if rep is card and not card.suit:
        return None
    return rep          # a wild card that is itself here says so (``layoff 2c=2c on 1``)


def laid_slot(old: Meld, new: Meld) -> int:
    """Where a lay-off put its card in ``new``: at an end of a run, or in a set at the place
    its order gives it (a set keeps its naturals by code, then its wilds), the old meld's
    cards keeping theirs either way."""
    for k in range(len(new.cards)):
        if new.cards[:k] + new.cards[k + 1:] == old.cards:
            return k
    return len(new.cards) - 1       # pragma: no cover - a lay-off always keeps the old cards


def _added_low(old: Meld, new: Meld) -> bool:
    """Did a lay-off put its card at the low end of a run (the old meld is the new tail)?"""
    return new.kind == "run" and new.cards[1:] == old.cards


def kept_words(result: dict) -> dict:
    """A hand's (or the match's) result with its words kept as messages too (``said``:
    the headline's and each line's, :func:`rami.i18n.spec_of`), so that every page says
    them in its own language; ``headline`` and ``lines`` stay as they were written."""
    out = dict(result)
    out["headline"] = str(result["headline"])
    out["lines"] = [str(x) for x in result.get("lines", [])]
    out["said"] = {"headline": spec_of(result["headline"]),
                   "lines": [spec_of(x) for x in result.get("lines", [])]}
    return out
