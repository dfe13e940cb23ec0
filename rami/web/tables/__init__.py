"""Each game's table in the browser: what it draws and which buttons it offers.

:class:`~rami.web.tables.base.Table` holds what every table shares; a game whose table
differs names its own in ``Variant.parts["table"]``, in the game's folder
(``rami/games/gin/table.py``), and a game that names none is drawn by Basic Rummy's. The
shared drawing (:mod:`rami.web.render`) and the browser glue (:mod:`rami.web.app`) do not
change for a new game.
"""

from __future__ import annotations

from ...registry import find_variant, part
from .base import Choice, Table

TABLES: dict[str, Table] = {}       # (each game's, made when first drawn)


def table_for(variant: str) -> Table:
    """The table of a variant (by its name): its own, or Basic Rummy's."""
    table = TABLES.get(variant)
    if table is None:
        v = find_variant(variant)
        cls = part(v, "table") or part(find_variant("basic"), "table")
        table = TABLES[variant] = cls()
    return table


__all__ = ["Choice", "Table", "TABLES", "table_for"]
