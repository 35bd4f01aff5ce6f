"""Playing games out with random legal actions: for tests, benchmarks and bots."""

from __future__ import annotations

import random
from collections.abc import Callable

from cardtable.engine.state import GameState

__all__ = ["play_random_game"]


def play_random_game(
    state: GameState,
    rng: random.Random,
    max_actions: int = 100_000,
    after_each: Callable[[GameState], None] | None = None,
) -> GameState:
    """Apply uniformly random legal actions until the game ends; return the state.

    ``after_each`` is called after every action (invariant checks in tests).  Raises
    ``RuntimeError`` if the game has not ended after ``max_actions`` actions.
    """
    # Bound once: this loop is the engine benchmark's measure of the public API.
    randrange, legal_actions, apply = rng.randrange, state.legal_actions, state.apply
    for _ in range(max_actions):
        if state.current_player is None:
            return state
        actions = legal_actions()
        apply(actions[randrange(len(actions))])
        if after_each is not None:
            after_each(state)
    if state.current_player is None:
        return state
    raise RuntimeError(f"game did not end within {max_actions} actions")
