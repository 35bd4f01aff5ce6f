"""What a move costs as a game grows: saving it, every seat's observation after it, and
applying it, at move 100, 10,000 and 100,000 of one long game of each kind, and what it
costs to resume the game there.

    python benchmarks/long_game.py                          # every game, the three points
    python benchmarks/long_game.py --game hearts
    python benchmarks/long_game.py --points 100,2000 --window 21   # a quick look

The games are a Hearts game to 100,000 points, a President series of 9,999 rounds
(4 players) and a Durak series of 9,999 rounds (2 players), driven directly on the
engine by random legal moves from one seeded ``random.Random`` (no bots).  At each
point the cost of each of ``--window`` moves around it is timed and the median printed,
in microseconds a move:

- save: what the app does after a move, :class:`~cardtable.userdata.savefiles.SaveJournal`
  ``write`` to a save file (an appended line, synced to disk), its snapshot written
  whole just before the window; its CPU time leaves out the wait for the disk, which
  is the same at every point but varies with the other work on the machine;
  ``snapshot`` is the time of one such whole write there,
  which the journal does again once it is as long as the snapshot, so its cost is
  spread over that many moves; ``whole`` is what one save cost before the journal
  (``atomic_write_text(path, state.to_json())``, median of 3);
- observe: ``observation(seat)`` of every seat, as a host asks after each move;
- apply: ``state.apply(action)`` of the chosen legal action;
- resume: loading the save (snapshot and journal) with ``load_save`` as a new process
  does (nothing remembered from an earlier load) and every seat's first observation,
  milliseconds, median of 3, in wall and CPU time.  Loading checks
  every action of the game by replaying it through the rules, so this one grows with
  the game.

The last lines give, per game, each cost at every point divided by its cost at the
first point: the ratios, which the machine's load moves much less than the times.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import harness

harness.use_checkout()

from cardtable.engine.state import GameState
from cardtable.games import get_rules
from cardtable.userdata.paths import atomic_write_text
from cardtable.userdata.savefiles import SaveJournal, forget_loaded_games, load_save

CASES: dict[str, tuple[int, dict[str, Any]]] = {
    "hearts": (4, {"target": 100_000}),
    "president": (4, {"rounds": 9999}),
    "durak": (2, {"rounds": 9999}),
}
POINTS = (100, 10_000, 100_000)


def random_move(state: GameState, chooser: random.Random) -> None:
    legal = state.legal_actions()
    state.apply(legal[chooser.randrange(len(legal))])


def median_of(times: list[float]) -> float:
    return statistics.median(times) if times else float("nan")


def measure_point(state: GameState, chooser: random.Random, point: int, window: int, folder: Path) -> dict[str, float]:
    """Play to ``point`` and time the window of moves around it; return microseconds
    (resume in milliseconds)."""
    players = state.num_players
    while len(state.history) < point - window // 2 and not state.is_over:
        random_move(state, chooser)
    path = folder / f"{state.rules.name}-{point}.json"
    journal = SaveJournal()
    started = time.perf_counter()
    journal.write(path, state)  # the snapshot, written whole
    snapshot = time.perf_counter() - started
    wholes = []
    for _ in range(3):
        started = time.perf_counter()
        atomic_write_text(folder / "whole.json", state.to_json())
        wholes.append(time.perf_counter() - started)
    for seat in range(players):
        state.observation(seat)
    saves: list[float] = []
    save_cpus: list[float] = []
    observes: list[float] = []
    applies: list[float] = []
    clock, cpu = time.perf_counter, time.process_time
    for _ in range(window):
        if state.is_over:
            break
        legal = state.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        started = clock()
        state.apply(action)
        applied = clock()
        cpu_before = cpu()
        journal.write(path, state)
        save_cpus.append(cpu() - cpu_before)
        saved = clock()
        for seat in range(players):
            state.observation(seat)
        observed = clock()
        applies.append(applied - started)
        saves.append(saved - applied)
        observes.append(observed - saved)
    resumes = []
    resume_cpus = []
    for _ in range(3):
        forget_loaded_games()  # a resume reads the file afresh, as a new process does
        started, cpu_before = clock(), cpu()
        resumed = load_save(path, set_aside_damaged=False)
        for seat in range(players):
            resumed.observation(seat)
        resumes.append(clock() - started)
        resume_cpus.append(cpu() - cpu_before)
        assert resumed.history == state.history
    return {
        "moves": len(state.history),
        "save": median_of(saves) * 1e6,
        "save cpu": median_of(save_cpus) * 1e6,
        "snapshot": snapshot * 1e6,
        "whole": median_of(wholes) * 1e6,
        "observe": median_of(observes) * 1e6,
        "apply": median_of(applies) * 1e6,
        "resume": median_of(resumes) * 1e3,
        "resume cpu": median_of(resume_cpus) * 1e3,
        "size": path.stat().st_size / 1024,
    }


COLUMNS = ("save", "save cpu", "observe", "apply", "resume", "resume cpu")


def measure(game: str, points: tuple[int, ...], window: int, seed: int) -> dict[int, dict[str, float]]:
    players, options = CASES[game]
    state = get_rules(game).new_game(players=players, seed=seed, **options)
    chooser = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="cardtable-long-game-"))
    found: dict[int, dict[str, float]] = {}
    try:
        for point in points:
            figures = measure_point(state, chooser, point, window, folder)
            found[point] = figures
            print(
                f"{game:<10} move {point:>7,}: save {figures['save']:7.1f} us (CPU {figures['save cpu']:5.1f} us;"
                f" snapshot {figures['snapshot'] / 1e3:6.1f} ms; whole save before the journal"
                f" {figures['whole'] / 1e3:6.1f} ms)  observe {figures['observe']:6.1f} us"
                f"  apply {figures['apply']:5.1f} us  resume {figures['resume']:6.1f} ms"
                f" (CPU {figures['resume cpu']:6.1f} ms)  file {figures['size']:5.0f} KiB",
                flush=True,
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return found


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--game", choices=sorted(CASES), action="append", help="only this game (repeatable)")
    parser.add_argument("--points", default=",".join(str(p) for p in POINTS),
                        help="the moves at which to measure, comma-separated (default: %(default)s)")
    parser.add_argument("--window", type=int, default=201, help="moves timed around each point (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    points = tuple(sorted(int(p) for p in args.points.split(",")))
    print(f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())} on {os.cpu_count()} cores; "
          f"medians of {args.window} moves")
    results = {game: measure(game, points, args.window, args.seed) for game in args.game or list(CASES)}
    first = points[0]
    print(f"ratios to move {first:,}:")
    for game, found in results.items():
        parts = []
        for point in points[1:]:
            ratios = " ".join(f"{column} {found[point][column] / found[first][column]:.2f}x" for column in COLUMNS)
            parts.append(f"move {point:,}: {ratios}")
        print(f"{game:<10} " + "; ".join(parts))
    print(f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
