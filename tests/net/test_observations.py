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
