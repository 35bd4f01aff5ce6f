"""Observations are built from views of the logs kept on the state and extended move by
move (``GameState._seat_view``): after any sequence of moves and questions they equal
the ones a state without those views builds from the whole game."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.observation import LogView
from cardtable.games import get_rules

GAMES = [("president", 4, {"rounds": 3}), ("durak", 3, {"rounds": 2}), ("hearts", 4, {"target": 60})]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[game for game, _, _ in GAMES])
def test_kept_views_give_what_the_whole_game_gives(game: str, players: int, options: dict[str, int]) -> None:
    state = get_rules(game).new_game(players=players, seed=4, **options)
    chooser = random.Random(4)
    asked = 0
    while not state.is_over:
        # Ask some seats, in some order, so that each seat's view is at its own point;
        # a clone starts without views and builds them from the whole game.
        for seat in chooser.sample(range(players), chooser.randrange(players + 1)):
            fresh = state.clone()
            assert state.observation(seat) == fresh.observation(seat)
            assert state.public_history(None) == fresh.public_history(None)
            asked += 1
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    final = state.clone()
    assert [state.observation(s) for s in range(players)] == [final.observation(s) for s in range(players)]
    assert state.public_observation() == final.public_observation()
    assert asked > 100


def test_a_hearts_pass_reaches_its_receiver_once_all_four_are_made() -> None:
    state = get_rules("hearts").new_game(players=4, seed=1)
    assert state.observation(1).history == ()  # the view is made before any pass
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    # Seat 0 passed to seat 1 (left), but the exchange is not done: seat 1 sees "give ? ? ?".
    assert state.observation(1).history[0] == (0, "give ? ? ?")
    state.apply(state.legal_actions()[0])
    assert state.observation(1).history[0] == state.observation(0).history[0] != (0, "give ? ? ?")


def test_a_log_replaced_or_cut_is_read_afresh() -> None:
    state = get_rules("durak").new_game(players=2, seed=3)
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    before = state.observation(0)
    del state.history[5:]
    state.events = state.events[:3]
    seen = state.observation(0)
    assert len(seen.history) == 5 and len(seen.events) == 3 and seen.history == before.history[:5]
    assert seen.events == before.events[:3]
    # What was handed out before the cut still shows the whole log of its time.
    assert len(before.history) == 10 and before.history[5:] == tuple(before.history)[5:]
    assert isinstance(seen.events, LogView) and isinstance(seen.history, LogView)
