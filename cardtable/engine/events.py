"""The event log: what happened, in order, for a UI to animate and a replay to reread.

Each game appends :class:`Event` values to ``state.events`` as it goes.  An event whose
cards only some seats may see (a President exchange, a Hearts pass) names those seats in
``visible_to``; every other seat gets it through :meth:`Event.redacted`, which keeps who
and how many but drops the cards.

>>> from cardtable.cards import parse_cards
>>> e = Event("exchange", seat=3, cards=tuple(parse_cards("2S AS")), visible_to=(0, 3), info={"to": 0})
>>> e.visible(1), e.for_seat(1).cards, e.for_seat(1).count
(False, (), 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from cardtable.cards import Card

__all__ = ["Event"]

_NO_INFO: Mapping[str, Any] = MappingProxyType({})


class Event(tuple[Any, ...]):
    """One thing that happened: an immutable value (a tuple underneath, because games
    make hundreds of events per game and tuples are the cheapest immutable objects).

    ``kind`` names it (``play``, ``pass``, ``trick``, ``revolution``, ``out``,
    ``round_over``, ``exchange``, ``deal``, ``game_over``, and per game more, listed in
    docs/api.md); ``seat`` is who did it, if anyone; ``cards`` the cards involved;
    ``round`` the round (hand) number, from 1; ``info`` extra JSON-safe facts, always
    public; ``visible_to`` the seats that may see ``cards`` (``None``: everyone);
    ``count`` the number of cards, which stays when the cards are redacted.
    """

    __slots__ = ()

    def __new__(
        cls,
        kind: str,
        seat: int | None = None,
        cards: tuple[Card, ...] = (),
        round: int = 0,
        info: Mapping[str, Any] = _NO_INFO,
        visible_to: tuple[int, ...] | None = None,
        count: int = -1,
    ) -> Event:
        if count < 0:
            count = len(cards)
        return tuple.__new__(cls, (kind, seat, cards, round, info, visible_to, count))

    kind: str = property(itemgetter(0))  # type: ignore[assignment]
    seat: int | None = property(itemgetter(1))  # type: ignore[assignment]
    cards: tuple[Card, ...] = property(itemgetter(2))  # type: ignore[assignment]
    round: int = property(itemgetter(3))  # type: ignore[assignment]
    info: Mapping[str, Any] = property(itemgetter(4))  # type: ignore[assignment]
    visible_to: tuple[int, ...] | None = property(itemgetter(5))  # type: ignore[assignment]
    count: int = property(itemgetter(6))  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        # A mappingproxy does not pickle: send ``info`` as a dict and wrap it again on
        # arrival (the search's worker processes receive observations full of events).
        fields = tuple(self)
        info = fields[4]
        if isinstance(info, MappingProxyType):
            return (_unpickle_event, (fields[:4] + (dict(info),) + fields[5:],))
        return (Event, fields)

    def __repr__(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        return (
            f"Event({self.kind!r}, seat={self.seat!r}, cards=({cards}), round={self.round}, "
            f"info={dict(self.info)!r}, visible_to={self.visible_to!r}, count={self.count})"
        )

    def replace(self, **changes: Any) -> Event:
        """A copy with some fields changed."""
        fields = dict(zip(_FIELDS, self))
        fields.update(changes)
        return Event(**fields)

    def visible(self, seat: int) -> bool:
        """Whether ``seat`` may see this event's cards."""
        visible_to = self[5]
        return visible_to is None or seat in visible_to

    def redacted(self) -> Event:
        """This event without its cards (the number of cards stays)."""
        return tuple.__new__(Event, (self[0], self[1], (), self[3], self[4], None, self[6]))

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (``None``: a spectator)."""
        visible_to = self[5]
        return self if visible_to is None or seat in visible_to else self.redacted()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict."""
        return {
            "kind": self.kind,
            "seat": self.seat,
            "cards": [str(card) for card in self.cards],
            "count": self.count,
            "round": self.round,
            "info": dict(self.info),
            "visible_to": list(self.visible_to) if self.visible_to is not None else None,
        }


_FIELDS = ("kind", "seat", "cards", "round", "info", "visible_to", "count")


def _unpickle_event(fields: tuple[Any, ...]) -> Event:
    """An :class:`Event` from its fields, ``info`` arriving as a dict to be made read-only.

    >>> import pickle
    >>> event = Event("pass", seat=2, round=1)
    >>> copy = pickle.loads(pickle.dumps(event))
    >>> copy == event, type(copy.info).__name__
    (True, 'mappingproxy')
    """
    return tuple.__new__(Event, fields[:4] + (MappingProxyType(fields[4]),) + fields[5:])
