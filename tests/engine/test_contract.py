"""The public API keeps its contract, in every game of the registry.

Seats are validated, every method that takes an action takes its notation too, every
malformed input raises the documented cardtable exception, and no message quotes more
than about 60 characters of what it was given.
"""

from __future__ import annotations

import json

import pytest

from cardtable import (
    Action,
    Card,
    CardtableError,
    IllegalActionError,
    InvalidCardError,
    InvalidDeckError,
    InvalidOptionError,
    InvalidSeatError,
    MalformedActionError,
    SaveFileError,
    UnknownGameError,
    get_rules,
    load_game,
)
from cardtable.cards import parse_cards
from cardtable.engine.errors import quoted
from cardtable.engine.playout import play_random_game
from cardtable.engine.state import GameState, Rules
from cardtable.games import all_rules, available_games

GAMES = available_games()
HUGE = "Z" * 1_000_000
# A message quotes at most about 60 characters of any one input (a card error inside an
# action error inside a save error quotes the pieces it names), plus its own words.
LONGEST_QUOTE = 60
LONGEST_MESSAGE = 300


def short_id(value: object) -> str:
    """A test id that does not print a megabyte of input."""
    return quoted(value, 16)


def fresh(name: str, seed: int = 3) -> GameState:
    rules = get_rules(name)
    return rules.new_game(players=rules.min_players, seed=seed)


def assert_short_one_line(error: BaseException) -> None:
    message = str(error)
    # Plain booleans, so that a failure does not print a megabyte of message.
    fits = len(message) <= LONGEST_MESSAGE
    quotes_too_much = "Z" * (LONGEST_QUOTE + 1) in message
    assert fits, message[:200]
    assert not quotes_too_much, message[:200]
    assert "\n" not in message and "\r" not in message
    assert all(character.isprintable() for character in message), repr(message)


# --- seats -----------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [-1, "N", "N+1", True, False, 1.0, "0", None, 2**80])
def test_observation_refuses_a_bad_seat(name: str, seat: object) -> None:
    state = fresh(name)
    players = state.num_players
    bad = {"N": players, "N+1": players + 1}.get(seat, seat) if isinstance(seat, str) else seat
    with pytest.raises(InvalidSeatError) as caught:
        state.observation(bad)  # type: ignore[arg-type]
    assert isinstance(caught.value, CardtableError)
    assert isinstance(caught.value, ValueError)
    assert_short_one_line(caught.value)
    with pytest.raises(InvalidSeatError):
        state.hand(bad)  # type: ignore[arg-type]
    if bad is not None:
        with pytest.raises(InvalidSeatError):
            state.events_for(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidSeatError):
            state.public_history(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_durak_style_negative_seat_does_not_leak_the_last_seats_hand(name: str) -> None:
    state = fresh(name)
    last = state.num_players - 1
    with pytest.raises(InvalidSeatError, match=r"seat -1"):
        state.observation(-1)
    assert state.observation(last).seat == last
    assert state.observation(last).hand == state.hand(last)


@pytest.mark.parametrize("name", GAMES)
def test_every_valid_seat_and_the_spectator_are_accepted(name: str) -> None:
    state = fresh(name)
    for seat in range(state.num_players):
        assert state.observation(seat).seat == seat
        assert state.hand(seat) == state.observation(seat).hand
        assert len(state.public_history(seat)) == len(state.history)
        assert len(state.events_for(seat)) == len(state.events)
    assert state.public_history(None) == state.public_observation().history
    assert len(state.events_for(None)) == len(state.events)


def test_the_seat_error_says_which_seats_exist() -> None:
    state = get_rules("durak").new_game(players=3, seed=1)
    with pytest.raises(InvalidSeatError) as caught:
        state.observation(3)
    assert str(caught.value) == "no seat 3 in a 3-player game (seats are 0 to 2)"
    with pytest.raises(InvalidSeatError) as caught:
        state.observation(True)
    assert str(caught.value) == "a seat is a whole number from 0 to 2, not True"


# --- actions as text ------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_why_illegal_takes_text_like_apply_and_is_legal(name: str) -> None:
    state = fresh(name)
    for action in state.legal_actions():
        text = str(action)
        assert state.why_illegal(text) is None
        assert state.why_illegal(action) is None
        assert state.is_legal(text)
    # An action that is well formed but not allowed: the same reason as apply gives.
    illegal = next(text for text in ("pass", "2C", "QS") if _is_this_games(state, text) and not state.is_legal(text))
    reason = state.why_illegal(illegal)
    assert isinstance(reason, str) and reason
    with pytest.raises(IllegalActionError) as caught:
        state.apply(illegal)
    assert str(caught.value) == reason


def _is_this_games(state: GameState, text: str) -> bool:
    try:
        state.parse_action(text)
    except MalformedActionError:
        return False
    return True


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "bad",
    ["", "jump", "QX", "defend 7H", "7H 7H", HUGE, "QS " + HUGE, "Q\nS", "\x1b[2J", 42, None, ["QS"]],
    ids=short_id,
)
def test_malformed_actions_are_refused_the_same_way_everywhere(name: str, bad: object) -> None:
    state = fresh(name)
    before = state.to_json()
    with pytest.raises(MalformedActionError) as caught:
        state.apply(bad)  # type: ignore[arg-type]
    assert_short_one_line(caught.value)
    assert state.why_illegal(bad) == str(caught.value)  # type: ignore[arg-type]
    assert state.is_legal(bad) is False  # type: ignore[arg-type]
    with pytest.raises(MalformedActionError):
        state.parse_action(bad)  # type: ignore[arg-type]
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_an_action_of_another_game_is_malformed_here(name: str) -> None:
    state = fresh(name)
    foreign = next(kind for kind in ("take", "attack 7H", "give 2C 3C", "7H") if
                   Action.parse(kind).kind not in state.rules.action_kinds)
    with pytest.raises(MalformedActionError):
        state.apply(foreign)
    assert state.why_illegal(foreign) is not None
    assert not state.is_legal(Action.parse(foreign))


