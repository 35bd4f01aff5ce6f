"""Cards, suits, ranks, decks, rank orders and card notation.

A card's canonical notation is its rank then its suit: ranks ``2``-``9``, ``T``,
``J``, ``Q``, ``K``, ``A``; suits ``C``, ``D``, ``H``, ``S``.

>>> Card.parse("QS")
Card.parse('QS')
>>> str(Card.parse("10♥"))
'TH'
>>> [str(c) for c in parse_cards("2c q♠")]
['2C', 'QS']

Internally every card is a small integer, ``index = (rank - 2) * 4 + suit``, so a set
of cards is a bitmask (bit ``index`` set).  The rules modules work on those masks;
the :class:`Card` objects are interned, so ``Card.parse("QS") is Card.parse("qs")``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from enum import IntEnum
from typing import Any

from cardtable.errors import InvalidCardError, InvalidDeckError, one_line, quoted

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "RankOrder",
    "ALL_CARDS",
    "FULL_DECK",
    "SHORT_DECK",
    "SUIT_MASKS",
    "RANK_MASKS",
    "parse_cards",
    "cards_to_mask",
    "mask_to_cards",
    "iter_bits",
    "make_deck",
    "shuffled",
    "shuffle",
    "resolve_deck",
    "format_cards",
]


class Suit(IntEnum):
    """The four suits, in the order used for sorting and for card indexes."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter notation: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (any case) or symbol.

        >>> Suit.parse("h"), Suit.parse("♠")
        (<Suit.HEARTS: 2>, <Suit.SPADES: 3>)
        """
        suit = _SUIT_TOKENS.get(text.strip().upper())
        if suit is None:
            raise InvalidCardError(f"{quoted(text)} is not a suit (use C, D, H, S or ♣ ♦ ♥ ♠)")
        return suit


class Rank(IntEnum):
    """Ranks by face value, two to ace.  Which rank beats which is a :class:`RankOrder`."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The one-character notation: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """How a person reads the rank: as :attr:`letter`, but ``10`` for the ten."""
        return "10" if self is Rank.TEN else self.letter

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank: ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A`` (any case).

        >>> Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
        """
        rank = _RANK_TOKENS.get(text.strip().upper())
        if rank is None:
            raise InvalidCardError(f"{quoted(text)} is not a rank (use 2-9, T or 10, J, Q, K, A)")
        return rank


_SUIT_TOKENS: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_TOKENS[_suit.letter] = _suit
    _SUIT_TOKENS[_suit.symbol] = _suit
# Emoji-style variants that some keyboards and terminals produce.
_SUIT_TOKENS.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
_RANK_TOKENS: dict[str, Rank] = {rank.letter: rank for rank in Rank}
_RANK_TOKENS["10"] = Rank.TEN


