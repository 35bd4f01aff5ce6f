"""The hard bots' common frame: :class:`SearchBot` decides by the tree search with a
game's model, through hooks a game's hard bot fills in, within one :class:`Deadline`;
:class:`Decision` and :class:`MoveValue` tell how (the hint's explanation)."""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from cardtable.bots.search.pool import StopFlag
from cardtable.bots.search.tree import (
    DEFAULT_EXPLORATION,
    DEFAULT_TIME_BUDGET,
    ISMCTS,
    Searchable,
    SearchResult,
)
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation

__all__ = ["SearchBot", "Deadline", "Decision", "MoveValue", "about_equal", "DECISION_MARGIN"]

#: The observation type a :class:`SearchBot` decides from.
ObsT = TypeVar("ObsT", bound=Observation)

DECISION_MARGIN = 0.01
"""Seconds of a hard bot's time budget kept for the last search iteration and the
preparation of a decision, so that a decision stays within its budget."""


@dataclass(frozen=True)
class Deadline:
    """The time one decision of a :class:`SearchBot` has, on ``time.perf_counter``: from
    ``start`` to ``end``; ``end`` is ``None`` when the bot runs a fixed number of
    iterations and reads no clock.

    The one rule for every hard bot: a decision of ``time_budget`` seconds ends
    :data:`DECISION_MARGIN` before the budget is up (but never before half of it), which
    leaves room for the last iteration and the reply.  The hooks split that time with
    :meth:`share`: the endgame solver, the search, the check after it.

    >>> deadline = Deadline(10.0, 10.5)
    >>> deadline.share(0.6), Deadline(10.0, None).share(0.6) is None
    (10.3, True)
    """

    start: float
    end: float | None
    #: set from another thread: the decision's time is up at once (the game was closed)
    stop: StopFlag | None = None

    @classmethod
    def starting_now(
        cls, time_budget: float, iterations: int | None, stop: StopFlag | None = None
    ) -> Deadline:
        """The deadline of a decision that starts now, by the rule above."""
        start = time.perf_counter()
        if iterations is not None:
            return cls(start, None, stop)
        return cls(start, start + max(time_budget - DECISION_MARGIN, time_budget / 2), stop)

    def share(self, fraction: float) -> float | None:
        """The moment ``fraction`` of the decision's time has passed (``None``: no clock)."""
        if self.end is None:
            return None
        return self.start + (self.end - self.start) * fraction

    def passed(self) -> bool:
        """Whether the decision's time is up (never, with no clock, unless stopped)."""
        if self.stop is not None and self.stop.is_set():
            return True
        return self.end is not None and time.perf_counter() >= self.end


@dataclass(frozen=True)
class MoveValue:
    """One root move of a search, as the hint explains it: the legal ``action`` it
    stands for, the simulations through it (``visits``), their mean ``value`` in [0, 1]
    for the searching seat, and (when recorded) how many ended in each ``outcomes`` of
    the game's simulator."""

    action: Action
    visits: int
    value: float
    outcomes: Mapping[int, int] = field(default_factory=dict)

    @property
    def standard_error(self) -> float:
        """How far chance alone may move ``value`` over this many simulations: one
        standard error of the mean.  A value in [0, 1] varies at most ``v (1 - v)``; the
        mean is pulled one simulation's worth towards 1/2 first, so that a move whose few
        simulations all agree is not taken for a sure thing.

        >>> round(MoveValue(Action.parse("play 2C"), 40, 0.5).standard_error, 3)
        0.079
        >>> MoveValue(Action.parse("play 2C"), 0, 0.5).standard_error
        inf
        """
        if self.visits <= 0:
            return math.inf
        pulled = (self.value * self.visits + 1) / (self.visits + 2)
        return math.sqrt(pulled * (1 - pulled) / self.visits)


    def spread(self, score: Callable[[int], float]) -> float:
        """How far chance alone may move the mean of ``score(outcome)`` over this move's
        simulations: two standard errors of the mean, from the spread of the recorded
        outcomes themselves (``inf`` with fewer than two).  Two moves whose means differ
        by less than the two spreads together (:func:`about_equal`) could as well come
        out in the other order with more simulations.

        >>> move = MoveValue(Action.parse("play QS"), 4, 0.4, {13: 1, 0: 3})
        >>> round(move.spread(float), 2), MoveValue(Action.parse("play QS"), 1, 0.4, {0: 1}).spread(float)
        (6.5, inf)
        """
        count = sum(self.outcomes.values())
        if count < 2:
            return math.inf
        mean = sum(score(o) * n for o, n in self.outcomes.items()) / count
        squares = sum((score(o) - mean) ** 2 * n for o, n in self.outcomes.items())
        return 2 * math.sqrt(squares / (count - 1) / count)


