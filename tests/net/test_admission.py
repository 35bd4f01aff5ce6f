"""Who gets in: a right code always, at once, whatever else comes from its address.

Every player on one machine (or behind one SSH tunnel) comes from 127.0.0.1, so
nothing another connection from that address does (idle before its hello, guessing
codes, joining and leaving in a loop) may keep the right code out or flood the others.
"""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import ClientConnection, connect

from cardtable.net.client import TableClient
from cardtable.net.host import Limits, NetHost
from cardtable.net.protocol import PROTOCOL_VERSION
from tests.net.tables import client_for, open_table, told
from tests.waiting import until

KINDS = ["remote", "remote"]


async def table(limits: Limits) -> tuple[NetHost, TableClient, TableClient]:
    host, (ann, ada) = await open_table("durak", KINDS, seed=7, limits=limits)
    await ann.wait_for(lambda c: c.observation is not None and not c.paused)
    await ada.wait_for(lambda c: c.observation is not None and not c.paused)
    return host, ann, ada


async def guess(host: NetHost) -> ClientConnection:
    ws = await connect(f"ws://127.0.0.1:{host.address[1]}/")
    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": "not-a-code"}))
    return ws


async def test_idle_connections_from_one_address_do_not_keep_the_right_code_out() -> None:
    host, ann, ada = await table(Limits(max_pending_per_address=8, hello_timeout=30, rate=10_000, burst=10_000))
    try:
        idle = [await connect(f"ws://127.0.0.1:{host.address[1]}/") for _ in range(8)]
        await until(lambda: host._pending_from.get("127.0.0.1", 0) == 8, "the host counts 8 idle connections")
        await ada.close()
        await ann.wait_for(lambda c: "left the table" in told(c))
        back = client_for(host, 1)
        await back.join()
        assert back.seat == 1
        await ann.wait_for(lambda c: not c.paused)
        for ws in idle:
            await ws.close()
        await back.close()
    finally:
        await ann.close()
        await host.close()


async def test_wrong_guesses_in_their_delay_do_not_keep_the_right_code_out() -> None:
    limits = Limits(max_pending_per_address=8, wrong_code_delay=30, slow_delay=30, rate=10_000, burst=10_000)
    host, ann, ada = await table(limits)
    try:
        guesses = [await guess(host) for _ in range(8)]
        await until(lambda: len(host._failures.get("127.0.0.1", ())) == 8, "the host counts 8 wrong guesses")
        await ada.close()
        await ann.wait_for(lambda c: "left the table" in told(c))
        back = client_for(host, 1)
        await asyncio.wait_for(back.join(), 5)
        assert back.seat == 1
        for ws in guesses:
            await ws.close()
        await back.close()
    finally:
        await ann.close()
        await host.close()


async def test_a_guess_frees_its_slot_when_the_guesser_goes() -> None:
    limits = Limits(max_pending_per_address=8, wrong_code_delay=30, slow_delay=30, rate=10_000, burst=10_000)
    host, ann, ada = await table(limits)
    try:
        guesses = [await guess(host) for _ in range(3)]
        await until(lambda: len(host._failures.get("127.0.0.1", ())) == 3, "the host counts 3 wrong guesses")
        assert host._pending_from == {"127.0.0.1": 3}
        for ws in guesses:
            await ws.close()
        # The guessers hung up: their slots are free long before their 30 s delays end.
        await until(lambda: host._pending == 0 and host._pending_from == {}, "no connection waiting")
    finally:
        await ann.close()
        await ada.close()
        await host.close()


async def test_a_crowded_address_still_gets_wrong_codes_refused_and_idle_ones_dropped() -> None:
    limits = Limits(max_pending_per_address=2, hello_timeout=30, crowded_hello_timeout=0.2, rate=10_000, burst=10_000)
    host, ann, ada = await table(limits)
    try:
        idle = [await connect(f"ws://127.0.0.1:{host.address[1]}/") for _ in range(2)]
        await until(lambda: host._pending_from.get("127.0.0.1", 0) == 2, "the host counts 2 idle connections")
        wrong = await guess(host)
        answer = json.loads(await asyncio.wait_for(wrong.recv(), 5))
        assert answer == {"type": "error", "reason": "too many connections waiting to join; try again soon",
                          "fatal": True, "why": "crowded"}
        silent = await connect(f"ws://127.0.0.1:{host.address[1]}/")
        await asyncio.wait_for(silent.wait_closed(), 5)  # over the cap it had a short while to say hello
        assert host.session.state.history == [] or ann.connected
        for ws in idle:
            await ws.close()
    finally:
        await ann.close()
        await ada.close()
        await host.close()


async def test_joining_and_leaving_in_a_loop_does_not_flood_the_others() -> None:
    host, ann, ada = await table(Limits(rate=10_000, burst=10_000, joins=5, join_interval=60))
    try:
        heard: list[object] = []
        ann.listener = heard.append
        for _ in range(40):
            with_code = client_for(host, 1)
            try:
                await with_code.join()
            except Exception:  # noqa: BLE001 - refused for joining too often: the point of the test
                continue
            finally:
                await with_code.close()
        await asyncio.sleep(0)  # nothing to wait for: count what Ann was sent so far
        statuses = [message for message in heard if type(message).__name__ == "Status"]
        assert len(statuses) <= 2 * 6, f"{len(statuses)} statuses for 40 joins"
        last = client_for(host, 1)
        refused = ""
        try:
            await last.join()
        except Exception as exc:  # noqa: BLE001
            refused = str(exc)
        assert "joined too often" in refused
    finally:
        await ann.close()
        await ada.close()
        await host.close()
