"""A table in play without a user interface: seats, the turn loop, hot-seat hand-over,
autosave, undo and hints (see :mod:`cardtable.session.table`).

The game screen draws a :class:`TableSession` and routes keys to it; the tests drive
one directly.  This package never imports Textual.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# Loaded when first asked for (PEP 562): the start screen needs only the saver, not the
# table with its bots.
_MODULE_OF = {
    **dict.fromkeys(["Saver", "SlotSaver"], "cardtable.session.saving"),
    **dict.fromkeys(["Seat", "SeatKind"], "cardtable.session.seats"),
    **dict.fromkeys(
        ["BotAnswer", "BotOutcome", "BotRequest", "HintAnswer", "HintRequest", "Notice", "TableSession"],
        "cardtable.session.table",
    ),
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
