"""Indian Rummy, 13 cards, as ``docs/rules.md`` section 3 says.

Two players play with one deck and a printed joker, three to six with two decks and two
(``decks``). A **toss** (one card each, aces high, spades > hearts > diamonds > clubs) decides
who plays first. Each player gets 13 cards; the next card is cut face up as the **wild
joker**: every card of its rank is wild (aces, when a printed joker is cut). The card after it
starts the open deck. A turn is a pick (the closed deck, or the top of the open deck unless it
is a joker someone discarded) and a discard, or a **declaration**: the 14th card goes to the
finish slot and the other 13 are shown in groups. A declaration is valid when every card is in
a group and there are two sequences, one of them pure; the others then show their groups and
score the cards that count (every card without a pure sequence, every card outside it without
a second sequence, else the ungrouped ones), at most 80. An invalid declaration costs 80 (60 in
Pool 61) and puts the declarer out of the deal. A player may **drop** at the start of a turn:
20 before his first pick, 40 later (Pool 201 25/50, Pool 61 15/30). **Deal show**: a valid
declaration on the declarer's first turn halves the others' points, at most 40.

Formats (``format``): ``points``, one deal; ``pool101``/``pool201``/``pool61``, deals until one
player is left below 101/201/61, with ``rejoin``; ``deals``, a fixed number (``deals``) of
deals, lowest total wins.

Readings where the rule book is silent:

* the toss is drawn from one deck without jokers; the toss winner plays first in the first
  deal, and each later deal starts one seat further on (the dealer moves clockwise);
* the card that starts the open deck was not discarded, so it may be picked even if it is a
  joker; every card a player discards (or puts back) counts as discarded;
* a player may discard the card he just picked from the open deck;
* a drop is made at the start of one's turn, before picking; the dropped cards stay face down;
* a group of jokers only is a meld when one of them is a wild-rank card that can be itself:
  with sevens wild, ``7h Jk 7c`` is the impure sequence 7h 8h 9h (or a set of sevens), so it
  can be the second sequence but never the pure one; two printed jokers alone are no group;
* the finish card of any declaration stays aside, face up; an invalid declarer's other cards
  are shown as he grouped them, and he is out of the deal;
* the deal show halves the points after the 80 cap, rounding down;
* when the closed deck runs out, the open deck but its top card is shuffled into a new closed
  deck; the fourth time it runs out the deal is void (nobody scores, the next dealer deals),
  so that a deal ends even if nobody can or will declare; void deals do not count as deals;
* Points is decided by its first deal that is not void; the winner collects the others' points;
* in a pool, an eliminated player may rejoin once, and only while two or more players are
  still in; declining is final; once one player is left the match is over;
* the deck follows the players dealt in: a pool that shrinks to two players goes on with one
  deck under ``decks=auto``;
* the deals format plays 2 deals unless ``deals`` says 3 or 6 (the rule book names the
  choices, not a default).

In a deal string, ``joker: 7d`` is the cut card (a printed joker if absent), ``picks: 1 0``
each seat's picks this deal (2 each if absent: no first drop, no deal show), ``status: in,
first drop`` each seat's place in the deal, and ``opening: on`` says the open deck's top card
is the one turned at the deal.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass

from ...actions import (DEAL, DECLARES, DECLINE, DISCARDS, DRAW, DROP, REJOIN, SHOW, TAKE,
                       Action, Declare, Show, groups_text)
from ...cards import RANK_NAMES, SUITS, Card, deal_rng, french_deck, shuffled, sort_by_suit
from ...checks import UnsoundState, check_fields, need
from ...errors import OptionError
from ...melds import MeldRules, interpretations
from ...solver import Solver
from ...state import Phase
from ...variants.base import Option, Variant, _key
from ...i18n import N_, Said, _, check_spec, join, n_, remade, spec_of

FORMATS = ("points", "pool101", "pool201", "pool61", "deals")
POOL_LIMITS = {"pool101": 101, "pool201": 201, "pool61": 61}
REJOIN_AT_MOST = {"pool101": 79, "pool201": 174, "pool61": 44}
DROP_POINTS = {"pool201": (25, 50), "pool61": (15, 30)}        # every other format: 20 / 40
CAP = 80
DEAL_SHOW_CAP = 40
HAND = 13
MAX_RESHUFFLES = 3
LABELS = ("pure sequence", "sequence", "set", "invalid")


def indian_value(card: Card, wild: int | None) -> int:
    """A K Q J 10 count 10, number cards their pips, jokers (printed or wild rank) 0."""
    if not card.suit or card.rank == wild:
        return 0
    return 10 if card.rank in (1, 11, 12, 13) else card.rank


def drop_points(fmt: str) -> tuple[int, int]:
    """(first drop, middle drop) in this format."""
    return DROP_POINTS.get(fmt, (20, 40))


def invalid_points(fmt: str) -> int:
    return 60 if fmt == "pool61" else 80


# -- judging groups ---------------------------------------------------------------------

def group_label(cards, rules: MeldRules) -> str:
    """``pure sequence``, ``sequence``, ``set`` or ``invalid``: the best way a group reads.

    >>> from rami.cards import parse_cards
    >>> r = MeldRules(wild_ranks=frozenset({7}))
    >>> [group_label(parse_cards(g), r) for g in ("6h 7h 8h", "6h Jk 8h", "9s 9h Jk", "Kh Ah 2h")]
    ['pure sequence', 'sequence', 'set', 'invalid']
    """
    return _group_label(tuple(cards), rules)


@functools.lru_cache(maxsize=1024)
def _group_label(cards: tuple, rules: MeldRules) -> str:
    """(Kept by the group's cards: the table reads every group of the person's hand at each
    drawing, a bot's move too, and a hand's groups seldom change.)"""
    if len(cards) < 3:
        return "invalid"
    readings = interpretations(list(cards), rules)
    if any(m.kind == "run" and m.is_pure for m in readings):
        return "pure sequence"
    if any(m.kind == "run" for m in readings):
        return "sequence"
    return "set" if readings else "invalid"


@dataclass(frozen=True)
class Grouping:
    """A hand shown in groups, judged by the declaration and scoring rules."""

    groups: tuple          # tuples of cards
    labels: tuple          # one of LABELS per group
    counted: tuple         # the cards whose points count
    raw: int               # their points
    points: int            # after the cap of 80
    rule: str              # which scoring rule applied, in words
    valid: bool            # would it be a valid declaration?
    why: str               # why not, when it is not

    def to_dict(self) -> dict:
        return {"groups": [[str(c) for c in g] for g in self.groups],
                "labels": list(self.labels), "counted": [str(c) for c in self.counted],
                "points": self.points, "raw": self.raw, "rule": str(self.rule),
                "valid": self.valid, "why": str(self.why),
                # (the rule and the reason kept as messages too: rami.i18n.spec_of)
                "said": {"rule": spec_of(self.rule), "why": spec_of(self.why)}}


def judge(groups, rules: MeldRules, wild: int | None) -> Grouping:
    """Label each group and apply the scoring rules (and the declaration's).

    >>> from rami.cards import parse_cards
    >>> r = MeldRules(wild_ranks=frozenset({7}))
    >>> g = judge([parse_cards("2h 3h 4h"), parse_cards("5s Jk 7c"), parse_cards("Kd Qs")], r, 7)
    >>> g.labels, g.points, g.valid
    (('pure sequence', 'sequence', 'invalid'), 20, False)
    """
    groups = tuple(tuple(g) for g in groups if g)
    labels = tuple(group_label(g, rules) for g in groups)
    pure = labels.count("pure sequence")
    seqs = pure + labels.count("sequence")
    if pure and seqs >= 2:
        counted = [c for g, lb in zip(groups, labels) if lb == "invalid" for c in g]
        rule = _("two sequences, one of them pure: only the ungrouped cards count")
    elif pure:
        counted = [c for g, lb in zip(groups, labels) if lb != "pure sequence" for c in g]
        rule = _("a pure sequence but no second sequence: every other card counts")
    else:
        counted = [c for g in groups for c in g]
        rule = _("no pure sequence: every card counts")
    raw = sum(indian_value(c, wild) for c in counted)
    if not pure:
        why = _("there is no pure sequence")
    elif seqs < 2:
        why = _("there is only one sequence: a second one is needed")
    elif "invalid" in labels:
        loose = [c for g, lb in zip(groups, labels) if lb == "invalid" for c in g]
        why = n_("{cards} is not in a sequence or a set",
                 "{cards} are not in a sequence or a set", len(loose),
                 cards=" ".join(map(str, loose)))
    else:
        why = ""
    return Grouping(groups, labels, tuple(counted), raw, min(raw, CAP), rule, not why, why)


def best_pure_run(cards, wild: int | None = None) -> tuple:
    """The pure sequence of highest value that these cards hold (empty if none)."""
    best: tuple = ()
    best_value = -1
    for suit in SUITS:
        have = {c.rank: c for c in cards if c.suit == suit}
        if 1 in have:
            have[14] = have[1]
        for a in range(1, 13):
            run = []
            for p in range(a, 15):
                if p not in have or (p == 14 and a == 1):
                    break
                run.append(have[p])
                if len(run) >= 3:
                    v = sum(indian_value(c, wild) for c in run) * 16 + len(run)
                    if v > best_value:
                        best, best_value = tuple(run), v
    return best


# -- the variant ------------------------------------------------------------------------

class IndianRummy(Variant):
    lower_wins = True
    name = "indian"
    parts = {"table": ".table:IndianTable", "beginner": ".bots:BeginnerIndian",
             "good": ".bots:IndianBot", "expert": ".bots:ExpertIndian",
             "terminal": ".terminal:IndianBoard"}
    board_aside = (("joker", N_("The cut joker")),)
    tutorial = (N_("Indian Rummy's declaration"), ("hi",))
    title = Said("Indian Rummy")
    review_points = 30            # (rami.review: a hand's typical points)
    typed_examples = "draw, take, discard Qs, drop, declare Kd: 2h 3h 4h / 7s 7d 7c / ..."
    aliases = ("indian rummy", "indian-rummy", "13-card", "13 card", "thirteen")
    min_players = 2
    max_players = 6
    hand_word = "deal"
    declares = True
    says_points = True         # (a hand's points, not its deadwood: rami.bots.hint)
    public_numbers = (("reshuffles", 4),)     # (rami.rl.observe)
    # How to play, in the game's words (rami.web.howto)
    how_to_play = [
        (N_("The aim"), [
            N_("Thirteen cards each. Be the first to arrange all thirteen into sequences and "
            "sets, then declare. Everyone else scores penalty points: lower is better."),
        ]),
        (N_("The joker"), [
            N_("One card is turned face up as the cut joker: every card of its rank, in any "
            "suit, is wild. Printed jokers are wild too. If a printed joker is cut, aces are "
            "wild."),
        ]),
        (N_("Melds"), [
            N_("- A pure sequence: three or more cards of one suit in order, no joker standing "
            "in. {5h 6h 7h}"),
            N_("- An impure sequence: the same with jokers. {9s Jk Js}"),
            N_("- A set: three or four cards of one rank in different suits, jokers may fill. "
            "{Qd Qc Qh}"),
            N_("Aces are low ({Ac 2c 3c}) or high ({Qc Kc Ac}), never in between."),
        ]),
        (N_("A turn"), [
            N_("Pick the top card of the closed deck or the open deck (the discards), then "
            "discard one. A discarded joker cannot be picked up."),
        ]),
        (N_("Declaring"), [
            N_("With fourteen cards, put one in the finish slot and group the other thirteen. "
            "The declaration is valid when every card is in a meld, with at least two "
            "sequences, one of them pure. A valid declarer scores 0."),
            N_("- The others score their ungrouped cards (aces and faces 10, jokers 0), at "
            "most 80. Without a pure sequence every card counts; with a pure sequence but "
            "no second sequence, all but the pure sequence count."),
            N_("- A wrong declaration costs the declarer 80, and the others play on."),
        ]),
        (N_("Dropping"), [
            N_("Before your first pick you may drop out of the deal for 20 points; later, for "
            "40."),
        ]),
        (N_("Formats"), [
            N_("Points rummy is one deal. Pool rummy (101 or 201) goes on deal after deal: "
            "whoever reaches the pool's number is out, the last one left wins."),
        ]),
    ]
    OPTIONS = (
        Option("format", "points", FORMATS,
               N_("points: one deal; pool: play until one player is left below 101, 201 or 61; "
               "deals: a fixed number of deals"),
               title=N_("format"),
               choice_titles=(("points", N_("points")), ("pool101", N_("pool 101")),
                              ("pool201", N_("pool 201")), ("pool61", N_("pool 61")),
                              ("deals", N_("deals")))),
        Option("deals", 2, (2, 3, 6), N_("how many deals the deals format plays"),
               title=N_("deals")),
        Option("decks", "auto", ("auto", 1, 2),
               N_("auto: one deck for two players, two for more (each with its printed jokers)"),
               title=N_("decks"),
               choice_titles=(("auto", N_("auto")),)),
        Option("deal_show", True, help=N_("a declaration on the first turn halves the others' "
                                       "points (at most 40)"), title=N_("deal show")),
        Option("rejoin", True, help=N_("pool: an eliminated player may rejoin at the highest "
                                    "score plus 1"), title=N_("rejoin")),
    )

    # -- options, cards, rules --------------------------------------------------------
    def check_setup(self, state):
        if state.options["decks"] == 1 and len(state.names) > 3:
            raise OptionError(_("One deck deals 13 cards to at most 3 players: choose two decks "
                                "(decks=2 or auto)"))

    @staticmethod
    def decks_for(options: dict, players: int) -> int:
        d = options["decks"]
        return d if d != "auto" else (1 if players <= 2 else 2)

    def deck(self, state):
        extra = getattr(state, "extra", None) or {}
        d = extra.get("decks") or self.decks_for(state.options, len(state.names))
        return french_deck(d, d)

    def typed_prompt(self, view):
        if view.phase == Phase.DRAW:
            return _("Pick a card (`draw` or `take`), or `drop`")
        if view.phase == Phase.PLAY:
            return _("Discard a card, or declare: `declare Kd` (or `declare Kd: 2h 3h 4h / "
                     "...`)")
        return None

    def meld_rules(self, options):
        wild = options.get("_wild")
        return MeldRules(ace="either", wild_ranks=frozenset({wild} if wild else ()))

    def card_value(self, options, card):
        return indian_value(card, options.get("_wild"))

    def hand_size(self, state):
        return HAND

    @staticmethod
    def deal_options(options: dict, wild: int) -> dict:
        """The house options plus this deal's wild rank, which the meld rules depend on."""
        return {**options, "_wild": wild}

    def _deal_key(self, state):
        return _key(self.deal_options(state.options, state.extra["wild"]))

    def rules(self, state):
        return self._rules_for(self._deal_key(state))

    def solver(self, state):
        return self._solver_for(self._deal_key(state))

    def unit_solver_for(self, options: dict) -> Solver:
        """A solver that counts cards instead of points, a wild left over included: zero
        means every card is grouped (a wild worth nothing left out still makes the hand
        invalid, so it must cost something here)."""
        key = ("unit",) + _key(options)
        solver = self._solver_cache.get(key)
        if solver is None:
            solver = self._solver_cache[key] = Solver(self._rules_for(_key(options)),
                                                      lambda c: 1, wild_value=1)
        return solver

    def hand_value(self, state, cards):
        return sum(indian_value(c, state.extra["wild"]) for c in cards)

    # -- grouping a hand --------------------------------------------------------------
    def judge(self, options: dict, groups) -> Grouping:
        return judge(groups, self._rules_for(_key(options)), options.get("_wild"))

    def best_grouping(self, options: dict, cards, memo: dict | None = None) -> Grouping:
        """The grouping of ``cards`` that scores the fewest points (``memo`` may be shared
        by calls with the same options)."""
        cands = []
        free, arr = self.arrangements(options, cards, memo)
        if arr is not None:
            cands.append([m.cards for m in arr.melds] +
                         ([sort_by_suit(arr.deadwood)] if arr.deadwood else []))
        run = best_pure_run(cards, options.get("_wild"))
        if run:
            rest = list(cards)
            for c in run:
                rest.remove(c)
            cands.append([run, sort_by_suit(rest)])
        if arr is not free:
            cands.append([m.cards for m in free.melds] +
                         ([sort_by_suit(free.deadwood)] if free.deadwood else []))
        if arr is not None and arr.deadwood and not arr.deadwood_value:
            # a wild worth 0 left over costs nothing, yet the hand may group completely:
            # then show it grouped (nothing ungrouped when grouping it is possible)
            whole = self.valid_arrangement(options, cards)
            if whole is not None:
                cands.append([m.cards for m in whole.melds])
        judged = [self.judge(options, g) for g in cands]
        return min(judged, key=lambda j: (j.points, j.raw, not j.valid, -len(j.groups)))

    def arrangements(self, options: dict, cards, memo: dict | None = None) -> tuple:
        """(the least-deadwood arrangement, the least-deadwood one with two sequences and a
        pure one, or None): often the first is also the second, and a hand without a pure
        run has no second, so the costlier search runs only when it must."""
        solver = self._solver_for(_key(options))
        memo = {} if memo is None else memo   # the searches share their sub-problems
        free = solver.arrange(list(cards), memo)
        runs = [m for m in free.melds if m.kind == "run"]
        if len(runs) >= 2 and any(m.is_pure for m in runs):
            return free, free
        if not best_pure_run(cards):
            return free, None
        return free, solver.arrange(list(cards), memo, sequences=2, pure=1)

    def declaration_grouping(self, options: dict, cards) -> Grouping:
        """The groups a declaration with these 13 cards shows: a valid grouping if there is
        one, else the melds that hold the most points (the penalty is the same whatever
        the groups)."""
        arr = self.valid_arrangement(options, cards)
        if arr is not None:
            found = self.judge(options, [m.cards for m in arr.melds])
            if found.valid:
                return found
        free = self._solver_for(_key(options)).arrange(list(cards))
        return self.judge(options, [m.cards for m in free.melds] +
                          ([sort_by_suit(free.deadwood)] if free.deadwood else []))

    def can_declare(self, options: dict, cards) -> bool:
        """Are these 13 cards a valid declaration?"""
        return self.valid_arrangement(options, cards) is not None

    def valid_arrangement(self, options: dict, cards):
        """An arrangement of ``cards`` with every card grouped, two sequences and a pure
        one, or None."""
        if not best_pure_run(cards):          # cheap, and most hands in play fail it
            return None
        solver = self.unit_solver_for(options)
        memo: dict = {}
        free = solver.arrange(list(cards), memo)
        if free.deadwood_value:               # a card fits no group even without the rules
            return None
        runs = [m for m in free.melds if m.kind == "run"]
        if not free.deadwood and len(runs) >= 2 and any(m.is_pure for m in runs):
            return free
        arr = solver.arrange(list(cards), memo, sequences=2, pure=1)
        return arr if arr is not None and not arr.deadwood else None

    # -- seats --------------------------------------------------------------------------
    def eliminated(self, state, seat: int) -> bool:
        limit = POOL_LIMITS.get(state.options["format"])
        return limit is not None and state.scores[seat] >= limit

    def in_play(self, state) -> list[int]:
        """Seats still in this deal, in turn order from the seat to act."""
        status = state.extra["status"]
        out, seat = [], state.turn
        for _x in range(state.n):
            if status[seat] == "in":
                out.append(seat)
            seat = state.next_seat(seat)
        return out

    def first_dealer(self, state):
        winner, _x = toss(state.seed, state.n)
        return (winner - state.variant.direction) % state.n

    # -- the deal -------------------------------------------------------------------------
    def start_hand(self, state):
        n = state.n
        prev = getattr(state, "extra", None) or {}
        match = prev.get("match") or {"rejoined": [], "declined": []}
        away = [s for s in range(n) if self.eliminated(state, s)]
        order, seat = [], state.next_seat(state.dealer)
        for _x in range(n):
            if seat not in away:
                order.append(seat)
            seat = state.next_seat(seat)
        decks = self.decks_for(state.options, len(order))
        deck = shuffled(french_deck(decks, decks), deal_rng(state.seed, "deal", state.hand_no))
        state.hands = [[] for _ in range(n)]
        for _x in range(HAND):
            for s in order:
                state.hands[s].append(deck.pop())
        cut = deck.pop()
        state.discard = [deck.pop()]
        state.stock = deck
        state.table, state.taken = [], None
        state.melded = [False] * n
        state.melded_at_turn_start = [False] * n
        state.extra = self._fresh_extra(n, decks, cut, match, away)
        state.phase = Phase.DRAW
        state.turn = order[0]
        state.events = []
        state.reset_logs()
        state._legal_cache = None
        if state.hand_no == 0:
            _x, cards = toss(state.seed, n)
            winner = order[0]
            state.emit("toss", -1, text=_("{draws}: {who} plays first", draws=", ".join(
                f"{state.names[s]} {c}" for s, c in enumerate(cards)), who=state.names[winner]))
        state.emit("deal", state.dealer, card=state.discard[-1], text=f"Deal {state.hand_no + 1}")
        state.emit("joker", -1, card=cut, text=_("every {rank} is a joker",
                                                 rank=_rank_name(state.extra['wild'])))

    @staticmethod
    def _fresh_extra(n: int, decks: int, cut: Card, match: dict, away=()) -> dict:
        return {"match": match, "decks": decks, "cut": str(cut),
                "wild": 1 if not cut.suit else cut.rank,
                "status": ["away" if s in away else "in" for s in range(n)],
                "picks": [0] * n, "penalties": [0] * n, "opening": True, "reshuffles": 0,
                "finish": {}, "groups": {}, "declarer": None, "deal_show": False,
                "pending": []}

    # -- picking --------------------------------------------------------------------------
    def is_joker(self, state, card: Card) -> bool:
        return not card.suit or card.rank == state.extra["wild"]

    def may_take(self, state) -> bool:
        if not state.discard:
            return False
        return state.extra["opening"] or not self.is_joker(state, state.discard[-1])

    def legal_draw(self, state):
        acts: list[Action] = []
        if state.stock:
            acts.append(DRAW)
        if self.may_take(state):
            acts.append(TAKE)
        acts.append(DROP)
        return acts

    def apply_draw(self, state, action):
        state.extra["picks"][state.turn] += 1
        super().apply_draw(state, action)

    def apply_take(self, state, action):
        state.extra["picks"][state.turn] += 1
        state.extra["opening"] = False
        super().apply_take(state, action)

    # -- discarding, declaring ----------------------------------------------------------
    def legal_play(self, state):
        distinct = list(dict.fromkeys(state.hands[state.turn]))
        return [DISCARDS[c] for c in distinct] + [DECLARES[c] for c in distinct]

    def discard_actions(self, state, seat):
        return [DISCARDS[c] for c in dict.fromkeys(state.hands[seat])]

    def apply_discard(self, state, action):
        state.extra["opening"] = False
        super().apply_discard(state, action)

    def after_discard(self, state):
        if not state.stock:
            e = state.extra
            if e["reshuffles"] >= MAX_RESHUFFLES or len(state.discard) < 2:
                return self._void(state)
            e["reshuffles"] += 1
            top = state.discard[-1]
            state.stock = shuffled(state.discard[:-1], deal_rng(
                state.seed, "reshuffle", state.hand_no, e["reshuffles"]))
            state.discard = [top]
            state.emit("reshuffle", -1, card=top,
                       text=n_("the open deck is shuffled into a new closed deck of {n} card",
                               "the open deck is shuffled into a new closed deck of {n} cards",
                               len(state.stock)))
        self.next_turn(state)

    def next_turn(self, state):
        status = state.extra["status"]
        seat = state.turn
        for _x in range(state.n):
            seat = state.next_seat(seat)
            if status[seat] == "in":
                break
        else:       # check_state refuses such a position at the door: this is a bug
            raise AssertionError("no seat is left in the deal to play")
        state.turn = seat
        state.taken = None
        state.phase = Phase.DRAW

    def allows(self, state, action):
        if isinstance(action, Declare) and action.groups and state.phase == Phase.PLAY:
            hand = Counter(state.hands[state.turn])
            if hand[action.card] < 1:
                return False
            hand[action.card] -= 1
            return +hand == Counter(c for g in action.groups for c in g)
        if isinstance(action, Show) and action.groups and state.phase == Phase.SHOW:
            return Counter(state.hands[state.turn]) == Counter(
                c for g in action.groups for c in g)
        return False

    def apply_declare(self, state, action):
        seat = state.turn
        e = state.extra
        state.remove_from_hand(seat, [action.card])
        e["finish"][str(seat)] = str(action.card)
        opts = self.deal_options(state.options, e["wild"])
        found = (self.judge(opts, action.groups) if action.groups
                 else self.declaration_grouping(opts, state.hands[seat]))
        e["groups"][str(seat)] = found.to_dict()
        state.taken = None
        if found.valid:
            e["status"][seat] = "declared"
            e["declarer"] = seat
            e["deal_show"] = e["picks"][seat] == 1
            state.emit("declare", seat, card=action.card, text="a valid declaration")
            e["pending"] = [s for s in self.in_play(state) if s != seat]
            state.phase = Phase.SHOW
            state.turn = e["pending"][0]
            return
        pts = invalid_points(state.options["format"])
        e["status"][seat] = "invalid"
        e["penalties"][seat] = pts
        state.emit("declare", seat, card=action.card,
                   text=_("an invalid declaration: {why}; {points} points", why=found.why,
                          points=pts))
        if len(self.in_play(state)) == 1:
            return self._last_standing(state)
        self.next_turn(state)

    # -- dropping -----------------------------------------------------------------------
    def apply_drop(self, state, action):
        seat = state.turn
        e = state.extra
        first, middle = drop_points(state.options["format"])
        kind = "first drop" if e["picks"][seat] == 0 else "middle drop"
        pts = first if kind == "first drop" else middle
        e["status"][seat] = kind
        e["penalties"][seat] = pts
        state.emit("drop", seat, text=f"{kind}, {pts} points")
        if len(self.in_play(state)) <= 1:
            return self._last_standing(state)
        self.next_turn(state)

    # -- after a valid declaration: the others show -------------------------------------
    def legal_show(self, state):
        return [SHOW]

    def apply_show(self, state, action):
        seat = state.turn
        e = state.extra
        opts = self.deal_options(state.options, e["wild"])
        found = (self.judge(opts, action.groups) if action.groups
                 else self.best_grouping(opts, state.hands[seat]))
        e["groups"][str(seat)] = found.to_dict()
        e["status"][seat] = "shown"
        state.emit("show", seat, text=f"{found.points} points")
        e["pending"].pop(0)
        if e["pending"]:
            state.turn = e["pending"][0]
        else:
            self._score_declaration(state)

    # -- scoring a deal -----------------------------------------------------------------
    def _seat_line(self, state, seat: int) -> str:
        e = state.extra
        status = e["status"][seat]
        name = state.names[seat]
        pen = e["penalties"][seat]
        if status in ("first drop", "middle drop"):
            return (_("{who}: first drop, {points} points", who=name, points=pen)
                    if status == "first drop" else
                    _("{who}: middle drop, {points} points", who=name, points=pen))
        if status == "invalid":
            return _("{who}: invalid declaration ({reason}), {points} points",
                     who=name, reason=e['groups'][str(seat)]['why'], points=pen)
        return ""

    def _score_declaration(self, state):
        e = state.extra
        names = state.names
        d = e["declarer"]
        halve = e["deal_show"] and state.options["deal_show"]
        points = list(e["penalties"])
        lines = [_("{who} declares validly and scores 0", who=names[d])]
        for seat in range(state.n):
            status = e["status"][seat]
            if status == "shown":
                g = e["groups"][str(seat)]
                p = g["points"]
                rule = remade(g["said"]["rule"]) if "said" in g else g["rule"]
                text = (_("{who}: {rule}: {points}, capped at {cap}", who=names[seat],
                          rule=rule, points=g["raw"], cap=CAP) if g["raw"] > CAP else
                        _("{who}: {rule}: {points}", who=names[seat], rule=rule,
                          points=g["raw"]))
                if halve:
                    p = min(DEAL_SHOW_CAP, p // 2)
                    text = _("{line}; deal show, half: {points}", line=text, points=p)
                points[seat] = p
                lines.append(text)
            elif status not in ("declared", "in", "away"):
                lines.append(self._seat_line(state, seat))
        head = (_("{who} declares on the first turn: a deal show", who=names[d]) if halve
                else _("{who} declares", who=names[d]))
        self._finish(state, "declare", d, points, head, lines)

    def _last_standing(self, state):
        e = state.extra
        w = self.in_play(state)[0]
        e["status"][w] = "won"
        lines = [_("{who} is the last player in the deal and wins it with 0",
                   who=state.names[w])]
        lines += [self._seat_line(state, s) for s in range(state.n)
                  if e["status"][s] not in ("won", "away")]
        self._finish(state, "last", w, list(e["penalties"]),
                     _("{who} wins the deal: everyone else is out of it",
                       who=state.names[w]), lines)

    def _void(self, state):
        self._finish(state, "void", None, [0] * state.n,
                     _("The closed deck ran out {count} times: the deal is void",
                       count=MAX_RESHUFFLES + 1),
                     [_("Nobody declared before the closed deck ran out {count} times: no score, "
                        "and the deal does not count.", count=MAX_RESHUFFLES + 1)])

    def _finish(self, state, how, winner, points, headline, lines):
        e = state.extra
        seats = [{"status": e["status"][s], "points": points[s],
                  "finish": e["finish"].get(str(s)),
                  "grouping": e["groups"].get(str(s))} for s in range(state.n)]
        e["pending"] = []
        before = [self.eliminated(state, s) for s in range(state.n)]
        self.finish_hand(state, {"how": how, "winner": winner, "points": points,
                                 "headline": headline, "lines": lines, "seats": seats,
                                 "wild": e["wild"], "cut": e["cut"]})
        out = [s for s in range(state.n) if self.eliminated(state, s) and not before[s]]
        if out:
            limit = POOL_LIMITS[state.options["format"]]
            text = n_("{who} reaches {limit} and is eliminated",
                      "{who} reach {limit} and are eliminated", len(out),
                      who=join(state.names[s] for s in out), limit=limit)
            last = state.results[-1]
            last["lines"].append(str(text))
            last["said"]["lines"].append(spec_of(text))
            last["eliminated"] = out
            state.emit("eliminated", -1, text=text)
        if state.phase == Phase.HAND_OVER:
            self._next_offer(state)

    def _next_offer(self, state) -> None:
        offers = self.rejoin_offers(state)
        state.turn = offers[0] if offers else state.next_seat(state.dealer)

    def decided_deals(self, state) -> int:
        return sum(1 for r in state.results if r["how"] != "void")

    def match_result(self, state):
        fmt = state.options["format"]
        names = state.names
        scores = state.scores
        n = state.n
        if fmt == "points":
            decided = [r for r in state.results if r["how"] != "void"]
            if not decided:
                return None
            r = decided[-1]
            w = r["winner"]
            won = sum(r["points"])
            lines = [_("{who}: {points} points", who=names[s], points=r['points'][s])
                     for s in range(n) if s != w]
            lines.append(_("{who} collects {points} points", who=names[w], points=won))
            return {"winners": [w], "totals": list(scores), "lines": lines, "won": won,
                    "headline": _("{who} wins the deal and {points} points",
                                  who=names[w], points=won)}
        if fmt == "deals":
            played = self.decided_deals(state)
            if played < state.options["deals"]:
                return None
            low = min(scores)
            winners = [s for s in range(n) if scores[s] == low]
            who = " and ".join(names[s] for s in winners)
            return {"winners": winners, "totals": list(scores),
                    "lines": [f"{names[s]}: {scores[s]}" for s in range(n)],
                    "headline": n_("{who} wins with the lowest total, {low}, after {played} "
                                   "deals",
                                   "{who} share the win with the lowest total, {low}, after "
                                   "{played} deals", len(winners),
                                   who=who, low=low, played=played)}
        limit = POOL_LIMITS[fmt]
        left = [s for s in range(n) if scores[s] < limit]
        if len(left) > 1:
            return None
        w = left[0] if left else min(range(n), key=lambda s: scores[s])
        lines = [_("{who}: {points} (eliminated)", who=names[s], points=scores[s])
                 if scores[s] >= limit else f"{names[s]}: {scores[s]}" for s in range(n)]
        return {"winners": [w], "totals": list(scores), "lines": lines,
                "headline": _("{who} wins the pool: the last player below {limit}",
                              who=names[w], limit=limit)}

    # -- pool: rejoining ----------------------------------------------------------------
    def rejoin_offers(self, state) -> list[int]:
        """Eliminated seats that may rejoin now (after a deal, before the next)."""
        fmt = state.options["format"]
        if fmt not in POOL_LIMITS or not state.options["rejoin"] \
                or state.phase != Phase.HAND_OVER:
            return []
        limit = POOL_LIMITS[fmt]
        left = [s for s in range(state.n) if state.scores[s] < limit]
        if len(left) < 2 or max(state.scores[s] for s in left) > REJOIN_AT_MOST[fmt]:
            return []
        m = state.extra["match"]
        done = {r["seat"] for r in m["rejoined"]} | set(m["declined"])
        return [s for s in range(state.n) if state.scores[s] >= limit and s not in done]

    def rejoin_score(self, state) -> int:
        limit = POOL_LIMITS[state.options["format"]]
        return max(s for s in state.scores if s < limit) + 1

    def legal_hand_over(self, state):
        if self.rejoin_offers(state):
            return [REJOIN, DECLINE]
        return [DEAL]

    def apply_rejoin(self, state, action):
        seat = state.turn
        new = self.rejoin_score(state)
        state.extra["match"]["rejoined"].append(
            {"seat": seat, "score": new, "from": state.scores[seat], "after": len(state.results)})
        state.scores[seat] = new
        state.emit("rejoin", seat, text=f"at {new} points")
        self._next_offer(state)

    def apply_decline(self, state, action):
        state.extra["match"]["declined"].append(state.turn)
        state.emit("decline", state.turn)
        self._next_offer(state)

    def apply_deal(self, state, action):
        state.hand_no += 1
        state.dealer = state.next_seat(state.dealer)
        self.start_hand(state)

    # -- what players see -----------------------------------------------------------------
    def revealed(self, state, seat):
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return super().revealed(state, seat)
        status = state.extra["status"]
        return {s: tuple(state.hands[s]) for s in range(state.n)
                if status[s] in ("declared", "shown", "invalid")}

    def public_info(self, state):
        e = state.extra
        fmt = state.options["format"]
        first, middle = drop_points(fmt)
        info = {"format": fmt, "wild_rank": e["wild"], "cut": e["cut"],
                "status": list(e["status"]), "picks": list(e["picks"]),
                "drop": [first, middle], "invalid": invalid_points(fmt), "cap": CAP,
                "finish": dict(e["finish"]), "groups": dict(e["groups"]),
                "declarer": e["declarer"], "pending": list(e["pending"]),
                "reshuffles": e["reshuffles"], "opening": e["opening"],
                "rejoined": list(e["match"]["rejoined"])}
        if fmt in POOL_LIMITS:
            info["limit"] = POOL_LIMITS[fmt]
            info["eliminated"] = [s for s in range(state.n) if self.eliminated(state, s)]
            info["rejoin_offers"] = self.rejoin_offers(state)
            info["rejoin_at_most"] = REJOIN_AT_MOST[fmt]
            if info["rejoin_offers"]:
                info["rejoin_score"] = self.rejoin_score(state)
        if fmt == "deals":
            info["deals"] = state.options["deals"]
            info["played"] = self.decided_deals(state)
        return info

    def hidden_cards(self, state):
        return [Card.parse(state.extra["cut"])] + [Card.parse(c) for c in
                                                   state.extra["finish"].values()]

    # -- deal strings ---------------------------------------------------------------------
    STATUSES = ("in", "away", "first drop", "middle drop", "invalid", "declared", "shown",
                "won")
    EXTRA = {"match": ("dict", "any"), "decks": "count", "cut": "card", "wild": "count",
             "status": ("list", "str", "n"), "picks": ("list", "count", "n"),
             "penalties": ("list", "count", "n"), "opening": "bool", "reshuffles": "count",
             "finish": ("dict", "card"), "groups": ("dict", ("dict", "any")),
             "declarer": "seat?", "deal_show": "bool", "pending": ("list", "seat")}
    DEAL_FIELDS = ("joker", "picks", "status", "opening", "finish", "deal show")

    def check_state(self, state):
        e = state.extra
        n = state.n
        check_fields(e, self.EXTRA, _("the deal's facts"), n)
        need(e["decks"] in (1, 2), _("a deal is played with one or two decks"))
        cut = Card.parse(e["cut"])
        need(e["wild"] == (cut.rank if cut.suit else 1), _("the wild rank is not the cut card's"))
        need(all(x in self.STATUSES for x in e["status"]),
             _("each seat's status is one of: {statuses}",
               statuses=", ".join(self.STATUSES)))
        need(e["reshuffles"] <= MAX_RESHUFFLES, _("the closed deck ran out too often"))
        check_fields(e["match"], {"rejoined": ("list", ("dict", "int")),
                                  "declined": ("list", "seat")}, _("the match's facts"), n)
        for r in e["match"]["rejoined"]:
            check_fields(r, {"seat": "seat", "score": "count", "from": "count",
                             "after": "count"}, "a rejoin", n)
        for k, card in e["finish"].items():
            need(k.isdigit() and int(k) < n, _("a finish card belongs to no seat ('{part}')", part=k))
            need(e["status"][int(k)] in ("declared", "invalid", "shown", "won"),
                 _("a finish card belongs to a seat that has not declared"))
        for k, g in e["groups"].items():
            need(k.isdigit() and int(k) < n, _("shown groups belong to no seat ('{part}')", part=k))
            check_fields(g, {"groups": ("list", ("list", "card")), "labels": ("list", "str"),
                             "counted": ("list", "card"), "points": "count", "raw": "count",
                             "rule": "str", "valid": "bool", "why": "str",
                             "said": ("dict", "any")},
                         _("a seat's shown groups"), n, ("said",))
            try:
                if "said" in g:
                    need(set(g["said"]) == {"rule", "why"}, "")
                    check_spec(g["said"]["rule"])
                    check_spec(g["said"]["why"])
            except (UnsoundState, ValueError):
                need(False, _("a seat's shown groups hold words rami cannot say"))
        playing = state.phase in (Phase.DRAW, Phase.PLAY, Phase.SHOW)
        if playing:
            inside = [s for s in range(n) if e["status"][s] in ("in", "declared")]
            need(len(inside) >= 2, _("a deal in play needs two or more seats still in it"))
            need(e["status"][state.turn] == "in", _("the seat to play is out of the deal"))
            need("won" not in e["status"], _("nobody has won a deal that is still played"))
            for k in e["finish"]:
                need(e["status"][int(k)] != "won", _("a winner has no finish card"))
        declared = [s for s in range(n) if e["status"][s] == "declared"]
        if state.phase == Phase.SHOW:
            need(len(declared) == 1 and e["declarer"] == declared[0],
                 _("while the others show, one seat has declared validly"))
            need(e["pending"] and e["pending"][0] == state.turn
                 and all(e["status"][s] == "in" for s in e["pending"]),
                 _("the seats still to show their groups do not add up"))
        elif playing:
            need(not declared and not e["pending"],
                 _("after a valid declaration the others show their groups (phase: show)"))
        super().check_state(state)

    def hand_limits(self, state, seat):
        status = state.extra["status"][seat]
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return 0, 14
        if status == "away":
            return 0, 0
        if status == "in":
            big = seat == state.turn and state.phase == Phase.PLAY
            return (14, 14) if big else (13, 13)
        if status in ("declared", "invalid", "shown"):
            return 13, 13
        return 0, 14

    def scenario_setup(self, state, fields):
        cut = Card.parse(fields.get("joker", "Jk"))
        n = state.n
        status = [x.strip() for x in fields["status"].split(",")] if "status" in fields \
            else ["in"] * n
        allowed = self.STATUSES[:-1]
        if len(status) != n or any(x not in allowed for x in status):
            raise UnsoundState(_("'status' gives each seat one of: {statuses}",
                                 statuses=", ".join(allowed)))
        decks = self.decks_for(state.options, sum(x != "away" for x in status))
        state.extra = self._fresh_extra(n, decks, cut, {"rejoined": [], "declined": []})
        e = state.extra
        e["status"] = status
        first, middle = drop_points(state.options["format"])
        bad = invalid_points(state.options["format"])
        e["penalties"] = [first if x == "first drop" else middle if x == "middle drop"
                          else bad if x == "invalid" else 0 for x in status]
        if "picks" in fields:
            picks = [int(x) for x in fields["picks"].replace(",", " ").split()]
            if len(picks) != n or any(p < 0 or p > 10_000 for p in picks):
                raise UnsoundState(_("'picks' gives each seat's number of picks this deal"))
            e["picks"] = picks
        else:
            e["picks"] = [0 if x == "away" else 2 for x in status]
        e["opening"] = fields.get("opening", "off").lower() in ("on", "yes", "true")
        e["deal_show"] = fields.get("deal show", "off").lower() in ("on", "yes", "true")
        aside = [cut]
        for part in filter(None, (x.strip() for x in fields.get("finish", "").split(","))):
            seat, _x, card = part.partition("=")
            if not seat.strip().isdigit() or int(seat) >= n or not card.strip():
                raise UnsoundState(_("'finish' is written seat=card, as in 0=Kd, not '{part}'",
                                     part=part))
            e["finish"][str(int(seat))] = str(Card.parse(card))
            aside.append(Card.parse(card))
        for s, x in enumerate(status):
            if x in ("declared", "invalid") and str(s) not in e["finish"]:
                raise UnsoundState(_("seat {seat} has declared: give his finish card ('finish: "
                                     "{seat}=Kd')",
                                     seat=s))
        return aside

    def scenario_fields(self, state):
        e = state.extra
        out = [f"joker: {e['cut']}", "picks: " + " ".join(map(str, e["picks"]))]
        if any(x != "in" for x in e["status"]):
            out.append("status: " + ", ".join(e["status"]))
        if e["finish"]:
            out.append("finish: " + ", ".join(f"{k}={v}" for k, v in e["finish"].items()))
        if e["opening"]:
            out.append("opening: on")
        if e["deal_show"]:
            out.append("deal show: on")
        return out

    def scenario_adjust(self, state):
        e = state.extra
        if e["status"][state.turn] != "in":
            raise UnsoundState(_("the seat to play is out of the deal"))
        opts = self.deal_options(state.options, e["wild"])
        for s, x in enumerate(e["status"]):
            if x in ("declared", "invalid"):
                e["groups"][str(s)] = self.declaration_grouping(opts, state.hands[s]).to_dict()
            elif x == "shown":
                e["groups"][str(s)] = self.best_grouping(opts, state.hands[s]).to_dict()
        declared = [s for s, x in enumerate(e["status"]) if x == "declared"]
        if declared:
            e["declarer"] = declared[0]
            if state.phase == Phase.SHOW:
                e["pending"] = self.in_play(state)

    # -- explanations ---------------------------------------------------------------------
    def explain(self, state, action):
        phase = state.phase
        kind = action.kind
        e = state.extra
        if kind in ("meld", "layoff", "knock", "gin"):
            return (_("In Indian rummy nobody lays cards down during play: group them in your "
                      "hand, and declare when all 13 are in groups."))
        if kind in ("pass", "done", "turnover"):
            return _("There is no '{move}' in {game}.", move=kind, game=self.title)
        if phase == Phase.SHOW:
            if kind == "show" and action.groups:
                return _("Show exactly the 13 cards in your hand, each in one group.")
            return (_("{who} has declared: show your cards in groups so that they can be "
                      "scored.",
                      who=state.names[e['declarer']]))
        if phase == Phase.HAND_OVER and kind in ("rejoin", "decline"):
            return _("There is no offer to rejoin now.")
        if phase == Phase.HAND_OVER and kind == "deal" and self.rejoin_offers(state):
            who = state.names[state.turn]
            return _("First {who} decides whether to rejoin the pool.", who=who)
        if kind in ("rejoin", "decline"):
            return _("Rejoining is offered between deals, to a player eliminated from a pool.")
        if kind == "show":
            return _("You show your groups only after another player declares.")
        if kind == "drop" and phase == Phase.PLAY:
            return _("You can drop only at the start of your turn, before you pick a card.")
        if kind == "take" and phase == Phase.DRAW and state.discard \
                and not self.may_take(state):
            return (_("The {discard} is a joker that was discarded: a discarded joker cannot be "
                      "picked from the open deck. Pick from the closed deck.",
                      discard=state.discard[-1]))
        if kind == "declare" and phase == Phase.DRAW:
            return (_("Pick a card first: you declare with 14 cards, putting one in the finish "
                      "slot and showing the other 13 in groups."))
        if kind == "declare" and phase == Phase.PLAY:
            hand = Counter(state.hands[state.turn])
            if hand[action.card] < 1:
                return _("You do not hold the {name} ({card}).",
                         name=action.card.name(), card=action.card)
            hand[action.card] -= 1
            shown = Counter(c for g in action.groups for c in g)
            if shown != +hand:
                missing = +hand - shown
                extra = shown - hand
                parts = []
                if missing:
                    parts.append(_("leave out {cards}",
                                   cards=" ".join(map(str, missing.elements()))))
                if extra:
                    parts.append(_("show cards you do not hold: {cards}",
                                   cards=" ".join(map(str, extra.elements()))))
                return (_("Your groups must hold exactly the 13 cards left after the finish "
                          "card; these {items}.",
                          items=join(parts)))
        return super().explain(state, action)


def toss(seed, n: int) -> tuple[int, list[Card]]:
    """Each seat gets one card; the highest (aces high; spades > hearts > diamonds > clubs)
    plays first. Returns the winner and the cards."""
    deck = shuffled(french_deck(), deal_rng(seed, "toss"))
    cards = [deck.pop() for _ in range(n)]
    best = max(range(n), key=lambda s: (14 if cards[s].rank == 1 else cards[s].rank,
                                        -SUITS.index(cards[s].suit)))
    return best, cards


def _rank_name(rank: int) -> str:
    return _(RANK_NAMES[rank]) if rank in RANK_NAMES else str(rank)


__all__ = ["IndianRummy", "Grouping", "judge", "group_label", "indian_value", "toss",
           "groups_text"]
