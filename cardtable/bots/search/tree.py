"""The tree of the shared search: ISMCTS, and the protocols a game plays it through.

:class:`ISMCTS` grows one information-set tree per decision (see :mod:`cardtable.bots.search`
for the loop); it reaches a game only through a :class:`Simulator`, which a
:class:`Searchable` builds for each observation.  With ``workers`` above 1 the trees of
:mod:`cardtable.bots.search.pool` grow beside it and their root statistics are merged.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from cardtable.bots.search.pool import StopFlag, parallel_search
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation

__all__ = [
    "Searchable",
    "Simulator",
    "ISMCTS",
    "SearchResult",
    "choose_from_stats",
    "search",
    "DEFAULT_TIME_BUDGET",
    "DEFAULT_EXPLORATION",
]

#: The observation type a :class:`Searchable` builds simulators for.
ObservationT = TypeVar("ObservationT", bound=Observation, contravariant=True)
#: The move keys of a :class:`Simulator`'s tree.
MoveT = TypeVar("MoveT", bound=Hashable)

DEFAULT_TIME_BUDGET = 0.5
"""Seconds per decision when nothing else is asked for."""

DEFAULT_EXPLORATION = 0.7
"""The UCB1 constant; values lie in [0, 1], where about 0.7 is the usual choice for ISMCTS."""


@runtime_checkable
class Searchable(Protocol[ObservationT]):
    """What the search plays on: anything that builds a :class:`Simulator` for an
    observation.  :meth:`ISMCTS.run` asks for one simulator per decision and reaches
    the game through it alone."""

    def simulator(self, observation: ObservationT) -> Simulator[Any]:
        """The simulator of one decision (one observation)."""
        ...



@runtime_checkable
class Simulator(Protocol[MoveT]):
    """The game-specific half of one search, for one observation: how to deal a world
    (one determinization), walk it and score it.  :meth:`ISMCTS.run` is the other half,
    the tree, the same for every game.

    A *world* is any mutable object the simulator likes (a ``GameState``, a few
    bitmasks); each iteration gets a fresh one from :meth:`deal` and owns it.  *Moves*
    are hashable keys: the tree's children are keyed by them, so two moves that should
    share statistics must have the same key, and only :meth:`root_key` ties keys to real
    actions.  All of these run many thousands of times a second; every random choice
    must come from the ``rng`` passed.

    The search calls, in each iteration: ``deal``; ``to_move`` and ``moves`` at the
    root (a world whose player or moves disagree with the real position counts as a
    rejected sample); then down the tree ``to_move``, ``moves``, ``play`` and, after
    each move chosen by UCB1, ``stopped``; after the one new node, ``finish``; last
    ``value`` once per player on the path.

    >>> from cardtable.bots.hearts import HeartsSearchModel
    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=4)
    >>> for _ in range(5):  # four passes and the 2C
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> simulator = HeartsSearchModel().simulator(state.observation(seat))
    >>> world = simulator.deal(random.Random(1))
    >>> simulator.to_move(world) == seat, isinstance(simulator, Simulator)
    (True, True)
    >>> move = simulator.moves(world)[0]
    >>> simulator.play(world, move); simulator.finish(world, random.Random(2))
    >>> simulator.stopped(world), 0.0 <= simulator.value(world, seat) <= 1.0
    (True, True)
    """

    def root_key(self, action: Action) -> MoveT:
        """The move key of one of the search's ``legal_actions``."""
        ...

    def deal(self, rng: random.Random) -> Any:
        """A fresh world consistent with the observation, the observer to move."""
        ...

    def to_move(self, world: Any) -> int | None:
        """The seat to move in ``world`` (``None`` if nobody moves any more)."""
        ...

    def moves(self, world: Any) -> Sequence[MoveT]:
        """The keys of the moves the tree considers for the seat to move, in a fixed
        order (UCB1 ties and the choice among untried moves follow it)."""
        ...

    def play(self, world: Any, move: MoveT) -> None:
        """Make ``move`` (one of ``moves(world)``) in ``world``, in place."""
        ...

    def stopped(self, world: Any) -> bool:
        """Whether the searched horizon is reached: the tree walk stops here."""
        ...

    def finish(self, world: Any, rng: random.Random) -> None:
        """Play ``world`` out with the play-out policy, in place, until :meth:`stopped`."""
        ...

    def value(self, world: Any, seat: int) -> float:
        """How good the finished ``world`` is for ``seat``, in [0, 1] (1 = best)."""
        ...

    # A simulator may also have ``outcome(world, seat) -> int``: how the finished world
    # ended for ``seat`` in the game's own terms (Hearts: the points taken; President:
    # the place, 0 first; Durak: 1 the durak, 0 not, 2 nobody).  A search that records
    # outcomes (:attr:`ISMCTS.record_outcomes`, for the hint) counts them per root move;
    # it is not part of the protocol, so a simulator without it still searches.


