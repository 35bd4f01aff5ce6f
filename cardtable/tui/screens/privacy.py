"""The hot-seat privacy screen: it covers the whole terminal between two people's turns."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from cardtable.lang import _
from cardtable.tui.keymap import PRIVACY_KEYS, bindings, say
from cardtable.tui.widgets.firstframe import LaterStyles

__all__ = ["PrivacyScreen"]


class PrivacyScreen(LaterStyles, Screen[None]):
    """Covers the whole terminal between two people's turns at one keyboard.

    It is a full screen (nothing of the table shows through) and names only the
    player who is to look next; Enter hands the table over.
    """

    BINDINGS = bindings(PRIVACY_KEYS)

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(Text(_("{player}'s turn").format(player=self.player), style="bold"), id="privacy-title")
            yield Static(Text(_("Press {key} when only {player} is looking.").format(
                key=say("ready", PRIVACY_KEYS), player=self.player)), id="privacy-body")

    def action_ready(self) -> None:
        self.dismiss(None)
