"""Durak bot benchmark: seat factories at other budgets for ``cardtable simulate``, and
a decision-time measurement of the hard bot at the default budget.

Seats for simulate (import paths):

    cardtable simulate durak --seats benchmarks/bots_durak.py:Hard100ms,normal --games 200

Decision times (run it alone on the machine, it is what it measures):

    python benchmarks/bots_durak.py --games 6 --players 2

Search speed, the kernel simulator (``DurakSearchModel.simulator``: worlds are rules
kernel tables, played out by ``kernel.play_out``) against sampled ``DurakState`` worlds
played out step by step through the engine, in iterations per CPU-second on the same positions (CPU
time, so a loaded machine distorts it less than wall time):

    python benchmarks/bots_durak.py --compare-playouts --players 2
"""

from __future__ import annotations

import statistics
import time

if __name__ == "__main__":  # run as a script (not loaded by `cardtable simulate --seats FILE:CLASS`)
    import harness

    harness.use_checkout()

import random

from cardtable.bots.durak import DurakSearchModel, HardDurakBot, NormalDurakBot
from cardtable.bots.search import ISMCTS
from cardtable.games import get_rules
from tests.bots.oracles import DurakStateModel, StateSimulator


def Hard100ms(seed: int | None = None) -> HardDurakBot:
    """The hard bot with a 0.1 s budget per decision."""
    return HardDurakBot(seed=seed, time_budget=0.1)


def Hard250ms(seed: int | None = None) -> HardDurakBot:
    """The hard bot with a 0.25 s budget per decision."""
    return HardDurakBot(seed=seed, time_budget=0.25)


def Hard200(seed: int | None = None) -> HardDurakBot:
    """The hard bot with exactly 200 search iterations per decision (reproducible)."""
    return HardDurakBot(seed=seed, iterations=200)


def Hard500(seed: int | None = None) -> HardDurakBot:
    """The hard bot with exactly 500 search iterations per decision (reproducible)."""
    return HardDurakBot(seed=seed, iterations=500)


def Hard1000(seed: int | None = None) -> HardDurakBot:
    """The hard bot with exactly 1,000 search iterations per decision (reproducible)."""
    return HardDurakBot(seed=seed, iterations=1000)


def Hard1500(seed: int | None = None) -> HardDurakBot:
    """The hard bot with exactly 1,500 search iterations per decision: about what the
    default 0.5 s reaches with 4 players on a quiet core (a median of 1,459)."""
    return HardDurakBot(seed=seed, iterations=1500)


def Hard2000(seed: int | None = None) -> HardDurakBot:
    """The hard bot with exactly 2,000 search iterations per decision (reproducible)."""
    return HardDurakBot(seed=seed, iterations=2000)


def Hard4500(seed: int | None = None) -> HardDurakBot:
    """The hard bot with exactly 4,500 search iterations per decision: about what 1 s
    reached heads-up on the quiet core where the default 0.5 s reached 2,235."""
    return HardDurakBot(seed=seed, iterations=4500)


def Hard200Unread(seed: int | None = None) -> HardDurakBot:
    """Hard200 whose sampler reads only the takes since each seat's last draw (not the
    cheaper cards passed over, nor the groups of cards held before a draw)."""
    return HardDurakBot(seed=seed, iterations=200, read_defences=False)


def Hard200Draw05(seed: int | None = None) -> HardDurakBot:
    """Hard200 valuing a round nobody loses at 0.5 (halfway), as it did before."""
    return HardDurakBot(seed=seed, iterations=200, draw_value=0.5)


def Hard200Before(seed: int | None = None) -> HardDurakBot:
    """Hard200 with both of the above: the search's knowledge before the reading of
    defences and passes and the draw value of 0.9."""
    return HardDurakBot(seed=seed, iterations=200, read_defences=False, draw_value=0.5)