@pytest.mark.parametrize("name", GAMES)
def test_after_the_game_is_over_every_method_says_so(name: str) -> None:
    import random

    state = play_random_game(fresh(name), random.Random(5))
    assert state.is_over
    assert state.why_illegal("pass") == "the game is over; no more actions"
    assert state.why_illegal("jump") == "the game is over; no more actions"
    assert not state.is_legal("QS")
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply("jump")


# --- new_game -------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "deck", [5, 5.5, object(), [1, 2], ["QS", None], {"QS": 1}, b"QS", HUGE], ids=short_id
)
def test_a_deck_of_the_wrong_type_is_an_invalid_deck(name: str, deck: object) -> None:
    rules = get_rules(name)
    with pytest.raises(InvalidDeckError) as caught:
        rules.new_game(players=rules.min_players, deck=deck)  # type: ignore[arg-type]
    assert_short_one_line(caught.value)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "arguments",
    [
        {"players": 10**5000},
        {"players": -(10**5000)},
        {"players": "4" * 100_000},
        {"players": [4] * 100_000},
        {"players": None},
        {"seed": "x" * 100_000},
        {"seed": 1.5},
        {"seed": True},
        {HUGE[:100_000]: 1},
    ],
)
def test_bad_arguments_to_new_game_are_invalid_options(name: str, arguments: dict) -> None:
    rules = get_rules(name)
    given = {"players": rules.min_players, **arguments}
    with pytest.raises(InvalidOptionError) as caught:
        rules.new_game(**given)
    assert_short_one_line(caught.value)


@pytest.mark.parametrize("rules", all_rules(), ids=GAMES)
def test_bad_option_values_are_invalid_options_with_short_messages(rules: Rules) -> None:
    for spec in rules.options:
        for value in (HUGE, [1] * 100_000, 10**5000, None, 2.5, b"1"):
            with pytest.raises(InvalidOptionError) as caught:
                rules.new_game(players=rules.min_players, **{spec.name: value})
            assert_short_one_line(caught.value)


def test_an_unknown_game_with_a_huge_name_gets_a_short_message() -> None:
    for name in (HUGE, "x\n" * 1000, 10**5000, None):
        with pytest.raises(UnknownGameError) as caught:
            get_rules(name)  # type: ignore[arg-type]
        assert_short_one_line(caught.value)


