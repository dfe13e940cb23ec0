"""Basic Rummy, as ``docs/rules.md`` section 1 says.

Two to six players, one deck (with two jokers under ``jokers``). A turn: draw from the stock or
the discard pile, meld and lay off on **any** player's melds as you like, then discard (never
the card you took from the discard pile). Aces are low or high, not both
(``round_the_corner`` allows K-A-2). A player who has no cards left wins the hand: by melding or
laying off everything, or by discarding the last card (``final_discard = required``: only the
latter). Going out in one turn having melded nothing before is **rummy** and scores double.
When the stock is empty the next player takes the discard or turns the pile over as a new
stock; under ``block_rummy`` the hand ends instead and each player loses his own points.

Readings where the rule book is silent: rummy counts a final discard after melding the rest;
the ``go_out_bonus`` is added after rummy's doubling; an empty stock with a discard pile of one
card offers only that card; the deal passes clockwise each hand. A hand must end: turning
the pile over does not shuffle it, so cautious players can go round for ever. The rule book
allows any number of turnovers; rami allows ``MAX_TURNOVERS`` (two), and the third time the
stock runs out the hand ends with no score, like gin's two-card wall. For the same reason the
stock stays empty for one round at most: once every player has taken from the discard pile
with the stock empty, the next player must turn the pile over. Both limits are the rule
book's **Decision** (section 1).

``first_turn_out`` (off by default, from seed 000): nobody goes out, rummy included, on his
own first turn of the hand; a player on his first turn must keep two cards after melding,
one to discard and one to hold. A position from a deal string is taken to be past everyone's
first turn unless its ``first turn:`` field lists the seats still on it.

Under ``block_rummy`` a blocked hand takes points from everyone, so totals can sink for ever
and a target may never be reached: a match to a target then also ends after
``BLOCK_MATCH_HANDS`` (10) hands, and the highest total wins (the rule book's **Decision**).
"""

from __future__ import annotations

from ...actions import TURNOVER
from ...checks import UnsoundState, need
from ...melds import MeldRules
from ...state import Phase
from ...variants.base import Option, Variant, not_held
from ...events import note
from ...i18n import N_, Said, _, join, n_

MAX_TURNOVERS = 2
BLOCK_MATCH_HANDS = 10


