"""Long strength runs that survive being stopped: one JSON line per game, resumable.

``cardtable simulate`` reports a match only when every game is done. A run of hours
(1,000 games of a hard bot at the budget it reaches on a quiet core) is better kept
game by game, so that a run stopped early still counts and a restarted one plays only
the games it lacks. Game ``i`` is exactly game ``i`` of
``cardtable simulate GAME --seats SEATS --seed SEED`` (same deal, seats and bot seeds).

Run from the repository root:

    python benchmarks/strength_log.py play durak --seats benchmarks/bots_durak.py:Hard2000,normal \\
        --seed 21 --games 1000 --log /tmp/durak.jsonl
    python benchmarks/strength_log.py summary /tmp/durak.jsonl [--first 500]

``summary`` prints the figures of ``cardtable simulate`` over the games logged (or over
games ``0 .. first-1`` only, to compare runs on the same deals), with the Wilson
interval of the first seat's share of games won (President) or of rounds lost (Durak),
and for Hearts the hands played and the first seat's points per hand as a share of the
second's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import harness

harness.use_checkout()

from cardtable.bots.arena import (
    MAX_ACTIONS,
    GameRecord,
    check_match,
    game_seeds,
    play_game,
    seat_rotation,
    summarise,
    wilson_interval,
)


@dataclass(frozen=True)
class MatchGames:
    """Any game of one match by its index, as ``cardtable simulate`` plays it: game ``i``
    seats the specs rotated by ``i`` and deals from ``(seed, i)``.  Small and picklable,
    for the worker processes."""

    game: str
    specs: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]

    def play(self, index: int) -> GameRecord:
        seats = seat_rotation(self.specs, index)
        game_seed, bot_seeds = game_seeds(self.seed, index, len(seats))
        return play_game(self.game, seats, game_seed, bot_seeds, self.options, index, MAX_ACTIONS)


def _header(game: str, seats: tuple[str, ...], seed: int) -> dict[str, Any]:
    return {"game": game, "seats": list(seats), "seed": seed}


def _read(log: Path) -> tuple[dict[str, Any] | None, dict[int, GameRecord]]:
    header = None
    records: dict[int, GameRecord] = {}
    if not log.exists():
        return header, records
    for line in log.read_text().splitlines():
        if not line.strip():
            continue
        data = json.loads(line)
        if "header" in data:
            header = data["header"]
            continue
        fields: dict[str, Any] = {
            key: tuple(value) if isinstance(value, list) else value for key, value in data.items()
        }
        record = GameRecord(**fields)
        records[record.index] = record
    return header, records


def play(game: str, seats: str, seed: int, games: int, log: Path, jobs: int) -> None:
    specs, options = check_match(game, seats, games, seed, None, None, jobs, None)
    header, done = _read(log)
    wanted = _header(game, specs, seed)
    if header is not None and header != wanted:
        raise SystemExit(f"{log} holds another match: {header}")
    with log.open("a") as out:
        if header is None:
            out.write(json.dumps({"header": wanted}) + "\n")
            out.flush()
        job = MatchGames(game, specs, seed, options)
        todo = [index for index in range(games) if index not in done]
        print(f"{len(done)} games logged, {len(todo)} to play", flush=True)
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for record in pool.map(job.play, todo, chunksize=1):
                out.write(json.dumps(record.to_dict()) + "\n")
                out.flush()


def summary(log: Path, first: int | None) -> None:
    header, records = _read(log)
    if header is None:
        raise SystemExit(f"{log} has no header line: not a strength log")
    chosen = [records[i] for i in sorted(records) if first is None or i < first]
    seats = tuple(header["seats"])
    print(f"{header['game']}, seats {','.join(seats)}, seed {header['seed']}: {len(chosen)} games")
    levels = summarise(header["game"], seats, chosen)
    for stats in levels:
        line = (
            f"  {stats.level}: seat-games {stats.games}, wins {stats.wins}, place {stats.average_place:.2f}, "
            f"{stats.measure} {stats.mean:.4f} (95% CI {stats.ci_low:.4f}-{stats.ci_high:.4f}), "
            f"avg {stats.average_decision_ms:.0f} ms, max {stats.max_decision_ms:.0f} ms"
        )
        print(line)
    game = header["game"]
    first_level = seats[0]
    if game == "hearts":
        hands = sum(record.rounds_played for record in chosen)
        print(f"  hands: {hands}; {first_level} / {levels[1].level}: {levels[0].mean / levels[1].mean:.3f}")
    else:
        # the first level's seat-rounds it lost (Durak: its durak rate counted back into
        # rounds, game by game) or its seat-games it won (President)
        seat_records = [
            (record, seat) for record in chosen for seat, spec in enumerate(record.seats) if spec == first_level
        ]
        if game == "durak":
            count = round(sum(record.measure[seat] * record.rounds_played for record, seat in seat_records))
            trials = sum(record.rounds_played for record, _ in seat_records)
            label = "durak in"
        else:
            count, trials = levels[0].wins, len(seat_records)
            label = "won"
        low, high = wilson_interval(count, trials)
        unit = "rounds" if game == "durak" else "games"
        print(
            f"  {first_level}: {label} {count} of {trials} {unit} ({count / trials:.1%}, Wilson {low:.1%}-{high:.1%})"
        )


def main() -> None:
    parser = harness.parser(__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("play")
    run.add_argument("game")
    run.add_argument("--seats", required=True)
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--games", type=int, required=True)
    run.add_argument("--log", type=Path, required=True)
    run.add_argument("--jobs", type=int, default=1)
    report = commands.add_parser("summary")
    report.add_argument("log", type=Path)
    report.add_argument("--first", type=int)
    args = parser.parse_args()
    if args.command == "play":
        play(args.game, args.seats, args.seed, args.games, args.log, args.jobs)
    else:
        summary(args.log, args.first)


if __name__ == "__main__":
    main()
