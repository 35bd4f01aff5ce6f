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
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

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


def review_deal(game: str, seed: int, iterations: int, hard_iterations: int) -> dict[str, tuple[float, int, int]]:
    """Deal ``seed`` played at every level and seat 1 reviewed: per level its mean cost
    per decision, its decisions and its mistakes."""
    found = {}
    for level in LEVELS:
        start, actions = play_round(game, seed, level, hard_iterations)
        points = list(decision_points(start, actions, 0, rounds=[1]))  # type: ignore[arg-type]
        reviews = review_points(game, points, seed=seed, iterations=iterations) or []
        mean = sum(r.cost for r in reviews) / len(reviews) if reviews else 0.0
        found[level] = (mean, len(reviews), sum(r.verdict == "mistake" for r in reviews))
    return found


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--games", type=int, default=20, help="deals per game (each played at every level)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=200, help="the review's search per decision")
    parser.add_argument("--hard-iterations", type=int, default=200, help="the reviewed hard bot's own search")
    parser.add_argument("--jobs", type=int, default=1, help="deals reviewed side by side, in as many processes")
    args = parser.parse_args()
    print(f"review benchmark: {args.games} deals per game, each at every level, seeds {args.first_seed}..,"
          f" review {args.iterations} iterations, hard players {args.hard_iterations}", flush=True)
    for game in args.game or ["president", "durak", "hearts"]:
        measure = measure_of(game)
        started = time.perf_counter()
        # per_deal[level][i]: the mean cost per decision of deal i at that level
        per_deal: dict[str, list[float]] = {level: [] for level in LEVELS}
        decisions = dict.fromkeys(LEVELS, 0)
        mistakes = dict.fromkeys(LEVELS, 0)
        seeds = range(args.first_seed, args.first_seed + args.games)
        with ProcessPoolExecutor(args.jobs) as pool:
            # Each deal's figures are the same whichever process reviews it.
            for seed, found in zip(seeds, pool.map(
                review_deal, repeat(game), seeds, repeat(args.iterations), repeat(args.hard_iterations)
            )):
                for level, (mean, count, marked) in found.items():
                    per_deal[level].append(mean)
                    decisions[level] += count
                    mistakes[level] += marked
                print(f"  {game} deal {seed}: " + ", ".join(f"{level} {found[level][0]:.4f}" for level in LEVELS)
                      + f"  ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
        print(f"\n{game} ({measure.name}; cost per decision; {time.perf_counter() - started:.0f} s)")
        print(f"{'level':<7} {'decisions':>9} {'mistakes':>9} {'cost/decision':>14} {'95% interval':>20}")
        for level in LEVELS:
            mean, half = harness.mean_interval(per_deal[level])
            print(f"{level:<7} {decisions[level]:>9} {mistakes[level]:>9} {mean:>14.4f}"
                  f" {f'{mean - half:.4f} .. {mean + half:.4f}':>20}")
        for higher, lower in (("easy", "normal"), ("normal", "hard")):
            # The same deals at both levels: the difference deal by deal cancels how
            # hard each deal is.
            differences = [a - b for a, b in zip(per_deal[higher], per_deal[lower])]
            mean, half = harness.mean_interval(differences)
            apart = "apart" if mean - half > 0 else "NOT apart"
            print(f"{higher} - {lower} (paired by deal): {mean:.4f}, 95% interval {mean - half:.4f} .. {mean + half:.4f}"
                  f" ({apart})")
        print(flush=True)


if __name__ == "__main__":
    main()
