"""The screen answers keys while a hard bot thinks in two processes, and leaving the
table stops its thinking at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest
from textual import events

from cardtable.bots.search import SearchBot, available_cores
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.info import InfoScreen
from cardtable.tui.widgets.hand import HandView
from tests.tui.conftest import settle


@pytest.mark.slow
async def test_keys_are_answered_while_a_two_process_bot_thinks() -> None:
    config = TableConfig.build("durak", ["hard", "human"], seed=2)
    # The pacing delay leaves time to give the bot its two processes before it thinks.
    app = CardtableApp(config, bot_delay=0.3, ascii_only=False, think=60.0)
    async with app.run_test(size=(80, 24)):
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
                # A blocked event loop would hold a key for the bot's whole minute; a loaded
                # machine may hold any process up for a second or two.
                assert time.monotonic() - pressed < 5.0, f"{key} not answered within 5 s: {app.screen_stack}"
                await asyncio.sleep(0.01)
            return time.monotonic() - pressed

        hand = game.query_one(HandView)
        for _ in range(3):
            before = hand.cursor
            await answered("right", None, lambda: hand.cursor != before)  # noqa: B023 - awaited at once
        await answered("s", "s", lambda: isinstance(app.screen, InfoScreen))
        await answered("escape", None, lambda: app.screen is game)
        # The event loop is never held up for long: short sleeps wake up about on time
        # (a bot that blocked it would hold it for its whole minute; a loaded machine
        # may hold any process up for a second or two).
        worst = 0.0
        for _ in range(20):
            asked = time.monotonic()
            await asyncio.sleep(0.02)
            worst = max(worst, time.monotonic() - asked - 0.02)
        assert worst < 5.0, f"the event loop was held up {worst:.2f} s"
        # All of that happened while the bot was still thinking its first move.
        assert time.monotonic() - thinking_since < 45.0
        assert len(game.state.history) == 0 and any(not w.is_finished for w in game.workers)
        left = time.monotonic()
        await answered("q", "q", lambda: game.session.closed)
        await app.workers.wait_for_complete()
        assert time.monotonic() - left < 15.0  # a quarter of its minute: leaving stopped it
        # (tests/session/test_bot_cores.py measures that the worker process lets go too)


@pytest.mark.slow
async def test_the_bot_cores_setting_reaches_the_hard_bots_and_the_hint() -> None:
    from cardtable.bots.search import play_workers
    from cardtable.tui.screens.settings import SettingsScreen
    from cardtable.tui.widgets.cycler import Cycler
    from cardtable.userdata.settings import Settings, load_settings

    config = TableConfig.build("durak", ["human", "hard"], seed=2)
    app = CardtableApp(config, bot_delay=0, ascii_only=False, hint_iterations=20)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and app.bot_cores == 2
        bot = game.session.bots[1]
        assert isinstance(bot, SearchBot) and bot.searcher.workers == play_workers()
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        cycler = app.screen.query_one("#set-bot_cores", Cycler)
        assert cycler.value == "2"
        cycler.value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is game and app.bot_cores == 1
        assert game.session.workers == bot.searcher.workers == 1
        request = game.session.hint_request(0)
        assert not isinstance(request, str) and request.workers == 1
    assert load_settings()[0].bot_cores == 1
    # A table opened with the setting at 1 starts so.
    app = CardtableApp(config, bot_delay=0, ascii_only=False, settings=Settings(bot_cores=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        session = app.screen.session
        assert session.workers == 1 and session.bots[1].searcher.workers == 1


@pytest.mark.slow
@pytest.mark.skipif(available_cores() < 2, reason="a table uses one process on one core")
def test_inside_the_app_a_hard_bot_merges_the_worker_processs_tree(tmp_path) -> None:
    """In a fresh process (this one's pool runs already), as the app starts it: the
    worker process starts beside Textual and its tree is merged into a decision."""
    import os
    import subprocess
    import sys

    script = tmp_path / "app_cores.py"
    script.write_text(
        "import asyncio\n"
        "from cardtable.tui.app import CardtableApp\n"
        "from cardtable.tui.config import TableConfig\n"
        "async def main():\n"
        "    config = TableConfig.build('durak', ['hard', 'hard'], seed=2)\n"
        "    app = CardtableApp(config, bot_delay=0, ascii_only=False, think=0.5)\n"
        "    async with app.run_test(size=(80, 24)):\n"
        "        bots = app.screen.session.bots.values()\n"
        "        for _ in range(200):\n"
        "            await asyncio.sleep(0.1)\n"
        "            if any(b.searcher.last_result and b.searcher.last_result.workers == 2 for b in bots):\n"
        "                print('merged')\n"
        "                return\n"
        "        print('never merged')\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "CARDTABLE_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "merged"
