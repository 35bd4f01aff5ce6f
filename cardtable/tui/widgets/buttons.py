"""The app's buttons: Textual's, styled once they are mounted."""

from __future__ import annotations

from textual.widgets import Button

__all__ = ["FormButton", "MoveButton"]


class FormButton(Button):
    """A button that is not restyled before it is mounted.

    Textual's button sets its variant's and style's classes as it is made, and each
    class set restyles the button on the spot, though it is styled again (with all of
    them) once mounted: on a screen of buttons, a good many style passes before its
    first frame for nothing.
    """

    def update_node_styles(self, animate: bool = True) -> None:
        if self.is_attached:
            super().update_node_styles(animate)


class MoveButton(FormButton, can_focus=False):
    """A button that never takes the focus, so keys always reach the table."""
