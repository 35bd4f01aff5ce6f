"""Whole games over loopback: a host, two or three players driven by the tests, a bot."""

from __future__ import annotations

import asyncio
import random

import pytest

from cardtable.games import get_rules
from cardtable.net.client import JoinError, TableClient
from cardtable.net.host import NetHost, format_address, networked
from cardtable.net.protocol import StateUpdate, Status, recent_log
from cardtable.session import Seat, SeatKind, SlotSaver, TableSession
from cardtable.tui.wording import refusal_line, undo_line
from cardtable.userdata.slots import unfinished_games
from tests.net.tables import (
    FAST,
    GAMES,
    LeakCheck,
    autoplay,
    client_for,
    held,
    held_view,
    open_table,
    refusals,
    reopen_table,
    told,
)
from tests.waiting import until


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_over_the_network_leaks_no_hidden_card(game: str) -> None:
    kinds, options = GAMES[game]
    check = LeakCheck()
    received: dict[int, list[bytes]] = {}
    host, _ = await open_table(game, kinds, seed=5, on_send=check.on_send, listener=check.listen, join=False, **options)
    check.state, check.session = host.session.state, host.session
    clients = []
    for seat in host.remote_seats:
        received[seat] = []
        client = client_for(host, seat, on_data=lambda data, seat=seat: received[seat].append(
            data.encode() if isinstance(data, str) else data))
        await client.join()
        clients.append(client)
    try:
        moves = await asyncio.wait_for(
            asyncio.gather(*(autoplay(client, random.Random(seat)) for seat, client in enumerate(clients))), 60
        )
        state = host.session.state
        assert state.is_over and all(moves)
        assert sum(moves) == sum(1 for seat, _ in state.history if seat in host.remote_seats)
        for seat, client in zip(host.remote_seats, clients):
            assert client.observation == held(state, seat)
            assert client.view == held_view(state, seat)  # the engine's own object, rebuilt
            assert client.outcome == state.outcome().to_dict()
            assert client.refusals == [] and client.errors == []
            # Every byte the client took in is what the host checked when it sent it.
            await client.wait_for(lambda c, seat=seat: len(received[seat]) >= len(check.sent[seat]))
            assert received[seat] == check.sent[seat]
        assert check.leaks == [] and check.not_exact == 0
        # The check can fail: the neighbour's hand, sent instead, would have been caught.
        assert check.would_catch > len(state.history) // 2
    finally:
        for client in clients:
            await client.close()
        await host.close()


async def test_a_refused_move_comes_back_with_the_engines_reason_and_changes_nothing() -> None:
    host, (ann, ben, cleo) = await open_table("hearts", ["remote", "remote", "remote", "easy"], seed=2, target=1)
    try:
        await ann.wait_for(lambda c: c.my_turn)
        before = host.session.state.to_json()
        reason = host.session.state.why_illegal("play 2C")
        seq = await ann.act("play 2C")
        await ann.wait_for(lambda c: not c.waiting)
        assert refusals(ann) == [(seq, reason)] and reason
        # Everyone chooses their pass at once: Ben's, before Ann's, is taken and kept unseen.
        await ben.act(ben.legal[0])
        await ben.wait_for(lambda c: not c.waiting)
        assert ben.refusals == [] and not ben.my_turn
        assert host.session.state.to_json() == before
        # A move out of turn is still refused: Ben has passed already.
        out_of_turn = await ben.act("give 2C 3C 4C")
        await ben.wait_for(lambda c: not c.waiting)
        assert ben.refusals[0][0] == out_of_turn and "turn" in refusals(ben)[0][1]
        assert host.session.state.to_json() == before
        assert cleo.refusals == [] and ann.observation == recent_log(host.session.observation(0).to_dict())
    finally:
        for client in (ann, ben, cleo):
            await client.close()
        await host.close()


