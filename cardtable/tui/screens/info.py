"""A small read-only pop-up over the table: the last trick or bout, the scores."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

__all__ = ["InfoScreen"]


class InfoScreen(ModalScreen[None]):
    """A small read-only pop-up (last trick, scores); any of Esc, Enter, l, s closes it."""

    BINDINGS = [Binding("escape,enter,l,s,space", "close", "Close")]

    def __init__(self, body: Text) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="info-box"):
            yield Static(self.body, id="info-body")
            yield Static(Text("Esc to close", style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
