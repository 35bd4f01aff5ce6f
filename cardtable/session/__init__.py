"""A table in play without a user interface: seats, the turn loop, hot-seat hand-over,
autosave, undo and hints (see :mod:`cardtable.session.table`).

The game screen draws a :class:`TableSession` and routes keys to it; the tests drive
one directly.  This package never imports Textual.
"""

from __future__ import annotations

from cardtable.session.saving import Saver, SlotSaver
from cardtable.session.seats import Seat, SeatKind
from cardtable.session.table import (
    BotAnswer,
    BotOutcome,
    BotRequest,
    HintAnswer,
    HintRequest,
    Notice,
    TableSession,
)

__all__ = [
    "BotAnswer",
    "BotOutcome",
    "BotRequest",
    "HintAnswer",
    "HintRequest",
    "Notice",
    "Saver",
    "Seat",
    "SeatKind",
    "SlotSaver",
    "TableSession",
]
