"""President hard-bot variants against three normal bots: what each part of the bot is worth.

Run from the repository root, e.g.

    python benchmarks/president_variants.py default --rounds 400 --iterations 150 --jobs 2
    python benchmarks/president_variants.py uniform --rounds 400 --iterations 150
    python benchmarks/president_variants.py "default:checked=3" --rounds 400
    python benchmarks/president_variants.py knows-hands --rounds 400
    python benchmarks/president_variants.py default --opponents no-reading --rounds 200

Each round is a fresh 4-player deal (seed 10000 + round number), the hard seat rotated
round by round, and every variant meets the same deals, so variants compare on equal
luck.  A variant is a name with optional ``key=value`` settings after a colon:

- ``default``: the hard bot as shipped.
- ``uniform``: deals of the hidden cards drawn uniformly (no reading of the opponents'
  plays) and the opponents free to choose any move in the tree.
- ``no-reading`` / ``no-opponent-model`` / ``no-check``: the default without one part.
- ``knows-hands``: the search is given the real hands (a cheat): the ceiling of reading.
- settings: ``odds``, ``steps``, ``burn`` (the sampler), ``checked``, ``pairs`` (the
  head-to-head check), ``decay`` (the place values).

The other three seats are normal bots, or with ``--opponents VARIANT`` three hard bots
of that variant (a name without settings: the settings are module constants, shared by
every bot of a process): 1 hard against 3 hard-minus-one-part bots, the part's worth
when every seat searches.

It prints the share of rounds the hard seat finished President with a 95% margin
(Wilson's interval).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cardtable.bots.president as president
from cardtable.bots.arena import wilson_interval
from cardtable.bots.president import HardPresidentBot, NormalPresidentBot, PresidentSearchModel
from cardtable.games import get_rules
from cardtable.games.president import PresidentObservation, PresidentState

NAMES = ("default", "uniform", "no-reading", "no-opponent-model", "no-check", "knows-hands")


class KnowsHandsModel(PresidentSearchModel):
    """Deals the real hands: set ``truth`` before every decision."""

    truth: list[int] = []

    def sample_deal(self, observation, rng) -> list[int]:  # type: ignore[no-untyped-def]
        self.prepare(observation)
        return [self.truth[seat] for seat in self._deal[4]]  # type: ignore[index]


def configure(settings: str) -> None:
    """Set the module constants named in ``settings`` (``key=value,...``)."""
    for item in filter(None, settings.split(",")):
        key, value = item.split("=")
        if key == "odds":
            president.INFERENCE_ODDS = float(value)
        elif key == "steps":
            president.INFERENCE_STEPS = int(value)
        elif key == "burn":
            president.INFERENCE_BURN_IN = int(value)
        elif key == "checked":
            president.CHECKED_MOVES = int(value)
        elif key == "pairs":
            president.PAIRS_PER_ITERATION = float(value)
        elif key == "decay":
            president.PLACE_DECAY = float(value)
        else:
            raise SystemExit(f"unknown setting {key!r}")


def make_bot(variant: str, seed: int, iterations: int) -> HardPresidentBot:
    name, _, settings = variant.partition(":")
    configure(settings)
    bot = HardPresidentBot(seed=seed, iterations=iterations)
    if name == "knows-hands":
        bot.model = KnowsHandsModel()
    if name in ("uniform", "no-reading"):
        bot.model.inference = False
    if name in ("uniform", "no-opponent-model"):
        bot.model.model_opponents = False
    if name == "no-check":
        bot.after_search = lambda observation, moves, result, deadline: result.action  # type: ignore[method-assign]
    return bot


def play_round(job: tuple[str, int, int, str]) -> tuple[int, float]:
    """One round: the hard seat's finishing place (0 = President) and its thinking time."""
    variant, number, iterations, opponents = job
    state = get_rules("president").new_game(players=4, seed=10_000 + number)
    assert isinstance(state, PresidentState), "the President rules make President states"
    hard = number % 4
    bots: list[NormalPresidentBot | HardPresidentBot] = [
        NormalPresidentBot(1000 * number + seat)
        if opponents == "normal"
        else make_bot(opponents, 1000 * number + seat, iterations)
        for seat in range(4)
    ]
    bots[hard] = make_bot(variant, number, iterations)
    thinking = 0.0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None, "a round in play has a seat to move"
        model = getattr(bots[seat], "model", None)
        if isinstance(model, KnowsHandsModel):
            model.truth = list(state.hands)
        start = time.perf_counter()
        observation = cast(PresidentObservation, state.observation(seat))
        action = bots[seat].choose(observation, state.legal_actions())
        if seat == hard:
            thinking += time.perf_counter() - start
        state.apply(action)
    return state.outcome().order.index(hard), thinking


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", help=f"one of {', '.join(NAMES)}, optionally with :key=value,...")
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first round number")
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--opponents", default="normal", help=f"normal (the default), or one of {', '.join(NAMES)} without settings"
    )
    args = parser.parse_args()
    if args.variant.partition(":")[0] not in NAMES:
        parser.error(f"unknown variant {args.variant!r}; choose from {', '.join(NAMES)}")
    if args.opponents != "normal" and args.opponents not in NAMES:
        parser.error(f"unknown opponents {args.opponents!r}; choose normal or one of {', '.join(NAMES)}")
    configure(args.variant.partition(":")[2])  # fail early on a bad setting
    jobs = [(args.variant, n, args.iterations, args.opponents) for n in range(args.first, args.first + args.rounds)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play_round, jobs, chunksize=4))
    wins = sum(1 for place, _ in results if place == 0)
    n = len(results)
    share = wins / n
    low, high = wilson_interval(wins, n)
    print(
        f"{args.variant} against 3 {args.opponents} at {args.iterations} iterations, {n} rounds: President {wins} "
        f"({share:.1%}, Wilson 95% {low:.1%}-{high:.1%}), average place {sum(p for p, _ in results) / n + 1:.2f}, "
        f"hard thinking {sum(t for _, t in results) / n:.2f} s a round"
    )


if __name__ == "__main__":
    main()
