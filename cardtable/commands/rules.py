"""``cardtable rules GAME``: show a game's rules, in the player's language.

The one source of truth is ``docs/rules/GAME.md`` in the repository, and
``docs/rules/<code>/GAME.md`` in each other language.  A regular install (``pip install
.``) ships a copy inside the package at ``cardtable/docs/rules/`` (``setup.py`` copies
them at build time); an editable install or a plain checkout reads the repository files
directly.  A language without its own file shows the English rules
(:func:`cardtable.lang.rules_text`).
"""

from __future__ import annotations

import typer

from cardtable.commands.common import Refusal, known_game
from cardtable.lang import _, rules_text

__all__ = ["rules_markdown", "show_rules"]

def rules_markdown(game: str) -> str | None:
    """The Markdown text of ``game``'s rules in the current language (else in English), or
    ``None`` if they are not written yet.

    Raises :class:`~cardtable.UnknownGameError` for a name that is not a game.

    >>> rules_markdown("chess")
    Traceback (most recent call last):
    ...
    cardtable.errors.UnknownGameError: unknown game 'chess'; choose one of president, durak, hearts
    """
    return rules_text(known_game(game))


def show_rules(game: str, raw: bool = False) -> None:
    """Print ``game``'s rules, rendered with Rich (or as Markdown source with ``raw``)."""
    text = rules_markdown(game)
    name = known_game(game)
    if text is None:
        raise Refusal(_("the rules of {game} are not written yet").format(game=name), 1)
    if raw:
        typer.echo(text, nl=not text.endswith("\n"))
        return
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(text))
