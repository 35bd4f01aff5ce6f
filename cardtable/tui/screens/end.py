"""Pop-ups over the table: the end of a round or game, the last trick or bout, the
hot-seat privacy screen and the yes/no question before a play."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

__all__ = ["RoundOverScreen", "InfoScreen", "PrivacyScreen", "ConfirmScreen"]


class RoundOverScreen(ModalScreen[str]):
    """The result of a round (or the whole game); dismisses with ``next``, ``again``,
    ``new`` or ``quit``."""

    BINDINGS = [
        Binding("enter", "choose('primary')", "Continue"),
        Binding("n", "choose('new')", "New game"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, title: str, body: Text, game_over: bool, round_noun: str = "round") -> None:
        super().__init__()
        self.round_noun = round_noun
        self.title_text = title
        self.body = body
        self.game_over = game_over

    def compose(self) -> ComposeResult:
        with Vertical(id="round-over"):
            yield Static(Text(self.title_text, style="bold"), id="round-over-title")
            yield Static(self.body, id="round-over-body")
            with Horizontal(id="round-over-buttons"):
                if self.game_over:
                    yield Button("Play again", id="again", variant="success")
                else:
                    yield Button(f"Next {self.round_noun}", id="next", variant="success")
                yield Button("New game", id="new", variant="primary")
                yield Button("Quit", id="quit", variant="error")

    def on_mount(self) -> None:
        self.query_one("#again" if self.game_over else "#next", Button).focus()

    def action_choose(self, choice: str) -> None:
        if choice == "primary":
            choice = "again" if self.game_over else "next"
        self.dismiss(choice)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "next")


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


class PrivacyScreen(Screen[None]):
    """Covers the whole terminal between two people's turns at one keyboard.

    It is a full screen (nothing of the table shows through) and names only the
    player who is to look next; Enter hands the table over.
    """

    BINDINGS = [Binding("enter", "ready", "Show my hand")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(Text(f"{self.player}'s turn", style="bold"), id="privacy-title")
            yield Static(Text(f"Press Enter when only {self.player} is looking."), id="privacy-body")

    def action_ready(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (``y``/Enter or ``n``/Esc)."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: Text | str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="info-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="round-over-buttons"):
                yield Button("Yes (y)", id="yes", variant="success")
                yield Button("No (n)", id="no", variant="error")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")
