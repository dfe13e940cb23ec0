"""Gin Rummy, as ``docs/rules.md`` section 2 says.

Two players, ten cards each. The **upcard round**: the non-dealer may take the upcard or pass,
then the dealer; after two passes the non-dealer draws from the stock. A turn is a draw and a
discard (never the card just taken from the discard pile). After drawing, a player whose
deadwood without his discard is at most the knock limit may **knock**: he lays out his best
melds, and the defender lays off on them (never after gin) and says ``done``. **Gin** is no
deadwood (bonus 25, no lay-offs); **big gin** is all eleven cards melded, going out without a
discard (bonus 31). The knocker scores the difference of deadwood; an **undercut** (defender
equal or lower) gives the defender 25 plus the difference. When the stock is down to two cards
and nobody has knocked, the hand is a **draw**. The **match** goes to 100: a game bonus of 100,
a line bonus of 25 per hand won, and a **shutout** doubles the winner's hand points.

Readings where the rule book is silent: the first dealer is found by a draw for deal (low
card deals) and the deal then alternates; the knocker's melds are laid out as the solver's
best arrangement; the defender's own melds are arranged optimally after his lay-offs.
"""

from __future__ import annotations

from ...actions import BIG_GIN, DONE, DRAW, PASS, TAKE, Action, Knock
from ...cards import Card, french_deck
from ...melds import MeldRules
from ...checks import UnsoundState, need
from ...state import Phase, TableMeld
from ...variants.base import Option, Variant
from ...i18n import N_, Said, _, n_

GAME_BONUS = 100
LINE_BONUS = 25


def gin_value(card: Card) -> int:
    """Face cards 10, ace 1, others their pips."""
    return min(card.rank, 10)


