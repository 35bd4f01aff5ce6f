"""Observations are built from views of the logs kept on the state and extended move by
move (``GameState._seat_view``): after any sequence of moves and questions they equal
the ones a state without those views builds from the whole game."""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.observation import LogView, Observation
from cardtable.engine.state import GameState
from cardtable.games import get_rules
from cardtable.games.president import kernel as president_kernel

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


def whole_game_observation(state: GameState, seat: int) -> Observation:
    """``seat``'s observation with every log field built from the whole game as tuples, the
    way observations were made before they held views of the kept logs."""
    seen = state.observation(seat)
    history, _, _ = state._actions_seen(state.history, seat, 0, None)
    logs: dict[str, Any] = {
        "history": tuple(history),
        "events": tuple(event.for_seat(seat) for event in state.events),
    }
    if state.rules.name == "hearts":
        logs["hand_scores"] = tuple(tuple(record["scores"]) for record in state.hand_records)  # type: ignore[attr-defined]
        logs["moon_shooters"] = tuple(record["moon_shooter"] for record in state.hand_records)  # type: ignore[attr-defined]
    if state.rules.name == "president":
        logs["round_points"] = tuple(tuple(president_kernel.round_points(order)) for order in state.table.orders)  # type: ignore[attr-defined]
    return dataclasses.replace(seen, **logs)


@settings(max_examples=30, deadline=None)
@given(
    case=st.sampled_from(GAMES),
    seed=st.integers(0, 2**16),
    stops=st.lists(st.integers(0, 400), min_size=1, max_size=4),
)
def test_an_observation_holds_what_the_whole_game_gives(
    case: tuple[str, int, dict[str, int]], seed: int, stops: list[int]
) -> None:
    game, players, options = case
    state = get_rules(game).new_game(players=players, seed=seed, **options)
    chooser = random.Random(seed)
    for stop in sorted(stops):
        while len(state.history) < stop and not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
        for seat in range(players):
            seen = state.observation(seat)
            old = whole_game_observation(state, seat)
            assert seen == old and old == seen and hash(seen.history) == hash(old.history)
            assert seen.to_dict() == old.to_dict()
            assert pickle.loads(pickle.dumps(seen)) == old
            assert repr(seen.events) == repr(old.events)
            # A game logs its rounds in order, so a round's events are found from the end.
            rounds = [event.round for event in old.events]
            assert rounds == sorted(rounds)
            assert seen.round_events() == tuple(event for event in old.events if event.round == seen.round)


@given(
    items=st.lists(st.integers(), max_size=12),
    cut=st.integers(0, 12),
    tail=st.lists(st.integers(), max_size=3),
    start=st.none() | st.integers(-15, 15),
    stop=st.none() | st.integers(-15, 15),
    step=st.none() | st.integers(-3, 3).filter(bool),
)
def test_a_log_view_reads_as_the_tuple_it_stands_for(
    items: list[int], cut: int, tail: list[int], start: int | None, stop: int | None, step: int | None
) -> None:
    log = list(items)
    length = min(cut, len(log))
    view = LogView(log, length, tuple(tail))
    expected = (*items[:length], *tail)
    log.append(99)  # the log grows on: what the view shows does not
    assert view == expected and len(view) == len(expected) and tuple(view) == expected
    assert view[start:stop:step] == expected[start:stop:step]
    assert list(reversed(view)) == list(reversed(expected))
    for index in range(-len(expected), len(expected)):
        assert view[index] == expected[index]
    with pytest.raises(IndexError):
        view[len(expected)]
    assert view != (*expected, 0) and hash(view) == hash(expected)