# --- the tree ---------------------------------------------------------------------------


class _Node:
    """One information-set node: the move sequence from the root leads here."""

    __slots__ = ("children", "visits", "value", "available", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.value = 0.0  # summed values for ``player``, who acted to reach this node
        self.available = 1
        self.player = player


@dataclass
class SearchResult:
    """What one search did: the chosen action and the root statistics.

    ``root`` maps each root action's notation to ``(visits, summed value)``;
    ``rejected_samples`` counts determinizations that disagreed with the observation
    (a bug in the game's ``sample_state``; :func:`check_model` reports the first one).
    ``outcomes`` (only when the search recorded them, in every tree, the workers' too) maps each
    root action's notation to how many of its simulations ended in each outcome of the
    simulator's ``outcome``.
    """

    action: Action
    iterations: int = 0
    elapsed: float = 0.0
    root: dict[str, tuple[int, float]] = field(default_factory=dict)
    rejected_samples: int = 0
    workers: int = 1
    outcomes: dict[str, dict[int, int]] = field(default_factory=dict)

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.elapsed if self.elapsed > 0 else 0.0


class ISMCTS:
    """Single-observer information-set MCTS with a time or iteration budget.

    - ``time_budget``: seconds per decision (default 0.5); ignored when ``iterations``
      is given.
    - ``iterations``: a fixed number of iterations, reproducible for a given rng seed.
    - ``exploration``: the UCB1 constant.
    - ``workers``: processes searching in parallel (root parallelisation; see
      :mod:`cardtable.bots.search.pool`).  1 (the default) searches in this process.

    >>> ISMCTS(iterations=100).iterations
    100
    """

    def __init__(
        self,
        time_budget: float = DEFAULT_TIME_BUDGET,
        iterations: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        workers: int = 1,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if iterations is None and not time_budget > 0:
            raise ValueError("time_budget must be positive")
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.time_budget = time_budget
        self.iterations = iterations
        self.exploration = exploration
        self.workers = workers
        self.last_result: SearchResult | None = None
        #: count each root move's simulations by the simulator's ``outcome`` (for the
        #: hint's explanation; the bots' own decisions do not pay for it)
        self.record_outcomes = False
        #: the outcomes the last :meth:`run` in this process counted (see ``SearchResult``)
        self.last_outcomes: dict[str, dict[int, int]] = {}
        #: set from another thread to end the search at its next iteration (the game
        #: was closed); the search, its worker processes' too, then answers from what
        #: it has
        self.stop: StopFlag | None = None

    def search(
        self,
        observation: Observation,
        legal_actions: Sequence[Action],
        model: Searchable[Any],
        rng: random.Random,
        deadline: float | None = None,
    ) -> Action:
        """The chosen action, always one of ``legal_actions``.

        Without ``iterations`` the search stops at ``deadline`` (by
        ``time.perf_counter``) when one is given, else ``time_budget`` seconds after
        it started.
        """
        return self.search_with_stats(observation, legal_actions, model, rng, deadline).action

    def search_with_stats(
        self,
        observation: Observation,
        legal_actions: Sequence[Action],
        model: Searchable[Any],
        rng: random.Random,
        deadline: float | None = None,
    ) -> SearchResult:
        """As :meth:`search`, returning the statistics too (also kept in ``last_result``)."""
        if not legal_actions:
            raise ValueError("the search needs at least one legal action")
        start = time.perf_counter()
        if self.iterations is not None:
            deadline = None
        elif deadline is None:
            deadline = start + self.time_budget
        if len(legal_actions) == 1:
            result = SearchResult(legal_actions[0], elapsed=time.perf_counter() - start)
        elif self.workers > 1:
            root, iterations, rejected, trees, outcomes = parallel_search(
                self, observation, legal_actions, model, rng, deadline
            )
            result = SearchResult(
                choose_from_stats(root, legal_actions), iterations,
                time.perf_counter() - start, root, rejected, trees, outcomes,
            )
        else:
            stats, iterations, rejected = self.run(observation, legal_actions, model, rng, self.iterations, deadline)
            result = SearchResult(
                choose_from_stats(stats, legal_actions), iterations,
                time.perf_counter() - start, stats, rejected,
            )
        if self.record_outcomes and self.workers == 1:
            result.outcomes = self.last_outcomes
        result.elapsed = time.perf_counter() - start
        self.last_result = result
        return result

    def run(
        self,
        observation: Observation,
        legal_actions: Sequence[Action],
        model: Searchable[Any],
        rng: random.Random,
        iterations: int | None,
        deadline: float | None,
    ) -> tuple[dict[str, tuple[int, float]], int, int]:
        """Grow one tree; return the root statistics, iterations done and samples rejected.

        Runs until the iterations done plus the samples rejected reach ``iterations``,
        or (when that is ``None``) until ``deadline`` by ``time.perf_counter``, always at
        least one.  The game is reached only through the simulator
        ``model.simulator(observation)``; a world whose root moves differ from
        ``legal_actions`` counts as rejected, and only the real moves are searched in
        it; a world with another player to move is rejected and skipped.
        """
        simulator = model.simulator(observation)
        deal = simulator.deal
        to_move = simulator.to_move
        moves = simulator.moves
        play = simulator.play
        stopped = simulator.stopped
        finish = simulator.finish
        value_of = simulator.value
        seat = observation.seat
        if seat is None:
            raise ValueError("the search plays for a seat: give it a seat's observation, not a spectator's")
        root = _Node(seat)
        root_actions = {simulator.root_key(action): action for action in legal_actions}
        is_root_move = root_actions.__contains__
        root_count = len(root_actions)
        exploration = self.exploration
        log = math.log
        sqrt = math.sqrt
        clock = time.perf_counter
        randrange = rng.randrange
        outcome_of = getattr(simulator, "outcome", None) if self.record_outcomes else None
        outcomes: dict[Hashable, dict[int, int]] = {}
        stop = self.stop
        stopped_from_outside = stop.is_set if stop is not None else None
        done = rejected = 0
        while True:
            if iterations is not None:
                if done + rejected >= iterations:
                    break
            elif done + rejected and clock() >= deadline:  # type: ignore[operator]
                break
            if stopped_from_outside is not None and done and stopped_from_outside():
                break
            world = deal(rng)
            if to_move(world) != seat:
                rejected += 1
                continue
            legal = moves(world)
            if len(legal) != root_count or not all(map(is_root_move, legal)):
                # The world disagrees with the real position: keep only the real moves.
                legal = [move for move in legal if move in root_actions]
                rejected += 1
                if not legal:
                    continue
            node = root
            path: list[_Node] = []
            while True:
                player = to_move(world)
                children = node.children
                untried = None
                for move in legal:
                    child = children.get(move)
                    if child is None:
                        if untried is None:
                            untried = [move]
                        else:
                            untried.append(move)
                    else:
                        child.available += 1
                if untried is not None:
                    move = untried[randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = _Node(player)  # type: ignore[arg-type]
                    children[move] = child
                    play(world, move)
                    path.append(child)
                    break
                best = None
                best_score = -1.0
                for move in legal:
                    child = children[move]
                    score = child.value / child.visits + exploration * sqrt(
                        log(child.available) / child.visits
                    )
                    if score > best_score:
                        best, best_score, chosen = child, score, move
                play(world, chosen)
                path.append(best)  # type: ignore[arg-type]
                node = best  # type: ignore[assignment]
                if stopped(world):
                    break
                legal = moves(world)
            finish(world, rng)
            values: dict[int, float] = {}
            for child in path:
                value = values.get(child.player)
                if value is None:
                    value = values[child.player] = value_of(world, child.player)
                child.visits += 1
                child.value += value
            if outcome_of is not None:
                first = path[0]
                move = next(key for key, child in root.children.items() if child is first)
                counts = outcomes.setdefault(move, {})
                ended = outcome_of(world, seat)
                counts[ended] = counts.get(ended, 0) + 1
            done += 1
        stats = {str(root_actions[move]): (c.visits, c.value) for move, c in root.children.items()}
        if outcome_of is not None:
            self.last_outcomes = {str(root_actions[move]): counts for move, counts in outcomes.items()}
        return stats, done, rejected


def choose_from_stats(
    stats: dict[str, tuple[int, float]], legal_actions: Sequence[Action]
) -> Action:
    """The most visited action; ties go to the better mean value, then to the earlier one.

    >>> from cardtable.engine.actions import Action
    >>> acts = [Action.parse("QS"), Action.parse("KS")]
    >>> str(choose_from_stats({"QS": (5, 2.0), "KS": (5, 4.0)}, acts))
    'KS'
    """
    best = legal_actions[0]
    best_key = (-1, -1.0)
    for action in legal_actions:
        visits, value = stats.get(str(action), (0, 0.0))
        key = (visits, value / visits if visits else 0.0)
        if key > best_key:
            best, best_key = action, key
    return best


def search(
    observation: Observation,
    legal_actions: Sequence[Action],
    model: Searchable[Any],
    rng: random.Random,
    time_budget: float = DEFAULT_TIME_BUDGET,
    iterations: int | None = None,
    exploration: float = DEFAULT_EXPLORATION,
    workers: int = 1,
) -> Action:
    """One decision by ISMCTS; see :class:`ISMCTS` for the parameters."""
    searcher = ISMCTS(time_budget, iterations, exploration, workers)
    return searcher.search(observation, legal_actions, model, rng)
