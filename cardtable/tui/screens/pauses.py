"""A completed trick or bout kept on the table a moment: :class:`TrickPause`.

After the move that completes a trick (a bout, a set), the table keeps it on show with
its winner marked for the app's ``trick_pause`` (it follows the bot speed), or until a
key is pressed; the status line says what is shown.  Then play goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.tui.services import services

if TYPE_CHECKING:
    from cardtable.engine.events import Event
    from cardtable.tui.screens.game import GameScreen

__all__ = ["TrickPause"]


class TrickPause:
    """The pause that keeps a completed trick, bout or set on ``screen``'s table."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: a trick, bout or set completed by the last move, to keep on the table a moment
        self.completed: Event | None = None
        #: counts pauses begun and ended: a timer of an ended pause does nothing
        self.token = 0

    def keep(self, event: Event | None) -> None:
        """Keep ``event``'s completed trick on the table once the move is drawn (``None``:
        nothing to keep, an undo took it back)."""
        self.completed = event

    @property
    def running(self) -> bool:
        """A completed trick is on the table now."""
        return self.screen.table.completed is not None

    def cancel(self) -> None:
        """The game moved on: a pause still running is over, without playing on."""
        self.token += 1
        self.screen.table.completed = None

    def start(self) -> bool:
        """Keep a trick, bout or set just completed on the table, its winner marked, for
        the app's ``trick_pause`` (it follows the bot speed) or until a key is pressed;
        the status line says what is shown.  Returns whether the game now waits."""
        screen = self.screen
        event, self.completed = self.completed, None
        seconds = services(screen).trick_pause
        view = screen.view
        if event is None or seconds <= 0 or view is None:
            return False
        self.token += 1
        token = self.token
        screen.table.completed = event
        screen.table.show(view.obs, view.context)
        screen.status_line.set(screen.table.completed_line(event, view.context))
        screen.set_timer(seconds, lambda: self.end(token))
        return True

    def end(self, token: int | None = None) -> None:
        """Clear the completed trick from the table and play on (once per pause)."""
        screen = self.screen
        if not self.running or (token is not None and token != self.token):
            return
        self.cancel()
        if screen.gone() or screen.finished:
            return
        view = screen.view
        if view is not None and not screen.handover.concealed:
            screen.table.show(view.obs, view.context)
            screen.status_line.show()
        screen.turns.carry_on()