class GinRummy(Variant):
    name = "gin"
    parts = {"table": ".table:GinTable", "beginner": ".bots:BeginnerGin",
             "good": ".bots:GinBot", "expert": ".expert:GinExpert",
             "terminal": ".terminal:GinBoard"}
    tutorial = (N_("Gin Rummy"), ("fr",))
    title = Said("Gin Rummy")
    review_points = 20            # (rami.review: a hand's typical points)
    typed_examples = "draw, take, pass, discard Qs, knock Qs, gin, layoff 10h on 1, done"
    aliases = ("gin rummy", "gin-rummy")
    min_players = max_players = 2
    melds_in_turn = False
    knocks = True
    public_numbers = (("knock_limit", 10),)     # (rami.rl.observe)
    # How to play, in the game's words (rami.web.howto)
    how_to_play = [
        (N_("The aim"), [
            N_("Two players. Arrange your ten cards into melds so that little is left over "
            "(your deadwood), then knock before your opponent does."),
        ]),
        (N_("Melds"), [
            N_("- A set: three or four cards of one rank. {Ks Kh Kc}"),
            N_("- A run: three or more cards of one suit in order, aces low only. "
            "{Ad 2d 3d} is a run; {Qd Kd Ad} is not."),
            N_("Deadwood is every card outside your melds: face cards count 10, aces 1, the "
            "others their number."),
        ]),
        (N_("The first turn"), [
            N_("One card is turned up. The non-dealer may take it or pass; then the dealer may "
            "take it or pass. If both pass, the non-dealer draws from the stock."),
        ]),
        (N_("A turn"), [
            N_("- Draw from the stock, or take the top discard."),
            N_("- Discard one card (never the card you just took from the pile)."),
        ]),
        (N_("Knocking"), [
            N_("When the cards you keep have [knock_limit] or less in deadwood, you may knock: you "
            "discard face down and lay out your melds and deadwood. Your opponent lays out his, "
            "and lays off his deadwood on your melds where it fits: {8h} on {5h 6h 7h}."),
            N_("- You score the difference between the two deadwoods."),
            N_("- Undercut: if his deadwood is as low as yours or lower, he scores [undercut_bonus] "
            "plus the difference instead."),
            N_("- Gin: no deadwood at all. [gin_bonus] bonus, no lay-offs, never undercut. Big gin: "
            "all eleven cards melded after your draw, [big_gin_bonus] bonus."),
            N_("When only two cards are left in the stock and nobody has knocked, the hand is "
            "a draw."),
        ]),
        (N_("The match"), [
            N_("To [target] points. The winner gets 100 more, and each player 25 for every hand he "
            "won; a winner who won every hand doubles his hand points."),
        ]),
    ]
    OPTIONS = (
        Option("knock_limit", 10, help=N_("most deadwood a player may knock with"), hi=10,
               title=N_("knock limit")),
        Option("gin_bonus", 25, help=N_("bonus for gin (no deadwood)"), title=N_("gin bonus")),
        Option("big_gin_bonus", 31, help=N_("bonus for big gin (all eleven cards melded)"),
               title=N_("big gin bonus")),
        Option("undercut_bonus", 25, help=N_("bonus to a defender who undercuts"),
               title=N_("undercut bonus")),
        Option("target", 100, (100, 150, 200, 250), N_("points that win the match"),
               title=N_("target")),
        Option("oklahoma", False, help=N_("the upcard's value sets the knock limit; an ace "
                                       "upcard means gin only"), title=N_("Oklahoma")),
    )

    def typed_prompt(self, view):
        return _("Discard, or knock if you can") if view.phase == Phase.PLAY else None

    def meld_rules(self, options):
        return MeldRules(ace="low", jokers_wild=False)

    def card_value(self, options, card):
        return gin_value(card) if card.suit else 0

    def hand_size(self, state):
        return 10

    def deck(self, state):
        return french_deck()

    first_phase = Phase.UPCARD

    def new_hand_extra(self, state):
        limit = state.options["knock_limit"]
        if state.options["oklahoma"]:
            # the upcard is the first card of the discard pile
            up = state.discard[0]
            limit = 0 if up.rank == 1 else gin_value(up)
        return {"passes": 0, "knock_limit": limit, "must_draw": False}

    EXTRA = {"passes": "count", "knock_limit": "count", "must_draw": "bool",
             "knocker": "seat", "knock_deadwood": "count", "knock_card": "card"}
    EXTRA_OPTIONAL = ("knocker", "knock_deadwood", "knock_card")

    def check_state(self, state):
        super().check_state(state)
        e = state.extra
        need(e["passes"] <= 2, _("the upcard was passed more than twice"))
        if state.phase == Phase.UPCARD:
            need(bool(state.discard),
                 _("the upcard round needs the upcard (the discard pile, as in discard: 8c)"))
            need(e["passes"] < 2, _("both players have passed: the upcard round is over"))
            need(state.turn == (state.dealer if e["passes"] else state.next_seat(state.dealer)),
                 _("the non-dealer decides on the upcard first, then the dealer"))
        need(not e["must_draw"] or state.phase == Phase.DRAW,
             _("'must draw' is for the draw after both passed on the upcard"))
        least = {Phase.UPCARD: 3, Phase.DRAW: 3, Phase.PLAY: 2}.get(state.phase, 0)
        need(len(state.stock) >= least, _("the hand is a draw once the stock is down to two "
                                          "cards: this position cannot be played"))
        need(e["knock_limit"] <= 10, _("the knock limit is above 10"))
        knocked = state.phase == Phase.LAYOFF
        if state.phase in (Phase.UPCARD, Phase.DRAW, Phase.PLAY, Phase.LAYOFF):
            # (a seat's knowledge of the game, rami.known, cannot name the face-down card)
            face_down = "knock_card" in e if state.complete else "knocker" in e
            need(knocked == face_down == ("knocker" in e),
                 _("a knock is half recorded: the knocker, his face-down card and the lay-off "
                   "phase go together"))
        need(knocked or not state.table or state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER),
             _("nothing is laid on the table before a knock"))
        if knocked:
            need(state.turn != e["knocker"], _("the knocker does not lay off"))
            need(all(t.owner == e["knocker"] for t in state.table),
                 _("only the knocker's melds are on the table"))

    def hand_limits(self, state, seat):
        if state.phase == Phase.LAYOFF:
            return 0, 10
        return (11, 11) if seat == state.turn and state.phase == Phase.PLAY else (10, 10)

    DEAL_FIELDS = ("passes", "knock limit", "knock")

    def scenario_setup(self, state, fields):
        if "knock limit" in fields:       # Oklahoma: set by the upcard, which may be gone
            limit = fields["knock limit"].strip()
            if not limit.isdigit() or int(limit) > 10:
                raise UnsoundState(_("'knock limit' takes a whole number from 0 to 10"))
            state.extra = {"passes": 0, "knock_limit": int(limit), "must_draw": False}
        elif state.options["oklahoma"] and not state.discard:
            raise UnsoundState(_("Oklahoma gin needs the upcard (the discard pile) or the "
                                 "'knock limit' it set"))
        else:
            state.extra = self.new_hand_extra(state)
        out: list = []
        if "knock" in fields:             # 'knock: 0=Qd': who knocked, and his face-down card
            seat, _x, card = fields["knock"].partition("=")
            seat = self.seat_numbers(state, seat, "knock")
            if len(seat) != 1 or not card.strip():
                raise UnsoundState(_("'knock' is written seat=card (the knocker and the card he "
                                     "discarded face down), as in 0=Qd"))
            state.extra.update(knocker=seat[0], knock_card=str(Card.parse(card)))
            out.append(Card.parse(card))
        passes = fields.get("passes", "0").strip()
        if passes not in ("0", "1", "2"):
            raise UnsoundState(_("'passes' is how many players passed on the upcard: 0, 1 or 2"))
        state.extra["passes"] = int(passes)
        return out

    def scenario_adjust(self, state):
        e = state.extra
        if (state.phase == Phase.LAYOFF) != ("knocker" in e):
            raise UnsoundState(_("the defender lays off (phase: layoff) after a knock, given as "
                                 "'knock: seat=card'"))
        if "knocker" in e:
            e["knock_deadwood"] = self.hand_value(state, state.hands[e["knocker"]])
        if state.phase != Phase.UPCARD:
            # both passed on the upcard ('passes: 2'): the non-dealer must draw from the stock
            state.extra["must_draw"] = state.extra["passes"] == 2 and state.phase == Phase.DRAW
            state.extra["passes"] = 2

    def scenario_fields(self, state):
        e = state.extra
        out = []
        if "knocker" in e:
            out.append(f"knock: {e['knocker']}={e['knock_card']}")
        if state.options["oklahoma"] or e["knock_limit"] != state.options["knock_limit"]:
            out.append(f"knock limit: {e['knock_limit']}")
        if state.phase == Phase.UPCARD and e["passes"]:
            out.append(f"passes: {e['passes']}")
        if e["must_draw"]:
            out.append("passes: 2")
        return out

    # -- the upcard round -----------------------------------------------------------------
    def legal_upcard(self, state):
        return [TAKE, PASS]

    def apply_pass(self, state, action):
        state.emit("pass", state.turn, card=state.discard[-1])
        state.extra["passes"] += 1
        if state.extra["passes"] == 1:
            state.turn = state.dealer
        else:
            state.turn = state.next_seat(state.dealer)
            state.phase = Phase.DRAW
            state.extra["must_draw"] = True

    def legal_draw(self, state):
        if state.extra["must_draw"]:
            return [DRAW]
        return super().legal_draw(state)

    def apply_draw(self, state, action):
        state.extra["must_draw"] = False
        super().apply_draw(state, action)

    # -- the turn: discard, knock, gin ----------------------------------------------------
    def legal_play(self, state):
        seat = state.turn
        hand = state.hands[seat]
        acts: list[Action] = self.discard_actions(state, seat)
        knocks = self.knock_cards(state, seat)
        acts.extend(Knock.of(c) for c in knocks)
        # eleven melded cards leave no deadwood after any discard, so a knock is offered too
        if knocks and self.solver(state).deadwood(hand) == 0:
            acts.append(BIG_GIN)
        return acts

    def knock_cards(self, state, seat) -> list[Card]:
        """The discards after which the deadwood is within the knock limit."""
        hand = state.hands[seat]
        limit = state.extra["knock_limit"]
        solver = self.solver(state)
        if solver.discard_bound(hand) > limit:     # most turns end here, cheaply
            return []
        if solver.min_deadwood_after_discard(hand) > limit:
            return []
        return [c for d, c in solver.best_discards(hand)
                if d <= limit and c is not state.taken]

    def apply_knock(self, state, action):
        seat = state.turn
        state.remove_from_hand(seat, [action.card])
        state.extra["knock_card"] = str(action.card)
        self._lay_out(state, seat)
        dead = state.extra["knock_deadwood"]
        is_gin = dead == 0
        state.emit("knock", seat, text="gin" if is_gin else f"{dead} deadwood")
        if is_gin:
            self._score(state, how="gin")
        else:
            state.phase = Phase.LAYOFF
            state.turn = state.next_seat(seat)
            state.taken = None

    def apply_gin(self, state, action):
        seat = state.turn
        self._lay_out(state, seat)
        state.emit("gin", seat, text="big gin")
        self._score(state, how="big_gin")

    def _lay_out(self, state, seat):
        arr = self.solver(state).arrange(state.hands[seat])
        for m in arr.melds:
            state.remove_from_hand(seat, m.cards)
            state.table.append(TableMeld(m, seat, (seat,) * len(m.cards)))
        state.melded[seat] = bool(arr.melds)
        state.extra["knocker"] = seat
        state.extra["knock_deadwood"] = arr.deadwood_value

    def after_discard(self, state):
        if len(state.stock) <= 2:
            self.finish_hand(state, {
                "how": "draw", "winner": None, "points": [0, 0],
                "headline": _("Only two cards are left in the stock: the hand is a draw"),
                "lines": [_("Nobody knocked before the stock was down to two cards: no score.")]})
        else:
            self.next_turn(state)

    # -- the defender lays off ------------------------------------------------------------
    def legal_layoff(self, state):
        return [*self.layoff_actions(state, state.turn), DONE]

    def apply_done(self, state, action):
        state.emit("done", state.turn)
        self._score(state, how="knock")

    # -- scoring --------------------------------------------------------------------------
    def _score(self, state, how):
        knocker = state.extra["knocker"]
        defender = 1 - knocker
        o = state.options
        solver = self.solver(state)
        d_arr = solver.arrange(state.hands[defender])
        k_dead = state.extra["knock_deadwood"]
        d_dead = d_arr.deadwood_value
        names = state.names
        layoffs = [e for e in state.events if e.kind == "layoff"]
        lines = [_("{who}'s deadwood: {points}", who=names[knocker], points=k_dead),
                 n_("{who}'s deadwood after laying off {n} card: {points}",
                    "{who}'s deadwood after laying off {n} cards: {points}", len(layoffs),
                    who=names[defender], points=d_dead) if layoffs else
                 _("{who}'s deadwood: {points}", who=names[defender], points=d_dead)]
        points = [0, 0]
        if how in ("gin", "big_gin"):
            bonus = o["gin_bonus"] if how == "gin" else o["big_gin_bonus"]
            points[knocker] = d_dead + bonus
            lines += [_("Gin: {who} scores the {deadwood} deadwood plus the gin bonus {bonus} "
                        "= {points}", who=names[knocker], deadwood=d_dead, bonus=bonus,
                        points=points[knocker]) if how == "gin" else
                      _("Big gin: {who} scores the {deadwood} deadwood plus the big gin bonus "
                        "{bonus} = {points}", who=names[knocker], deadwood=d_dead, bonus=bonus,
                        points=points[knocker])]
            winner, headline = knocker, (_("{who} goes gin", who=names[knocker]) if how == "gin"
                                         else _("{who} goes big gin", who=names[knocker]))
        elif d_dead <= k_dead:
            how = "undercut"
            points[defender] = o["undercut_bonus"] + k_dead - d_dead
            lines += [_("Undercut: {who}'s deadwood is not higher, so {who} scores the "
                        "undercut bonus {bonus} plus the difference {difference} = {points}",
                        who=names[defender], bonus=o['undercut_bonus'],
                        difference=k_dead - d_dead, points=points[defender])]
            winner, headline = defender, _("{who} undercuts {other}", who=names[defender],
                                           other=names[knocker])
        else:
            points[knocker] = d_dead - k_dead
            lines += [_("Knock: {who} scores the difference {theirs} - {own} = {points}",
                        who=names[knocker], theirs=d_dead, own=k_dead, points=points[knocker])]
            winner, headline = knocker, _("{who} knocks and scores {points}",
                                          who=names[knocker], points=points[knocker])
        self.finish_hand(state, {
            "how": how, "winner": winner, "points": points, "headline": headline,
            "lines": lines, "deadwood": [k_dead, d_dead] if knocker == 0 else [d_dead, k_dead],
            "defender_melds": [[str(c) for c in m.cards] for m in d_arr.melds]})

    def match_result(self, state):
        o = state.options
        if max(state.scores) < o["target"]:
            return None
        winner = max(range(2), key=lambda s: state.scores[s])
        loser = 1 - winner
        won = [sum(1 for r in state.results if r["winner"] == s) for s in range(2)]
        drawn = sum(1 for r in state.results if r["winner"] is None)
        shutout = won[winner] == len(state.results) and drawn == 0
        totals = list(state.scores)
        names = state.names
        lines = []
        if shutout:
            totals[winner] *= 2
            lines.append(_("Shutout: {who} won every hand, so the hand points are doubled to "
                           "{points}", who=names[winner], points=totals[winner]))
        totals[winner] += GAME_BONUS
        lines.append(_("Game bonus: {who} reached {target}: +{bonus}",
                       who=names[winner], target=o['target'], bonus=GAME_BONUS))
        for s in (winner, loser):
            if won[s]:
                totals[s] += LINE_BONUS * won[s]
                lines.append(n_("Line bonus: {who} won {n} hand: +{bonus}",
                                "Line bonus: {who} won {n} hands: +{bonus}", won[s],
                                who=names[s], bonus=LINE_BONUS * won[s]))
        lines.append(_("Final: {who} {points}, {other} {other_points}", who=names[0],
                       points=totals[0], other=names[1], other_points=totals[1]))
        return {"winners": [winner], "totals": totals, "lines": lines, "shutout": shutout,
                "headline": _("{who} wins the match {points} to {other}",
                              who=names[winner], points=totals[winner], other=totals[loser])}

    # -- views and explanations -------------------------------------------------------------
    def revealed(self, state, seat):
        if state.phase == Phase.LAYOFF:
            k = state.extra["knocker"]
            return {k: tuple(state.hands[k])}
        return super().revealed(state, seat)

    def public_info(self, state):
        info = {"knock_limit": state.extra.get("knock_limit")}
        if "knocker" in state.extra:
            info["knocker"] = state.extra["knocker"]
            info["knock_deadwood"] = state.extra["knock_deadwood"]
        if state.phase == Phase.UPCARD:
            info["upcard_passes"] = state.extra["passes"]
        return info

    PRIVATE_EXTRA = ("knock_card",)      # discarded face down as the knocker knocks

    def face_down(self, extra):
        return int("knocker" in extra and "knock_card" not in extra)

    def hidden_cards(self, state):
        k = state.extra.get("knock_card")
        return [Card.parse(k)] if k else []

    def explain(self, state, action):
        phase = state.phase
        if phase == Phase.UPCARD and action.kind not in ("take", "pass"):
            return (_("First the upcard: take it or pass. The non-dealer decides now.")
                    if state.extra["passes"] == 0 else
                    _("First the upcard: take it or pass. The dealer decides now."))
        if phase != Phase.UPCARD and action.kind == "pass":
            return _("You can pass only on the upcard at the start of the hand.")
        if phase == Phase.DRAW and action.kind == "take" and state.extra["must_draw"]:
            return _("Both players passed on the upcard: draw from the stock.")
        if action.kind == "meld":
            return _("In gin you do not meld during play: knock to lay out your melds.")
        if action.kind == "turnover":
            return _("Gin has no turnover: the hand is a draw when two cards are left in the "
                     "stock.")
        if phase == Phase.LAYOFF:
            if action.kind == "layoff" and action.card in state.hands[state.turn]:
                return (_("The {card} does not fit any of the knocker's melds there.",
                          card=action.card))
            if action.kind not in ("layoff", "done"):
                return _("Lay off your deadwood on the knocker's melds, then say done.")
        if phase == Phase.PLAY and action.kind == "knock" and action.card in state.hands[state.turn]:
            if action.card is state.taken:
                return (_("You must discard a different card than the one you took from the "
                          "discard pile."))
            solver = self.solver(state)
            rest = list(state.hands[state.turn])
            rest.remove(action.card)
            dead = solver.deadwood(rest)
            limit = state.extra["knock_limit"]
            return (_("You can knock only with {limit} or fewer points of deadwood after your "
                      "discard; discarding the {card} leaves {dead}.",
                      limit=limit, card=action.card, dead=dead)
                    if limit else _("The upcard was an ace: only gin may knock this hand."))
        if phase == Phase.PLAY and action.kind == "gin":
            dead = self.solver(state).deadwood(state.hands[state.turn])
            return _("Big gin needs all eleven cards in melds; you have {dead} points of "
                     "deadwood.",
                     dead=dead)
        if action.kind == "layoff" and phase != Phase.LAYOFF:
            return _("In gin only the defender lays off, after the other player knocks.")
        return super().explain(state, action)
