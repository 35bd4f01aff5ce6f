"""Hostile input changes nothing and never stops the table.

Each test seats two remote players at Durak (no bot, so only they change the game),
lets one of them (or a stranger) misbehave, and checks that the host's state is what
it was, that the other player noticed nothing, and that the game goes on.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket

import pytest
from websockets.asyncio.client import connect

from cardtable.net.client import JoinError, TableClient
from cardtable.net.host import Limits, NetHost
from cardtable.net.protocol import CLIENT_MESSAGE_LIMIT, PROTOCOL_VERSION, Bye
from tests.net.tables import autoplay, client_for, held, open_table, refusals, told

KINDS = ["remote", "remote"]


async def table(limits: Limits | None = None) -> tuple[NetHost, TableClient, TableClient]:
    host, (ann, ada) = await open_table("durak", KINDS, seed=7, **({"limits": limits} if limits else {}))
    await ann.wait_for(lambda c: c.observation is not None and not c.paused)
    await ada.wait_for(lambda c: c.observation is not None and not c.paused)
    return host, ann, ada


async def goes_on(host: NetHost, before: str, bystander: TableClient, player: TableClient) -> None:
    """The state is ``before``, the bystander saw nothing wrong, and a legal move still plays."""
    assert host.session.state.to_json() == before
    assert bystander.connected and bystander.errors == [] and bystander.refusals == []
    assert bystander.observation == held(host.session, bystander.seat or 0)
    moves = len(host.session.state.history)
    mover = bystander if bystander.to_act == bystander.seat else player
    await mover.wait_for(lambda c: c.my_turn)
    await mover.act(mover.legal[0])
    await bystander.wait_for(lambda c: len((c.observation or {}).get("history", [])) > moves)
    assert len(host.session.state.history) == moves + 1


async def close(host: NetHost, *clients: TableClient) -> None:
    for client in clients:
        await client.close()
    await host.close()


@pytest.mark.parametrize(
    "data, reason",
    [
        ("{not json", "bad message: JSON is malformed"),
        ('{"type": "shout", "text": "hi"}', "Invalid value 'shout' - at `$.type`"),
        ('{"type": "act", "seq": 99, "action": "pass", "admin": true}', "Object contains unknown field `admin`"),
        ('{"type": "act", "seq": "1", "action": "pass"}', "Expected `int`, got `str` - at `$.seq`"),
        ('{"type": "act", "seq": 100, "action": ""}', "at `$.action`"),
        ('[1, 2, 3]', "bad message"),
        ('{"type": "hello", "version": 1, "code": "x"}', "already joined"),
    ],
)
async def test_a_message_that_is_not_a_declared_one_is_refused(data: str, reason: str) -> None:
    host, ann, ada = await table()
    try:
        before = host.session.state.to_json()
        await ann.send_raw(data)
        await ann.wait_for(lambda c: bool(c.errors))
        assert reason in ann.errors[0] and ann.connected
        await goes_on(host, before, ada, ann)
    finally:
        await close(host, ann, ada)


async def test_a_binary_message_is_refused() -> None:
    host, ann, ada = await table()
    try:
        before = host.session.state.to_json()
        await ann.send_raw(b'{"type": "act", "seq": 1, "action": "pass"}')
        await ann.wait_for(lambda c: bool(c.errors))
        assert "not binary" in ann.errors[0]
        await goes_on(host, before, ada, ann)
    finally:
        await close(host, ann, ada)


async def test_an_oversized_message_closes_that_connection_only() -> None:
    host, ann, ada = await table()
    try:
        before = host.session.state.to_json()
        await ann.send_raw('{"type": "act", "seq": 1, "action": "' + "x" * CLIENT_MESSAGE_LIMIT + '"}')
        await ann.wait_for(lambda c: c.closed_reason is not None)
        assert ann.closed_reason == f"the connection closed (frame exceeds limit of {CLIENT_MESSAGE_LIMIT} bytes)"
        await ada.wait_for(lambda c: c.paused)  # the seat waits for its player, as after a dropped line
        assert host.session.state.to_json() == before
        again = client_for(host, 0)
        await again.join()
        await ada.wait_for(lambda c: not c.paused)
        ada.errors.clear()
        await goes_on(host, before, ada, again)
        await again.close()
    finally:
        await close(host, ann, ada)


@pytest.mark.slow
async def test_a_flood_is_dropped_then_closed_and_the_table_goes_on() -> None:
    limits = Limits(rate=20, burst=10, flood_close=100, wrong_code_delay=0.01)
    host, ann, ada = await table(limits)
    try:
        before = host.session.state.to_json()
        for seq in range(1, 400):
            await ann.send_raw(json.dumps({"type": "act", "seq": seq, "action": "jump"}))
        await ann.wait_for(lambda c: c.closed_reason is not None)
        assert any("too many messages" in error for error in ann.errors)
        assert ann.closed_reason == "too many messages: closing the connection"
        # The few let through were refused by the engine, one reason each (as data: malformed).
        assert 1 <= len(ann.refusals) <= 12
        assert all("is not a Durak action" in r or "turn" in r for _, r in refusals(ann)), refusals(ann)
        assert host.session.state.to_json() == before
        await ada.wait_for(lambda c: c.paused)
        again = client_for(host, 0)
        await again.join()
        await ada.wait_for(lambda c: not c.paused)
        await goes_on(host, before, ada, again)
        await again.close()
    finally:
        await close(host, ann, ada)


async def test_a_move_out_of_turn_is_refused_with_the_reason() -> None:
    host, ann, ada = await table()
    try:
        before = host.session.state.to_json()
        waiting = ada if host.session.to_act == 0 else ann
        acting = ann if waiting is ada else ada
        legal_for_other = str(host.session.legal_actions()[0])
        seq = await waiting.act(legal_for_other)
        await waiting.wait_for(lambda c: not c.waiting)
        assert refusals(waiting) == [(seq, f"it is not {waiting.seats[waiting.seat or 0].name}'s turn: "
                                          f"{acting.seats[acting.seat or 0].name} is to act")]
        assert host.session.state.to_json() == before
        assert acting.refusals == [] and acting.errors == []
        await acting.act(acting.legal[0])
        await waiting.wait_for(lambda c: len((c.observation or {})["history"]) == 1)
    finally:
        await close(host, ann, ada)


async def test_a_replayed_move_is_refused_and_played_once() -> None:
    host, ann, ada = await table()
    try:
        mover = ann if host.session.to_act == 0 else ada
        other = ada if mover is ann else ann
        move = json.dumps({"type": "act", "seq": 1, "action": mover.legal[0]})
        mover.seq = 1
        await mover.send_raw(move)
        await mover.wait_for(lambda c: not c.waiting)
        after = host.session.state.to_json()
        assert len(host.session.state.history) == 1
        for _ in range(3):
            await mover.send_raw(move)
        await mover.send_raw(json.dumps({"type": "act", "seq": 1, "action": "pass"}))
        await mover.wait_for(lambda c: len(c.refusals) == 4)
        assert all(reason == "message 1 is a repeat: this seat is at 1" for _, reason in refusals(mover))
        assert host.session.state.to_json() == after and len(host.session.state.history) == 1
        assert other.refusals == [] and other.errors == []
    finally:
        await close(host, ann, ada)


async def stranger(host: NetHost, *messages: str) -> list[str]:
    """Connect without joining, send ``messages`` and return what the host answered."""
    answers = []
    async with connect(f"ws://127.0.0.1:{host.address[1]}/") as ws:
        for message in messages:
            await ws.send(message)
        with pytest.raises(Exception):  # noqa: B017 - the host closes the connection: any close is fine
            while True:
                answers.append(await asyncio.wait_for(ws.recv(), 5))
    return [json.loads(answer)["reason"] for answer in answers]


async def test_a_stranger_must_say_hello_with_the_right_version_and_code() -> None:
    host, ann, ada = await table()
    try:
        before = host.session.state.to_json()
        seen = len(ada.errors) + len(ada.refusals)
        assert (await stranger(host, '{"type": "act", "seq": 1, "action": "pass"}'))[0].startswith("say hello first")
        assert (await stranger(host, "{oops"))[0].startswith("bad message")
        assert (await stranger(host, json.dumps({"type": "hello", "version": 1, "code": host.codes[0]}))) == [
            f"this host speaks protocol version {PROTOCOL_VERSION}, not 1: "
            "the host and its players need the same release of cardtable"
        ]
        assert (await stranger(host, json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": "guess"}))) == [
            "wrong code: no seat at this table has it"
        ]
        assert host.session.state.to_json() == before and ann.connected and ada.connected
        assert len(ada.errors) + len(ada.refusals) == seen
        await goes_on(host, before, ada, ann)
    finally:
        await close(host, ann, ada)


async def test_wrong_codes_are_answered_slowly_but_never_keep_a_player_out() -> None:
    limits = Limits(wrong_codes=3, wrong_code_window=60, wrong_code_delay=0.01, slow_delay=1.5)
    host, ann, ada = await table(limits)
    try:
        before = host.session.state.to_json()
        wrong = host.codes[0][:-1] + ("A" if host.codes[0][-1] != "A" else "B")  # one character off
        for attempt in range(3):
            with pytest.raises(JoinError, match="^wrong code: no seat at this table has it$"):
                await TableClient(f"127.0.0.1:{host.address[1]}", wrong if attempt else "x").join()
        started = asyncio.get_running_loop().time()
        with pytest.raises(JoinError, match=r"too many from your address: each try now waits 1.5 seconds"):
            await TableClient(f"127.0.0.1:{host.address[1]}", wrong).join()
        assert asyncio.get_running_loop().time() - started >= 1.5
        # Ada's line drops; she gets back in at once with her code, tries or no tries.
        await ada.close()
        await ann.wait_for(lambda c: "left the table" in told(c))
        back = client_for(host, 1)
        started = asyncio.get_running_loop().time()
        await back.join()
        assert asyncio.get_running_loop().time() - started < 1.5  # not slowed down like the wrong codes
        await ann.wait_for(lambda c: not c.paused)
        assert host.session.state.to_json() == before and ann.connected
        ann.errors.clear()
        await goes_on(host, before, back, ann)
        await back.close()
    finally:
        await close(host, ann, ada)


async def test_connections_waiting_to_join_are_capped_per_address() -> None:
    host, ann, ada = await table(Limits(max_pending_per_address=2, hello_timeout=5))
    try:
        before = host.session.state.to_json()
        idle = [await connect(f"ws://127.0.0.1:{host.address[1]}/") for _ in range(2)]
        third = await connect(f"ws://127.0.0.1:{host.address[1]}/")
        await third.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": "guess"}))
        answer = json.loads(await asyncio.wait_for(third.recv(), 5))
        assert answer == {"type": "error", "reason": "too many connections waiting to join; try again soon",
                          "fatal": True, "why": "crowded"}
        for ws in idle:
            await ws.close()
        await asyncio.sleep(0.1)
        assert host._pending == 0 and host._pending_from == {}
        assert host.session.state.to_json() == before
        await goes_on(host, before, ada, ann)
    finally:
        await close(host, ann, ada)


async def test_a_code_used_again_takes_the_seat_from_the_old_connection() -> None:
    host, ann, ada = await table()
    try:
        before = host.session.state.to_json()
        heard: list[object] = []
        ann.listener = heard.append
        second = client_for(host, 0)
        await second.join()
        await ann.wait_for(lambda c: c.closed_reason is not None)
        assert ann.closed_reason == "your seat was joined from another connection"
        assert any(isinstance(message, Bye) for message in heard)
        assert second.seat == 0 and host.players[0].ws is not None and len(host.players) == 2
        await ada.wait_for(lambda c: "Ann rejoined" in told(c))
        assert not ada.paused
        await goes_on(host, before, ada, second)
        # The old connection can do nothing any more.
        with pytest.raises(Exception):  # noqa: B017 - closed: any error of the closed socket
            await ann.act("pass")
            await asyncio.sleep(0.1)
            await ann.act("pass")
        await second.close()
    finally:
        await close(host, ann, ada)


async def test_a_player_who_stops_reading_is_dropped_and_the_table_waits() -> None:
    host, (ann, ben, cleo) = await open_table(
        "hearts", ["remote", "remote", "remote", "easy"], seed=3, join=False, target=100,
        limits=Limits(rate=10_000, burst=10_000, send_queue=3),
    )
    try:
        # Cleo's program joins, then never reads again: its socket fills up.
        # A small receive buffer, so that its socket fills up long before the game ends
        # (a game to 100: the host sends only what changed, and on a loaded machine one
        # hand's messages sometimes all fitted in the buffers).
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", host.address[1]))
        silent = await connect(f"ws://127.0.0.1:{host.address[1]}/", sock=sock, max_queue=1, compression=None, close_timeout=0.1)
        await silent.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": host.codes[2]}))
        await ann.join()
        await ben.join()
        await ann.wait_for(lambda c: not c.paused)
        # ...and the host's side of that line is small too: a slow link, so to speak.
        host.players[2].ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        rng = random.Random(3)

        async def blind() -> None:
            """Cleo's program moves (legal moves, read off the host here) but never reads."""
            seq = 0
            while 2 in host.players and not host.session.is_over:
                if host.session.to_act == 2 and not host.paused:
                    seq += 1
                    await silent.send(json.dumps({"type": "act", "seq": seq, "action": str(
                        host.session.legal_actions()[0])}))
                await asyncio.sleep(0.005)

        await asyncio.wait_for(asyncio.gather(
            autoplay(ann, rng, until=lambda c: c.paused or c.is_over),
            autoplay(ben, rng, until=lambda c: c.paused or c.is_over),
            blind(),
        ), 30)
        assert not host.session.is_over, "the game ended before the silent player's socket filled up"
        assert ann.paused and not ann.seats[2].connected and 2 not in host.players
        assert "waiting for Ben to rejoin." in told(ann)
        paused_at = host.session.state.to_json()
        await asyncio.sleep(0.2)
        assert host.session.state.to_json() == paused_at  # nobody moves, the bot neither
        await cleo.join()
        await ann.wait_for(lambda c: not c.paused)
        assert cleo.observation == held(host.session, 2)
        await silent.close()
    finally:
        await close(host, ann, ben, cleo)