#: a move searched less than this share of the most searched one is not weighed against
#: it: the search left it because it looked worse, so its few simulations say little
_EQUAL_VISITS = 0.25


def about_equal(
    moves: Sequence[MoveValue], chosen: Action, score: Callable[[int], float] | None = None
) -> list[MoveValue]:
    """The searched moves whose values lie within each other's noise of ``chosen``'s:
    the difference is at most two standard errors of the difference, so more
    simulations could as well put them in another order.  ``chosen`` comes first, the
    others as ``moves`` list them; a move searched under a quarter as much as the most
    searched one is left out (the search itself passed it by).

    With ``score`` (what an outcome counts in the figure the player is shown: Hearts'
    points), moves whose outcomes were recorded are compared in that figure, each with
    its :meth:`MoveValue.spread` from the outcomes' own spread; otherwise by the
    search's value and its :attr:`MoveValue.standard_error`.

    >>> a, b, c = (Action.parse(f"play {card}") for card in ("3C", "7C", "8C"))
    >>> moves = [MoveValue(c, 40, 0.52), MoveValue(a, 33, 0.50), MoveValue(b, 32, 0.47)]
    >>> [str(m.action) for m in about_equal(moves, a)]
    ['3C', '8C', '7C']
    >>> moves = [MoveValue(c, 900, 0.80), MoveValue(a, 80, 0.40)]
    >>> [str(m.action) for m in about_equal(moves, c)]
    ['8C']
    >>> passes = [MoveValue(a, 300, 0.6, {0: 200, 13: 50, 26: 50}), MoveValue(b, 300, 0.5, {0: 150, 13: 150})]
    >>> [str(m.action) for m in about_equal(passes, a, float)]   # 6.5 and 6.5 points
    ['3C', '7C']
    >>> passes[1] = MoveValue(b, 300, 0.5, {0: 100, 13: 200})    # 6.5 ± 1.1 and 8.7 ± 0.7 points
    >>> [str(m.action) for m in about_equal(passes, a, float)]
    ['3C']
    """
    searched = [move for move in moves if move.visits > 0]
    mine = next((move for move in searched if move.action == chosen), None)
    if mine is None:
        return []
    most = max(move.visits for move in searched)
    equal = [mine]
    for move in searched:
        if move is mine or move.visits < _EQUAL_VISITS * most:
            continue
        if score is not None and mine.outcomes and move.outcomes:
            difference = abs(_mean(move, score) - _mean(mine, score))
            noise = math.hypot(mine.spread(score), move.spread(score))
        else:
            difference = abs(move.value - mine.value)
            noise = 2 * math.hypot(mine.standard_error, move.standard_error)
        if difference <= noise:
            equal.append(move)
    return equal


def _mean(move: MoveValue, score: Callable[[int], float]) -> float:
    count = sum(move.outcomes.values())
    return sum(score(o) * n for o, n in move.outcomes.items()) / count


@dataclass(frozen=True)
class Decision:
    """How a :class:`SearchBot` came to its last move (``SearchBot.last_decision``).

    ``how`` is one of:

    - ``only``: the only legal move;
    - ``alike``: every legal move plays alike (one root move);
    - ``pass``: the pass or exchange, by the bot's pass hook;
    - ``shortcut``: decided without searching (``note`` says how, in the game's words:
      ``forced`` for a forced way out, ``solved-win`` or ``solved-draw`` for an exact
      endgame);
    - ``search``: the search's most visited move;
    - ``checked``: the check after the search chose another move than the most visited.

    ``moves`` are the searched root moves, most visited first (ties: the better mean);
    ``iterations`` the simulations in all.

    >>> Decision(Action.parse("play 2C"), "only").moves
    ()
    """

    action: Action
    how: str
    moves: tuple[MoveValue, ...] = ()
    iterations: int = 0
    note: str = ""

    @property
    def ranked(self) -> tuple[MoveValue, ...]:
        """The searched moves as the hint explains them: the move chosen first (a closer
        look may have chosen another than the most searched), then the others, most
        searched first.

        >>> a, b = Action.parse("play 4S"), Action.parse("play 5C 5D")
        >>> checked = Decision(a, "checked", (MoveValue(b, 700, 0.6), MoveValue(a, 600, 0.55)), 1300)
        >>> [str(m.action) for m in checked.ranked]
        ['4S', '5C 5D']
        """
        searched = [move for move in self.moves if move.visits]
        return tuple(sorted(searched, key=lambda move: move.action != self.action))


