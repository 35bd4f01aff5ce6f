"""The settings screen: edits ``settings.toml`` through :mod:`cardtable.userdata.settings`."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from cardtable.display import literal
from cardtable.lang import AUTO, N_, _, brief_number, language_name, offered_languages, resolve_language, use_language
from cardtable.tui.config import choice_labels
from cardtable.tui.services import services
from cardtable.tui.widgets.cycler import Cycler
from cardtable.tui.widgets.firstframe import SCREENS_CSS, START_CSS, LaterStyles
from cardtable.tui.widgets.footer import SpokenKeys
from cardtable.userdata.settings import (
    BOT_CORES,
    BOT_LEVELS,
    BOT_SPEEDS,
    NAME_LIMIT,
    THINK_TIMES,
    Settings,
    save_settings,
)

__all__ = ["SettingsScreen"]

_SWITCHES = (
    ("four_colour_deck", N_("Four colours"), N_("clubs green, diamonds blue")),
    ("ascii_suits", N_("ASCII only"), N_("letters C D H S for suits, - | + for lines")),
    ("confirm_before_play", N_("Confirm plays"), N_("ask y/n before playing the chosen cards")),
)


def _language_choices() -> dict[str, str]:
    """The Language row's values by setting: each language by its own name, after "auto"."""
    # TRANSLATORS: the settings screen's Language row: the language is the environment's.
    return {AUTO: _("auto"), **{code: language_name(code) for code in offered_languages()}}


def _own_name(typed: str) -> str:
    """The player's name as saved: the reader's word for You is the default name, You."""
    return "You" if typed == _("You") else typed


def not_saved(reason: object) -> Text:
    """The line under the form when the settings could not be saved (``reason`` shown literally)."""
    return Text.assemble((_("Not saved:") + " ", "bold red"), literal(reason))


def shown_path(path: Path) -> str:
    """``path`` as a notice shows it: the home folder as ``~``, so that it fits.

    >>> shown_path(Path.home() / ".config" / "cardtable" / "settings.toml")
    '~/.config/cardtable/settings.toml'
    """
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


class SettingsScreen(LaterStyles, SpokenKeys, Screen[bool]):
    """Choose, then Save (Ctrl+S) to write the file and use the settings at once."""

    # Its rows are the start screen's form rows (start.tcss), which a game started from
    # the command line has not read.
    STYLES = (START_CSS, SCREENS_CSS)

    BINDINGS = [
        Binding("ctrl+s", "save", N_("Save")),
        Binding("escape", "close", N_("Back")),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        ascii_only = services(self).ascii_only
        with VerticalScroll(id="settings-form"):
            yield Static(Text(_("Settings"), style="bold"), id="settings-title")
            labels = choice_labels()
            with Horizontal(classes="start-row"):
                yield Label(_("Bot speed"), classes="start-label")
                yield Cycler(list(BOT_SPEEDS), value=s.bot_speed, id="set-bot_speed", ascii_only=ascii_only,
                             labels=labels["speed"])
            with Horizontal(classes="start-row"):
                yield Label(_("Bot level"), classes="start-label")
                yield Cycler(list(BOT_LEVELS), value=s.default_bot_level, id="set-default_bot_level",
                             ascii_only=ascii_only, labels=labels["level"])
                yield Static(_("the level of new bot seats"), classes="option-help")
            with Horizontal(classes="start-row"):
                yield Label(_("Thinking"), classes="start-label")
                # The value stays Python's form, the label is the reader's ("0,5 s").
                yield Cycler([f"{seconds:g} s" for seconds in THINK_TIMES], value=f"{s.think_seconds:g} s",
                             id="set-think_seconds", ascii_only=ascii_only,
                             labels={f"{seconds:g} s": f"{brief_number(seconds)} s" for seconds in THINK_TIMES})
                yield Static(_("a hard bot's time a move, and the hint's"), classes="option-help")
            with Horizontal(classes="start-row"):
                yield Label(_("Bot cores"), classes="start-label")
                yield Cycler([str(cores) for cores in BOT_CORES], value=str(s.bot_cores), id="set-bot_cores",
                             ascii_only=ascii_only)
                yield Static(_("the most a hard bot thinks on (1 spares a battery)"), classes="option-help")
            with Horizontal(classes="start-row"):
                yield Label(_("Your name"), classes="start-label")
                # The default name, You, in the reader's words (and saved as You again).
                shown_name = _("You") if s.default_player_name == "You" else s.default_player_name
                yield Input(shown_name, id="set-default_player_name", classes="name-input",
                            max_length=NAME_LIMIT)
            with Horizontal(classes="start-row"):
                yield Label(_("Language"), classes="start-label")
                yield Cycler(list(_language_choices().values()), value=_language_choices()[s.language],
                             id="set-language", ascii_only=ascii_only)
                # TRANSLATORS: the settings screen, beside the Language row: what "auto" means.
                yield Static(_("auto: the language of the environment (LANG)"), classes="option-help")
            for name, label, help_text in _SWITCHES:
                with Horizontal(classes="start-row"):
                    yield Label(_(label), classes="start-label")
                    yield Cycler(["on", "off"], value="on" if getattr(s, name) else "off", id=f"set-{name}",
                                 ascii_only=ascii_only, labels=labels["switch"])
                    yield Static(_(help_text), classes="option-help")
            yield Static("", id="settings-error")
            with Horizontal(id="start-buttons"):
                yield Button(_("Save"), id="save", variant="success")
                yield Button(_("Back"), id="back")
        yield Footer()

    def chosen(self) -> Settings:
        """The settings as on screen; raises ``ValueError`` (one line) for a bad one."""
        values: dict[str, object] = {
            "bot_speed": self.query_one("#set-bot_speed", Cycler).value,
            "default_bot_level": self.query_one("#set-default_bot_level", Cycler).value,
            "default_player_name": _own_name(self.query_one("#set-default_player_name", Input).value.strip()),
            "think_seconds": float(self.query_one("#set-think_seconds", Cycler).value.removesuffix(" s")),
            "bot_cores": int(self.query_one("#set-bot_cores", Cycler).value),
            "language": {shown: code for code, shown in _language_choices().items()}[
                self.query_one("#set-language", Cycler).value],
        }
        for name, _label, _help in _SWITCHES:
            values[name] = self.query_one(f"#set-{name}", Cycler).value == "on"
        return self.settings.replace(**values)

    def action_save(self) -> None:
        try:
            settings = self.chosen()
        except ValueError as exc:
            self.query_one("#settings-error", Static).update(not_saved(exc))
            return
        try:
            path = save_settings(settings)
        except OSError as exc:
            self.query_one("#settings-error", Static).update(not_saved(exc.strerror or exc))
            return
        if settings.language != self.settings.language:
            # The player just chose it: it is spoken from the next screen on, over `--lang`.
            use_language(resolve_language(None, settings.language))
        services(self).apply_settings(settings)
        self.app.notify(shown_path(path), title=_("Settings saved"), timeout=8)
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.action_close()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_save()