class Card:
    """An immutable playing card.

    Cards are interned: there is exactly one object per card, so identity, equality
    and hashing all agree.  Sorting follows the card index: by face value (2 to ace),
    then by suit (clubs, diamonds, hearts, spades).

    >>> Card(Rank.QUEEN, Suit.SPADES) is Card.parse("QS")
    True
    >>> Card.parse("QS").index, Card.parse("QS").mask == 1 << 43
    (43, True)
    """

    __slots__ = ("rank", "suit", "index", "mask", "_code")

    rank: Rank
    suit: Suit
    index: int
    mask: int
    _code: str

    def __new__(cls, rank: int, suit: int) -> Card:
        try:
            rank_value, suit_value = int(rank), int(suit)
        except (ValueError, TypeError):
            rank_value = suit_value = -1
        # Checked separately: a bad rank or suit must not wrap around to another card.
        if not (2 <= rank_value <= 14 and 0 <= suit_value <= 3):
            raise InvalidCardError(f"no card has rank {quoted(rank)} and suit {quoted(suit)}")
        return ALL_CARDS[(rank_value - 2) * 4 + suit_value]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        rank, suit = Rank(index // 4 + 2), Suit(index % 4)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "mask", 1 << index)
        object.__setattr__(card, "_code", rank.letter + suit.letter)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0 = ``2C`` ... 51 = ``AS``)."""
        if not 0 <= index < 52:
            raise InvalidCardError(f"card index {index} is outside 0..51")
        return ALL_CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse one card: ``QS``, ``TH``, ``10H``, lowercase, or with a suit symbol.

        >>> Card.parse("10♥") is Card.parse("th")
        True
        >>> Card.parse("1S")
        Traceback (most recent call last):
        ...
        cardtable.errors.InvalidCardError: '1S' is not a card: '1' is not a rank (use 2-9, T or 10, J, Q, K, A)
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCardError(f"{quoted(text)} is not a card")
        token = text.strip()
        cached = _PARSE_CACHE.get(token)
        if cached is not None:
            return cached
        # A card is two or three characters; anything else ("jump") gets the general hint.
        if not 2 <= len(token) <= 3:
            raise InvalidCardError(f"{quoted(text)} is not a card (write rank then suit, like QS or 10H)",
                                   one_line(token))
        try:
            rank = Rank.parse(token[:-1])
            suit = Suit.parse(token[-1])
        except InvalidCardError as exc:
            raise InvalidCardError(f"{quoted(text)} is not a card: {exc}", one_line(token)) from None
        return ALL_CARDS[(rank - 2) * 4 + suit]

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card.parse({self._code!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other.index == self.index)

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    @property
    def code(self) -> str:
        """The canonical notation, as ``str(card)``."""
        return self._code

    def label(self, ascii_only: bool = False) -> str:
        """How a person reads the card: ``10♥``, or ``10H`` with ``ascii_only``.

        >>> Card.parse("TH").label(), Card.parse("TH").label(ascii_only=True)
        ('10♥', '10H')
        """
        return self.rank.label + (self.suit.letter if ascii_only else self.suit.symbol)


ALL_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))
"""Every card, indexed by :attr:`Card.index`."""

_PARSE_CACHE: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _rank_text in {_card.rank.letter, _card.rank.label}:
        for _suit_text in (_card.suit.letter, _card.suit.symbol):
            for _variant in {_rank_text + _suit_text, (_rank_text + _suit_text).lower()}:
                _PARSE_CACHE[_variant] = _card

FULL_DECK: tuple[Card, ...] = ALL_CARDS
"""The 52-card deck, in index order."""

SHORT_DECK: tuple[Card, ...] = tuple(c for c in ALL_CARDS if c.rank >= Rank.SIX)
"""The 36-card deck (six to ace), in index order."""

SUIT_MASKS: tuple[int, ...] = tuple(
    sum(c.mask for c in ALL_CARDS if c.suit == suit) for suit in Suit
)
"""``SUIT_MASKS[suit]``: the bitmask of the 13 cards of that suit."""

RANK_MASKS: dict[int, int] = {rank: 0xF << ((rank - 2) * 4) for rank in Rank}
"""``RANK_MASKS[rank]``: the bitmask of the four cards of that rank."""


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the indexes of the set bits of ``mask``, lowest first.

    >>> list(iter_bits(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def _byte_cards(chunk: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of each byte value in byte ``chunk`` of a mask, in index order: each
    byte's tuple is its lowest card before the tuple of the byte without that card
    (every import of cardtable makes these, so they are made a step a byte).

    >>> _byte_cards(0)[0b101] == (ALL_CARDS[0], ALL_CARDS[2]), _byte_cards(6)[0b10000] == ()
    (True, True)
    """
    cards: list[tuple[Card, ...]] = [()]
    for byte in range(1, 256):
        low = byte & -byte
        index = 8 * chunk + low.bit_length() - 1
        rest = cards[byte ^ low]
        cards.append((ALL_CARDS[index], *rest) if index < 52 else rest)
    return tuple(cards)


