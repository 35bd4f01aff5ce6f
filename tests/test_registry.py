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


@pytest.mark.parametrize("name", available_games())
def test_every_declared_fact_holds(name: str) -> None:
    # What a game declares for the layers above it is loaded and checked here, so a
    # wrong import path or a counter of a fact the game never reports fails at once.
    import random
    import typing

    from cardtable.games import load_declared
    from cardtable.tui.tables import TableArea, table_class

    rules = get_rules(name)
    assert rules.default_players in rules.player_counts
    assert rules.blurb and rules.title
    assert set(rules.table_options) <= {spec.name for spec in rules.options}
    rules.validate_options(rules.table_options)
    assert rules.bot_module is not None
    assert set(load_declared(rules.bot_module).BOT_LEVELS) == {"easy", "normal", "hard"}
    state = rules.new_game(players=rules.default_players, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert {card.rank for card in rules.deck} <= set(rules.rank_order.ranks)
    widget = table_class(name)
    assert issubclass(widget, TableArea) and widget is not TableArea
    (base,) = [b for b in getattr(widget, "__orig_bases__", ()) if typing.get_origin(b) is TableArea]
    assert typing.get_args(base) == (type(state.observation(0)),)
    outcome = state.outcome()
    best = min if rules.lower_score_wins else max
    assert outcome.winners and all(outcome.scores[seat] == best(outcome.scores) for seat in outcome.winners)
    for counter in rules.stat_counters:
        assert all(counter.fact in entry for entry in outcome.rounds), counter
    values = [rules.arena_measure.value(outcome, seat) for seat in range(state.num_players)]
    if rules.arena_measure.is_rate:
        assert all(0 <= value <= 1 for value in values)


def test_every_game_is_in_the_independence_contracts() -> None:
    # A new game's modules must be listed in pyproject.toml, or nothing checks that they
    # stay apart from the other games'.
    import tomllib
    from pathlib import Path

    config = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = {c["id"]: set(c.get("modules", ())) for c in config["tool"]["importlinter"]["contracts"]}
    for rules in all_rules():
        # The rules class lives in the game's package (cardtable.games.<game>) or in one
        # of its modules (cardtable.games.<game>.state).
        module = type(rules).__module__
        games = contracts["games-independent"]
        assert any(module == game or module.startswith(game + ".") for game in games), module
        assert rules.bot_module in contracts["bots-independent"], rules.bot_module
        if rules.table_widget is not None:
            assert rules.table_widget.partition(":")[0] in contracts["tables-independent"], rules.table_widget


def test_the_registry_knows_each_title_without_loading_the_game() -> None:
    from cardtable.games import game_title

    assert [game_title(name) for name in available_games()] == [rules.title for rules in all_rules()]


def test_a_game_registered_without_a_title_is_loaded_to_learn_it() -> None:
    from cardtable.games import game_title, register_game, unregister_game

    register_game("toy", "fourth_game")
    try:
        assert game_title("toy") == get_rules("toy").title
    finally:
        unregister_game("toy")
    with pytest.raises(UnknownGameError):
        game_title("toy")


def test_each_games_table_facts_are_those_its_rules_derive_from() -> None:
    # The start screen reads a game's FACTS (players, options, blurb) without its rules:
    # the registry's facts module must be the one the game's RULES class derives from.
    from cardtable.games import game_facts

    for name in available_games():
        facts, rules = game_facts(name), get_rules(name)
        assert facts is not rules and isinstance(rules, type(facts)), name
        assert (facts.name, facts.title, facts.blurb) == (rules.name, rules.title, rules.blurb)
        assert (list(facts.player_counts), facts.default_players) == (list(rules.player_counts), rules.default_players)
        assert (facts.options, dict(facts.table_options)) == (rules.options, dict(rules.table_options))


def test_a_game_registered_without_facts_gives_its_rules_as_facts() -> None:
    from cardtable.games import game_facts, register_game, unregister_game

    register_game("toy", "fourth_game")
    try:
        assert game_facts("toy") is get_rules("toy")
    finally:
        unregister_game("toy")
    with pytest.raises(UnknownGameError):
        game_facts("toy")
