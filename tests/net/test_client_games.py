"""Whole games of each game at the players' own screens: a host on loopback and one
``cardtable join`` app per remote seat (``run_test()``), every remote move made
through that app's keys, chosen from the legal moves its screen shows.

In each game: a move the host refuses (the status line shows its reason, nothing
changes), a connection that drops and the player rejoining at the same point, a
player who leaves and whose seat a bot plays until they come back, and the host
stopping and hosting the saved game again (new codes), the players rejoining and
playing it to its end.  Every byte the apps are sent is checked against the host's
state: no card hidden from a seat ever reaches its app.
"""

from __future__ import annotations

import random

import pytest

from cardtable.net.client import JoinError, TableClient
from cardtable.net.host import format_address
from cardtable.session import SlotSaver
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.userdata.slots import unfinished_games
from tests.net.apps import AppTable, screen_text, status, title, utf8_terminal  # noqa: F401
from tests.net.tables import GAMES, LeakCheck, held_view, open_table, reopen_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


#: Durak heads-up: three seats of Durak are twice as many moves as the others' games,
#: and each move is drawn on every screen (test_play.py plays three seats, scripted).
AT_THE_SCREENS = {**GAMES, "durak": (["remote", "remote"], {})}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(AT_THE_SCREENS))
async def test_a_whole_game_at_each_players_own_screen(game: str) -> None:
    kinds, options = AT_THE_SCREENS[game]
    check = LeakCheck()
    saver = SlotSaver()
    host, _ = await open_table(game, kinds, seed=6, on_send=check.on_send, listener=check.listen, saver=saver,
                               join=False, **options)
    check.state, check.session = host.session.state, host.session
    table = AppTable(host, random.Random(6))
    try:
        await table.seat_everyone()
        for player in table.players.values():
            names = ", ".join(host.session.seats[seat].name for seat in host.remote_seats)
            assert f"at the table: {names}" in title(player.app) and "seed" not in title(player.app)

        # A move the host refuses: its reason on the mover's status line, nothing changed.
        await table.play_until(lambda: table.moves >= 2 and (p := table.turn()) is not None
                               and table.wrong_cards(p) is not None)
        mover = table.turn()
        assert mover is not None
        cards = table.wrong_cards(mover)
        assert cards is not None
        await table.refuse(mover, cards)
        await table.move(mover)  # and then a legal one

        # The connection of the player to move drops: everyone else waits; the same join
        # command takes the seat back at the same point.
        await table.play_until(lambda: table.moves >= 5)
        mover = table.turn()
        assert mover is not None
        seat, frozen = mover.seat, host.session.state.to_json()
        seen = host.session.observation(seat)
        await table.drop(seat)
        assert host.session.state.to_json() == frozen
        back = await table.seat(seat)
        await table.sync()
        assert back.screen.obs == seen and host.session.state.to_json() == frozen
        assert all("Paused" not in status(p.app) for p in table.players.values())
        assert back.screen.session.human_to_act

        # A player leaves (Q); the host hands the seat to a bot, which plays for them
        # while the others go on; the player rejoins and has the seat back.
        await table.play_until(lambda: table.moves >= 9)
        mover = table.turn()
        assert mover is not None
        seat = mover.seat
        name = host.session.seats[seat].name
        await table.leave(seat)
        made = sum(1 for who, _ in host.session.state.history if who == seat)
        host.hand_to_bot(seat, "easy")
        await table.until(lambda: all(f"away: {name} (an easy bot plays)" in title(p.app)
                                      and "Paused" not in status(p.app) for p in table.others(seat)))
        await table.play_until(lambda: sum(1 for who, _ in host.session.state.history if who == seat) > made)
        assert sum(1 for who, _ in host.session.state.history if who == seat) > made  # the bot played for them
        await table.seat(seat)
        await table.sync()
        assert host.handed == {} and host.session.seats[seat].kind == "remote"
        assert all(f"at table: {name}" not in title(p.app) and "away" not in title(p.app)
                   for p in table.players.values())

        # The host stops (its save stays) and hosts the saved game again with new codes:
        # every player rejoins with their new line and the game goes on to its end.
        await table.play_until(lambda: table.moves >= 14)
        assert not host.session.is_over
        history = list(host.session.state.history)
        old_codes = dict(host.codes)
        players = list(table.players.values())
        host = await reopen_table(host, saver, on_send=check.on_send, listener=check.listen)
        await table.until(lambda: all("Disconnected: the host closed the table" in status(p.app) for p in players))
        check.state = table.host = host
        check.state, check.session = host.session.state, host.session
        assert host.session.state.history == history and set(host.codes.values()).isdisjoint(old_codes.values())
        with pytest.raises(JoinError, match="wrong code"):
            await TableClient(format_address(*host.address), old_codes[host.remote_seats[0]]).join()
        await table.seat_everyone()
        for player in table.players.values():
            assert player.screen.obs == held_view(host.session, player.seat)
        await table.play_until(lambda: False, timeout=300)  # a loaded machine: minutes, not seconds

        # The end, on every screen.
        state = host.session.state
        assert state.is_over and host.session.recorded and unfinished_games()[0] == []
        # The screen is pushed before its first frame is drawn: wait for the frame itself.
        await table.until(lambda: all(isinstance(p.app.screen, RoundOverScreen) and p.app.screen.game_over
                                      and "Game over" in screen_text(p.app) for p in table.players.values()))
        for player in table.players.values():
            assert player.screen.session.client.outcome == state.outcome().to_dict()
        assert len(table.refused) == 1 and table.moves > 14
        if game == "president":
            assert table.rounds_seen  # the first round's result, closed with Enter
        # Not a card hidden from a seat in anything its app was sent, all game long.
        assert check.leaks == [] and check.not_exact == 0
        assert check.would_catch > 0
    finally:
        await table.close()
        await host.close()
