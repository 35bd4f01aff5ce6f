"""What one seat sees of a President game: :class:`PresidentObservation`, the titles
(:func:`titles_for`) and the cards played this round (:func:`played_this_round`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from cardtable.cards import Card, RankOrder
from cardtable.engine.observation import Observation
from cardtable.lang import N_

__all__ = [
    "PresidentObservation",
    "titles_for",
    "titles_of",
    "played_this_round",
    "PRESIDENT",
    "VICE_PRESIDENT",
    "CITIZEN",
    "VICE_SCUM",
    "SCUM",
]

# The titles are data (events, observations, records and stats.json keep them in English),
# marked for the catalogue: the screen that shows one translates it.
# TRANSLATORS: President's titles, first to last: see docs/translating.md's table.
PRESIDENT = N_("President")
VICE_PRESIDENT = N_("Vice-President")
CITIZEN = N_("Citizen")
VICE_SCUM = N_("Vice-Scum")
SCUM = N_("Scum")


def titles_for(players: int) -> tuple[str, ...]:
    """The titles by finishing place (first to last) for a table of ``players``.

    >>> titles_for(3)
    ('President', 'Citizen', 'Scum')
    >>> titles_for(5)
    ('President', 'Vice-President', 'Citizen', 'Vice-Scum', 'Scum')
    """
    if players == 3:
        return (PRESIDENT, CITIZEN, SCUM)
    return (PRESIDENT, VICE_PRESIDENT) + (CITIZEN,) * (players - 4) + (VICE_SCUM, SCUM)


TITLES: dict[int, tuple[str, ...]] = {n: titles_for(n) for n in range(3, 7)}


@dataclass(frozen=True)
class PresidentObservation(Observation):
    """What one seat knows in a game of President, beyond the base fields.

    - ``phase``: ``"exchange"`` (gifts before a round), ``"play"`` or ``"over"``.
    - ``rank_order``: the :class:`RankOrder` in force, low to high; ``revolution``:
      whether it is the inverted one; ``revolution_enabled``: the option.
    - ``rounds_total``: rounds in the series (``round`` is the current one, from 1).
    - ``table``: the cards of the set on the table (empty when clear);
      ``table_owner``: the seat that played it, or ``None``.
    - ``trick``: every play and pass of the current trick as ``(seat, notation)``.
    - ``passed``: the seats that passed in this trick, ascending.
    - ``leader``: the seat that led this trick (or leads the next one).
    - ``finished``: the seats that went out this round, first place first.
    - ``titles``: each seat's title from the last completed round, or ``None`` in the
      first round.
    - ``round_points``: each completed round's points, per seat.
    - ``exchange_given`` / ``exchange_received``: this seat's cards given and received
      in this round's exchange (automatic gifts included); empty otherwise.
    - ``exchange_due``: how many cards this seat must give back now (0 if none).
    """

    SEAT_PRIVATE: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {**Observation.SEAT_PRIVATE, "exchange_given": (), "exchange_received": (), "exchange_due": 0}
    )

    phase: str
    rank_order: RankOrder
    revolution: bool
    revolution_enabled: bool
    rounds_total: int
    table: tuple[Card, ...]
    table_owner: int | None
    trick: tuple[tuple[int, str], ...]
    passed: tuple[int, ...]
    leader: int | None
    finished: tuple[int, ...]
    titles: tuple[str | None, ...]
    round_points: tuple[tuple[int, ...], ...]
    exchange_given: tuple[Card, ...]
    exchange_received: tuple[Card, ...]
    exchange_due: int


def titles_of(order: Sequence[int]) -> list[str | None]:
    """Each seat's title after a round finished in ``order``."""
    titles: list[str | None] = [None] * len(order)
    for place, seat in enumerate(order):
        titles[seat] = TITLES[len(order)][place]
    return titles


def played_this_round(observation: PresidentObservation) -> int:
    """The mask of every card played in the observation's current round (the table's too).

    >>> from cardtable.cards import mask_to_cards
    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=3, seed=1)
    >>> state.apply(state.legal_actions()[0])
    >>> mask_to_cards(played_this_round(state.observation(1))) == state.observation(1).table
    True
    """
    mask = 0
    for event in observation.round_events():
        if event.kind == "play":
            for card in event.cards:
                mask |= card.mask
    return mask
