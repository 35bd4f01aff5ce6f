"""What every game shares: errors, actions, events, observations, the state protocol, saves."""

from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation, to_jsonable
from cardtable.engine.saves import dump_game
from cardtable.engine.state import GameState, OptionSpec, Outcome, Rules
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
