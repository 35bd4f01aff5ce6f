"""The game registry, and loading a save of any game in it.

>>> available_games()
['president', 'durak', 'hearts']
>>> get_rules("president").title
'President'
>>> state = get_rules("durak").new_game(players=2, seed=3)
>>> load_game(state.to_json()).rules.title
'Durak'
"""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.engine.saves import game_from_data, read_game
from cardtable.engine.state import GameState, Rules
from cardtable.errors import UnknownGameError, quoted

__all__ = ["get_rules", "available_games", "all_rules", "load_game", "state_from_data"]

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
    rules: Rules = importlib.import_module(module_name).RULES
    return rules


def all_rules() -> list[Rules]:
    """Every game's rules object, in menu order."""
    return [get_rules(name) for name in _MODULES]


def load_game(text: str | bytes, expected_game: str | None = None) -> GameState:
    """Rebuild a game of any registered kind from :meth:`GameState.to_json`'s text.

    Raises :class:`~cardtable.errors.SaveFileError` with a one-line reason for anything
    that is not a complete, valid save of a game this version of cardtable knows.
    """
    return read_game(text, get_rules, expected_game)


def state_from_data(data: Any, expected_game: str | None = None) -> GameState:
    """Rebuild a game of any registered kind from the dict of :func:`~cardtable.engine.saves.save_data`."""
    return game_from_data(data, get_rules, expected_game)
