"""President against three normal bots with perfect information: the ceiling of play.

Run from the repository root, e.g.

    python benchmarks/president_ceiling.py ceiling --rounds 400 --compare default500.jsonl
    python benchmarks/president_ceiling.py mistakes --rounds 100 --iterations 500

The normal strategy is deterministic, so once every hand is known a round against three
normal bots is a puzzle for one player: is there a line of plays that finishes it
President?  :class:`FirstPlaceSolver` answers exactly, by a depth-first search over
the searcher's own moves (every play of every size, a lead of part of a group included)
with the opponents' normal moves in between, remembering every position it has solved.

- ``ceiling``: on the deals of ``president_variants.py`` (round ``n``: seed
  10000 + n, the searcher in seat ``n`` mod 4), the share of deals where such a line
  exists.  With ``--compare LOG`` (a ``president_variants.py --log``) it also counts how
  often that bot was President in the deals with a line and in those without (it can
  never be in the second: a check of the solver).  ``--whole-leads`` lets the searcher
  lead only whole groups, as the hard bot's search does.
- ``mistakes``: replays the shipped hard bot at ``--iterations`` on those deals and,
  in each deal that had a line, finds the decision after which none was left: the
  hand size, whether it led or followed, whether it played the normal move, and
  whether the normal move would have kept a line.

A solve from the deal took a median of 0.04 s, a mean of 0.4 s and at most 13 s over
the first 400 deals (one core, the machine busy).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.bots.arena import wilson_interval
from cardtable.bots.president import HardPresidentBot, NormalPresidentBot, canonical, normal_move, seat_view, usual_move
from cardtable.games import get_rules
from cardtable.games.president import PresidentObservation, PresidentState
from cardtable.games.president.kernel import HIGHER, LOWEST, NIBBLE_BITS, ORDERS, Table

sys.setrecursionlimit(10_000)

# A position of the search: hands, table rank, table size, table owner, passed seats, revolution.
Position = tuple[tuple[int, ...], int, int, int, int, bool]
# A move: (rank, size), or None for a pass.
Move = tuple[int, int] | None


class OutOfNodes(Exception):
    """The solver met more new positions than its budget allows."""


class FirstPlaceSolver:
    """Whether ``seat`` can finish a round first against normal opponents, every hand known.

    The opponents play :func:`normal_move` as the normal bot does in a game's first round
    (nobody trails on score).  Nobody may have gone out yet (a position where an
    opponent is out is lost).  Positions
    are remembered across calls, so one solver serves every position of one round, or
    every sampled deal of one decision.  ``budget`` bounds the new positions one call
    may solve (:class:`OutOfNodes` past it); ``whole_leads`` limits the seat's leads to
    whole groups.
    """

    def __init__(
        self,
        seat: int,
        players: int = 4,
        revolution_enabled: bool = True,
        budget: int = 3_000_000,
        whole_leads: bool = False,
    ) -> None:
        self.seat = seat
        self.players = players
        self.enabled = revolution_enabled
        self.budget = budget
        self.whole_leads = whole_leads
        self.nodes = 0
        self._solved: dict[Position, bool] = {}
        self._normal: dict[tuple[int, int, int, int, bool, int], Move] = {}

    def options(self, hand: int, table_rank: int, size: int, rev: bool) -> list[Move]:
        """The seat's moves: every rank that beats the table in its size and a pass, or
        every lead (of every size, or whole groups only)."""
        moves: list[Move] = []
        if size:
            for r in HIGHER[rev][table_rank]:
                if NIBBLE_BITS[hand >> (r - 2) * 4 & 15] >= size:
                    moves.append((r, size))
            moves.append(None)
            return moves
        for r in ORDERS[rev]:
            count = NIBBLE_BITS[hand >> (r - 2) * 4 & 15]
            if count:
                moves.extend((r, k) for k in ((count,) if self.whole_leads else range(1, count + 1)))
        return moves

    def _normal_move(self, hands: tuple[int, ...], turn: int, table_rank: int, size: int, rev: bool) -> Move:
        unseen, fewest = seat_view(hands, turn)
        key = (hands[turn], unseen, table_rank, size, rev, fewest)
        if key not in self._normal:
            self._normal[key] = normal_move(hands[turn], table_rank, size, rev, self.enabled, unseen, fewest)
        return self._normal[key]

    def _next(self, turn: int, table_rank: int, size: int, owner: int, passed: int) -> tuple[int, int, int, int, int]:
        blocked = passed | (1 << owner if owner >= 0 else 0)
        candidate = turn
        for _ in range(self.players - 1):
            candidate = candidate + 1 if candidate + 1 < self.players else 0
            if not blocked >> candidate & 1:
                return candidate, table_rank, size, owner, passed
        return owner, 0, 0, -1, 0  # everyone else passed: the owner leads

    def after(self, position: Position, turn: int, move: Move) -> tuple[Position, int] | bool:
        """``move`` by ``turn`` in ``position``: the next position and seat to move, or
        ``True``/``False`` when it ends the question (the seat or an opponent went out)."""
        hands, table_rank, size, owner, passed, rev = position
        if move is None:
            turn, table_rank, size, owner, passed = self._next(turn, table_rank, size, owner, passed | 1 << turn)
            return (hands, table_rank, size, owner, passed, rev), turn
        rank, count = move
        shift = (rank - 2) * 4
        hand = hands[turn] & ~(LOWEST[hands[turn] >> shift & 15][count] << shift)
        if not hand:
            return turn == self.seat
        hands = hands[:turn] + (hand,) + hands[turn + 1 :]
        if count == 4 and self.enabled:
            rev = not rev
        turn, table_rank, size, owner, passed = self._next(turn, rank, count, turn, passed)
        return (hands, table_rank, size, owner, passed, rev), turn

    def wins(self, position: Position, turn: int) -> bool:
        """Whether the seat can finish first from ``position`` with ``turn`` to move."""
        while turn != self.seat:
            hands, table_rank, size, _, _, rev = position
            hand = hands[turn]
            move: Move = None
            if not size or any(NIBBLE_BITS[hand >> (r - 2) * 4 & 15] >= size for r in HIGHER[rev][table_rank]):
                move = self._normal_move(hands, turn, table_rank, size, rev)
            step = self.after(position, turn, move)
            if isinstance(step, bool):
                return step
            position, turn = step
        known = self._solved.get(position)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfNodes
        hands, table_rank, size, _, _, rev = position
        won = any(self._wins_after(position, move) for move in self.options(hands[self.seat], table_rank, size, rev))
        self._solved[position] = won
        return won

    def _wins_after(self, position: Position, move: Move) -> bool:
        step = self.after(position, self.seat, move)
        return step if isinstance(step, bool) else self.wins(*step)

    def winning_moves(self, position: Position, first: bool = False) -> list[Move]:
        """The seat's moves in ``position`` (the seat to move) after which it can still
        finish first; with ``first``, only the first one found."""
        hands, table_rank, size, _, _, rev = position
        self.nodes = 0
        moves = []
        for move in self.options(hands[self.seat], table_rank, size, rev):
            if self._wins_after(position, move):
                moves.append(move)
                if first:
                    break
        return moves

    def wins_table(self, table: Table) -> bool:
        """:meth:`wins` for a kernel table (the seat first already: ``True``)."""
        if table.out:
            return bool(table.finished) and table.finished[0] == self.seat
        if table.current is None:
            return False
        self.nodes = 0
        return self.wins(position_of(table), table.current)


def position_of(table: Table) -> Position:
    """The solver's position of a kernel table in play."""
    return (tuple(table.hands), table.table_rank, table.table_size, table.table_owner, table.passed, table.revolution)


