"""A fourth game, registered with one line, reaches the command line, the arena, the
statistics and the start screen's facts without a change anywhere else.

The game is the search tests' toy trick game, declared in tests/fourth_game.py with
everything the registry asks of a game (its bots, a statistics counter, an arena
measure; no table widget of its own, so the TUI draws it with the generic one).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.bots.arena import play_match
from cardtable.cli import main, registry_words
from cardtable.commands.play import build_config
from cardtable.games import available_games, get_rules, register_game, unregister_game
from cardtable.userdata.meta import set_seats
from cardtable.userdata.paths import HOME_ENV
from cardtable.userdata.stats import load_stats, record_result
from cardtable.userdata.stats_tables import render_tables


@pytest.fixture(autouse=True)
def fourth_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    register_game("toy", "fourth_game")  # the one registry line a new game needs
    yield
    unregister_game("toy")


def test_the_registry_lists_it_last_and_finds_it_by_name() -> None:
    assert available_games()[-1] == "toy"
    rules = get_rules(" Toy ")
    assert (rules.title, rules.default_players, rules.bot_module) == ("Toy tricks", 3, "fourth_game")
    with pytest.raises(ValueError):
        register_game("toy", "fourth_game")


def test_unregistered_it_is_unknown_again() -> None:
    unregister_game("toy")
    assert "toy" not in available_games()
    assert main(["simulate", "toy", "--games", "1"]) == 2
    register_game("toy", "fourth_game")


def test_the_help_texts_name_it(capsys: pytest.CaptureFixture[str]) -> None:
    words = registry_words()
    assert words["games"] == "President, Durak, Hearts and Toy tricks"
    assert words["game_names"] == "president, durak, hearts or toy"
    assert main(["play", "--help"]) == 0
    assert "hearts or toy" in " ".join(capsys.readouterr().out.split())


def test_simulate_plays_it_with_its_own_bots_and_measure(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "toy", "--seats", "normal,easy,random", "--games", "6", "--seed", "2", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    levels = {entry["level"]: entry for entry in data["levels"]}
    assert set(levels) == {"normal", "easy", "random"}
    assert {entry["measure"] for entry in levels.values()} == {"tricks per hand"}


def test_the_arena_measures_it_and_its_hard_bot_searches() -> None:
    result = play_match("toy", ["hard", "random"], games=4, seed=1)
    for record in result.records:
        assert sum(record.scores) == 4  # four tricks a hand, each worth a point
        assert record.measure == tuple(float(score) for score in record.scores)
    assert result.level("hard").measure == "tricks per hand" and result.level("hard").higher_is_better


def test_the_statistics_count_its_own_figure(capsys: pytest.CaptureFixture[str]) -> None:
    rules = get_rules("toy")
    expected = {"Ann": 0, "Ben": 0}
    for seed in range(6):
        state = rules.new_game(players=2, seed=seed)
        set_seats(state, [("Ann", "human"), ("Ben", "easy")])
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        last = state.outcome().rounds[0]["last"]
        if last is not None:
            expected[["Ann", "Ben"][last]] += 1
        assert record_result(state) == []
    entries, warnings = load_stats()
    assert warnings == []
    assert {entry.name: entry.count("times_last") for entry in entries} == expected
    assert all(entry.played == 6 for entry in entries)
    [table] = render_tables(entries)
    assert str(table.title) == "Toy tricks"
    assert [str(column.header) for column in table.columns][-2:] == ["last", "undo"]
    assert main(["stats", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert {entry["name"]: entry["times_last"] for entry in shown} == expected


def test_play_and_the_start_screen_take_its_facts() -> None:
    from cardtable.tui.screens.start import game_blurb
    from cardtable.tui.tables import TableArea, table_for

    config = build_config("toy")
    assert [seat.kind for seat in config.seats][0] == "human" and len(config.seats) == 3
    assert game_blurb("toy") == "Take the most tricks from a twelve-card deck. 2-3 players."
    assert type(table_for("toy")) is TableArea

