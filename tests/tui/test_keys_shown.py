"""Every key is written where it is used: the round-over pop-up's buttons name their
keys as the footer does, and the help's key column is wide enough at 80x24."""

from __future__ import annotations

import random

from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.help import HelpScreen
from cardtable.tui.screens.roundover import RoundOverScreen

from .conftest import screen_text, settle


async def test_round_over_buttons_name_their_keys() -> None:
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=8)
    state = config.new_state()
    rng = random.Random(2)
    while not (state.current_player == 0 and len(state.hand(0)) == 1):
        state.apply(rng.choice(state.legal_actions()))
    app = CardtableApp(config, bot_delay=0, ascii_only=False, state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, RoundOverScreen)
        text = screen_text(app)
        for label in ("Next hand (Enter)", "Review (R)", "New game (N)", "Quit (Q)"):
            assert label in text, text
        # The keys the labels name are the keys that work.
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, RoundOverScreen)


async def test_help_key_column_does_not_wrap_at_80x24() -> None:
    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=5)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        seen = ""
        for _ in range(3):
            seen += screen_text(app) + "\n"
            await pilot.press("pagedown")
            await pilot.pause()
        for key in ("Home / End", "F1 or ?", "Ctrl+Z"):
            assert f"│ {key} " in seen, seen
        assert "│ Home /" not in seen.replace("│ Home / End", "")