def deal_of(number: int) -> PresidentState:
    """Round ``number`` of ``president_variants.py``."""
    state = get_rules("president").new_game(players=4, seed=10_000 + number)
    assert isinstance(state, PresidentState), "the President rules make President states"
    return state


def read_log(path: Path) -> dict[int, dict[str, float]]:
    records = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {int(record["round"]): record for record in records}


def ceiling(rounds: range, whole_leads: bool, compare: Path | None) -> None:
    winnable: dict[int, bool] = {}
    for number in rounds:
        solver = FirstPlaceSolver(number % 4, whole_leads=whole_leads)
        winnable[number] = solver.wins_table(deal_of(number).table)
    wins = sum(winnable.values())
    low, high = wilson_interval(wins, len(rounds))
    print(
        f"{len(rounds)} deals: a line to President in {wins} ({wins / len(rounds):.1%}, Wilson 95% {low:.1%}-{high:.1%})"
    )
    if compare is not None:
        log = read_log(compare)
        both = [n for n in rounds if n in log]
        with_line = [n for n in both if winnable[n]]
        first = sum(1 for n in with_line if log[n]["place"] == 0)
        impossible = sum(1 for n in both if not winnable[n] and log[n]["place"] == 0)
        print(
            f"{compare.name}, {len(both)} of these rounds: President in {first} of the {len(with_line)} with a line "
            f"({first / max(1, len(with_line)):.1%}), in {impossible} of the {len(both) - len(with_line)} without"
        )


