"""Hearts' notation: the :class:`~cardtable.engine.actions.Action` objects of plays and
passes, each made once, and :class:`PassChoices`, the lazy sequence of a hand's passes.

``legal_actions()`` hands out these very objects, so ``apply`` knows one it offered
without checking it again.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from cardtable.cards import ALL_CARDS, SUIT_MASKS, iter_bits, mask_to_cards
from cardtable.engine.actions import Action
from cardtable.games.hearts import kernel

__all__ = ["PassChoices", "play_action", "give_action"]

NUM_SEATS = kernel.SEATS

# Cached actions: one per card to play, one per 3-card pass (filled on first use).
PLAYS: tuple[Action, ...] = tuple(Action("play", (card,)) for card in ALL_CARDS)
GIVES: dict[int, Action] = {}
# The plays of a set of playable cards of one suit (following suit: most plays), filled
# on first use; at most 4 * 2**13 sets.
SUIT_PLAYS: dict[int, tuple[Action, ...]] = {}

# A card played is written down as one small int, ``seat << 6 | card index`` (below 256:
# Python keeps those ints made, so a play allocates nothing), until it becomes events.
# Its history entry is shared too: ``SEAT_PLAYS[seat << 6 | index]`` is
# ``(seat, play_action(index))``, an immutable tuple made once.
SEAT_PLAYS: tuple[tuple[int, Action], ...] = tuple(
    (move >> 6, PLAYS[move & 63]) if move & 63 < len(ALL_CARDS) else None  # type: ignore[misc]
    for move in range(NUM_SEATS << 6)
)

_FULL = (1 << 52) - 1

# The plays of the cards of each byte of a 52-card mask: seven tables of 256 tuples.
_BYTE_PLAYS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(PLAYS[card.index] for card in mask_to_cards(byte << 8 * chunk & _FULL)) for byte in range(256))
    for chunk in range(7)
)


def _plays_of(mask: int) -> list[Action]:
    """The play actions of the cards of ``mask``, in card-index order.

    >>> [str(play) for play in _plays_of(0b1011 | 1 << 51)]
    ['2C', '2D', '2S', 'AS']
    """
    plays = SUIT_PLAYS.get(mask)
    if plays is not None:
        return [*plays]
    return listed_plays(mask)


def listed_plays(mask: int) -> list[Action]:
    """:func:`_plays_of` when the cache does not have ``mask`` (and fills it for one suit)."""
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_PLAYS
    listed = [
        *b0[mask & 255],
        *b1[mask >> 8 & 255],
        *b2[mask >> 16 & 255],
        *b3[mask >> 24 & 255],
        *b4[mask >> 32 & 255],
        *b5[mask >> 40 & 255],
        *b6[mask >> 48],
    ]
    if not mask & ~SUIT_MASKS[(mask & -mask).bit_length() - 1 & 3]:
        SUIT_PLAYS[mask] = tuple(listed)
    return listed


def _give_action(mask: int) -> Action:
    action = GIVES.get(mask)
    if action is None:
        action = GIVES[mask] = Action.of_mask("give", mask)
    return action


def play_action(index: int) -> Action:
    """The action that plays the card of index ``index``: the same object every time, as
    ``legal_actions()`` hands out (so ``apply`` knows it without checking it again).

    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=1)
    >>> for _ in range(4):
    ...     state.apply(state.legal_actions()[0])
    >>> str(play_action(0)), state.legal_actions()[0] is play_action(0)
    ('2C', True)
    """
    return PLAYS[index]


def give_action(mask: int) -> Action:
    """The action that passes the three cards of ``mask``: the same object every time, as
    ``legal_actions()`` hands out.

    >>> str(give_action(0b111))
    'give 2C 2D 2H'
    """
    return GIVES.get(mask) or _give_action(mask)


def mask_codes(mask: int) -> str:
    return " ".join(ALL_CARDS[i].code for i in iter_bits(mask))


# How many passes a hand of n cards has, n from 0 to 13.
_PASS_COUNTS: tuple[int, ...] = tuple(kernel.pass_count((1 << n) - 1) for n in range(kernel.HAND_SIZE + 1))


class PassChoices(Sequence[Action]):
    """The legal passes of one hand: every three of its cards, as ``give`` actions, in
    lexicographic card-index order (``give 2C 2D 2H`` first).

    A lazy sequence, like python-chess's ``LegalMoveGenerator``: ``len()``, indexing
    and ``in`` work without building the other actions, iterating yields them one by
    one, and slicing gives a list.  It compares equal to any sequence of the same
    actions in the same order.

    >>> from cardtable.cards import cards_to_mask, parse_cards
    >>> choices = PassChoices(cards_to_mask(parse_cards("2C 3C 4C 5C")))
    >>> len(choices), [str(a) for a in choices[:2]], str(choices[-1])
    (4, ['give 2C 3C 4C', 'give 2C 3C 5C'], 'give 3C 4C 5C')
    >>> Action.parse("give 5C 2C 4C") in choices, choices == list(choices)
    (True, True)
    """

    __slots__ = ("hand", "_count")

    def __init__(self, hand: int) -> None:
        self.hand = hand
        """The hand the cards are chosen from, as a bitmask."""
        self._count = _PASS_COUNTS[hand.bit_count()]

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if type(index) is int and 0 <= index < self._count:  # a random choice: every pass of a simulation
            mask = kernel.pass_choice(self.hand, index)
            return GIVES.get(mask) or _give_action(mask)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("pass choice index out of range")
        mask = kernel.pass_choice(self.hand, index)
        return GIVES.get(mask) or _give_action(mask)

    def __iter__(self) -> Iterator[Action]:
        get = GIVES.get
        for mask in kernel.pass_choices(self.hand):
            yield get(mask) or _give_action(mask)

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Action)
            and action.kind == "give"
            and kernel.pass_rank(self.hand, action.mask) >= 0
        )

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        rank = kernel.pass_rank(self.hand, action.mask) if action in self else -1
        if rank < 0 or rank < start or (stop is not None and rank >= stop):
            raise ValueError(f"{action} is not a legal pass here")
        return rank

    def count(self, action: Any) -> int:
        return 1 if action in self else 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PassChoices):
            return other.hand == self.hand
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == self._count and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<PassChoices of {mask_codes(self.hand)}: {self._count} passes>"
