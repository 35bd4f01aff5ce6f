"""``cardtable rules GAME``: show a game's rules.

The one source of truth is ``docs/rules/GAME.md`` in the repository.  A regular
install (``pip install .``) ships a copy inside the package at
``cardtable/docs/rules/GAME.md`` (``setup.py`` copies it at build time); an editable
install or a plain checkout reads the repository file directly.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import typer

from cardtable.commands.common import Refusal, known_game

__all__ = ["rules_markdown", "show_rules"]

_SOURCE_RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def rules_markdown(game: str) -> str | None:
    """The Markdown text of ``game``'s rules, or ``None`` if they are not written yet.

    Raises :class:`~cardtable.UnknownGameError` for a name that is not a game.

    >>> rules_markdown("chess")
    Traceback (most recent call last):
    ...
    cardtable.errors.UnknownGameError: unknown game 'chess'; choose one of president, durak, hearts
    """
    name = known_game(game)
    packaged = resources.files("cardtable").joinpath("docs", "rules", f"{name}.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = _SOURCE_RULES / f"{name}.md"
    if source.is_file():
        return source.read_text(encoding="utf-8")
    return None


def show_rules(game: str, raw: bool = False) -> None:
    """Print ``game``'s rules, rendered with Rich (or as Markdown source with ``raw``)."""
    text = rules_markdown(game)
    name = known_game(game)
    if text is None:
        raise Refusal(f"the rules of {name} are not written yet", 1)
    if raw:
        typer.echo(text, nl=not text.endswith("\n"))
        return
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(text))
