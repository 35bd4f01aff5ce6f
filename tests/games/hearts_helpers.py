"""Shared helpers for the Hearts tests: exact deals, scripted play, snapshots.

Every scenario is built from four explicit 13-card hands, so the tests say exactly
which cards each seat holds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from cardtable.cards import ALL_CARDS, Card, cards_to_mask, parse_cards
from cardtable.games.hearts import RULES, HeartsState

FULL_MASK = (1 << 52) - 1

# Every seat holds some of every suit: seat = (rank - 2 - suit) % 4.
MIXED = (
    "2C 6C TC AC 3D 7D JD 4H 8H QH 5S 9S KS",
    "3C 7C JC 4D 8D QD 5H 9H KH 2S 6S TS AS",
    "4C 8C QC 5D 9D KD 2H 6H TH AH 3S 7S JS",
    "5C 9C KC 2D 6D TD AD 3H 7H JH 4S 8S QS",
)

# Seat 1 has no clubs, but hearts, the QS and other cards.
VOID_IN_CLUBS = (
    "2C 3C 6C 7C TC JC AC 4H 8H QH 5S 9S KS",
    "3D 4D 7D 8D JD QD 5H 9H KH 2S 6S TS QS",
    "4C 8C QC 5D 9D KD 2H 6H TH AH 3S 7S JS",
    "5C 9C KC 2D 6D TD AD 3H 7H JH 4S 8S AS",
)

# Seat 1 has nothing but hearts and the QS.
ONLY_PENALTY_CARDS = (
    "2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 2S 3S 4S",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
    "8C 9C TC JC 6D 7D 8D 9D TD 5S 6S 7S 8S",
    "QC KC AC JD QD KD AD 9S TS JS KS AS AH",
)

# Seat 2 wins the first trick with the AC and then holds only hearts.
HEARTS_ONLY_LEADER = (
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 2S 3S 4S 5S",
    "6C 7C 8C 9C 7D 8D 9D TD JD 6S 7S 8S 9S",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "TC JC QC KC QD KD AD TS JS QS KS AS AH",
)

# As above, but seat 2 holds the QS instead of the KH.
QUEEN_AND_HEARTS_LEADER = (
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 2S 3S 4S 5S",
    "6C 7C 8C 9C 7D 8D 9D TD JD 6S 7S 8S 9S",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH QS",
    "TC JC QC KC QD KD AD TS JS KH KS AS AH",
)

# One suit per seat: seat 0 leads clubs and wins every trick (it shoots the moon).
ONE_SUIT_EACH = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)

# With TIE_TRICKS, seat 0 takes 20 points, seat 1 takes 6, seats 2 and 3 none.
SPLIT_POINTS = (
    "2C 3C 4C 5C 6C 7C 8D 9D TD JD QD KD AD",
    "8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D 7D",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
)
SPLIT_POINTS_TRICKS = (
    "2C 8C 2S 2H",  # seat 1 wins: 1 point
    "2D QS 3H 8D",  # seat 0 wins: 14
    "9D 3D 3S 4H",
    "TD 4D 4S 5H",
    "JD 5D 5S 6H",
    "QD 6D 6S 7H",
    "KD 7D 7S 8H",
    "AD 9C 8S 9H",  # seat 0 now has 20
    "3C TC 9S TH",  # seat 1 wins the rest
    "JC TS JH 4C",
    "QC JS QH 5C",
    "KC KS KH 6C",
    "AC AS AH 7C",
)


def deal_order(hands: Sequence[str]) -> list[Card]:
    """The deck that deals these four hands, one card at a time from seat 0.

    >>> [str(c) for c in deal_order(MIXED)[:5]]
    ['2C', '3C', '4C', '5C', '6C']
    """
    parsed = [parse_cards(hand) for hand in hands]
    assert [len(h) for h in parsed] == [13] * 4, "each hand needs 13 cards"
    return [parsed[position % 4][position // 4] for position in range(52)]


def new_game(hands: Sequence[str], **options: object) -> HeartsState:
    """A game whose first deal gives exactly these hands (the pass is still to come)."""
    state = RULES.new_game(players=4, seed=1, deck=deal_order(hands), **options)
    assert isinstance(state, HeartsState)
    return state


def passes_for(final_hands: Sequence[str]) -> list[str]:
    """The left passes used by :func:`ready_to_play`: each seat passes the three
    highest cards of the next seat's final hand."""
    passes = []
    for seat in range(4):
        following = sorted(parse_cards(final_hands[(seat + 1) % 4]))
        passes.append(" ".join(str(c) for c in following[-3:]))
    return passes


def ready_to_play(final_hands: Sequence[str], **options: object) -> HeartsState:
    """A game in the play phase of hand 1 whose hands are exactly ``final_hands``.

    The first deal is built so that, after the hand-1 pass to the left (each seat
    passes the cards in :func:`passes_for`), every seat holds its final hand.
    """
    finals = [cards_to_mask(parse_cards(hand)) for hand in final_hands]
    passes = [cards_to_mask(parse_cards(p)) for p in passes_for(final_hands)]
    dealt = []
    for seat in range(4):
        mask = (finals[seat] & ~passes[(seat - 1) % 4]) | passes[seat]
        dealt.append(" ".join(str(ALL_CARDS[i]) for i in range(52) if mask >> i & 1))
    state = new_game(dealt, **options)
    for seat in range(4):
        assert state.current_player == seat
        state.apply("give " + passes_for(final_hands)[seat])
    for seat in range(4):
        assert cards_to_mask(state.hand(seat)) == finals[seat]
    return state


def play_cards(state: HeartsState, cards: str) -> None:
    """Play these cards one after another, each by whoever's turn it is."""
    for card in cards.split():
        state.apply(card)


def play_tricks(state: HeartsState, tricks: Sequence[str]) -> None:
    """Play whole tricks, each a string of four cards in play order."""
    for trick in tricks:
        play_cards(state, trick)


def play_first_legal(state: HeartsState, actions: int) -> None:
    """Play ``actions`` actions, always the first legal one."""
    for _ in range(actions):
        state.apply(state.legal_actions()[0])


def codes(cards: Sequence[object]) -> list[str]:
    """Card or action codes as strings, for readable assertions."""
    return [str(c) for c in cards]


def snapshot(state: HeartsState) -> str:
    """Everything that must stay unchanged when an action is refused."""
    seat = state.current_player
    data = {
        "save": state.to_json(),
        "hands": [codes(state.hand(s)) for s in range(4)],
        "legal": codes(state.legal_actions()),
        "observation": state.observation(seat if seat is not None else 0).to_dict(),
        "outcome": state.outcome().to_dict(),
        "events": len(state.events),
    }
    return json.dumps(data, sort_keys=True)


def check_cards_accounted(state: HeartsState) -> None:
    """All 52 cards are in exactly one place: a hand, a pass, the trick, or taken."""
    places = state.card_locations()
    union = 0
    total = 0
    for mask in places.values():
        union |= mask
        total += mask.bit_count()
    assert union == FULL_MASK and total == 52, places
