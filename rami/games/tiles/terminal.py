"""Tile Rami in the terminal: the exposed tile, the crosswise opening discard and the game's
number in the header; the wall and the discard row; twins announced; the rack; the points
each seat has laid and the initial meld the rack holds."""

from __future__ import annotations

from ...cards import Card
from ...cli import Board, count_of
from ...i18n import _
from ...variants import find_variant
from . import openings


class TilesBoard(Board):
    def header(self, view, paint) -> str:
        info = view.info
        ex = paint.card(Card.parse(info["exposed"])) if info["exposed"] else _("taken")
        cw = paint.card(Card.parse(info["crosswise"])) if info["crosswise"] else _("not yet")
        return "   " + _("exposed tile {tile}   opening discard {crosswise}   game of {count}",
                          tile=ex, crosswise=cw, count=info['games'])

    def seat_tags(self, view, seat) -> list[str]:
        return [_("[twin announced]")] if seat in view.info["twins"] else []

    def count(self, n: int) -> str:
        return count_of(n, True)

    def piles(self, view, paint) -> list[str]:
        row = paint.cards(view.discard) if view.discard else _("empty")
        return ["  " + _("(Tiles are written by colour and number, as you type them: r12 "
                         "is red 12, y yellow, b blue, k black; joly is the Joly.)"),
                "  " + _("Wall: {count}   Discard row, first to last: {row}",
                         count=count_of(view.stock_count, True), row=row)]

    def hand_line(self, held, paint) -> str:
        return _("Your rack ({count}): {tiles}", count=len(held), tiles=paint.cards(held))

    def advice(self, view, paint) -> list[str]:
        info, names = view.info, view.names
        laid = info["laid"]
        lines = ["  " + _("On the table this game: {points}", points="  ".join(
            f"{names[s]} {laid[s]}" for s in range(len(names))))]
        if not view.melded[view.seat]:
            var = find_variant(view.variant)
            ways = openings(list(view.hand), var.rules_for(view.options), info["minimum"],
                            limit=1)
            lines.append("  " + _("Initial meld (at least {points} with a run) in your rack: "
                                  "{tiles}", points=info['minimum'], tiles=(
                                      "  ".join(paint.cards(m.cards) for m in ways[0])
                                      if ways else _("not yet"))))
        if info.get("duty") and view.turn == view.seat:
            lines.append("  " + _("Meld the {tile} you took in your initial meld.",
                                  tile=info['duty']))
        return lines
