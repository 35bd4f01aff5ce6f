"""Computer players.  ``make_bot(game, level, seed)`` is the way in.

The levels for each game live in ``cardtable.bots.<game>``; until a game's module
provides a level, ``make_bot`` falls back to :class:`RandomBot` only for the
``random`` level and refuses the others.
"""

from __future__ import annotations

import importlib

from cardtable.bots.base import Bot, RandomBot
from cardtable.engine.errors import InvalidOptionError
from cardtable.games import get_rules

__all__ = ["Bot", "RandomBot", "make_bot", "LEVELS"]

LEVELS = ("easy", "normal", "hard")
"""The levels a player can choose, weakest first."""


def make_bot(game: str, level: str, seed: int | None = None) -> Bot:
    """A fresh bot for ``game`` at ``level`` (``easy``, ``normal``, ``hard``, or ``random``).

    Raises :class:`InvalidOptionError` for an unknown level.
    """
    rules = get_rules(game)
    key = level.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key not in LEVELS:
        raise InvalidOptionError(
            f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}"
        )
    try:
        module = importlib.import_module(f"cardtable.bots.{rules.name}")
    except ModuleNotFoundError:
        module = None
    factory = getattr(module, "BOT_LEVELS", {}).get(key) if module else None
    if factory is None:
        # Levels not written yet play randomly, so the app stays playable meanwhile.
        return RandomBot(seed)
    return factory(seed)
