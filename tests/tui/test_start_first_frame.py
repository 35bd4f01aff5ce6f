"""What the start screen's first frame costs: it is composed whole, styled once, and its
footer built once (benchmarks/startup.py times it; these check the behaviour stays)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from cardtable.commands.play import build_config
from cardtable.games import get_rules
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.widgets.buttons import FormButton
from cardtable.tui.widgets.cycler import Cycler
from cardtable.tui.widgets.firstframe import GAME_CSS, SCREENS_CSS, START_CSS, breakpoint_classes
from cardtable.tui.widgets.footer import KeysFooter
from cardtable.userdata.slots import GameSlot

from .conftest import screen_text, settle


def footer_line(app: CardtableApp) -> str:
    return screen_text(app).splitlines()[-1]


async def test_the_start_screen_is_composed_with_its_game_table_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found: the blurb, the player count and the options were filled in once the screen
    was mounted, a second layout before the screen was complete."""
    seen: dict[str, Any] = {}
    mounted = StartScreen.on_mount

    def on_mount(screen: StartScreen) -> None:
        seen["options"] = [widget.id for widget in screen.query("#options-box Cycler, #options-box Input")]
        seen["blurb"] = str(screen.query_one("#game-blurb", Static).render())
        seen["players"] = screen.query_one("#players", Cycler).values
        seen["seats shown"] = [row.display for row in screen.query(".seat-row")]
        seen["names"] = [name.placeholder for name in screen.query(".name-input").results(Input)]
        mounted(screen)

    monkeypatch.setattr(StartScreen, "on_mount", on_mount)
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and app.screen.game == "president"
    assert seen["options"] == ["opt-rounds", "opt-revolution"]
    assert seen["blurb"].startswith("Shed your cards first")
    assert seen["players"] == ["3", "4", "5", "6"]
    # A row for each seat at the table (more come with more players).
    assert seen["seats shown"] == [True, True, True, True]
    assert seen["names"] == ["You", "Ada", "Ben", "Cleo"]


async def test_choosing_another_game_still_shows_its_table() -> None:
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down")  # Durak
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#players", Cycler).values == ["2", "3", "4", "5", "6"]
        count = get_rules("durak").default_players
        assert [row.display for row in screen.query(".seat-row")] == [True] * count + [False] * (4 - count)
        assert "Attack and defend" in screen_text(app)
        await pilot.press("up")  # back to President: its options come back as a new table has them
        await pilot.pause()
        assert screen.query_one("#opt-rounds", Input).value == "5"
        assert "Revolution" in screen_text(app)


async def test_seats_beyond_the_table_get_their_rows_when_more_players_are_chosen() -> None:
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert len(screen.query(".seat-row")) == 4
        screen.query_one("#players", Cycler).value = "6"
        config = screen.build_config()  # at once, before the change is shown
        assert [seat.kind for seat in config.seats] == ["human"] + ["normal"] * 5
        await pilot.pause()
        assert [row.id for row in screen.query(".seat-row")] == [f"seat-row-{seat}" for seat in range(6)]
        assert "Seat 6" in screen_text(app) and "Eve" in screen_text(app)
        screen.query_one("#kind-5", Cycler).value = "hard"
        screen.query_one("#players", Cycler).value = "4"
        await pilot.pause()
        assert "Seat 5" not in screen_text(app)
        screen.query_one("#players", Cycler).value = "6"  # the hidden row kept its choice
        await pilot.pause()
        assert screen.query_one("#kind-5", Cycler).value == "hard"
        assert [seat.kind for seat in screen.build_config().seats][-1] == "hard"
        # Tab goes down the seats in order, the new rows too.
        screen.query_one("#name-3", Input).focus()
        await pilot.press("tab")
        assert app.focused is screen.query_one("#kind-4", Cycler)


async def test_the_footer_is_built_once_and_again_only_when_its_keys_change(monkeypatch: pytest.MonkeyPatch) -> None:
    rebuilt: list[str] = []
    recompose = KeysFooter.recompose

    async def counted(footer: KeysFooter) -> None:
        rebuilt.append(type(footer.screen).__name__)
        await recompose(footer)

    monkeypatch.setattr(KeysFooter, "recompose", counted)
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = footer_line(app)
        assert "Help" in footer and "Start" in footer and "Quit" in footer
        assert "Delete" not in footer  # no unfinished game: nothing to delete
        assert rebuilt == []
        app.screen.refresh_bindings()  # the same keys: nothing to rebuild
        await pilot.pause()
        assert rebuilt == []

    # With an unfinished game the list comes after the first frame, and its keys with it.
    state = TableConfig.build("durak", ["human", "easy"], seed=3).new_state()
    # Listed once the person has moved (a game nobody moved in is never listed).
    while not any(seat == 0 for seat, _ in state.history):
        state.apply(state.legal_actions()[0])
    GameSlot.new(state).close()
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = footer_line(app)
        assert "Delete" in footer and "Continue" in footer, footer
        assert rebuilt == ["StartScreen"]


