"""How long a move takes to reach the other players over loopback, and how big a state is.

A host and one client per seat run in this one process (all seats remote, no bots);
the clients play random legal moves.  For each move the time is taken from the moment
the mover sends its ``act`` to the moment every other client has the ``state`` that
shows it (decoded, its fields updated: what a screen would draw from).  It prints the
median and the 95th percentile of that time, and the mean and largest state message.

    python benchmarks/net_latency.py                      # Hearts to 100, 4 players
    python benchmarks/net_latency.py --game durak --players 3 --games 3
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time

import harness

harness.use_checkout()

from cardtable.games import get_rules
from cardtable.net.client import TableClient
from cardtable.net.host import Limits, NetHost, format_address, seats_for
from cardtable.session import TableSession


async def one_game(game: str, players: int, seed: int, times: list[float], sizes: list[int]) -> int:
    state = get_rules(game).new_game(players=players, seed=seed)
    seats = seats_for([("remote", f"P{seat}") for seat in range(players)])
    # Scripted players move far faster than people: lift the rate limit meant for floods.
    host = NetHost(TableSession(state, seats), limits=Limits(rate=10_000, burst=10_000), log_line=lambda _: None)
    await host.start()
    clients = [
        TableClient(format_address(*host.address), host.codes[seat], on_data=lambda data: sizes.append(len(data)),
                    max_rate=None)
        for seat in range(players)
    ]
    for client in clients:
        await client.join()
    rng = random.Random(seed)
    moves = 0
    while not host.session.is_over:
        mover = next(client for client in clients if client.seat == host.session.to_act)
        await mover.wait_for(lambda c: c.my_turn and bool(c.legal))
        others = [client for client in clients if client is not mover]
        # Every other client has the state of the last move; the next state it takes
        # is the one that shows this move (the history a state carries is cut to its
        # last moves, so its length cannot tell).
        held = {id(client): client.observation for client in others}
        start = time.perf_counter()
        await mover.act(rng.choice(mover.legal))

        def shows_it(client: TableClient, held: dict[int, object] = held) -> bool:
            return client.observation is not held[id(client)]

        await asyncio.gather(*(client.wait_for(shows_it) for client in others))
        times.append(time.perf_counter() - start)
        moves += 1
    for client in clients:
        await client.close()
    await host.close()
    return moves


async def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--game", default="hearts")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: list[float] = []
    sizes: list[int] = []
    moves = 0
    for number in range(args.games):
        moves += await one_game(args.game, args.players, args.seed + number, times, sizes)
    print(f"{args.game}, {args.players} players, {args.games} game(s), {moves} moves")
    print(f"move to every other player's state: {harness.spread(times)}")
    print(f"messages received: {len(sizes)}, mean {statistics.mean(sizes) / 1024:.1f} KiB, "
          f"largest {max(sizes) / 1024:.1f} KiB")


if __name__ == "__main__":
    asyncio.run(main())
