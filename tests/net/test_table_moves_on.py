"""A table keeps moving: it pauses only on an away player's turn, and a player who
never moves has each move made by a bot once their time (``turn_time``) runs out."""

from __future__ import annotations

import asyncio

from cardtable.games import get_rules
from cardtable.net.host import Limits, NetHost
from cardtable.net.hosted import HostedSession
from cardtable.session import Seat, SeatKind, TableSession
from tests.net.tables import FAST, client_for, host_pause, new_state, open_table, told


async def test_the_table_pauses_only_on_the_away_players_turn() -> None:
    host, clients = await open_table("durak", ["remote", "remote", "remote"], seed=5)
    try:
        for client in clients:
            await client.wait_for(lambda c: c.observation is not None and not c.paused)
        mover_seat = host.session.to_act
        assert mover_seat is not None
        away_seat = next(seat for seat in host.remote_seats if seat != mover_seat)
        mover, away = clients[mover_seat], clients[away_seat]
        await away.close()
        await mover.wait_for(lambda c: "left the table" in told(c))
        assert not host.paused and not mover.paused
        # Everyone else plays on until it is the away player's turn; nothing is refused.
        for _ in range(200):
            to_act = host.session.to_act
            if to_act == away_seat or to_act is None:
                break
            player = clients[to_act]
            await player.wait_for(lambda c: c.my_turn and bool(c.legal))
            moves = len(host.session.state.history)
            await player.act(player.legal[0])
            await player.wait_for(lambda c, moves=moves: len((c.observation or {}).get("history", [])) > moves)
        assert host.session.to_act == away_seat
        assert all(client.refusals == [] for client in clients)
        assert host.paused
        name = host.session.seats[away_seat].name
        assert host_pause(host) == f"Paused: it is {name}'s turn and {name} is away; waiting for {name} to rejoin."
        others = [client for seat, client in enumerate(clients) if seat != away_seat]
        for client in others:
            await client.wait_for(lambda c: c.paused and "is away" in told(c))
        back = client_for(host, away_seat)
        await back.join()
        for client in others:
            await client.wait_for(lambda c: not c.paused)
        await back.close()
    finally:
        for client in clients:
            await client.close()
        await host.close()


async def test_a_player_who_never_moves_has_a_bot_move_for_them_when_their_time_runs_out() -> None:
    state = new_state("durak", ["remote", "remote"], seed=7)
    session = TableSession(state, [Seat("Ann", SeatKind.REMOTE), Seat("Ada", SeatKind.REMOTE)])
    host = NetHost(session, limits=FAST, log_line=lambda _: None, turn_time=0.2, bot_level="easy")
    await host.start()
    ann, ada = client_for(host, 0), client_for(host, 1)
    try:
        await ann.join()
        await ada.join()
        # Nobody moves at all: every move of the game is made when its player's time runs out.
        await ann.wait_for(lambda c: "time ran out" in told(c), timeout=30)
        assert "an easy bot moved for" in told(ann)
        assert len(host.session.state.history) >= 1
        assert host.handed == {} and not host.paused  # the seats stay their players'
        moves = len(host.session.state.history)
        await ada.wait_for(lambda c: len((c.observation or {}).get("history", [])) > moves, timeout=30)
    finally:
        await ann.close()
        await ada.close()
        await host.close()


async def test_the_clock_does_not_run_before_everyone_has_joined() -> None:
    state = new_state("durak", ["remote", "remote"], seed=7)
    session = TableSession(state, [Seat("Ann", SeatKind.REMOTE), Seat("Ada", SeatKind.REMOTE)])
    host = NetHost(session, limits=FAST, log_line=lambda _: None, turn_time=0.05)
    await host.start()
    ann = client_for(host, 0)
    try:
        await ann.join()
        await ann.wait_for(lambda c: c.observation is not None)
        for _ in range(20):
            await asyncio.sleep(0.02)  # ten turn times: the clock must not have moved anyone
            assert host.session.state.history == [] and host.paused
    finally:
        await ann.close()
        await host.close()


async def test_the_host_hands_a_connected_players_seat_to_a_bot() -> None:
    state = get_rules("durak").new_game(players=2, seed=3)
    session = HostedSession(state, [Seat.human("Host"), Seat("Bea", SeatKind.REMOTE)])
    host = NetHost(session, limits=Limits(rate=10_000, burst=10_000), log_line=lambda _: None)
    session.serve_with(host)
    await host.start()
    bea = client_for(host, 1)
    try:
        await bea.join()
        await bea.wait_for(lambda c: not c.paused)
        assert session.hand_to_bot(1, "easy") is None
        assert host.handed == {1: "easy"}
        await bea.wait_for(lambda c: "played by a bot" in told(c))
        assert session.take_back(1) is None and host.handed == {}
    finally:
        await bea.close()
        await host.close()


async def test_every_player_chooses_their_hearts_pass_at_once_and_sees_none_before_all_are_in() -> None:
    host, (ann, ada, ben) = await open_table("hearts", ["remote", "remote", "remote", "easy"], seed=3, target=1)
    try:
        for client in (ann, ada, ben):
            await client.wait_for(lambda c: c.my_turn and bool(c.legal))  # all three at once
        # Ben (third) passes first, then Ada; neither waits for Ann.
        for client in (ben, ada):
            await client.act(client.legal[0])
            await client.wait_for(lambda c: not c.waiting and not c.my_turn)
        assert ben.refusals == [] and ada.refusals == []
        assert host.session.state.history == []  # kept unseen until Ann's is in
        await ann.wait_for(lambda c: c.my_turn)  # the bot chose meanwhile, but Ann is not hurried
        for client in (ada, ben):
            assert client.observation is not None and client.observation["cards_received"] == []
        await ann.act(ann.legal[0])
        for client in (ann, ada, ben):
            await client.wait_for(lambda c: (c.observation or {}).get("phase") == "play")
            assert client.observation is not None and len(client.observation["cards_received"]) == 3
        assert [seat for seat, _ in host.session.state.history[:4]] == [0, 1, 2, 3]
    finally:
        for client in (ann, ada, ben):
            await client.close()
        await host.close()


async def test_every_remote_player_choosing_a_pass_is_timed_even_before_the_host_chooses() -> None:
    """Found: the clock timed only the seat shown as to act, so at a table with a seat at
    the host's keyboard a remote player's pass was never timed until the host had passed."""
    state = new_state("hearts", ["human", "remote", "remote", "easy"], seed=3, target=1)
    seats = [Seat.human("Hal"), Seat("Ann", SeatKind.REMOTE), Seat("Ben", SeatKind.REMOTE), Seat.bot_seat("Cy", "easy")]
    host = NetHost(TableSession(state, seats), limits=FAST, log_line=lambda _: None, turn_time=0.2, bot_level="easy")
    await host.start()
    ann, ben = client_for(host, 1), client_for(host, 2)
    try:
        await ann.join()
        await ben.join()
        # Hal, at the host's keyboard, never passes; Ann and Ben never choose either.
        await ann.wait_for(lambda c: "Ben's time ran out" in told(c) or "Ann's time ran out" in told(c), timeout=30)
        await ann.wait_for(lambda c: not c.my_turn, timeout=30)
        await ben.wait_for(lambda c: not c.my_turn, timeout=30)
        assert 1 not in host.session.choosing and 2 not in host.session.choosing
        assert host.session.state.history == []  # kept unseen until Hal's pass is in
        assert host.session.to_act == 0 and host.handed == {}
    finally:
        await ann.close()
        await ben.close()
        await host.close()
