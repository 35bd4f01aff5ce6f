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
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.cards import Card

__all__ = ["Event"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` names it (``play``, ``pass``, ``trick``, ``revolution``, ``out``,
    ``round_over``, ``exchange``, ``deal``, ``game_over``, and per game more, listed in
    docs/api.md); ``seat`` is who did it, if anyone; ``cards`` the cards involved;
    ``round`` the round (hand) number, from 1; ``info`` extra JSON-safe facts, always
    public; ``visible_to`` the seats that may see ``cards`` (``None``: everyone).
    """

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    round: int = 0
    info: Mapping[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None
    count: int = -1

    def __post_init__(self) -> None:
        if self.count < 0:
            object.__setattr__(self, "count", len(self.cards))

    def visible(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event's cards (``None``: a spectator, only public ones)."""
        return self.visible_to is None or seat in self.visible_to

    def redacted(self) -> Event:
        """This event without its cards (the number of cards stays)."""
        return replace(self, cards=(), visible_to=None, count=self.count)

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it."""
        return self if self.visible(seat) else self.redacted()

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
