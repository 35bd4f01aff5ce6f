"""Game settings through ``get_rules(name).new_game``: players, seed, options, deck.

Every refusal is an :class:`InvalidOptionError` or :class:`InvalidDeckError` (both
``ValueError``) with a one-line message.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import InvalidDeckError, InvalidOptionError, available_games, get_rules
from cardtable.cards import FULL_DECK, SHORT_DECK, shuffled
from cardtable.engine.state import OptionSpec, Rules

GAMES = available_games()


def one_line(info: pytest.ExceptionInfo[BaseException]) -> str:
    message = str(info.value)
    assert message and "\n" not in message
    return message


def any_valid_players(rules: Rules) -> int:
    return rules.min_players


# --- player counts --------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_allowed_player_count_starts_a_game(game: str) -> None:
    rules = get_rules(game)
    for players in rules.player_counts:
        state = rules.new_game(players=players, seed=1)
        assert state.num_players == players
        assert state.current_player in range(players)
        assert sum(len(state.hand(seat)) for seat in range(players)) <= len(rules.deck)


@pytest.mark.parametrize(
    "game, players, message",
    [
        ("president", 2, "President is for 3 to 6 players, not 2"),
        ("president", 7, "President is for 3 to 6 players, not 7"),
        ("durak", 1, "Durak is for 2 to 6 players, not 1"),
        ("durak", 7, "Durak is for 2 to 6 players, not 7"),
        ("hearts", 3, "Hearts is for exactly 4 players, not 3"),
        ("hearts", 5, "Hearts is for exactly 4 players, not 5"),
        ("president", 0, "President is for 3 to 6 players, not 0"),
        ("president", -4, "President is for 3 to 6 players, not -4"),
    ],
)
def test_player_counts_outside_the_range(game: str, players: int, message: str) -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_rules(game).new_game(players=players, seed=1)
    assert one_line(info) == message


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", ["4", 4.0, None, True, [4]])
def test_player_count_must_be_a_whole_number(game: str, players: Any) -> None:
    with pytest.raises(InvalidOptionError) as info:
        get_rules(game).new_game(players=players, seed=1)
    assert one_line(info) == f"players must be a whole number, not {players!r}"


# --- seeds ----------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", ["7", 7.5, True, [7]])
def test_seed_must_be_a_whole_number(game: str, seed: Any) -> None:
    rules = get_rules(game)
    with pytest.raises(InvalidOptionError) as info:
        rules.new_game(players=any_valid_players(rules), seed=seed)
    assert one_line(info) == f"seed must be a whole number, not {seed!r}"


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game_and_no_seed_picks_one(game: str) -> None:
    rules = get_rules(game)
    players = rules.max_players
    first = rules.new_game(players=players, seed=12345)
    second = rules.new_game(players=players, seed=12345)
    assert [first.hand(s) for s in range(players)] == [second.hand(s) for s in range(players)]
    assert first.legal_actions() == second.legal_actions()
    fresh = rules.new_game(players=players)
    assert isinstance(fresh.seed, int)
    again = rules.new_game(players=players, seed=fresh.seed)
    assert [fresh.hand(s) for s in range(players)] == [again.hand(s) for s in range(players)]


@pytest.mark.parametrize("game", GAMES)
def test_large_and_negative_seeds_are_fine(game: str) -> None:
    rules = get_rules(game)
    for seed in (0, -1, 2**80):
        assert rules.new_game(players=rules.min_players, seed=seed).seed == seed


# --- options --------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_defaults_are_filled_in(game: str) -> None:
    rules = get_rules(game)
    state = rules.new_game(players=rules.min_players, seed=1)
    assert state.options == rules.option_defaults
    assert set(rules.option_defaults) == {spec.name for spec in rules.options}


@pytest.mark.parametrize("game", GAMES)
def test_unknown_option(game: str) -> None:
    rules = get_rules(game)
    known = ", ".join(spec.name for spec in rules.options) or "none"
    with pytest.raises(InvalidOptionError) as info:
        rules.new_game(players=rules.min_players, seed=1, jokers=True)
    assert one_line(info) == f"{rules.title} has no option 'jokers' (its options: {known})"


def bad_values(spec: OptionSpec) -> list[tuple[Any, str]]:
    if spec.kind is bool:
        return [
            (value, f"option {spec.name} must be true or false, not {value!r}")
            for value in ("maybe", 2, None, [True])
        ]
    cases: list[tuple[Any, str]] = [
        (value, f"option {spec.name} must be a whole number, not {value!r}")
        for value in ("many", 1.5, True, None)
    ]
    if spec.minimum is not None:
        cases.append((spec.minimum - 1, f"option {spec.name} must be at least {spec.minimum}, not {spec.minimum - 1}"))
    if spec.maximum is not None:
        cases.append((spec.maximum + 1, f"option {spec.name} must be at most {spec.maximum}, not {spec.maximum + 1}"))
    return cases


@pytest.mark.parametrize("game", GAMES)
def test_bad_option_values(game: str) -> None:
    rules = get_rules(game)
    for spec in rules.options:
        for value, message in bad_values(spec):
            with pytest.raises(InvalidOptionError) as info:
                rules.new_game(players=rules.min_players, seed=1, **{spec.name: value})
            assert one_line(info) == message


@pytest.mark.parametrize("game", GAMES)
def test_option_values_given_as_text_are_converted(game: str) -> None:
    rules = get_rules(game)
    for spec in rules.options:
        if spec.kind is bool:
            for text, value in (("false", False), ("Yes", True), ("off", False), ("1", True)):
                state = rules.new_game(players=rules.min_players, seed=1, **{spec.name: text})
                assert state.options[spec.name] is value
        else:
            wanted = spec.minimum if spec.minimum is not None else spec.default
            state = rules.new_game(players=rules.min_players, seed=1, **{spec.name: str(wanted)})
            assert state.options[spec.name] == wanted


def test_president_options_exactly() -> None:
    rules = get_rules("president")
    assert rules.option_defaults == {"rounds": 1, "revolution": True}
    state = rules.new_game(players=4, seed=1, rounds=3, revolution=False)
    assert state.options == {"rounds": 3, "revolution": False}
    with pytest.raises(InvalidOptionError) as info:
        rules.new_game(players=4, seed=1, rounds=0)
    assert one_line(info) == "option rounds must be at least 1, not 0"
    with pytest.raises(InvalidOptionError) as info:
        rules.new_game(players=4, seed=1, revolution="sometimes")
    assert one_line(info) == "option revolution must be true or false, not 'sometimes'"


# --- explicit decks -------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_explicit_deck_in_every_accepted_form(game: str) -> None:
    rules = get_rules(game)
    order = shuffled(rules.deck, random.Random(8))
    players = rules.min_players
    as_cards = rules.new_game(players=players, seed=1, deck=order)
    as_codes = rules.new_game(players=players, seed=1, deck=[str(card) for card in order])
    as_text = rules.new_game(players=players, seed=1, deck=" ".join(card.label() for card in order))
    hands = [as_cards.hand(seat) for seat in range(players)]
    assert hands == [as_codes.hand(seat) for seat in range(players)]
    assert hands == [as_text.hand(seat) for seat in range(players)]
    assert as_cards.first_deck == tuple(order)


@pytest.mark.parametrize("game", GAMES)
def test_bad_decks(game: str) -> None:
    rules = get_rules(game)
    players = rules.min_players
    deck = [str(card) for card in rules.deck]
    cases = [
        (deck[:-1], f"bad deck: {len(deck) - 1} cards given, {len(deck)} needed; missing {deck[-1]}"),
        (deck + [deck[0]], f"bad deck: {deck[0]} appears twice"),
        (deck[:-1] + ["ZZ"], "bad deck: 'ZZ' is not a card: 'Z' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
        ("", f"bad deck: 0 cards given, {len(deck)} needed; missing {' '.join(deck[:5])} ..."),
    ]
    if len(rules.deck) == len(SHORT_DECK):
        cases.append((deck[:-1] + ["2C"], "bad deck: 2C is not in this game's deck"))
    else:
        assert tuple(rules.deck) == FULL_DECK
    for bad, message in cases:
        with pytest.raises(InvalidDeckError) as info:
            rules.new_game(players=players, seed=1, deck=bad)
        assert one_line(info) == message


def test_errors_are_value_errors() -> None:
    rules = get_rules("president")
    for kwargs in ({"players": 9}, {"players": 4, "jokers": 1}, {"players": 4, "deck": "2C"}):
        with pytest.raises(ValueError):
            rules.new_game(seed=1, **kwargs)
