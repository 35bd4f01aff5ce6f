"""Cards: notation, parsing, decks, masks and rank orders."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from cardtable import InvalidCardError, InvalidDeckError
from cardtable.cards import (
    ALL_CARDS,
    FULL_DECK,
    RANK_MASKS,
    SHORT_DECK,
    SUIT_MASKS,
    Card,
    Rank,
    RankOrder,
    Suit,
    cards_to_mask,
    format_cards,
    iter_bits,
    make_deck,
    mask_to_cards,
    parse_cards,
    resolve_deck,
    shuffle,
    shuffled,
)
from cardtable.games.durak import DURAK_ORDER
from cardtable.games.hearts import HEARTS_ORDER
from cardtable.games.president import PRESIDENT_ORDER, REVOLUTION_ORDER

RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"


# --- notation ---------------------------------------------------------------

@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_through_its_notation(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert str(Card.parse(card.code)) == card.code
    assert Card.from_index(card.index) is card
    assert Card(card.rank, card.suit) is card


def test_canonical_codes_are_rank_then_suit() -> None:
    codes = [str(card) for card in ALL_CARDS]
    assert codes == [rank + suit for rank in RANK_LETTERS for suit in SUIT_LETTERS]
    assert len(set(codes)) == 52
    assert str(Card.parse("QS")) == "QS"
    assert str(Card.parse("TH")) == "TH"
    assert str(Card.parse("2C")) == "2C"


@pytest.mark.parametrize(
    "text, code",
    [
        ("10H", "TH"),
        ("10h", "TH"),
        ("th", "TH"),
        ("Th", "TH"),
        ("tH", "TH"),
        ("qs", "QS"),
        ("Q♠", "QS"),
        ("q♠", "QS"),
        ("10♥", "TH"),
        ("A♦", "AD"),
        ("2♣", "2C"),
        ("K♤", "KS"),
        ("J♡", "JH"),
        ("9♢", "9D"),
        ("3♧", "3C"),
        ("  7d ", "7D"),
    ],
)
def test_accepted_input_forms(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize("rank", RANK_LETTERS)
@pytest.mark.parametrize("suit", range(4))
def test_every_card_parses_in_every_spelling(rank: str, suit: int) -> None:
    card = Card.parse(rank + SUIT_LETTERS[suit])
    spellings = [rank + SUIT_LETTERS[suit], (rank + SUIT_LETTERS[suit]).lower(), rank + SUIT_SYMBOLS[suit]]
    if rank == "T":
        spellings += ["10" + SUIT_LETTERS[suit], "10" + SUIT_LETTERS[suit].lower(), "10" + SUIT_SYMBOLS[suit]]
    for spelling in spellings:
        assert Card.parse(spelling) is card, spelling


@pytest.mark.parametrize(
    "text, message",
    [
        ("1S", "'1S' is not a card: '1' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
        ("QX", "'QX' is not a card: 'X' is not a suit (use C, D, H, S or ♣ ♦ ♥ ♠)"),
        ("11H", "'11H' is not a card: '11' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
        ("Q", "'Q' is not a card (write rank then suit, like QS or 10H)"),
        ("", "'' is not a card (write rank then suit, like QS or 10H)"),
        ("SQ", "'SQ' is not a card: 'S' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
        ("QSS", "'QSS' is not a card: 'QS' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
        ("queen", "'queen' is not a card (write rank then suit, like QS or 10H)"),
        ("100H", "'100H' is not a card (write rank then suit, like QS or 10H)"),
    ],
)
def test_malformed_cards_are_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(text)
    assert str(info.value) == message
    assert "\n" not in str(info.value)


def test_card_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Card.parse("ZZ")


@pytest.mark.parametrize("value", [None, 12, 4.5, ["QS"]])
def test_non_text_is_not_a_card(value: object) -> None:
    with pytest.raises(InvalidCardError, match="is not a card"):
        Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_card_index_out_of_range(index: int) -> None:
    with pytest.raises(InvalidCardError, match=f"card index {index} is outside 0..51"):
        Card.from_index(index)


def test_card_constructor_refuses_impossible_cards() -> None:
    with pytest.raises(InvalidCardError, match="no card has rank"):
        Card(1, 0)
    for rank, suit in [(15, 0), (2, 4), (2, -1), (0, 3), ("x", 0), (None, 1)]:
        with pytest.raises(InvalidCardError, match="no card has rank"):
            Card(rank, suit)  # type: ignore[arg-type]


def test_labels_for_people() -> None:
    assert Card.parse("TH").label() == "10♥"
    assert Card.parse("TH").label(ascii_only=True) == "10H"
    assert Card.parse("QS").label() == "Q♠"
    assert format_cards(parse_cards("TH QS")) == "TH QS"
    assert format_cards(parse_cards("TH QS"), ascii_only=False) == "10♥ Q♠"


def test_suits_and_ranks_parse_alone() -> None:
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit.parse("♠") is Suit.SPADES
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("t") is Rank.TEN
    assert [s.letter for s in Suit] == list(SUIT_LETTERS)
    assert [s.symbol for s in Suit] == list(SUIT_SYMBOLS)
    assert [s.is_red for s in Suit] == [False, True, True, False]
    with pytest.raises(InvalidCardError, match="'X' is not a suit"):
        Suit.parse("X")
    with pytest.raises(InvalidCardError, match="'1' is not a rank"):
        Rank.parse("1")


# --- value behaviour ----------------------------------------------------------

def test_cards_are_immutable_and_interned() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.suit
    assert Card.parse("qs") is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert hash(card) == card.index
    assert {Card.parse("QS"), Card.parse("Q♠")} == {card}


def test_cards_sort_by_index_rank_then_suit() -> None:
    cards = parse_cards("AS 2D 2C TH KC")
    assert [str(c) for c in sorted(cards)] == ["2C", "2D", "TH", "KC", "AS"]
    assert Card.parse("2S") < Card.parse("3C")
    assert Card.parse("3C") >= Card.parse("2S")
    assert Card.parse("AS") > Card.parse("AH")
    assert Card.parse("AS") <= Card.parse("AS")


def test_card_index_and_mask() -> None:
    for card in ALL_CARDS:
        assert card.index == (card.rank - 2) * 4 + card.suit
        assert card.mask == 1 << card.index
    assert Card.parse("2C").index == 0
    assert Card.parse("AS").index == 51


# --- lists, decks and masks ---------------------------------------------------

def test_parse_cards_accepts_strings_and_lists() -> None:
    assert [str(c) for c in parse_cards("2c q♠ 10h")] == ["2C", "QS", "TH"]
    assert [str(c) for c in parse_cards("2c,QS, th")] == ["2C", "QS", "TH"]
    assert [str(c) for c in parse_cards(["10h", Card.parse("2C")])] == ["TH", "2C"]
    assert parse_cards("") == []
    with pytest.raises(InvalidCardError, match="'ZZ' is not a card"):
        parse_cards("2C ZZ")


def test_decks() -> None:
    assert len(FULL_DECK) == 52 and len(set(FULL_DECK)) == 52
    assert len(SHORT_DECK) == 36 and len(set(SHORT_DECK)) == 36
    assert all(card.rank >= Rank.SIX for card in SHORT_DECK)
    assert set(SHORT_DECK) < set(FULL_DECK)
    assert make_deck() == FULL_DECK
    assert make_deck(Rank.SIX) == SHORT_DECK
    assert list(FULL_DECK) == sorted(FULL_DECK)


def test_shuffling_uses_only_the_given_rng() -> None:
    first = shuffled(FULL_DECK, random.Random(42))
    second = shuffled(FULL_DECK, random.Random(42))
    assert first == second
    assert sorted(first) == list(FULL_DECK)
    assert first != list(FULL_DECK)
    assert shuffled(FULL_DECK, random.Random(43)) != first


def test_masks_round_trip() -> None:
    cards = parse_cards("2C QS AS TH")
    mask = cards_to_mask(cards)
    assert mask == sum(c.mask for c in cards)
    assert mask_to_cards(mask) == tuple(sorted(cards))
    assert [ALL_CARDS[i] for i in iter_bits(mask)] == sorted(cards)
    assert list(iter_bits(0)) == []
    assert cards_to_mask(FULL_DECK) == (1 << 52) - 1
    assert mask_to_cards(cards_to_mask(SHORT_DECK)) == SHORT_DECK


def test_suit_and_rank_masks() -> None:
    assert len(SUIT_MASKS) == 4
    for suit in Suit:
        assert mask_to_cards(SUIT_MASKS[suit]) == tuple(c for c in FULL_DECK if c.suit == suit)
    assert sum(SUIT_MASKS) == (1 << 52) - 1
    for rank in Rank:
        assert mask_to_cards(RANK_MASKS[rank]) == tuple(c for c in FULL_DECK if c.rank == rank)
    assert sum(RANK_MASKS.values()) == (1 << 52) - 1


def test_resolve_deck_accepts_exactly_the_expected_cards() -> None:
    order = shuffled(SHORT_DECK, random.Random(1))
    assert resolve_deck(order, SHORT_DECK) == order
    assert resolve_deck(" ".join(map(str, order)), SHORT_DECK) == order


@pytest.mark.parametrize(
    "deck, expected, message",
    [
        ("2C 2C", FULL_DECK, "bad deck: 2C appears twice"),
        ("6C 5S", SHORT_DECK, "bad deck: 5S is not in this game's deck"),
        ("6C 6D", SHORT_DECK, "bad deck: 2 cards given, 36 needed; missing 6H 6S 7C 7D 7H ..."),
        ("6C XX", SHORT_DECK, "bad deck: 'XX' is not a card: 'X' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
    ],
)
def test_resolve_deck_refusals(deck: str, expected: tuple[Card, ...], message: str) -> None:
    with pytest.raises(InvalidDeckError) as info:
        resolve_deck(deck, expected)
    assert str(info.value) == message


# --- rank orders --------------------------------------------------------------

def labels(order: RankOrder) -> str:
    return " ".join(rank.label for rank in order.ranks)


def test_rank_orders_are_data() -> None:
    assert labels(PRESIDENT_ORDER) == "3 4 5 6 7 8 9 10 J Q K A 2"
    assert labels(REVOLUTION_ORDER) == "2 A K Q J 10 9 8 7 6 5 4 3"
    assert labels(DURAK_ORDER) == "6 7 8 9 10 J Q K A"
    assert labels(HEARTS_ORDER) == "2 3 4 5 6 7 8 9 10 J Q K A"
    assert PRESIDENT_ORDER.inverted() == REVOLUTION_ORDER
    assert REVOLUTION_ORDER.inverted() == PRESIDENT_ORDER
    assert hash(REVOLUTION_ORDER.inverted()) == hash(PRESIDENT_ORDER)


def test_rank_order_comparisons() -> None:
    assert PRESIDENT_ORDER.beats(Rank.TWO, Rank.ACE)
    assert not PRESIDENT_ORDER.beats(Rank.ACE, Rank.TWO)
    assert not PRESIDENT_ORDER.beats(Rank.SEVEN, Rank.SEVEN)
    assert REVOLUTION_ORDER.beats(Rank.THREE, Rank.FOUR)
    assert not REVOLUTION_ORDER.beats(Rank.TWO, Rank.ACE)
    assert PRESIDENT_ORDER.lowest is Rank.THREE and PRESIDENT_ORDER.highest is Rank.TWO
    assert REVOLUTION_ORDER.lowest is Rank.TWO and REVOLUTION_ORDER.highest is Rank.THREE
    assert DURAK_ORDER.position(Rank.SIX) == 0 and DURAK_ORDER.position(Rank.ACE) == 8
    assert HEARTS_ORDER.beats(Rank.ACE, Rank.KING)


def test_rank_order_sort_key_orders_by_rank_then_suit() -> None:
    cards = parse_cards("2C AS 3D 3C")
    assert [str(c) for c in sorted(cards, key=PRESIDENT_ORDER.sort_key)] == ["3C", "3D", "AS", "2C"]
    assert [str(c) for c in sorted(cards, key=REVOLUTION_ORDER.sort_key)] == ["2C", "AS", "3C", "3D"]


def test_rank_order_refuses_repeats() -> None:
    with pytest.raises(ValueError, match="lists each rank once"):
        RankOrder("bad", [Rank.TWO, Rank.TWO])
    assert repr(DURAK_ORDER) == "RankOrder('durak', 6 7 8 9 10 J Q K A)"


def test_shuffle_draws_exactly_what_random_shuffle_draws() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 3, 17, 36, 52, 200):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, reference = list(range(size)), list(range(size))
            shuffle(mine, ours)
            theirs.shuffle(reference)
            assert mine == reference, (seed, size)
            assert ours.getstate() == theirs.getstate(), (seed, size)


def test_shuffle_uses_the_generators_own_method_when_it_is_not_a_plain_random() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(items, Reversing(0))
    assert items == [3, 2, 1]
