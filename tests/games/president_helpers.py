"""Helpers for the President tests: exact deals from the hands a scenario needs.

>>> deck = deck_for_hands(["3C 3D", "4C", "5C"], fill=True)
>>> len(deck), deck[:3]
(52, ['3C', '4C', '5C'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.cards import FULL_DECK, Card, parse_cards
from cardtable.games.president import RULES, PresidentState


def hand_sizes(players: int) -> list[int]:
    """How many cards each seat gets: the lowest seats get the extra ones."""
    return [52 // players + (1 if seat < 52 % players else 0) for seat in range(players)]


def deck_for_hands(hands: Sequence[str], fill: bool = False) -> list[str]:
    """The deal order (one card at a time from seat 0) that gives each seat its hand.

    With ``fill``, hands may be partial: the cards nobody named are handed out in
    card-index order, round-robin over the seats that still need cards, so the deal
    is still exact and the same every time.
    """
    players = len(hands)
    sizes = hand_sizes(players)
    parsed = [parse_cards(hand) for hand in hands]
    used = [card for hand in parsed for card in hand]
    if len(set(used)) != len(used):
        raise ValueError("a card is in two hands")
    if fill:
        rest = [card for card in FULL_DECK if card not in set(used)]
        seat = 0
        for card in rest:
            while len(parsed[seat]) >= sizes[seat]:
                seat = (seat + 1) % players
            parsed[seat].append(card)
            seat = (seat + 1) % players
    for seat, hand in enumerate(parsed):
        if len(hand) != sizes[seat]:
            raise ValueError(f"seat {seat} needs {sizes[seat]} cards, has {len(hand)}")
    deck: list[str] = []
    for i in range(max(sizes)):
        for seat in range(players):
            if i < len(parsed[seat]):
                deck.append(str(parsed[seat][i]))
    return deck


def new_game(hands: Sequence[str], fill: bool = True, seed: int = 0, **options: object) -> PresidentState:
    """A President game whose first deal gives these hands."""
    state = RULES.new_game(players=len(hands), seed=seed, deck=deck_for_hands(hands, fill), **options)
    assert isinstance(state, PresidentState)
    return state


def run(state: PresidentState, moves: Iterable[tuple[int, str]]) -> None:
    """Apply ``(seat, action)`` moves, checking that each seat is the one to act."""
    for seat, action in moves:
        assert state.current_player == seat, f"expected seat {seat} to act before {action!r}, not seat {state.current_player}"
        state.apply(action)


def codes(cards: Iterable[Card | object]) -> list[str]:
    """Cards or actions as their notation."""
    return [str(card) for card in cards]


def play_first_legal_until(state: PresidentState, done) -> None:  # type: ignore[no-untyped-def]
    """Apply the first legal action until ``done(state)`` (a deterministic playout)."""
    for _ in range(10_000):
        if done(state):
            return
        state.apply(state.legal_actions()[0])
    raise AssertionError("playout did not reach the condition")


def finish_round(state: PresidentState) -> None:
    """Play the current round to its end with the first legal action each time."""
    played = len(state.outcome().rounds)
    play_first_legal_until(state, lambda s: len(s.outcome().rounds) > played)
