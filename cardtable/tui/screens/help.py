"""The help screen: key bindings, mouse use, and the rules of the current game."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from cardtable.games import all_rules, get_rules, titles_text

__all__ = ["HelpScreen", "rules_markdown", "keys_markdown"]


def _where(kind: str) -> str:
    """The games whose moves include ``kind``, as help words them: ``(Durak)``."""
    games = [rules for rules in all_rules() if kind in rules.action_kinds]
    return f" ({titles_text(games, last='and')})" if games else ""


def keys_markdown() -> str:
    """The keys and the mouse at the table; a key that only some games use names them
    (read from each game's rules, so a new game is named where its moves are)."""
    return f"""\
# Playing at the table

| key | what it does |
|---|---|
| ← → | move along your hand |
| space | select / unselect the card under the cursor |
| Enter | play the selected cards (nothing selected: the card under the cursor) |
| p | pass{_where("pass")} |
| t | take the table, when defending{_where("take")} |
| Tab | choose which attacking card to beat{_where("defend")} |
| Esc | clear the selection |
| Home / End | the first / the last card of your hand |
| a | select all cards of the cursor's rank |
| l | show the last completed trick or bout |
| s | scores |
| F1 or ? | this help |
| q | quit to the start screen |

**Mouse:** click a card to select or unselect it, click a button (Play, Pass, Take)
to act. When defending, click an attacking card on the table to choose it as the card to beat.

Cards you cannot use in any legal move right now are dimmed and marked ×; cards you
just received are marked ✚. A refused move shows the reason on the status line and
changes nothing. A completed trick stays on the table a moment: any key moves on.
"""


def rules_markdown(game: str) -> str:
    """The rules of ``game`` from docs/rules (packaged or in the source tree)."""
    name = get_rules(game).name
    here = Path(__file__).resolve()
    candidates = [
        here.parents[2] / "docs" / "rules" / f"{name}.md",  # packaged: cardtable/docs/rules
        here.parents[3] / "docs" / "rules" / f"{name}.md",  # source tree: docs/rules
    ]
    for path in candidates:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return f"# {get_rules(game).title}\n\nThe rules text is not installed; see docs/rules/{name}.md."


class HelpScreen(ModalScreen[None]):
    """Keys first, then the rules of the game being played (if any)."""

    BINDINGS = [
        Binding("escape,q,f1,question_mark", "dismiss", "Close"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        text = keys_markdown()
        if self.game:
            text += "\n\n---\n\n" + rules_markdown(self.game)
        else:
            text += "\n\nChoose a game on the start screen; its rules show here once you play."
        with VerticalScroll(id="help-scroll"):
            yield Markdown(text, id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
