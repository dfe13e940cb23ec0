"""Short Rummy: a small game that exists only in rami's tests, to prove that a variant is
written in one place and registered without editing rami (#47: "a variant in one folder").

Two or three players, a 32-card piquet deck (sevens to aces), six cards each. A turn: draw
from the stock or take the discard, meld sets and runs of three or more, lay off, discard.
Going out wins the hand and scores what the others hold; when the stock is empty after a
discard the hand ends without a score. The first to 50 wins the match.

Importing this module registers the game (:func:`rami.registry.register`).
"""

from __future__ import annotations

from rami.cards import Card
from rami.i18n import N_, Said, _, join
from rami.melds import MeldRules
from rami.registry import register
from rami.state import Phase
from rami.variants.base import Option, Variant

RANKS = (1, 7, 8, 9, 10, 11, 12, 13)


class ShortRummy(Variant):
    name = "shortrummy"
    title = Said("Short Rummy")
    aliases = ("short rummy",)
    min_players = 2
    max_players = 3
    OPTIONS = (Option("target", 50, (50, 100), N_("points that end the match")),)
    how_to_play = (
        ("The aim", ["Go out first: the others pay what is left in their hands."]),
        ("A turn", ["- Draw from the stock, or take the top discard.",
                    "- Meld sets and runs of three or more, lay off on any meld.",
                    "- Discard one card. The first to [target] wins the match."]),
        ("Melds", ["A set or a run: {8h 8c 8s} {9d 10d Jd}."]),
    )

    def deck(self, state):
        return [Card.parse(f"{r}{s}".replace("11", "J").replace("12", "Q").replace("13", "K")
                           .replace("1", "A") if r in (1, 11, 12, 13) else f"{r}{s}")
                for s in "cdhs" for r in RANKS]

    def meld_rules(self, options):
        return MeldRules(ace="either")

    def card_value(self, options, card):
        return 11 if card.rank == 1 else min(card.rank, 10)

    def hand_size(self, state):
        return 6

    def after_discard(self, state):
        if not state.stock:                          # the stock is out: nobody scores
            self.finish_hand(state, {
                "how": "block", "winner": None, "points": [0] * state.n,
                "headline": _("The stock ran out: nobody scores"), "lines": []})
            return
        self.next_turn(state)

    def went_out(self, state, seat, by):
        points = [0] * state.n
        points[seat] = sum(self.hand_value(state, h) for s, h in enumerate(state.hands)
                           if s != seat)
        state.emit("out", seat, text=by)
        self.finish_hand(state, {
            "how": "out", "winner": seat, "points": points,
            "headline": _("{who} goes out and scores {won}", who=state.names[seat],
                          won=points[seat]), "lines": []})

    def match_result(self, state):
        best = max(state.scores)
        if best < state.options["target"]:
            return None
        winners = [s for s in range(state.n) if state.scores[state.side(s)] == best]
        return {"winners": winners, "totals": list(state.scores),
                "lines": [f"{state.names[s]}: {state.scores[s]}" for s in range(state.n)],
                "headline": _("{who} wins the match with {best} ({reason})",
                              who=join(state.names[s] for s in winners), best=best,
                              reason=_("reaching {target}", target=state.options["target"]))}


SHORT = register(ShortRummy())
assert SHORT.first_phase == Phase.DRAW