class BasicRummy(Variant):
    name = "basic"
    parts = {"table": ".table:BasicTable", "beginner": ".bots:BeginnerBasic",
             "good": ".bots:BasicBot", "expert": ".bots:ExpertBasic"}
    title = Said("Basic Rummy")
    review_points = 10            # (rami.review: a hand's typical points)
    aliases = ("rummy", "basic rummy", "basic-rummy")
    min_players = 2
    max_players = 6
    public_numbers = (("turnovers", 4),)     # (rami.rl.observe)
    # How to play, in the game's words (rami.web.howto)
    how_to_play = [
        (N_("The aim"), [
            N_("Be the first to get rid of every card, by laying them on the table in melds. "
            "The others then pay you what is left in their hands."),
        ]),
        (N_("Melds"), [
            N_("- A set: three or four cards of one rank. {7s 7h 7d}"),
            N_("- A run: three or more cards of one suit in order. {4c 5c 6c 7c}"),
            N_("Aces are low ({Ah 2h 3h}) or high ({Qh Kh Ah}), not both at once."),
        ]),
        (N_("Dealing"), [
            N_("Two players get 10 cards each, three or four get 7, five or six get [cards_5_6]. One "
            "card is turned up to start the discard pile; the rest is the stock."),
        ]),
        (N_("A turn"), [
            N_("- Draw the top card of the stock, or the top card of the discard pile."),
            N_("- If you like, lay down melds, and lay off cards on any melds on the table "
            "(yours or anyone's): {8c} on {4c 5c 6c 7c}."),
            N_("- Discard one card. A card taken from the discard pile cannot be thrown back in "
            "the same turn."),
        ]),
        (N_("Going out"), [
            N_("You go out when your last card is gone: melded, laid off or discarded. Melding "
            "your whole hand in one turn, having laid nothing down before, is a rummy and "
            "scores double."),
            N_("When the stock runs out, the next player may take the discard or turn the "
            "discard pile over as a new stock."),
        ]),
        (N_("Scoring"), [
            N_("The winner scores the cards left in the other hands: kings, queens, jacks and "
            "tens 10, other cards their number, aces [ace_value]. The match goes to [target] "
            "points."),
        ]),
    ]
    OPTIONS = (
        Option("cards_5_6", 6, (6, 7), N_("cards dealt to each of 5 or 6 players"),
               title=N_("cards for 5 or 6")),
        Option("round_the_corner", False, help=N_("K-A-2 and Q-K-A-2 are runs"),
               title=N_("round the corner")),
        Option("layoff_needs_own_meld", False, help=N_("lay off only after melding once"),
               title=N_("lay off after melding")),
        Option("final_discard", "optional", ("optional", "required"),
               N_("must the last card be a discard?"),
               title=N_("final discard"),
               choice_titles=(("optional", N_("optional")), ("required", N_("required")))),
        Option("block_rummy", False, help=N_("the stock is used once; when it runs out the hand "
                                          "ends and everyone loses his own points"),
               title=N_("block rummy")),
        Option("ace_value", 1, (1, 11, 15), N_("what an ace left in hand counts"),
               title=N_("ace value")),
        Option("go_out_bonus", 0, help=N_("extra points for going out"), hi=100,
               title=N_("going-out bonus")),
        Option("target", 100, (100, 250, 500, 1000), N_("points that end the match"),
               title=N_("target")),
        Option("hands", 0, help=N_("play this many hands instead of to the target (0: off)"),
               hi=50, title=N_("hands")),
        Option("jokers", 0, (0, 2), N_("printed jokers, wild in sets and runs"),
               title=N_("jokers")),
        Option("first_turn_out", False, help=N_("a player may go out on his own first turn"),
               title=N_("out on the first turn")),
    )

    def meld_rules(self, options):
        return MeldRules(ace="round" if options["round_the_corner"] else "either")

    def card_value(self, options, card):
        if not card.suit:
            return 0                      # a joker left in hand is not counted
        if card.rank == 1:
            return options["ace_value"]
        return min(card.rank, 10)

    def hand_size(self, state):
        n = state.n
        return 10 if n == 2 else 7 if n <= 4 else state.options["cards_5_6"]

    EXTRA = {"first_turn": ("list", "bool", "n"), "empty_stock_takes": "count",
             "turnovers": "count"}
    EXTRA_OPTIONAL = tuple(EXTRA)
    DEAL_FIELDS = ("first turn", "turnovers", "empty stock takes")

    def check_state(self, state):
        super().check_state(state)
        e = state.extra
        need(e.get("turnovers", 0) <= MAX_TURNOVERS, _("the pile was turned over too often"))
        need(e.get("empty_stock_takes", 0) <= state.n, _("too many takes from an empty stock"))

    def new_hand_extra(self, state):
        return {"first_turn": [True] * state.n}

    def scenario_setup(self, state, fields):
        state.extra = {"first_turn": [False] * state.n}
        if "first turn" in fields:
            for seat in self.seat_numbers(state, fields["first turn"], "first turn"):
                state.extra["first_turn"][seat] = True
        # the empty stock's counts (turning the pile over, taking from it with no stock)
        for key, name, hi in (("turnovers", "turnovers", MAX_TURNOVERS),
                              ("empty stock takes", "empty_stock_takes", state.n)):
            if key in fields:
                t = fields[key].strip()
                if not t.isdigit() or int(t) > hi:
                    raise UnsoundState(_("'{key}' takes a whole number from 0 to {hi}",
                                         key=key, hi=hi))
                state.extra[name] = int(t)
        return []

    def scenario_fields(self, state):
        e = state.extra
        first = [s for s, f in enumerate(e.get("first_turn", ())) if f]
        out = [f"first turn: {' '.join(map(str, first))}"] if first else []
        if e.get("turnovers"):
            out.append(f"turnovers: {e['turnovers']}")
        if e.get("empty_stock_takes"):
            out.append(f"empty stock takes: {e['empty_stock_takes']}")
        return out

    def on_first_turn(self, state, seat) -> bool:
        """Is ``seat`` on his own first turn of the hand, and may he not go out on it?"""
        return (not state.options["first_turn_out"]
                and state.extra.get("first_turn", ())[seat:seat + 1] == [True])

    def can_end_turn(self, state, left, taken):
        if self.on_first_turn(state, state.turn):
            # he may not go out: a card to discard (not the one taken) and one to keep
            return len(left) >= 2 and any(c is not taken for c in left)
        return super().can_end_turn(state, left, taken)

    def next_turn(self, state):
        if "first_turn" in state.extra:
            state.extra["first_turn"][state.turn] = False
        super().next_turn(state)

    # -- drawing, and the empty stock ----------------------------------------------------
    def legal_draw(self, state):
        acts = super().legal_draw(state)
        if not state.stock and len(state.discard) >= 2 and not state.options["block_rummy"]:
            if self._must_turn_over(state):
                return [TURNOVER]
            acts.append(TURNOVER)
        return acts

    def _must_turn_over(self, state) -> bool:
        return state.extra.get("empty_stock_takes", 0) >= state.n

    def apply_take(self, state, action):
        if not state.stock:
            state.extra["empty_stock_takes"] = state.extra.get("empty_stock_takes", 0) + 1
        super().apply_take(state, action)

    def apply_turnover(self, state, action):
        # the pile is turned over as it lies, not shuffled: its bottom card becomes the top
        # of the new stock, and the new stock's top card is turned up
        state.stock = state.discard[::-1]       # top of the stock is the list's end
        state.discard = [state.stock.pop()]
        state.extra["turnovers"] = state.extra.get("turnovers", 0) + 1
        state.extra["empty_stock_takes"] = 0
        state.emit("turnover", state.turn, card=state.discard[-1])

    # -- melding, laying off, going out ---------------------------------------------------
    def may_layoff(self, state, seat):
        return not state.options["layoff_needs_own_meld"] or state.melded[seat]

    def no_layoff_message(self, state):
        return _("House rule: you may lay off only after you have melded once this hand.")

    def may_go_out_by_melding(self, state):
        return state.options["final_discard"] == "optional"

    def after_discard(self, state):
        if not state.stock and state.options["block_rummy"]:
            self._block(state)
        elif not state.stock and state.extra.get("turnovers", 0) >= MAX_TURNOVERS:
            self.finish_hand(state, {
                "how": "void", "winner": None, "points": [0] * state.n,
                "headline": _("The stock ran out for the third time: the hand is void"),
                "lines": [_("Nobody went out before the stock ran out for the third time: no "
                            "score.")]})
        else:
            self.next_turn(state)

    def went_out(self, state, seat, by):
        o = state.options
        names = state.names
        rummy = not state.melded_at_turn_start[seat]
        lines = []
        points = [0] * state.n
        total = 0
        for s, hand in enumerate(state.hands):
            if s == seat:
                continue
            v = self.hand_value(state, hand)
            total += v
            lines.append(_("{who} holds {cards}: {points}", who=names[s],
                           cards=" ".join(map(str, hand)), points=v))
        won = total
        lines.append(_("{who} went out ({how}) and scores the cards left in the other hands: "
                       "{total}", who=names[seat], how=note(by), total=total))
        if rummy:
            won *= 2
            lines.append(_("Rummy: the whole hand went down in one turn, so the score doubles "
                           "to {won}",
                           won=won))
        if o["go_out_bonus"]:
            won += o["go_out_bonus"]
            lines.append(_("Going-out bonus: +{points}", points=o['go_out_bonus']))
        points[seat] = won
        state.emit("out", seat, text="rummy" if rummy else by)
        self.finish_hand(state, {
            "how": "rummy" if rummy else "out", "winner": seat, "points": points,
            "headline": (_("{who} goes rummy and scores {won}", who=names[seat], won=won)
                         if rummy else
                         _("{who} goes out and scores {won}", who=names[seat], won=won)),
            "lines": lines})

    def _block(self, state):
        names = state.names
        points = [-self.hand_value(state, h) for h in state.hands]
        lines = [_("{who} holds {cards}: {points}", who=names[s],
                   cards=" ".join(map(str, h)), points=points[s]) if h else
                 _("{who} holds nothing: {points}", who=names[s], points=points[s])
                 for s, h in enumerate(state.hands)]
        self.finish_hand(state, {
            "how": "block", "winner": None, "points": points, "lines": lines,
            "headline": _("The stock ran out (block rummy): everyone loses the points in his "
                          "hand")})

    def match_result(self, state):
        o = state.options
        played = len(state.results)
        if o["hands"]:
            if played < o["hands"]:
                return None
            reason = _("after {played} hands", played=played)
        elif max(state.scores) >= o["target"]:
            reason = _("reaching {target}", target=o['target'])
        elif o["block_rummy"] and played >= BLOCK_MATCH_HANDS:
            reason = _("after {played} hands of block rummy", played=played)
        else:
            return None
        best = max(state.scores)
        # scores are kept per side: the winners are the seats of the best sides
        winners = [s for s in range(state.n) if state.scores[state.side(s)] == best]
        names = state.names
        lines = [f"{names[s]}: {state.scores[state.side(s)]}" for s in range(state.n)]
        who = join(names[s] for s in winners)
        return {"winners": winners, "totals": list(state.scores), "lines": lines,
                "headline": n_("{who} wins the match with {best} ({reason})",
                               "{who} share the match with {best} ({reason})", len(winners),
                               who=who, best=best, reason=reason)}

    def public_info(self, state):
        return {"turnovers": state.extra.get("turnovers", 0),
                "final_discard": state.options["final_discard"]}

    def explain(self, state, action):
        if action.kind == "take" and state.phase == Phase.DRAW and not state.stock \
                and self._must_turn_over(state) and len(state.discard) >= 2:
            return (_("Everyone has taken from the discard pile since the stock ran out: turn "
                      "the pile over."))
        if action.kind == "turnover":
            if state.options["block_rummy"]:
                return _("Block rummy: the stock is used only once.")
            if state.stock:
                return _("You can turn the discard pile over only when the stock is empty.")
            if state.phase != Phase.DRAW:
                return _("Turn the pile over at the start of your turn, instead of drawing.")
            return _("There are not enough cards in the discard pile to turn over.")
        if action.kind in ("knock", "gin", "pass", "done"):
            return _("There is no '{move}' in {game}.", move=action.kind, game=self.title)
        if state.phase == Phase.PLAY and self.on_first_turn(state, state.turn) \
                and action.kind in ("meld", "layoff"):
            hand = state.hands[state.turn]
            cards = list(getattr(action, "cards", ())) or [getattr(action, "card", None)]
            if not_held(hand, cards) is None:
                if len(hand) - len(cards) < 2:
                    return (_("Nobody may go out on his own first turn of the hand: keep a card "
                              "to discard and one to hold."))
        return super().explain(state, action)
