"""Every unfinished game has its own save: the start screen lists them all, fresh each time."""

from __future__ import annotations

import random

import pytest
from textual.widgets import OptionList

from cardtable.engine.state import GameState
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.userdata.paths import saves_dir
from cardtable.userdata.savefiles import load_save, save_game
from cardtable.userdata.slots import GameSlot, unfinished_games

from .conftest import screen_text, settle


def moved(state: GameState) -> GameState:
    """``state`` after one move: a game nobody moved in is not listed."""
    state.apply(state.legal_actions()[0])
    return state


async def play_a_little(app: CardtableApp, pilot, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        await settle(app, pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        game.human_move(rng.choice(game.state.legal_actions()))
    await settle(app, pilot)


async def quit_table(app: CardtableApp, pilot) -> None:
    await pilot.press("q")
    await pilot.pause()
    assert isinstance(app.screen, StartScreen)


def listed(app: CardtableApp) -> list[str]:
    return [game.game for game in app.saved_games]


@pytest.mark.slow
async def test_a_second_game_from_the_start_screen_keeps_the_first() -> None:
    """Found: start Hearts, quit, start President from the start screen: Hearts was gone."""
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=4)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_little(app, pilot, 3, seed=1)
        hearts_history = list(app.screen.state.history)
        await quit_table(app, pilot)
        assert listed(app) == ["hearts"]
        # A new game has the focus; continuing is C away.
        assert app.focused is app.screen.query_one("#game-list", OptionList)
        assert "Hearts" in screen_text(app) and "hand 1" in screen_text(app)
        # A new game from the start screen: President.
        app.screen.query_one("#game-list", OptionList).highlighted = 0
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_name == "president"
        await play_a_little(app, pilot, 2, seed=2)
        president_history = list(app.screen.state.history)
        await quit_table(app, pilot)
        assert listed(app) == ["president", "hearts"]  # newest first, nothing lost
        assert len(list(saves_dir().glob("*.json"))) == 2
        # Each continues where it was: the newest with C (Continue)...
        await pilot.press("c")
        await pilot.pause()
        assert app.screen.game_name == "president"
        assert app.screen.state.history[: len(president_history)] == president_history
        await quit_table(app, pilot)
        # ...and the other one picked in the list.
        saved_list = app.screen.query_one("#saved-list", OptionList)
        saved_list.focus()
        saved_list.highlighted = listed(app).index("hearts")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.game_name == "hearts"
        assert app.screen.state.history[: len(hearts_history)] == hearts_history


@pytest.mark.slow
async def test_continuing_a_replaced_save_carries_on_with_the_newer_one() -> None:
    """Found: the start screen offered a game whose file had since been replaced, and
    continuing it overwrote the newer save."""
    config = TableConfig.build("durak", ["human", "easy"], seed=6, options={"rounds": 3})
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_little(app, pilot, 2, seed=3)
        path = app.slot.path
        await quit_table(app, pilot)
        assert [game.path for game in app.saved_games] == [path]
        # Meanwhile another cardtable carried on with the game and saved it further.
        newer = load_save(path)
        rng = random.Random(9)
        for _ in range(6):
            newer.apply(rng.choice(newer.legal_actions()))
        save_game(newer, path)
        await pilot.click("#continue")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.state.history[: len(newer.history)] == newer.history  # the newer save, read afresh
        await play_a_little(app, pilot, 1, seed=4)
        assert load_save(path).history[: len(newer.history)] == newer.history  # never written over


async def test_a_save_replaced_while_the_game_is_open_is_left_alone() -> None:
    config = TableConfig.build("durak", ["human", "easy"], seed=6, options={"rounds": 3})
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_little(app, pilot, 1, seed=3)
        path = app.slot.path
        path.write_text("my notes, copied here by mistake", encoding="utf-8")
        await play_a_little(app, pilot, 1, seed=4)
        assert path.read_text(encoding="utf-8") == "my notes, copied here by mistake"
        moved = app.slot.path
        assert moved != path and load_save(moved).history == app.screen.state.history
        message = [n.message for n in app._notifications][-1]
        assert str(path) in message and moved.stem in message and "\n" not in message


@pytest.mark.slow
async def test_a_game_open_elsewhere_is_refused_in_one_line() -> None:
    from cardtable.games import get_rules

    holder = GameSlot.new(moved(get_rules("hearts").new_game(players=4, seed=2)))  # another cardtable's
    try:
        app = CardtableApp(bot_delay=0, ascii_only=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "open in another cardtable" in screen_text(app)
            await pilot.click("#continue")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            messages = [n.message for n in app._notifications]
            assert messages == [
                f"the game {holder.save_id} is already open in another cardtable; close it there first"
            ]
    finally:
        holder.close()


@pytest.mark.slow
async def test_delete_on_the_start_screen_removes_one_game() -> None:
    from cardtable.games import get_rules

    first = GameSlot.new(moved(get_rules("durak").new_game(players=2, seed=1)))
    second = GameSlot.new(moved(get_rules("hearts").new_game(players=4, seed=1)))
    first.close()
    second.close()
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(app.saved_games) == 2
        chosen = app.screen.chosen_saved_game
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert len(unfinished_games()[0]) == 2
        await pilot.press("delete")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert [game.save_id for game in app.saved_games] == [
            slot.save_id for slot in (first, second) if slot.save_id != chosen.save_id
        ]
        assert not chosen.path.exists()


@pytest.mark.slow
async def test_saves_read_after_the_start_screen_closed_change_nothing() -> None:
    """Found in CI: a game started (or the app quit) while the start screen read the
    saves, and listing them on the closed screen raised NoMatches."""
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=4)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_little(app, pilot, 3, seed=1)
        await quit_table(app, pilot)
        start = app.screen
        assert isinstance(start, StartScreen) and start.query("#saved-games")
        # The screen is left for a new game; its reading of the saves comes late.
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        for widget in (*start.query("#saved-games"), *start.query("#continue")):
            await widget.remove()
        start.remove_class("with-saved")
        await start.show_saved_games()
        assert isinstance(app.screen, GameScreen)


async def test_four_unfinished_games_of_one_table_are_told_apart_and_fit_80x24() -> None:
    """Found: four rows of "President · You, Ada, Ben, Cleo · round 1 · today 05:27", and
    at 80x24 the buttons' bottom edge cut under an outer scrollbar."""
    from cardtable.games import get_rules
    from cardtable.userdata.meta import set_seats

    for number in range(4):
        state = get_rules("president").new_game(players=4, seed=5 + number)
        set_seats(state, [("You", "human"), ("Ada", "normal"), ("Ben", "normal"), ("Cleo", "normal")])
        rng = random.Random(number)
        for _ in range(3 + 2 * number):
            state.apply(rng.choice(state.legal_actions()))
        GameSlot.new(state).close()
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen) and len(app.saved_games) == 4
        text = screen_text(app)
        rows = [line.strip() for line in text.splitlines() if line.strip().startswith("President ·")]
        assert len(rows) == 4 and len(set(rows)) == 4, text
        for row, game in zip(rows, app.saved_games):
            assert f"seed {game.seed}" in row and "turn" in row and "cards " in row, row
        # Nothing cut: the form needs no scrolling, and every button is whole above the footer.
        assert screen.query_one("#start-form").max_scroll_y == 0, text
        footer_top = screen.query_one("KeysFooter").region.y
        for button in screen.query("#start-buttons Button"):
            assert button.region.bottom <= footer_top and button.region.right <= 80, (button, text)
        assert "Quit" in text and "Continue President" in text
