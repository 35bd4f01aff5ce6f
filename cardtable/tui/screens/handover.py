"""Hot-seat on the game screen: :class:`HandOver`.

When several people share the keyboard, nobody's hand may show to the next: between two
people's turns the screen is wiped and covered (the privacy screen) until the next
person presses Enter, and while only bots move the table shows no hand at all.  The
table's ``handover`` capability says when (``due``, ``reveal_due``, a ``HandHidden``
notice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from cardtable.tui.widgets.hand import HandView

if TYPE_CHECKING:
    from cardtable.tui.screens.game import GameScreen

__all__ = ["HandOver"]


class HandOver:
    """Covering ``screen`` between two people's turns, and hiding the hand while bots move."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: the screen is wiped and covered until the next person takes the keyboard
        self.concealed = False

    def hide_hand(self) -> None:
        """Hot-seat, bots to move: show the table as everyone sees it, and no hand."""
        screen = self.screen
        screen.forget_log()
        screen.hints.forget()
        screen.status_line.forget_news()
        screen.query_one(HandView).clear_selection()

    def hand_over(self, seat: int) -> None:
        """Blank everything, then cover the screen until ``seat``'s player presses Enter."""
        screen = self.screen
        hot_seat = screen.session.handover
        if hot_seat is not None:
            hot_seat.hand_over(seat)
        self.conceal()
        name = screen.context.name(seat)
        from cardtable.tui.screens.privacy import PrivacyScreen  # a screen pushed later loads then

        screen.app.push_screen(PrivacyScreen(name), lambda _: self.reveal(seat))

    def conceal(self) -> None:
        """Wipe every widget that could show a hand or private log line, and hide them."""
        screen = self.screen
        self.concealed = True
        screen.add_class("concealed")
        screen.query_one(HandView).set_cards([])
        screen.table.update("")
        for widget_id in ("#log", "#status", "#scores", "#title-bar"):
            screen.query_one(widget_id, Static).update("")
        self.hide_hand()

    def reveal(self, seat: int) -> None:
        screen = self.screen
        hot_seat = screen.session.handover
        if screen.finished or hot_seat is None:
            return
        hot_seat.reveal(seat)
        self.concealed = False
        screen.remove_class("concealed")
        screen.after_change()
