"""Observations: the game as one seat may see it, and nothing more.

An observation is what a bot or a hot-seat screen works from.  It never holds a card
that its seat may not see: two deals that differ only by a swap of cards between two
other players give that seat identical observations.  Each game subclasses
:class:`Observation` with its own public facts (the table, the trump, the rank order).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from cardtable.cards import Card, RankOrder
from cardtable.engine.actions import Action
from cardtable.engine.events import Event

__all__ = ["Observation", "to_jsonable"]


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

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of every field."""
        return {f.name: to_jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}


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
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        return [to_jsonable(item) for item in items]
    raise TypeError(f"cannot convert {type(value).__name__} to JSON")
