"""The statistics screen: the same tables as ``cardtable stats``, per player and game."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.display import literal
from cardtable.lang import N_, _
from cardtable.tui.widgets.firstframe import LaterStyles
from cardtable.tui.widgets.footer import SpokenKeys

__all__ = ["StatsScreen"]


class StatsScreen(LaterStyles, SpokenKeys, Screen[None]):
    """Every finished game's figures, read from the statistics file when opened."""

    BINDINGS = [Binding("escape,q,s", "close", N_("Back"))]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="stats-scroll"):
            yield Static(Text(_("Statistics"), style="bold #d4af37"), id="stats-title")
            yield Static(self.body(), id="stats-body")
        yield Footer()

    def body(self) -> Group | Text:
        from cardtable.userdata.paths import stats_path
        from cardtable.userdata.stats import load_stats
        from cardtable.userdata.stats_tables import render_tables

        entries, warnings = load_stats()
        for line in warnings:
            self.app.notify(line, severity="warning")
        if not entries:
            return literal(_("No statistics yet: every finished game is counted (in {path}).").format(path=stats_path()))
        parts: list[object] = []
        for table in render_tables(entries):
            parts.extend([table, Text("")])
        return Group(*parts)  # type: ignore[arg-type]

    def action_close(self) -> None:
        self.dismiss(None)
