"""President bot benchmark: how often the hard bot finishes President, and its decision times.

Run from the repository root:

    python benchmarks/bots_president.py strength --games 200 --jobs 1   # hard (fixed iterations) vs 3 normal
    python benchmarks/bots_president.py timing --decisions 200          # hard at the default 0.5 s budget

The seat classes below let ``cardtable simulate`` play the hard bot with a fixed number
of iterations instead of the 0.5 s budget (reproducible, and independent of the load of
the machine), e.g.
``cardtable simulate president --seats benchmarks/bots_president.py:Hard300,normal,normal,normal``.
"""

from __future__ import annotations

import statistics
import time

if __name__ == "__main__":  # run as a script (not loaded by `cardtable simulate --seats FILE:CLASS`)
    import harness

    harness.use_checkout()

from cardtable.bots.president import HardPresidentBot, NormalPresidentBot


class Hard100(HardPresidentBot):
    """The hard bot with exactly 100 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=100)


class Hard150(HardPresidentBot):
    """The hard bot with exactly 150 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=150)


class Hard200(HardPresidentBot):
    """The hard bot with exactly 200 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=200)


class Hard300(HardPresidentBot):
    """The hard bot with exactly 300 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=300)


class Hard500(HardPresidentBot):
    """The hard bot with exactly 500 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=500)


class Hard1000(HardPresidentBot):
    """The hard bot with exactly 1000 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=1000)


def strength(games: int, seed: int, jobs: int, seat: str) -> None:
    """One game of one round each, seats rotated: the share of rounds the seat wins."""
    from cardtable.bots.arena import play_match

    result = play_match("president", [seat, "normal", "normal", "normal"], games=games, seed=seed, jobs=jobs)
    for stats in result.levels:
        print(stats.to_dict())
    hard = result.levels[0]
    print(f"{seat}: President in {hard.wins} of {hard.games} rounds ({hard.wins / hard.games:.1%}); "
          f"{hard.mean:.3f} points per round")


def timing(decisions: int, seed: int) -> None:
    """Times the default hard bot alone, in real 4-player rounds against three normal bots."""
    from cardtable.games import get_rules

    rules = get_rules("president")
    times: list[float] = []
    searched: list[float] = []
    iterations: list[int] = []
    game = 0
    while len(searched) < decisions:
        state = rules.new_game(players=4, seed=seed + game)
        hard_seat = game % 4
        bots = [NormalPresidentBot(s) for s in range(4)]
        bots[hard_seat] = HardPresidentBot(seed=game)  # type: ignore[call-overload]
        while not state.is_over and len(searched) < decisions:
            seat = state.current_player
            legal = state.legal_actions()
            observation = state.observation(seat)
            start = time.perf_counter()
            action = bots[seat].choose(observation, legal)
            spent = time.perf_counter() - start
            if seat == hard_seat:
                times.append(spent)
                if bots[seat].searcher.last_result is not None:  # type: ignore[attr-defined]
                    searched.append(spent)
                    iterations.append(bots[seat].searcher.last_result.iterations)  # type: ignore[attr-defined]
                    bots[seat].searcher.last_result = None  # type: ignore[attr-defined]
            state.apply(action)
        game += 1
    print(
        f"hard decisions: {len(times)} (searched {len(searched)}); all: median "
        f"{statistics.median(times):.3f} s, max {max(times):.3f} s; searched: median "
        f"{statistics.median(searched):.3f} s, mean {statistics.fmean(searched):.3f} s, "
        f"max {max(searched):.3f} s"
    )
    # The fixed iteration count that matches the budget: the search part of a decision.
    print(
        f"search iterations per searched decision: median {statistics.median(iterations):.0f}, "
        f"quartiles {statistics.quantiles(iterations, n=4)[0]:.0f}-{statistics.quantiles(iterations, n=4)[2]:.0f}, "
        f"min {min(iterations)}, max {max(iterations)}"
    )


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("what", choices=["strength", "timing"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seat", default="benchmarks/bots_president.py:Hard300")
    args = parser.parse_args()
    if args.what == "strength":
        strength(args.games, args.seed, args.jobs, args.seat)
    else:
        timing(args.decisions, args.seed)


if __name__ == "__main__":
    main()