async def test_the_game_screen_shows_its_keys_without_building_them_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    rebuilt: list[str] = []
    recompose = KeysFooter.recompose

    async def counted(footer: KeysFooter) -> None:
        rebuilt.append(type(footer.screen).__name__)
        await recompose(footer)

    monkeypatch.setattr(KeysFooter, "recompose", counted)
    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=3)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        footer = footer_line(app)
        assert "Last trick" in footer and "Hint" in footer and "Quit" in footer
        assert rebuilt.count("GameScreen") <= 1


async def test_only_the_first_showing_skips_styling_the_screen_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual restyles a screen whenever it is shown with ``refresh_styles``; the start
    and game screens skip that the first time only (their widgets were just styled)."""
    restyled: list[str] = []
    update = Screen.update_node_styles

    def counted(screen: Screen[Any], animate: bool = True) -> None:
        restyled.append(type(screen).__name__)
        update(screen, animate)

    monkeypatch.setattr(Screen, "update_node_styles", counted)
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and "StartScreen" not in restyled
        app.screen.post_message(events.ScreenResume(refresh_styles=True))
        await pilot.pause()
        assert "StartScreen" in restyled


@pytest.mark.parametrize("size,expected", [
    ((100, 30), {"-tiny": False, "-narrow": False, "-normal-width": True, "-wide": False,
                 "-short": False, "-normal-height": True, "-tall": False}),
    ((59, 23), {"-tiny": True, "-narrow": False, "-normal-width": False, "-wide": False,
                "-short": True, "-normal-height": False, "-tall": False}),
    ((120, 40), {"-tiny": False, "-narrow": False, "-normal-width": False, "-wide": True,
                 "-short": False, "-normal-height": False, "-tall": True}),
])
async def test_the_game_screen_has_its_size_classes_from_the_start(size: tuple[int, int], expected: dict[str, bool]) -> None:
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=1)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert breakpoint_classes(*size, screen) == expected
        assert {name for name, on in expected.items() if on} <= set(screen.classes)
        assert not {name for name, on in expected.items() if not on} & set(screen.classes)


@pytest.mark.parametrize("seats", [None, ["human", "easy", "easy", "easy"], ["human", "human", "easy"]])
async def test_the_first_frame_has_the_footer_keys(monkeypatch: pytest.MonkeyPatch, seats: list[str] | None) -> None:
    """The footer's keys are mounted before the screen is first laid out (Textual's own
    footer showed them a frame later): the start screen, a game, a hot-seat game."""
    keys_at_first_layout: dict[str, int] = {}
    resume = Screen._on_screen_resume

    def first_layout(screen: Screen[Any], event: events.ScreenResume) -> None:
        if isinstance(screen, (StartScreen, GameScreen)):
            keys_at_first_layout.setdefault(type(screen).__name__, len(screen.query_one(KeysFooter).keys))
        resume(screen, event)

    monkeypatch.setattr(Screen, "_on_screen_resume", first_layout)
    config = None if seats is None else TableConfig.build("president", seats, seed=2)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        name = "StartScreen" if seats is None else "GameScreen"
        assert keys_at_first_layout.get(name, 0) >= 4, keys_at_first_layout


async def test_buttons_are_styled_once_mounted_as_textuals_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """A FormButton skips the restyles Textual's button does while it is being made (one
    per class its variant and style set), and looks the same once mounted."""
    restyled: list[str] = []
    update = App.update_styles

    def counted(app: App[Any], node: Any, animate: bool = True) -> None:
        if isinstance(node, Button) and not node.is_attached:
            restyled.append(type(node).__name__)
        update(app, node, animate)

    monkeypatch.setattr(App, "update_styles", counted)

    class Buttons(App[None]):
        def compose(self) -> Any:
            yield Button("Quit", id="textual", variant="error")
            yield FormButton("Quit", id="ours", variant="error")

    app = Buttons()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        textual, ours = app.query_one("#textual", Button), app.query_one("#ours", FormButton)
        assert "Button" in restyled and "FormButton" not in restyled
        app.screen.set_focus(None)  # the first button had the focus, and its look
        await pilot.pause()
        assert ours.has_class("-error") and ours.styles.background == textual.styles.background
        assert ours.rich_style == textual.rich_style and ours.styles.border == textual.styles.border


@pytest.mark.parametrize("compact", [False, True])
async def test_our_buttons_look_as_textuals_in_every_variant_and_state(compact: bool) -> None:
    """FormButton carries its own part of Textual's button's styles (parsed and matched
    faster before the first frame): with no Textual button beside it to lend it theirs,
    each variant looks the same as Textual's, plain, focused, hovered, pressed and
    disabled."""
    variants = ["default", "primary", "success", "warning", "error"]

    def looks(kind: type[Button]) -> dict[str, list[str]]:
        class Buttons(App[None]):
            def compose(self) -> Any:
                for variant in variants:
                    yield kind(variant, id=variant, variant=variant, compact=compact)  # type: ignore[arg-type]

        return asyncio.run(_states(Buttons()))

    async def _states(app: App[None]) -> dict[str, list[str]]:
        seen: dict[str, list[str]] = {}
        async with app.run_test(size=(100, 20)) as pilot:
            await pilot.pause()
            for variant in variants:
                button = app.query_one(f"#{variant}", Button)
                button.focus()
                await pilot.pause()
                seen[f"{variant} focused"] = _look(button)
                app.screen.set_focus(None)
                await pilot.hover(f"#{variant}")
                await pilot.pause()
                seen[f"{variant} hovered"] = _look(button)
                await pilot.hover(None, offset=(99, 19))
                button.add_class("-active")
                await pilot.pause()
                seen[f"{variant} pressed"] = _look(button)
                button.remove_class("-active")
                button.disabled = True
                await pilot.pause()
                seen[f"{variant} disabled"] = _look(button)
                button.disabled = False
                await pilot.pause()
                seen[f"{variant} plain"] = _look(button)
            # Textual's button's own styles were never loaded beside ours.
            seen["styles read"] = sorted(name for _path, name in app.stylesheet.source if "Button" in name)
        return seen

    def _look(button: Button) -> list[str]:
        return [str(button.rich_style), *button.styles.base.css_lines]

    ours = await asyncio.to_thread(looks, FormButton)
    textuals = await asyncio.to_thread(looks, Button)
    assert ours.pop("styles read") == ["FormButton.DEFAULT_CSS"]
    assert textuals.pop("styles read") == ["Button.DEFAULT_CSS"]
    assert ours == textuals


async def test_the_other_screens_styles_are_read_when_the_first_of_them_opens() -> None:
    """The start screen's first frame parses only the shared styles (app.tcss) and its own
    (start.tcss); the game screen's (game.tcss) come with the first game, the pop-ups'
    and other screens' (screens.tcss) with the first of them, styled as before."""
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sources = {path for path, _name in app.stylesheet.source}
        assert any(path.endswith("app.tcss") for path in sources) and str(START_CSS) in sources
        assert str(SCREENS_CSS) not in sources and str(GAME_CSS) not in sources
        assert app.screen.query_one("#start-form").styles.padding.left == 2
        app.screen.set_focus(None)
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        assert str(SCREENS_CSS) in {path for path, _name in app.stylesheet.source}
        help_box = app.screen.query_one("#help-scroll")
        assert help_box.styles.border_top[0] == "thick" and app.screen.styles.align == ("center", "middle")
        await pilot.press("escape")
        await pilot.press("o")
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"
        assert app.screen.query_one("#settings-form").styles.padding.left == 2


