"""The fourth game of tests/fourth_game.py through the real screen, to the end: a game
with no table widget of its own is drawn by the generic one and plays like any other."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtable.games import register_game, unregister_game
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.roundover import RoundOverScreen

from .conftest import perform, screen_text, settle


@pytest.fixture(autouse=True)
def fourth_game() -> Iterator[None]:
    register_game("toy", "fourth_game")
    yield
    unregister_game("toy")


async def test_the_fourth_game_plays_to_its_end_on_the_generic_table() -> None:
    config = TableConfig.build("toy", ["human", "normal", "easy"], seed=5)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    rng = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await settle(app, pilot)
            if isinstance(app.screen, RoundOverScreen):
                assert "Game over" in screen_text(app)
                break
            game: GameScreen = app.screen  # type: ignore[assignment]
            assert "Round 1" in screen_text(app)
            state = game.state
            action = rng.choice(state.legal_actions())
            before = len(state.history)
            await perform(pilot, game, action)
            assert state.history[before] == (game.obs.seat, action)
        else:
            raise AssertionError("the game did not end")
