"""Rebuilding a Hearts game from one seat's observation and a guess of the hidden hands:
what a searching bot plays out.  :meth:`HeartsState.from_observation
<cardtable.games.hearts.HeartsState.from_observation>` checks the guess
(:func:`checked_guess`) and restores the kernel table (:func:`rebuilt_table`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardtable.cards import ALL_CARDS, Card
from cardtable.engine.actions import Action
from cardtable.engine.state import check_guessed_hands
from cardtable.games.hearts import kernel
from cardtable.games.hearts.kernel import PASS_OFFSETS
from cardtable.games.hearts.observation import HeartsObservation

__all__ = ["checked_guess", "rebuilt_table", "public_action"]


def _cards_mask(cards: Any) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


# Stands for a pass the observer never saw (see ``HeartsState.from_observation``).
_UNSEEN_GIVE = Action("give", tuple(Card.parse(code) for code in ("2C", "3C", "4C")))


def public_action(text: str) -> Action:
    """The action of a history entry as a seat saw it: a pass it never saw (``give ? ? ?``)
    stands for a placeholder pass."""
    if text.startswith("give ?"):
        return _UNSEEN_GIVE
    return Action.parse(text)


def checked_guess(observation: HeartsObservation, hands: Sequence[int | Iterable[Card]]) -> list[int]:
    """The guessed hands as masks, once they agree with what ``observation`` shows: the
    observer's own hand, the public sizes, and with the cards played this hand every
    card once.  Otherwise :class:`ValueError` says what is wrong; only a hand being
    played (phase ``play``) of a seat's observation can be rebuilt."""
    if observation.phase != "play":
        raise ValueError(f"only a hand being played can be rebuilt, not the {observation.phase} phase")
    if observation.seat is None:
        raise ValueError("only a seat's observation can be rebuilt, not a spectator's")
    played = _cards_mask(card for trick in observation.tricks_played for card in trick.cards)
    played |= _cards_mask(card for _, card in observation.trick)
    return check_guessed_hands(observation, hands, [played], (1 << len(ALL_CARDS)) - 1)


def rebuilt_table(observation: HeartsObservation, hands: list[int]) -> kernel.Table:
    """The kernel table of ``observation`` (a hand being played) with the hands of a
    :func:`checked_guess`: totals, this hand's tricks and the current one, who leads,
    whether hearts are broken, the observer's pass."""
    seat = observation.seat
    assert seat is not None, "checked_guess refuses a spectator's observation"
    table = kernel.new_table(observation.target)
    table.totals = list(observation.scores)
    table.hand_number = observation.hand_number
    table.hands = hands
    table.offset = PASS_OFFSETS[observation.pass_direction]
    table.chosen[seat] = _cards_mask(observation.cards_given)
    table.received[seat] = _cards_mask(observation.cards_received)
    for trick in observation.tricks_played:
        table.won[trick.winner] |= _cards_mask(trick.cards)
    table.tricks_taken = list(observation.tricks_taken)
    table.trick_seats = [s for s, _ in observation.trick]
    table.trick_cards = [card.index for _, card in observation.trick]
    table.hearts_broken = observation.hearts_broken
    table.trick_number = len(observation.tricks_played)
    table.phase = kernel.PLAY
    table.passed = kernel.SEATS
    table.leader = observation.leader
    table.current = observation.current_player
    return table
