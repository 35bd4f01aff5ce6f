"""The lowest trump that decides who opens a Durak round is shown to everyone: it is
public knowledge (every seat's ``known_cards``) until its holder plays it, and a deal
rebuilt for search must agree with it (the opener holds it, and nobody who has not
drawn since the deal holds a lower trump, since it was the lowest dealt)."""

from __future__ import annotations

import pytest

from cardtable.cards import ALL_CARDS, Card
from cardtable.games import get_rules
from cardtable.games.durak import DurakState
from tests.games.durak_helpers import new_game

# Seed 0, heads-up: spades are trumps (AS face up), seat 0 holds 7S and opens; 6S, the
# one lower trump, is in the stock.
SEVEN = Card.parse("7S")
SIX = Card.parse("6S")


def heads_up() -> DurakState:
    state = get_rules("durak").new_game(players=2, seed=0)
    assert state.current_player == 0 and state.trump_idx == Card.parse("AS").index
    assert SEVEN in state.hand(0) and SIX.index in state.stock
    return state


def hidden_stock(state: DurakState) -> list[Card]:
    return [ALL_CARDS[i] for i in state.stock[state.stock_pos : -1]]


def swap(hand: int, out: Card, into: Card) -> int:
    return hand & ~out.mask | into.mask


def test_the_shown_trump_is_known_to_every_seat_until_played() -> None:
    state = heads_up()
    for seat in (0, 1):
        assert state.observation(seat).known_cards == ((SEVEN,), ())
    state.apply("attack 7S")
    assert all(SEVEN not in cards for cards in state.observation(1).known_cards)


def test_the_shown_trump_stays_known_while_other_cards_are_played() -> None:
    state = heads_up()
    state.apply("attack 6C")
    assert state.observation(1).known_cards[0] == (SEVEN,)


def test_a_deal_without_the_shown_trump_in_the_openers_hand_is_refused() -> None:
    state = heads_up()
    seen = state.observation(1)
    stock = hidden_stock(state)
    replacement = stock[0]
    hands = [swap(state.hands[0], SEVEN, replacement), state.hands[1]]
    stock[0] = SEVEN
    with pytest.raises(ValueError, match="7S"):
        DurakState.from_observation(seen, hands, stock=stock)


def test_a_deal_with_a_trump_lower_than_the_shown_one_is_refused() -> None:
    state = heads_up()
    stock = hidden_stock(state)
    at = stock.index(SIX)
    # The observer (seat 0) guesses that seat 1 was dealt 6S, lower than the shown 7S.
    given_up = ALL_CARDS[(state.hands[1] & -state.hands[1]).bit_length() - 1]
    stock[at] = given_up
    with pytest.raises(ValueError, match="6S"):
        DurakState.from_observation(
            state.observation(0), [state.hands[0], swap(state.hands[1], given_up, SIX)], stock=stock
        )
    # Nor may the opener hold one beside the shown one (seen from seat 1).
    stock = hidden_stock(state)
    given_up = Card.parse("6C")
    stock[at] = given_up
    with pytest.raises(ValueError, match="6S"):
        DurakState.from_observation(
            state.observation(1), [swap(state.hands[0], given_up, SIX), state.hands[1]], stock=stock
        )


def test_the_true_deal_is_accepted_from_every_seat() -> None:
    state = heads_up()
    for seat in (0, 1):
        seen = state.observation(seat)
        rebuilt = DurakState.from_observation(seen, state.hands, stock=hidden_stock(state))
        assert rebuilt.observation(seat) == seen


def test_a_lower_trump_drawn_after_the_deal_is_accepted() -> None:
    # Heads-up, hearts trump (AH face up): seat 0 opens with the shown 8H; 6H is the
    # second card of the stock, so the defender draws it after the first bout.
    state = new_game(
        ["8H 6C 8C 9C TC JC", "7C 8D 9D TD JD QD"], "AH", "6S 6H 7S 8S 9S TS 7H JS QS KS"
    )
    assert state.observation(1).known_cards[0] == (Card.parse("8H"),)
    for action in ("attack 6C", "defend 6C 7C", "pass"):
        state.apply(action)
    assert Card.parse("6H") in state.hand(1)
    for seat in (0, 1):
        seen = state.observation(seat)
        rebuilt = DurakState.from_observation(seen, state.hands, stock=hidden_stock(state))
        assert rebuilt.observation(seat) == seen


def test_nobody_holds_a_trump_when_none_was_shown() -> None:
    # Heads-up, no trump dealt (clubs, 6C face up): seat 0 opens, and no deal may give
    # a seat that has not drawn a club.
    state = new_game(
        ["6D 7D 8D 9D TD JD", "6S 7S 8S 9S TS JS"], "6C", "6H 7H 8H 9H TH JH 7C 8C 9C TC"
    )
    assert not [e for e in state.events if e.kind == "lowest_trump"]
    stock = hidden_stock(state)
    seven = Card.parse("7C")
    at = stock.index(seven)
    stock[at] = Card.parse("6D")
    with pytest.raises(ValueError, match="7C"):
        DurakState.from_observation(
            state.observation(1), [swap(state.hands[0], Card.parse("6D"), seven), state.hands[1]], stock=stock
        )
