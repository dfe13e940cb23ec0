"""Each variant's table in the browser: what it draws and which buttons it offers.

:class:`~rami.web.tables.base.Table` holds what every table shares (and is Basic Rummy's);
a variant with parts of its own has a module here that subclasses it. Adding a variant adds
a module and a line in ``TABLES`` (a plug-in's game: :func:`register_table`, or nothing, and
the shared table draws it); the shared drawing (:mod:`rami.web.render`) and the browser glue
(:mod:`rami.web.app`) do not change.
"""

from __future__ import annotations

from .base import Choice, Table
from .gin import GinTable
from .indian import IndianTable
from .push import PushTable
from .rum500 import Rum500Table
from .tiles import TilesTable

class BasicTable(Table):
    """Basic Rummy: the shared table, the hand kept in its melds."""
    arranges = True


TABLES: dict[str, Table] = {"basic": BasicTable(), "gin": GinTable(), "indian": IndianTable(),
                            "rum500": Rum500Table(), "push": PushTable(),
                            "tiles": TilesTable()}


def register_table(variant: str, table: Table) -> None:
    """A game's own table (a plug-in's game; one that registers none is drawn by the
    shared table, Basic Rummy's)."""
    TABLES[variant] = table


def table_for(variant: str) -> Table:
    """The table of a variant (by its canonical name); a variant without a table of its own
    gets the shared one."""
    return TABLES.get(variant) or TABLES["basic"]


__all__ = ["Choice", "Table", "TABLES", "table_for", "register_table"]
