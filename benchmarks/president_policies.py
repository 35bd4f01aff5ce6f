"""Can a President seat beat three normal bots without looking ahead?  A linear policy
tuned by the cross-entropy method.

The hard bot's search plays itself on with the normal strategy in every play-out, so
its values are those of "this move, then normal play".  A stronger cheap policy for the
searcher would lift them.  This looks for one: the seat plays the move of highest
``weights . features(move)`` among its legal ones (after a forced way out, as the normal
strategy takes it), where one feature is "the normal strategy plays this", so the
weights ``NORMAL_WEIGHTS`` are the normal strategy itself and every other weight is a
departure from it.  The cross-entropy method then samples weights around a mean, plays
each on the same deals and moves the mean to the best few.

Run from the repository root:

    python benchmarks/president_policies.py normal --rounds 20000
    python benchmarks/president_policies.py cem --generations 6 --rounds 6000 --jobs 1
    python benchmarks/president_policies.py weights '[-0.9, 1.0, ...]' --rounds 40000

Round ``n`` is ``president_variants.py``'s round ``n`` (seed 10000 + n, the tuned seat
``n % 4``); a generation's samples share their deals, each generation takes the next
block of them, and the mean of every generation is scored on 20,000 other deals
(rounds from 200,000 on), so a gain that is only the luck of the deals shows as none.
Only public information feeds a decision: the seat's hand, the table, the unseen cards
(every card in other hands) and the smallest opponent hand.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.bots.arena import wilson_interval
from cardtable.bots.president import PresidentSearchModel, forced_line, normal_move, rank_counts, seat_view
from cardtable.games import get_rules
from cardtable.games.president import PresidentState, kernel
from cardtable.games.president.kernel import HIGHER, ORDERS, POSITION, copy_table

FEATURES = (
    "pass",  # the move is a pass
    "normal",  # the normal strategy makes this move
    "rank",  # the rank's place in the order in force, 0 to 1
    "top",  # the top rank (a 2, or a 3 in a revolution)
    "breaks",  # leaves cards of its rank in hand
    "left",  # how many of its rank it leaves, 0 to 1
    "size",  # cards played, 0 to 1
    "safe",  # no unseen group of that size beats it
    "beaters",  # ranks with an unseen group that beats it, 0 to 1
    "lead-rank",  # "rank" on a lead only
    "lead-size",  # "size" on a lead only
    "groups-after",  # ranks left in hand afterwards, 0 to 1
    "urgent-play",  # a play while an opponent holds 2 cards or fewer
    "four",  # a four of a kind (a revolution)
    "urgent-pass",  # a pass while an opponent holds 2 cards or fewer
    "pass-rank",  # the table's rank when passing, 0 to 1
    "high-single-lead",  # a lead of one card from the upper half of the order
)
NORMAL_WEIGHTS = tuple(1.0 if name == "normal" else 0.0 for name in FEATURES)
FRESH_FIRST = 200_000  # the held-out deals every generation's mean is scored on

Move = tuple[int, int] | None


def features(hand_counts: Sequence[int], unseen_counts: Sequence[int], table_rank: int, table_size: int, rev: bool,
             enabled: bool, fewest: int, move: Move, normal: Move) -> list[float]:
    """The feature vector of ``move`` (``(rank, size)``, or ``None`` for a pass)."""
    values = [0.0] * len(FEATURES)
    urgent = 1.0 if fewest <= 2 else 0.0
    if move is None:
        values[0] = 1.0
        values[1] = 1.0 if normal is None else 0.0
        values[14] = urgent
        values[15] = POSITION[rev][table_rank] / 12
        return values
    rank, size = move
    place = POSITION[rev][rank] / 12
    after = rev != (size == 4 and enabled)
    beaters = sum(1 for higher in HIGHER[after][rank] if unseen_counts[higher] >= size)
    values[1] = 1.0 if normal == move else 0.0
    values[2] = place
    values[3] = 1.0 if rank == ORDERS[rev][-1] else 0.0
    values[4] = 1.0 if hand_counts[rank] > size else 0.0
    values[5] = (hand_counts[rank] - size) / 3
    values[6] = size / 4
    values[7] = 1.0 if beaters == 0 else 0.0
    values[8] = beaters / 12
    if not table_size:
        values[9] = place
        values[10] = size / 4
        values[16] = 1.0 if size == 1 and place > 0.5 else 0.0
    values[11] = (sum(1 for r in ORDERS[0] if hand_counts[r]) - (hand_counts[rank] == size)) / 13
    values[12] = urgent
    values[13] = 1.0 if size == 4 else 0.0
    return values


def linear_move(weights: Sequence[float], hand: int, table_rank: int, table_size: int, rev: bool,
                enabled: bool, unseen: int, fewest: int) -> Move:
    """The tuned seat's play: a forced way out if there is one (looked for as the normal
    strategy does, with 4 ranks in hand or fewer), else the legal move of
    the highest score (plays of every size on a lead, the beating ranks or a pass on a
    follow; the first listed wins a tie)."""
    counts = rank_counts(hand)
    unseen_counts = rank_counts(unseen)
    if sum(1 for r in ORDERS[0] if counts[r]) <= 4:  # where the normal strategy looks for one
        line = forced_line(counts, rev, unseen_counts, enabled, table_rank, table_size)
        if line:
            return line[0]
    normal = normal_move(hand, table_rank, table_size, rev, enabled, unseen, fewest)
    moves: list[Move]
    if table_size:
        moves = [(r, table_size) for r in HIGHER[rev][table_rank] if counts[r] >= table_size]
        moves.append(None)
    else:
        moves = [(r, k) for r in ORDERS[rev] for k in range(1, counts[r] + 1)]
    best: Move = None
    best_score = -math.inf
    for move in moves:
        row = features(counts, unseen_counts, table_rank, table_size, rev, enabled, fewest, move, normal)
        score = sum(w * f for w, f in zip(weights, row, strict=True))
        if score > best_score:
            best, best_score = move, score
    return best


def tuned_policy(weights: Sequence[float], tuned: int, enabled: bool, normal: kernel.Policy) -> kernel.Policy:
    """A play-out policy in which seat ``tuned`` plays :func:`linear_move` (remembered)
    and every other seat ``normal``."""
    remembered: dict[tuple[int, int, int, int, bool, int], Move] = {}

    def policy(hands: list[int], turn: int, table_rank: int, size: int, rev: bool) -> Move:
        if turn != tuned:
            return normal(hands, turn, table_rank, size, rev)
        unseen, fewest = seat_view(hands, turn)
        key = (hands[turn], unseen, table_rank, size, rev, fewest)
        if key not in remembered:
            remembered[key] = linear_move(weights, hands[turn], table_rank, size, rev, enabled, unseen, fewest)
        return remembered[key]

    return policy


def play_block(job: tuple[tuple[float, ...], int, int]) -> tuple[int, int]:
    """Rounds ``first .. first + count - 1`` with the tuned seat playing ``weights``:
    (President finishes, rounds)."""
    weights, first, count = job
    model = PresidentSearchModel()  # its play-out policy is the normal strategy, remembered
    wins = 0
    for number in range(first, first + count):
        state = get_rules("president").new_game(players=4, seed=10_000 + number)
        assert isinstance(state, PresidentState), "the President rules make President states"
        table = copy_table(state.table)
        tuned = number % 4
        normal = model.playout_policy(random.Random(number))
        kernel.play_out(table, tuned_policy(weights, tuned, table.revolution_enabled, normal))
        wins += table.orders[0][0] == tuned
        model.trim_memo()
    return wins, count


def score(pool: ProcessPoolExecutor, weights: Sequence[float], rounds: int, first: int = 0) -> float:
    """The share of rounds ``first ..`` the tuned seat finishes President."""
    block = 1000
    jobs = [(tuple(weights), start, min(block, first + rounds - start)) for start in range(first, first + rounds, block)]
    results = list(pool.map(play_block, jobs))
    return sum(w for w, _ in results) / sum(n for _, n in results)


def cross_entropy(pool: ProcessPoolExecutor, generations: int, rounds: int, population: int, elite: int,
                  seed: int) -> None:
    """Sample ``population`` weight vectors a generation around the mean, keep the
    ``elite`` best on this generation's deals, and print the new mean's score on the
    held-out deals."""
    rng = random.Random(seed)
    mean = list(NORMAL_WEIGHTS)
    spread = [0.3 if name == "normal" else 0.5 for name in FEATURES]
    print(f"normal strategy on the held-out deals: {score(pool, mean, 20_000, FRESH_FIRST):.2%}", flush=True)
    for generation in range(generations):
        first = generation * rounds
        samples = [[m + s * rng.gauss(0, 1) for m, s in zip(mean, spread, strict=True)] for _ in range(population)]
        ranked = sorted(((score(pool, w, rounds, first), w) for w in samples), key=lambda pair: -pair[0])
        best = [w for _, w in ranked[:elite]]
        mean = [sum(w[i] for w in best) / elite for i in range(len(FEATURES))]
        spread = [max(0.05, math.sqrt(sum((w[i] - mean[i]) ** 2 for w in best) / elite)) for i in range(len(FEATURES))]
        held_out = score(pool, mean, 20_000, FRESH_FIRST)
        print(
            f"generation {generation}: best sample {ranked[0][0]:.2%} on rounds {first}-{first + rounds - 1}; "
            f"the new mean {held_out:.2%} on the held-out deals; mean {json.dumps([round(m, 3) for m in mean])}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("normal", "cem", "weights"))
    parser.add_argument("weights", nargs="?", help="with 'weights': a JSON list, one weight per feature")
    parser.add_argument("--rounds", type=int, default=6000)
    parser.add_argument("--generations", type=int, default=6)
    parser.add_argument("--population", type=int, default=16)
    parser.add_argument("--elite", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.mode == "cem":
            cross_entropy(pool, args.generations, args.rounds, args.population, args.elite, args.seed)
            return
        weights = NORMAL_WEIGHTS if args.mode == "normal" else json.loads(args.weights or "null")
        if not isinstance(weights, (list, tuple)) or len(weights) != len(FEATURES):
            parser.error(f"give {len(FEATURES)} weights, one per feature: {', '.join(FEATURES)}")
        wins = round(score(pool, weights, args.rounds, FRESH_FIRST) * args.rounds)
        low, high = wilson_interval(wins, args.rounds)
        print(f"President in {wins} of {args.rounds} held-out rounds ({wins / args.rounds:.2%}, Wilson 95% {low:.1%}-{high:.1%})")


if __name__ == "__main__":
    main()
