"""The game screen on its session: a bot's answer that comes back after an undo or after
the table was left is dropped, and the screen's state is the session's."""

from __future__ import annotations

import pytest

from cardtable.tui.screens.game import GameScreen

from .conftest import open_table, settle


async def test_a_bot_answer_after_undo_is_dropped_by_the_screen() -> None:
    async with open_table("president", ["human", "easy", "easy"], seed=6) as (app, pilot, game):
        assert isinstance(game, GameScreen) and game.state is game.session.state
        app._bot_delay = 60.0  # the bot after the person thinks for a long time
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.state.history) == 1 and game.session.bot_to_act
        request = game.session.bot_request()
        assert request is not None
        answer = request.think()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.state.history == [] and game.session.human_to_act
        game.turns.bot_answered(answer)  # what the worker would hand back now
        await pilot.pause()
        assert game.state.history == []
        app._bot_delay = 0.0
        await pilot.press("enter")
        await settle(app, pilot)
        assert game.state.history[0][0] == 0 and len(game.state.history) >= 3


@pytest.mark.slow
async def test_leaving_the_table_drops_the_answer_being_thought() -> None:
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=2) as (app, pilot, game):
        assert isinstance(game, GameScreen)
        app._bot_delay = 60.0
        assert game.human_move(game.state.legal_actions()[0])
        moves = len(game.state.history)  # with the passes the bots chose meanwhile
        request = game.session.bot_request()
        assert request is not None
        answer = request.think()
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen) and game.session.closed
        assert game.session.bot_answer(answer) == "stale" and len(game.state.history) == moves
