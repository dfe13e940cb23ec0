"""Basic Rummy's table: the shared one (:class:`~rami.web.tables.base.Table`), with the hand
kept in its melds."""

from __future__ import annotations

from ...web.tables.base import Table


class BasicTable(Table):
    """Basic Rummy: the shared table, the hand kept in its melds."""
    arranges = True
