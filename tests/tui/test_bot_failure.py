"""A user's bot that fails at the table pauses the game with one line; a built-in bot takes over."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from cardtable.cli import main
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.botfailure import BotFailedScreen
from cardtable.tui.screens.game import GameScreen
from cardtable.userdata.savefiles import load_save

from .conftest import screen_text, settle

BOTS = '''
import sys


class Raiser:
    def __init__(self, seed=None):
        pass

    def choose(self, observation, legal_actions):
        raise ValueError("[/x] my bot [red]broke[/red]")


class Exiter(Raiser):
    def choose(self, observation, legal_actions):
        sys.exit(0)


class Notation(Raiser):
    def choose(self, observation, legal_actions):
        return "jump"


class BadStart(Raiser):
    def __init__(self):
        raise RuntimeError("no start today")
'''


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    path = tmp_path / "table_bots.py"
    path.write_text(BOTS)
    return path


def president_with(seat0: str) -> TableConfig:
    # Seat 0 leads the first trick of President: the user's bot acts first.
    return TableConfig.build("president", [seat0, "human", "easy", "easy"], seed=2)


async def start(app: CardtableApp, pilot) -> None:
    for _ in range(50):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if isinstance(app.screen, BotFailedScreen):
            return
    raise AssertionError("the game did not pause on the failing bot")


@pytest.mark.parametrize(
    ("bot", "line"),
    [
        ("Raiser", "failed: ValueError: [/x] my bot [red]broke[/red]"),
        ("Exiter", "failed: SystemExit"),
        ("Notation", "chose the illegal action 'jump': it returned a str, not an Action"),
        ("BadStart", "failed to start: RuntimeError: no start today"),
    ],
)
async def test_the_game_pauses_and_a_built_in_bot_takes_the_seat(
    bot_file: Path, tmp_path: Path, bot: str, line: str
) -> None:
    save = tmp_path / "game.json"
    app = CardtableApp(president_with(f"{bot_file}:{bot}"), bot_delay=0, save_path=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        failure = app.screen.query_one("#bot-failure", Static).render()
        assert line in failure.plain  # outside text: never read as markup
        assert f"table_bots.py:{bot}'" in failure.plain
        shown = screen_text(app)
        assert "[/x]" in shown or bot != "Raiser"  # the markup is on screen, literally
        assert "Easy (e)" in shown and "Normal (n)" in shown and "Hard (h)" in shown
        game = app.screen_stack[-2]
        assert isinstance(game, GameScreen) and not game.state.history
        await pilot.press("h")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.config.seats[0].kind == "hard"
        assert app.screen.state.history[0][0] == 0  # the hard bot played seat 0's lead
    assert app.return_code in (0, None)
    assert load_save(save).meta["seats"][0]["kind"] == "hard"


async def test_quit_from_the_pause_leaves_the_table(bot_file: Path) -> None:
    app = CardtableApp(president_with(f"{bot_file}:Raiser"), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, (BotFailedScreen, GameScreen))


def test_play_refuses_a_bot_that_cannot_start_before_the_app_opens(
    bot_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def must_not_run(self: CardtableApp, **kwargs: object) -> None:
        raise AssertionError("the app must not start")

    monkeypatch.setattr(CardtableApp, "run", must_not_run)
    for seat, expected in (
        (f"{bot_file}:BadStart", "failed to start: RuntimeError: no start today"),
        ("os:system", "'system' is not a bot class"),
        ("cardtable.cli:main", "'main' is not a bot class"),
    ):
        code = main(["play", "president", "--seats", f"human,{seat},easy"])
        err = capsys.readouterr().err
        assert code == 2, err
        assert err.startswith("cardtable: ") and err.count("\n") == 1 and expected in err


def test_a_user_bot_seat_is_named_by_its_class(bot_file: Path) -> None:
    config = TableConfig.build("hearts", ["human", f"{bot_file}:Raiser", "easy", "easy"])
    assert config.seats[1].kind == f"{bot_file}:Raiser"
    assert config.seats[1].label == "Ada (Raiser)"
