"""The events' public facts as types: :class:`EventKind` and the payloads read from an
event's ``info``.

An :class:`~cardtable.engine.events.Event` keeps its facts in ``info``, a JSON-safe
mapping, because that is what the saves, the records, the network and the event-log
hashes hold, byte for byte.  The layers above read them through these types instead
of by key: ``match event.kind`` with :class:`EventKind`, then the payload's
``of(event)`` (:class:`Exchange`, :class:`Ending`).  Reading changes nothing of the
event.

>>> from cardtable.engine.events import Event
>>> event = Event("exchange", seat=3, info={"to": 0, "automatic": True})
>>> match event.kind:
...     case EventKind.EXCHANGE:
...         print(Exchange.of(event))
Exchange(giver=3, receiver=0, automatic=True, direction='')
>>> Ending.of(Event("game_over", info={"winners": [2], "scores": [10, 3, 0]})).winners
(2,)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cardtable.engine.events import Event

__all__ = ["Ending", "EventKind", "Exchange"]


class EventKind(StrEnum):
    """The kinds of event the layers above the games read (a game has more of its own,
    listed in docs/api.md); each is the word the event log holds."""

    DEAL = "deal"
    PLAY = "play"
    PASS = "pass"
    TRICK = "trick"
    REVOLUTION = "revolution"
    OUT = "out"
    #: cards passed or given from ``seat`` to another (a Hearts pass, a President gift)
    EXCHANGE = "exchange"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Exchange:
    """An ``exchange``: ``giver`` passed or gave the event's cards to ``receiver``;
    ``automatic``: the rules made the gift (President's best cards up); ``direction``:
    a Hearts pass's (``left``, ``right``, ``across``)."""

    giver: int | None
    receiver: int | None
    automatic: bool = False
    direction: str = ""

    @classmethod
    def of(cls, event: Event) -> Exchange:
        info = event.info
        receiver = info.get("to")
        return cls(
            event.seat, receiver if isinstance(receiver, int) else None, bool(info.get("automatic", False)),
            str(info.get("direction", "")),
        )


@dataclass(frozen=True)
class Ending:
    """A ``round_over`` or ``game_over``: the seats that won (none where the event does
    not name them)."""

    winners: tuple[int, ...]

    @classmethod
    def of(cls, event: Event) -> Ending:
        winners = event.info.get("winners", [])
        if not isinstance(winners, (list, tuple)):
            return cls(())
        return cls(tuple(seat for seat in winners if isinstance(seat, int)))
