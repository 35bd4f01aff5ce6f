"""Hot-seat on the game screen: :class:`HandoverPart`.

When several people share the keyboard, nobody's hand may show to the next: between two
people's turns the screen is wiped and covered (the privacy screen) until the next
person presses Enter, and while only bots move the table shows no hand at all.  The
table's ``handover`` capability says when (``due``, ``reveal_due``, a ``HandHidden``
notice).
"""

from __future__ import annotations

from textual.widgets import Static

from cardtable.tui.screens.game_parts import GameScreenParts
from cardtable.tui.screens.privacy import PrivacyScreen
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.movelog import MoveLog

__all__ = ["HandoverPart"]


class HandoverPart(GameScreenParts):
    """Covering the screen between two people's turns, and hiding the hand while bots move."""

    def hide_hand(self) -> None:
        """Hot-seat, bots to move: show the table as everyone sees it, and no hand."""
        self.query_one(MoveLog).lines.clear()
        self.seen_events = 0
        self.hint_action = None
        self.news = None
        self.query_one(HandView).clear_selection()

    def hand_over(self, seat: int) -> None:
        """Blank everything, then cover the screen until ``seat``'s player presses Enter."""
        handover = self.session.handover
        if handover is not None:
            handover.hand_over(seat)
        self.conceal()
        name = self.context.name(seat)
        self.app.push_screen(PrivacyScreen(name), lambda _: self.reveal(seat))

    def conceal(self) -> None:
        """Wipe every widget that could show a hand or private log line, and hide them."""
        self.add_class("concealed")
        self.query_one(HandView).set_cards([])
        self.table.update("")
        for widget_id in ("#log", "#status", "#scores", "#title-bar"):
            self.query_one(widget_id, Static).update("")
        self.hide_hand()

    def reveal(self, seat: int) -> None:
        handover = self.session.handover
        if self.finished or handover is None:
            return
        handover.reveal(seat)
        self.remove_class("concealed")
        self.after_change()
