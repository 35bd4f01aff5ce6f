"""Any name a file may hold, shown on the privacy, game, end and statistics screens (issue 12).

Names are arbitrary text with markup, escape sequences, line breaks, bidi overrides,
emoji and wide characters mixed in, written into a save file or ``stats.json`` as
they are.  Every screen must come up, show the name as made safe by
:func:`cardtable.names.safe_name`, literally, and draw no ESC (or BEL) of it.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from hostile_text import outside_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.display import visible
from cardtable.engine.actions import Action
from cardtable.games import get_rules
from cardtable.names import safe_name
from cardtable.tui import app as app_module
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import config_for_state
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.privacy import PrivacyScreen
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.tui.screens.stats import StatsScreen
from cardtable.userdata.paths import stats_path
from cardtable.userdata.savefiles import load_save, save_game
from cardtable.userdata.stats import STATS_FORMAT, STATS_VERSION

from .conftest import screen_text, settle

# Each example drives a whole screen; the engine-level properties run hundreds of names.
TUI_SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def expected_names(raw: list[str]) -> list[str]:
    """What the screens must show for ``raw``: made safe, a taken or empty name as ``Player N``."""
    names: list[str] = []
    for number, name in enumerate(raw, start=1):
        safe = safe_name(name, fallback=f"Player {number}")
        names.append(f"Player {number}" if safe in names else safe)
    return names


def assert_no_control(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text, repr(text)


def save_with_names(state, raw: list[str]) -> object:
    state.meta["seats"] = [{"name": name, "kind": "human"} for name in raw]
    return load_save(save_game(state))


def _durak_one_action_from_the_end() -> tuple[list[Action], Action]:
    """Moves of a two-player, one-round Durak game up to (not including) its last action."""
    state = get_rules("durak").new_game(players=2, seed=8, rounds=1)
    rng = random.Random(8)
    while True:
        legal = state.legal_actions()
        for action in legal:
            trial = state.clone()
            trial.apply(action)
            if trial.is_over:
                return [action for _, action in state.history], action
        state.apply(rng.choice(legal))


DURAK_PREFIX, DURAK_LAST = _durak_one_action_from_the_end()


class StatisticsApp(CardtableApp):
    """The app opened on its statistics screen."""

    CSS_PATH = str(Path(app_module.__file__).with_name("app.tcss"))

    def show_start(self, game: str = "president") -> None:
        self.push_screen(StatsScreen())


@pytest.mark.slow
@given(raw=st.lists(outside_text(6), min_size=2, max_size=2))
@TUI_SETTINGS
def test_privacy_and_game_screens_show_any_saved_name_literally(raw: list[str]) -> None:
    state = get_rules("hearts").new_game(players=4, seed=5)
    state.meta["seats"] = [{"name": name, "kind": "human"} for name in raw] + [
        {"name": "Cy", "kind": "easy"}, {"name": "Di", "kind": "easy"}
    ]
    state = load_save(save_game(state))
    config = config_for_state(state)
    names = expected_names(raw + ["Cy", "Di"])
    assert [seat.name for seat in config.seats] == names

    async def run() -> None:
        app = CardtableApp(config, state=state, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, PrivacyScreen)
            assert str(app.screen.query_one("#privacy-title").render()) == f"{names[0]}'s turn"
            assert str(app.screen.query_one("#privacy-body").render()) == f"Press Enter when only {names[0]} is looking."
            assert_no_control(screen_text(app))
            await pilot.press("enter")
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen)
            assert f"{names[0]}'s view" in str(app.screen.query_one("#title-bar").render())
            for seat in range(4):
                assert str(app.screen.query_one(f"#seat-{seat}").render()).count("\n") == 2
            assert_no_control(screen_text(app))

    asyncio.run(run())


@pytest.mark.slow
@given(raw=st.lists(outside_text(6), min_size=2, max_size=2))
@TUI_SETTINGS
def test_the_end_screen_shows_any_saved_name_literally(raw: list[str]) -> None:
    state = get_rules("durak").new_game(players=2, seed=8, rounds=1)
    for action in DURAK_PREFIX:
        state.apply(action)
    state = save_with_names(state, raw)
    names = expected_names(raw)

    async def run() -> None:
        app = CardtableApp(config_for_state(state), state=state, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("enter")
            await settle(app, pilot)
            game = app.screen
            assert isinstance(game, GameScreen)
            assert game.human_move(DURAK_LAST)
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, RoundOverScreen) and app.screen.game_over
            body = str(app.screen.query_one("#round-over-body").render())
            winners = [names[seat] for seat in game.state.outcome().winners]
            assert f"Winner: {', '.join(winners)}" in body
            assert_no_control(screen_text(app))

    asyncio.run(run())


@pytest.mark.slow
@given(raw=st.lists(outside_text(6), min_size=1, max_size=4))
@TUI_SETTINGS
def test_the_statistics_screen_shows_any_name_from_the_file_literally(raw: list[str]) -> None:
    entries = [
        {"name": name, "kind": "human", "game": "hearts", "played": 1, "wins": 0, "rounds": 1, "place_total": 2}
        for name in raw
    ]
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": STATS_FORMAT, "version": STATS_VERSION, "entries": entries, "recorded": []}
    path.write_text(json.dumps(data), encoding="utf-8")

    async def run() -> None:
        # Straight to the statistics (S from the start screen is tested once, elsewhere).
        app = StatisticsApp()
        async with app.run_test(size=(160, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)
            text = screen_text(app)
            for name in raw:
                assert visible(safe_name(name)) in text
            assert_no_control(text)

    asyncio.run(run())
