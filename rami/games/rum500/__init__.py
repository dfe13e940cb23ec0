"""500 Rum and its family, as ``docs/rules.md`` section 4 says.

Two to eight players; one deck (``jokers`` 0, 1 or 2), two decks from five players on (with
twice the jokers). Two players get 13 cards, more get 7. The discard pile is kept **spread**:
a player draws the top stock card, or takes **any** card of the pile with every card above
it (``take 7h``). The deepest card taken must be used at once in a new meld of three or more
cards (``pickup_to_hit``: a lay-off on a table meld also counts); taking only the top card
carries the same duty unless ``free_top_discard``. Then he melds and lays off as he likes, on
any meld on the table (a laid-off card scores for whoever played it), and discards. Jokers are
wild and may stand for a card already melded elsewhere. A player's first cards on the table in
a hand must total ``min_first_meld`` (30) points.

The hand ends when a player has no cards left (``boathouse``: only by a final discard), or when
the stock is empty and the player to move will not, or cannot, take from the pile. Each player
then scores the cards he put on the table minus the cards left in his hand: 2 to 9 and a low
ace 5 each (``pip_values``: their pips), 10 J Q K 10, an ace 15 (high, in a set, or in hand),
a joker 15. The match is to ``target`` (500); when several pass it, the highest wins.

Options: ``rum_call`` (a discard that fits a table meld may be claimed by another player, who
lays it off in front of himself), ``seven_card_straight`` (a run of seven laid at once, then
the last card discarded, scores 500), ``partnership`` (four players, partners opposite, one
score per side), ``persian`` (partnership with 56 cards: four jokers worth 20 that meld only
as sets of jokers; a four of a kind laid at once counts double; 25 for going out; two deals,
then 50 to the best side).

Readings where the rule book is silent:

* the duty card must be the first thing laid after the take (the cards taken with it wait);
  a take is legal only if the duty can be met, so a player is never stuck with it;
* ``min_first_meld`` counts every card a player lays in the turn he first lays any (melds
  and lay-offs, a Persian double counted double). A first meld or lay-off below the minimum
  is allowed only if the cards left in hand can still make up the rest in new melds; until
  the total is reached he may not discard. A rum call needs a player who has opened;
* an ace counts 5 only as the low end of a run (A-2-3); in a set, high, or in a
  round-the-corner run it counts 15. ``pip_values`` changes 2 to 10, not aces;
* a joker on the table counts its own value, whatever card it stands for;
* with two decks a set still has distinct suits (at most four cards), and ``take 7h 2``
  takes the second 7h from the top of the pile;
* the card taken by a free top take may not be discarded that turn; a deep take has no such
  rule (its card is melded);
* ``rum_call``: the others are asked in turn order from the discarder's left; the first who
  calls takes the card; then play goes on from the discarder's left. No rum is called on a
  player's last card (the hand is over);
* ``seven_card_straight``: the 500 replace that player's table-minus-hand score for the hand;
* the match ends after a hand in which a side reaches the target with the best score alone;
  if the best sides are tied, another hand is played; and after ``max_hands`` hands (50) it
  ends whatever the totals (the rule book's Decision: when players hold more than they lay,
  totals can sink for ever), the highest total winning, a tie shared;
* Persian: 25 for going out and 50 for the best side are added to that side's score; the
  match is two deals whatever ``target`` says, and a tie after them is shared.

In a deal string, ``duty: 7h`` names the card that must be used this turn, ``opening: 15``
the points laid this turn towards the first meld, ``doubled: 1 3`` the table melds (from 1)
that count double, and ``rum: 1`` says seat 1 has just discarded the top card, so the others
are asked in turn whether they call rum.
"""

from __future__ import annotations

from collections import Counter

from ...actions import DRAW, PASS, Action, LayOff, MeldCards, Rum, TakeDiscard
from ...cards import Card, french_deck
from ...checks import UnsoundState, check_fields, need
from ...errors import OptionError
from ...melds import Meld, MeldRules, layoff_results
from ...state import Phase
from ...variants.base import Option, Variant, _layoff_rep, laid_slot, meld_of_action
from ...i18n import N_, Said, _, glue, join

RUN_FOR_500 = 7
REACH_WORK = 400        # steps of one search for a first meld's minimum (see _may_lay)