async def test_a_player_who_drops_pauses_the_table_and_rejoins_at_the_same_point() -> None:
    host, (ann, ben) = await open_table("durak", ["remote", "remote", "easy"], seed=3)
    rng = random.Random(3)
    try:
        await asyncio.gather(autoplay(ann, rng, until=lambda c: len(c.events) > 8),
                             autoplay(ben, rng, until=lambda c: len(c.events) > 8))
        await ben.close()
        await ann.wait_for(lambda c: c.paused)
        assert "waiting for Ada" in told(ann) and not ann.seats[1].connected
        frozen = host.session.state.to_json()
        # A bot asked before the pause answers into a paused table, and none is asked after it.
        await until(lambda: host._bot_task is None, "no bot thinking at the paused host")
        assert host.session.state.to_json() == frozen
        if ann.to_act == ann.seat:
            seq = await ann.act(ann.legal[0])
            await ann.wait_for(lambda c: not c.waiting)
            assert refusals(ann)[-1] == (seq, "Paused: waiting for Ada to join.")
        expected = held(host.session, 1)
        firsts: list[object] = []
        back = client_for(host, 1, listener=firsts.append)
        await back.join()
        await ann.wait_for(lambda c: not c.paused)
        # Back at the same point: the first state is the seat's observation when it left.
        first_state = next(m for m in firsts if isinstance(m, StateUpdate))
        assert first_state.observation == expected and ben.observation == expected
        assert back.seq == ben.seq > 0  # numbering goes on from the seat's last move
        assert "Ada rejoined" in told(ann)
        await asyncio.gather(autoplay(ann, rng), autoplay(back, rng))
        assert host.session.is_over
        await back.close()
    finally:
        await ann.close()
        await host.close()


async def test_a_missing_players_seat_is_handed_to_a_bot_and_back() -> None:
    host, (ann, ben) = await open_table("president", ["remote", "remote", "easy"], seed=4, rounds=2)
    rng = random.Random(4)
    try:
        await ben.close()
        await ann.wait_for(lambda c: "left the table" in told(c))
        moves_before = len(host.session.state.history)
        host.hand_to_bot(1, "easy")
        await ann.wait_for(lambda c: not c.paused and c.seats[1].level == "easy")
        assert "played by a bot (easy)" in told(ann)
        await autoplay(ann, rng, until=lambda c: sum(1 for seat, _ in (c.observation or {}).get("history", [])
                                                     if seat == 1) >= 2)
        assert len(host.session.state.history) > moves_before
        back = client_for(host, 1)
        await back.join()
        await ann.wait_for(lambda c: c.seats[1].level == "" and c.seats[1].connected)
        assert "has their seat back" in told(ann) and host.handed == {}
        assert host.session.seats[1].kind == "remote"
        played_by_ben = sum(1 for seat, _ in host.session.state.history if seat == 1)
        await asyncio.gather(autoplay(ann, rng), autoplay(back, rng))
        assert host.session.is_over
        assert sum(1 for seat, _ in host.session.state.history if seat == 1) > played_by_ben
        await back.close()
    finally:
        await ann.close()
        await host.close()


async def test_the_listener_binds_loopback_by_default() -> None:
    host, clients = await open_table("durak", ["remote", "easy"], join=False)
    try:
        assert host.address[0] == "127.0.0.1"
        assert isinstance(clients[0], TableClient)
    finally:
        await host.close()


