"""Saved games, resume, replay, statistics, settings, hints, undo and confirm, through the app."""

from __future__ import annotations

import random

import pytest

from cardtable.cli import main
from cardtable.commands.play import build_config
from cardtable.games import get_rules
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.stats import StatsScreen
from cardtable.tui.widgets.cycler import Cycler
from cardtable.tui.widgets.hand import HandView
from cardtable.userdata.paths import autosave_path, records_dir, saves_dir, settings_path
from cardtable.userdata.records import export_record, load_record
from cardtable.userdata.savefiles import load_save, set_seats
from cardtable.userdata.settings import Settings, load_settings
from cardtable.userdata.stats import load_stats

from .conftest import screen_text, settle


def game_saves() -> list:
    """The per-game save files in the saves folder."""
    return sorted(saves_dir().glob("*.json")) if saves_dir().exists() else []


async def play_moves(app, pilot, count: int, rng: random.Random) -> None:
    for _ in range(count):
        await settle(app, pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        game.human_move(rng.choice(game.state.legal_actions()))


@pytest.mark.slow
async def test_resume_after_a_kill_mid_game() -> None:
    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=8)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_moves(app, pilot, 5, random.Random(2))
        await settle(app, pilot)
        history = list(app.screen.state.history)
        path = app.slot.path
    # The app is gone as if the terminal was killed; the game's save holds every action.
    assert path.parent == saves_dir() and game_saves() == [path]
    saved = load_save(path)
    assert saved.history == history and saved.meta["seats"][0] == {"kind": "human", "name": "You"}
    fresh = CardtableApp(bot_delay=0, ascii_only=False)
    async with fresh.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(fresh.screen, StartScreen)
        assert "Continue" in screen_text(fresh)
        await pilot.click("#continue")
        await pilot.pause()
        game = fresh.screen
        assert isinstance(game, GameScreen)
        assert game.state.history[: len(history)] == history
        assert game.state.observation(0) == saved.observation(0) or len(game.state.history) > len(history)


@pytest.mark.slow
async def test_corrupt_autosave_is_reported_set_aside_and_the_app_works() -> None:
    path = autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "cardtable-save", "version": 1, "game": "pres', encoding="utf-8")
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1 and str(path) in messages[0] and "\n" not in messages[0]
        assert not list(app.screen.query("#continue"))
        assert not path.exists() and len(list(path.parent.glob("autosave.corrupt-*"))) == 1
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


