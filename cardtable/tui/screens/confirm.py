"""A yes/no question over the current screen (confirm a play, delete a saved game)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from cardtable.lang import _
from cardtable.tui.keymap import CONFIRM_KEYS, bindings, first_key
from cardtable.tui.widgets.firstframe import LaterStyles

__all__ = ["ConfirmScreen"]


class ConfirmScreen(LaterStyles, ModalScreen[bool]):
    """A yes/no question (``y``/Enter or ``n``/Esc: :data:`~cardtable.tui.keymap.CONFIRM_KEYS`)."""

    BINDINGS = bindings(CONFIRM_KEYS)

    @staticmethod
    def keys_hint() -> str:
        """``(y/n)``: how a question offered here says its keys."""
        return f"({first_key('answer(True)', CONFIRM_KEYS)}/{first_key('answer(False)', CONFIRM_KEYS)})"

    def __init__(self, question: Text | str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="info-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="round-over-buttons"):
                yield Button(_("Yes ({key})").format(key=first_key("answer(True)", CONFIRM_KEYS)), id="yes",
                             variant="success")
                yield Button(_("No ({key})").format(key=first_key("answer(False)", CONFIRM_KEYS)), id="no",
                             variant="error")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")
