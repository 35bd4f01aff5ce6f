"""The footer of keys: Textual's, built before its screen's first frame and again only
when the keys to show change."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from textual.compose import compose as compose_widgets
from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import AwaitMount

__all__ = ["KEYS_WAIT", "KeysFooter"]

#: the longest a screen's first frame waits for its footer's keys, in seconds
KEYS_WAIT = 1.0


class KeysFooter(Footer):
    """Textual's :class:`~textual.widgets.Footer`, built sooner and rebuilt less often.

    Textual's footer is empty until its screen first says its keys have changed, and is
    then rebuilt (every key a widget of its own) after the next frame, once for each
    time the screen says so.  A new screen says so more than once (its focus, then what
    its keys offer), so its first frame showed no keys and the next few rebuilt the
    same footer.  This one builds its keys once the screen is mounted, before the
    screen's first frame (a :class:`~cardtable.tui.widgets.firstframe.StyledOnce`
    screen waits for :meth:`keys_shown`), then rebuilds once for any number of calls
    before it does, and not at all when the keys to show are the ones it shows.
    """

    #: the keys shown, as :meth:`shown_keys` gave them when the footer was built
    _built_with: tuple[Any, ...] | None = None
    #: the keys' mounting, while the first build is under way
    _mounting: AwaitMount | None = None
    #: the first build is on its way
    _build_due = False
    #: set once the first build is mounted
    _shown: asyncio.Event | None = None
    #: a rebuild is on its way
    _rebuild_due = False

    def shown_keys(self) -> tuple[Any, ...]:
        """What the footer would show now: every key shown, as it would be drawn."""
        app = self.app
        keys = tuple(
            (binding.key, app.get_key_display(binding), binding.description, binding.action, enabled, tooltip,
             binding.group)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
        return (self.show_command_palette, self.compact, keys)

    def compose(self) -> Any:
        if self._bindings_ready:
            self._built_with = self.shown_keys()
        return super().compose()

    async def build_keys(self) -> None:
        """Show the screen's keys, if they are not shown yet, and wait until they are
        mounted.  Runs in the footer's own task (Textual composes a widget's children
        there): see :meth:`keys_shown`."""
        try:
            if self._built_with is None and self.is_attached:
                self._bindings_ready = True
                # Mounted, not rebuilt: a rebuild would hold every frame back until it
                # is done (Widget.batch), and there is nothing to take away.
                self._mounting = self.mount_all(compose_widgets(self))
            mounting = self._mounting
            if mounting is not None:
                await mounting
                if self._mounting is mounting:
                    self._mounting = None
        finally:
            self._shown_event().set()

    async def keys_shown(self) -> None:
        """Wait until the footer shows its screen's keys, building them first if no one
        has (called once the screen is mounted, before its first frame)."""
        if self._built_with is None and not self._build_due:
            self._build_due = True
            self.call_next(self.build_keys)
        if self._built_with is None or self._mounting is not None:
            # Never longer than a moment: a footer that cannot build (whatever the
            # reason) must not keep its screen from being drawn.
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._shown_event().wait(), KEYS_WAIT)

    def _shown_event(self) -> asyncio.Event:
        if self._shown is None:
            self._shown = asyncio.Event()
        return self._shown

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or self._rebuild_due:
            return
        if not (self.is_attached and screen is self.screen):
            return
        if self._built_with is None:
            # Not built yet (a screen that does not wait for its footer): now.
            if not self._build_due:
                self._build_due = True
                self.call_next(self.build_keys)
            return
        self._rebuild_due = True
        self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_due = False
        if not self.is_attached:
            return  # its screen was closed meanwhile
        if self.shown_keys() != self._built_with:
            await self.recompose()