def replay(number: int, iterations: int) -> Iterator[tuple[PresidentState, PresidentObservation, HardPresidentBot]]:
    """The shipped hard bot's decisions in round ``number``, each state before its move
    (the round is played on as the loop goes)."""
    state = deal_of(number)
    hard = number % 4
    hard_bot = HardPresidentBot(seed=number, iterations=iterations)
    normal_bots = [NormalPresidentBot(1000 * number + seat) for seat in range(4)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None, "a round in play has a seat to move"
        observation = cast(PresidentObservation, state.observation(seat))
        if seat == hard:
            yield state, observation, hard_bot
        else:
            state.apply(normal_bots[seat].choose(observation, state.legal_actions()))


def mistakes(rounds: range, iterations: int) -> None:
    kinds: Counter[str] = Counter()
    sizes: Counter[int] = Counter()
    won = with_line = 0
    for number in rounds:
        solver = FirstPlaceSolver(number % 4)
        alive = solver.wins_table(deal_of(number).table)
        with_line += alive
        for state, observation, bot in replay(number, iterations):
            legal = state.legal_actions()
            action = bot.choose(observation, legal)
            if alive and len(legal) > 1:
                after = state.clone()
                after.apply(action)
                if not solver.wins_table(after.table):
                    alive = False
                    usual = usual_move(observation)  # canonical: the real suits are a legal action's
                    kept = state.clone()
                    kept.apply(next(a for a in legal if canonical(a) == usual))
                    sizes[len(observation.hand)] += 1
                    kinds["a lead" if not observation.table else "a follow"] += 1
                    kinds["a pass" if action.kind == "pass" else "a play"] += 1
                    normal = canonical(action) == usual
                    kinds["the normal move" if normal else "not the normal move"] += 1
                    if not normal and solver.wins_table(kept.table):
                        kinds["the normal move would have kept a line"] += 1
            state.apply(action)
        won += state.outcome().order.index(number % 4) == 0
    lost = sum(sizes.values())
    print(
        f"{len(rounds)} deals, a line to President in {with_line}; the hard bot ({iterations} iterations) was President in {won}"
    )
    print(f"the decision that lost the last line, in {lost} deals:")
    print("  cards in hand: " + ", ".join(f"{size}: {count}" for size, count in sorted(sizes.items(), reverse=True)))
    for kind, count in sorted(kinds.items()):
        print(f"  {kind}: {count}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["ceiling", "mistakes"])
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first round number")
    parser.add_argument("--iterations", type=int, default=500, help="the hard bot's (mistakes)")
    parser.add_argument("--whole-leads", action="store_true", help="the searcher leads whole groups only (ceiling)")
    parser.add_argument("--compare", type=Path, help="a president_variants.py --log to count against the ceiling")
    args = parser.parse_args()
    rounds = range(args.first, args.first + args.rounds)
    if args.mode == "ceiling":
        ceiling(rounds, args.whole_leads, args.compare)
    else:
        mistakes(rounds, args.iterations)


if __name__ == "__main__":
    main()
