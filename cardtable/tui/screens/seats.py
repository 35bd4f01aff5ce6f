"""The host's pop-up of remote seats: who plays each, and a bot for an away player.

``cardtable host`` with a seat at the host's keyboard opens the table screen for it;
``B`` there opens this list of the remote seats, each with its state: at the table,
away (the table waits for them), or played by a bot while they are away.  The host
may give an away player's seat to an easy, normal or hard bot, which plays on from
that seat's own observation until its player rejoins (the player then has the seat
back at once), or take a bot's seat back: the table then waits for its player again.
Names come from outside (a player's ``--name``) and are shown literally.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.bots import LEVELS
from cardtable.display import literal
from cardtable.lang import _
from cardtable.session.protocol import Seating, SeatPresence
from cardtable.tui.keymap import SEATS_KEYS, bindings, say_first
from cardtable.tui.widgets.firstframe import LaterStyles
from cardtable.tui.widgets.footer import SpokenKeys
from cardtable.tui.wording import a_bot, fill, level_word, seating_line

__all__ = ["SeatsScreen", "seat_state"]


def seat_state(status: SeatPresence) -> str:
    """A remote seat's state as the list writes it.

    >>> seat_state(SeatPresence(1, True, True)), seat_state(SeatPresence(1, True, False))
    ('at the table', 'away: the table waits for them')
    >>> seat_state(SeatPresence(1, True, False, "hard"))
    'away: a hard bot plays for them'
    """
    if status.level:
        if status.connected:
            return _("at the table: {bot} plays for them").format(bot=a_bot(status.level))
        return _("away: {bot} plays for them").format(bot=a_bot(status.level))
    return _("at the table") if status.connected else _("away: the table waits for them")


class SeatsScreen(LaterStyles, SpokenKeys, ModalScreen[None]):
    """The remote seats of a table this keyboard serves (its ``seating``, with
    ``seat_name`` naming each seat); the keys act on the highlighted one."""

    BINDINGS = bindings(SEATS_KEYS)

    def __init__(self, seating: Seating, seat_name: Callable[[int], str]) -> None:
        super().__init__()
        self.seating = seating
        self.seat_name = seat_name

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box"):
            yield Static(Text(_("The players at other terminals"), style="bold"), id="seats-title")
            yield Static(
                Text(_("A player's seat (away, or there but not moving) can go to a bot until they rejoin "
                       "or you take it back; taking it back gives the seat to its player again.")),
                id="seats-help",
            )
            yield OptionList(id="seats-list")
            yield Static("", id="seats-error")
            with Horizontal(id="seats-buttons"):
                for level in LEVELS:
                    key = say_first(f"hand({level!r})", SEATS_KEYS)
                    yield Button(f"{level_word(level).capitalize()} ({key})", id=f"seats-{level}", compact=True)
                yield Button(_("Take back ({key})").format(key=say_first("take_back", SEATS_KEYS)), id="seats-back",
                             compact=True)
                yield Button(_("Close ({key})").format(key=say_first("close", SEATS_KEYS)), id="seats-close",
                             variant="error",
                             compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.show_seats()
        self.query_one("#seats-list", OptionList).focus()

    def refresh_seats(self) -> None:
        """Show the seats afresh (the game screen calls it when a player joins or leaves)."""
        if self.is_attached:
            self.show_seats()

    # --- the list --------------------------------------------------------------------
    def statuses(self) -> list[SeatPresence]:
        """The remote seats, in seat order."""
        return list(self.seating.remote())

    def show_seats(self) -> None:
        listing = self.query_one("#seats-list", OptionList)
        kept = listing.highlighted
        listing.clear_options()
        for status in self.statuses():
            name = self.seat_name(status.seat)
            listing.add_option(Option(Text.assemble(literal(name, style="bold"), "  ", seat_state(status)),
                                      id=f"seat-{status.seat}"))
        if listing.option_count:
            listing.highlighted = min(kept or 0, listing.option_count - 1)

    @property
    def chosen(self) -> SeatPresence | None:
        """The highlighted seat's status."""
        statuses = self.statuses()
        index = self.query_one("#seats-list", OptionList).highlighted
        if index is None or not 0 <= index < len(statuses):
            return None
        return statuses[index]

    def say(self, line: Text) -> None:
        self.query_one("#seats-error", Static).update(line)

    # --- the keys --------------------------------------------------------------------
    def action_hand(self, level: str) -> None:
        """Give the highlighted away player's seat to a bot of ``level``."""
        status = self.chosen
        if status is None:
            return
        name = self.seat_name(status.seat)
        problem = self.seating.hand_to_bot(status.seat, level)
        if problem is not None:
            self.say(Text.assemble((_("Not handed:") + " ", "bold red"), literal(seating_line(problem, name, level))))
        else:
            self.say(fill(_("{player}'s seat: {bot} plays it until they rejoin."), player=literal(name), bot=a_bot(level)))
        self.show_seats()

    def action_take_back(self) -> None:
        """Take the highlighted seat back from its bot: it waits for its player again."""
        status = self.chosen
        if status is None:
            return
        name = self.seat_name(status.seat)
        problem = self.seating.take_back(status.seat)
        if problem is not None:
            self.say(Text.assemble((_("Nothing to take back:") + " ", "bold red"),
                                   literal(seating_line(problem, name, ""))))
        else:
            self.say(fill(_("{player}'s seat waits for them again."), player=literal(name)))
        self.show_seats()

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        name = (event.button.id or "").removeprefix("seats-")
        if name == "close":
            self.action_close()
        elif name == "back":
            self.action_take_back()
        elif name in LEVELS:
            self.action_hand(name)
