"""The footer of keys: one line drawn by one widget, in its screen's first frame, and
drawn again only when the keys to show change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from cardtable.lang import _ as translated

if TYPE_CHECKING:
    from textual.binding import ActiveBinding
    from textual.screen import Screen

__all__ = ["KeysFooter", "FooterKeyShown", "SpokenKeys", "fitted_descriptions"]


class FooterKeyShown(NamedTuple):
    """One key as the footer shows it."""

    key: str
    """The key pressed when it is clicked."""
    display: str
    """The key as written (``⏎``, ``^z``; words in ASCII mode)."""
    description: str
    enabled: bool
    tooltip: str
    short: str = ""
    """A shorter word for the description, where the line does not fit (``""``: none)."""


class KeysFooter(Widget, can_focus=False):
    """The screen's keys, as Textual's :class:`~textual.widgets.Footer` shows them (the
    same colours, the same spacing, compact or not), drawn by one widget.

    Textual's footer makes every key a widget of its own, and makes them only after its
    screen says its keys have changed, a frame after the first: its keys cost a start
    screen or a table some 12 ms of CPU before their first frame (about a sixth of what the
    screen's own widgets cost), and then the same footer was built again, once for each
    time the screen said so.  This one is a single line: its keys are read once the screen
    is mounted, before its first frame (a
    :class:`~cardtable.tui.widgets.firstframe.StyledOnce` screen asks :meth:`keys_shown`),
    and again only when the keys to show differ (:meth:`recompose` draws them then).  A
    click on a key presses it (a disabled key rings the bell); the key under the mouse is
    highlighted and shows its tooltip.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover"}
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        color: $footer-foreground;
        background: $footer-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    #: the keys shown, as :meth:`shown_keys` gave them when the line was drawn
    _built_with: tuple[Any, ...] | None = None
    #: a new drawing of the keys is on its way
    _rebuild_due = False
    #: the keys' columns on the line: ``(start, end, key)``, as last drawn
    _spans: tuple[tuple[int, int, FooterKeyShown], ...] = ()
    #: the key under the mouse, if any
    _hovered: FooterKeyShown | None = None

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        show_command_palette: bool = True,
        compact: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.show_command_palette = show_command_palette
        self.compact = compact
        self.set_class(compact, "-compact", update=False)

    def shown_keys(self) -> tuple[Any, ...]:
        """What the footer would show now: every key shown, as it would be drawn."""
        app = self.app
        bindings = self.screen.active_bindings
        keys: list[FooterKeyShown] = []
        seen: set[str] = set()
        shorter = short_words()
        for _, binding, enabled, tooltip in bindings.values():
            if not binding.show or binding.action in seen:
                continue  # one key for an action, as Textual's footer shows it
            seen.add(binding.action)
            description = translated(binding.description)
            keys.append(FooterKeyShown(binding.key, key_display(app.get_key_display(binding)),
                                       description, enabled, tooltip, shorter.get(description, "")))
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            shown = bindings.get(app.COMMAND_PALETTE_BINDING)
            if shown is not None:
                _, binding, enabled, tooltip = shown
                keys.append(FooterKeyShown(binding.key, app.get_key_display(binding), translated(binding.description), enabled,
                                           binding.tooltip or translated(binding.description)))
        return (self.show_command_palette, self.compact, tuple(keys))

    @property
    def keys(self) -> tuple[FooterKeyShown, ...]:
        """The keys the line shows (none before its screen is mounted)."""
        return () if self._built_with is None else self._built_with[2]

    async def keys_shown(self) -> None:
        """Read the screen's keys for the line, if it has none yet (called once the screen
        is mounted, before its first frame)."""
        if self._built_with is None and self.is_attached:
            self._built_with = self.shown_keys()
            self.refresh()

    async def recompose(self) -> None:
        """Draw the line again with the keys the screen shows now."""
        self._built_with = self.shown_keys()
        self._hovered = None
        self.refresh()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if not screen.app.app_focus or self._rebuild_due:
            return
        if not (self.is_attached and screen is self.screen):
            return
        if self._built_with is None:
            # Not drawn yet (a screen that does not wait for its footer): now.
            self._built_with = self.shown_keys()
            self.refresh()
            return
        self._rebuild_due = True
        self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_due = False
        if not self.is_attached:
            return  # its screen was closed meanwhile
        if self.shown_keys() != self._built_with:
            await self.recompose()

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer-key--key", partial=True)
        description_style = self.get_component_rich_style("footer-key--description", partial=True)
        hover_style = self.get_component_rich_style("footer-key--hover", partial=True)
        line = Text(no_wrap=True, end="")
        spans = []
        descriptions = fitted_descriptions(
            [key.display for key in self.keys], [key.description for key in self.keys], self.compact,
            self.size.width if self.is_attached and self.size.width else None,
            {key.description: key.short for key in self.keys if key.short},
        )
        for key, description in zip(self.keys, descriptions):
            start = len(line)
            if self.compact:
                key_text, description_text = key.display, f" {description}" if description else ""
            else:
                key_text, description_text = f" {key.display} ", f"{description} " if description else ""
            extra = Style(dim=True) if not key.enabled else Style()
            if key is self._hovered:
                extra += hover_style
            line.append(key_text, key_style + extra)
            line.append(description_text, description_style + extra)
            spans.append((start, len(line), key))
            if self.compact:
                line.append(" ")
        self._spans = tuple(spans)
        return line

    def _key_at(self, x: int) -> FooterKeyShown | None:
        for start, end, key in self._spans:
            if start <= x < end:
                return key
        return None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self._key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self._key_at(event.x)
        if key is not self._hovered:
            self._hovered = key
            self.tooltip = (key.tooltip or None) if key is not None else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.tooltip = None
            self.refresh()


def short_words() -> dict[str, str]:
    """The footer's words that have a shorter form, in the reader's language, for a line
    that does not fit whole: the last trick's (or bout's) key says ``Last``, as its button
    does, and a language may give any key's word a short form of its own (English needs
    none: its words fit).

    >>> short_words()["Last trick"]
    'Last'
    """
    from cardtable.lang import _, pgettext

    # TRANSLATORS: "a key's word in a full footer": used only where the footer's whole
    # line does not fit 80 columns: a shorter word of the same meaning, or the same word.
    shorter = {
        "Select": pgettext("a key's word in a full footer", "Select"),
        "Play": pgettext("a key's word in a full footer", "Play"),
        "Pass": pgettext("a key's word in a full footer", "Pass"),
        "Take": pgettext("a key's word in a full footer", "Take"),
        "Hint": pgettext("a key's word in a full footer", "Hint"),
        "Type": pgettext("a key's word in a full footer", "Type"),
        "Undo": pgettext("a key's word in a full footer", "Undo"),
        "Quit": pgettext("a key's word in a full footer", "Quit"),
    }
    words = {_(word): short for word, short in shorter.items() if short != _(word)}
    last = pgettext("a button: the last trick or bout", "Last")
    return words | {_("Last trick"): last, _("Last bout"): last}


def key_display(display: str) -> str:
    """A key as Textual names it, the one word among them in the reader's language
    (``space``; ``esc``, ``f1``, ``^s`` are what keyboards print)."""
    from cardtable.lang import pgettext

    return pgettext("the key", "space") if display == "space" else display


def fitted_descriptions(
    displays: list[str], descriptions: list[str], compact: bool, width: int | None,
    shorter: Mapping[str, str] | None = None,
) -> list[str]:
    """The keys' descriptions made to fit the line's ``width``: first the words that have
    a short form of their own (``shorter``: ``Last trick`` -> ``Last``), the longest
    first, then the longest cut short (ending ``…``): a longer language never pushes a
    key off the footer.

    >>> fitted_descriptions(["a", "b"], ["Select", "Play"], True, 14)
    ['Sel…', 'Play']
    >>> fitted_descriptions(["a", "b"], ["Select", "Last trick"], True, 16, {"Last trick": "Last"})
    ['Select', 'Last']
    >>> fitted_descriptions(["a", "b"], ["Select", "Play"], True, None)
    ['Select', 'Play']
    """
    from rich.cells import cell_len

    def length(shown: list[str]) -> int:
        if compact:
            return sum(cell_len(d) + 1 + (cell_len(t) + 1 if t else 0) for d, t in zip(displays, shown))
        return sum(cell_len(d) + 2 + (cell_len(t) + 1 if t else 0) for d, t in zip(displays, shown))

    shown = list(descriptions)
    if width is None:
        return shown
    short = shorter or {}
    while length(shown) > width:
        whole = [index for index, text in enumerate(shown) if text in short]
        if not whole:
            break
        longest = max(whole, key=lambda index: cell_len(shown[index]))
        shown[longest] = short[shown[longest]]
    while length(shown) > width:
        longest = max(range(len(shown)), key=lambda index: cell_len(shown[index]))
        text = shown[longest]
        if cell_len(text) <= 2:
            break  # nothing left to shorten: the line is cut as it is
        shown[longest] = text[: -2 if text.endswith("…") else -1].rstrip() + "…"
    return shown


class SpokenKeys:
    """A screen whose footer (Textual's or :class:`KeysFooter`) names its keys in the
    reader's words: bindings are declared in English, marked ``N_``, and translated here
    each time the footer asks."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        from dataclasses import replace

        from textual.binding import ActiveBinding

        active: dict[str, ActiveBinding] = super().active_bindings  # type: ignore[misc]
        for key, (node, binding, enabled, tooltip) in list(active.items()):
            if node is self and binding.description:  # type: ignore[comparison-overlap]
                spoken = replace(binding, description=translated(binding.description))
                active[key] = ActiveBinding(node, spoken, enabled, tooltip)
        return active
