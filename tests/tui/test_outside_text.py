"""Text from outside (names, settings, files) is shown literally on every screen (issue 12).

Each test is one case found by trying the app as a hostile user would: a name or a
value holding markup (``[/x]``), escape sequences or line breaks crashed the app,
coloured the screen or reached the terminal raw.
"""

from __future__ import annotations

import json

import pytest

from cardtable.commands.play import build_config
from cardtable.engine.errors import InvalidOptionError
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig, config_for_state
from cardtable.tui.screens.botfailure import BotFailedScreen
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.privacy import PrivacyScreen
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.stats import StatsScreen
from cardtable.tui.widgets.seats import seat_lines
from cardtable.userdata.paths import autosave_path, settings_path, stats_path
from cardtable.userdata.savefiles import load_save, save_game
from cardtable.userdata.slots import latest_unfinished

from .conftest import screen_text, settle


def assert_no_raw_control(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text, repr(text)


def notifications(app: CardtableApp) -> list[str]:
    return [notification.message for notification in app._notifications]


def saved_game_with_names(game: str, names: list[str], kinds: list[str], seed: int = 5):
    """A game saved to the autosave with these names written into the file as they are."""
    players = len(names)
    config = build_config(game, ",".join(kinds), seed=seed)
    assert len(config.seats) == players
    state = config.new_state()
    state.meta["seats"] = [{"name": name, "kind": kind} for name, kind in zip(names, kinds)]
    return load_save(save_game(state))


@pytest.mark.slow
async def test_a_markup_name_shows_literally_on_the_privacy_screen_and_after_resume() -> None:
    # Found: `play hearts --seats 'human:[/red]oops,human:Bob,easy,easy'` crashed on the
    # first privacy screen, and `resume` crashed the same way every time after.
    config = build_config("hearts", "human:[/red]oops,human:Bob,easy,easy", seed=3)
    app = CardtableApp(config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "[/red]oops's turn" in text
        body = str(app.screen.query_one("#privacy-body").render())
        assert body == "Press Enter when only [/red]oops is looking."
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "[/red]oops's view" in text and "[/red]oops's hand" in text
        # The person's pass, so that the game is listed to resume (a game nobody moved in is not).
        await pilot.press("space", "right", "space", "right", "space", "enter")
        await settle(app, pilot)
    state = load_save(latest_unfinished())
    app = CardtableApp(config_for_state(state), state=state, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, PrivacyScreen)
        assert "Bob's turn" in screen_text(app)  # the hand-over after the person's pass
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert "[/red]oops" in screen_text(app)


async def test_a_backslash_in_a_name_is_not_read_as_a_regex_group() -> None:
    # The hot-seat prompt puts the player's name where it says "you".
    config = build_config("hearts", r"human:\1 \g<0>,human:Bob,easy,easy", seed=3)
    app = CardtableApp(config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert r"\1 \g<0>" in str(app.screen.query_one("#status").render())


@pytest.mark.slow
async def test_a_finished_game_with_a_markup_name_keeps_the_statistics_screen_working(capsys) -> None:
    # Found: after `play durak --seats 'easy:[/x]bot,easy:Ada'` to the end, S on the
    # start screen crashed the app (and `cardtable stats` exited 1) for good.
    config = build_config("durak", "easy:[/x]bot,easy:Ada", seed=4, rounds=1)
    app = CardtableApp(config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot, rounds=400)
        await pilot.pause()
        assert isinstance(app.screen, RoundOverScreen) and app.screen.game_over
        assert "[/x]bot" in screen_text(app)
    assert "[/x]bot" in stats_path().read_text(encoding="utf-8")
    app = CardtableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "[/x]bot" in screen_text(app)


@pytest.mark.slow
@pytest.mark.parametrize(
    "settings_text",
    ['bot_speed = "[/x]"\n', '"[/x]" = 1\n', 'default_player_name = "[/x]\\u001b[2J"\n', "[/x]]\n"],
)
async def test_markup_in_a_settings_key_or_value_never_stops_the_app(settings_text: str) -> None:
    # Found: a settings value or key containing [/x] crashed the app on every start.
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(settings_text, encoding="utf-8")
    app = CardtableApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        (warning,) = notifications(app)
        assert warning.startswith("settings.toml: ")
        assert "\x1b" not in warning and "\n" not in warning
        text = screen_text(app)
        assert "settings.toml: " in text and "\x1b" not in text
        assert ("[/x]" in warning) == ("[/x]" in text)


async def test_a_damaged_autosave_with_markup_in_its_bad_move_is_reported_literally() -> None:
    # Found: a damaged autosave whose bad move contains [/x] crashed the start screen once.
    state = build_config("hearts", "human,easy,easy,easy", seed=1).new_state()
    data = json.loads(state.to_json())
    data["actions"] = [[0, "give [/x]\x1b[2J"]]
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text(json.dumps(data), encoding="utf-8")
    app = CardtableApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "cannot load" in screen_text(app)
        (message,) = notifications(app)
        assert "[/x]\\x1b[2J" in message and "\x1b" not in message
        assert "\x1b" not in screen_text(app)


async def test_escape_sequences_and_line_breaks_in_saved_names_are_made_safe() -> None:
    # Found: a newline in a name split the seat box and the title bar; ESC sequences
    # wiped the screen and set the terminal's title.
    state = saved_game_with_names(
        "hearts", ["\x1b[2JE", "\x1b]0;pwn\x07Q", "two\nlines", "Bob"], ["human", "human", "easy", "easy"]
    )
    assert [seat.name for seat in config_for_state(state).seats] == ["[2JE", "]0;pwnQ", "two lines", "Bob"]
    app = CardtableApp(config_for_state(state), state=state, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert "[2JE's turn" in screen_text(app)
        await pilot.press("enter")
        await settle(app, pilot)
        text = screen_text(app)
        assert "\x1b" not in text and "\x07" not in text
        title = app.screen.query_one("#title-bar").render()
        assert "\n" not in str(title) and "[2JE's view" in str(title)
        seat_box = str(app.screen.query_one("#seat-2").render())
        assert seat_box.count("\n") == 2 and "two lines" in seat_box


async def test_a_long_name_from_a_file_is_cut_one_way_everywhere() -> None:
    # Found: 500-character names were cut three different ways.
    state = saved_game_with_names("hearts", ["Ann", "N" * 500, "Bob", "Cy"], ["human", "easy", "easy", "easy"])
    config = config_for_state(state)
    assert config.seats[1].name == "N" * 15 + "…"
    app = CardtableApp(config, state=state, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        shown = [str(game.query_one(widget).render()) for widget in ("#seat-1", "#scores", "#log")]
        shown.append(str(game.table.render()))
        shown.append(str(game.table.score_text(game.obs, game.context)))
        import re

        runs = re.findall(r"N{2,}.?", "\n".join(shown))
        assert runs, shown
        # Every place that shows the name shows its head and "…", never a bare cut.
        assert all(run.endswith("…") for run in runs), runs


def test_seat_box_fits_wide_names_in_columns() -> None:
    from rich.cells import cell_len

    lines = seat_lines(12, "李小龍李小龍李小龍 (hard)", "李小龍李小龍李小龍", 5, ["to act"], to_act=True)
    assert cell_len(lines[0]) <= 12 and lines[0].startswith("李小…")


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ("human:\x1b[2JE,human:\x1b]0;pwn\x07Q,easy,easy", "control character (\\x1b)"),
        ("human:A\nB,easy,easy,easy", "not one line"),
        ("human:" + "N" * 500 + ",easy,easy,easy", "500 characters long"),
        ("human:a\u202eb,easy,easy,easy", "invisible formatting character"),
    ],
)
def test_bad_names_on_the_command_line_are_refused(seats: str, words: str) -> None:
    with pytest.raises(InvalidOptionError) as caught:
        build_config("hearts", seats)
    assert words in str(caught.value)


@pytest.mark.slow
async def test_a_bad_name_typed_on_the_start_screen_is_refused_literally() -> None:
    app = CardtableApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-0").value = "[/x]\x07"
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        error = str(screen.query_one("#start-error").render())
        assert error.startswith("Can't start: the name '[/x]\\x07' has a control character")


async def test_a_bad_name_in_the_settings_screen_is_refused_literally() -> None:
    app = CardtableApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#set-default_player_name").value = "[/x]\x1b[2J"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(app.screen.query_one("#settings-error").render())
        assert error.startswith("Not saved: default_player_name: the name '[/x]\\x1b[2J'")
        assert not settings_path().exists()


async def test_a_user_bot_s_error_message_reaches_the_screen_without_its_escape_sequences(tmp_path) -> None:
    bot = tmp_path / "noisy_bot.py"
    bot.write_text(
        "class Noisy:\n"
        "    def choose(self, observation, legal_actions):\n"
        "        raise ValueError('\\x1b]0;pwn\\x07[/x]\\x1b[2J gone\\nsecond line')\n"
    )
    config = TableConfig.build("president", [f"{bot}:Noisy", "human", "easy", "easy"], seed=2)
    app = CardtableApp(config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if isinstance(app.screen, BotFailedScreen):
                break
        assert isinstance(app.screen, BotFailedScreen)
        failure = str(app.screen.query_one("#bot-failure").render())
        assert "\\x1b]0;pwn\\x07[/x]\\x1b[2J gone" in failure and "\n" not in failure
        assert_no_raw_control(screen_text(app))