# --- cards ----------------------------------------------------------------------


@pytest.mark.parametrize("bad", [HUGE, "Q" + HUGE, "\x1b]0;pwn\x07", "1S\n", 10**5000, ["QS"] * 3, None], ids=short_id)
def test_card_parsing_quotes_at_most_about_sixty_characters(bad: object) -> None:
    with pytest.raises(InvalidCardError) as caught:
        Card.parse(bad)  # type: ignore[arg-type]
    assert_short_one_line(caught.value)


@pytest.mark.parametrize("bad", [5, None, object(), [None], "QS " + HUGE], ids=short_id)
def test_parse_cards_refuses_what_is_not_cards(bad: object) -> None:
    with pytest.raises(InvalidCardError) as caught:
        parse_cards(bad)  # type: ignore[arg-type]
    assert_short_one_line(caught.value)


@pytest.mark.parametrize("bad", [[1, 2], ["QS", 3], "QS", [None]])
def test_action_constructors_refuse_what_is_not_cards(bad: object) -> None:
    for make in (Action.play, Action.give):
        with pytest.raises(MalformedActionError) as caught:
            make(bad)  # type: ignore[arg-type]
        assert_short_one_line(caught.value)
    with pytest.raises(MalformedActionError):
        Action.attack(bad)  # type: ignore[arg-type]
    with pytest.raises(MalformedActionError) as caught:
        Action("jump" * 100_000)
    assert_short_one_line(caught.value)


# --- load_game ------------------------------------------------------------------


def a_save(name: str) -> dict:
    state = fresh(name)
    state.apply(state.legal_actions()[0])
    return json.loads(state.to_json())


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "cardtable-save", "version": ' + "9" * 5000 + "}",
        '{"format": "cardtable-save", "players": ' + "1" * 4301 + "}",
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 50_000 + "1" + "}" * 50_000,
        "",
        "\x00\xff",
        b"\xff\xfe\x00",
        "nan",
        None,
        42,
        ["not", "text"],
    ],
    ids=short_id,
)
def test_load_game_refuses_anything_malformed_with_a_save_file_error(text: object) -> None:
    with pytest.raises(SaveFileError) as caught:
        load_game(text)  # type: ignore[arg-type]
    assert_short_one_line(caught.value)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data["actions"].append([0, HUGE]),
        lambda data: data["actions"].append([HUGE, "pass"]),
        lambda data: data["actions"].append([True, "pass"]),
        lambda data: data["actions"].insert(0, [False, data["actions"][0][1]]),
        lambda data: data.update(game=HUGE),
        lambda data: data.update(players=HUGE),
        lambda data: data.update(players=10**4000),
        lambda data: data.update(seed=[HUGE]),
        lambda data: data.update(deck=HUGE),
        lambda data: data.update(deck=5),
        lambda data: data.update(options={HUGE: 1}),
        lambda data: data.update(options={"players": 3}),
        lambda data: data.update(options={"seed": 3}),
        lambda data: data.update(options={"deck": 3}),
        lambda data: data.update(version=True),
    ],
)
def test_damaged_saves_give_short_save_file_errors(name: str, damage) -> None:
    data = a_save(name)
    damage(data)
    with pytest.raises(SaveFileError) as caught:
        load_game(json.dumps(data))
    assert_short_one_line(caught.value)


@pytest.mark.parametrize("name", GAMES)
def test_rules_from_json_refuses_the_same_way(name: str) -> None:
    with pytest.raises(SaveFileError):
        get_rules(name).from_json("[" * 100_000)  # type: ignore[arg-type]


# --- the message helper ---------------------------------------------------------


def test_quoted_cuts_long_text_and_escapes_control_characters() -> None:
    assert quoted("QS") == "'QS'"
    assert quoted("x" * 100) == "'" + "x" * 59 + "…'"
    assert quoted("a\nb\x1b[2J") == r"'a\nb\x1b[2J'"
    assert quoted(None) == "None"
    assert quoted([1, 2]) == "[1, 2]"
    assert quoted(10**5000) == "a 5001-digit number"
    assert len(quoted([HUGE])) <= 62
