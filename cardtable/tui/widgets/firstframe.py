"""What spares a screen's first frame work that Textual would do twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.geometry import Size
from textual.screen import Screen

from cardtable.tui.widgets.footer import KeysFooter

__all__ = ["GAME_CSS", "LaterStyles", "OwnStyles", "SCREENS_CSS", "START_CSS", "StyledOnce", "breakpoint_classes"]

_STYLES = Path(__file__).resolve().parent.parent
#: The start screen's styles, with the form rows the settings screen shares.
START_CSS = _STYLES / "start.tcss"
#: The game screen's styles (and the replay and review screens', which are game screens).
GAME_CSS = _STYLES / "game.tcss"
#: The styles of the screens the start and game screens open (pop-ups, help, statistics,
#: settings, joining): read by the first :class:`LaterStyles`.
SCREENS_CSS = _STYLES / "screens.tcss"


def breakpoint_classes(width: int, height: int, screen: Screen[Any]) -> dict[str, bool]:
    """The breakpoint classes (``HORIZONTAL_BREAKPOINTS``, ``VERTICAL_BREAKPOINTS``) that
    ``screen`` has in a terminal of ``width`` x ``height``, as Textual sets them on a
    resize: the class of the largest breakpoint reached on each axis, no other.

    >>> class Table(Screen):
    ...     HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (80, "-normal-width")]
    >>> breakpoint_classes(100, 30, Table())
    {'-narrow': False, '-normal-width': True}
    """
    app_horizontal = app_vertical = None
    try:
        app_horizontal, app_vertical = screen.app.HORIZONTAL_BREAKPOINTS, screen.app.VERTICAL_BREAKPOINTS
    except Exception:  # noqa: BLE001 - no app running (a doctest): the screen's own are all there are
        pass
    classes: dict[str, bool] = {}
    for size, own, of_app in ((width, screen.HORIZONTAL_BREAKPOINTS, app_horizontal),
                              (height, screen.VERTICAL_BREAKPOINTS, app_vertical)):
        breakpoints = (of_app if own is None else own) or []
        for _, name in breakpoints:
            classes[name] = False
        reached = [(at, name) for at, name in breakpoints if size >= at]
        if reached:
            classes[max(reached)[1]] = True
    return classes


class StyledOnce(Screen[Any]):
    """A screen whose first showing does not style its widgets twice.

    Textual styles each widget as it is mounted; then, when a pushed screen is first
    shown (its :class:`~textual.events.ScreenResume`), it styles the whole screen again
    from the top; and the first :class:`~textual.events.Resize` sets the breakpoint
    classes, which styles it all a third time.  On a screen of many widgets each pass
    is a good part of the first frame.  Here the breakpoint classes are set before the
    widgets are mounted (the resize then changes nothing), and the first resume does not
    restyle: nothing the styles depend on has changed since the widgets were mounted
    (what does change, the focus or a class set on mount, restyles what it touches
    itself).  Every later resume (back from a pop-up or another screen, when the
    settings may have changed) restyles as Textual does.  The first frame also waits
    for the screen's :class:`~cardtable.tui.widgets.footer.KeysFooter` to show its keys.

    Nor is the screen laid out again for a :class:`~textual.events.Resize` to the size
    it is shown at (:meth:`resized_to_shown_size`): the terminal's size is reported once
    more as the app starts, often once the first screen is up, and Textual lays a screen
    out on every resize; before the first frame, that was a second layout (and often a
    second drawing) of the whole screen, about 9 ms of CPU in one start of three.
    """

    _shown_before = False
    #: the size the screen is laid out at (it is laid out at the app's size when shown)
    _size_shown: Size | None = None

    def resized_to_shown_size(self, event: events.Resize) -> bool:
        """Whether ``event`` reports the size the screen is laid out at already: nothing
        to lay out or draw again (the breakpoint classes are those of that size too)."""
        return event.size == self._size_shown

    async def _on_resize(self, event: events.Resize) -> None:
        # Runs before Screen's own handler, which lays the screen out again whatever the
        # size, and sets the breakpoint classes (the subclass's on_resize has run).
        if self.resized_to_shown_size(event):
            event.prevent_default()
        else:
            self._size_shown = event.size

    async def _on_compose(self, event: events.Compose) -> None:
        # Runs before Widget's own handler, which mounts what compose() yields (Textual
        # calls each class's handler, the subclass's first).
        width, height = self.app.size
        # One class at a time (update_classes is newer than the Textual floor, 8.0): the
        # screen has no children yet, so each restyles only itself.
        for name, present in breakpoint_classes(width, height, self).items():
            self.set_class(present, name)

    async def _on_screen_resume(self, event: events.ScreenResume) -> None:  # type: ignore[override]  # Textual awaits a handler that is a coroutine
        # Runs before Screen's own handler, which reads refresh_styles and lays the
        # screen out at the app's size (its first frame), unless it is laid out at it.
        self._size_shown = self.app.size
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False
            # The footer's keys are known now (the screen is mounted): in the first
            # frame, not a frame later.
            for footer in self.query(KeysFooter):
                await footer.keys_shown()


class OwnStyles(Screen[Any]):
    """A screen whose styles are stylesheets of its own (``STYLES``), read when the first
    such screen is composed, before its widgets are mounted and styled.

    The app's own stylesheet (``app.tcss``, read as it starts) holds only what every
    screen shares: Textual parses all of it, and matches every widget against its
    rules, before the first frame.  The start screen's styles and the game screen's are
    each read by that screen (each first frame parses and matches only its own), and the
    other screens' by the first of them to open (:class:`LaterStyles`).  A stylesheet is
    read once, and parsed once.  (A screen's own ``CSS_PATH`` would have Textual parse
    every stylesheet of the app again.)
    """

    #: the stylesheets this screen reads, in order, where no screen read them before
    STYLES: ClassVar[tuple[Path, ...]] = ()

    async def _on_compose(self, event: events.Compose) -> None:
        # Runs before Widget's own handler, which mounts what compose() yields.
        stylesheet = self.app.stylesheet
        for path in self.STYLES:
            if not stylesheet.has_source(str(path)):
                stylesheet.read(path)


class LaterStyles(OwnStyles):
    """A screen styled by ``screens.tcss`` (a pop-up, help, statistics, settings,
    joining): the app reads it when the first such screen is composed, not before its
    first frame.  The screen itself is styled again as it is first shown, as Textual
    does for any screen pushed."""

    STYLES: ClassVar[tuple[Path, ...]] = (SCREENS_CSS,)
