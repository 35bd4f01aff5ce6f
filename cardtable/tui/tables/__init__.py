"""One table widget per game; everything else on the game screen is shared."""

from __future__ import annotations

from cardtable.tui.tables.base import TableArea, TableContext

__all__ = ["TableArea", "TableContext", "table_for"]


def table_for(game: str) -> TableArea:
    """The table widget of ``game`` (a generic one for a game without its own)."""
    if game == "president":
        from cardtable.tui.tables.president import PresidentTable

        return PresidentTable(id="table")
    if game == "durak":
        from cardtable.tui.tables.durak import DurakTable

        return DurakTable(id="table")
    if game == "hearts":
        from cardtable.tui.tables.hearts import HeartsTable

        return HeartsTable(id="table")
    return TableArea(id="table")
