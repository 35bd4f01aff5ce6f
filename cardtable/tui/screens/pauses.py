"""A completed trick or bout kept on the table a moment: :class:`PausesPart`.

After the move that completes a trick (a bout, a set), the table keeps it on show with
its winner marked for the app's ``trick_pause`` (it follows the bot speed), or until a
key is pressed; the status line says what is shown.  Then play goes on.
"""

from __future__ import annotations

from cardtable.tui.screens.game_parts import GameScreenParts
from cardtable.tui.services import services

__all__ = ["PausesPart"]


class PausesPart(GameScreenParts):
    """The pause that keeps a completed trick, bout or set on the table."""

    def start_pause(self) -> bool:
        """Keep a trick, bout or set just completed on the table, its winner marked, for
        the app's ``trick_pause`` (it follows the bot speed) or until a key is pressed;
        the status line says what is shown.  Returns whether the game now waits."""
        event, self.just_completed = self.just_completed, None
        seconds = services(self).trick_pause
        if event is None or seconds <= 0 or self.obs is None:
            return False
        self.pause_token += 1
        token = self.pause_token
        self.table.completed = event
        self.table.show(self.obs, self.context)
        self.set_status(self.table.completed_line(event, self.context))
        self.set_timer(seconds, lambda: self.end_pause(token))
        return True

    def end_pause(self, token: int | None = None) -> None:
        """Clear the completed trick from the table and play on (once per pause)."""
        if self.table.completed is None or (token is not None and token != self.pause_token):
            return
        self.pause_token += 1
        self.table.completed = None
        if self._gone() or self.finished:
            return
        if self.obs is not None and not self.has_class("concealed"):
            self.table.show(self.obs, self.context)
            self.show_status()
        self.carry_on()
