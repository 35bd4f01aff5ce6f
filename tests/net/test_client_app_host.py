"""`cardtable host` with a seat at the host's keyboard: the table screen for that seat
while the host serves the others (the host runs the bots; a remote player joins).
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from cardtable.games import get_rules
from cardtable.net.client import TableClient
from cardtable.net.host import NetHost, format_address
from cardtable.net.hosted import HostedSession
from cardtable.session import Seat, SeatKind
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import SeatConfig, TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.info import InfoScreen
from cardtable.tui.widgets.hand import HandView
from tests.net.apps import status, until, utf8_terminal  # noqa: F401
from tests.net.tables import held_view

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def test_the_hosts_own_seat_plays_on_the_table_screen() -> None:
    state = get_rules("durak").new_game(players=3, seed=3)
    session = HostedSession(state, [Seat.human("Ann"), Seat("Bea", SeatKind.REMOTE), Seat.bot_seat("Ben", "easy")])
    host = NetHost(session, log_line=lambda _: None)
    session.serve_with(host)
    config = TableConfig("durak", (SeatConfig("human", "Ann"), SeatConfig("human", "Bea"), SeatConfig("easy", "Ben")), 3)
    app = CardtableApp(config, hosting=(host, "127.0.0.1", 0), bot_delay=0, trick_pause=0)
    bea: TableClient | None = None
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            # The join lines first, over the table; the table waits for Bea.
            await until([pilot], lambda: isinstance(app.screen, InfoScreen))
            assert len(app.join_lines) == 1 and app.join_lines[0].startswith("Bea: cardtable join 127.0.0.1:")
            await pilot.press("escape")
            await until([pilot], lambda: isinstance(app.screen, GameScreen))
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.session is session
            assert "Paused: waiting for Bea to join." in status(app)
            assert "away: Bea" in str(screen.query_one("#title-bar").render())
            assert not screen.check_action("undo", ())
            assert set(screen.query_one(HandView).cards) == set(state.hand(0))

            bea = TableClient(format_address(*host.address), host.codes[1])
            await bea.join()
            await until([pilot], lambda: "at the table: Ann, Bea" in str(screen.query_one("#title-bar").render())
                        and "Paused" not in status(app))
            # Ben (the host's bot) attacks; the host runs it, this screen redraws with it.
            await until([pilot], lambda: len(session.state.history) >= 1 and screen.obs == held_view(session, 0))
            assert session.to_act == 0 and screen.legal
            # Ann beats it through the keys: the host applies it and Bea is told.
            hand = screen.query_one(HandView)
            card = next(c for c in hand.cards if any(a.kind == "defend" and a.cards[1] == c for a in screen.legal)
                        ) if any(a.kind == "defend" for a in screen.legal) else None
            before = len(session.state.history)
            if card is None:
                await pilot.press("t")  # nothing beats it: take
            else:
                hand.cursor = hand.cards.index(card)
                await pilot.press("enter")
            await until([pilot], lambda: len(session.state.history) > before)
            assert session.state.history[before][0] == 0
            assert bea is not None
            await bea.wait_for(lambda c: len((c.observation or {}).get("history", ())) > before)
            made = session.state.public_history(None)[before][1]
            assert made == ("take" if card is None else f"defend {session.state.history[before - 1][1].cards[0]} {card}")
    finally:
        if bea is not None:
            await bea.close()
        await host.close()