# The cards of each byte of a 52-bit mask: seven tables of 256 tuples (games turn masks
# into cards at every deal, pass and event, so this is one of the engine's hot paths).
_BYTE_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(_byte_cards(chunk) for chunk in range(7))


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in index order.

    >>> mask_to_cards(0b1011 | 1 << 51)
    (Card.parse('2C'), Card.parse('2D'), Card.parse('2S'), Card.parse('AS'))
    """
    if mask >> 52 or mask < 0:
        return tuple(ALL_CARDS[i] for i in iter_bits(mask))  # raises for a bit past the deck
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_CARDS
    return (
        *b0[mask & 255],
        *b1[mask >> 8 & 255],
        *b2[mask >> 16 & 255],
        *b3[mask >> 24 & 255],
        *b4[mask >> 32 & 255],
        *b5[mask >> 40 & 255],
        *b6[mask >> 48],
    )


def parse_cards(cards: str | Iterable[Card | str]) -> list[Card]:
    """Parse a space- or comma-separated string of cards, or a list of cards or codes.

    >>> [str(c) for c in parse_cards(["10h", Card.parse("2C")])]
    ['TH', '2C']
    """
    if isinstance(cards, str):
        tokens: Iterable[Card | str] = cards.replace(",", " ").split()
    elif isinstance(cards, (bytes, bytearray, Mapping)) or not isinstance(cards, Iterable):
        raise InvalidCardError(f"{quoted(cards)} is not a list of cards")
    else:
        tokens = cards
    return [token if isinstance(token, Card) else Card.parse(token) for token in tokens]


def format_cards(cards: Iterable[Card], ascii_only: bool = True) -> str:
    """Join cards for display: canonical codes, or labels with symbols."""
    if ascii_only:
        return " ".join(str(card) for card in cards)
    return " ".join(card.label() for card in cards)


def make_deck(lowest: Rank = Rank.TWO) -> tuple[Card, ...]:
    """A sorted deck of every card from ``lowest`` to the ace in each suit."""
    return tuple(card for card in ALL_CARDS if card.rank >= lowest)


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``cards``, using only ``rng`` for randomness."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does: the same order
    from the same draws of ``rng``, which is left in the same state.

    For a plain ``random.Random`` it draws the bits itself, without the two Python
    calls per item of :meth:`random.Random.shuffle` (a deal is on the path of every
    simulated game); any other generator shuffles with its own method.

    >>> a, b = list(range(52)), list(range(52))
    >>> shuffle(a, random.Random(7)); random.Random(7).shuffle(b)
    >>> a == b
    True
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(items))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(items)] = tuple((i, (i + 1).bit_length()) for i in range(len(items) - 1, 0, -1))
    # random.Random.shuffle: for i from the last index down to 1, swap item i with item
    # j, drawn below i + 1 by _randbelow_with_getrandbits (k bits, again while too big).
    for i, k in steps:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


# The steps of shuffle() per list length: (i, the bits drawn for i).
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def resolve_deck(deck: str | Iterable[Card | str], expected: Sequence[Card]) -> list[Card]:
    """Parse an explicit deal order and check that it is exactly the ``expected`` cards.

    Raises :class:`InvalidDeckError` naming the first missing, extra or repeated card.
    """
    try:
        cards = parse_cards(deck)
    except InvalidCardError as exc:
        raise InvalidDeckError(f"bad deck: {exc}") from None
    seen: set[Card] = set()
    wanted = set(expected)
    for card in cards:
        if card in seen:
            raise InvalidDeckError(f"bad deck: {card} appears twice")
        if card not in wanted:
            raise InvalidDeckError(f"bad deck: {card} is not in this game's deck")
        seen.add(card)
    missing = [card for card in expected if card not in seen]
    if missing:
        listed = " ".join(str(c) for c in missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise InvalidDeckError(
            f"bad deck: {len(cards)} cards given, {len(expected)} needed; missing {listed}"
        )
    return cards


class RankOrder:
    """A ranking of the ranks, low to high, as data.

    >>> aces_high = RankOrder("aces high", [Rank(r) for r in range(2, 15)])
    >>> aces_high.beats(Rank.ACE, Rank.KING)
    True
    >>> aces_low = RankOrder("aces low", [Rank.ACE] + [Rank(r) for r in range(2, 14)])
    >>> aces_low.beats(Rank.ACE, Rank.TWO)
    False
    >>> [r.label for r in aces_high.inverted().ranks][:3]
    ['A', 'K', 'Q']

    Each game declares its own orders beside its rules (``Rules.rank_order``).
    """

    __slots__ = ("name", "ranks", "_position")

    def __init__(self, name: str, ranks: Sequence[Rank]) -> None:
        if len(set(ranks)) != len(ranks):
            raise ValueError("a rank order lists each rank once")
        self.name = name
        self.ranks: tuple[Rank, ...] = tuple(ranks)
        self._position: dict[int, int] = {rank: i for i, rank in enumerate(self.ranks)}

    def position(self, rank: int) -> int:
        """0 for the lowest rank, ``len(ranks) - 1`` for the highest."""
        return self._position[rank]

    def beats(self, rank: int, other: int) -> bool:
        """Whether ``rank`` is strictly higher than ``other`` in this order."""
        return self._position[rank] > self._position[other]

    @property
    def lowest(self) -> Rank:
        return self.ranks[0]

    @property
    def highest(self) -> Rank:
        return self.ranks[-1]

    def inverted(self, name: str | None = None) -> RankOrder:
        """The same ranks, high to low."""
        return RankOrder(name or f"{self.name} inverted", tuple(reversed(self.ranks)))

    def sort_key(self, card: Card) -> tuple[int, int]:
        """A key that sorts cards by this order, then by suit."""
        return (self._position[card.rank], card.suit)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RankOrder) and other.ranks == self.ranks

    def __hash__(self) -> int:
        return hash(self.ranks)

    def __repr__(self) -> str:
        return f"RankOrder({self.name!r}, {' '.join(r.label for r in self.ranks)})"
