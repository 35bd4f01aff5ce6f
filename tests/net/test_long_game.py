"""What a host sends does not grow with the game (issue 26, item 5).

A whole Hearts game to a high target, every seat remote, each played by an easy bot
through a real client: the largest message a seat is sent, and the bytes a move
costs, stay the same small sizes from the first hand to the last.  Before, every
state carried the seat's whole event log: about 10.7 KiB more per hand, 8 MB a
message at a target of 6,000.
"""

from __future__ import annotations

import asyncio
from typing import Any

from cardtable.bots import make_bot
from cardtable.engine.actions import Action
from cardtable.net.client import TableClient
from tests.net.tables import held, open_table

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


async def play_hearts(target: int) -> dict[str, Any]:
    """A whole Hearts game to ``target`` with four remote seats; what each seat was sent."""
    sent: dict[int, list[int]] = {seat: [] for seat in range(4)}
    moves_at: list[int] = []
    host, clients = await open_table(
        "hearts", ["remote"] * 4, seed=26, target=target,
        on_send=lambda seat, data: sent[seat].append(len(data)),
    )
    try:
        moves = await asyncio.gather(*(bot_plays(client, seat) for seat, client in enumerate(clients)))
        state = host.session.state
        assert state.is_over and sum(moves) == len(state.history)
        for seat, client in enumerate(clients):
            await client.wait_for(lambda c: c.outcome is not None)
            assert client.observation == held(state, seat) and client.closed_reason is None
        moves_at.append(len(state.history))
        hands = len(state.observation(0).hand_scores)
    finally:
        for client in clients:
            await client.close()
        await host.close()
    every = [size for sizes in sent.values() for size in sizes]
    return {
        "moves": moves_at[0], "hands": hands, "largest": max(every),
        "per_move": sum(every) / moves_at[0], "sent": sent,
    }


async def test_a_long_hearts_game_sends_the_same_small_messages_to_the_end() -> None:
    # A target of 10,000 (the largest the options allow) plays some 1,200 hands: more
    # than the engine's observations (the whole log, built anew each time) let a test
    # afford.  300 plays some 35 hands (1,928 moves), every message of each measured.
    played = await play_hearts(target=300)
    assert played["hands"] > 25
    assert played["largest"] <= LARGEST, played["largest"]
    # Per move, each of the four seats gets a state of a few hundred bytes.
    assert played["per_move"] < 4 * 1024, played["per_move"]
    # The last hand costs what the first ones did: nothing grows with the game.
    for sizes in played["sent"].values():
        early, late = sizes[50:550], sizes[-500:]
        assert sum(late) < 1.5 * sum(early), (sum(early), sum(late))
