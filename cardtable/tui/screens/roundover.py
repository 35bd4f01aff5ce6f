"""The pop-up at the end of a round or of the game: the result, then the next round,
another game, a new table or quit."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from cardtable.lang import _
from cardtable.tui.keymap import ROUND_OVER_KEYS, bindings, say_first
from cardtable.tui.widgets.firstframe import LaterStyles

__all__ = ["RoundOverScreen"]


class RoundOverScreen(LaterStyles, ModalScreen[str]):
    """The result of a round (or the whole game); dismisses with ``next``, ``again``,
    ``new`` or ``quit``."""

    BINDINGS = bindings(ROUND_OVER_KEYS)

    def __init__(
        self, title: str, body: Text, game_over: bool, round_noun: str = "round", reviewable: bool = False
    ) -> None:
        super().__init__()
        #: whether R reviews the round (dismissing with ``review``)
        self.reviewable = reviewable
        self.round_noun = round_noun
        self.title_text = title
        self.body = body
        self.game_over = game_over

    def compose(self) -> ComposeResult:
        with Vertical(id="round-over"):
            yield Static(Text(self.title_text, style="bold"), id="round-over-title")
            yield Static(self.body, id="round-over-body")
            with Horizontal(id="round-over-buttons"):
                # Each button names its key, as the footer does (the button's colour alone
                # says nothing to a player who cannot tell the colours apart).
                primary = _("Play again") if self.game_over else _("Next {round}").format(round=self.round_noun)
                yield Button(_keyed(primary, "choose('primary')"), id="again" if self.game_over else "next",
                             variant="success")
                if self.reviewable:
                    yield Button(_keyed(_("Review"), "choose('review')"), id="review")
                yield Button(_keyed(_("New game"), "choose('new')"), id="new", variant="primary")
                yield Button(_keyed(_("Quit"), "choose('quit')"), id="quit", variant="error")

    def on_mount(self) -> None:
        self.query_one("#again" if self.game_over else "#next", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.reviewable or parameters != ("review",)

    def action_choose(self, choice: str) -> None:
        if choice == "primary":
            choice = "again" if self.game_over else "next"
        self.dismiss(choice)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "next")


def _keyed(label: str, action: str) -> str:
    """A button's label with its key: ``Review (R)``.

    >>> _keyed(_("New game"), "choose('new')")
    'New game (N)'
    """
    return f"{label} ({say_first(action, ROUND_OVER_KEYS)})"
