"""One table widget per game; everything else on the game screen is shared.

A game names its widget in its rules (``Rules.table_widget``, ``module:Class``); it is
loaded here, on first use, so that the games never import the TUI.
"""

from __future__ import annotations

from typing import Any

from cardtable.games import get_rules, load_declared
from cardtable.tui.tables.base import TableArea, TableContext

__all__ = ["TableArea", "TableContext", "table_for", "table_class"]


def table_class(game: str) -> type[TableArea[Any]]:
    """The table widget class of ``game`` (the generic one for a game without its own)."""
    declared = get_rules(game).table_widget
    if declared is None:
        return TableArea
    widget = load_declared(declared)
    if not (isinstance(widget, type) and issubclass(widget, TableArea)):
        raise TypeError(f"{declared} is not a table widget (a TableArea subclass)")
    return widget


def table_for(game: str) -> TableArea[Any]:
    """A fresh table widget for ``game``, as the game screen shows it."""
    return table_class(game)(id="table")
