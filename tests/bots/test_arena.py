"""The arena: rotated, seeded bot matches with checked moves and honest statistics."""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Sequence
from pathlib import Path

import pytest

from cardtable import load_game
from cardtable.bots import BotSpecError, load_bot_factory
from cardtable.bots.arena import (
    ArenaError,
    BotFailureError,
    GameRecord,
    IllegalBotActionError,
    final_places,
    game_seeds,
    measure_for,
    play_game,
    play_match,
    seat_rotation,
    summarise,
    wilson_interval,
)
from cardtable.engine.actions import PASS, Action
from cardtable.engine.errors import InvalidOptionError
from cardtable.engine.observation import Observation
from cardtable.engine.state import Outcome
from cardtable.games import get_rules

EXAMPLE_BOT = str(Path(__file__).resolve().parents[2] / "examples" / "my_bot.py") + ":LowestCardBot"
HERE = str(Path(__file__).resolve())


class LastActionBot:
    """Deterministic and seedless: always the last legal action."""

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[-1]


class StubbornPasser:
    """Always passes, legal or not: the arena must stop it."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return PASS


class NotationBot:
    """Returns notation instead of an Action: not one of the legal actions."""

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return str(legal_actions[0])  # type: ignore[return-value]


class CrashingBot:
    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        raise KeyError("no idea")


class SeedRecorder:
    """Remembers the seed it was made with, in every decision it makes."""

    seeds: list[int | None] = []

    def __init__(self, seed: int | None = None) -> None:
        SeedRecorder.seeds.append(seed)
        self.index = seed

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[0]


def _untimed(records: Sequence[GameRecord]) -> list[tuple]:
    return [record.without_timings() for record in records]


# --- whole matches, per game --------------------------------------------------------


def test_president_match_figures_add_up() -> None:
    seats = ["easy", "random", EXAMPLE_BOT, "random"]
    result = play_match("president", seats, games=20, seed=4, rounds=2)
    assert result.options == {"rounds": 2}
    assert [s.level for s in result.levels] == ["easy", "random", EXAMPLE_BOT]
    assert [s.games for s in result.levels] == [20, 40, 20]
    assert sum(s.wins for s in result.levels) == sum(len(r.winners) for r in result.records) >= 20
    for index, record in enumerate(result.records):
        assert record.index == index
        assert record.seats == seat_rotation(seats, index)
        assert record.rounds_played == 2
        # Points per round: 4, 3, 2, 1 each round, so the seats share 10 a round.
        assert sum(record.measure) == pytest.approx(10)
        assert sorted(record.places)[0] == 1 and all(1 <= p <= 4 for p in record.places)
        assert sum(record.decisions) == record.actions
    easy = result.level("easy")
    values = [r.measure[s] for r in result.records for s in range(4) if r.seats[s] == "easy"]
    assert easy.mean == pytest.approx(statistics.fmean(values))
    assert easy.measure == "points per round" and easy.higher_is_better
    assert 1 <= easy.average_place <= 4
    assert easy.ci_low < easy.mean < easy.ci_high
    assert 0 < easy.average_decision_ms <= easy.max_decision_ms


def test_durak_match_reports_the_durak_rate() -> None:
    result = play_match("durak", ["easy", EXAMPLE_BOT], games=20, seed=2)
    for record in result.records:
        assert all(value in (0.0, 1.0) for value in record.measure)
        assert sum(record.measure) <= 1  # one durak, or none in a draw
    easy = result.level("easy")
    assert easy.measure == "durak rate" and not easy.higher_is_better
    assert 0 <= easy.mean <= 1
    duraks = sum(r.measure[s] for r in result.records for s in range(2) if r.seats[s] == "easy")
    assert easy.mean == pytest.approx(duraks / 20)


def test_durak_rate_counts_rounds_in_a_series() -> None:
    result = play_match("durak", ["easy", "random", EXAMPLE_BOT], games=3, seed=1, rounds=3)
    for record in result.records:
        assert record.rounds_played == 3
        duraks = [value * 3 for value in record.measure]
        assert all(count == pytest.approx(round(count)) for count in duraks)
        assert round(sum(duraks)) <= 3  # at most one durak a round


def test_hearts_match_reports_points_per_hand_lower_is_better() -> None:
    result = play_match("hearts", ["easy", "random", "random", EXAMPLE_BOT], games=8, seed=3, options={"target": 30})
    for record in result.records:
        hands = record.rounds_played
        total = sum(value * hands for value in record.measure)
        assert round(total) % 26 == 0  # 26 points a hand, or 78 when the moon is shot
        winner_score = min(record.scores)
        assert all(record.scores[seat] == winner_score for seat in record.winners)
        assert all(record.places[seat] == 1 for seat in record.winners)
    assert not result.level("easy").higher_is_better
    assert result.level("easy").measure == "points per hand"


# --- reproducibility ----------------------------------------------------------------


def test_same_seed_same_match_and_other_seed_other_match() -> None:
    first = play_match("president", "easy,random,random", games=6, seed=9)
    again = play_match("president", "easy,random,random", games=6, seed=9)
    other = play_match("president", "easy,random,random", games=6, seed=10)
    assert _untimed(first.records) == _untimed(again.records)
    assert _untimed(first.records) != _untimed(other.records)


def test_jobs_give_the_same_results_as_one_process() -> None:
    seats = ["easy", "random", EXAMPLE_BOT]
    one = play_match("durak", seats, games=12, seed=5, jobs=1)
    seen: list[tuple[int, int]] = []
    many = play_match("durak", seats, games=12, seed=5, jobs=2, progress=lambda d, t: seen.append((d, t)))
    assert _untimed(one.records) == _untimed(many.records)
    assert [(s.level, s.games, s.wins, s.mean, s.ci_low, s.average_place) for s in one.levels] == [
        (s.level, s.games, s.wins, s.mean, s.ci_low, s.average_place) for s in many.levels
    ]
    assert seen[-1] == (12, 12) and all(t == 12 for _, t in seen)


def test_every_game_stands_alone() -> None:
    """Game i of a match replays by itself from (seed, i)."""
    match = play_match("president", ["easy", "random", "random", "random"], games=5, seed=3)
    record = match.records[4]
    game_seed, bot_seeds = game_seeds(3, 4, 4)
    alone = play_game("president", record.seats, game_seed, bot_seeds, index=4)
    assert alone.without_timings() == record.without_timings()


def test_every_bot_gets_its_own_seed() -> None:
    spec = f"{HERE}:SeedRecorder"
    recorder = type(load_bot_factory(spec)(None))  # the class as the arena loads it
    recorder.seeds.clear()
    result = play_match("president", [spec] * 3, games=4, seed=1)
    made = recorder.seeds[1:]  # the first one is the check made before playing
    assert made == [seed for record in result.records for seed in record.bot_seeds]
    assert len(set(made)) == 12 and all(isinstance(seed, int) for seed in made)


def test_progress_is_reported_after_every_game() -> None:
    seen: list[tuple[int, int]] = []
    play_match("president", "random,random,random", games=4, seed=0, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_a_seedless_user_class_plays() -> None:
    result = play_match("president", [f"{HERE}:LastActionBot", "random", "random"], games=3, seed=0)
    assert result.levels[0].games == 3


# --- misbehaving bots ---------------------------------------------------------------


def test_an_illegal_choice_stops_the_match_naming_seat_level_action_and_state() -> None:
    with pytest.raises(IllegalBotActionError) as caught:
        play_match("president", [f"{HERE}:StubbornPasser", "random", "random"], games=3, seed=0)
    error = caught.value
    assert error.seat == 0 and error.level.endswith(":StubbornPasser") and error.action == "pass"
    message = str(error)
    assert "at seat 1 " in message and "StubbornPasser" in message and "'pass'" in message
    assert "\n" not in message and error.state_json not in message and len(message) < 300
    state = load_game(error.state_json)  # the state is a save: it replays to the bad moment
    assert state.current_player == 0 and not state.is_legal(PASS)


def test_an_illegal_choice_in_a_worker_process_keeps_its_facts() -> None:
    with pytest.raises(IllegalBotActionError) as caught:
        play_match("president", ["random", f"{HERE}:StubbornPasser", "random"], games=4, seed=0, jobs=2)
    assert caught.value.action == "pass" and caught.value.state_json


def test_notation_is_not_an_action() -> None:
    with pytest.raises(IllegalBotActionError, match="returned a str"):
        play_match("durak", [f"{HERE}:NotationBot", "random"], games=1, seed=0)


def test_a_crashing_bot_is_named() -> None:
    with pytest.raises(BotFailureError, match=r"CrashingBot' at seat 1 failed .*KeyError: 'no idea'"):
        play_match("hearts", [f"{HERE}:CrashingBot", "random", "random", "random"], games=1, seed=0)


def test_a_game_that_does_not_end_is_reported() -> None:
    with pytest.raises(ArenaError, match="did not end within 5 actions"):
        play_match("hearts", ["random"] * 4, games=1, seed=0, max_actions=5)


# --- bad settings -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (dict(game="chess"), ValueError, "unknown game 'chess'"),
        (dict(seat_specs=["easy", "easy"]), InvalidOptionError, "President is for 3 to 6 players, not 2"),
        (dict(seat_specs=["easy", "wizard", "easy"]), BotSpecError, "unknown bot level 'wizard'"),
        (dict(seat_specs=["easy", "", "easy"]), InvalidOptionError, "a seat is empty"),
        (dict(seat_specs=["easy", "nowhere_xyz:Bot", "easy"]), BotSpecError, "no module named 'nowhere_xyz'"),
        (dict(games=0), InvalidOptionError, "at least 1, not 0"),
        (dict(jobs=0), InvalidOptionError, "jobs must be at least 1"),
        (dict(rounds=0), InvalidOptionError, "rounds"),
        (dict(options={"trumps": True}), InvalidOptionError, "President has no option 'trumps'"),
    ],
)
def test_bad_settings_are_refused_before_playing(kwargs: dict, error: type, message: str) -> None:
    settings = dict(game="president", seat_specs=["easy", "easy", "easy"], games=2, seed=0) | kwargs
    with pytest.raises(error, match=message) as caught:
        play_match(**settings)
    assert "\n" not in str(caught.value)


# --- the statistics themselves ------------------------------------------------------


def _record(
    index: int,
    seats: tuple[str, ...],
    measure: tuple[float, ...],
    places: tuple[int, ...],
    winners: tuple[int, ...],
) -> GameRecord:
    n = len(seats)
    return GameRecord(
        index=index, game_seed=0, bot_seeds=(0,) * n, seats=seats, scores=(0,) * n, places=places,
        winners=winners, rounds_played=1, measure=measure, actions=4, decisions=(2,) * n,
        think_total=(0.002,) * n, think_max=(0.0015,) * n,
    )


def test_summary_mean_interval_places_and_times() -> None:
    records = [
        _record(0, ("a", "b"), (1.0, 0.0), (1, 2), (0,)),
        _record(1, ("b", "a"), (1.0, 0.0), (1, 2), (0,)),
        _record(2, ("a", "b"), (1.0, 0.0), (1, 2), (0,)),
        _record(3, ("b", "a"), (0.0, 1.0), (2, 1), (1,)),
    ]
    a, b = summarise("president", ["a", "b"], records)
    assert (a.games, a.wins, a.average_place) == (4, 3, 1.25)
    assert (b.games, b.wins, b.average_place) == (4, 1, 1.75)
    assert a.mean == 0.75
    half = 1.959963984540054 * statistics.stdev([1, 0, 1, 1]) / math.sqrt(4)
    assert a.ci_low == pytest.approx(0.75 - half) and a.ci_high == pytest.approx(0.75 + half)
    assert a.decisions == 8
    assert a.average_decision_ms == pytest.approx(1.0) and a.max_decision_ms == pytest.approx(1.5)


def test_a_single_game_has_no_interval() -> None:
    (only,) = summarise("president", ["x"], [_record(0, ("x",), (1.0,), (1,), (0,))])
    assert only.ci_low is None and only.ci_high is None


def test_a_rate_gets_a_wilson_interval_inside_zero_to_one() -> None:
    # Durak: 2 durak rounds in 40 one-round games; the normal approximation would go below 0.
    records = [_record(i, ("x", "y"), (1.0 if i < 2 else 0.0, 0.0), (2, 1), (1,)) for i in range(40)]
    x, y = summarise("durak", ["x", "y"], records)
    assert x.mean == 0.05
    assert (x.ci_low, x.ci_high) == pytest.approx(wilson_interval(2, 40))
    assert 0 < x.ci_low < x.mean < x.ci_high < 1
    assert x.mean - 1.959963984540054 * statistics.stdev([r.measure[0] for r in records]) / math.sqrt(40) < 0
    # Never durak: the interval starts at 0 and still has a width.
    assert y.ci_low == 0.0 and y.ci_high == pytest.approx(wilson_interval(0, 40)[1]) and y.ci_high > 0.05
    # Rounds are the trials: 10 games of 4 rounds weigh like 40 rounds.
    multi = [
        dataclasses.replace(_record(i, ("x", "y"), (0.5 if i < 1 else 0.0, 0.0), (2, 1), (1,)), rounds_played=4)
        for i in range(10)
    ]
    (x4, _) = summarise("durak", ["x", "y"], multi)
    assert (x4.ci_low, x4.ci_high) == pytest.approx(wilson_interval(2, 40))


def test_wilson_interval_known_values() -> None:
    # Wilson's interval for 3 of 20 (95%): 0.0524 to 0.3604.
    low, high = wilson_interval(3, 20)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3604)
    assert wilson_interval(20, 20)[1] == 1.0
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


def _outcome(scores: tuple[int, ...], winners: tuple[int, ...]) -> Outcome:
    return Outcome("x", True, 1, (), (None,) * len(scores), scores, winners)


def test_places_follow_the_scores_in_the_winning_direction() -> None:
    assert final_places(_outcome((4, 1, 3, 2), (0,))) == (1, 4, 2, 3)
    assert final_places(_outcome((54, 30, 107, 17), (3,))) == (3, 2, 4, 1)  # Hearts: fewest wins
    assert final_places(_outcome((5, 5, 2), (0, 1))) == (1, 1, 3)
    assert final_places(_outcome((1, 0, -1), (0, 1))) == (1, 2, 3)
    assert final_places(_outcome((0, 0), (0, 1))) == (1, 1)


def test_measures_per_game() -> None:
    assert measure_for("president").name == "points per round" and measure_for("president").higher_is_better
    assert measure_for("hearts").name == "points per hand" and not measure_for("hearts").higher_is_better
    assert measure_for("durak").name == "durak rate" and not measure_for("durak").higher_is_better
    assert get_rules("durak")  # the registry knows every measured game


def test_docstring_examples() -> None:
    import doctest
    import importlib
    import sys

    from cardtable.bots import load_bot_factory as load

    load(EXAMPLE_BOT)  # registers examples/my_bot.py as a module
    example = next(m for name, m in sys.modules.items() if name.startswith("_cardtable_user_bot_my_bot_"))
    for module in (
        importlib.import_module("cardtable.bots"),
        importlib.import_module("cardtable.bots.arena"),
        importlib.import_module("cardtable.commands.simulate"),
        example,
    ):
        failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failed == 0 and attempted > 0, module.__name__
