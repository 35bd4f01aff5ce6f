"""Helpers for the Durak tests: exact deals and short-hand play."""

from __future__ import annotations

from cardtable.cards import SHORT_DECK, Card, parse_cards
from cardtable.engine.actions import Action
from cardtable.games import get_rules
from cardtable.games.durak import DurakState

RULES = get_rules("durak")


def deal_order(hands: list[str], trump: str | None = None, stock: str = "") -> list[Card]:
    """The explicit deck that deals ``hands`` (6 cards per seat, one at a time from seat 0).

    Then comes the face-up ``trump`` (it goes under the stock, so it is drawn last), then
    ``stock`` from the top, then every other card in index order.  With 6 players the
    whole deck is dealt and the last card of seat 5's hand is the trump.
    """
    parsed = [parse_cards(hand) for hand in hands]
    players = len(parsed)
    assert all(len(hand) == 6 for hand in parsed), "six cards per hand"
    dealt = [parsed[i % players][i // players] for i in range(6 * players)]
    if players == 6:
        assert trump is None or Card.parse(trump) is dealt[-1]
        return dealt
    assert trump is not None
    face_up = Card.parse(trump)
    top = parse_cards(stock)
    used = set(dealt) | {face_up} | set(top)
    assert len(used) == len(dealt) + 1 + len(top), "a card is used twice"
    return dealt + [face_up] + top + [card for card in SHORT_DECK if card not in used]


def new_game(hands: list[str], trump: str | None = None, stock: str = "", **options: int) -> DurakState:
    """A game dealt exactly as :func:`deal_order` says."""
    state = RULES.new_game(len(hands), seed=1, deck=deal_order(hands, trump, stock), **options)
    assert isinstance(state, DurakState)
    return state


def play(state: DurakState, *moves: str) -> None:
    """Apply ``"seat: action"`` moves, checking that each seat is the one to act."""
    for move in moves:
        seat_text, action = move.split(":")
        assert state.current_player == int(seat_text), (
            f"expected seat {seat_text} to act for {action!r}, but seat {state.current_player} is"
        )
        state.apply(action.strip())


def cards(text: str) -> tuple[Card, ...]:
    """Cards in index order, as ``state.hand()`` returns them."""
    return tuple(sorted(parse_cards(text)))


def texts(actions: list[Action]) -> list[str]:
    """The notation of each action, in order."""
    return [str(action) for action in actions]


# Six players, no stock: three bouts in which both players go out (see test docstrings).
# Seat 5 keeps the face-up trump 6S (the lowest trump), so seat 5 attacks seat 0 first.
SIX_DRAW_HANDS = [
    "7S 8C 9D TH JC QD",  # seat 0: beats seat 5's chain in bout 1
    "6C 6D 6H TS JH QC",  # seat 1: attacks seat 2 in bout 2
    "9C TD 7H JS QH KC",  # seat 2: beats seat 1's chain
    "7D KH AC 8H AD KS",  # seat 3: attacks seat 4 in bout 3
    "KD AH 8S 9S QS AS",  # seat 4: beats seat 3's chain
    "7C 8D 9H TC JD 6S",  # seat 5: dealt last, so 6S is the face-up trump
]
SIX_BOUT_1 = (
    "5: attack 6S", "0: defend 6S 7S", "5: attack 7C", "0: defend 7C 8C",
    "5: attack 8D", "0: defend 8D 9D", "5: attack 9H", "0: defend 9H TH",
    "5: attack TC", "0: defend TC JC", "5: attack JD", "0: defend JD QD",
)
SIX_BOUT_2 = (
    "1: attack 6C", "2: defend 6C 9C", "1: attack 6D", "2: defend 6D TD",
    "1: attack 6H", "2: defend 6H 7H", "1: attack TS", "2: defend TS JS",
    "1: attack JH", "2: defend JH QH", "1: attack QC", "2: defend QC KC",
)
SIX_BOUT_3_UNTIL_LAST = (
    "3: attack 7D", "4: defend 7D KD", "3: attack KH", "4: defend KH AH",
    "3: attack AC", "4: defend AC 8S", "3: attack 8H", "4: defend 8H 9S",
    "3: attack AD", "4: defend AD QS", "3: attack KS",
)
