"""A long match shows it is moving before its first game ends: each round is told."""

from __future__ import annotations

import pytest

from cardtable.bots.arena import play_match


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_round_of_every_game_is_told_as_it_ends(jobs: int) -> None:
    told: list[int] = []
    result = play_match(
        "hearts", ["random"] * 4, games=2, seed=3, options={"target": 40}, jobs=jobs,
        progress=lambda done, total: told.append(-done), on_round=lambda: told.append(1),
    )
    played = sum(record.rounds_played for record in result.records)
    assert played > 2  # several hands a game: the bar moves between games
    assert told.count(1) == played
    # Hands are told before the last game is counted as done.
    assert told.index(1) < told.index(-2)


def test_a_match_without_a_listener_plays_the_same_games() -> None:
    quiet = play_match("president", ["random"] * 3, games=3, seed=5, rounds=2)
    counted: list[None] = []
    told = play_match("president", ["random"] * 3, games=3, seed=5, rounds=2, on_round=lambda: counted.append(None))
    assert [record.places for record in quiet.records] == [record.places for record in told.records]
    assert len(counted) == 6
