"""The table screen of ``cardtable host`` when a seat is at the host's keyboard.

:func:`run_host_screen` serves the game and opens the table for that seat, as
``play`` does: the join lines show over the table when it opens, the table waits
(paused, with a message) until every remote seat has its player, and the title bar
says who is at the table.  ``B`` lists the remote seats: the host may give a remote
player's seat (away, or there but not moving) to a bot there, and take it back.  The host runs the bots; the game saves to ``slot`` (or a
new save, or ``save_path``) after every move, like any game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.engine.state import GameState

__all__ = ["run_host_screen", "table_config"]


def table_config(state: GameState, seats: Any) -> Any:
    """The screen's table: a person for each human or remote seat, the bots by level."""
    from cardtable.tui.config import SeatConfig, TableConfig

    chairs = tuple(SeatConfig(seat.bot if seat.is_bot else "human", seat.name) for seat in seats)
    return TableConfig(state.rules.name, chairs, state.seed, dict(state.options))


def run_host_screen(
    state: GameState,
    address: str,
    port: int,
    pace: str = "normal",
    *,
    resumed: bool = False,
    slot: Any = None,
    save_path: Path | None = None,
    ascii_only: bool = False,
    four_colour: bool = False,
    bot_after: float | None = None,
    bot_level: str = "normal",
    turn_time: float | None = None,
) -> int:
    """Serve ``state`` on ``address:port`` and play its human seat here until the player
    leaves the table (the save stays, for ``cardtable resume``); ``bot_after``: a remote
    seat left empty that many seconds goes to a ``bot_level`` bot until its player returns;
    ``turn_time``: a remote player's move not made within that many seconds is made by
    such a bot."""
    from cardtable.commands.play import run_app
    from cardtable.net.host import NetHost, seats_from_state
    from cardtable.net.hosted import HostedSession
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.config import PACES

    seats = seats_from_state(state)
    session = HostedSession(state, seats, resumed=resumed, pace=pace)
    # The host's log would scribble over the screen: its news reaches the screen as notices.
    host = NetHost(
        session, bot_delay=PACES[pace], log_line=lambda _: None, bot_after=bot_after, bot_level=bot_level,
        turn_time=turn_time,
    )
    session.serve_with(host)
    app = CardtableApp(
        table_config(state, seats),
        hosting=(host, address, port),
        pace=pace,
        slot=slot,
        save_path=save_path,
        ascii_only=True if ascii_only else None,
        four_colour=True if four_colour else None,
    )
    run_app(app)
    return 0
