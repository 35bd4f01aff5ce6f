"""Is the review honest?  It reviews the seats of bot-only games on the same deals: the
easy bot's mean cost per decision should come out clearly above the normal bot's, and
the normal bot's above the hard bot's.

For each deal (seed) and each level, seat 1 is a bot of that level and the other seats
normal bots; the first round is played and seat 1's decisions in it are reviewed at a
fixed search per decision (reproducible).  A deal's figure is its mean cost per decision
(forced moves count, at 0; a cost is the judge's estimate as it stands, not cut at 0, so
that its noise averages out); the table gives each level's mean over the deals with a
95% interval (normal approximation over the per-deal figures), and the difference of
two levels deal by deal (the same deals at every level, so how hard a deal is cancels)
with its 95% interval.

    python benchmarks/review.py --games 30 --iterations 250 --hard-iterations 500 --jobs 2
    python benchmarks/review.py --game hearts --games 20 --iterations 300 --first-seed 100
    python benchmarks/review.py --game durak --levels easy,normal --games 180 --first-seed 180 2> part2.txt
    python benchmarks/review.py --game durak --from-lines part1.txt part2.txt

Each deal's line (on stderr) gives its levels' mean cost, decisions and mistakes; a run
made in pieces (deals that take hours, or levels added later) is put together from
those lines with ``--from-lines``, which prints the same table over every deal of the
files (a deal given twice counts once; a level is compared over the deals it has).
"""

from __future__ import annotations

import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path

import harness

harness.use_checkout()

from cardtable.bots import make_bot
from cardtable.bots.review import decision_points, measure_of, review_points
from cardtable.engine.actions import Action
from cardtable.games import get_rules

LEVELS = ("easy", "normal", "hard")
PLAYERS = {"president": 4, "durak": 2, "hearts": 4}


def play_round(game: str, seed: int, level: int | str, hard_iterations: int) -> tuple[object, list[tuple[int, Action]]]:
    """The first round of a game on deal ``seed``, seat 0 at ``level``, the others normal."""
    rules = get_rules(game)
    players = PLAYERS[game]
    state = rules.new_game(players=players, seed=seed)
    start = state.clone()
    bots = [
        make_bot(game, str(level) if seat == 0 else "normal", seed=seed * 7 + seat, iterations=hard_iterations)
        for seat in range(players)
    ]
    actions: list[tuple[int, Action]] = []
    while not state.is_over and state.public_observation().round == 1:
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), state.legal_actions())  # type: ignore[attr-defined]
        actions.append((seat, action))
        state.apply(action)
    return start, actions


def review_deal(
    game: str, seed: int, iterations: int, hard_iterations: int, levels: tuple[str, ...] = LEVELS
) -> dict[str, tuple[float, int, int]]:
    """Deal ``seed`` played at each of ``levels`` and seat 1 reviewed: per level its mean
    cost per decision, its decisions and its mistakes."""
    found = {}
    for level in levels:
        start, actions = play_round(game, seed, level, hard_iterations)
        points = list(decision_points(start, actions, 0, rounds=[1]))  # type: ignore[arg-type]
        reviews = review_points(game, points, seed=seed, iterations=iterations) or []
        mean = sum(r.cost for r in reviews) / len(reviews) if reviews else 0.0
        found[level] = (mean, len(reviews), sum(r.verdict == "mistake" for r in reviews))
    return found


#: A deal's line on stderr: ``  durak deal 12: easy 0.0203 (25, 1), normal ...``.
DEAL_LINE = re.compile(r"^\s*(\w+) deal (\d+): (.*?)(?:\s+\(\d+ s\))?$")
# (A line of an older run has no counts: its decisions and mistakes are not known.)
LEVEL_FIGURES = re.compile(r"(\w+) (-?\d+\.\d+)(?: \((\d+), (\d+)\))?")


def deal_line(game: str, seed: int, found: dict[str, tuple[float, int, int]]) -> str:
    """One deal's figures as a line that :func:`read_deal_lines` reads back.

    >>> deal_line("durak", 3, {"easy": (0.02, 25, 1)})
    '  durak deal 3: easy 0.0200 (25, 1)'
    >>> read_deal_lines([deal_line("durak", 3, {"easy": (0.02, 25, 1)})])
    {'durak': {3: {'easy': (0.02, 25, 1)}}}
    """
    return f"  {game} deal {seed}: " + ", ".join(
        f"{level} {mean:.4f} ({count}, {marked})" for level, (mean, count, marked) in found.items()
    )


