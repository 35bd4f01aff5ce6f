"""Observations rebuilt from the JSON a host sends are the engine's own, at every move."""

from __future__ import annotations

import random

import pytest

from cardtable.games import available_games, get_rules
from cardtable.net.observations import rebuild_observation
from cardtable.net.protocol import ProtocolError


@pytest.mark.parametrize("game", available_games())
def test_every_observation_of_a_whole_game_comes_back_equal(game: str) -> None:
    rules = get_rules(game)
    # President: a second round (an exchange, titles); Durak with 4; Hearts to 30 points.
    options, players = {"president": ({"rounds": 2}, 5), "durak": ({}, 4), "hearts": ({"target": 30}, 4)}[game]
    state = rules.new_game(players=players, seed=11, **options)
    rng = random.Random(11)
    checked = 0
    while not state.is_over:
        if rng.random() < 0.1:
            for seat in range(state.num_players):
                seen = state.observation(seat)
                assert rebuild_observation(game, seen.to_dict()) == seen
                checked += 1
        state.apply(rng.choice(list(state.legal_actions())))
    final = state.observation(0)
    assert rebuild_observation(game, final.to_dict()) == final and checked > 20


@pytest.mark.parametrize(
    "change",
    [
        {"hand": "AS"},
        {"hand": [3]},
        {"num_players": True},
        {"current_player": "0"},
        {"events": [{"kind": "play"}]},
        {"surprise": 1},
    ],
)
def test_a_value_that_does_not_fit_is_refused(change: dict[str, object]) -> None:
    seen = get_rules("hearts").new_game(players=4, seed=1).observation(2).to_dict()
    with pytest.raises(ProtocolError, match="the host sent a bad observation"):
        rebuild_observation("hearts", {**seen, **change})
    with pytest.raises(ProtocolError, match="does not know"):
        rebuild_observation("chess", seen)


@pytest.mark.slow
@pytest.mark.parametrize("game", available_games())
def test_the_log_a_client_keeps_is_the_recent_part_of_the_whole_log(game: str) -> None:
    """Cutting the log and adding each move's new items to what was kept gives, move after
    move, what cutting the whole log gives: what a client holds is what a host cuts."""
    from cardtable.net.protocol import LOG_FIELDS, recent_log

    rules = get_rules(game)
    options, players = {"president": ({"rounds": 3}, 4), "durak": ({"rounds": 2}, 3), "hearts": ({"target": 40}, 4)}[game]
    state = rules.new_game(players=players, seed=5, **options)
    rng = random.Random(5)
    whole = state.observation(1).to_dict()
    kept = recent_log(whole)
    cut_rounds = 0
    while not state.is_over:
        state.apply(rng.choice(list(state.legal_actions())))
        now = state.observation(1).to_dict()
        grown = {field: kept[field] + now[field][len(whole[field]):] for field in LOG_FIELDS
                 if now[field][:len(whole[field])] == whole[field]}
        changed = {field: now[field] for field in LOG_FIELDS if field not in grown}
        kept = recent_log({**now, **grown, **changed})
        assert kept == recent_log(now)
        cut_rounds += len(kept["events"]) < len(now["events"])
        whole = now
    assert cut_rounds > 0 and {event["round"] for event in kept["events"]} == {kept["events"][-1]["round"]}
