"""What a networked table's host has to tell its own log, as data: one small frozen
record per kind of event, with its values (names, an address, a bot's level).

:class:`~cardtable.net.host.NetHost` calls its ``log_line`` with one of these;
whoever shows the host's log words it in its reader's language (``cardtable host``
without a screen prints them: :func:`cardtable.commands.host.host_line`).  A name is a
player's, shown literally by whoever words it.

>>> Listening("127.0.0.1:8765")
Listening(address='127.0.0.1:8765')
>>> SeatJoined("Ann", again=True, was="Player 1")
SeatJoined(name='Ann', again=True, was='Player 1')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "HostEvent",
    "Listening",
    "WrongCode",
    "JoinedTooOften",
    "Flooded",
    "NotReading",
    "SeatJoined",
    "SeatLeft",
    "SeatMoved",
    "SeatToBot",
    "BotLeftSeat",
    "TimeRanOut",
    "UserBotFailed",
    "SavingTrouble",
    "ResultRecorded",
    "GameOver",
]


@dataclass(frozen=True)
class Listening:
    """The host listens on ``address`` (``HOST:PORT``)."""

    address: str


@dataclass(frozen=True)
class WrongCode:
    """Someone at ``address`` tried a code no seat has."""

    address: str


@dataclass(frozen=True)
class JoinedTooOften:
    """``name``'s code was refused: the seat joined too often lately."""

    name: str


@dataclass(frozen=True)
class Flooded:
    """``name``'s connection was closed: a flood of messages."""

    name: str


@dataclass(frozen=True)
class NotReading:
    """``name`` was dropped: they stopped reading the table's messages."""

    name: str


@dataclass(frozen=True)
class SeatJoined:
    """``name`` joined (``again``: rejoined), renamed from ``was`` if given."""

    name: str
    again: bool = False
    was: str = ""


@dataclass(frozen=True)
class SeatLeft:
    """``name`` left the table (the seat waits for them)."""

    name: str


@dataclass(frozen=True)
class SeatMoved:
    """``name`` made ``move``, in the game's notation as everyone may see it (``give ? ? ?``)."""

    name: str
    move: str


@dataclass(frozen=True)
class SeatToBot:
    """A bot of ``level`` plays ``name``'s seat until its player rejoins."""

    name: str
    level: str


@dataclass(frozen=True)
class BotLeftSeat:
    """The bot left ``name``'s seat."""

    name: str


@dataclass(frozen=True)
class TimeRanOut:
    """``name``'s time ran out: a bot made their move."""

    name: str


@dataclass(frozen=True)
class UserBotFailed:
    """``name``'s user bot failed (``reason``: its own error, shown literally); a normal bot takes over."""

    name: str
    reason: str


@dataclass(frozen=True)
class SavingTrouble:
    """Saving the game has something to tell (``reason``: the saver's line, in the
    reader's language already), or ``failed`` (``reason``: the system's)."""

    reason: str
    failed: bool = False


@dataclass(frozen=True)
class ResultRecorded:
    """The game is over and its result is recorded."""


@dataclass(frozen=True)
class GameOver:
    """The game is over (every player was told)."""


HostEvent = (
    Listening | WrongCode | JoinedTooOften | Flooded | NotReading | SeatJoined | SeatLeft | SeatMoved | SeatToBot
    | BotLeftSeat | TimeRanOut | UserBotFailed | SavingTrouble | ResultRecorded | GameOver
)
"""Everything the host's log tells."""
