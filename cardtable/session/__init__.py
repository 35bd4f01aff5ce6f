"""A table in play without a user interface: seats, the turn loop, hot-seat hand-over,
autosave, undo and hints (see :mod:`cardtable.session.table`).

The game screen draws a table (:class:`TableProtocol`: a :class:`TableSession` here,
or a table of network play) and routes keys to it; the tests drive one directly.  What
a table tells is typed, one class per kind (:mod:`cardtable.session.notices`).  This package never imports Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.session.notices import Notice, Refusal
    from cardtable.session.protocol import TableProtocol
    from cardtable.session.requests import BotAnswer, BotOutcome, BotRequest, HintAnswer, HintRequest
    from cardtable.session.saving import Saver, SlotSaver
    from cardtable.session.seats import Seat, SeatKind
    from cardtable.session.table import TableSession

__all__ = [
    "BotAnswer",
    "BotOutcome",
    "BotRequest",
    "HintAnswer",
    "HintRequest",
    "Notice",
    "Refusal",
    "Saver",
    "Seat",
    "SeatKind",
    "SlotSaver",
    "TableProtocol",
    "TableSession",
]

# Loaded when first asked for (PEP 562): the start screen needs only the saver, not the
# table with its bots.
_MODULE_OF = {
    **dict.fromkeys(["Saver", "SlotSaver"], "cardtable.session.saving"),
    **dict.fromkeys(["Seat", "SeatKind"], "cardtable.session.seats"),
    "TableProtocol": "cardtable.session.protocol",
    **dict.fromkeys(["Notice", "Refusal"], "cardtable.session.notices"),
    **dict.fromkeys(
        ["BotAnswer", "BotOutcome", "BotRequest", "HintAnswer", "HintRequest"], "cardtable.session.requests"
    ),
    "TableSession": "cardtable.session.table",
}


__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
