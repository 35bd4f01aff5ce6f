"""The search behind every hard bot: information-set Monte Carlo tree search (ISMCTS).

A hard bot knows only its observation.  Each iteration of the search:

1. deals a *determinization* (a "world"): a full game position that agrees with
   everything public in the observation, the hidden cards dealt at random
   (:func:`sample_hands` does that dealing for every game);
2. walks down one shared tree whose nodes are keyed by the move sequence from the
   root (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012), choosing by UCB1
   among the moves legal *in this world* and counting, for every legal child, that it
   was available;
3. adds one node, then plays the world out with the game's play-out policy to the end
   of the searched horizon (the end of the round);
4. backs up the world's value for the player who moved at each node.

The answer is the most visited root action (ties: the better mean, then the earlier
action in ``legal_actions``); it is always one of ``legal_actions``.

That loop (:meth:`ISMCTS.run`) is the only tree search in the project; every game and
the worker processes of :mod:`cardtable.bots.search_pool` run it.  What differs between
games sits behind a :class:`Simulator`: how to deal a world, list and play the moves in
it, play it out and score it.  A game gives the search a :class:`SearchModel`, whose
``simulator(observation)`` builds the simulator of one decision: :class:`StateSimulator`
over the model's sampled ``GameState`` objects, or the game's own, faster one on bare
integers (Hearts).  The hard bots are :class:`SearchBot` subclasses that fill in its
hooks (the root moves, a shortcut, the pass search, a check after the search); the
bot's time budget is split between them by one rule (:class:`Deadline`).

>>> import random
>>> from cardtable.bots.search import ISMCTS
>>> searcher = ISMCTS(iterations=200)
>>> # action = searcher.search(observation, legal_actions, model, random.Random(7))

With ``iterations=N`` the search is fully reproducible for a given rng seed; otherwise it
runs until ``time_budget`` seconds have passed, or to the deadline it is given (checked
before each iteration, so it overruns by at most one iteration).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter, methodcaller
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from cardtable.bots.search_pool import StopFlag, parallel_search
from cardtable.cards import Card, iter_bits
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState

__all__ = [
    "Searchable",
    "SearchModel",
    "Simulator",
    "StateSimulator",
    "ISMCTS",
    "SearchResult",
    "SearchBot",
    "Decision",
    "MoveValue",
    "about_equal",
    "Deadline",
    "search",
    "sample_hands",
    "ImpossibleDealError",
    "check_model",
    "DEFAULT_TIME_BUDGET",
    "DEFAULT_EXPLORATION",
    "DECISION_MARGIN",
]

#: The observation type a :class:`SearchModel` samples from, and the state type it
#: samples and plays out.
ObservationT = TypeVar("ObservationT", bound=Observation, contravariant=True)
StateT = TypeVar("StateT", bound=GameState)
#: The move keys of a :class:`Simulator`'s tree.
MoveT = TypeVar("MoveT", bound=Hashable)
#: The observation type a :class:`SearchBot` decides from.
ObsT = TypeVar("ObsT", bound=Observation)

DEFAULT_TIME_BUDGET = 0.5
"""Seconds per decision when nothing else is asked for."""

DEFAULT_EXPLORATION = 0.7
"""The UCB1 constant; values lie in [0, 1], where about 0.7 is the usual choice for ISMCTS."""

DECISION_MARGIN = 0.01
"""Seconds of a hard bot's time budget kept for the last search iteration and the
preparation of a decision, so that a decision stays within its budget."""


@runtime_checkable
class Searchable(Protocol[ObservationT]):
    """What the search plays on: anything that builds a :class:`Simulator` for an
    observation.  :meth:`ISMCTS.run` asks for one simulator per decision and reaches
    the game through it alone."""

    def simulator(self, observation: ObservationT) -> Simulator[Any]:
        """The simulator of one decision (one observation)."""
        ...


@runtime_checkable
class SearchModel(Searchable[ObservationT], Protocol[ObservationT, StateT]):
    """What a game gives the search: a model of the game on its ``GameState``.  The
    four methods below are called many thousands of times a second, so keep them cheap;
    every random choice must come from the ``rng`` passed.

    Inside a sampled state nothing is hidden any more: the playout policy and the
    evaluation may read every hand of it directly.  Only :meth:`sample_state` sees the
    observation, and it must use nothing but what the observation holds.

    :meth:`~Searchable.simulator` says how the search plays the model:
    ``StateSimulator(self, observation)`` plays the sampled states with these four
    methods; ``StateSimulator(self, observation, self.playout)`` plays them out with
    a faster play-out of the model's own (on bare integers, without building actions,
    events and history it will throw away); a model may also return a simulator on its
    own representation (President, Durak and Hearts: their rules kernels), and the four
    methods then still state the model for :func:`check_model` and the tests.
    """

    def sample_state(self, observation: ObservationT, rng: random.Random) -> StateT:
        """A full state consistent with everything public in ``observation``.

        The observer's own hand must be exactly ``observation.hand``, the current player
        must be ``observation.seat``, and its legal actions must be the real ones.
        The state is owned by the search, which plays it out: return a fresh object.
        """
        ...

    def playout_action(self, state: StateT, seat: int, rng: random.Random) -> Action:
        """The move ``seat`` (the current player of ``state``) makes in a playout."""
        ...

    def evaluate(self, state: StateT, seat: int) -> float:
        """How good ``state`` is for ``seat``, in [0, 1] (1 = best), at the end of a
        playout: the game is over or :meth:`is_terminal_for_search` said stop."""
        ...

    def is_terminal_for_search(self, state: StateT) -> bool:
        """Whether playouts stop here (e.g. the current round is over)."""
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


class ImpossibleDealError(ValueError):
    """No deal of the hidden cards satisfies the constraints given to :func:`sample_hands`."""


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


def _advance(state: GameState, action: Action) -> None:
    """Apply an action the state itself listed as legal, skipping re-validation.

    ``GameState.apply`` would re-parse and re-check it; inside the search the action
    always comes from ``legal_actions`` (or the playout policy), so that work is waste.
    """
    seat = state.current_player
    state._apply(action)
    state.history.append((seat, action))  # type: ignore[arg-type]


class StateSimulator(Generic[StateT]):
    """The :class:`Simulator` of any :class:`SearchModel`: worlds are the model's sampled
    states, moves their ``legal_actions()``, played with :func:`_advance`; the play-out
    is ``playout(state, rng)`` when one is given (it must play the state on, in place,
    to where ``is_terminal_for_search`` stops, as the step-by-step loop would), else
    ``playout_action`` step by step.

    >>> from cardtable.bots.hearts import HeartsSearchModel
    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> simulator = StateSimulator(HeartsSearchModel(), state.observation(seat))
    >>> world = simulator.deal(random.Random(1))
    >>> simulator.moves(world) == state.legal_actions(), simulator.to_move(world) == seat
    (True, True)
    >>> simulator.finish(world, random.Random(2)); simulator.stopped(world)
    True
    """

    def __init__(
        self,
        model: SearchModel[Any, StateT],
        observation: Observation,
        playout: Callable[[StateT, random.Random], None] | None = None,
    ) -> None:
        self.model = model
        self.observation = observation
        if playout is not None:
            self.finish = playout  # type: ignore[method-assign, assignment]

    def root_key(self, action: Action) -> Action:
        return action

    def deal(self, rng: random.Random) -> StateT:
        return self.model.sample_state(self.observation, rng)

    # Plain C callables where a method would only forward: the search calls these at
    # every tree step.
    to_move = attrgetter("current_player")
    moves = methodcaller("legal_actions")
    play = staticmethod(_advance)

    def stopped(self, state: StateT) -> bool:
        return state.current_player is None or self.model.is_terminal_for_search(state)

    def finish(self, state: StateT, rng: random.Random) -> None:
        model = self.model
        while True:
            player = state.current_player
            if player is None or model.is_terminal_for_search(state):
                return
            _advance(state, model.playout_action(state, player, rng))

    def value(self, state: StateT, seat: int) -> float:
        return self.model.evaluate(state, seat)


class ISMCTS:
    """Single-observer information-set MCTS with a time or iteration budget.

    - ``time_budget``: seconds per decision (default 0.5); ignored when ``iterations``
      is given.
    - ``iterations``: a fixed number of iterations, reproducible for a given rng seed.
    - ``exploration``: the UCB1 constant.
    - ``workers``: processes searching in parallel (root parallelisation; see
      :mod:`cardtable.bots.search_pool`).  1 (the default) searches in this process.

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


