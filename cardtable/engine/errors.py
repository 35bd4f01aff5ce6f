"""The exceptions, under their old address: they live in :mod:`cardtable.errors`.

Kept so that ``from cardtable.engine.errors import ...`` goes on working.

>>> from cardtable.engine.errors import IllegalActionError
>>> import cardtable.errors
>>> IllegalActionError is cardtable.errors.IllegalActionError
True
"""

from cardtable.errors import (
    QUOTE_LIMIT,
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
    describe_error,
    one_line,
    quoted,
)

__all__ = [
    "QUOTE_LIMIT",
    "quoted",
    "one_line",
    "describe_error",
    "CardtableError",
    "InvalidCardError",
    "InvalidDeckError",
    "IllegalActionError",
    "MalformedActionError",
    "GameOverError",
    "InvalidSeatError",
    "InvalidOptionError",
    "UnknownGameError",
    "SaveFileError",
]
