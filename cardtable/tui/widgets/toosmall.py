"""What a screen shows instead of itself in a terminal smaller than it needs."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from cardtable.lang import _

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "TooSmall", "fit_to_terminal", "too_small_text"]

#: the smallest terminal cardtable lays its screens out for
MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small_text(width: int, height: int) -> Text:
    """The notice for a ``width`` x ``height`` terminal, in plain words.

    >>> too_small_text(60, 20).plain.splitlines()[0]
    'The terminal is too small: 60x20.'
    """
    text = Text(_("The terminal is too small: {width}x{height}.").format(width=width, height=height) + "\n",
                style="bold yellow")
    text.append(_("cardtable needs at least {width}x{height} (columns x rows).").format(
        width=MIN_WIDTH, height=MIN_HEIGHT) + "\n\n")
    text.append(_("Make the window larger (or the font smaller):\nthe screen comes back as it was."), style="dim")
    return text


class TooSmall(Static):
    """Shown (by app.tcss, under the screen's ``-too-small`` class) in place of a screen's
    widgets while the terminal is below :data:`MIN_WIDTH` x :data:`MIN_HEIGHT`."""

    def __init__(self) -> None:
        super().__init__("", id="too-small")

    def refresh_size(self, width: int, height: int) -> None:
        self.update(too_small_text(width, height))


#: per screen made too small, the widget that had the focus
_focus_before: WeakKeyDictionary[Screen[Any], Widget | None] = WeakKeyDictionary()


def fit_to_terminal(screen: Screen[Any]) -> bool:
    """Put ``screen`` under the ``-too-small`` class (its widgets hidden, :class:`TooSmall`
    shown) while the terminal is smaller than it needs, and take it off once the terminal
    grows; returns whether it is too small now.  Called on mount and on every resize."""
    width, height = screen.app.size
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    if small:
        for notice in screen.query(TooSmall):
            notice.refresh_size(width, height)
    if small != screen.has_class("-too-small"):
        if small:
            # Hidden widgets lose the focus: it goes back where it was when the screen returns.
            _focus_before[screen] = screen.focused
        screen.set_class(small, "-too-small")
        if not small:
            focused = _focus_before.pop(screen, None)
            if focused is not None and focused.is_attached:
                screen.call_after_refresh(focused.focus)
        screen.refresh_bindings()  # the keys act only on a screen that is shown
    return small
