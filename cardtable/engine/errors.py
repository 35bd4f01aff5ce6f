"""The exceptions cardtable raises.  Every message is one line a player can read.

All of them derive from :class:`CardtableError`, and those about bad input also from
:class:`ValueError`, so ``except ValueError`` catches any bad card, action, option,
deck or save file.
"""

from __future__ import annotations

__all__ = [
    "CardtableError",
    "InvalidCardError",
    "InvalidDeckError",
    "IllegalActionError",
    "MalformedActionError",
    "GameOverError",
    "InvalidOptionError",
    "UnknownGameError",
    "SaveFileError",
]


class CardtableError(Exception):
    """Base class of every cardtable error."""


class InvalidCardError(CardtableError, ValueError):
    """Text that is not a card (``"1S"``, ``"QX"``)."""


class InvalidDeckError(CardtableError, ValueError):
    """An explicit deal order that is not exactly the game's deck."""


class IllegalActionError(CardtableError, ValueError):
    """An action the rules do not allow now.  The state is left unchanged."""


class MalformedActionError(IllegalActionError):
    """Text that is not an action at all (``"play"``, ``"defend 7H"``, ``"7X"``)."""


class GameOverError(IllegalActionError):
    """An action sent to a game that is already over."""


class InvalidOptionError(CardtableError, ValueError):
    """An unknown game option, a bad option value, or a bad player count."""


class UnknownGameError(CardtableError, ValueError):
    """A game name that is not in the registry."""


class SaveFileError(CardtableError, ValueError):
    """A save file that cannot be loaded: corrupt, truncated, newer, or for an unknown game."""
