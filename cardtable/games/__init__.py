"""The game registry, and loading a save of any game in it.

The registry is one line per game: its name, the module whose ``RULES`` declares
everything else about it (see :class:`~cardtable.engine.state.Rules`), from its player
counts to its bots and its table widget, named there as import paths so that the games
never import the layers above them; its title, so that a list of the games
(:func:`game_title`: the start screen's) loads none of them; and the module whose
``FACTS`` say what a new table is set from (:func:`game_facts`: players, options,
blurb), so that the start screen loads no game's rules.

>>> available_games()
['president', 'durak', 'hearts']
>>> get_rules("president").title
'President'
>>> game_title("hearts")
'Hearts'
>>> game_facts("durak").default_players
3
>>> state = get_rules("durak").new_game(players=2, seed=3)
>>> load_game(state.to_json()).rules.title
'Durak'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardtable.errors import UnknownGameError, quoted
from cardtable.lang import N_

if TYPE_CHECKING:
    from cardtable.engine.options import GameFacts
    from cardtable.engine.state import GameState, Rules

__all__ = [
    "get_rules",
    "available_games",
    "all_rules",
    "load_game",
    "state_from_data",
    "register_game",
    "unregister_game",
    "load_declared",
    "titles_text",
    "game_title",
    "game_facts",
]

# Each game's module, imported on first use so that asking for one game does not load
# the others; its title (the same as its RULES.title) and the module of its FACTS (the
# table facts its RULES derive from): a test holds each to its RULES.
_MODULES: dict[str, str] = {}
_TITLES: dict[str, str] = {}
_FACTS: dict[str, str] = {}


def register_game(name: str, module: str, title: str | None = None, facts: str | None = None) -> None:
    """Add a game to the registry: the built-in ones below, a game kept outside cardtable
    (a plug-in, or a test's toy game).

    ``module`` is imported on first use and must define ``RULES`` whose ``name`` is
    ``name`` (and whose ``title`` is ``title``, when given; without it, :func:`game_title`
    imports the module to learn it).  ``facts``, when given, is a module whose ``FACTS``
    (a :class:`~cardtable.engine.options.GameFacts`) are those ``RULES`` derive from,
    loaded without the rules (without it, :func:`game_facts` gives the ``RULES``).
    """
    key = name.strip().lower()
    if not key or key in _MODULES:
        raise ValueError(f"cannot register {quoted(name)}: the name is empty or already a game")
    _MODULES[key] = module
    if title is not None:
        _TITLES[key] = title
    if facts is not None:
        _FACTS[key] = facts


# The titles are the English ones, marked for the catalogue: a screen shows _(title).
register_game("president", "cardtable.games.president", N_("President"), "cardtable.games.president.about")
register_game("durak", "cardtable.games.durak", N_("Durak"), "cardtable.games.durak.about")
register_game("hearts", "cardtable.games.hearts", N_("Hearts"), "cardtable.games.hearts.about")


def unregister_game(name: str) -> None:
    """Take a game that :func:`register_game` added out of the registry again."""
    for table in (_MODULES, _TITLES, _FACTS):
        table.pop(name.strip().lower(), None)


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
    if rules.name != key:
        raise UnknownGameError(f"the module of {quoted(key)} defines the rules of {quoted(rules.name)}")
    return rules


def game_title(name: str) -> str:
    """A game's title (its ``RULES.title``) by registry name, loading no game that the
    registry knows the title of.

    Raises :class:`UnknownGameError` for a name that is not a game.
    """
    title = _TITLES.get(name.strip().lower()) if isinstance(name, str) else None
    return title if title is not None else get_rules(name).title


def game_facts(name: str) -> GameFacts:
    """What a new table of a game is set from (players, options, blurb: the
    :class:`~cardtable.engine.options.GameFacts` its rules derive from), by registry
    name, loading none of the game's rules where the registry knows its facts module.

    Raises :class:`UnknownGameError` for a name that is not a game.
    """
    key = name.strip().lower() if isinstance(name, str) else None
    module_name = _FACTS.get(key)
    if module_name is None:
        return get_rules(name)
    facts: GameFacts = importlib.import_module(module_name).FACTS
    return facts


def all_rules() -> list[Rules]:
    """Every game's rules object, in menu order."""
    return [get_rules(name) for name in _MODULES]


def titles_text(games: list[Rules] | None = None, last: str = "and") -> str:
    """The games' titles as one phrase, in menu order: ``President, Durak and Hearts``.

    >>> titles_text([get_rules("durak"), get_rules("hearts")], last="or")
    'Durak or Hearts'
    """
    titles = [rules.title for rules in (all_rules() if games is None else games)]
    return f" {last} ".join(filter(None, [", ".join(titles[:-1]), titles[-1]])) if titles else ""


def load_declared(path: str) -> Any:
    """What a rules object names by import path: ``module:name`` is that name in that
    module, a bare ``module`` the module itself.

    The games name their bots and table widgets this way, and the layer that needs
    one loads it, so that no game imports a layer above it.

    >>> load_declared("cardtable.games:available_games")()[0]
    'president'
    """
    module_name, _, attribute = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


def load_game(text: str | bytes, expected_game: str | None = None) -> GameState:
    """Rebuild a game of any registered kind from :meth:`GameState.to_json`'s text.

    Raises :class:`~cardtable.errors.SaveFileError` with a one-line reason for anything
    that is not a complete, valid save of a game this version of cardtable knows.
    """
    from cardtable.engine.saves import read_game

    return read_game(text, get_rules, expected_game)


def state_from_data(data: Any, expected_game: str | None = None) -> GameState:
    """Rebuild a game of any registered kind from the dict of :func:`~cardtable.engine.saves.save_data`."""
    from cardtable.engine.saves import game_from_data

    return game_from_data(data, get_rules, expected_game)
