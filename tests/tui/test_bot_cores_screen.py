"""The screen answers keys while a hard bot thinks in two processes, and leaving the
table stops its thinking at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual import events

from cardtable.bots.search import SearchBot
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.info import InfoScreen
from cardtable.tui.widgets.hand import HandView


async def test_keys_are_answered_while_a_two_process_bot_thinks() -> None:
    config = TableConfig.build("durak", ["hard", "human"], seed=2)
    # The pacing delay leaves time to give the bot its two processes before it thinks.
    app = CardtableApp(config, bot_delay=0.3, ascii_only=False, think=5.0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        assert isinstance(game, GameScreen) and game.session.to_act == 0
        bot = game.session.bots[0]
        assert isinstance(bot, SearchBot)
        bot.searcher.workers = 2  # even on a one-core machine
        await asyncio.sleep(1.0)
        assert any(not w.is_finished for w in game.workers), "the bot is not thinking"
        thinking_since = time.monotonic()

        async def answered(key: str, char: str | None, done: Callable[[], bool]) -> float:
            # Not pilot.press: it waits for this process to go idle, and a thinking bot
            # never lets it.  The key comes in as the terminal's would, through the driver.
            pressed = time.monotonic()
            event = events.Key(key, char)
            event.set_sender(app)
            assert app._driver is not None
            app._driver.send_message(event)
            while not done():
                assert time.monotonic() - pressed < 1.0, f"{key} not answered within a second: {app.screen_stack}"
                await asyncio.sleep(0.01)
            return time.monotonic() - pressed

        hand = game.query_one(HandView)
        for _ in range(3):
            before = hand.cursor
            await answered("right", None, lambda: hand.cursor != before)  # noqa: B023 - awaited at once
        await answered("s", "s", lambda: isinstance(app.screen, InfoScreen))
        await answered("escape", None, lambda: app.screen is game)
        # The event loop is never held up for long: short sleeps wake up on time.
        worst = 0.0
        for _ in range(20):
            asked = time.monotonic()
            await asyncio.sleep(0.02)
            worst = max(worst, time.monotonic() - asked - 0.02)
        assert worst < 0.3, f"the event loop was held up {worst:.2f} s"
        # All of that happened while the bot was still thinking its first move.
        assert time.monotonic() - thinking_since < 3.0
        assert len(game.state.history) == 0 and any(not w.is_finished for w in game.workers)
        left = time.monotonic()
        await answered("q", "q", lambda: game.session.closed)
        await app.workers.wait_for_complete()
        assert time.monotonic() - left < 1.5
        # (tests/session/test_bot_cores.py measures that the worker process lets go too)
