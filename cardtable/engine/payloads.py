"""The events' public facts as types: :class:`EventKind` and the payloads read from an
event's ``info``.

An :class:`~cardtable.engine.events.Event` keeps its facts in ``info``, a JSON-safe
mapping, because that is what the saves, the records, the network and the event-log
hashes hold, byte for byte.  The layers above read them through these types instead
of by key: ``match event.kind`` with :class:`EventKind`, then the payload's
``of(event)`` (:class:`Exchange`, :class:`Ending`, :class:`TrickTaken`,
:class:`BoutOver`, :class:`Placed`, :class:`Revolution`, :class:`RoundResult`): one for
every kind of event whose facts a screen reads.  Reading changes nothing of the event,
and a fact an event does not hold reads as its default.  The payloads are named tuples:
immutable values, and cheap to define (the game screen loads them before its first
frame).

>>> from cardtable.engine.events import Event
>>> event = Event("exchange", seat=3, info={"to": 0, "automatic": True})
>>> match event.kind:
...     case EventKind.EXCHANGE:
...         print(Exchange.of(event))
Exchange(giver=3, receiver=0, automatic=True, direction='')
>>> Ending.of(Event("game_over", info={"winners": [2], "scores": [10, 3, 0]})).winners
(2,)
>>> trick = TrickTaken.of(Event("trick", seat=1, info={"trick": 4, "points": 2, "plays": [[0, "2C"], [1, "QC"]]}))
>>> trick.winner, trick.number, trick.points, [(seat, str(card)) for seat, card in trick.plays]
(1, 4, 2, [(0, '2C'), (1, 'QC')])
>>> BoutOver.of(Event("bout_over", seat=1, info={"result": "taken"})).taken
True
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from cardtable.cards import Card
from cardtable.engine.events import Event

__all__ = ["BoutOver", "Ending", "EventKind", "Exchange", "Placed", "Revolution", "RoundResult", "TrickTaken"]


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
    #: Durak: a bout ends, beaten off or taken
    BOUT_OVER = "bout_over"


class Exchange(NamedTuple):
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


class Ending(NamedTuple):
    """A ``round_over`` or ``game_over``: the seats that won (none where the event does
    not name them)."""

    winners: tuple[int, ...]

    @classmethod
    def of(cls, event: Event) -> Ending:
        winners = event.info.get("winners", [])
        if not isinstance(winners, (list, tuple)):
            return cls(())
        return cls(tuple(seat for seat in winners if isinstance(seat, int)))


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ints(info: Mapping[str, Any], key: str) -> tuple[int, ...] | None:
    values = info.get(key)
    if not isinstance(values, (list, tuple)):
        return None
    return tuple(value if isinstance(value, int) else 0 for value in values)


class TrickTaken(NamedTuple):
    """A ``trick``: ``winner`` took it; its ``number`` in the hand (Hearts), the
    ``points`` in it (Hearts), who ``leader``s next (President: the winner, or the next
    seat when the winner is out) and the cards each seat ``plays`` (Hearts)."""

    winner: int | None
    number: int | None = None
    points: int = 0
    leader: int | None = None
    plays: tuple[tuple[int, Card], ...] = ()

    @classmethod
    def of(cls, event: Event) -> TrickTaken:
        info = event.info
        plays = tuple(
            (seat, Card.parse(code)) for seat, code in info.get("plays", ())
            if isinstance(seat, int) and isinstance(code, str)
        )
        points = info.get("points", 0)
        return cls(
            event.seat, _seat(info.get("trick")), points if isinstance(points, int) else 0, _seat(info.get("leader")),
            plays,
        )


class BoutOver(NamedTuple):
    """A Durak ``bout_over``: the defender (the event's seat) ``taken`` the cards, or beat
    the attack off."""

    defender: int | None
    taken: bool

    @classmethod
    def of(cls, event: Event) -> BoutOver:
        return cls(event.seat, event.info.get("result") == "taken")


class Placed(NamedTuple):
    """An ``out``: the event's seat is out of the round in ``place`` (from 1), with its
    ``title`` (President)."""

    seat: int | None
    place: int
    title: str = ""

    @classmethod
    def of(cls, event: Event) -> Placed:
        place = event.info.get("place", 0)
        return cls(event.seat, place if isinstance(place, int) else 0, str(event.info.get("title", "")))


class Revolution(NamedTuple):
    """A President ``revolution``: the rank order is now flipped (``active``) or back."""

    active: bool

    @classmethod
    def of(cls, event: Event) -> Revolution:
        return cls(bool(event.info.get("active")))


class RoundResult(NamedTuple):
    """A ``round_over``: the facts each game gives of its round (``None`` where the game
    gives none).  ``order``: the seats in the order they went out (President, Durak);
    ``scores``: the round's scores, ``totals`` the game's (Hearts), ``points`` each seat's
    points (President), ``points_taken`` (Hearts), ``titles`` (President);
    ``moon_shooter`` (Hearts); ``loser``: the seat that lost the round, under the key
    the game names (``loser_key``: Durak's durak); ``draw``: nobody lost (Durak)."""

    order: tuple[int, ...] = ()
    scores: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None
    points: tuple[int, ...] | None = None
    points_taken: tuple[int, ...] | None = None
    titles: tuple[str, ...] | None = None
    moon_shooter: int | None = None
    loser: int | None = None
    draw: bool = False

    @classmethod
    def of(cls, event: Event, loser_key: str = "loser") -> RoundResult:
        info = event.info
        titles = info.get("titles")
        return cls(
            order=_ints(info, "order") or (),
            scores=_ints(info, "scores"),
            totals=_ints(info, "totals"),
            points=_ints(info, "points"),
            points_taken=_ints(info, "points_taken"),
            titles=tuple(str(title or "") for title in titles) if isinstance(titles, (list, tuple)) else None,
            moon_shooter=_seat(info.get("moon_shooter")),
            loser=_seat(info.get(loser_key)),
            draw=bool(info.get("draw")),
        )
