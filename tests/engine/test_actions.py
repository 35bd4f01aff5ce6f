"""Actions: notation round trips, canonical order, and malformed input."""

from __future__ import annotations

import copy
import itertools
import pickle

import pytest

from cardtable import Action, Card, IllegalActionError, MalformedActionError
from cardtable.cards import ALL_CARDS, parse_cards
from cardtable.engine.actions import KINDS, PASS, TAKE


def cards(text: str) -> list[Card]:
    return parse_cards(text)


@pytest.mark.parametrize(
    "action, text",
    [
        (Action.play(cards("QS")), "QS"),
        (Action.play(cards("7S 7H")), "7H 7S"),
        (Action.play(cards("2S 2H 2D 2C")), "2C 2D 2H 2S"),
        (PASS, "pass"),
        (TAKE, "take"),
        (Action.give(cards("4D 3C")), "give 3C 4D"),
        (Action.attack(Card.parse("7H")), "attack 7H"),
        (Action.defend(Card.parse("9H"), Card.parse("7H")), "defend 9H 7H"),
        (Action.defend(Card.parse("7H"), Card.parse("9H")), "defend 7H 9H"),
    ],
)
def test_canonical_text_round_trips(action: Action, text: str) -> None:
    assert str(action) == text
    assert Action.parse(text) == action
    assert Action.parse(str(action)) == action
    assert hash(Action.parse(text)) == hash(action)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_single_card_action_round_trips(card: Card) -> None:
    for action in (Action.play([card]), Action.give([card]), Action.attack(card)):
        assert Action.parse(str(action)) == action
        assert Action.parse(str(action).lower()) == action


def test_every_pair_round_trips_in_either_input_order() -> None:
    for first, second in itertools.combinations(ALL_CARDS[:16], 2):
        action = Action.play([second, first])
        assert action.cards == (first, second)
        assert Action.parse(f"{second} {first}") == action
        assert Action.parse(str(action)) == action
        defend = Action.defend(second, first)
        assert defend.cards == (second, first)  # attacking card first, never re-sorted
        assert Action.parse(str(defend)) == defend


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("7s 7h", "7H 7S"),
        ("7♠ 7♥", "7H 7S"),
        ("10h 10s", "TH TS"),
        ("play 7S 7H", "7H 7S"),
        ("PLAY qs", "QS"),
        ("Pass", "pass"),
        ("  PASS  ", "pass"),
        ("TAKE", "take"),
        ("give 4d 3c", "give 3C 4D"),
        ("GIVE 3c,4d", "give 3C 4D"),
        ("attack 10♥", "attack TH"),
        ("DEFEND 7h 9H", "defend 7H 9H"),
        ("7H,7S", "7H 7S"),
    ],
)
def test_input_forms_give_the_canonical_notation(text: str, canonical: str) -> None:
    assert str(Action.parse(text)) == canonical


def test_card_order_does_not_matter_except_for_defend() -> None:
    assert Action.parse("KS KH KD") == Action.parse("KD KS KH")
    assert Action.parse("give AS 2C") == Action.parse("give 2C AS")
    assert Action.parse("defend 7H 9H") != Action.parse("defend 9H 7H")


def test_play_and_give_of_the_same_cards_differ() -> None:
    assert Action.parse("3C 4D") != Action.parse("give 3C 4D")
    assert Action.parse("attack 7H") != Action.parse("7H")


def test_pass_and_take_are_shared_objects() -> None:
    assert Action.parse("pass") is PASS
    assert Action.parse("take") is TAKE
    assert PASS.is_pass and not TAKE.is_pass
    assert PASS.cards == () and PASS.mask == 0


def test_fields() -> None:
    action = Action.parse("7S 7H")
    assert action.kind == "play"
    assert action.cards == tuple(cards("7H 7S"))
    assert action.mask == Card.parse("7H").mask | Card.parse("7S").mask
    assert set(KINDS) == {"play", "pass", "take", "give", "attack", "defend"}


def test_actions_are_immutable_values() -> None:
    action = Action.parse("7H 7S")
    with pytest.raises(AttributeError):
        action.kind = "give"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(action)) == action
    assert copy.deepcopy(action) == action
    assert repr(action) == "Action.parse('7H 7S')"
    assert {Action.parse("7S 7H"), action} == {action}
    assert action != "7H 7S"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty action: type cards to play, or a word like pass"),
        ("   ", "empty action: type cards to play, or a word like pass"),
        ("jump", "'jump' is not an action: 'jump' is not a card (write rank then suit, like QS or 10H)"),
        ("play", "'play' is not an action: 'play' needs at least one card"),
        ("give", "'give' is not an action: 'give' needs at least one card"),
        ("attack", "'attack' is not an action: 'attack' needs at least one card"),
        ("attack 7H 8H", "'attack 7H 8H' is not an action: 'attack' takes exactly one card"),
        ("defend 7H", "'defend 7H' is not an action: 'defend' needs two cards: the attacking card, then the card that beats it"),
        ("defend", "'defend' is not an action: 'defend' needs two cards: the attacking card, then the card that beats it"),
        (
            "defend 7H 8H 9H",
            "'defend 7H 8H 9H' is not an action: 'defend' needs two cards: the attacking card, then the card that beats it",
        ),
        ("pass 7H", "'pass 7H' is not an action: 'pass' takes no cards"),
        ("take QS", "'take QS' is not an action: 'take' takes no cards"),
        ("7X", "'7X' is not an action: '7X' is not a card: 'X' is not a suit (use C, D, H, S or ♣ ♦ ♥ ♠)"),
        ("7H 7H", "'7H 7H' is not an action: a card is listed twice"),
        ("7H 7h", "'7H 7h' is not an action: a card is listed twice"),
        ("give 3C 3C", "'give 3C 3C' is not an action: a card is listed twice"),
        ("defend 7H 7H", "'defend 7H 7H' is not an action: a card is listed twice"),
        ("1S", "'1S' is not an action: '1S' is not a card: '1' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
        ("pass pass", "'pass pass' is not an action: 'pass' is not a card (write rank then suit, like QS or 10H)"),
    ],
)
def test_malformed_actions_are_refused(text: str, message: str) -> None:
    with pytest.raises(MalformedActionError) as info:
        Action.parse(text)
    assert str(info.value) == message
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("value", [None, 7, ["7H"], b"pass"])
def test_non_text_is_not_an_action(value: object) -> None:
    with pytest.raises(MalformedActionError, match="is not an action"):
        Action.parse(value)  # type: ignore[arg-type]


def test_malformed_actions_are_illegal_action_and_value_errors() -> None:
    with pytest.raises(IllegalActionError):
        Action.parse("zz")
    with pytest.raises(ValueError):
        Action.parse("zz")


def test_constructor_refusals() -> None:
    with pytest.raises(MalformedActionError, match="'jump' is not an action kind"):
        Action("jump")
    with pytest.raises(MalformedActionError, match="'pass' takes no cards"):
        Action("pass", cards("7H"))
    with pytest.raises(MalformedActionError, match="a card is listed twice"):
        Action.play(cards("7H 7H"))
    with pytest.raises(MalformedActionError, match="needs at least one card"):
        Action.play([])
