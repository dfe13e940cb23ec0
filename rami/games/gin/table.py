"""Gin Rummy's table: the upcard, knocking with the deadwood shown, big gin, and laying off
on the knocker's melds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Discard, Knock
from ...cards import Card
from ...view import Phase
from ...web.tables.base import Choice, Table
from ...i18n import _, N_

if TYPE_CHECKING:                                     # pragma: no cover
    from ...web.tables.model import Model


class GinTable(Table):
    arranges = True               # the hand in its melds, a gap, the deadwood
    left_word = N_("deadwood")

    def melds_in_hand(self, res: dict, seat: int) -> list[list[Card]]:
        """The defender's melds, shown as melds: only the rest is deadwood."""
        if "defender_melds" not in res or "winner" not in res:
            return []
        # (the knocker wins unless undercut)
        defender = res["winner"] if res.get("how") == "undercut" else 1 - res["winner"]
        if seat != defender:
            return []
        return [[Card.parse(c) for c in m] for m in res["defender_melds"]]
    blurb = N_("Two players, ten cards. Knock with 10 or less deadwood, or go gin.")
    keys = {**Table.keys, "k": "btn:knock", "g": "btn:big_gin"}
    help_keys = [("D", N_("draw from the stock")), ("T", N_("take the discard")),
                 ("P", N_("pass on the upcard")), ("X", N_("discard the selected card")),
                 ("K", N_("knock, discarding the selected card")), ("G", N_("big gin")),
                 ("L", N_("lay off the selected card (after a knock)")),
                 ("N", N_("done laying off / next hand"))]
    help_tip = (N_("Drag a card to rearrange your hand, onto the discard pile to discard it, or "
                  "onto one of the knocker's melds to lay it off. Double-click a card to "
                  "discard it."))

    def play_choices(self, s: "Model", sel, legal) -> list[Choice]:
        if s.game.phase == Phase.LAYOFF:
            return super().play_choices(s, sel, legal)
        out = [self.one_card(s, "discard", _("Discard"), Discard.of, sel, legal),
               self.knock_choice(s, sel, legal)]
        big = next((a for a in legal if a.kind == "gin"), None)
        if big:
            out.append(Choice("big_gin", _("Big gin!"), big))
        return out

    def knock_choice(self, s: "Model", sel, legal) -> Choice:
        c = self.one_card(s, "knock", _("Knock"), Knock.of, sel, legal, "knock")
        solver = s.game.variant.solver(s.game)
        if c.action is not None:
            rest = list(s.game.hands[s.human])
            rest.remove(sel[0])
            if solver.deadwood(rest) == 0:
                return Choice("knock", _("Gin! (discard {card})", card=sel[0].pretty()),
                              c.action)
        if c.action is None and len(sel) == 1 and Discard.of(sel[0]) in legal:
            rest = list(s.game.hands[s.human])
            rest.remove(sel[0])
            limit = s.view().info.get("knock_limit", 10)
            return Choice("knock", _("Knock"), None,
                          _("To knock, your deadwood after discarding must be {limit} or less: "
                            "it would be {deadwood}.",
                            limit=limit, deadwood=solver.deadwood(rest)))
        return c

    def deadwood(self, s: "Model") -> int | None:
        """The person's least deadwood; holding the card drawn this turn, the deadwood after
        the best discard."""
        st = s.game
        if st.phase not in (Phase.UPCARD, Phase.DRAW, Phase.PLAY, Phase.LAYOFF):
            return None
        solver, cards = st.variant.solver(st), s.cards()
        if len(cards) > st.variant.hand_size(st):
            return solver.min_deadwood_after_discard(cards)
        return solver.deadwood(cards)

    def head(self, s: "Model", v) -> str:
        d = self.deadwood(s)
        return "" if d is None else (
            f'<span class="deadwood" title="{_("Least deadwood")}">'
            f'{_("deadwood {points}", points=d)}</span>')

    def my_turn_text(self, s: "Model", v) -> str:
        if v.phase == Phase.PLAY:
            return _("Your turn: discard a card, or knock if your deadwood is low enough.")
        if v.phase == Phase.LAYOFF:
            knocker = v.info.get("knocker")
            who = s.game.names[knocker] if knocker is not None else _("Your opponent")
            return _("{who} knocked. Lay off what fits on the knocker's melds, then press Done.",
                     who=who)
        return super().my_turn_text(s, v)