async def test_a_saved_networked_game_resumes_with_new_codes_at_the_same_point() -> None:
    saver = SlotSaver()
    host, (ann, ada) = await open_table("durak", ["remote", "remote", "easy"], seed=9, saver=saver)
    rng = random.Random(9)
    old_codes = dict(host.codes)
    try:
        await asyncio.gather(autoplay(ann, rng, until=lambda c: len(c.events) > 6),
                             autoplay(ada, rng, until=lambda c: len(c.events) > 6))
        await ada.close()
        await ann.wait_for(lambda c: "left the table" in told(c))
        host.hand_to_bot(1, "easy")  # saved while a bot plays the seat: it is still the player's
        await ann.wait_for(lambda c: not c.paused)
        await ann.close()
        history = list(host.session.state.history)
        resumed = await reopen_table(host, saver)
        state = resumed.session.state
        assert networked(state) and state.history == history
        assert [seat.spec for seat in resumed.session.seats] == ["remote", "remote", "easy"]
        assert resumed.paused and set(resumed.codes.values()).isdisjoint(old_codes.values())
        address = format_address(*resumed.address)
        with pytest.raises(JoinError, match="wrong code"):
            await TableClient(address, old_codes[0]).join()
        players = [client_for(resumed, seat) for seat in (0, 1)]
        for seat, player in enumerate(players):
            await player.join()
            # The last to join unpauses the table and the bot may move at once: the player's
            # view must then catch up with the host's (a paused table's matches straight away).
            await player.wait_for(lambda c, seat=seat: c.observation == held(state, seat))
        await asyncio.gather(*(autoplay(player, rng) for player in players))
        assert resumed.session.is_over and resumed.session.recorded and unfinished_games()[0] == []
        assert resumed.session.state.history[:len(history)] == history
        for player in players:
            await player.close()
        await resumed.close()
    finally:
        await host.close()


async def test_a_players_name_is_taken_if_valid_and_free() -> None:
    host, clients = await open_table("hearts", ["remote", "remote", "remote", "easy"], seed=1, join=False, target=1)
    players = [client_for(host, 0, name="Zed"), client_for(host, 1, name="Ann\x1b[2J"), client_for(host, 2, name="Zed")]
    try:
        for player in players:
            await player.join()
        await players[0].wait_for(lambda c: not c.paused)
        names = [seat.name for seat in players[0].seats]
        # A valid free name is taken; an escape sequence or a taken name leaves the seat's own.
        assert names == ["Zed", "Ada", "Ben", "Cleo"]
        assert host.session.state.meta["seats"][0]["name"] == "Zed"
        assert [seat.kind for seat in players[0].seats] == ["remote", "remote", "remote", "bot"]
    finally:
        for player in players:
            await player.close()
        await host.close()


async def test_undo_is_off_with_a_player_elsewhere_and_a_seat_here_moves_through_the_host() -> None:
    state = get_rules("durak").new_game(players=3, seed=5)
    seats = [Seat.human("Hal"), Seat("Ann", SeatKind.REMOTE), Seat.bot_seat("Ada", "easy")]
    statuses: list[Status] = []
    host = NetHost(TableSession(state, seats), limits=FAST, on_status=statuses.append, log_line=lambda _: None)
    await host.start()
    try:
        name = host.session.seats.__getitem__
        assert refusal_line(host.act_here(0, "pass"), lambda seat: name(seat).name) == "Paused: waiting for Ann to join."
        assert refusal_line(host.act_here(1, "pass"), lambda seat: name(seat).name) == "Ann does not sit at this keyboard"
        ann = client_for(host, 1)
        await ann.join()
        assert statuses[-1].paused is False and statuses[-1].seats[0].kind == "human"
        if host.session.to_act == 0:
            assert host.act_here(0, str(host.session.legal_actions()[0])) is None
            await ann.wait_for(lambda c: len((c.observation or {})["history"]) >= 1)
        assert undo_line(host.session.undo_refusal()) == "Undo is only for games with a single person at the table."
        await ann.close()
    finally:
        await host.close()


async def test_a_bug_in_the_screens_listener_is_told_as_such_not_as_a_network_drop() -> None:
    host, [client] = await open_table("durak", ["remote", "easy"], join=False)
    calls: list[object] = []

    def broken(message: object) -> None:
        calls.append(message)
        if len(calls) == 2:
            raise RuntimeError("the screen was not ready")

    client.listener = broken
    try:
        await client.join()
        await client.wait_for(lambda c: c.closed_reason is not None)
        assert client.closed_reason is not None
        assert "cardtable failed while showing the host's news" in client.closed_reason
        assert "the screen was not ready" in client.closed_reason
    finally:
        await client.close()
        await host.close()
