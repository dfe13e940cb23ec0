"""Indian rummy in the terminal: the wild joker and the format in the header, each seat's
state (dropped, out, waiting to rejoin), and the hand's best groups."""

from __future__ import annotations

from ...cards import Card
from ...cli import Board
from ...i18n import _
from ...variants import find_variant
from ...web.lobby import choice_title
from ...web.parts import LABEL_WORDS
from .table import SEAT_TAGS


def _without(cards, card) -> list:
    rest = list(cards)
    rest.remove(card)
    return rest


class IndianBoard(Board):
    def header(self, view, paint) -> str:
        info = view.info
        var = find_variant(view.variant)
        fmt = choice_title(next(o for o in var.OPTIONS if o.name == "format"), info["format"])
        return "   " + _("wild joker {card}", card=paint.card(Card.parse(info["cut"]))) + \
            "   " + (_("{format} to {limit}", format=fmt, limit=info["limit"])
                     if "limit" in info else fmt)

    def seat_tags(self, view, seat) -> list[str]:
        status = view.info.get("status", ["in"] * len(view.names))[seat]
        return [] if status in ("in", "shown", "declared") else \
            [f"[{_(SEAT_TAGS.get(status, status))}]"]

    def advice(self, view, paint) -> list[str]:
        var = find_variant(view.variant)
        opts = var.deal_options(view.options, view.info["wild_rank"])
        cards = list(view.hand)
        if len(cards) > 13:                      # holding the 14th: after the best discard
            cards = _without(cards, min(dict.fromkeys(cards), key=lambda c: var.best_grouping(
                opts, _without(cards, c)).raw))
        best = var.best_grouping(opts, cards)
        groups = "  ".join(f"{paint.cards(gr)} ({_(LABEL_WORDS.get(label, label))})"
                           for gr, label in zip(best.groups, best.labels))
        return ["  " + (_("Best groups: {groups}   points {points}   (you can declare!)",
                          groups=groups, points=best.points) if best.valid else
                        _("Best groups: {groups}   points {points}", groups=groups,
                          points=best.points))]