#: a move searched less than this share of the most searched one is not weighed against
#: it: the search left it because it looked worse, so its few simulations say little
_EQUAL_VISITS = 0.25


def about_equal(moves: Sequence[MoveValue], chosen: Action) -> list[MoveValue]:
    """The searched moves whose values lie within each other's noise of ``chosen``'s:
    the difference is at most two standard errors of the difference, so more
    simulations could as well put them in another order.  ``chosen`` comes first, the
    others as ``moves`` list them; a move searched under a quarter as much as the most
    searched one is left out (the search itself passed it by).

    >>> a, b, c = (Action.parse(f"play {card}") for card in ("3C", "7C", "8C"))
    >>> moves = [MoveValue(c, 40, 0.52), MoveValue(a, 33, 0.50), MoveValue(b, 32, 0.47)]
    >>> [str(m.action) for m in about_equal(moves, a)]
    ['3C', '8C', '7C']
    >>> moves = [MoveValue(c, 900, 0.80), MoveValue(a, 80, 0.40)]
    >>> [str(m.action) for m in about_equal(moves, c)]
    ['8C']
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
        noise = 2 * math.hypot(mine.standard_error, move.standard_error)
        if abs(move.value - mine.value) <= noise:
            equal.append(move)
    return equal


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
        model: SearchModel[ObsT, Any],
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


def check_model(
    model: SearchModel[Any, Any],
    observation: Observation,
    legal_actions: Sequence[Action],
    rng: random.Random,
    samples: int = 50,
) -> str | None:
    """``None`` if ``samples`` determinizations all agree with the observation, else the
    first disagreement in one line.  For the per-game tests of ``sample_state``.
    """
    want_hand = tuple(observation.hand)
    want_actions = [str(a) for a in legal_actions]
    for n in range(samples):
        state = model.sample_state(observation, rng)
        if state.current_player != observation.seat:
            return f"sample {n}: seat {state.current_player} to act, not seat {observation.seat}"
        hand = tuple(state.hand(observation.seat))
        if hand != want_hand:
            return f"sample {n}: own hand {' '.join(map(str, hand))} is not {' '.join(map(str, want_hand))}"
        sizes = tuple(len(state.hand(s)) for s in range(observation.num_players))
        if sizes != tuple(observation.hand_sizes):
            return f"sample {n}: hand sizes {sizes} are not {tuple(observation.hand_sizes)}"
        got = [str(a) for a in state.legal_actions()]
        if sorted(got) != sorted(want_actions):
            return f"sample {n}: legal actions {got} are not {want_actions}"
        if state.observation(observation.seat) != observation:
            return f"sample {n}: the sampled state shows seat {observation.seat} a different observation"
    return None


# --- dealing the hidden cards -------------------------------------------------------------


def _as_mask(cards: int | Iterable[Card] | None) -> int:
    if cards is None:
        return 0
    if isinstance(cards, int):
        return cards
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def sample_hands(
    unknown_cards: int | Iterable[Card],
    counts: Sequence[int],
    known: Sequence[int | Iterable[Card] | None] | None,
    forbidden: Sequence[int | Iterable[Card] | None] | None,
    rng: random.Random,
) -> list[int]:
    """Deal ``unknown_cards`` among the places in ``counts`` at random, as bitmasks.

    - ``counts[p]``: how many of these cards place ``p`` must end up with; a place is a
      seat or anything else that holds hidden cards (Durak's stock, the toy game's
      undealt cards).  The counts must add up to the number of unknown cards.
    - ``known[p]``: cards among ``unknown_cards`` known to be at ``p`` (a card a Durak
      defender picked up, a card this seat passed in Hearts); they count towards
      ``counts[p]``.
    - ``forbidden[p]``: cards ``p`` cannot hold (every card of a suit it showed void in).

    Every card set may be a bitmask or an iterable of cards; ``known`` and ``forbidden``
    may be ``None`` or hold ``None`` for "no constraint".  Without ``forbidden`` cards the
    deal is exactly uniform.  With them, cards are placed one at a time, the most
    constrained first, each to a place weighted by the room it has left, never to a place
    that would leave the rest impossible (an exact check of Hall's condition): a deal is
    always found when one exists, and it is uniform when the constraints nest (as one
    void does) and close to it otherwise.  Raises :class:`ImpossibleDealError` when no
    deal exists.

    >>> import random
    >>> from cardtable.cards import parse_cards, mask_to_cards
    >>> hands = sample_hands(parse_cards("2C 3C 2H 3H"), [2, 2], None,
    ...                      [parse_cards("2H 3H"), None], random.Random(1))
    >>> [" ".join(map(str, mask_to_cards(h))) for h in hands]
    ['2C 3C', '2H 3H']
    """
    pool = _as_mask(unknown_cards)
    places = len(counts)
    known_masks = [_as_mask(k) for k in known] if known is not None else [0] * places
    forbidden_masks = [_as_mask(f) for f in forbidden] if forbidden is not None else [0] * places
    if len(known_masks) != places or len(forbidden_masks) != places:
        raise ValueError("counts, known and forbidden must list the same places")
    total = pool.bit_count()
    if any(c < 0 for c in counts):
        raise ValueError("a place cannot hold a negative number of cards")
    if sum(counts) != total:
        raise ImpossibleDealError(f"{total} unknown cards cannot fill places wanting {sum(counts)}")
    taken = 0
    for p in range(places):
        k = known_masks[p]
        if k & ~pool:
            raise ImpossibleDealError(f"place {p} is known to hold a card that is not unknown")
        if k & taken:
            raise ImpossibleDealError(f"a card is known to be at place {p} and at another place")
        if k & forbidden_masks[p]:
            raise ImpossibleDealError(f"place {p} is known to hold a card it cannot hold")
        if k.bit_count() > counts[p]:
            raise ImpossibleDealError(f"place {p} is known to hold more cards than it has")
        taken |= k
    rest = pool & ~taken
    need = [counts[p] - known_masks[p].bit_count() for p in range(places)]
    hands = list(known_masks)
    cards = list(iter_bits(rest))
    blocked = [f & rest for f in forbidden_masks]

    if not any(blocked):
        return _plain_deal(cards, need, hands, rng)
    return _constrained_deal(cards, need, hands, blocked, rng)


def _plain_deal(cards: list[int], need: list[int], hands: list[int], rng: random.Random) -> list[int]:
    order = cards[:]
    rng.shuffle(order)
    position = 0
    for p, n in enumerate(need):
        mask = 0
        for index in order[position : position + n]:
            mask |= 1 << index
        hands[p] |= mask
        position += n
    return hands


def _constrained_deal(
    cards: list[int], need: list[int], hands: list[int], blocked: list[int], rng: random.Random
) -> list[int]:
    """Deal cards grouped by the set of places allowed to hold them, most constrained first.

    A group's cards go to a random sample of the free slots of its allowed places, which is
    what dealing them one by one, each place weighted by its room left, would do.  A draw
    that would leave the other groups impossible (Hall's condition: for every set of
    places, the cards allowed only inside it must fit its room) is redrawn, and after a
    few misses the group is placed card by card, checking each step.
    """
    places = len(need)
    full = (1 << places) - 1
    groups: dict[int, list[int]] = {}
    for index in cards:
        allowed = full
        for p in range(places):
            if blocked[p] >> index & 1:
                allowed &= ~(1 << p)
        groups.setdefault(allowed, []).append(index)
    waiting = {kind: len(members) for kind, members in groups.items()}
    need = list(need)
    # Hall's condition says nothing of a card no place may hold.
    if 0 in groups or not _fits(need, waiting, places):
        raise ImpossibleDealError("no deal of the unknown cards fits every constraint")
    for kind in sorted(groups, key=lambda k: (k.bit_count(), k)):
        members = groups[kind]
        rng.shuffle(members)
        del waiting[kind]
        slots = [p for p in range(places) if kind >> p & 1 for _ in range(need[p])]
        for _ in range(4):
            picks = rng.sample(slots, len(members))
            trial = list(need)
            for p in picks:
                trial[p] -= 1
            if _fits(trial, waiting, places):
                break
        else:
            picks, trial = [], list(need)
            for left in range(len(members) - 1, -1, -1):
                if left:
                    waiting[kind] = left  # this group's cards still to place after this one
                else:
                    waiting.pop(kind, None)
                options = [p for p in range(places) if kind >> p & 1 and trial[p] > 0]
                while True:
                    pick = rng.choices(options, [trial[p] for p in options])[0]
                    trial[pick] -= 1
                    if _fits(trial, waiting, places):
                        break
                    trial[pick] += 1
                    options.remove(pick)
                picks.append(pick)
        for index, p in zip(members, picks):
            hands[p] |= 1 << index
        need = trial
    return hands


def _fits(need: list[int], waiting: dict[int, int], places: int) -> bool:
    """Hall's condition: the waiting cards (by allowed-places mask) can fill ``need``."""
    for subset in range(1, 1 << places):
        room = 0
        for p in range(places):
            if subset >> p & 1:
                room += need[p]
        for kind, count in waiting.items():
            if kind & ~subset == 0:
                room -= count
        if room < 0:
            return False
    return True
