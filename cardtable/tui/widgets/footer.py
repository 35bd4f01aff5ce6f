"""The footer of keys: Textual's, built once the screen's keys are known and again
only when they change."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.compose import compose as compose_widgets
from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["KeysFooter"]


class KeysFooter(Footer):
    """Textual's :class:`~textual.widgets.Footer`, rebuilt less often.

    Textual's footer is empty until its screen first says its keys have changed, and is
    then rebuilt (every key a widget of its own) after the next frame, once for each
    time the screen says so.  A new screen says so more than once (its focus, then what
    its keys offer), so its first frame showed no keys and the next few rebuilt the
    same footer.  This one rebuilds once for any number of calls before it does, not at
    all when the keys shown are the ones it shows, and the first time before the
    screen's first frame, so that the first frame has its keys.
    """

    #: the keys shown, as :meth:`shown_keys` gave them when the footer was built
    _built_with: tuple[Any, ...] | None = None
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

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or self._rebuild_due:
            return
        if not (self.is_attached and screen is self.screen):
            return
        if self._built_with is None and not self.children:
            # The first time (the screen is mounted, its keys are known): the keys are
            # mounted now, to be laid out with the screen's first frame.  A rebuild
            # would hold every frame back until it is done (Widget.batch).
            self.mount_all(compose_widgets(self))
            self.refresh(layout=True)
            return
        self._rebuild_due = True
        self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_due = False
        if not self.is_attached:
            return  # its screen was closed meanwhile
        if self.shown_keys() != self._built_with:
            await self.recompose()
