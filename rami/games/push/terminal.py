"""Push in the terminal: the deal's contract, who has laid it, and the player's progress
towards it."""

from __future__ import annotations

from ...cli import Board
from ...i18n import _
from ...variants import find_variant
from . import contract_melds_for, describe_contract


class PushBoard(Board):
    def header(self, view, paint) -> str:
        return "   " + _("contract: {contract}", contract=describe_contract(view.info["shapes"]))

    def seat_tags(self, view, seat) -> list[str]:
        return [_("[contract laid]")] if view.info["contracted"][seat] else []

    def notes(self, view, paint) -> list[str]:
        info = view.info
        contract = describe_contract(info["shapes"])
        lines = ["  " + (_("Your contract this deal: {contract} (laid)", contract=contract)
                         if info["contracted"][view.seat] else
                         _("Your contract this deal: {contract}", contract=contract))]
        if info.get("rescued") and view.turn == view.seat:
            lines.append("  " + _("Use the rescued {cards} this turn: meld it or lay it off.",
                                  cards=', '.join(info['rescued'])))
        return lines

    def advice(self, view, paint) -> list[str]:
        if view.info["contracted"][view.seat]:
            return []
        var = find_variant(view.variant)
        ways = contract_melds_for(view.hand, var.shapes_for(view.hand_no, view.options),
                                  var.rules_for(view.options), limit=1)
        return ["  " + _("Contract in hand: {cards}", cards=(
            "  ".join(paint.cards(m.cards) for m in ways[0]) if ways else _("not yet")))]
