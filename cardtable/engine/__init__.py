"""What every game shares: errors, actions, events, observations, the state protocol, saves.

Each name is loaded from its module when first asked for: a part of the engine (the
table facts the start screen reads, :mod:`cardtable.engine.options`) comes without the
rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.engine.actions import PASS, TAKE, Action
    from cardtable.engine.events import Event
    from cardtable.engine.observation import Observation, to_jsonable
    from cardtable.engine.options import GameFacts, OptionSpec
    from cardtable.engine.saves import dump_game
    from cardtable.engine.state import GameState, Outcome, Rules
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

__all__ = [
    "Action",
    "PASS",
    "TAKE",
    "Event",
    "Observation",
    "to_jsonable",
    "GameState",
    "OptionSpec",
    "Outcome",
    "Rules",
    "GameFacts",
    "dump_game",
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

_MODULE_OF = {
    **dict.fromkeys(("Action", "PASS", "TAKE"), "cardtable.engine.actions"),
    "Event": "cardtable.engine.events",
    **dict.fromkeys(("Observation", "to_jsonable"), "cardtable.engine.observation"),
    **dict.fromkeys(("GameState", "Outcome", "Rules"), "cardtable.engine.state"),
    **dict.fromkeys(("OptionSpec", "GameFacts"), "cardtable.engine.options"),
    "dump_game": "cardtable.engine.saves",
    **dict.fromkeys(
        ("CardtableError", "GameOverError", "IllegalActionError", "InvalidCardError", "InvalidDeckError",
         "InvalidOptionError", "InvalidSeatError", "MalformedActionError", "SaveFileError", "UnknownGameError"),
        "cardtable.errors",
    ),
}

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
