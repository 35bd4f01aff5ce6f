"""What one seat sees of a Hearts game: :class:`HeartsObservation`, with the finished
tricks as :class:`CompletedTrick`, and two readings of it: the pass direction of a hand
(:func:`pass_direction_for_hand`) and the penalty points of cards (:func:`card_points`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from cardtable.cards import Card, Suit
from cardtable.engine.observation import Observation
from cardtable.games.hearts.kernel import PASS_DIRECTIONS
from cardtable.games.hearts.kernel import points as _points

__all__ = ["HeartsObservation", "CompletedTrick", "pass_direction_for_hand", "card_points"]


@dataclass(frozen=True)
class CompletedTrick:
    """A finished trick: ``plays`` as ``(seat, card)`` in play order, its ``winner``
    and the penalty ``points`` it carried.

    >>> t = CompletedTrick(((0, Card.parse("2C")), (1, Card.parse("QS"))), 0, 13)
    >>> t.cards
    (Card.parse('2C'), Card.parse('QS'))
    """

    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return tuple(card for _, card in self.plays)


@dataclass(frozen=True)
class HeartsObservation(Observation):
    """What one seat knows in Hearts (the shared fields are in :class:`Observation`).

    - ``phase``: ``"pass"`` (choosing cards to pass), ``"play"`` or ``"over"``.
    - ``hand_number``: the hand being played, from 1 (same as ``round``).
    - ``pass_direction``: ``"left"``, ``"right"``, ``"across"`` or ``"none"`` this hand;
      ``pass_target``: the seat this seat passes to (``None`` in a no-pass hand).
    - ``passed_seats``: the seats that have already chosen their pass this hand.
    - ``cards_given``: the three cards this seat chose to pass (empty until it chose);
      ``cards_received``: the three it received (empty until all four have passed).
    - ``trick``: the current trick as ``(seat, card)`` in play order; ``leader``: who
      led it (or leads next); ``lead_suit``: the suit led, or ``None``;
      ``trick_number``: the trick being played, 1 to 13.
    - ``last_trick``: the previous trick of this hand as a :class:`CompletedTrick`, or
      ``None``; ``tricks_played``: every finished trick of this hand, in order.
    - ``tricks_taken`` / ``points_taken``: per seat, tricks and penalty points taken
      this hand so far (before the moon rule).
    - ``hearts_broken``: whether a heart has been played this hand.
    - ``hand_scores``: per completed hand, each seat's points after the moon rule;
      ``moon_shooters``: per completed hand, the seat that shot the moon or ``None``;
      ``scores`` (shared field): the running totals; ``target``: the score that ends
      the game.
    """

    SEAT_PRIVATE: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {**Observation.SEAT_PRIVATE, "pass_target": None, "cards_given": (), "cards_received": ()}
    )

    phase: str
    hand_number: int
    pass_direction: str
    pass_target: int | None
    passed_seats: tuple[int, ...]
    cards_given: tuple[Card, ...]
    cards_received: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    lead_suit: Suit | None
    trick_number: int
    last_trick: CompletedTrick | None
    tricks_played: tuple[CompletedTrick, ...]
    tricks_taken: tuple[int, ...]
    points_taken: tuple[int, ...]
    hearts_broken: bool
    hand_scores: tuple[tuple[int, ...], ...]
    moon_shooters: tuple[int | None, ...]
    target: int


def pass_direction_for_hand(hand_number: int) -> str:
    """The pass direction of hand ``hand_number`` (from 1).

    >>> [pass_direction_for_hand(n) for n in range(1, 6)]
    ['left', 'right', 'across', 'none', 'left']
    """
    return PASS_DIRECTIONS[(hand_number - 1) % 4]


def card_points(cards: int | Card | tuple[Card, ...] | list[Card]) -> int:
    """Penalty points of some cards (a card, a list of cards, or a bitmask).

    >>> card_points(Card.parse("QS")), card_points([Card.parse("2H"), Card.parse("AS")])
    (13, 1)
    """
    if isinstance(cards, Card):
        mask = cards.mask
    elif isinstance(cards, int):
        mask = cards
    else:
        mask = 0
        for card in cards:
            mask |= card.mask
    return _points(mask)
