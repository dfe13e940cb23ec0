"""Gin Rummy in the terminal: the knock limit in the header."""

from __future__ import annotations

from ...cli import Board
from ...i18n import _


class GinBoard(Board):
    def header(self, view, paint) -> str:
        return "   " + _("knock limit {points}", points=view.info["knock_limit"])