def test_cli_resume_refuses_a_bad_file_in_one_line(tmp_path, capsys) -> None:
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not json", encoding="utf-8")
    assert main(["resume", str(foreign)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(foreign) in err and "left as it is" in err
    assert foreign.read_text(encoding="utf-8") == "not json"  # not ours: never moved
    bad = tmp_path / "game.json"
    state = get_rules("president").new_game(players=4, seed=1)
    bad.write_text(state.to_json()[:-40], encoding="utf-8")  # a truncated save
    assert main(["resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and "left as it is" in err
    assert bad.exists()  # outside the data folder nothing is ever renamed
    assert main(["resume", "/dev/zero"]) == 2  # found: it read forever
    err = capsys.readouterr().err
    assert err == "cardtable: cannot read /dev/zero: it is not a regular file\n"
    assert main(["resume"]) == 2
    assert "no unfinished game" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_seat_names_in_seats_option() -> None:
    config = build_config("hearts", "human:Ann,human:Ben,hard,hard", seed=1)
    assert [seat.label for seat in config.seats] == ["Ann", "Ben", "Zoe (hard)", "Cleo (hard)"]


def finished_game(game: str = "durak", **options):
    from cardtable.games import get_rules

    state = get_rules(game).new_game(players=2 if game == "durak" else 4, seed=5, **options)
    set_seats(state, [("Ann", "human"), ("Ada", "easy")][: state.num_players])
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


async def test_replay_steps_forward_and_back(tmp_path) -> None:
    state = finished_game(rounds=1)
    record = export_record(state, tmp_path / "record.json")
    replay = load_record(record)
    app = CardtableApp(bot_delay=0, ascii_only=False, replay=replay)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for _ in range(3):
            await pilot.press("right")
        assert replay.position == 3 and f"move 3/{replay.length}" in screen_text(app)
        await pilot.press("left")
        assert replay.position == 2 and screen.state.history == state.history[:2]
        await pilot.click("#replay-end")
        assert replay.at_end and "(the end)" in screen_text(app)
        assert screen.query_one(HandView).cards == []  # a spectator sees no hand
        await pilot.press("home")
        assert replay.position == 0
        await pilot.press("q")
    seat_view = CardtableApp(bot_delay=0, ascii_only=False, replay=load_record(record), replay_seat=0)
    async with seat_view.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        hand = seat_view.screen.query_one(HandView)
        assert set(hand.cards) == set(load_record(record).observation(0).hand) and hand.cards


@pytest.mark.slow
async def test_stats_recorded_once_when_the_game_ends_and_shown() -> None:
    config = TableConfig.build("durak", ["human", "easy"], seed=3, options={"rounds": 1})
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    rng = random.Random(5)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(300):
            await settle(app, pilot)
            if isinstance(app.screen, RoundOverScreen):
                break
            app.screen.human_move(rng.choice(app.screen.state.legal_actions()))
        game = app.screen_stack[-2]
        assert game.state.is_over
        game.session.autosave()  # a second save must not count the game twice
        entries, _ = load_stats()
        mine = [e for e in entries if e.name == "You"]
        assert len(mine) == 1 and mine[0].played == 1
        assert not game_saves()  # finished: the save became a record
        assert [load_record(p).info.finished for p in records_dir().iterdir()] == [True]
        await pilot.press("n")  # new game: back to the start screen
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "You" in screen_text(app) and "Durak" in screen_text(app)


async def test_settings_screen_round_trip_and_warnings() -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text('bot_speed = "warp"\n', encoding="utf-8")
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert [n.message.split(":")[0] for n in app._notifications] == ["settings.toml"]
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#set-bot_speed", Cycler).value = "fast"
        screen.query_one("#set-default_bot_level", Cycler).value = "easy"
        screen.query_one("#set-confirm_before_play", Cycler).value = "on"
        screen.query_one("#set-default_player_name").value = "Zed"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.pace == "fast"
        assert app.screen.query_one("#kind-1", Cycler).value == "easy"
        assert app.screen.query_one("#name-0").placeholder == "Zed"
    saved, warnings = load_settings()
    assert warnings == []
    assert saved == Settings(bot_speed="fast", default_bot_level="easy", confirm_before_play=True,
                             default_player_name="Zed")


async def test_confirm_before_play_asks_first() -> None:
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=2)
    app = CardtableApp(config, bot_delay=0, ascii_only=False, settings=Settings(confirm_before_play=True))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(app, pilot)
        game = app.screen
        before = len(game.state.history)
        legal = game.state.legal_actions()[0]
        hand = game.query_one(HandView)
        hand.selected = set(legal.cards)
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert len(game.state.history) == before
        hand.selected = set(legal.cards)
        await pilot.press("enter")
        await pilot.press("y")
        await pilot.pause()
        assert game.state.history[before] == (0, legal)


async def test_hint_highlights_a_legal_move() -> None:
    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=6)
    app = CardtableApp(config, bot_delay=0, ascii_only=False, hint_iterations=30)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(app, pilot)
        game = app.screen
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        hint = game.hints.action
        assert hint in game.state.legal_actions()
        hand = game.query_one(HandView)
        assert hand.hinted == set(hint.cards) and hand.hinted
        assert "Hint:" in screen_text(app)


async def test_undo_takes_back_the_last_move_and_marks_the_game() -> None:
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=9)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(app, pilot)
        game = app.screen
        await pilot.press("ctrl+z")
        assert "Nothing to undo" in screen_text(app)
        before = game.state.to_json()
        hand_before = game.state.hand(0)
        count = len(game.state.history)
        game.human_move(game.state.legal_actions()[0])
        await settle(app, pilot)
        assert len(game.state.history) > count
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert len(game.state.history) == count and game.state.hand(0) == hand_before
        assert game.state.meta["undo_used"] is True
        assert game.state.history == load_save(app.slot.path).history
        assert load_save(app.slot.path).meta["undo_used"] is True
        assert before != game.state.to_json()  # the same position, now marked
        assert "undo used" in screen_text(app)


async def test_undo_refused_in_hot_seat() -> None:
    config = build_config("durak", "human:Ann,human:Ben", seed=1)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # past the privacy screen
        await pilot.pause()
        await pilot.press("ctrl+z")
        assert "single person" in screen_text(app)


def test_play_save_never_overwrites_an_existing_file(tmp_path, capsys) -> None:
    """Found: `play --save v.json` overwrote any existing file that parses as JSON."""
    another_game = get_rules("durak").new_game(players=2, seed=1).to_json()
    for name, text in [("v.json", '{"my": "data"}'), ("game.json", another_game)]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert main(["play", "durak", "--save", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the file exists and is not a save of this game" in err
        assert path.read_text(encoding="utf-8") == text


async def test_replay_of_a_game_with_one_person_opens_on_their_seat(tmp_path, monkeypatch) -> None:
    """``cardtable replay RECORD`` of a one-person game: their seat, hand and all, not a
    spectator's "(no cards)"; with two people, as a spectator."""
    from cardtable.commands import play as play_command

    opened: list[CardtableApp] = []
    monkeypatch.setattr(play_command, "run_app", opened.append)
    state = finished_game(rounds=1)
    set_seats(state, [("Ada", "easy"), ("Ann", "human")])
    record = export_record(state, tmp_path / "record.json")
    play_command.replay(str(record))
    app = opened[-1]
    assert app.replay_seat == 1
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Ann's hand" in text and "(no cards)" not in text and "as Ann saw it" in text, text
    set_seats(state, [("Ada", "human"), ("Ann", "human")])
    play_command.replay(str(export_record(state, tmp_path / "two.json")))
    assert opened[-1].replay_seat is None
