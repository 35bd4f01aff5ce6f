"""The game registry.

>>> available_games()
['president', 'durak', 'hearts']
>>> get_rules("president").title
'President'
"""

from __future__ import annotations

import importlib

from cardtable.engine.errors import UnknownGameError, quoted
from cardtable.engine.state import Rules

__all__ = ["get_rules", "available_games", "all_rules"]

# Imported on first use, so that asking for one game does not load the others.
_MODULES: dict[str, str] = {
    "president": "cardtable.games.president",
    "durak": "cardtable.games.durak",
    "hearts": "cardtable.games.hearts",
}


def available_games() -> list[str]:
    """The registry names of every game, in menu order."""
    return list(_MODULES)


def get_rules(name: str) -> Rules:
    """The rules object of a game by name (case-insensitive).

    Raises :class:`UnknownGameError` for a name that is not a game.
    """
    key = name.strip().lower() if isinstance(name, str) else None
    module_name = _MODULES.get(key)
    if module_name is None:
        raise UnknownGameError(
            f"unknown game {quoted(name)}; choose one of {', '.join(available_games())}"
        )
    return importlib.import_module(module_name).RULES


def all_rules() -> list[Rules]:
    """Every game's rules object, in menu order."""
    return [get_rules(name) for name in _MODULES]
