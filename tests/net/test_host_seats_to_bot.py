"""The host's pop-up of remote seats (``B`` on the host's table screen): an away
player's seat handed to a bot, which plays from that seat's observation, then taken
back, and the player moving again; every screen shows who plays the seat.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from textual.events import Paste
from textual.widgets import Input, OptionList

from cardtable.games import get_rules
from cardtable.net.client import TableClient
from cardtable.net.host import NetHost, format_address, join_line
from cardtable.net.hosted import HostedSession
from cardtable.session import BotRequest, Seat, SeatKind
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import SeatConfig, TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.help import HelpScreen
from cardtable.tui.screens.info import InfoScreen
from cardtable.tui.screens.seats import SeatsScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.widgets.seats import SeatBox
from cardtable.tui.wording import undo_line
from tests.net.tables import told
from tests.net.test_client_app import game_screen, status, until, utf8_terminal  # noqa: F401
from tests.net.test_join_from_start import open_join, play_a_move

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def hosted_table(seed: int = 5) -> tuple[HostedSession, NetHost, CardtableApp]:
    """Hal at the host's keyboard, Bea and Cleo elsewhere, Ben the host's easy bot
    (Hearts: everyone plays to every trick, and nobody leaves the game early)."""
    state = get_rules("hearts").new_game(players=4, seed=seed)
    seats = [Seat.human("Hal"), Seat("Bea", SeatKind.REMOTE), Seat("Cleo", SeatKind.REMOTE), Seat.bot_seat("Ben", "easy")]
    session = HostedSession(state, seats)
    host = NetHost(session, log_line=lambda _: None)
    session.serve_with(host)
    config = TableConfig("hearts", tuple(SeatConfig("easy" if s.is_bot else "human", s.name) for s in seats), seed)
    return session, host, CardtableApp(config, hosting=(host, "127.0.0.1", 0), bot_delay=0, trick_pause=0)


def seat_box(app: CardtableApp, seat: int) -> str:
    return str(game_screen(app).query_one(f"#seat-{seat}", SeatBox).render())


async def play_until(
    pilots: list[Any], session: HostedSession, apps: dict[int, CardtableApp], rng: random.Random,
    done: Callable[[], bool], timeout: float = 30.0,
) -> None:
    """Play Hal's seat (at the host) and the seats of ``apps`` (through their table
    screens) with random legal moves, whenever it is their turn, until ``done()``: the
    game goes on only as far as the test needs (the host's bots play their own turns)."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end and not session.is_over, "the game never got there"
        seat = session.to_act
        net = session.net
        if seat is not None and net is not None and not net.paused:
            if seat == 0:
                session.act(0, rng.choice(list(session.legal_actions())))
            elif seat in apps and isinstance(apps[seat].screen, GameScreen):
                screen = game_screen(apps[seat])
                if screen.session.human_to_act and screen.legal:
                    screen.human_move(rng.choice(list(screen.legal)))
        for pilot in pilots:
            await pilot.pause()
        await asyncio.sleep(0.01)


@pytest.mark.slow
async def test_an_away_seat_goes_to_a_bot_and_back_to_its_player() -> None:
    session, host, app = hosted_table()
    asked: list[BotRequest] = []
    seen_by_bot: list[bool] = []
    ask = session.bot_request

    def watched_request() -> BotRequest | None:
        request = ask()
        if request is not None and request.seat == 1:
            asked.append(request)
            # What the bot of Bea's seat is given: her seat's observation, nothing more.
            seen_by_bot.append(request.observation == session.state.observation(1)
                               and request.observation != session.state.observation(2))
        return request

    session.bot_request = watched_request  # type: ignore[method-assign]
    try:
        async with AsyncExitStack() as stack:
            pilot = await stack.enter_async_context(app.run_test(size=(100, 30)))
            await until([pilot], lambda: isinstance(app.screen, InfoScreen))
            await pilot.press("escape")
            where = format_address(*host.address)
            bea = CardtableApp(join=(where, host.codes[1], ""), bot_delay=0, trick_pause=0)
            cleo = CardtableApp(join=(where, host.codes[2], ""), bot_delay=0, trick_pause=0)
            pilots = [pilot]
            for joined in (bea, cleo):
                pilots.append(await stack.enter_async_context(joined.run_test(size=(100, 30))))
            await until(pilots, lambda: isinstance(bea.screen, GameScreen) and isinstance(cleo.screen, GameScreen)
                        and not host.paused)
            screen = game_screen(app)
            assert screen.check_action("seats", ()) and not game_screen(bea).check_action("seats", ())
            # The help of the host's table names the key; a player's does not.
            await pilot.press("f1")
            await until([pilot], lambda: isinstance(app.screen, HelpScreen))
            assert app.screen.features == ("hosting",)  # type: ignore[attr-defined]
            await pilot.press("escape")

            rng = random.Random(5)
            # Bea plays a move through her keys, then leaves: the table waits for her.
            await play_until(pilots, session, {2: cleo}, rng,
                             lambda: session.to_act == 1 and game_screen(bea).session.human_to_act)
            await play_a_move(pilots[1], bea, host)
            await pilots[1].press("q")
            await until(pilots, lambda: 1 not in host.players)
            # The others play on until it is Bea's turn; only then does the table wait.
            await play_until(pilots, session, {2: cleo}, rng, lambda: host.paused)
            await until(pilots, lambda: "Paused: it is Bea's turn and Bea is away" in status(cleo))

            # B: the list of remote seats, Bea's away; E gives her seat to an easy bot.
            await pilot.press("b")
            await until([pilot], lambda: isinstance(app.screen, SeatsScreen))
            seats = app.screen
            assert isinstance(seats, SeatsScreen)
            rows = [str(seats.query_one(OptionList).get_option_at_index(i).prompt) for i in range(2)]
            assert rows == ["Bea  away: the table waits for them", "Cleo  at the table"]
            moves = sum(1 for seat, _ in session.state.history if seat == 1)
            await pilot.press("e")
            await until(pilots, lambda: host.handed == {1: "easy"} and not host.paused)
            assert "Bea  away: an easy bot plays for them" in str(seats.query_one(OptionList).get_option_at_index(0).prompt)
            await pilot.press("escape")
            # Every screen says a bot plays Bea's seat: the seat box and the title.
            await until(pilots, lambda: "an easy bot plays" in seat_box(cleo, 1) and "an easy bot plays" in seat_box(app, 1))
            assert "Bea (an easy bot plays)" in str(game_screen(cleo).query_one("#title-bar").render())

            # The bot plays Bea's seat, from her seat's observation only.
            await play_until(pilots, session, {2: cleo}, rng,
                             lambda: sum(1 for seat, _ in session.state.history if seat == 1) > moves)
            assert asked and all(seen_by_bot)

            # T takes the seat back from the bot: the table waits for Bea again.
            await pilot.press("b")
            await until([pilot], lambda: isinstance(app.screen, SeatsScreen))
            await pilot.press("t")
            await until(pilots, lambda: host.handed == {} and 1 in host.missing)
            assert "Bea  away: the table waits for them" in str(
                app.screen.query_one(OptionList).get_option_at_index(0).prompt)
            await pilot.click("#seats-close")
            await until([pilot], lambda: isinstance(app.screen, GameScreen))
            assert "away" in seat_box(cleo, 1) and "bot" not in seat_box(cleo, 1)

            # Bea comes back from her start screen with her line, and plays on.
            back = CardtableApp(bot_delay=0, trick_pause=0)
            pilots.append(await stack.enter_async_context(back.run_test(size=(80, 24))))
            join = await open_join(pilots[-1], back)
            join.query_one("#join-address", Input).post_message(Paste(join_line(where, host.codes[1])))
            await pilots[-1].pause()
            await pilots[-1].press("enter")
            await until(pilots, lambda: isinstance(back.screen, GameScreen) and not host.paused)
            await play_until(pilots, session, {2: cleo}, rng,
                             lambda: session.to_act == 1 and game_screen(back).session.human_to_act)
            mine = sum(1 for seat, _ in session.state.history if seat == 1)
            await play_a_move(pilots[-1], back, host)
            assert sum(1 for seat, _ in session.state.history if seat == 1) == mine + 1
            assert not isinstance(back.screen, StartScreen)
    finally:
        await host.close()


@pytest.mark.slow
async def test_a_player_who_rejoins_has_their_seat_back_from_the_bot_at_once() -> None:
    session, host, app = hosted_table(seed=6)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until([pilot], lambda: isinstance(app.screen, InfoScreen))
            await pilot.press("escape")
            where = format_address(*host.address)
            cleo = TableClient(where, host.codes[2])
            await cleo.join()
            await pilot.press("b")
            await until([pilot], lambda: isinstance(app.screen, SeatsScreen))
            await pilot.click("#seats-hard")  # the mouse works too
            await until([pilot], lambda: host.handed == {1: "hard"} and not host.paused)
            await cleo.wait_for(lambda c: c.seats[1].level == "hard")
            bea = TableClient(where, host.codes[1])
            await bea.join()
            await cleo.wait_for(lambda c: c.seats[1].level == "" and c.seats[1].connected)
            assert host.handed == {} and "Bea joined and has their seat back from the bot." in told(cleo)
            # The list, still open, follows: Bea is at the table.
            await until([pilot], lambda: "Bea  at the table" in str(
                app.screen.query_one(OptionList).get_option_at_index(0).prompt))
            await bea.close()
            await cleo.close()
    finally:
        await host.close()


async def test_undo_stays_off_while_a_bot_plays_the_only_remote_seat() -> None:
    state = get_rules("durak").new_game(players=3, seed=3)
    session = HostedSession(state, [Seat.human("Hal"), Seat("Bea", SeatKind.REMOTE), Seat.bot_seat("Ben", "easy")])
    host = NetHost(session, log_line=lambda _: None)
    session.serve_with(host)
    try:
        assert session.hand_to_bot(1, "hard") is None
        # Every other seat is a bot's now, but Bea is still a person at this table.
        assert session.seats[1].is_bot and not session.undo_offered
        assert undo_line(session.undo()) == "Undo is off in a game with more than one person at the table."
    finally:
        await host.close()
