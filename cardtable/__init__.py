"""cardtable: President, Durak and Hearts in the terminal.

>>> import cardtable
>>> state = cardtable.get_rules("president").new_game(players=4, seed=1)
>>> state.apply("pass")
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: the leader must play; passing is not allowed when leading
"""

from __future__ import annotations

from cardtable.lazy import lazy_names

# Not `typing.TYPE_CHECKING`: importing typing is a measurable part of `cardtable --version`.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from cardtable.cards import Card, Rank, RankOrder, Suit
    from cardtable.engine.actions import Action
    from cardtable.errors import (
        CardtableError,
        GameOverError,
        IllegalActionError,
        InvalidCardError,
        InvalidDeckError,
        InvalidOptionError,
        InvalidSeatError,
        MalformedActionError,
        SaveFileError,
        UnknownGameError,
    )
    from cardtable.games import available_games, get_rules, load_game

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "Card",
    "Rank",
    "Suit",
    "RankOrder",
    "Action",
    "get_rules",
    "available_games",
    "load_game",
    "CardtableError",
    "GameOverError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidDeckError",
    "InvalidOptionError",
    "InvalidSeatError",
    "MalformedActionError",
    "SaveFileError",
    "UnknownGameError",
]

# The names above are loaded when first asked for (PEP 562), so that `cardtable --version`
# and everything that only needs a part of the package do not load the engine and the
# game registry with it.
_MODULE_OF = {
    **dict.fromkeys(["Card", "Rank", "RankOrder", "Suit"], "cardtable.cards"),
    "Action": "cardtable.engine.actions",
    **dict.fromkeys(["get_rules", "available_games", "load_game"], "cardtable.games"),
    **dict.fromkeys([name for name in __all__ if name.endswith("Error")], "cardtable.errors"),
}


__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
