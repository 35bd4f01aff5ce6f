"""The game registry: names, lookup and each rules object's fixed facts."""

from __future__ import annotations

import pytest

from cardtable import UnknownGameError, available_games, get_rules
from cardtable.cards import FULL_DECK, SHORT_DECK
from cardtable.engine.state import GameState, Rules
from cardtable.games import all_rules

EXPECTED = {
    # name: (title, min players, max players, deck, action kinds)
    "president": ("President", 3, 6, FULL_DECK, {"play", "pass", "give"}),
    "durak": ("Durak", 2, 6, SHORT_DECK, {"attack", "defend", "take", "pass"}),
    "hearts": ("Hearts", 4, 4, FULL_DECK, {"play", "give"}),
}


def test_available_games_in_menu_order() -> None:
    assert available_games() == ["president", "durak", "hearts"]
    assert [rules.name for rules in all_rules()] == available_games()


@pytest.mark.parametrize("name", list(EXPECTED))
def test_rules_facts(name: str) -> None:
    title, low, high, deck, kinds = EXPECTED[name]
    rules = get_rules(name)
    assert isinstance(rules, Rules)
    assert rules.name == name
    assert rules.title == title
    assert (rules.min_players, rules.max_players) == (low, high)
    assert rules.player_counts == range(low, high + 1)
    assert sorted(rules.deck) == list(deck)
    assert set(rules.action_kinds) == kinds
    assert isinstance(rules.option_defaults, dict)
    assert repr(rules) == f"<{type(rules).__name__} {name!r}>"


@pytest.mark.parametrize("name", list(EXPECTED))
def test_lookup_is_case_and_space_insensitive_and_returns_one_object(name: str) -> None:
    rules = get_rules(name)
    assert get_rules(name.upper()) is rules
    assert get_rules(f"  {name.title()} ") is rules


@pytest.mark.parametrize("name", list(EXPECTED))
def test_new_game_returns_a_fresh_state(name: str) -> None:
    rules = get_rules(name)
    state = rules.new_game(players=rules.min_players, seed=4)
    assert isinstance(state, GameState)
    assert state.rules is rules
    assert not state.is_over
    assert state.history == []
    assert state.legal_actions()


@pytest.mark.parametrize("name", ["chess", "", "presidents", "durak2"])
def test_unknown_game(name: str) -> None:
    with pytest.raises(UnknownGameError) as info:
        get_rules(name)
    assert str(info.value) == f"unknown game {name!r}; choose one of president, durak, hearts"


@pytest.mark.parametrize("name", [None, 3, ["president"]])
def test_non_text_game_names(name: object) -> None:
    with pytest.raises(UnknownGameError, match="unknown game"):
        get_rules(name)  # type: ignore[arg-type]


def test_unknown_game_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        get_rules("chess")
