"""*Join a table* on the start screen (what a browser tab of ``cardtable serve`` has):
a real host on loopback, the app started as ``cardtable`` is, driven through its keys.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from textual.events import Paste
from textual.widgets import Input, Static

from cardtable.net.host import NetHost, format_address, join_line
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.join import JoinScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.widgets.hand import HandView
from tests.net.tables import host_pause, open_table
from tests.net.test_client_app import game_screen, screen_text, status, until, utf8_terminal  # noqa: F401

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def start_app() -> CardtableApp:
    return CardtableApp(bot_delay=0, trick_pause=0)


def join_error(app: CardtableApp) -> str:
    return str(app.screen.query_one("#join-error", Static).render())


async def open_join(pilot: Any, app: CardtableApp) -> JoinScreen:
    """Press the start screen's key for *Join a table*."""
    await until([pilot], lambda: isinstance(app.screen, StartScreen))
    await pilot.press("j")
    await until([pilot], lambda: isinstance(app.screen, JoinScreen))
    screen = app.screen
    assert isinstance(screen, JoinScreen)
    return screen


async def type_in(pilot: Any, text: str) -> None:
    """Type ``text`` into the focused field, key by key."""
    for char in text:
        await pilot.press(char if char != " " else "space")


async def play_a_move(pilot: Any, app: CardtableApp, host: NetHost) -> None:
    """Make one legal move of the seat on this screen through its keys: take or pass
    when one may (Durak), else select the cards of a legal move (space) and play them."""
    screen = game_screen(app)
    await until([pilot], lambda: screen.session.human_to_act and bool(screen.legal) and not host.paused)
    before = len(host.session.state.history)
    legal = list(screen.legal)
    hand = screen.query_one(HandView)
    if any(action.kind == "take" for action in legal):
        await pilot.press("t")
    elif any(action.kind == "pass" for action in legal):
        await pilot.press("p")
    else:
        action = next(action for action in legal if action.cards and all(card in hand.cards for card in action.cards))
        for card in action.cards:
            hand.cursor = hand.cards.index(card)
            await pilot.press("space")
        await pilot.press("enter")
    await until([pilot], lambda: len(host.session.state.history) > before)


@pytest.mark.slow
async def test_a_pasted_join_line_opens_the_table_and_a_move_is_played() -> None:
    host, _ = await open_table("durak", ["remote", "remote"], seed=4, join=False)
    other = CardtableApp(join=(format_address(*host.address), host.codes[1], ""), bot_delay=0, trick_pause=0)
    app = start_app()
    try:
        async with other.run_test(size=(100, 30)) as other_pilot, app.run_test(size=(80, 24)) as pilot:
            pilots = [pilot, other_pilot]
            screen = await open_join(pilot, app)
            # The whole line the host printed, its seat's name before it, pasted into the address.
            line = f"Ann: {join_line(format_address(*host.address), host.codes[0])} --name Zoë"
            screen.query_one("#join-address", Input).post_message(Paste(line))
            await pilot.pause()
            assert screen.values() == (format_address(*host.address), host.codes[0], "Zoë")
            await pilot.press("enter")
            await until(pilots, lambda: isinstance(app.screen, GameScreen) and not host.paused)
            table = game_screen(app)
            assert table.viewer == 0 and host.session.seats[0].name == "Zoë"
            assert set(table.query_one(HandView).cards) == set(host.session.state.hand(0))
            assert "at the table: Zoë, Ada" in str(table.query_one("#title-bar").render())
            # The mover plays through its keys; the host applies it.
            for _ in range(2):
                mover = host.session.to_act
                await play_a_move(pilots[mover], [app, other][mover], host)
            assert any(seat == 0 for seat, _ in host.session.state.history)
            # Q leaves the table for the start screen; the seat waits at the host.
            await pilot.press("q")
            await until(pilots, lambda: isinstance(app.screen, StartScreen) and 0 in host.missing)
            # The table waits for Zoë on her turn only.
            assert host.paused == (host.session.to_act == 0)
            if host.paused:
                assert "waiting for Zoë" in host_pause(host)
    finally:
        await host.close()


@pytest.mark.slow
async def test_a_wrong_code_or_no_host_is_said_in_one_line_on_the_start_screen() -> None:
    host, _ = await open_table("durak", ["remote", "remote"], seed=4, join=False)
    app = start_app()
    where = format_address(*host.address)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_join(pilot, app)
            # Mistakes in the fields are said before anything is sent.
            await pilot.press("enter")
            assert join_error(app).startswith("Can't join: no address")
            await type_in(pilot, "127.0.0.1:http")
            await pilot.press("enter")
            assert join_error(app) == "Can't join: '127.0.0.1:http' is not HOST:PORT (the port is a number from 1 to 65535)"
            screen.query_one("#join-address", Input).value = ""
            # The whole line typed into the address field, a wrong code in it: the host says so.
            await type_in(pilot, f"cardtable join {format_address(*host.address)} not-the-code")
            await pilot.click("#join-button")
            await until([pilot], lambda: "Can't join" in join_error(app))
            assert join_error(app) == "Can't join: wrong code: no seat at this table has it"
            assert not host.players and isinstance(app.screen, JoinScreen)
            assert isinstance(app.screen_stack[-2], StartScreen)
            # Esc: back on the start screen, nothing joined.
            await pilot.press("escape")
            await until([pilot], lambda: isinstance(app.screen, StartScreen))
            assert not host.players
    finally:
        await host.close()
    app = start_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_join(pilot, app)
        # The host is gone: the line says it could not be reached; Join works again after.
        screen.query_one("#join-address", Input).value = where
        screen.query_one("#join-code", Input).value = "abc"
        await pilot.press("enter")
        await until([pilot], lambda: "Can't join" in join_error(app))
        assert join_error(app) == (f"Can't join: nobody answers at {where}: check the address and port, "
                                   "or ask the host whether the table is still open")
        assert not screen.query_one("#join-button").disabled


async def test_leaving_the_join_while_it_connects_frees_the_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    host, _ = await open_table("durak", ["remote", "remote"], seed=4, join=False)
    answer = host._join
    answered = asyncio.Event()
    given_up = asyncio.Event()

    async def slow_join(ws: Any, address: str, crowded: bool = False) -> Any:
        await given_up.wait()  # a host far away: the player gives up before it answers
        try:
            return await answer(ws, address, crowded)
        finally:
            answered.set()

    monkeypatch.setattr(host, "_join", slow_join)
    app = start_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_join(pilot, app)
            screen.query_one("#join-address", Input).value = format_address(*host.address)
            screen.query_one("#join-code", Input).value = host.codes[1]
            await pilot.press("enter")
            await until([pilot], lambda: "Joining" in join_error(app))
            await pilot.press("escape")
            await until([pilot], lambda: isinstance(app.screen, StartScreen))
            given_up.set()
            # However late the host answers (a loaded machine), the seat it gave is let go.
            await asyncio.wait_for(answered.wait(), timeout=10)
            await until([pilot], lambda: not host.players, what=lambda: sorted(host.players))
            await pilot.pause()
            # No table opened behind the player's back, and the seat is not held by a ghost.
            assert isinstance(app.screen, StartScreen) and not host.players
    finally:
        await host.close()