def read_deal_lines(lines: list[str]) -> dict[str, dict[int, dict[str, tuple[float, int, int]]]]:
    """The deals' figures in lines that :func:`deal_line` wrote, by game and deal (-1 for
    the counts of a line that has none)."""
    deals: dict[str, dict[int, dict[str, tuple[float, int, int]]]] = {}
    for line in lines:
        match = DEAL_LINE.match(line.rstrip())
        if match is None:
            continue
        game, seed, rest = match.group(1), int(match.group(2)), match.group(3)
        figures = {
            level: (float(mean), int(count or -1), int(marked or -1))
            for level, mean, count, marked in LEVEL_FIGURES.findall(rest)
        }
        if figures:
            deals.setdefault(game, {}).setdefault(seed, {}).update(figures)
    return deals


def print_table(game: str, deals: dict[int, dict[str, tuple[float, int, int]]], seconds: float | None) -> None:
    """Each level's mean cost per decision over the deals it was played on, and the
    differences of neighbouring levels deal by deal over the deals both were played on."""
    measure = measure_of(game)
    levels = [level for level in LEVELS if any(level in found for found in deals.values())]
    took = f"; {seconds:.0f} s" if seconds is not None else ""
    print(f"\n{game} ({measure.name}; cost per decision; {len(deals)} deals{took})")
    print(f"{'level':<7} {'deals':>6} {'decisions':>9} {'mistakes':>9} {'cost/decision':>14} {'95% interval':>20}")
    for level in levels:
        figures = [found[level] for found in deals.values() if level in found]
        mean, half = harness.mean_interval([figure[0] for figure in figures])
        known = all(figure[1] >= 0 for figure in figures)
        decisions = str(sum(figure[1] for figure in figures)) if known else "?"
        mistakes = str(sum(figure[2] for figure in figures)) if known else "?"
        print(f"{level:<7} {len(figures):>6} {decisions:>9} {mistakes:>9} {mean:>14.4f}"
              f" {f'{mean - half:.4f} .. {mean + half:.4f}':>20}")
    for higher, lower in zip(levels, levels[1:]):
        # The same deals at both levels: the difference deal by deal cancels how hard
        # each deal is.
        differences = [found[higher][0] - found[lower][0] for found in deals.values() if higher in found and lower in found]
        mean, half = harness.mean_interval(differences)
        apart = "apart" if mean - half > 0 else "NOT apart"
        print(f"{higher} - {lower} (paired by deal, {len(differences)} deals): {mean:.4f}, 95% interval"
              f" {mean - half:.4f} .. {mean + half:.4f} ({apart})")
    print(flush=True)


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--games", type=int, default=20, help="deals per game (each played at every level)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=200, help="the review's search per decision")
    parser.add_argument("--hard-iterations", type=int, default=200, help="the reviewed hard bot's own search")
    parser.add_argument("--jobs", type=int, default=1, help="deals reviewed side by side, in as many processes")
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels to play each deal at (default: all)")
    parser.add_argument("--from-lines", nargs="+", metavar="FILE",
                        help="print the tables over the deal lines of earlier runs instead of running")
    args = parser.parse_args()
    if args.from_lines:
        lines = [line for name in args.from_lines for line in Path(name).read_text(encoding="utf-8").splitlines()]
        for game, deals in read_deal_lines(lines).items():
            if args.game is None or game in args.game:
                print_table(game, dict(sorted(deals.items())), None)
        return
    levels = tuple(level for level in LEVELS if level in args.levels.split(","))
    print(f"review benchmark: {args.games} deals per game, each at {', '.join(levels)}, seeds {args.first_seed}..,"
          f" review {args.iterations} iterations, hard players {args.hard_iterations}", flush=True)
    for game in args.game or ["president", "durak", "hearts"]:
        started = time.perf_counter()
        deals: dict[int, dict[str, tuple[float, int, int]]] = {}
        seeds = range(args.first_seed, args.first_seed + args.games)
        with ProcessPoolExecutor(args.jobs) as pool:
            # Each deal's figures are the same whichever process reviews it.
            for seed, found in zip(seeds, pool.map(
                review_deal, repeat(game), seeds, repeat(args.iterations), repeat(args.hard_iterations), repeat(levels)
            )):
                deals[seed] = found
                print(deal_line(game, seed, found) + f"  ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
        print_table(game, deals, time.perf_counter() - started)


if __name__ == "__main__":
    main()
