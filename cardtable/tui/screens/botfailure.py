"""The pop-up for a seat whose bot failed: the one line saying how, and who plays on.

A user's own bot (``--seats human,my_bot.py:Clever``) can raise, call ``sys.exit``, or
hand back a move that is not allowed.  The game then pauses on this screen, which
shows the failure as literal text (it comes from the bot's code, so it is never read
as markup) and offers the seat to a built-in level; the game goes on with it.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from cardtable.bots import LEVELS
from cardtable.display import literal
from cardtable.lang import _
from cardtable.tui.keymap import BOT_FAILURE_KEYS, bindings, first_key
from cardtable.tui.widgets.firstframe import LaterStyles
from cardtable.tui.wording import fill, level_word

__all__ = ["BotFailedScreen"]


class BotFailedScreen(LaterStyles, ModalScreen[str]):
    """Dismisses with the level that takes the seat (``easy``, ``normal``, ``hard``) or ``quit``."""

    BINDINGS = bindings(BOT_FAILURE_KEYS)

    def __init__(self, seat_label: str, failure: str) -> None:
        super().__init__()
        self.seat_label = seat_label
        self.failure = failure

    def compose(self) -> ComposeResult:
        with Vertical(id="info-box"):
            yield Static(
                fill(_("The bot of {seat} stopped the game:"), seat=Text(self.seat_label, style="bold")),
                id="round-over-title",
            )
            yield Static(literal(self.failure, style="red"), id="bot-failure")
            yield Static(Text(_("Give the seat to a built-in bot, or quit the table:")))
            with Horizontal(id="bot-failure-buttons"):
                for level in LEVELS:
                    yield Button(
                        f"{level_word(level).capitalize()} ({first_key(f'choose({level!r})', BOT_FAILURE_KEYS)})",
                        id=level,
                        variant="primary" if level == "normal" else "default",
                    )
                quit_key = first_key("choose('quit')", BOT_FAILURE_KEYS)
                yield Button(_("Quit ({key})").format(key=quit_key), id="quit", variant="error")

    def on_mount(self) -> None:
        self.query_one("#normal", Button).focus()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "normal")
