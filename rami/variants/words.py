"""A game's words: the part of a variant that says, in a player's words, what the game calls
things and why a move is refused (principle 5: an illegal move raises a precise error in the
player's words). The messages are rami's catalogue's (:mod:`rami.i18n`): each page says them
in its own language.
"""

from __future__ import annotations

from collections import Counter

from ..actions import Action, MeldCards
from ..cards import Card
from ..i18n import _, n_
from ..melds import explain_not_meld, interpretations, layoff_results
from ..state import GameState, Phase


class Words:
    """What every game says the same way."""

    # what a player may type, as examples (the terminal's "not an action" refusal)
    typed_examples = "draw, take, meld 7h 8h 9h, layoff 10h on 1, discard Qs"
    hand_word = "hand"          # what one deal of the match is called ("deal" in Indian)
    says_points = False         # what a hand holds outside its melds is its points (Indian
                                # rummy), not its deadwood
    # the How to play dialog's sections (rami.web.howto), (heading, [paragraph, ...]) in the
    # game's words: a paragraph starting "- " is a list item, [option] the house rule's
    # value, {7h 8h 9h} cards drawn
    how_to_play: tuple = ()

    def typed_prompt(self, view) -> str | None:
        """What the player at ``view``'s seat is asked to do, in the terminal, where this
        game says it its own way (what is typed between backquotes: the same in every
        language); None for the shared words of the phase."""
        return None

    def explain(self, state: GameState, action: Action) -> str:
        """Why ``action`` is not legal now, in a player's words."""
        seat = state.turn
        hand = state.hands[seat]
        phase = state.phase
        if phase == Phase.MATCH_OVER:
            return _("The match is over.")
        if phase == Phase.HAND_OVER:
            return _("The hand is over: deal the next hand.")
        if action.kind in ("draw", "take") and phase == Phase.PLAY:
            return _("You have already drawn this turn: now meld, lay off or discard.")
        if action.kind in ("meld", "layoff", "discard", "knock", "gin") and phase == Phase.DRAW:
            return _("First draw a card: from the stock or the discard pile.")
        if action.kind == "draw" and not state.stock:
            return _("The stock is empty.")
        if action.kind == "take" and not state.discard:
            return _("The discard pile is empty.")
        problem = not_held(hand, _cards_of(action))
        if problem:
            return problem
        if action.kind == "discard":
            if action.card is state.taken:
                return (_("You must discard a different card than the one you took from the "
                          "discard pile."))
        if action.kind == "meld":
            if not self.may_meld(state, seat):
                return _("You may not meld now.")
            rules = self.rules(state)
            options = interpretations(list(action.cards), rules, _reps(action))
            if not options:
                return explain_not_meld(list(action.cards), rules, _reps(action))
            if not self._keeps_a_discard(state, seat, list(action.cards)):
                return self._no_discard_left_message(state)
        if action.kind == "layoff":
            if not self.may_layoff(state, seat):
                return self.no_layoff_message(state)
            if not 0 <= action.meld < len(state.table):
                return _("There is no meld number {meld} on the table.", meld=action.meld + 1)
            tm = state.table[action.meld]
            if not layoff_results(tm.meld, action.card, self.rules(state)):
                return _("The {card} does not fit meld {meld} ({what}).",
                         card=action.card, meld=action.meld + 1, what=tm.meld.describe())
            if not self._keeps_a_discard(state, seat, [action.card]):
                return self._no_discard_left_message(state)
        return _("'{action}' is not allowed now ({phase}).",
                 action=action, phase=phase.describe())

    def no_layoff_message(self, state: GameState) -> str:
        return _("You may not lay off now.")

    def _no_discard_left_message(self, state: GameState) -> str:
        if not self.may_go_out_by_melding(state):
            return (_("You must keep a card to discard: in this game you go out by discarding "
                      "your last card."))
        return (_("You must keep a card you may discard: not the one you took from the discard "
                  "pile."))


def not_held(hand, cards) -> str | None:
    """Why ``hand`` cannot give ``cards`` (each as many times as it is named), or None."""
    have = Counter(hand)
    for c, k in Counter(cards).items():
        if have[c] < k:
            if not have[c]:
                return _("You do not hold the {name} ({card}).", name=c.name(), card=c)
            return n_("You hold the {name} ({card}) only once.",
                      "You hold the {name} ({card}) only {n} times.", have[c],
                      name=c.name(), card=c)
    return None


def _cards_of(action: Action) -> list[Card]:
    if isinstance(action, MeldCards):
        return list(action.cards)
    card = getattr(action, "card", None)
    if card is not None and action.kind != "take":
        return [card]
    return []


def _reps(action: MeldCards):
    return list(action.reps) if action.reps else None
