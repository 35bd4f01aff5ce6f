"""Observations: the game as one seat may see it, and nothing more.

An observation is what a bot or a hot-seat screen works from.  It never holds a card
that its seat may not see: two deals that differ only by a swap of cards between two
other players give that seat identical observations.  Each game subclasses
:class:`Observation` with its own public facts (the table, the trump, the rank order).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar, overload

from cardtable.cards import Card, RankOrder
from cardtable.engine.actions import Action
from cardtable.engine.events import Event

__all__ = ["LogView", "Observation", "round_start", "to_jsonable"]

_Item = TypeVar("_Item")


@dataclass(frozen=True)
class Observation:
    """What ``seat`` knows.  Fields shared by every game:

    - ``game``: the game's registry name; ``seat``: whose observation this is
      (``None`` in a spectator's view, see :meth:`GameState.public_observation`);
      ``num_players``.
    - ``current_player``: the seat that must act, or ``None`` once the game is over.
    - ``hand``: this seat's cards, sorted by card index; ``hand_sizes``: every seat's
      card count.
    - ``round``: the round (Hearts: hand) being played, from 1.
    - ``scores``: cumulative scores per seat.
    - ``history``: the public actions of the whole game as ``(seat, notation)``;
      an action whose cards are private to other seats shows as ``give ?`` per card.
    - ``events``: the event log as this seat may see it.

    ``history`` and ``events`` (and Hearts' ``hand_scores`` and ``moon_shooters``)
    hold the whole game, so they are :class:`LogView` objects, unchangeable sequences
    that equal the tuples of their items but cost nothing to make however long the
    game has run.
    - ``is_over``.

    ``SEAT_PRIVATE`` names every field that belongs to the observing seat (its hand,
    its gifts, what it must do) with the value a spectator sees instead; a game whose
    observation adds such a field adds it there, so that spectator views stay public.
    """

    SEAT_PRIVATE: ClassVar[Mapping[str, Any]] = MappingProxyType({"hand": ()})

    game: str
    seat: int | None
    num_players: int
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    round: int
    scores: tuple[int, ...]
    history: tuple[tuple[int, str], ...]
    events: tuple[Event, ...]
    is_over: bool

    @property
    def is_my_turn(self) -> bool:
        return self.seat is not None and self.current_player == self.seat

    @property
    def is_spectator(self) -> bool:
        """Whether this is the public view of no seat in particular."""
        return self.seat is None

    def round_events(self) -> tuple[Event, ...]:
        """The events of round ``round``, found from the end of the log, so that reading
        the round costs the same however long the game has run.

        >>> from cardtable.games import get_rules
        >>> seen = get_rules("durak").new_game(players=2, seed=1, rounds=2).observation(0)
        >>> seen.round_events() == tuple(e for e in seen.events if e.round == seen.round)
        True
        """
        events = self.events
        number = self.round
        return tuple(event for event in events[round_start(events, number):] if event.round == number)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of every field."""
        return {f.name: to_jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}


def round_start(events: Sequence[Event], number: int) -> int:
    """Where round ``number``'s events start in ``events``: after the last event of an
    earlier round (a game logs its rounds in order).

    >>> from cardtable.games import get_rules
    >>> events = get_rules("president").new_game(players=3, seed=1).events
    >>> round_start(events, 1), round_start(events, 2) == len(events)
    (0, True)
    """
    start = len(events)
    while start and events[start - 1].round >= number:
        start -= 1
    return start


def to_jsonable(value: Any) -> Any:
    """Convert cards, actions, events, rank orders and containers to JSON-safe values."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, (Card, Action)):
        return str(value)
    if isinstance(value, Event):
        return value.to_dict()
    if isinstance(value, RankOrder):
        return [rank.label for rank in value.ranks]
    if isinstance(value, Mapping):
        return {str(to_jsonable(k)): to_jsonable(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple, set, frozenset, LogView)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        return [to_jsonable(item) for item in items]
    raise TypeError(f"cannot convert {type(value).__name__} to JSON")


class LogView(Sequence[_Item]):
    """The first ``length`` items of a log that only ever grows, then ``tail``: an
    unchangeable sequence that behaves as the tuple of its items (equal to it, hashed
    and shown like it, pickled and copied as it) without copying them.

    A seat's view of a long game's log is kept on the state and extended move by move
    (:meth:`~cardtable.engine.state.GameState._seat_view`); an observation holds a view
    of it as it is now, so that making one costs the same at move 100,000 as at move
    100.  The kept list is only ever appended to, so what a view shows never changes.

    >>> log = ["a", "b"]
    >>> view = LogView(log, 2, ("c",))
    >>> log.append("later")
    >>> view, len(view), view[-1], view[1:], view == ("a", "b", "c")
    (('a', 'b', 'c'), 3, 'c', ('b', 'c'), True)
    >>> list(reversed(view)), view + ("d",), hash(view) == hash(("a", "b", "c"))
    (['c', 'b', 'a'], ('a', 'b', 'c', 'd'), True)
    """

    __slots__ = ("_items", "_length", "_tail")

    def __init__(self, items: list[_Item], length: int, tail: tuple[_Item, ...] = ()) -> None:
        self._items = items
        self._length = length
        self._tail = tail

    def __len__(self) -> int:
        return self._length + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> _Item: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[_Item, ...]: ...

    def __getitem__(self, index: int | slice) -> _Item | tuple[_Item, ...]:
        length = self._length
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1:
                if stop <= length:
                    return tuple(self._items[start:stop])
                if start >= length:
                    return self._tail[start - length:stop - length]
                return (*self._items[start:length], *self._tail[: stop - length])
            return tuple(self[position] for position in range(start, stop, step))
        position = index.__index__()
        if position < 0:
            position += len(self)
        if 0 <= position < length:
            return self._items[position]
        if length <= position < len(self):
            return self._tail[position - length]
        raise IndexError("LogView index out of range")

    def __iter__(self) -> Iterator[_Item]:
        yield from islice(self._items, self._length)
        yield from self._tail

    def __reversed__(self) -> Iterator[_Item]:
        yield from reversed(self._tail)
        items = self._items
        for position in range(self._length - 1, -1, -1):
            yield items[position]

    def as_tuple(self) -> tuple[_Item, ...]:
        """The items as a tuple (a copy: it costs what the log is long)."""
        return (*islice(self._items, self._length), *self._tail)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogView):
            if other._items is self._items and other._length == self._length:
                return other._tail == self._tail
            other = other.as_tuple()
        if not isinstance(other, tuple):
            return NotImplemented
        return len(other) == len(self) and self.as_tuple() == other

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __add__(self, other: tuple[_Item, ...]) -> tuple[_Item, ...]:
        return self.as_tuple() + tuple(other)

    def __radd__(self, other: tuple[_Item, ...]) -> tuple[_Item, ...]:
        return tuple(other) + self.as_tuple()

    def __repr__(self) -> str:
        return repr(self.as_tuple())

    def __reduce__(self) -> tuple[type[tuple[Any, ...]], tuple[tuple[_Item, ...]]]:
        # Pickled and copied as the tuple it stands for: a copy holds no share of the log.
        return (tuple, (self.as_tuple(),))
