"""What a table tells whoever shows it to the players: :class:`Notice` and its
:class:`NoticeKind`.

A table (:class:`~cardtable.session.TableSession`, and the tables of network play)
calls its listeners with a notice after each thing that happens; the game screen and
a network host ``match`` on its kind.  The kinds are an enumeration of strings, so a
notice written with the plain word is the same notice:

>>> Notice("moved", 0) == Notice(NoticeKind.MOVED, 0)
True
>>> Notice("moved", 0).kind is NoticeKind.MOVED
True
>>> Notice("flew")
Traceback (most recent call last):
...
ValueError: 'flew' is not a valid NoticeKind
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.engine.actions import Action
    from cardtable.engine.events import Event

__all__ = ["Notice", "NoticeKind"]


class NoticeKind(StrEnum):
    """What a :class:`Notice` tells; the fields each kind fills are named beside it."""

    #: ``seat`` made ``action``; ``events`` are the engine events it caused, in full (a
    #: seat's own view of one is ``event.for_seat(seat)``); a joined seat's table
    #: names no action, and ``seat`` only for its own move
    MOVED = "moved"
    #: ``seat`` chose ahead of its turn where several choose at once (Hearts' pass):
    #: the choice is kept unseen until the engine asks for it
    CHOSEN = "chosen"
    #: hot-seat, a person moved and only bots move before the next person: the last
    #: hand must go from the screen now (a joined seat: its log starts afresh)
    HAND_HIDDEN = "hand_hidden"
    #: the keyboard goes to ``seat``'s person (nobody's hand is shown)
    HANDOVER = "handover"
    #: ``seat``'s person has the keyboard and may see their hand
    REVEALED = "revealed"
    #: the person's ``action`` was taken back with every move after it
    UNDONE = "undone"
    #: ``seat`` is now played by the built-in level ``text``
    BOT_REPLACED = "bot_replaced"
    #: saving worked, with something to tell (``text``)
    SAVE_WARNING = "save_warning"
    #: the game cannot be saved (``text``: why), told once
    SAVE_FAILED = "save_failed"
    #: the game is over and its result recorded
    FINISHED = "finished"
    #: a table with players elsewhere: a new state or status came, redraw
    CHANGED = "changed"
    #: a joined seat: the host refused the move sent from here (``text``: its reason)
    REFUSED = "refused"
    #: a table with players elsewhere: who is connected, paused or not (``text``: the
    #: host's line, if any)
    STATUS = "status"
    #: a joined seat lost its connection to the host (``text``: why)
    DISCONNECTED = "disconnected"


@dataclass(frozen=True)
class Notice:
    """One thing that happened at the table, for whoever shows it to the players:
    its ``kind`` (:class:`NoticeKind`, which says which other fields it fills)."""

    kind: NoticeKind
    seat: int | None = None
    action: Action | None = None
    events: tuple[Event, ...] = ()
    text: str = ""

    def __post_init__(self) -> None:
        # A kind given as its word (``"moved"``) is kept as the enumeration's member.
        object.__setattr__(self, "kind", NoticeKind(self.kind))
