"""The card masks and bit helpers the Hearts bots share.

A hand is a bitmask of card indexes; card ``i`` is of rank ``(i >> 2) + 2`` and suit
``i & 3`` (clubs, diamonds, hearts, spades), so within a suit a higher card has a higher
index.
"""

from __future__ import annotations

from cardtable.cards import SUIT_MASKS, Card
from cardtable.games.hearts import kernel
from cardtable.games.hearts.kernel import QUEEN_OF_SPADES

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "HEARTS_MASK",
    "SPADES_MASK",
    "QS",
    "KS",
    "AS",
    "QS_INDEX",
    "EVERY_CARD",
    "BELOW",
    "rank_of",
    "lowest",
    "highest",
]

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
HEARTS_MASK = kernel.HEARTS
SPADES_MASK = SUIT_MASKS[SPADES]
QS = QUEEN_OF_SPADES
KS = Card.parse("KS").mask
AS = Card.parse("AS").mask
QS_INDEX = Card.parse("QS").index
EVERY_CARD = (1 << 52) - 1
# BELOW[i]: every card with a lower index, hence, within one suit, every lower card.
BELOW = tuple((1 << i) - 1 for i in range(52))


def rank_of(index: int) -> int:
    """The rank of card ``index`` (2 to 14).

    >>> rank_of(Card.parse("QS").index)
    12
    """
    return (index >> 2) + 2


def lowest(mask: int) -> int:
    """The index of the lowest card of ``mask`` (-1 if it is empty)."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The index of the highest card of ``mask`` (-1 if it is empty)."""
    return mask.bit_length() - 1
