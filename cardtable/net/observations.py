"""A seat's observation rebuilt from the JSON a host sent: the objects a table draws.

A host sends ``state.observation(seat).to_dict()``; :func:`rebuild_observation` turns
it back into the game's own :class:`~cardtable.engine.observation.Observation`
subclass, field by field from the class's declared types (cards, suits, events, rank
orders, Hearts' completed tricks, tuples, optional values).  It holds exactly what was
sent, no more: nothing hidden is made up.  A value that does not fit its declared type
(a host that sends something else) raises :class:`~cardtable.net.protocol.ProtocolError`.

>>> from cardtable.games import get_rules
>>> state = get_rules("durak").new_game(players=3, seed=2)
>>> seen = state.observation(1)
>>> rebuild_observation("durak", seen.to_dict()) == seen
True
>>> rebuild_observation("durak", {**seen.to_dict(), "trump_card": "ZZ"})
Traceback (most recent call last):
...
cardtable.net.protocol.ProtocolError: the host sent a bad observation: trump_card: 'ZZ' is not a card: ...
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any

from cardtable.cards import Card, Rank, RankOrder
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.errors import CardtableError
from cardtable.games import available_games, get_rules
from cardtable.net.protocol import ProtocolError

__all__ = ["rebuild_events", "rebuild_observation"]


@functools.cache
def _observation_class(game: str) -> type[Observation]:
    """The game's observation class, as its states make them."""
    rules = get_rules(game)
    return type(rules.new_game(players=rules.min_players, seed=0).observation(0))


def rebuild_observation(game: str, data: Mapping[str, Any]) -> Observation:
    """The ``game``'s observation whose ``to_dict()`` is ``data``."""
    if game not in available_games():
        raise ProtocolError(f"the host sent a game this cardtable does not know: {game!r}"[:200])
    cls = _observation_class(game)
    try:
        built = _build(cls, data, game, "")
    except (CardtableError, ValueError, TypeError, KeyError) as exc:
        raise ProtocolError(f"the host sent a bad observation: {exc}"[:300]) from None
    assert isinstance(built, Observation)
    return built


def rebuild_events(data: list[Any]) -> tuple[Event, ...]:
    """Events as the host sent them (each an event's ``to_dict()``), as events again.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=2)
    >>> rebuild_events([event.to_dict() for event in state.events_for(1)]) == state.events_for(1)
    True
    """
    try:
        return tuple(_event(item, f"events[{number}]") for number, item in enumerate(data))
    except (CardtableError, ValueError, TypeError, KeyError) as exc:
        raise ProtocolError(f"the host sent a bad event: {exc}"[:300]) from None


def _build(kind: Any, value: Any, game: str, where: str) -> Any:
    """``value`` (JSON) as the declared type ``kind``."""
    if kind is Any:
        return value
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        options = [arg for arg in args if arg is not type(None)]
        if len(options) != 1:
            raise TypeError(f"{where}: cannot read a value of {kind}")
        return _build(options[0], value, game, where)
    if origin is tuple:
        if not isinstance(value, list):
            raise TypeError(f"{where}: expected a list, not {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], item, game, where) for item in value)
        if len(args) != len(value):
            raise ValueError(f"{where}: expected {len(args)} items, not {len(value)}")
        return tuple(_build(arg, item, game, where) for arg, item in zip(args, value))
    if kind is Card:
        if not isinstance(value, str):
            raise TypeError(f"{where}: a card is text, not {type(value).__name__}")
        try:
            return Card.parse(value)
        except CardtableError as exc:
            raise ValueError(f"{where}: {exc}") from None
    if kind is Event:
        return _event(value, where)
    if kind is RankOrder:
        return _rank_order(value, game, where)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        if not isinstance(value, str):
            raise TypeError(f"{where}: expected a name, not {type(value).__name__}")
        return kind[value.upper()]
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind, value, game, where)
    if kind is bool:
        if not isinstance(value, bool):
            raise TypeError(f"{where}: expected true or false")
        return value
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{where}: expected a whole number")
        return value
    if kind is str:
        if not isinstance(value, str):
            raise TypeError(f"{where}: expected text")
        return value
    raise TypeError(f"{where}: cannot read a value of {kind}")


def _dataclass(kind: type, value: Any, game: str, where: str) -> Any:
    if not isinstance(value, dict):
        raise TypeError(f"{where or kind.__name__}: expected an object")
    hints, fields = _fields(kind)
    names = {field.name for field in fields}
    if set(value) != names:
        odd = sorted(set(value) ^ names)
        raise ValueError(f"{where or kind.__name__}: fields do not match ({', '.join(odd)})")
    return kind(**{
        field.name: _build(hints[field.name], value[field.name], game, f"{where}.{field.name}".lstrip("."))
        for field in fields
    })


@functools.cache
def _fields(kind: type) -> tuple[dict[str, Any], list[dataclasses.Field[Any]]]:
    """The declared types and the fields of a dataclass (read once per class)."""
    return typing.get_type_hints(kind), [field for field in dataclasses.fields(kind) if field.init]


def _event(value: Any, where: str) -> Event:
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise TypeError(f"{where}: an event is an object with a kind")
    seat = value.get("seat")
    visible = value.get("visible_to")
    info = value.get("info")
    count = value.get("count")
    number = value.get("round")
    if not isinstance(info, dict) or not isinstance(count, int) or not isinstance(number, int):
        raise TypeError(f"{where}: an event has info, count and round")
    return Event(
        value["kind"],
        None if seat is None else _build(int, seat, "", where),
        tuple(_build(Card, card, "", where) for card in value.get("cards", [])),
        number,
        types.MappingProxyType(dict(info)),
        None if visible is None else tuple(_build(int, seat, "", where) for seat in visible),
        count,
    )


def _rank_order(value: Any, game: str, where: str) -> RankOrder:
    if not isinstance(value, list) or not all(isinstance(label, str) for label in value):
        raise TypeError(f"{where}: a rank order is a list of ranks")
    ranks = [Rank.parse(label) for label in value]
    base = get_rules(game).rank_order
    for known in (base, base.inverted()):
        if list(known.ranks) == ranks:
            return known
    return RankOrder("as sent", ranks)