class SearchBot(Generic[ObsT]):
    """A bot that decides by :class:`ISMCTS` with a game's model.

    One decision (:meth:`choose`): a single legal action is played at once; otherwise
    the clock starts (:class:`Deadline`) and the hooks are asked in turn, each a method
    a hard bot may override:

    1. :meth:`pass_search`, when the actions hand cards over (``give``: an exchange, the
       Hearts pass): an action, or ``None`` to decide as for a play;
    2. :meth:`shortcut`: an action without searching (a forced win, an exact endgame),
       or ``None``;
    3. :meth:`root_moves`: the moves the tree searches, each mapped to the legal action
       it stands for (moves that play alike merged); one move is played at once;
    4. the tree search, until ``search_share`` of the decision's time;
    5. :meth:`after_search`: the move to play, from the search's result (the search's
       choice by default), in the rest of the time.

    ``SearchBot`` is generic over the observation its game shows, so the hooks take the
    game's own observation type.

    >>> from cardtable.bots.durak import DurakSearchModel
    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=2, seed=1)
    >>> bot = SearchBot(DurakSearchModel(), seed=3, iterations=50)
    >>> seat = state.current_player
    >>> bot.choose(state.observation(seat), state.legal_actions()) in state.legal_actions()
    True
    """

    level = "hard"

    search_share = 1.0
    """The part of a decision's time the tree search gets; :meth:`after_search` has the rest."""

    def __init__(
        self,
        model: Searchable[ObsT],
        seed: int | None = None,
        time_budget: float = DEFAULT_TIME_BUDGET,
        iterations: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        workers: int = 1,
    ) -> None:
        self.model = model
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.searcher = ISMCTS(time_budget, iterations, exploration, workers)
        #: how the last decision was made (see :class:`Decision`)
        self.last_decision: Decision | None = None
        #: what a hook says about a decision it made (a :class:`Decision`'s ``note``)
        self.note = ""
        #: a hook that searched in its own way (a pass search) may leave its moves'
        #: figures and its simulations here, for the :class:`Decision`
        self.figures: tuple[tuple[MoveValue, ...], int] | None = None

    def deadline(self) -> Deadline:
        """The deadline of a decision starting now (:meth:`Deadline.starting_now`)."""
        return Deadline.starting_now(self.time_budget, self.searcher.iterations, self.searcher.stop)

    def set_time_budget(self, seconds: float) -> None:
        """Think ``seconds`` a decision from the next one on (the thinking-time setting);
        a bot with a fixed number of iterations keeps it."""
        if not seconds > 0:
            raise ValueError("time_budget must be positive")
        self.time_budget = self.searcher.time_budget = seconds

    def stop_on(self, event: threading.Event | None) -> None:
        """End every decision as soon as ``event`` is set (from another thread): the
        search stops at its next iteration and the bot answers with what it has."""
        self.searcher.stop = event

    def explain(self, observation: ObsT, legal_actions: Sequence[Action]) -> Decision:
        """Decide as :meth:`choose` does, the search counting each move's outcomes too,
        and say how (the hint's explanation)."""
        self.searcher.record_outcomes = True
        try:
            self.choose(observation, legal_actions)
        finally:
            self.searcher.record_outcomes = False
        assert self.last_decision is not None, "choose records every decision"
        return self.last_decision

    def same_move(self, observation: ObsT, first: Action, second: Action) -> bool:
        """Whether two legal actions play alike to this bot's search (one root move
        stands for both), so that choosing either costs nothing; by default an action is
        alike only itself."""
        return first == second

    def value_moves(
        self, observation: ObsT, legal_actions: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[MoveValue, ...]:
        """Each of ``moves`` (some of ``legal_actions``) valued by this bot's search in one
        decision's time, the hooks skipped, every simulation's outcome counted: the tree
        searches the root moves that stand for ``moves`` and nothing else, so each gets
        its share of the simulations (the review's judge; see :mod:`cardtable.bots.review`).
        One :class:`MoveValue` per move, in order; empty when the search cannot play one
        of them.  Playing never calls this: a hard bot's own decisions are unchanged."""
        roots = self.root_moves(observation, legal_actions)
        searched: list[Action] = []
        for move in moves:
            root = next(
                (key for key, action in roots.items() if action == move or self.same_move(observation, action, move)),
                None,
            )
            if root is None:
                return ()
            searched.append(root)
        distinct = list(dict.fromkeys(searched))
        self.searcher.record_outcomes = True
        try:
            if len(distinct) == 1:
                # One root move: the search would not run; still value it by its simulations.
                distinct.append(next((key for key in roots if key != distinct[0]), distinct[0]))
            result = self.searcher.search_with_stats(
                observation, list(dict.fromkeys(distinct)), self.model, self.rng, self.deadline().end
            )
        finally:
            self.searcher.record_outcomes = False
        values = []
        for move, root in zip(moves, searched):
            visits, total = result.root.get(str(root), (0, 0.0))
            values.append(MoveValue(move, visits, total / visits if visits else 0.0, result.outcomes.get(str(root), {})))
        return tuple(values)

    def review_passes(self, observation: ObsT, legal_actions: Sequence[Action], chosen: Action) -> list[Action]:
        """The passes (``give`` actions, some of ``legal_actions``) the review weighs to
        find the best one, ``chosen`` (this bot's own) first: by default ``chosen``
        alone, for a bot whose pass search has weighed the others already.  A bot that
        hands cards over without searching lists the alternatives worth weighing.
        Playing never calls this."""
        return [chosen]

    def pass_search(self, observation: ObsT, legal_actions: Sequence[Action], deadline: Deadline) -> Action | None:
        """Which cards to hand over (``legal_actions`` are ``give`` actions), or ``None``
        to decide as for any other action (the default)."""
        return None

    def shortcut(self, observation: ObsT, legal_actions: Sequence[Action], deadline: Deadline) -> Action | None:
        """An action to take without searching, or ``None`` to search (the default)."""
        return None

    def root_moves(self, observation: ObsT, legal_actions: Sequence[Action]) -> Mapping[Action, Action]:
        """The tree's root moves, in order, each mapped to the legal action played for
        it; by default every legal action stands for itself."""
        return {action: action for action in legal_actions}

    def after_search(
        self, observation: ObsT, moves: Sequence[Action], result: SearchResult, deadline: Deadline
    ) -> Action:
        """The root move to play, one of ``moves``, given the search's ``result``; by
        default the search's choice."""
        return result.action

    def choose(self, observation: ObsT, legal_actions: Sequence[Action]) -> Action:
        self.note = ""
        self.figures = None
        if len(legal_actions) == 1:
            return self._decided(legal_actions[0], "only")
        deadline = self.deadline()
        if legal_actions[0].kind == "give":
            given = self.pass_search(observation, legal_actions, deadline)
            if given is not None:
                return self._decided(given, "pass")
        quick = self.shortcut(observation, legal_actions, deadline)
        if quick is not None:
            return self._decided(quick, "shortcut")
        roots = self.root_moves(observation, legal_actions)
        if len(roots) == 1:
            return self._decided(next(iter(roots.values())), "alike")
        moves = list(roots)
        result = self.searcher.search_with_stats(
            observation, moves, self.model, self.rng, deadline.share(self.search_share)
        )
        chosen = self.after_search(observation, moves, result, deadline)
        values = []
        for move in moves:
            visits, total = result.root.get(str(move), (0, 0.0))
            outcomes = result.outcomes.get(str(move), {})
            values.append(MoveValue(roots[move], visits, total / visits if visits else 0.0, outcomes))
        # As the search chooses (choose_from_stats): most visits, then the better mean;
        # stable, so full ties keep the root order.  Merged trees tie more often.
        values.sort(key=lambda v: (-v.visits, -v.value))
        how = "search" if chosen == result.action else "checked"
        return self._decided(roots[chosen], how, tuple(values), result.iterations)

    def _decided(
        self, action: Action, how: str, moves: tuple[MoveValue, ...] = (), iterations: int = 0
    ) -> Action:
        if not moves and self.figures is not None:
            moves, iterations = self.figures
        self.last_decision = Decision(action, how, moves, iterations, self.note)
        return action

