"""The start screen, the CLI's play command, rendered 80x24 screens, the import rule."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable.cli import main
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.help import HelpScreen
from cardtable.tui.screens.start import StartScreen

from .conftest import screen_text, settle


@pytest.mark.slow
async def test_enter_enter_starts_president_against_normal_bots() -> None:
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        text = screen_text(app)
        for word in ("cardtable", "President", "Durak", "Hearts", "Players", "Seat 1", "human",
                     "normal", "Rounds", "Revolution", "Seed", "Start"):
            assert word in text, word
        await pilot.press("enter")
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        seats = app.screen.config.seats
        assert [s.kind for s in seats] == ["human", "normal", "normal", "normal"]
        assert app.screen.state.num_players == 4


async def test_start_screen_options_and_one_line_error() -> None:
    app = CardtableApp(bot_delay=0, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "down")  # Hearts
        await pilot.pause()
        assert screen.game == "hearts"
        assert "Target" in screen_text(app)
        screen.query_one("#opt-target").value = "0"
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "Can't start: option target must be at least 1" in screen_text(app)
        screen.query_one("#opt-target").value = "50"
        screen.query_one("#name-1").value = "Mia"
        screen.action_start()
        await settle(app, pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.config.options["target"] == 50 and game.config.seats[1].name == "Mia"


@pytest.mark.slow
async def test_help_screen_shows_keys_and_rules() -> None:
    config = TableConfig.build("durak", ["human", "easy"], seed=1)
    app = CardtableApp(config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Enter" in text and "take" in text.lower()
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("game,kinds", [
    ("president", "human,normal,normal,normal"),
    ("durak", "human,normal,normal"),
    ("hearts", "human,normal,normal,normal"),
])
async def test_mid_game_screen_at_80x24(game: str, kinds: str) -> None:
    config = TableConfig.build(game, kinds.split(","), seed=2)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        if game == "hearts":  # get past the pass to a trick
            legal = screen.state.legal_actions()
            screen.human_move(legal[0])
            await settle(app, pilot)
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) == 24 and max(len(line) for line in lines) <= 80
        obs = screen.obs
        # every card in the hand is on screen with its suit symbol
        for card in obs.hand:
            assert card.label() in text
        for seat in screen.config.seats:
            assert seat.name in text
        assert "Play" in lines[-2] and "Help" in text
        expected = {"president": "four of a kind", "durak": "Trump", "hearts": "hearts"}[game]
        assert expected in text


async def test_ascii_mode_uses_letters() -> None:
    config = TableConfig.build("president", ["human", "easy", "easy"], seed=2)
    app = CardtableApp(config, bot_delay=0, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        text = screen_text(app)
        assert not any(symbol in text for symbol in "♣♦♥♠")
        for card in app.screen.obs.hand:
            assert card.label(ascii_only=True) in text


async def test_resize_to_120x40_keeps_everything() -> None:
    config = TableConfig.build("durak", ["human", "hard"], seed=9)
    app = CardtableApp(config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        text = screen_text(app)
        assert len(text.splitlines()) == 40
        for card in app.screen.obs.hand:
            assert card.label(ascii_only=app.ascii_only) in text


@pytest.mark.parametrize("args,message", [
    (["play", "hearts", "--seats", "human,normal"], "Hearts is for exactly 4 players, not 2"),
    (["play", "president", "--seats", "human,wizard,normal"], "unknown seat kind 'wizard'"),
    (["play", "president", "--target", "50"], "--target does not apply to President"),
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "durak", "--speed", "warp"], "unknown speed 'warp'"),
])
def test_play_command_bad_arguments_one_line(args, message, capsys) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_core_rules_and_bots_do_not_import_textual() -> None:
    code = (
        "import sys, cardtable, cardtable.games, cardtable.bots, cardtable.engine, cardtable.cli\n"
        "from cardtable.games import available_games, get_rules\n"
        "from cardtable.bots import make_bot\n"
        "for g in available_games(): get_rules(g); make_bot(g, 'normal', 1)\n"
        "import cardtable.commands.play\n"
        "assert not any(m == 'textual' or m.startswith('textual.') for m in sys.modules), 'textual'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
