"""Hearts bot benchmark: strength of the levels against each other and decision times.

Run from the repository root:

    python benchmarks/bots_hearts.py strength --games 40 --jobs 1   # hard (fixed iterations) vs 3 normal
    python benchmarks/bots_hearts.py timing --decisions 200          # hard at the default 0.5 s budget

The seat classes below let ``cardtable simulate`` play the hard bot with a fixed number
of iterations instead of the 0.5 s budget (reproducible, and independent of the load of
the machine), e.g.
``cardtable simulate hearts --seats benchmarks/bots_hearts.py:Hard300,normal,normal,normal``.
"""

from __future__ import annotations

import random
import statistics
import time

if __name__ == "__main__":  # run as a script (not loaded by `cardtable simulate --seats FILE:CLASS`)
    import harness

    harness.use_checkout()

from cardtable.bots.hearts import HardHeartsBot, NormalHeartsBot


class Hard100(HardHeartsBot):
    """The hard bot with exactly 100 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=100)


class Hard300(HardHeartsBot):
    """The hard bot with exactly 300 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=300)


PASS_PLAYOUTS = 750
"""Hands the fixed-iteration seats below play out to choose a pass: about what the 0.5 s
budget allows on one loaded core of the project's machine (1,000 took 0.65 s there)."""


class Hard300Pass750(HardHeartsBot):
    """300 search iterations per play and a pass chosen from 750 hands played out: fewer
    than the default 0.5 s budget gives even on the loaded shared machine."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=300, pass_playouts=PASS_PLAYOUTS)


class Hard300Pass750Voids(HardHeartsBot):
    """:class:`Hard300Pass750` dealing the hidden cards from the voids alone (no
    ``soft_inferences``): the sampler before them, for duplicate comparisons."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=300, pass_playouts=PASS_PLAYOUTS, infer=False)


class Hard100Pass300(HardHeartsBot):
    """100 search iterations per play and a 300-hand pass: a cheap screening budget."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=100, pass_playouts=300)


class Hard100Pass300Voids(HardHeartsBot):
    """:class:`Hard100Pass300` without ``soft_inferences`` (voids only)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=100, pass_playouts=300, infer=False)


class Hard1000Pass750(HardHeartsBot):
    """1,000 search iterations per play (the median at 0.5 s on the loaded machine was
    1,070 to 1,360) and a pass chosen from 750 hands played out."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=1000, pass_playouts=PASS_PLAYOUTS)


class Hard1000(HardHeartsBot):
    """The hard bot with exactly 1000 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=1000)


class Hard300NormalPass(HardHeartsBot):
    """300 iterations per play, but the normal bot's pass: measures the play alone."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=300)

    def choose_pass(self, observation, deadline=None):  # type: ignore[no-untyped-def]
        from cardtable.bots.hearts import choose_pass
        from cardtable.cards import cards_to_mask

        return choose_pass(cards_to_mask(observation.hand), self.rng)


class Hard500(HardHeartsBot):
    """The hard bot with exactly 500 search iterations per decision."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=500)


class Hard1500(HardHeartsBot):
    """The hard bot with exactly 1500 search iterations per decision (about the 0.5 s
    budget on one core of the project's machine)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=1500)


class Hard1800Pass2400(HardHeartsBot):
    """The hard bot at what the default 0.5 s budget reaches on a quiet core of the 2-core
    machine: 1,800 search iterations a play (a median of 1,848 searched, 1,292 to 7,151)
    and 2,400 hands played out a pass (1,932 to 2,808 in 0.49 s)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=1800, pass_playouts=2400)


class Hard3600Pass4800(HardHeartsBot):
    """Twice :class:`Hard1800Pass2400`: about what 1 s a decision (the next thinking-time
    setting) reaches on a quiet core, for the point above the default."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=3600, pass_playouts=4800)


class Hard4300Pass4000(HardHeartsBot):
    """The hard bot at what the default 0.5 s reached on a quiet core of the 2-core machine
    on 2026-12-05: 4,300 search iterations a play (a median of 4,306 searched, `timing`)
    and 4,000 hands played out a pass (a median of 4,022 in 0.5 s over 12 deals)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed, iterations=4300, pass_playouts=4000)


class NormalWithHardPass(NormalHeartsBot):
    """Plays like the normal bot but passes like the hard bot (1500 hands played out):
    measures the hard bot's pass alone, cheaply."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._hard = HardHeartsBot(seed=seed, iterations=1500, pass_playouts=1500)

    def choose(self, observation, legal_actions):  # type: ignore[no-untyped-def]
        if legal_actions[0].kind == "give":
            return self._hard.choose(observation, legal_actions)
        return super().choose(observation, legal_actions)


def strength(games: int, seed: int, jobs: int, seat: str) -> None:
    from cardtable.bots.arena import play_match

    result = play_match("hearts", [seat, "normal", "normal", "normal"], games=games, seed=seed, jobs=jobs)
    hands = sum(record.rounds_played for record in result.records)
    for stats in result.levels:
        print(stats.to_dict())
    hard, normal = result.levels[0].mean, result.levels[1].mean
    print(f"hands: {hands}; {seat}: {hard:.3f} points per hand, normal: {normal:.3f}; ratio {hard / normal:.3f}")


def timing(decisions: int, seed: int) -> None:
    """Times the default hard bot alone, in real games against three normal bots."""
    from cardtable.games import get_rules

    rules = get_rules("hearts")
    times: list[float] = []
    pass_times: list[float] = []
    iterations: list[int] = []
    game = 0
    while len(times) < decisions:
        state = rules.new_game(players=4, seed=seed + game)
        bots = [HardHeartsBot(seed=game), NormalHeartsBot(1), NormalHeartsBot(2), NormalHeartsBot(3)]
        while not state.is_over and len(times) < decisions:
            seat = state.current_player
            legal = state.legal_actions()
            observation = state.observation(seat)
            if seat == 0:
                bots[0].searcher.last_result = None
            start = time.perf_counter()
            action = bots[seat].choose(observation, legal)
            spent = time.perf_counter() - start
            if seat == 0 and len(legal) > 1 and legal[0].kind == "play":
                times.append(spent)
                result = bots[0].searcher.last_result
                if result is not None:
                    iterations.append(result.iterations)
            elif seat == 0 and legal[0].kind == "give":
                pass_times.append(spent)
            state.apply(action)
        game += 1
    print(
        f"hard play decisions with more than one legal card: {len(times)}; "
        f"median {statistics.median(times):.3f} s, mean {statistics.fmean(times):.3f} s, "
        f"max {max(times):.3f} s"
    )
    if iterations:
        print(
            f"of which searched: {len(iterations)}; search iterations median "
            f"{statistics.median(iterations):.0f}, min {min(iterations)}, max {max(iterations)}"
        )
    if pass_times:
        print(
            f"hard passes: {len(pass_times)}; median {statistics.median(pass_times):.3f} s, "
            f"max {max(pass_times):.3f} s"
        )


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("what", choices=["strength", "timing"])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seat", default="benchmarks/bots_hearts.py:Hard300")
    args = parser.parse_args()
    random.seed(args.seed)
    if args.what == "strength":
        strength(args.games, args.seed, args.jobs, args.seat)
    else:
        timing(args.decisions, args.seed)


if __name__ == "__main__":
    main()
