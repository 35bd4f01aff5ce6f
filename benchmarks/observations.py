"""What an observation costs as a game grows: one move, then ``observation(seat)`` of
every seat (what a host asks after each move), timed over 200 moves at points of a long
game played by random legal moves.

    python benchmarks/observations.py                 # every game
    python benchmarks/observations.py --game hearts
    python benchmarks/observations.py --up-to 1200    # the first points only

It prints, per point, the moves so far, the events logged and the milliseconds one move
plus one observation take.  An observation holds views of the seat's kept logs, not
copies (``LogView``), so the figure stays flat as the game grows.
"""

from __future__ import annotations

import random
import time

import harness

harness.use_checkout()

from cardtable.games import get_rules

CASES = {
    "hearts": (4, {"target": 10_000}, (300, 1_200, 5_200, 20_200, 60_200)),
    "president": (4, {"rounds": 99}, (300, 1_200, 5_200)),
    "durak": (4, {"rounds": 99}, (300, 1_200, 5_200, 20_200)),
}
WINDOW = 200


def measure(game: str, up_to: int | None = None) -> None:
    players, options, points = CASES[game]
    points = tuple(point for point in points if up_to is None or point <= up_to)
    state = get_rules(game).new_game(players=players, seed=5, **options)
    chooser = random.Random(1)
    moves = 0
    for point in points:
        while moves < point - WINDOW and not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
            moves += 1
        for seat in range(players):
            state.observation(seat)
        started = time.perf_counter()
        window = 0
        while window < WINDOW and not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
            for seat in range(players):
                state.observation(seat)
            window += 1
        if not window:
            break
        moves += window
        each = (time.perf_counter() - started) / (window * players)
        print(f"{game:<10} {moves:>7,} moves {len(state.events):>8,} events {each * 1e3:8.3f} ms", flush=True)


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--game", choices=sorted(CASES), action="append", help="only this game (repeatable)")
    parser.add_argument("--up-to", type=int, metavar="MOVES", help="stop at the first point past MOVES moves")
    args = parser.parse_args()
    for game in args.game or list(CASES):
        measure(game, args.up_to)


if __name__ == "__main__":
    main()
