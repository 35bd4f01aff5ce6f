"""Games to save, replay and count: small, quick, and reproducible."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cardtable.bots import make_bot
from cardtable.engine.state import GameState
from cardtable.games import get_rules
from cardtable.userdata.savefiles import set_seats

# (game, players, options that keep a whole game short)
SHORT_GAMES: dict[str, tuple[int, dict[str, object]]] = {
    "president": (4, {"rounds": 2}),
    "durak": (3, {"rounds": 2}),
    "hearts": (4, {"target": 40}),
}

NAMES = ("Ann", "Ada", "Ben", "Cleo", "Dan", "Eve")


def new_game(game: str, seed: int, kinds: tuple[str, ...] | None = None) -> GameState:
    players, options = SHORT_GAMES[game]
    state = get_rules(game).new_game(players=players, seed=seed, **options)
    kinds = kinds or ("human",) + ("normal",) * (players - 1)
    set_seats(state, list(zip(NAMES, kinds)))
    return state


def pure_choice(state: GameState, seed: int) -> object:
    """A choice that depends only on the position, so a resumed game chooses the same."""
    legal = state.legal_actions()
    return legal[random.Random(f"{seed}/{len(state.history)}").randrange(len(legal))]


def play_to_end(state: GameState, seed: int, after_each: Callable[[GameState], None] | None = None) -> GameState:
    while not state.is_over:
        state.apply(pure_choice(state, seed))
        if after_each is not None:
            after_each(state)
    return state


def play_with_bots(game: str, seed: int, levels: tuple[str, ...]) -> GameState:
    """A whole game between bots of these levels (seat 0 recorded as the human)."""
    kinds = ("human",) + levels[1:]
    state = new_game(game, seed, kinds)
    bots = [make_bot(game, level, seed=seed * 10 + seat) for seat, level in enumerate(levels)]
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return state


def finished_game(game: str, seed: int = 1) -> GameState:
    return play_to_end(new_game(game, seed), seed)


@contextmanager
def data_home(folder: Path) -> Iterator[Path]:
    """``CARDTABLE_HOME`` at ``folder`` while the block runs, as it was again after it
    (for a module's fixture, where the ``monkeypatch`` fixture cannot serve)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDTABLE_HOME", str(folder))
        yield folder


def count_finished_games(seed: int = 3) -> None:
    """One finished game of each game, counted in the statistics of the data folder in use."""
    from cardtable.userdata.stats import record_result

    for game in SHORT_GAMES:
        assert record_result(finished_game(game, seed)) == []
