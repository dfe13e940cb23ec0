"""500 Rum in the terminal: the points each seat has on the table this hand, the card taken
from deep in the pile that must be melded now, and the opening minimum."""

from __future__ import annotations

from ...cli import Board
from ...i18n import _


class Rum500Board(Board):
    def notes(self, view, paint) -> list[str]:
        info, names = view.info, view.names
        pts = info["table_points"]
        lines = ["  " + _("On the table this hand: {points}", points="  ".join(
            f"{names[s]} {pts[s]}" for s in range(len(names))))]
        if info.get("duty") and view.turn == view.seat:
            lines.append("  " + _("You must use the {card} you took now: meld it.",
                                  card=info['duty']))
        need = info.get("need", 0)
        if need and not info["opened"][view.seat]:
            lines.append("  " + (_("Your first melds must total {points} points ({laid} laid "
                                   "this turn)", points=need, laid=info['opening'])
                                 if info.get("opening") else
                                 _("Your first melds must total {points} points", points=need)))
        return lines
