"""Durak's exact endgame: once the deck is empty and two players are left, every
card's place is known, and :func:`solve_endgame` plays the position exactly (alpha-beta
over the rules kernel's heads-up moves) when it is small enough."""

from __future__ import annotations

import time
from collections.abc import Sequence

from cardtable.bots.durak.reading import gone_cards, trump_suit
from cardtable.bots.search import StopFlag
from cardtable.cards import cards_to_mask
from cardtable.engine.actions import Action
from cardtable.games.durak import DurakObservation, action_of, kernel
from cardtable.games.durak.kernel import DECK_MASK

__all__ = ["EndgameSolver", "Position", "endgame_position", "solve_endgame", "ENDGAME_NODE_LIMIT"]

ENDGAME_NODE_LIMIT = 200_000
"""The most positions the exact endgame solver visits for one decision before the hard
bot gives up on it and searches instead."""


_ATT, _DEF, _THROW = kernel.ATTACK, kernel.DEFEND, kernel.THROW_IN


class _OutOfBudget(Exception):
    pass


#: An endgame position (see :data:`cardtable.games.durak.kernel.Position`).
Position = kernel.Position


class EndgameSolver:
    """Exact play of a two-player Durak position with an empty deck.

    A position is ``(phase, attacker's hand, defender's hand, unbeaten, table, attacks,
    limit, taking)`` (masks of card indexes; ``attacks`` is the number of attacking cards
    on the table).  :meth:`value` gives the result with best play for the *attacker* of
    the bout: 1 (the other is the durak), 0.5 (both go out together: a draw), 0.
    Alpha-beta over these three values with a transposition table of bounds; the table
    is kept between calls (positions are the same whoever asks), so a game's later
    endgame moves are found at once.

    >>> from cardtable.cards import parse_cards
    >>> m = lambda text: sum(c.mask for c in parse_cards(text))
    >>> solver = EndgameSolver(trump=0)   # clubs are trumps
    >>> solver.value((0, m("6H"), m("7H"), 0, 0, 0, 1, False))   # the 7H beats the 6H: both out
    0.5
    >>> solver.value((0, m("6H 7S"), m("AH"), 0, 0, 0, 1, False))  # 7S first: taken; then the 6H
    1.0
    """

    def __init__(self, trump: int, node_limit: int | None = None) -> None:
        self.trump = trump
        self.node_limit = node_limit
        self.nodes = 0
        self.deadline: float | None = None
        #: set from another thread: give up at once (the game was closed)
        self.stop: StopFlag | None = None
        self.table: dict[Position, tuple[float, float]] = {}

    def value(self, position: Position, alpha: float = 0.0, beta: float = 1.0) -> float:
        """The attacker's result with best play; raises ``_OutOfBudget`` past the node limit."""
        return self._search(position, alpha, beta)

    def moves(self, position: Position) -> list[tuple[Action, Position, bool]]:
        """``(action, next position, same attacker?)`` for every legal move, cheapest first
        (the kernel's order: beating cards and cards to play non-trumps first, low before
        high; the unbeaten cards lowest first; taking and passing last).

        ``same attacker?`` is false when the move ends the bout with a successful
        defence, so the roles swap; a finished game is a position ``("end", value)``.
        The moves and positions are the kernel's (:func:`kernel.endgame_moves`).
        """
        return [(action_of(move), child, same) for move, child, same in kernel.endgame_moves(position, self.trump)]

    def _search(self, position: Position, alpha: float, beta: float) -> float:
        if position[0] == "end":
            value: float = position[1]
            return value
        entry = self.table.get(position)
        if entry is not None:
            low, high = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha = max(alpha, low)
            beta = min(beta, high)
        else:
            low, high = 0.0, 1.0
        self._count()
        maximizing = position[0] != _DEF  # the attacker moves in the attack and throw-in phases
        a0, b0 = alpha, beta
        best = -1.0 if maximizing else 2.0
        for _, child, same in self.moves(position):
            if same:
                v = self._search(child, alpha, beta)
            else:
                v = 1.0 - self._search(child, 1.0 - beta, 1.0 - alpha)
            if maximizing:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if best <= a0:
            self.table[position] = (low, best)
        elif best >= b0:
            self.table[position] = (best, high)
        else:
            self.table[position] = (best, best)
        return best

    def _count(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _OutOfBudget
        if not self.nodes & 255 and (
            self.deadline is not None and time.perf_counter() > self.deadline
            or self.stop is not None and self.stop.is_set()
        ):
            raise _OutOfBudget

    def best_action(self, position: Position, preferred: Sequence[Action] = ()) -> tuple[Action, float]:
        """A best move and the mover's result with it; among equal moves the first of
        ``preferred`` that is one, then the cheapest."""
        attacker_moves = position[0] != _DEF
        results: dict[Action, float] = {}
        best_value = -1.0
        for action, child, same in self.moves(position):
            v = self._search(child, 0.0, 1.0) if same else 1.0 - self._search(child, 0.0, 1.0)
            mine = v if attacker_moves else 1.0 - v
            results[action] = mine
            best_value = max(best_value, mine)
        for action in preferred:
            if results.get(action) == best_value:
                return action, best_value
        return next(a for a, v in results.items() if v == best_value), best_value


def endgame_position(observation: DurakObservation) -> Position | None:
    """The solver's position for ``observation``, or ``None`` unless the deck is empty
    and exactly two players are left (then every card's place is known)."""
    if observation.deck_count or len(observation.in_game) != 2 or observation.is_over:
        return None
    attacker, defender = observation.main_attacker, observation.defender
    if attacker is None or defender is None or observation.seat not in (attacker, defender):
        return None
    own = cards_to_mask(observation.hand)
    other = DECK_MASK & ~gone_cards(observation) & ~own
    if other.bit_count() != observation.hand_sizes[attacker if observation.seat == defender else defender]:
        return None
    att, dfn = (own, other) if observation.seat == attacker else (other, own)
    unbeaten = table = 0
    for a, d in observation.table:
        table |= a.mask
        if d is None:
            unbeaten |= a.mask
        else:
            table |= d.mask
    phase = {"attack": _ATT, "defend": _DEF, "throw_in": _THROW}[observation.phase]
    return (phase, att, dfn, unbeaten, table, len(observation.table), observation.limit, observation.taking)


def solve_endgame(observation: DurakObservation, node_limit: int | None = None,
                  solver: EndgameSolver | None = None, preferred: Sequence[Action] = (),
                  deadline: float | None = None) -> tuple[Action, float] | None:
    """The best move of a two-player endgame with an empty deck and the observer's
    result with it (1 win, 0.5 draw, 0 durak); ``None`` if the position is not such an
    endgame, or needs more than ``node_limit`` positions or time past ``deadline``
    (by ``time.perf_counter``).
    """
    position = endgame_position(observation)
    if position is None:
        return None
    if solver is None or solver.trump != trump_suit(observation):
        solver = EndgameSolver(trump_suit(observation))
    solver.node_limit = None if node_limit is None else solver.nodes + node_limit
    solver.deadline = deadline
    try:
        return solver.best_action(position, preferred)
    except _OutOfBudget:
        return None

