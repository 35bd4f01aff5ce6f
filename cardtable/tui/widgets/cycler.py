"""A one-line choice that cycles through values: space, click, or left/right."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["Cycler"]


class Cycler(Widget, can_focus=True):
    """Shows ``◂ value ▸``; the value changes with the arrow keys, space or a click.

    With a single value there is nothing to choose: no arrows, and no focus.

    >>> Cycler(["easy", "normal", "hard"], value="normal").value
    'normal'
    >>> Cycler(["4"]).render().plain, Cycler(["4"]).can_focus
    ('  4  ', False)
    """

    DEFAULT_CSS = """
    Cycler { width: auto; min-width: 12; height: 1; padding: 0 1; background: $boost; }
    Cycler:focus { background: $accent; color: $text; text-style: bold; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "previous", show=False),
        Binding("right", "step(1)", "next", show=False),
        Binding("space", "step(1)", "next", show=False),
    ]

    index: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, cycler: Cycler, value: str) -> None:
            self.cycler = cycler
            self.value = value
            super().__init__()

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(
        self, values: Sequence[str], value: str | None = None, ascii_only: bool = False,
        labels: Mapping[str, str] | None = None, **kwargs: object
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.values = list(values)
        #: how each value is shown, in the reader's words (a value not in it: as it is)
        self.labels = dict(labels or {})
        self.ascii_only = ascii_only
        self.set_reactive(Cycler.index, self.values.index(value) if value in self.values else 0)
        self.can_focus = len(self.values) > 1

    @property
    def value(self) -> str:
        return self.values[self.index]

    @value.setter
    def value(self, value: str) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def set_values(self, values: Sequence[str], value: str | None = None) -> None:
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0
        self.can_focus = len(self.values) > 1
        if not self.can_focus and self.has_focus:
            self.screen.focus_next()
        self.refresh(layout=True)

    def render(self) -> Text:
        left, right = ("<", ">") if self.ascii_only else ("◂", "▸")
        if len(self.values) < 2:
            left = right = " "
        width = max(len(self.labels.get(v, v)) for v in self.values)
        return Text(f"{left} {self.labels.get(self.value, self.value).ljust(width)} {right}")

    def action_step(self, step: int) -> None:
        if len(self.values) < 2:
            return
        self.index = (self.index + step) % len(self.values)

    def watch_index(self) -> None:
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: Click) -> None:
        self.focus()
        self.action_step(-1 if event.x <= 1 else 1)