async def test_a_game_started_from_the_command_line_reads_its_styles_and_the_forms_for_its_settings() -> None:
    """A table opened by ``cardtable play`` reads the game screen's styles (game.tcss), not
    the start screen's; its settings screen, whose rows are the start screen's form rows,
    reads those (start.tcss) as it opens."""
    app = CardtableApp(build_config("president", seats="human,easy,easy,easy", seed=1), bot_delay=1000,
                       ascii_only=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        sources = {path for path, _name in app.stylesheet.source}
        assert str(GAME_CSS) in sources and str(START_CSS) not in sources
        assert app.screen.query_one("#side").styles.width is not None
        assert app.screen.query_one("#side").styles.width.value == 30
        app.action_settings()
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"
        label = app.screen.query(".start-label").first()
        assert label.styles.width is not None and label.styles.width.value == 16  # settings-form's, over the form's 13
        assert app.screen.query_one(".option-help").styles.padding.left == 2


@pytest.mark.parametrize("seats", [None, ["human", "easy", "easy", "easy"]])
async def test_a_resize_to_the_size_shown_lays_nothing_out_again(monkeypatch: pytest.MonkeyPatch,
                                                                 seats: list[str] | None) -> None:
    """Found: the terminal's size, reported once more as the app starts, often came after
    the first screen was up, and Textual laid the whole screen out again (and drew it
    again) before its first frame.  A resize to another size still lays it out anew."""
    layouts: list[tuple[str, Any]] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen[Any], size: Any = None, **options: Any) -> None:
        layouts.append((type(screen).__name__, size))
        refresh_layout(screen, size, **options)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    config = None if seats is None else build_config("president", seats=",".join(seats), seed=1)
    app = CardtableApp(config, bot_delay=1000, ascii_only=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        name = type(screen).__name__
        assert name == ("StartScreen" if seats is None else "GameScreen")
        before = len([entry for entry in layouts if entry[0] == name])
        screen.post_message(events.Resize(Size(100, 30), Size(100, 30)))
        await pilot.pause()
        assert len([entry for entry in layouts if entry[0] == name]) == before
        seen = len(layouts)
        await pilot.resize_terminal(90, 30)
        await pilot.pause()
        assert (name, Size(90, 30)) in layouts[seen:]
        # Back to the first size: laid out at it again (it was laid out at 90 columns).
        seen = len(layouts)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert (name, Size(100, 30)) in layouts[seen:]


async def test_a_footer_key_clicked_is_pressed() -> None:
    """The footer is one widget: a click on a key's words presses that key."""
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        assert [key.description for key in footer.keys][:2] == ["Help", "Start"]
        column = footer_line(app).index("Stats")
        await pilot.click(KeysFooter, offset=(column, 0))
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen"
