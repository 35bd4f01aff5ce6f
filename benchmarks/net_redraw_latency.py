"""From a move sent on one player's screen to the other player's screen redrawn, on loopback.

A host, one player's cardtable app (Textual's headless ``run_test()``, joined to seat 0)
and the other players' clients run in this one process; every seat is a remote player.
For each move of another player the time runs from its client sending the move to the
end of seat 0's screen redraw from the new state (every widget updated; the terminal's
paint follows at its next refresh).  Seat 0's own moves are made as Enter makes them
and not timed.  It prints the median, the 95th percentile and the slowest.

    python benchmarks/net_redraw_latency.py                  # Durak, 2 players, 3 games
    python benchmarks/net_redraw_latency.py --game hearts --games 1
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from tempfile import TemporaryDirectory

import harness

harness.use_checkout()
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from cardtable.games import get_rules
from cardtable.net.client import TableClient
from cardtable.net.host import NetHost, format_address, seats_for
from cardtable.session import TableSession
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game import GameScreen

NAMES = ("Ann", "Bea", "Cy", "Dot")


async def one_game(game: str, players: int, seed: int, times: list[float], max_moves: int | None = None) -> int:
    state = get_rules(game).new_game(players=players, seed=seed, **({"target": 30} if game == "hearts" else {}))
    host = NetHost(TableSession(state, seats_for([("remote", NAMES[seat]) for seat in range(players)])),
                   log_line=lambda _: None)
    await host.start()
    address = format_address(*host.address)
    # Seat 0 is watched on its screen; the others are players elsewhere (their own
    # processes in real life), here bare clients sending the text of their moves.
    app = CardtableApp(join=(address, host.codes[0], ""), bot_delay=0, trick_pause=0)
    movers = {seat: TableClient(address, host.codes[seat]) for seat in range(1, players)}
    rng = random.Random(seed)
    moves = 0
    redrawn: list[tuple[object, float]] = [(None, 0.0)]
    async with app.run_test(size=(120, 40)) as pilot:
        for client in movers.values():
            await client.join()
        while not isinstance(app.screen, GameScreen) or host.paused:
            await asyncio.sleep(0.01)
        screen = app.screen
        draw = screen.refresh_view

        def timed() -> None:
            draw()
            redrawn[0] = (screen.obs, time.perf_counter())

        screen.refresh_view = timed  # type: ignore[method-assign]
        while not host.session.is_over and (max_moves is None or moves < max_moves):
            seat = host.session.to_act
            if seat == 0:
                # The watched player's own move, made as Enter makes it (not timed).
                while not (screen.session.human_to_act and screen.session.legal_actions()):
                    await asyncio.sleep(0.001)
                shown = screen.obs
                assert screen.human_move(rng.choice(list(screen.session.legal_actions())))
                while screen.obs is shown:  # the state after it, drawn
                    await asyncio.sleep(0.001)
                continue
            assert seat is not None
            client = movers[seat]
            await client.wait_for(lambda c: c.my_turn and bool(c.legal))
            # The screen drew the last move's state; the next observation it draws is
            # the one that shows this move (a state's history is cut to its last
            # moves, so its length cannot tell).
            held = screen.obs
            start = time.perf_counter()
            await client.act(rng.choice(client.legal))
            while not (redrawn[0][0] is not held and redrawn[0][1] > start):
                await asyncio.sleep(0.0005)
            times.append(redrawn[0][1] - start)
            moves += 1
        await pilot.pause()
    for client in movers.values():
        await client.close()
    await host.close()
    return moves


async def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--game", default="durak")
    parser.add_argument("--players", type=int, default=None, help="default: 2 in Durak, else the game's default")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, metavar="N", help="time at most N moves a game (default: whole games)")
    args = parser.parse_args()
    if args.players is None:
        args.players = 2 if args.game == "durak" else get_rules(args.game).default_players
    times: list[float] = []
    moves = 0
    with TemporaryDirectory() as home:
        os.environ["CARDTABLE_HOME"] = home  # the host's autosave and the apps' settings go nowhere real
        for number in range(args.games):
            moves += await one_game(args.game, args.players, args.seed + number, times, args.moves)
    print(f"{args.game}, {args.players} players, {args.games} game(s), {moves} moves timed")
    print(f"move sent on one screen to the other screen redrawn: {harness.spread(times)} (target: median under 100 ms)")


if __name__ == "__main__":
    asyncio.run(main())
