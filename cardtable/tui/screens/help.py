"""The help screen: key bindings, mouse use, and the rules of the current game."""

from __future__ import annotations

from collections.abc import Collection

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from cardtable.games import get_rules
from cardtable.lang import N_, _, rules_text
from cardtable.tui.keymap import TABLE_KEYS, help_rows
from cardtable.tui.tables import table_for
from cardtable.tui.widgets.firstframe import LaterStyles
from cardtable.tui.widgets.footer import SpokenKeys

__all__ = ["HelpScreen", "rules_markdown", "keys_markdown", "KEYS_MARKDOWN"]

NOTES_MARKDOWN = N_("""\
**Mouse:** click a card to select or unselect it, click a button (Play, Pass, Take)
to act. When defending, click an attacking card on the table to choose it as the card to beat.

Cards you cannot use in any legal move right now are dimmed and marked ×; cards you
just received are marked ✚. A refused move shows the reason on the status line and
changes nothing. A completed trick stays on the table a moment: any key moves on.
""")


def keys_markdown(has: Collection[str] | None = None) -> str:
    """The keys of the table (from the keymap; with ``has``, only those the game uses),
    then how the mouse and the marks work.

    >>> print(keys_markdown(has=("pass",)).splitlines()[4])
    | ← / → | move along your hand |
    >>> print(keys_markdown(has=("take",)).splitlines()[7])
    | T | take the cards on the table (when defending) |
    >>> "| T |" in keys_markdown(has=("pass",)), "| T |" in keys_markdown()
    (False, True)
    """
    rows = [f"| {keys} | {does}{f' ({when})' if when else ''} |" for keys, does, when in help_rows(TABLE_KEYS, has)]
    key, does, heading = _("key"), _("what it does"), _("Playing at the table")
    table = "\n".join([f"| {key} | {does} |", "|---|---|", *rows])
    return f"# {heading}\n\n{table}\n\n{_(NOTES_MARKDOWN)}"


KEYS_MARKDOWN = keys_markdown()
"""Every key of the table, for a help screen opened before a game is chosen."""


def table_features(game: str) -> tuple[str, ...]:
    """The moves and features of ``game``'s table that keys depend on (``pass``,
    ``take``, ``target``).

    >>> table_features("hearts")
    ()
    """
    table = table_for(game)
    return tuple(table.extra_moves) + (("target",) if table.has_targets else ())


def rules_markdown(game: str) -> str:
    """The rules of ``game`` from docs/rules (packaged or in the source tree), in the
    player's language where they are written in it."""
    name = get_rules(game).name
    text = rules_text(name)
    if text is not None:
        return text
    missing = _("The rules text is not installed; see docs/rules/{name}.md.").format(name=name)
    return f"# {_(get_rules(game).title)}\n\n{missing}"


class HelpScreen(LaterStyles, SpokenKeys, ModalScreen[None]):
    """Keys first, then the rules of the game being played (if any)."""

    BINDINGS = [
        Binding("escape,q,f1,question_mark", "dismiss", N_("Close")),
    ]

    def __init__(self, game: str | None = None, features: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.game = game
        #: what the table's keys depend on beyond the game's moves (``hosting``)
        self.features = features

    def compose(self) -> ComposeResult:
        if self.game:
            keys = keys_markdown(table_features(self.game) + self.features)
            rest = rules_markdown(self.game)
        else:
            keys, rest = keys_markdown(), _("Choose a game on the start screen; its rules show here once you play.")
        with VerticalScroll(id="help-scroll"):
            # The keys apart from the rules: their table's key column is as wide as its
            # widest key (screens.tcss), so that ``Home / End`` never wraps at 80 columns.
            yield Markdown(keys, id="help-keys")
            yield Markdown(rest, id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
