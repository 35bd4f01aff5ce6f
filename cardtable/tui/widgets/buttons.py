"""The app's buttons: Textual's, styled once they are mounted, with only the styles
they use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Button

if TYPE_CHECKING:
    from textual.css.types import CSSLocation

__all__ = ["FormButton", "MoveButton"]


class FormButton(Button):
    """A button that is not restyled before it is mounted, and whose styles are the
    part of Textual's button's that the app's buttons use.

    Textual's button sets its variant's and style's classes as it is made, and each
    class set restyles the button on the spot, though it is styled again (with all of
    them) once mounted: on a screen of buttons, a good many style passes before its
    first frame for nothing.

    Its styles (``DEFAULT_CSS``, in place of Textual's button's) are Textual's button's
    (Textual 8.2) without the flat style (``flat=True``) and the ANSI colours
    (``App.ansi_color``), which cardtable never uses: Textual's are twice as long, and
    parsing them and matching their rules cost the first frame of both screens that
    start the app several milliseconds of CPU (``benchmarks/startup.py``).  It is still
    a ``Button`` to CSS selectors and queries, and looks as Textual's does in every
    variant and state (``tests/tui/test_start_first_frame.py`` compares them).
    """

    DEFAULT_CSS = """
    FormButton {
        width: auto;
        min-width: 16;
        height: auto;
        line-pad: 1;
        text-align: center;
        content-align: center middle;
        pointer: pointer;

        &.-style-default {
            text-style: bold;
            color: $button-foreground;
            background: $surface;
            border: none;
            border-top: tall $surface-lighten-1;
            border-bottom: tall $surface-darken-1;

            &.-textual-compact {
                border: none !important;
            }
            &:disabled {
                text-opacity: 0.6;
                pointer: not-allowed;
            }
            &:focus {
                text-style: $button-focus-text-style;
                background-tint: $foreground 5%;
            }
            &:hover {
                border-top: tall $surface;
                background: $surface-darken-1;
            }
            &.-active {
                background: $surface;
                border-bottom: tall $surface-lighten-1;
                border-top: tall $surface-darken-1;
                tint: $background 30%;
            }
            &.-primary {
                color: $button-color-foreground;
                background: $primary;
                border-top: tall $primary-lighten-3;
                border-bottom: tall $primary-darken-3;
                &:hover {
                    background: $primary-darken-2;
                    border-top: tall $primary;
                }
                &.-active {
                    background: $primary;
                    border-bottom: tall $primary-lighten-3;
                    border-top: tall $primary-darken-3;
                }
            }
            &.-success {
                color: $button-color-foreground;
                background: $success;
                border-top: tall $success-lighten-2;
                border-bottom: tall $success-darken-3;
                &:hover {
                    background: $success-darken-2;
                    border-top: tall $success;
                }
                &.-active {
                    background: $success;
                    border-bottom: tall $success-lighten-2;
                    border-top: tall $success-darken-2;
                }
            }
            &.-warning {
                color: $button-color-foreground;
                background: $warning;
                border-top: tall $warning-lighten-2;
                border-bottom: tall $warning-darken-3;
                &:hover {
                    background: $warning-darken-2;
                    border-top: tall $warning;
                }
                &.-active {
                    background: $warning;
                    border-bottom: tall $warning-lighten-2;
                    border-top: tall $warning-darken-2;
                }
            }
            &.-error {
                color: $button-color-foreground;
                background: $error;
                border-top: tall $error-lighten-2;
                border-bottom: tall $error-darken-3;
                &:hover {
                    background: $error-darken-1;
                    border-top: tall $error;
                }
                &.-active {
                    background: $error;
                    border-bottom: tall $error-lighten-2;
                    border-top: tall $error-darken-2;
                }
            }
        }
    }
    """

    def _get_default_css(self) -> list[tuple[CSSLocation, str, int, str]]:
        # Textual's button's styles are replaced by the part of them above.
        return [entry for entry in super()._get_default_css() if entry[1] is not Button.DEFAULT_CSS]

    def update_node_styles(self, animate: bool = True) -> None:
        if self.is_attached:
            super().update_node_styles(animate)


class MoveButton(FormButton, can_focus=False):
    """A button that never takes the focus, so keys always reach the table."""
