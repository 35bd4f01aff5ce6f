"""How fast the shared hard-bot search runs: ISMCTS iterations per second, decision
times at a budget, the hidden-card sampler, and a 2-process hard bot against a 1-process one.

Cases:

- ``toy``: the toy trick-taking game of ``tests/bots/toy_game.py`` (2 and 3 players).
- ``president``, ``durak``, ``hearts``: used when ``cardtable.bots.<game>`` provides
  ``make_search_model()`` (the per-game adapter); otherwise listed as skipped.  Every
  case runs the one search loop, ``ISMCTS.run``, with the model's simulator (Hearts:
  its bitmask simulator, over every legal card).

Each case plays whole games in which one seat decides its plays by ISMCTS at
``--budget`` seconds per decision (exchanges and passes are random) and the others play
randomly, for about ``--seconds`` seconds, then prints iterations per second and the
median and largest decision time.

    python benchmarks/search.py                         # every case
    python benchmarks/search.py --game toy --budget 0.5
    python benchmarks/search.py --workers 2             # root-parallel search
    python benchmarks/search.py --game durak --compare-workers 40   # 2 processes vs 1, duplicate deals
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time

import harness

harness.use_checkout()
ROOT = harness.ROOT

from cardtable.bots.search import ISMCTS, SearchBot, sample_hands
from cardtable.cards import FULL_DECK, SUIT_MASKS, cards_to_mask
from tests.bots.toy_game import TOY_RULES, ToyModel

REAL_GAMES = {"president": 4, "durak": 2, "hearts": 4}


def real_model(game: str):
    """The game's search model, or the reason there is none yet."""
    try:
        module = importlib.import_module(f"cardtable.bots.{game}")
    except Exception as exc:  # noqa: BLE001 - a half-written module is just skipped
        return None, f"cardtable.bots.{game} cannot be imported ({type(exc).__name__}: {exc})"
    factory = getattr(module, "make_search_model", None)
    if factory is None:
        return None, f"cardtable.bots.{game} has no make_search_model() yet"
    return factory(), ""


def run_case(name: str, rules, players: int, model, budget: float, seconds: float, seed: int, workers: int):
    rng = random.Random(seed)
    searcher = ISMCTS(time_budget=budget, workers=workers)
    times: list[float] = []
    iterations = 0
    busy = 0.0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or not times:
        state = rules.new_game(players=players, seed=rng.randrange(2**32))
        searcher_seat = games % players
        games += 1
        while not state.is_over:
            if time.perf_counter() - start > seconds and times:
                break
            seat = state.current_player
            legal = state.legal_actions()
            # Exchanges and passes ("give") are chosen without this search by every hard bot.
            if seat == searcher_seat and len(legal) > 1 and legal[0].kind != "give":
                result = searcher.search_with_stats(state.observation(seat), legal, model, rng)
                times.append(result.elapsed)
                iterations += result.iterations
                busy += result.elapsed
                action = result.action
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
    print(
        f"{name:<14} {players}p  decisions {len(times):>4}  "
        f"iterations/s {iterations / busy:>8.0f}  iterations/decision {iterations / len(times):>7.0f}  "
        f"decision median {statistics.median(times):.3f}s  max {max(times):.3f}s"
    )


def bench_sampler(seconds: float, seed: int) -> None:
    """Deals per second for a Hearts-sized problem: 39 unseen cards among 3 seats."""
    rng = random.Random(seed)
    pool = cards_to_mask(FULL_DECK[:39])
    red, black = SUIT_MASKS[1] | SUIT_MASKS[2], SUIT_MASKS[0] | SUIT_MASKS[3]
    cases = {
        "no constraint": [None, None, None],
        "one void": [SUIT_MASKS[2], None, None],
        # Rejection never fits this one, so it measures the exact fallback.
        "two voids each": [red, black, None],
    }
    for label, forbidden in cases.items():
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            sample_hands(pool, [13, 13, 13], None, forbidden, rng)
            n += 1
        print(f"sample_hands   {label:<16} {n / (time.perf_counter() - start):>9.0f} deals/s")


def compare_workers(games: int, budget: float, seed: int, game: str = "toy") -> None:
    """Two players on duplicate deals: a 2-process hard bot against a 1-process one at
    the same time budget, each deal played twice with the seats swapped.  The score is
    the 2-process bot's share of the win (Durak: not being the durak; a draw halves it),
    with a 95% interval over the deal pairs."""
    from cardtable.bots import make_bot
    from cardtable.games import get_rules

    if game == "toy":
        rules = TOY_RULES

        def bot(n: int, workers: int):
            return SearchBot(ToyModel(), seed=n, time_budget=budget, workers=workers)
    else:
        rules = get_rules(game)

        def bot(n: int, workers: int):
            return make_bot(game, "hard", seed=n, time_budget=budget, workers=workers)

    pairs: list[float] = []
    iters: dict[int, list[int]] = {1: [], 2: []}
    started = time.perf_counter()
    for n in range(games // 2):
        deal = seed + n
        pair = 0.0
        for parallel_seat in (0, 1):
            state = rules.new_game(players=2, seed=deal)
            bots = {parallel_seat: bot(n, 2), 1 - parallel_seat: bot(n, 1)}
            while not state.is_over:
                seat = state.current_player
                legal = state.legal_actions()
                state.apply(bots[seat].choose(state.observation(seat), legal))
                decision = getattr(bots[seat], "last_decision", None)
                if decision is not None and decision.how in ("search", "checked"):
                    result = bots[seat].searcher.last_result
                    iters[bots[seat].searcher.workers].append(result.iterations)
            winners = state.outcome().winners
            pair += (parallel_seat in winners) / len(winners) if winners else 0.5
        pairs.append(pair / 2)
        mean, half = harness.mean_interval(pairs)
        print(
            f"{game} deal pairs {len(pairs):>3}  2-process score {mean:.3f} +- {half:.3f}  "
            f"iterations/decision 1: {statistics.mean(iters[1] or [0]):.0f}  2: {statistics.mean(iters[2] or [0]):.0f}  "
            f"{time.perf_counter() - started:.0f}s",
            flush=True,
        )


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--game", action="append", help="toy, president, durak or hearts (repeatable)")
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per decision (default 0.5)")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per case (default 10)")
    parser.add_argument("--workers", type=int, default=1, help="search processes (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare-workers", type=int, default=0, metavar="GAMES",
                        help="only play GAMES two-player games on duplicate deals, a 2-process hard bot "
                             "against a 1-process one (the first --game: toy or durak)")
    args = parser.parse_args()
    chosen = args.game or ["toy", *REAL_GAMES]
    if args.compare_workers:
        print(f"Python {sys.version.split()[0]}, budget {args.budget}s, 2 processes against 1")
        compare_workers(args.compare_workers, args.budget, args.seed, chosen[0])
        return
    print(f"Python {sys.version.split()[0]}, budget {args.budget}s, workers {args.workers}")
    if args.workers > 1:
        from cardtable.bots.search import warm_up

        warm_up(args.workers)
    for game in chosen:
        if game == "toy":
            for players in (2, 3):
                run_case("toy", TOY_RULES, players, ToyModel(), args.budget, args.seconds, args.seed, args.workers)
            continue
        model, reason = real_model(game)
        if model is None:
            print(f"{game:<14} skipped: {reason}")
            continue
        from cardtable.games import get_rules

        run_case(game, get_rules(game), REAL_GAMES[game], model, args.budget, args.seconds, args.seed, args.workers)
    if not args.game:
        bench_sampler(min(args.seconds, 2.0), args.seed)


if __name__ == "__main__":
    main()
