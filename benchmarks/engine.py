"""How fast the engine plays: random legal games through the public API.

Each case deals new games (a fresh seed each) and plays them to the end by picking a
uniformly random action from ``state.legal_actions()`` and passing it to
``state.apply()``, for ``--seconds`` seconds.  It prints games and actions per second
(and hands per second for Hearts, whose game is a series of hands to the target).

    python benchmarks/engine.py                  # every case, 3 s each
    python benchmarks/engine.py --seconds 1 --game president
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import get_rules

CASES: list[tuple[str, int]] = [
    ("president", 3),
    ("president", 4),
    ("president", 6),
    ("durak", 2),
    ("durak", 4),
    ("durak", 6),
    ("hearts", 4),
]


@dataclass
class Result:
    game: str
    players: int
    games: int
    actions: int
    rounds: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds


def run_case(game: str, players: int, seconds: float, seed: int) -> Result:
    """Play random games of ``game`` for about ``seconds`` seconds (at least one game)."""
    rules = get_rules(game)
    rng = random.Random(seed)
    games = actions = rounds = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = rules.new_game(players=players, seed=rng.getrandbits(32))
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        rounds += state.outcome().rounds_played
        games += 1
        if time.perf_counter() >= deadline:
            break
    return Result(game, players, games, actions, rounds, time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per case (default 3)")
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted({game for game, _ in CASES}),
        help="only this game (repeatable; default: all)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    print(f"cardtable engine benchmark: Python {platform.python_version()} "
          f"({platform.python_implementation()}), {args.seconds:g} s per case, seed {args.seed}")
    print("random legal actions through legal_actions() + apply(); default options")
    print()
    header = f"{'game':<10} {'players':>7} {'games':>7} {'games/s':>9} {'actions/s':>10}  notes"
    print(header)
    print("-" * len(header))
    skipped: set[str] = set()
    for game, players in CASES:
        if args.game and game not in args.game:
            continue
        if game in skipped:
            continue
        try:
            get_rules(game)
        except Exception as exc:  # noqa: BLE001 - a rules module that is missing or half-written
            skipped.add(game)
            reason = f"{type(exc).__name__}: {exc}"
            print(f"{game:<10} {'-':>7} {'-':>7} {'-':>9} {'-':>10}  skipped: module not importable ({reason})")
            continue
        result = run_case(game, players, args.seconds, args.seed)
        note = ""
        if game == "hearts":
            note = f"{result.rounds_per_second:,.0f} hands/s ({result.rounds / result.games:.1f} hands a game)"
        elif result.rounds != result.games:
            note = f"{result.rounds / result.games:.1f} rounds a game"
        print(
            f"{game:<10} {players:>7} {result.games:>7,} {result.games_per_second:>9,.0f} "
            f"{result.actions_per_second:>10,.0f}  {note}".rstrip()
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