class EnginePlayoutModel(DurakStateModel):
    """The Durak search model without its kernel simulator: the search then plays
    sampled ``DurakState`` worlds step by step (events, history and all), as it did at first."""

    def simulator(self, observation):  # type: ignore[no-untyped-def, override]
        return StateSimulator(self, observation)

    def __init__(self, quiet: bool = False) -> None:
        super().__init__()
        self.quiet = quiet

    def sample_state(self, observation, rng):  # type: ignore[no-untyped-def]
        state = super().sample_state(observation, rng)
        state.quiet = self.quiet  # type: ignore[attr-defined]
        return state


def compare_playouts(players: int, iterations: int, positions: int, seed: int) -> None:
    """Iterations per CPU-second of both play-outs on the same early- and mid-game positions."""
    found = []
    game = 0
    while len(found) < positions:
        state = get_rules("durak").new_game(players=players, seed=seed + game)
        bots = [NormalDurakBot(seed=s) for s in range(players)]
        step = 0
        while not state.is_over and len(found) < positions:
            seat = state.current_player
            legal = state.legal_actions()
            seen = state.observation(seat)
            if len(legal) > 1 and step % 4 == 0 and seen.deck_count:
                found.append((seen, legal))
            step += 1
            state.apply(bots[seat].choose(seen, legal))
        game += 1
    models = (
        ("engine play-outs, with events", lambda: EnginePlayoutModel(quiet=False)),
        ("engine play-outs, quiet", lambda: EnginePlayoutModel(quiet=True)),
        ("kernel simulator", DurakSearchModel),
    )
    for name, make_model in models:
        done = 0
        start = time.process_time()
        for seen, legal in found:
            searcher = ISMCTS(iterations=iterations)
            done += searcher.search_with_stats(seen, legal, make_model(), random.Random(1)).iterations
        spent = time.process_time() - start
        print(f"{name}: {done / spent:.0f} iterations per CPU-second ({players} players, "
              f"{len(found)} positions x {iterations} iterations)")


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--compare-playouts", action="store_true",
                        help="compare the kernel simulator with engine play-outs instead")
    parser.add_argument("--iterations", type=int, default=300, help="per position, with --compare-playouts")
    parser.add_argument("--positions", type=int, default=20, help="with --compare-playouts")
    args = parser.parse_args()
    if args.compare_playouts:
        compare_playouts(args.players, args.iterations, args.positions, args.seed)
        return
    times: list[float] = []
    iterations: list[int] = []
    for game in range(args.games):
        state = get_rules("durak").new_game(players=args.players, seed=args.seed + game)
        hard_seat = game % args.players
        bots = [NormalDurakBot(seed=game * 10 + s) for s in range(args.players)]
        bots[hard_seat] = HardDurakBot(seed=game, time_budget=args.budget)  # type: ignore[call-overload]
        while not state.is_over:
            seat = state.current_player
            legal = state.legal_actions()
            start = time.perf_counter()
            bot = bots[seat]
            if seat == hard_seat:
                bot.searcher.last_result = None  # type: ignore[union-attr]
            action = bot.choose(state.observation(seat), legal)
            if seat == hard_seat and len(legal) > 1:
                times.append(time.perf_counter() - start)
                searched = bot.searcher.last_result  # type: ignore[union-attr]
                if searched is not None:  # None: the endgame solver answered
                    iterations.append(searched.iterations)
            state.apply(action)
    times.sort()
    print(f"hard decisions with a choice: {len(times)}")
    print(f"median {statistics.median(times):.3f} s, mean {statistics.fmean(times):.3f} s, "
          f"95th percentile {times[int(0.95 * (len(times) - 1))]:.3f} s, max {times[-1]:.3f} s")
    if iterations:
        print(f"searched decisions: {len(iterations)}, iterations per search: median "
              f"{statistics.median(iterations):.0f}, mean {statistics.fmean(iterations):.0f}, "
              f"min {min(iterations)}, max {max(iterations)}")


if __name__ == "__main__":
    main()
