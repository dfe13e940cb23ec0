"""A game's door: the part of a variant that reads positions from outside (deal strings,
saves, match files) and says whether this game could have reached them, in words, before
any other code sees them (principle 6). Deal strings are read by :mod:`rami.scenario`, saves
by :mod:`rami.state`; each asks the variant's door for what only the game knows.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..checks import UnsoundState, check, check_fields, need
from ..errors import DealSyntaxError
from ..i18n import _
from ..known import split_known
from ..melds import interpretations
from ..state import GameState, Phase


class Door:
    """The checks every game shares: seats, phase, the table's melds, who has melded, the
    hands' sizes, one full deck, a move to play."""

    EXTRA: dict = {}            # the shape of ``state.extra`` (see rami.checks)
    DEAL_FIELDS: tuple = ()     # the deal-string parts the variant reads itself
    EXTRA_OPTIONAL: tuple = ()  # keys of EXTRA a state may lack

    @staticmethod
    def from_deal(text: str, seed=None) -> GameState:
        """The position a deal string describes (:func:`rami.scenario.from_deal`): the state
        machine replays a save that began from one through its variant, and never imports
        the reader of deal strings, which imports it."""
        from ..scenario import from_deal
        return from_deal(text, seed)

    def scenario_setup(self, state: GameState, fields: dict) -> list[Card]:
        """Set ``state.extra`` for a position built from a deal string (``fields`` are its
        ``key: value`` parts); return the cards it puts outside the stock, the discard pile,
        the hands and the table."""
        state.extra = self.new_hand_extra(state)
        return []

    @staticmethod
    def seat_numbers(state: GameState, text: str, key: str) -> list[int]:
        """Seat numbers written in a deal string's field, each checked against the table."""
        out = []
        for x in text.replace(",", " ").split():
            if not x.isdigit() or int(x) >= state.n:
                raise DealSyntaxError(_("'{key}' takes seat numbers from 0 to {n}, not '{value}'",
                                        key=key, n=state.n - 1, value=x))
            out.append(int(x))
        return out

    def scenario_fields(self, state: GameState) -> list[str]:
        """The variant's own ``key: value`` parts of a deal string."""
        return []

    def scenario_adjust(self, state: GameState) -> None:
        """Make a position built from a deal string consistent with its phase."""

    def check_conservation(self, state: GameState) -> str | None:
        """The cards in play are one full deck (of a seat's knowledge: the cards it sees are
        in the deck, and as many are hidden from it as the deck has left)."""
        have = Counter(self.hidden_cards(state))
        hidden = 0
        for part in (state.stock, state.discard, *state.hands):
            seen, unseen = split_known(part)
            have.update(seen)
            hidden += unseen
        for t in state.table:
            have.update(t.meld.cards)
        want = Counter(self.deck(state))
        if state.complete:
            ok = have == want
        else:
            ok = not have - want and (sum(want.values()) - sum(have.values())
                                      == hidden + self.face_down(state.extra))
        return None if ok else _("the cards in play are not one full deck")

    def check_state(self, state: GameState) -> None:
        """Raise UnsoundState unless ``state`` (built from a save or a deal string) is a
        position this variant could have reached: seats, phase, table, hands, cards."""
        n = state.n
        need(state.phase in self.phases(),
             _("{game} has no phase '{phase}'", game=self.title, phase=state.phase.value))
        need(0 <= state.turn < n, _("the seat to play ({turn}) is not at the table",
                                    turn=state.turn))
        need(0 <= state.dealer < n, _("the dealer ({dealer}) is not at the table",
                                      dealer=state.dealer))
        need(0 <= state.hand_no < 100_000, _("the hand number is out of range"))
        sides = max(state.teams) + 1
        check(state.scores, ("list", "int", sides), _("the scores"))
        check(state.melded, ("list", "bool", n), _("the seats that have melded"))
        check(state.melded_at_turn_start, ("list", "bool", n), _("the seats that had melded"))
        rules = self.rules(state)
        for i, tm in enumerate(state.table):
            where = _("table meld {number}", number=i + 1)
            check(tm.owner, "seat", _("the owner of {where}", where=where), n)
            check(list(tm.played_by), ("list", "seat", len(tm.meld.cards)),
                  _("who played the cards of {where}", where=where), n)
            reps = [None if r is c else r for c, r in
                    zip(tm.meld.cards, tm.meld.represented())] if tm.meld.kind == "run" else None
            need(any(m == tm.meld or (m.kind == "set" == tm.meld.kind and m.rank == tm.meld.rank
                                      and Counter(m.cards) == Counter(tm.meld.cards))
                     for m in interpretations(list(tm.meld.cards), rules, reps)),
                 _("{where} ({meld}) is not a meld in {game}",
                   where=where, meld=tm.meld, game=self.title))
        if state.taken is not None:
            need(state.phase not in (Phase.DRAW, Phase.UPCARD),
                 _("a card is marked as taken this turn before the draw"))
            need(state.taken in state.hands[state.turn] or
                 any(state.taken in tm.meld.cards for tm in state.table),
                 _("the {taken} marked as taken this turn is neither in the hand of the seat to "
                   "play nor on the table",
                   taken=state.taken))
        if state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            self.check_melded(state)
        if self.EXTRA:
            check_fields(state.extra, self.EXTRA, _("the variant's facts"), n,
                         self.EXTRA_OPTIONAL)
        self.check_hands(state)
        problem = self.check_conservation(state)
        need(problem is None, problem or "")

    def check_melded(self, state: GameState) -> None:
        """A seat has melded (laid a meld, a contract, an initial meld, or a card on
        another's meld) exactly when one of its cards is on the table; it had at the start
        of the turn only if it has now, and every seat but the one acting is as it was."""
        on = set()
        for tm in state.table:
            on.add(tm.owner)
            on.update(tm.played_by)
        for s in range(state.n):
            if state.melded[s] and s not in on:
                raise UnsoundState(_("seat {seat} is marked as having melded, yet none of its "
                                     "cards is on the table",
                                     seat=s),
                                   deal_hint=_("write its melds in the table ('table: {seat}=...')",
                                               seat=s))
            if s in on and not state.melded[s]:
                need(False, _("seat {seat} has cards on the table, yet is marked as not having "
                              "melded",
                              seat=s))
            need(state.melded[s] or not state.melded_at_turn_start[s],
                 _("seat {seat} is marked as having melded before this turn, but not now", seat=s))
            if state.phase == Phase.DRAW:
                need(state.melded_at_turn_start[s] == state.melded[s],
                     _("seat {seat} is marked as having melded during a turn not yet begun", seat=s))

    def hand_limits(self, state: GameState, seat: int) -> tuple[int, int]:
        """The fewest and most cards ``seat`` may hold now (while a hand is being played)."""
        size = self.hand_size(state)
        turn_extra = 1 if seat == state.turn and state.phase == Phase.PLAY else 0
        return 1, size + turn_extra

    def check_hands(self, state: GameState) -> None:
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return
        for seat, hand in enumerate(state.hands):
            lo, hi = self.hand_limits(state, seat)
            need(lo <= len(hand) <= hi,
                 _("seat {seat} holds {count} cards: in this position a hand holds {lo}",
                   seat=seat, count=len(hand), lo=lo) if lo == hi else
                 _("seat {seat} holds {count} cards: in this position a hand holds {lo} to "
                   "{hi}", seat=seat, count=len(hand), lo=lo, hi=hi))

    def check_playable(self, state: GameState) -> None:
        """The seat to act has something to do (a hand in play cannot be stuck)."""
        if state.phase != Phase.MATCH_OVER:
            need(bool(state.legal_actions()),
                 _("{who}, the seat to play, has no legal move",
                   who=state.names[state.turn]))
