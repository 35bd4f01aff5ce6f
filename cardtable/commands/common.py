"""Helpers the commands share."""

from __future__ import annotations

import sys

# Typer 0.26 and later (the declared floor) carry their own copy of Click.
from typer._click.exceptions import ClickException, UsageError

from cardtable.errors import InvalidOptionError, UnknownGameError
from cardtable.games import available_games

__all__ = [
    "known_game", "complete_game", "think_seconds", "recover_quietly", "warn", "ClickException", "UsageError",
]


def think_seconds(text: str) -> float:
    """The seconds of ``--think``: one of the thinking times a hard bot can have.

    >>> think_seconds("2"), think_seconds(" 0.5 ")
    (2.0, 0.5)
    >>> think_seconds("3")
    Traceback (most recent call last):
    ...
    cardtable.errors.InvalidOptionError: --think must be one of 0.5, 1, 2, 5 seconds, not '3'
    """
    from cardtable.userdata.settings import THINK_TIMES

    try:
        seconds = float(text.strip())
    except ValueError:
        seconds = -1.0
    if seconds not in THINK_TIMES:
        listed = ", ".join(f"{choice:g}" for choice in THINK_TIMES)
        raise InvalidOptionError(f"--think must be one of {listed} seconds, not {text!r}")
    return seconds


def known_game(name: str) -> str:
    """The registry name for ``name`` (any case), without importing the game's module.

    >>> known_game("Hearts")
    'hearts'
    >>> known_game("chess")
    Traceback (most recent call last):
    ...
    cardtable.errors.UnknownGameError: unknown game 'chess'; choose one of president, durak, hearts
    """
    key = name.strip().lower()
    if key not in available_games():
        raise UnknownGameError(
            f"unknown game {name!r}; choose one of {', '.join(available_games())}"
        )
    return key


def complete_game(incomplete: str) -> list[str]:
    """Shell completion for a game argument."""
    return [name for name in available_games() if name.startswith(incomplete.lower())]


def warn(line: str) -> None:
    """Write ``cardtable: warning: line`` as one line on stderr."""
    from cardtable.display import visible

    sys.stderr.write(f"cardtable: warning: {visible(' '.join(line.split()))}\n")


def recover_quietly() -> None:
    """Finish what a killed cardtable left half done (see :mod:`cardtable.userdata.recovery`);
    its messages go to stderr as warnings."""
    from cardtable.userdata.recovery import recover

    for line in recover():
        warn(line)
