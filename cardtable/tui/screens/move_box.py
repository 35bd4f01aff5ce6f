"""The game screen's move box: a move typed in the game's notation, as lichess's keyboard
input takes one (:class:`MoveBox`).

``M`` opens a one-line box under the status line; the player types a move as the rules
write it (``7h 7s``, ``pass``, ``take``, ``give 2c 3d``, any case) and Enter makes it:
the table checks it (the engine's legal moves are the only judge) and a refusal's reason
shows on the status line, the box staying open to correct it.  Esc closes the box.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input

from cardtable.lang import N_, _

__all__ = ["MoveBox"]


class MoveBox(Input):
    """A one-line box for a move in the notation, hidden until opened."""

    DEFAULT_CSS = """
    MoveBox {
        display: none;
        height: 1;
        margin: 0 1;
    }
    """

    BINDINGS = [Binding("enter", "submit", N_("Make the move")), Binding("escape", "close", N_("Close the box"))]

    class Closed(Message):
        """The box was closed without a move: the screen takes the keys back."""

    def __init__(self) -> None:
        super().__init__(
            placeholder=_("type a move: 7h 7s · pass · take · give 2c 3d   (Enter plays it, Esc closes)"),
            id="move-box", compact=True, max_length=200,
        )
        # Focusable only while open: the table's keys go to the screen, never into a hidden box.
        self.can_focus = False

    @property
    def opened(self) -> bool:
        return bool(self.display)

    def open(self) -> None:
        """Show the box, empty, with the cursor in it."""
        self.value = ""
        self.display = True
        self.can_focus = True
        self.focus()

    def close(self) -> None:
        """Hide the box (what was typed goes with it)."""
        self.value = ""
        self.display = False
        self.blur()
        self.can_focus = False

    def action_close(self) -> None:
        self.close()
        self.post_message(self.Closed())
