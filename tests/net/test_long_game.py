"""What a host sends does not grow with the game (issue 26, item 5).

Two games, every seat remote, each played by an easy bot through a real client:

- a whole Hearts game to a target of 300 (some 35 hands, 1,928 moves), every move
  over the network: the largest message a seat is sent, and the bytes a move costs,
  stay the same small sizes from the first hand to the last;
- a whole game to 10,000, the largest target the options allow (some 1,450 hands,
  80,000 moves, 110,000 events).  Every move over the network would take over 10
  minutes here (the 300 game costs 8 ms a move of network, clients and bots alone),
  so the hands before the last few are played on the engine by random legal moves,
  and the final hands (from 60 points short of the target to the end, some 8 hands)
  by the easy bots through the clients over the network:
  the clients join a host whose game holds the whole long log, and the states sent
  for the moves and the hands' ends stay as small as at the start (2.1 KB a move for
  the four seats, 6.2 KB at most).  Two states, once per seat, still grow with the
  hands played (against some 11 KiB a hand before): a joining seat's carries Hearts'
  ``hand_scores`` and ``moon_shooters`` whole (21 bytes a hand: 31 KB at 10,000), and
  the last the game's outcome, one record a hand (150 bytes a hand: 221 KB), both far
  inside the 1 MiB a client accepts.

Before, every state carried the seat's whole event log: about 10.7 KiB more per
hand, 8 MB a message at a target of 6,000 and 14 MB at 10,000.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from cardtable.bots import make_bot
from cardtable.engine.actions import Action
from cardtable.net.client import TableClient
from cardtable.net.host import NetHost, seats_for
from cardtable.net.protocol import HOST_MESSAGE_LIMIT
from cardtable.session import TableSession
from tests.net.tables import FAST, client_for, held, new_state

#: the highest score the game to 10,000 reaches by random moves on the engine before
#: its final hands are played over the network (some 8 hands to go)
NETWORKED_FROM = 10_000 - 60

#: the largest message a seat may be sent, in bytes: a joining seat's whole observation
#: with the recent log (a Hearts hand) is some 12 KB; a state after one move far less
LARGEST = 24 * 1024


async def bot_plays(client: TableClient, seat: int) -> int:
    """Play ``client``'s seat with an easy bot that sees what the client holds; return the moves."""
    bot = make_bot("hearts", "easy", seed=seat)
    moves = 0
    while True:
        await client.wait_for(lambda c: c.is_over or c.closed_reason is not None or (c.my_turn and bool(c.legal)),
                              timeout=60)
        if client.is_over or client.closed_reason is not None:
            return moves
        view = client.view
        assert view is not None
        action = bot.choose(view, [Action.parse(text) for text in client.legal])
        await client.act(str(action))
        moves += 1


async def play_hearts(target: int, *, networked_from: int = 0) -> dict[str, Any]:
    """A whole Hearts game to ``target`` with four remote seats; what each seat was sent.

    The game is played by random legal moves on the engine while every seat's score is
    under ``networked_from``, then hosted, and the clients join and play it to the end.
    """
    sent: dict[int, list[int]] = {seat: [] for seat in range(4)}
    # Each state's size by kind: "join" (the first state, full), "move" (during a hand),
    # "hand" (a hand's end: the per-hand lists grew), "final" (with the outcome).
    kinds: dict[str, list[int]] = {"join": [], "move": [], "hand": [], "final": []}

    def on_send(seat: int, data: bytes) -> None:
        sent[seat].append(len(data))
        message = json.loads(data)
        if message.get("type") != "state":
            return
        if message.get("full"):
            kinds["join"].append(len(data))
        elif message.get("outcome") is not None:
            kinds["final"].append(len(data))
        elif "hand_scores" in message["observation"] or "hand_scores" in message.get("appended", {}):
            kinds["hand"].append(len(data))
        else:
            kinds["move"].append(len(data))

    state = new_state("hearts", ["remote"] * 4, seed=26, target=target)
    chooser = random.Random(26)
    while max(state.totals) < networked_from:  # type: ignore[attr-defined]
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    assert not state.is_over
    start = len(state.history)
    session = TableSession(state, seats_for([(entry["kind"], entry["name"]) for entry in state.meta["seats"]]))
    host = NetHost(session, limits=FAST, on_send=on_send, log_line=lambda _: None)
    await host.start()
    clients = [client_for(host, seat) for seat in host.remote_seats]
    try:
        for client in clients:
            await client.join()
        moves = await asyncio.gather(*(bot_plays(client, seat) for seat, client in enumerate(clients)))
        assert state.is_over and start + sum(moves) == len(state.history)
        for seat, client in enumerate(clients):
            await client.wait_for(lambda c: c.outcome is not None)
            assert client.observation == held(state, seat) and client.closed_reason is None
        seen = state.observation(0)
    finally:
        for client in clients:
            await client.close()
        await host.close()
    every = [size for sizes in sent.values() for size in sizes]
    played = len(state.history) - start
    return {
        "moves": played, "hands": len(seen.hand_scores), "events": len(seen.events), "largest": max(every),
        "per_move": sum(every) / played, "sent": sent, "kinds": kinds, "scores": seen.scores,
    }


@pytest.mark.slow
async def test_a_long_hearts_game_sends_the_same_small_messages_to_the_end() -> None:
    played = await play_hearts(target=300)
    assert played["hands"] > 25
    assert played["largest"] <= LARGEST, played["largest"]
    # Per move, each of the four seats gets a state of a few hundred bytes.
    assert played["per_move"] < 4 * 1024, played["per_move"]
    # The last hand costs what the first ones did: nothing grows with the game.
    for sizes in played["sent"].values():
        early, late = sizes[50:550], sizes[-500:]
        assert sum(late) < 1.5 * sum(early), (sum(early), sum(late))


@pytest.fixture(scope="module")
def long_game() -> dict[str, Any]:
    """The game to 10,000, its final hands over the network: played once for the tests
    of this module that ask for it (some two minutes), in an event loop of its own."""
    return asyncio.run(play_hearts(target=10_000, networked_from=NETWORKED_FROM))


@pytest.mark.slow
def test_the_final_hands_of_a_game_to_10000_send_what_the_first_hands_do(long_game: dict[str, Any]) -> None:
    played = long_game
    # Some 1,450 hands and 110,000 events are behind the clients when they join.
    assert played["hands"] > 1_000 and played["events"] > 70_000
    assert max(played["scores"]) >= 10_000
    assert played["moves"] > 200  # a few hands over the network, to the game's end
    kinds = played["kinds"]
    assert len(kinds["join"]) == 4 and len(kinds["final"]) >= 4 and kinds["hand"] and kinds["move"]
    # After each move each of the four seats gets a state of a few hundred bytes, as at
    # the start of the game, a hand's end included (the new hand's scores are appended).
    during = kinds["move"] + kinds["hand"]
    assert max(during) <= LARGEST, max(during)
    assert sum(during) / played["moves"] < 4 * 1024, sum(during) / played["moves"]


@pytest.mark.slow
def test_a_seat_of_a_game_to_10000_can_always_join_and_see_its_end(long_game: dict[str, Any]) -> None:
    played = long_game
    kinds = played["kinds"]
    # The two states that still carry a list a hand long (a joining seat's hand scores,
    # the last state's outcome) stay far inside what a client accepts: the seat can
    # join, rejoin and see the end (before, the last state was 14 MB and refused).
    assert max(kinds["join"]) <= 64 * 1024, max(kinds["join"])
    assert max(kinds["final"]) <= HOST_MESSAGE_LIMIT // 4, max(kinds["final"])