class Rum500(Variant):
    name = "rum500"
    parts = {"table": ".table:Rum500Table", "beginner": ".bots:BeginnerRum500",
             "good": ".bots:Rum500Bot", "expert": ".bots:ExpertRum500",
             "terminal": ".terminal:Rum500Board"}
    title = Said("500 Rum")
    review_points = 50            # (rami.review: a hand's typical points)
    typed_examples = ("draw, take, take 9c, meld 7h 8h 9h, layoff 10h on 1, discard Qs, rum, "
                      "pass")
    aliases = ("500", "500 rum", "500rum", "rummy 500", "500 rummy", "rum 500",
               "pinochle rummy", "michigan rummy")
    min_players = 2
    max_players = 8
    discard_spread = True
    public_numbers = (("need", 50), ("opening", 100))     # (rami.rl.observe)
    # How to play, in the game's words (rami.web.howto)
    how_to_play = [
        (N_("The aim"), [
            N_("Score points by laying melds on the table; the first to [target] wins. Every card "
            "you lay scores for you, every card left in your hand counts against you."),
        ]),
        (N_("Melds"), [
            N_("- A set: three or four of one rank. {9s 9h 9d}"),
            N_("- A run: three or more of one suit in order; aces low or high. {Jc Qc Kc Ac}"),
        ]),
        (N_("The discard pile"), [
            N_("The discards are spread out, every card visible. Instead of drawing from the "
            "stock you may take any card of the pile together with every card above it, but "
            "the deepest card you take must go into a new meld at once."),
        ]),
        (N_("A turn"), [
            N_("- Draw from the stock, or dig into the discard pile."),
            N_("- Lay down melds and lay off on any meld on the table; the cards you lay off "
            "score for you."),
            N_("- Discard one card."),
            N_("Your first melds in a hand must be worth at least [min_first_meld] points together."),
        ]),
        (N_("Scoring"), [
            N_("When someone runs out of cards (or the stock is empty and nobody takes from "
            "the pile), each player scores the cards he laid down less the cards left in his "
            "hand: aces 15, tens and faces 10, the other cards 5."),
        ]),
    ]
    OPTIONS = (
        Option("jokers", 0, (0, 1, 2), N_("printed jokers per deck, wild"), title=N_("jokers")),
        Option("pickup_to_hit", False, help=N_("a card taken from the pile may be used by laying "
                                            "it off on a table meld"),
               title=N_("take to lay off")),
        Option("free_top_discard", False, help=N_("taking only the top card of the pile carries "
                                               "no duty to meld it"),
               title=N_("free top discard")),
        Option("round_the_corner", False, help=N_("K-A-2 and Q-K-A-2 are runs"),
               title=N_("round the corner")),
        Option("min_first_meld", 30, help=N_("points a player's first melds in a hand must "
                                          "total (0: off)"), hi=150,
               title=N_("first meld at least")),
        Option("boathouse", False, help=N_("going out needs a final discard"),
               title=N_("boathouse")),
        Option("pip_values", False, help=N_("number cards count their pips instead of 5"),
               title=N_("pip values")),
        Option("target", 500, (100, 250, 500, 1000), N_("points that end the match"),
               title=N_("target")),
        # (when players hold more than they lay, totals can sink for ever: every match ends)
        Option("max_hands", 50, help=N_("hands after which the match ends anyway: the highest "
                                     "total wins"), lo=20, hi=200, title=N_("most hands")),
        Option("rum_call", False, help=N_("another player may claim a discard that fits a table "
                                       "meld by calling rum"), title=N_("calling rum")),
        Option("seven_card_straight", False, help=N_("a 7-card run laid at once, then the last "
                                                  "card discarded, scores 500"),
               title=N_("seven-card straight")),
        Option("partnership", False, help=N_("four players in two teams, partners opposite"),
               title=N_("partnership")),
        Option("persian", False, help=N_("Persian rummy: partnership, four jokers worth 20 in "
                                      "joker sets only, fours laid at once count double, "
                                      "two deals"), title=N_("Persian rummy")),
    )

    # -- setup ------------------------------------------------------------------------------
    def check_setup(self, state):
        o = state.options
        if (o["partnership"] or o["persian"]) and state.n != 4:
            raise OptionError(
                _("Persian rummy is played by four players in two teams, not {n}", n=state.n)
                if o["persian"] else
                _("Partnership 500 Rum is played by four players in two teams, not {n}",
                  n=state.n))
        if o["persian"] and o["jokers"]:
            raise OptionError(_("Persian rummy always has its four jokers: leave 'jokers' at 0"))

    def fit_options(self, players, options):
        if players != 4:
            return {**options, "partnership": False, "persian": False}
        return options

    def teams(self, state):
        if state.options["partnership"] or state.options["persian"]:
            return [0, 1, 0, 1]
        return list(range(state.n))

    def decks(self, n: int) -> int:
        return 2 if n >= 5 else 1

    def deck(self, state):
        if state.options["persian"]:
            return french_deck(1, 4)
        d = self.decks(state.n)
        return french_deck(d, state.options["jokers"] * d)

    def typed_prompt(self, view):
        if view.phase != Phase.DRAW:
            return None
        return _("Draw, or take any card of the pile with every card above it (`take 7h`); "
                 "you must meld it at once") if view.stock_count else \
            _("The stock is empty: take from the pile, or `pass` to end the hand")

    def meld_rules(self, options):
        persian = options["persian"]
        return MeldRules(ace="round" if options["round_the_corner"] else "either",
                         jokers_wild=not persian, joker_sets=persian)

    def hand_size(self, state):
        return 13 if state.n == 2 else 7

    def new_hand_extra(self, state):
        return {"duty": None, "opening": 0, "doubled": [], "long_run": False, "rum": None}

    # -- values -------------------------------------------------------------------------------
    def card_value(self, options, card):
        """What a card counts in hand (and on the table, but for a low ace)."""
        if not card.suit:
            return 20 if options["persian"] else 15
        if card.rank == 1:
            return 15
        if card.rank >= 10:
            return 10
        # Persian counts number cards at their pips, as the seed's example does (four 6s
        # laid at once: 48)
        return card.rank if options["pip_values"] or options["persian"] else 5

    def card_points(self, options, meld: Meld, i: int) -> int:
        """What card ``i`` of a table meld scores (a low ace 5)."""
        c = meld.cards[i]
        if c.suit and c.rank == 1 and meld.kind == "run" and meld.start + i == 1:
            return 5
        return self.card_value(options, c)

    def meld_points(self, state, meld: Meld, laid_at_once: bool = True) -> int:
        pts = sum(self.card_points(state.options, meld, i) for i in range(len(meld.cards)))
        return pts * 2 if laid_at_once and self._doubles(state, meld) else pts

    def _doubles(self, state, meld: Meld) -> bool:
        return state.options["persian"] and meld.kind == "set" and len(meld.cards) == 4

    def table_points(self, state) -> list[int]:
        """Each seat's points on the table so far this hand."""
        pts = [0] * state.n
        doubled = set(state.extra.get("doubled", ()))
        for k, tm in enumerate(state.table):
            mult = 2 if k in doubled else 1
            for i, who in enumerate(tm.played_by):
                pts[who] += mult * self.card_points(state.options, tm.meld, i)
        return pts

    # -- the draw: stock or any card of the pile ----------------------------------------------
    def duty(self, state) -> Card | None:
        d = state.extra.get("duty")
        return Card.parse(d) if d else None

    def legal_draw(self, state):
        acts: list[Action] = [DRAW] if state.stock else []
        acts += self.takes(state)
        if not state.stock:
            acts.append(PASS)        # will not take from the pile: the hand ends
        return acts

    def takes(self, state) -> list[TakeDiscard]:
        """Every legal ``take``: a card of the pile whose duty the player can meet."""
        seat = state.turn
        hand = state.hands[seat]
        pile = state.discard
        out = []
        seen: Counter = Counter()
        memo: dict = {}
        for i in range(len(pile) - 1, -1, -1):
            card = pile[i]
            seen[card] += 1
            if i == len(pile) - 1 and state.options["free_top_discard"]:
                out.append(TakeDiscard(card, seen[card]))
                continue
            cards = hand + pile[i:]
            if next(self._duty_actions(state, seat, cards, card, None, memo), None) is not None:
                out.append(TakeDiscard(card, seen[card]))
        return out

    def surely_legal(self, state, action):
        return action is DRAW and state.phase == Phase.DRAW and bool(state.stock)

    def allows(self, state, action):
        if isinstance(action, TakeDiscard) and action.card is None and state.discard \
                and state.phase == Phase.DRAW:
            return TakeDiscard(state.discard[-1]) in state.legal_actions()
        if isinstance(action, Rum) and action.meld is None and state.phase == Phase.RUM:
            return any(isinstance(a, Rum) for a in state.legal_actions())
        if isinstance(action, MeldCards):
            return self._unlisted_meld_ok(state, action)
        return False

    def _unlisted_meld_ok(self, state, action) -> bool:
        """A meld from a large hand that legal_actions leaves out (see listed_melds), under
        the same duties as a listed one: the card taken from the pile, the first meld's
        minimum."""
        m = self.listed_meld_allowed(state, action)
        if m is None:
            return False
        seat = state.turn
        hand = state.hands[seat]
        duty = self.duty(state)
        if duty is not None:
            return duty in m.cards and self._may_lay(
                state, seat, hand, list(m.cards), self.meld_points(state, m), None, None,
                tuple(t.meld for t in state.table) + (m,))
        table = tuple(t.meld for t in state.table) if self._still_needed(state, seat) else ()
        return self._may_lay(state, seat, hand, list(m.cards), self.meld_points(state, m),
                             state.taken, None, table + (m,) if table else ())

    def apply_take(self, state, action):
        seat = state.turn
        i = action.index_in(state.discard)
        taken = state.discard[i:]
        del state.discard[i:]
        card = taken[0]
        state.hands[seat].extend(taken)
        free = len(taken) == 1 and state.options["free_top_discard"]
        state.taken = card if free else None
        state.extra["duty"] = None if free else str(card)
        state.phase = Phase.PLAY
        more = len(taken) - 1
        state.emit("take", seat, card=card, cards=tuple(taken),
                   text=f"and the {more} card{'s' if more > 1 else ''} above it" if more else "")

    # -- the duty, and the first meld -----------------------------------------------------------
    def _duty_actions(self, state, seat, cards, duty: Card, taken, memo=None):
        """The legal first actions that use ``duty`` from ``cards`` (a hand, or a hand with
        the cards a take would add)."""
        rules = self.rules(state)
        near = [c for c in cards if c.rank == duty.rank or c.suit == duty.suit
                or rules.is_wild(c)]
        # a meld of three with the duty card holds two cards of its rank, or two of its suit
        # within two ranks of it, or wilds: without them only a lay-off can use it
        close = sum(1 for c in near if c.rank == duty.rank or rules.is_wild(c)
                    or _gap(c.rank, duty.rank) <= 2) - 1
        table = tuple(t.meld for t in state.table)
        for m in (self.listed_melds(near, rules) if close >= 2 else ()):
            if duty in m.cards and self._may_lay(state, seat, cards, list(m.cards),
                                                 self.meld_points(state, m), taken, memo,
                                                 table + (m,)):
                yield MeldCards.of(m)
        if state.options["pickup_to_hit"]:
            for a in self.layoff_actions(state, seat, cards=[duty]):
                if self._may_lay(state, seat, cards, [duty], self._layoff_points(state, a),
                                 taken, memo, self._table_after(state, table, a)):
                    yield a

    def _table_after(self, state, table: tuple, a: LayOff) -> tuple:
        """The table's melds once lay-off ``a`` is made."""
        new = self.layoff_result(state, a.meld, a.card, a.rep)
        return table[:a.meld] + (new,) + table[a.meld + 1:]

    def _may_lay(self, state, seat, cards, used, points, taken, memo=None,
                 table: tuple = ()) -> bool:
        """May ``seat``, holding ``cards``, lay ``used`` (worth ``points``), leaving the
        table's melds as ``table``? He must keep a card to discard (or go out where that is
        allowed), and a first meld must be able to reach ``min_first_meld`` with the melds
        and lay-offs the rest of his cards can still make, in any order."""
        rest = Counter(cards)
        rest.subtract(used)
        left = sorted(rest.elements(), key=lambda c: (c.code, c.is_tile))
        need = self._still_needed(state, seat) - points
        if need <= 0:
            return self.can_end_turn(state, left, taken)
        # each question gets its own memo and its own bounded work, and the cards are taken
        # in one order: the answer is a function of the question alone, so the position after
        # a first meld it found answers the rest the same way (and a take it allowed can be
        # melded)
        return self._reachable(state, left, need, taken, {}, table, [REACH_WORK])

    def _still_needed(self, state, seat) -> int:
        """Points still to lay this turn before this seat has opened (0 once he has)."""
        need = state.options["min_first_meld"]
        if not need or state.melded_at_turn_start[seat]:
            return 0
        return max(0, need - state.extra.get("opening", 0))

    def _reachable(self, state, cards, need, taken, memo, table: tuple = (),
                   work: list | None = None) -> bool:
        """Can new melds and lay-offs (on ``table``, as it grows) from ``cards`` make up
        ``need`` points, leaving a card to discard? (Within ``work`` steps: a search that
        would take longer answers no.)"""
        if need <= 0:
            return self.can_end_turn(state, cards, taken)
        if sum(self.card_value(state.options, c) for c in cards) < need:
            return False                # even every card laid would not reach it
        key = (tuple(sorted(c.code for c in cards)), need, table)
        if key in memo:
            return memo[key]
        memo[key] = False
        if work is not None:
            work[0] -= 1
            if work[0] < 0:
                return False
        rules = self.rules(state)
        steps = []
        for m in self.listed_melds(cards, rules):
            steps.append((self.meld_points(state, m), list(m.cards), table + (m,)))
        for c in dict.fromkeys(cards):
            for i, old in enumerate(table):
                # the lay-offs a player can ask for: one per reading of a wild, the first
                # place for a natural card (as LayOff actions are resolved)
                seen = set()
                for new in layoff_results(old, c, rules):
                    rep = _layoff_rep(old, new, c, rules)
                    if rep in seen:
                        continue
                    seen.add(rep)
                    steps.append((self.card_points(state.options, new, laid_slot(old, new)),
                                  [c],
                                  table[:i] + (new,) + table[i + 1:]))
        steps.sort(key=lambda t: -t[0])
        for points, used, after in steps:
            rest = Counter(cards)
            rest.subtract(used)
            if self._reachable(state, list(rest.elements()), need - points, taken, memo,
                               after, work):
                memo[key] = True
                break
        return memo[key]

    def _layoff_points(self, state, action: LayOff) -> int:
        old = state.table[action.meld].meld
        new = self.layoff_result(state, action.meld, action.card, action.rep)
        return self.card_points(state.options, new, laid_slot(old, new))

    def opening_pending(self, state) -> bool:
        """Has the seat to play laid part of his first meld, short of the minimum?"""
        return state.extra.get("opening", 0) > 0 and self._still_needed(state, state.turn) > 0

    # -- the turn -----------------------------------------------------------------------------
    def legal_play(self, state):
        seat = state.turn
        hand = state.hands[seat]
        duty = self.duty(state)
        if duty is not None:
            return list(dict.fromkeys(self._duty_actions(state, seat, hand, duty, None, {})))
        acts: list[Action] = []
        memo: dict = {}         # one search memo for the whole list (the need is in its keys)
        table = tuple(t.meld for t in state.table) if self._still_needed(state, seat) else ()
        for m in self.listed_melds(hand, self.rules(state)):
            if self._may_lay(state, seat, hand, list(m.cards), self.meld_points(state, m),
                             state.taken, memo, table + (m,) if table else ()):
                acts.append(MeldCards.of(m))
        for a in self.layoff_actions(state, seat):
            if self._may_lay(state, seat, hand, [a.card], self._layoff_points(state, a),
                             state.taken, memo,
                             self._table_after(state, table, a) if table else ()):
                acts.append(a)
        if not self.opening_pending(state):
            acts.extend(self.discard_actions(state, seat))
        return acts

    def may_go_out_by_melding(self, state):
        return not state.options["boathouse"]

    def apply_meld(self, state, action):
        seat = state.turn
        meld = meld_of_action(action, self.rules(state))
        e = state.extra
        if e["duty"] and Card.parse(e["duty"]) in meld.cards:
            e["duty"] = None
        if self._doubles(state, meld):
            e["doubled"].append(len(state.table))
        if meld.kind == "run" and len(meld.cards) >= RUN_FOR_500:
            e["long_run"] = True
        if not state.melded_at_turn_start[seat]:
            e["opening"] += self.meld_points(state, meld)
        super().apply_meld(state, action)

    def apply_layoff(self, state, action):
        seat = state.turn
        e = state.extra
        if e["duty"] and Card.parse(e["duty"]) is action.card:
            e["duty"] = None
        if not state.melded_at_turn_start[seat]:
            e["opening"] += self._layoff_points(state, action)
        super().apply_layoff(state, action)

    def next_turn(self, state):
        super().next_turn(state)
        state.extra.update(duty=None, opening=0, long_run=False, rum=None)

    def after_discard(self, state):
        card = state.discard[-1]
        if state.options["rum_call"]:
            queue = self._rum_queue(state, state.turn, card)
            if queue:
                state.extra["rum"] = {"card": str(card), "by": state.turn, "queue": queue}
                state.phase = Phase.RUM
                state.turn = queue[0]
                return
        self._next(state)

    def _next(self, state):
        self.next_turn(state)
        if not state.stock and not self.takes(state):
            self._stock_out(state, _("The stock is empty and {who} cannot take from the pile",
                                     who=state.names[state.turn]))

    # -- rum -------------------------------------------------------------------------------------
    def _rum_queue(self, state, by, card) -> list[int]:
        rules = self.rules(state)
        if not any(layoff_results(t.meld, card, rules) for t in state.table):
            return []
        seats = []
        s = state.next_seat(by)
        while s != by:
            if not state.options["min_first_meld"] or state.melded[s]:
                seats.append(s)
            s = state.next_seat(s)
        return seats

    def legal_rum(self, state):
        card = Card.parse(state.extra["rum"]["card"])
        return [Rum(a.meld, a.rep)
                for a in self.layoff_actions(state, state.turn, cards=[card])] + [PASS]

    def apply_rum(self, state, action):
        if action.meld is None:
            action = next(a for a in state.legal_actions() if isinstance(a, Rum))
        seat = state.turn
        r = state.extra["rum"]
        card = state.discard.pop()
        self.put_on_meld(state, seat, action.meld, card, action.rep)
        state.emit("rum", seat, card=card, meld=action.meld)
        state.turn = r["by"]
        self._next(state)

    def apply_pass(self, state, action):
        if state.phase == Phase.RUM:
            r = state.extra["rum"]
            state.emit("pass", state.turn, text="rum")
            r["queue"].pop(0)
            if r["queue"]:
                state.turn = r["queue"][0]
            else:
                state.turn = r["by"]
                self._next(state)
            return
        state.emit("pass", state.turn, text="stock")
        self._stock_out(state, _("The stock is empty and {who} will not take from the pile",
                                 who=state.names[state.turn]))

    # -- the end of a hand and of the match ---------------------------------------------------
    def went_out(self, state, seat, by):
        o = state.options
        straight = (o["seven_card_straight"] and by == "discarding"
                    and state.extra.get("long_run"))
        state.emit("out", seat, text="with a seven-card straight" if straight else f"by {by}")
        extra_lines = []
        bonus = {}
        if straight:
            bonus[seat] = ("straight", 500)
            extra_lines.append(_("{who} laid a run of seven and discarded the last card: 500 "
                                 "for the hand",
                                 who=state.names[seat]))
        elif o["persian"]:
            bonus[seat] = ("add", 25)
            extra_lines.append(_("Going out: +25 to {who}", who=self._side_name(state, seat)))
        self._score(state, _("{who} goes out", who=state.names[seat]), seat, bonus, extra_lines)

    def _stock_out(self, state, headline: str):
        self._score(state, headline, None, {}, [])

    def _side_name(self, state, seat) -> str:
        if len(set(state.teams)) == state.n:
            return state.names[seat]
        return join(state.names[s] for s in range(state.n)
                    if state.side(s) == state.side(seat))

    def _score(self, state, headline, winner, bonus, extra_lines):
        names = state.names
        table = self.table_points(state)
        held = [self.hand_value(state, h) for h in state.hands]
        points = [t - h for t, h in zip(table, held)]
        lines = [_("{who}: table {table} − hand {held} = {points}",
                   who=names[s], table=table[s], held=held[s], points=points[s])
                 for s in range(state.n)]
        for s, (kind, v) in bonus.items():
            points[s] = v if kind == "straight" else points[s] + v
        lines += extra_lines
        if state.options["persian"] and state.hand_no + 1 >= 2:
            totals = list(state.scores)
            for s, p in enumerate(points):
                totals[state.side(s)] += p
            best = max(totals)
            if totals.count(best) == 1:
                side = totals.index(best)
                first = state.teams.index(side)
                points[first] += 50
                lines.append(_("After two deals {who} have the best score: +50",
                               who=self._side_name(state, first)))
        self.finish_hand(state, {
            "how": "out" if winner is not None else "stock", "winner": winner,
            "points": points, "table": table, "held": held,
            "headline": headline, "lines": lines})

    def match_result(self, state):
        o = state.options
        scores = state.scores
        best = max(scores)
        if o["persian"]:
            if state.hand_no + 1 < 2:
                return None
            reason = _("after two deals")
        elif best >= o["target"] and scores.count(best) == 1:
            reason = _("reaching {target}", target=o['target'])
        elif state.hand_no + 1 >= o["max_hands"]:
            reason = _("after {count} hands, the most any match plays",
                       count=state.hand_no + 1)
        else:
            return None
        winners = [s for s in range(state.n) if scores[state.side(s)] == best]
        names = state.names
        sides = sorted(set(state.teams))
        lines = [glue(": ", [self._side_name(state, state.teams.index(t)), scores[t]])
                 for t in sides]
        who = self._side_name(state, winners[0]) if scores.count(best) == 1 else \
            join(names[s] for s in winners)
        if len(winners) == 1:
            head = _("{who} wins the match with {best} ({reason})", who=who, best=best,
                     reason=reason)
        elif scores.count(best) > 1:
            head = _("{who} share the match with {best} ({reason})", who=who, best=best,
                     reason=reason)
        else:
            head = _("{who} win the match with {best} ({reason})", who=who, best=best,
                     reason=reason)
        if o["persian"] and scores.count(best) == 1:
            head = _("{headline}, by {points}", headline=head, points=best - sorted(scores)[-2])
        return {"winners": winners, "totals": list(scores), "lines": lines, "headline": head}

    # -- what players see -----------------------------------------------------------------------
    def public_info(self, state):
        e = state.extra
        return {"table_points": self.table_points(state), "duty": e.get("duty"),
                "opening": e.get("opening", 0), "need": state.options["min_first_meld"],
                "opened": [bool(m) for m in state.melded], "rum": e.get("rum"),
                "doubled": list(e.get("doubled", ())),
                "still_needed": self._still_needed(state, state.turn)
                if state.phase == Phase.PLAY else 0}

    EXTRA = {"duty": "card?", "opening": "count", "doubled": ("list", "count"),
             "long_run": "bool", "rum": "any"}
    EXTRA_OPTIONAL = ("rum",)
    DEAL_FIELDS = ("duty", "opening", "doubled", "rum")

    def known_holdings(self, extra, turn):
        return {turn: [Card.parse(extra["duty"])]} if extra.get("duty") else {}

    def check_state(self, state):
        super().check_state(state)
        e = state.extra
        need(all(k < len(state.table) for k in e["doubled"]),
             _("a doubled meld is not on the table"))
        if e["duty"] is not None:
            need(state.phase == Phase.PLAY and Card.parse(e["duty"]) in state.hands[state.turn],
                 _("the card that must be melded ({card}) is not in the hand of the seat to play",
                   card=e['duty']))
        # the points laid towards a first meld this turn: those of the seat's cards on the
        # table, while it makes its first meld (nothing before the draw); an ace may have
        # changed its worth since it was laid (A-2-3 extended round the corner), by 15 at most
        if state.phase in (Phase.DRAW, Phase.PLAY):
            seat = state.turn
            opening = state.phase == Phase.PLAY and not state.melded_at_turn_start[seat]
            laid = self.table_points(state)[seat] if opening else 0
            aces = sum(1 for tm in state.table for c, who in zip(tm.meld.cards, tm.played_by)
                       if who == seat and c.rank == 1) if opening else 0
            need(abs(e["opening"] - laid) <= 15 * aces,
                 _("the points laid towards a first meld this turn ({points}) are not those of the "
                   "cards laid ({laid})",
                   points=e['opening'], laid=laid))
        r = e.get("rum")
        need(r is None or isinstance(r, dict), _("a rum call is a mapping"))
        if state.phase == Phase.RUM:
            need(isinstance(r, dict), _("a rum call needs the discard it is about"))
            check_fields(r, {"card": "card", "by": "seat", "queue": ("list", "seat")},
                         _("the rum call"), state.n)
            need(bool(r["queue"]) and r["queue"][0] == state.turn and r["by"] != state.turn,
                 _("the seats that may call rum do not add up"))
            need(bool(state.discard) and str(state.discard[-1]) == r["card"],
                 _("the rum call is not about the top discard"))

    def hand_limits(self, state, seat):
        return 1, len(self.deck(state))

    def scenario_setup(self, state, fields):
        state.extra = self.new_hand_extra(state)
        if "duty" in fields:
            state.extra["duty"] = str(Card.parse(fields["duty"]))
        if "opening" in fields:
            state.extra["opening"] = int(fields["opening"])
        if "doubled" in fields:
            state.extra["doubled"] = [int(x) - 1 for x in fields["doubled"].split()]
            if any(k < 0 for k in state.extra["doubled"]):
                raise UnsoundState(_("'doubled' numbers table melds from 1"))
        if "rum" in fields:
            by = self.seat_numbers(state, fields["rum"], "rum")
            if len(by) != 1:
                raise UnsoundState(_("'rum' is the seat that just discarded"))
            state.extra["rum"] = {"by": by[0], "at": fields.get("turn")}
        return []

    def scenario_adjust(self, state):
        if state.extra["opening"] and state.phase == Phase.PLAY:
            # points laid towards an opening this turn: the seat had not opened before it
            state.melded_at_turn_start[state.turn] = False
        r = state.extra.get("rum")
        if r is not None and "queue" not in r:
            # the top discard was just thrown by seat ``by``: ask the others for rum
            if not state.discard:
                raise UnsoundState(_("a rum call is about the top discard: give the pile"))
            card = state.discard[-1]
            queue = self._rum_queue(state, r["by"], card)
            if not queue:
                raise UnsoundState(_("nobody can call rum on the {card}", card=card))
            at = r.pop("at", None)
            if at is not None:          # the seats before it have passed already
                if state.turn not in queue:
                    raise UnsoundState(_("seat {seat} cannot call rum on the {card}",
                                         seat=state.turn, card=card))
                queue = queue[queue.index(state.turn):]
            r.update(card=str(card), queue=queue)
            state.phase, state.turn = Phase.RUM, queue[0]
        elif r is not None:
            r.pop("at", None)

    def scenario_fields(self, state):
        e = state.extra
        out = []
        if e.get("duty"):
            out.append(f"duty: {e['duty']}")
        if e.get("opening") and not state.melded_at_turn_start[state.turn]:
            # (points towards an opening matter only to a seat that had not opened)
            out.append(f"opening: {e['opening']}")
        if e.get("doubled"):
            out.append("doubled: " + " ".join(str(k + 1) for k in e["doubled"]))
        if e.get("rum") and state.phase == Phase.RUM:
            out.append(f"rum: {e['rum']['by']}")
        return out

    # -- explanations ------------------------------------------------------------------------
    def explain(self, state, action):
        kind = action.kind
        phase = state.phase
        seat = state.turn
        if kind in ("knock", "gin", "done", "turnover", "declare", "drop", "show"):
            return _("There is no '{move}' in {game}.", move=kind, game=self.title)
        if phase == Phase.RUM:
            r = state.extra["rum"]
            if kind == "rum":
                return _("The {card} does not fit that meld.", card=r['card'])
            return (_("{who} discarded the {card}, which fits a meld on the table: call 'rum' to "
                      "lay it off in front of you, or 'pass'.",
                      who=state.names[r['by']], card=r['card']))
        if kind == "rum":
            if not state.options["rum_call"]:
                return _("Calling rum is a house rule that is off in this game (rum_call).")
            return _("You can call rum only just after another player discards a card that fits "
                     "a meld on the table.")
        if kind == "pass":
            if phase == Phase.DRAW and state.stock:
                return _("Draw from the stock or take from the discard pile: you may stop only "
                         "when the stock is empty.")
            return _("There is nothing to pass on now.")
        if kind == "take" and phase == Phase.DRAW:
            return self._explain_take(state, action)
        if phase == Phase.PLAY:
            duty = self.duty(state)
            if duty is not None and kind in ("meld", "layoff", "discard"):
                uses = (kind == "meld" and duty in action.cards) or \
                       (kind == "layoff" and action.card is duty)
                if not uses:
                    if state.options["pickup_to_hit"]:
                        return _("First use the {card} you took from the discard pile: it must "
                                 "go down at once, in a new meld or a lay-off.", card=duty)
                    return _("First use the {card} you took from the discard pile: it must go "
                             "down at once, in a new meld.", card=duty)
            need = self._still_needed(state, seat)
            if kind in ("meld", "layoff") and self._fits(state, action):
                used = list(action.cards) if kind == "meld" else [action.card]
                if not self._keeps_a_discard(state, seat, used):
                    return self._no_discard_left_message(state)
            if kind == "discard" and self.opening_pending(state):
                done = state.extra["opening"]
                return (_("Your first melds in a hand must total at least {points} points: you "
                          "have laid {done}, lay {need} more before you discard.",
                          points=state.options['min_first_meld'], done=done, need=need))
            if kind in ("meld", "layoff") and need and self._fits(state, action):
                return (_("Your first melds in a hand must total at least {points} points, and "
                          "the cards you would have left cannot make up the rest this turn.",
                          points=state.options['min_first_meld']))
        return super().explain(state, action)

    def _fits(self, state, action) -> bool:
        hand = state.hands[state.turn]
        if any(c not in hand for c in getattr(action, "cards", ())):
            return False
        if action.kind == "meld":
            from ...melds import interpretations
            return bool(interpretations(list(action.cards), self.rules(state)))
        return action.card in hand and 0 <= action.meld < len(state.table) and \
            bool(layoff_results(state.table[action.meld].meld, action.card, self.rules(state)))

    def _explain_take(self, state, action) -> str:
        if not state.discard:
            return _("The discard pile is empty.")
        card = action.card or state.discard[-1]
        if action.index_in(state.discard) < 0:
            return _("The {name} ({card}) is not in the discard pile.",
                     name=card.name(), card=card)
        how = (_("in a new meld of three or more cards or by laying it off on a meld on the "
                 "table") if state.options["pickup_to_hit"] else
               _("in a new meld of three or more cards"))
        if self._still_needed(state, state.turn):
            return _("You may take the {card} only if you use it at once, {how}, and your first "
                     "melds must total {points} points: you cannot do that with your cards.",
                     card=card, how=how, points=state.options['min_first_meld'])
        return _("You may take the {card} only if you use it at once, {how}: you cannot do "
                 "that with your cards.", card=card, how=how)


def _gap(a: int, b: int) -> int:
    """How far apart two ranks are in a run, an ace being low or high."""
    return min(abs(a - b), abs((14 if a == 1 else a) - (14 if b == 1 else b)),
               (a - b) % 13, (b - a) % 13)
