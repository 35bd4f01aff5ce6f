"""The move log beside the table: the newest entries that fit, each wrapped with its
continuation lines indented, drawn again whenever its size changes."""

from __future__ import annotations

import io
from collections import deque

from rich.console import Console
from rich.text import Text
from textual.widgets import Static

__all__ = ["LOG_LINES", "MoveLog", "wrap_entry"]

LOG_LINES = 60
"""The most entries the log keeps."""


def wrap_entry(entry: Text, width: int) -> list[Text]:
    """One move-log entry as lines of at most ``width`` columns, continuations indented.

    >>> [line.plain for line in wrap_entry(Text("Ben has the lowest trump 6♠ and attacks"), 20)]
    ['Ben has the lowest', '  trump 6♠ and', '  attacks']
    """
    first = entry.wrap(_MEASURE, width)
    if len(first) <= 1:
        return list(first) or [Text("")]
    head = first[0]
    head.rstrip()
    rest = entry[len(head.plain):]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip()):]
    lines = [head]
    for line in rest.wrap(_MEASURE, width - 2):
        line.rstrip()
        lines.append(Text("  ") + line)
    return lines


#: measures text for wrapping; never prints
_MEASURE = Console(width=200, file=io.StringIO())


class MoveLog(Static):
    """The log widget; :attr:`lines` are its entries, oldest first."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self.lines: deque[Text] = deque(maxlen=LOG_LINES)

    def on_resize(self) -> None:
        # The log's height changes after it was drawn when the status line below it
        # grows (a long verdict, a hint): drawn again, the newest entries stay in
        # view, not cut off at the bottom (the move being answered among them).
        self.redraw()

    def redraw(self) -> None:
        """Show the newest entries that fit the widget's size."""
        height = self.content_size.height or 12
        width = max(self.content_size.width or 28, 12)
        rows: list[Text] = []
        for entry in reversed(self.lines):
            rows[:0] = wrap_entry(entry, width)
            if len(rows) >= height:
                break
        self.update(Text("\n").join(rows[-height:]))
