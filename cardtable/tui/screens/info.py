"""A small read-only pop-up over the table: the last trick or bout, the scores."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from cardtable.lang import _
from cardtable.tui.keymap import INFO_KEYS, bindings, say_first
from cardtable.tui.widgets.firstframe import LaterStyles

__all__ = ["InfoScreen"]


class InfoScreen(LaterStyles, ModalScreen[None]):
    """A small read-only pop-up (last trick, scores); any of Esc, Enter, l, s closes it."""

    BINDINGS = bindings(INFO_KEYS)

    def __init__(self, body: Text, wide: bool = False) -> None:
        super().__init__()
        self.body = body
        #: as wide as the terminal allows (the hint's "why" view has long rows)
        self.wide = wide

    def compose(self) -> ComposeResult:
        with Vertical(id="info-box", classes="wide" if self.wide else ""):
            yield Static(self.body, id="info-body")
            yield Static(Text(_("{key} to close").format(key=say_first("close", INFO_KEYS)), style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
