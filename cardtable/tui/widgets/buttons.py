"""The buttons under the hand."""

from __future__ import annotations

from textual.widgets import Button

__all__ = ["MoveButton"]


class MoveButton(Button, can_focus=False):
    """A button that never takes the focus, so keys always reach the table."""
