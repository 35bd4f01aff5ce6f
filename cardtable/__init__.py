"""cardtable: President, Durak and Hearts in the terminal.

>>> import cardtable
>>> state = cardtable.get_rules("president").new_game(players=4, seed=1)
>>> state.apply("pass")
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: the leader must play; passing is not allowed when leading
"""

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
