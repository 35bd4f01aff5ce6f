"""The settings screen's Language row: each language by its own name, saved, and spoken
from the next screen on."""

from __future__ import annotations

from textual.widgets import Label

from cardtable.lang import current_language
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.widgets.cycler import Cycler
from cardtable.userdata.settings import load_settings
from tests.tui.conftest import settle


def row_labels(screen: SettingsScreen) -> list[str]:
    return [str(label.render()) for label in screen.query(Label)]


async def test_the_language_row_saves_and_the_next_screen_speaks_it() -> None:
    app = CardtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        cycler = screen.query_one("#set-language", Cycler)
        assert cycler.value == "auto" and "Language" in row_labels(screen)
        # Every language by its own name, after "auto"; the pseudo-language is not offered.
        values = []
        for _ in range(6):
            values.append(cycler.value)
            cycler.action_step(1)
        assert values == ["auto", "English", "Nederlands", "eesti", "polski", "български"]
        cycler.value = "eesti"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert current_language() == "et"
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        assert "Keel" in row_labels(app.screen)  # the next screen is in Estonian
        assert app.screen.query_one("#set-language", Cycler).value == "eesti"
    assert load_settings()[0].language == "et"
