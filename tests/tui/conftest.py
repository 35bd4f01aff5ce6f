"""Helpers for driving the app headless, as a player would, through keys and clicks."""

from __future__ import annotations

import os
from contextlib import asynccontextmanager

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from cardtable.engine.actions import Action
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.tui.widgets.hand import HandView


@pytest.fixture(autouse=True)
def cardtable_home(tmp_path, monkeypatch):
    """Every TUI test gets its own data and config directories: nothing touches the real ones."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def utf8_terminal(monkeypatch):
    """Tests see a UTF-8 terminal whatever the machine's locale (LANG=C turns ASCII on)."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def speak():
    """``speak(code)`` makes ``code`` the language of this test (``qps``, ``pl``, ...);
    English again afterwards, whatever the test did."""
    from cardtable.lang import use_language

    yield use_language
    use_language("en")


def screen_text(app: CardtableApp) -> str:
    """The whole screen as plain text, one line per row (the last frame drawn)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip).rstrip() for strip in strips)


async def settle(app: CardtableApp, pilot, rounds: int = 200) -> None:
    """Let bots move until a person must act, a pop-up shows, or the game ends."""
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, RoundOverScreen) or not isinstance(screen, GameScreen):
            return
        state = screen.state
        seat = state.current_player
        if (seat is None or screen.config.seats[seat].is_human) and (
            not screen.workers or all(w.is_finished for w in screen.workers)
        ):
            return
    raise AssertionError("the table did not settle")


async def select_cards(pilot, game: GameScreen, cards, walk: bool = False) -> None:
    """Select exactly ``cards`` in the hand with space (and, with ``walk``, the arrows;
    otherwise the cursor is put on each card directly, to keep the tests quick)."""
    hand = game.query_one(HandView)
    if hand.selected:
        await pilot.press("escape")
    for card in cards:
        target = hand.cards.index(card)
        if walk:
            while hand.cursor != target:
                await pilot.press("right" if hand.cursor < target else "left")
        else:
            hand.cursor = target
        await pilot.press("space")
    assert set(hand.selected_cards) == set(cards)


def card_offset(hand: HandView, index: int) -> tuple[int, int]:
    """Where card ``index`` is drawn in the hand widget (for a click)."""
    from cardtable.tui.widgets.hand import CELL

    width = hand.size.width
    per_line = hand._per_line(width)
    line, column = divmod(index, per_line)
    chunk = len(hand.cards[line * per_line : (line + 1) * per_line])
    pad = max((width - chunk * CELL) // 2, 0)
    return pad + column * CELL + 2, line * 3 + 1


async def click_cards(pilot, game: GameScreen, cards) -> None:
    """Select exactly ``cards`` with the mouse."""
    hand = game.query_one(HandView)
    await pilot.click("#clear-button")
    for card in cards:
        await pilot.click(HandView, offset=card_offset(hand, hand.cards.index(card)))
    assert set(hand.selected_cards) == set(cards)


async def perform(pilot, game: GameScreen, action: Action, mouse: bool = False) -> None:
    """Make ``action`` through the screen: P, T, or select its cards and press Enter.

    With ``mouse`` the cards are clicked and the Play button pressed (faster than
    walking the cursor), else the arrow keys, space and Enter are used.
    """
    if mouse and action.kind in ("play", "give", "attack"):
        await click_cards(pilot, game, action.cards)
        await pilot.click("#play-button")
        await pilot.pause()
        return
    if action.kind == "pass":
        await pilot.press("p")
    elif action.kind == "take":
        await pilot.press("t")
    elif action.kind == "defend":
        attacking, beating = action.cards
        table = game.table
        while table._effective_target(game.obs) != attacking:
            await pilot.press("tab")
        await select_cards(pilot, game, [beating])
        await pilot.press("enter")
        return
    elif len(action.cards) == 1:
        # With nothing selected, Enter plays the card under the cursor.
        hand = game.query_one(HandView)
        if hand.selected:
            await pilot.press("escape")
        hand.cursor = hand.cards.index(action.cards[0])
        await pilot.press("enter")
    else:
        await select_cards(pilot, game, action.cards)
        await pilot.press("enter")


def status_of(game: GameScreen) -> str:
    """The status line, as plain text."""
    return str(game.query_one("#status").render())


@asynccontextmanager
async def open_table(game: str, kinds, seed: int, size=(80, 24), options=None, **app_options):
    """A game at the table, headless, after the bots before the person have moved:
    yields ``(app, pilot, game_screen)``."""
    config = TableConfig.build(game, kinds, seed=seed, options=options)
    app_options.setdefault("ascii_only", False)
    app = CardtableApp(config, bot_delay=0, **app_options)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        yield app, pilot, app.screen
