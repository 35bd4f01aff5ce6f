"""The review of a finished hand, round or game: what each of a seat's decisions cost.

For every decision the seat made, the game's hard bot searches from exactly what that
seat could see then (its observation, never the true state), and picks the move it
would play.  When the move made is not alike that move, both are valued again, alike:

- a play by the bot's own tree search with that move alone at the root, one tree per
  move, each grown by exactly as many iterations (:func:`_tree_halves`);
- a pass (``give``) by the bot's :meth:`~cardtable.bots.search.SearchBot.value_moves`,
  which plays both out from the same deals;
- a play the tree does not search (President's lead of part of a group) by play-outs
  of both from common sampled worlds (:func:`paired_outcomes`).

A pass the bot hands over without searching (President's gift back in the exchange)
has no best move of the bot's own to be measured against: the alternatives the bot
lists (:meth:`~cardtable.bots.search.SearchBot.review_passes`) and the gift made are
played out from common sampled worlds of the exchange (:func:`paired_outcomes`), and
the best of them is the best move (:func:`_weigh_gifts`).

The simulations are split in two halves: the first says which of the two moves is
better, the second, by how much.  So the move called best is never valued on the
samples that chose it, and a cost is not negative in expectation.  Each simulation's
outcome is counted in the game's own measure (a :class:`ReviewMeasure`, declared by the
game's bot module as ``REVIEW_MEASURE``), and the cost is the difference of the two
means in the second half.  A move is a *mistake* only when the first half finds the
best move better, and its cost is at least the measure's threshold and more than twice
the standard error of the difference; otherwise it is *close* (or *good* when it is
the bot's move, or measured no worse).  A decision with one legal move (or moves all
alike) is *forced* and never marked.

Every random choice comes from the seed given: the same seed, budget and record give
the same review.
"""

from __future__ import annotations

import math
import random
import statistics
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from copy import deepcopy
from dataclasses import asdict, dataclass
from typing import Any

from cardtable.bots import make_bot
from cardtable.bots.search import DEFAULT_TIME_BUDGET, ISMCTS, Deadline, MoveValue, SearchBot
from cardtable.cardletters import card_label
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState
from cardtable.games import get_rules, load_declared
from cardtable.lang import _, pgettext

__all__ = [
    "ReviewMeasure",
    "Estimate",
    "DecisionPoint",
    "DecisionReview",
    "decision_points",
    "measure_of",
    "review_decision",
    "review_points",
    "move_label",
    "MISTAKE_SIGMAS",
]

MISTAKE_SIGMAS = 2.0
"""A mistake's cost must exceed this many standard errors of the difference."""

DEAL_BLOCK = 4
"""Sampled worlds are counted in blocks of this many consecutive ones, for the standard
error and for the two halves of a valuation: a sampler may share one deal of the hidden
cards between consecutive worlds (Hearts' shares one between two)."""


@dataclass(frozen=True)
class ReviewMeasure:
    """How a game's review counts: ``score(outcome)`` turns one simulation's outcome
    (the simulator's ``outcome(world, seat)``) into the measure; ``lower_is_better``
    says which way is good; a cost under ``threshold`` never matters; ``describe``
    words a mean (and ``also``'s mean, when the game has a second figure) as a line of
    the review says it; ``cost_words`` words a cost."""

    name: str
    score: Callable[[int], float]
    lower_is_better: bool
    threshold: float
    describe: Callable[[float, float | None], str]
    cost_words: Callable[[float], str]
    also: Callable[[int], float] | None = None


@dataclass(frozen=True)
class Estimate:
    """One move valued: the mean of the measure over ``simulations``, its standard error,
    and the second figure's mean (President: the chance of being President)."""

    value: float
    se: float
    simulations: int
    also: float | None = None


@dataclass(frozen=True)
class DecisionPoint:
    """One decision of the reviewed seat: the position (actions before it), its round,
    the seat's observation then, its legal moves and the move it made."""

    position: int
    round: int
    observation: Observation
    legal: tuple[Action, ...]
    made: Action


@dataclass(frozen=True)
class DecisionReview:
    """What one decision cost.  ``verdict``: ``forced``, ``good``, ``close``, ``mistake``
    or ``unvalued`` (the judge could not play the move out: a game whose simulator has
    no ``outcome``, or no ``give`` for a pass it does not search)."""

    position: int
    round: int
    made: str
    best: str
    verdict: str
    made_value: float | None = None
    best_value: float | None = None
    cost: float = 0.0
    se: float = 0.0
    simulations: int = 0
    made_also: float | None = None
    best_also: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DecisionReview:
        """The review back from :meth:`to_dict`; raises ``ValueError`` on anything else:
        a field of another type, a value that is not a finite number, a move that is no
        move's notation (a kept file is outside text: it may be damaged or forged).

        >>> DecisionReview.from_dict({"position": 3, "round": 1, "made": "play 4C", "best": "play 4C",
        ...                           "verdict": "good", "cost": 0})
        DecisionReview(position=3, round=1, made='play 4C', best='play 4C', verdict='good', made_value=None, ...)
        >>> DecisionReview.from_dict({"position": 3, "round": 1, "made": "play 4C", "best": "play 4C",
        ...                           "verdict": "good", "cost": "abc"})
        Traceback (most recent call last):
        ...
        ValueError: not a decision review: cost is not a finite number
        """
        try:
            review = cls(**dict(data))
        except TypeError as exc:
            raise ValueError(f"not a decision review: {exc}") from None
        if review.verdict not in ("forced", "good", "close", "mistake", "unvalued"):
            raise ValueError(f"not a decision review: verdict {review.verdict!r}")
        for name in ("position", "round", "simulations"):
            value = getattr(review, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"not a decision review: {name} is not a count")
        for name in ("cost", "se", "made_value", "best_value", "made_also", "best_also"):
            value = getattr(review, name)
            if value is None and name not in ("cost", "se"):
                continue
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
                raise ValueError(f"not a decision review: {name} is not a finite number")
        for name in ("made", "best"):
            value = getattr(review, name)
            if not isinstance(value, str):
                raise ValueError(f"not a decision review: {name} is not a move")
            Action.parse(value)  # a MalformedActionError is a ValueError
        return review


def measure_of(game: str) -> ReviewMeasure:
    """The game's :class:`ReviewMeasure`, declared by its bot module."""
    rules = get_rules(game)
    if rules.bot_module is None:
        raise ValueError(f"{rules.title} has no bots to review with")
    measure = getattr(load_declared(rules.bot_module), "REVIEW_MEASURE", None)
    if not isinstance(measure, ReviewMeasure):
        raise ValueError(f"{rules.title}'s bots declare no review measure")
    return measure


def move_label(action: Action | str, ascii_only: bool = False) -> str:
    """A move as a person reads it: ``K♠``, ``9♣ 9♥``, ``pass``, ``take``, ``J♥ on 9♥``.

    >>> move_label(Action.parse("defend 9H JH")), move_label("pass"), move_label("give QS AH KD", True)
    ('J♥ on 9♥', 'pass', 'QS KD AH')
    """
    action = action if isinstance(action, Action) else Action.parse(action)
    labels = [card_label(card, ascii_only) for card in action.cards]
    if action.kind == "defend" and len(labels) == 2:
        # TRANSLATORS: a Durak defence in the review: "J♥ on 9♥", {card} beating {attack}.
        return _("{card} on {attack}").format(card=labels[1], attack=labels[0])
    if labels:
        return " ".join(labels)
    # TRANSLATORS: a move without cards, in the review: passing (President, Durak) or taking the cards (Durak).
    words = {"pass": pgettext("move", "pass"), "take": pgettext("move", "take")}
    return words.get(action.kind, action.kind)


def decision_points(
    start: GameState, actions: Sequence[tuple[int, Action]], seat: int, rounds: Sequence[int] | None = None
) -> Iterator[DecisionPoint]:
    """The seat's decisions in a game from ``start`` through ``actions`` (only in
    ``rounds`` when given), each with the seat's own observation and nothing else."""
    state = start.clone()
    for position, (actor, action) in enumerate(actions):
        if actor == seat:
            observation = state.observation(seat)
            if rounds is None or observation.round in rounds:
                yield DecisionPoint(position, observation.round, observation, tuple(state.legal_actions()), action)
        state.apply(action)


def _estimate(move: MoveValue, measure: ReviewMeasure) -> Estimate:
    total = sum(move.outcomes.values())
    if not total:
        return Estimate(math.nan, math.inf, 0)
    mean = sum(measure.score(o) * n for o, n in move.outcomes.items()) / total
    square = sum(measure.score(o) ** 2 * n for o, n in move.outcomes.items()) / total
    se = math.sqrt(max(square - mean * mean, 0.0) / (total - 1)) if total > 1 else math.inf
    also = None
    if measure.also is not None:
        also = sum(measure.also(o) * n for o, n in move.outcomes.items()) / total
    return Estimate(mean, se, total, also)


def _scores(outcomes: Sequence[int], measure: ReviewMeasure) -> Estimate:
    """The mean of the measure over ``outcomes`` (one per world), with its standard error
    over blocks of :data:`DEAL_BLOCK` worlds."""
    if not outcomes:
        return Estimate(math.nan, math.inf, 0)
    scores = [measure.score(o) for o in outcomes]
    also = None
    if measure.also is not None:
        also = statistics.fmean(measure.also(o) for o in outcomes)
    return Estimate(statistics.fmean(scores), _block_se(scores), len(scores), also)


def _block_se(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` by batch means over blocks of
    :data:`DEAL_BLOCK` (consecutive worlds may share a deal, so single worlds are not
    independent; whole blocks are)."""
    blocks = [statistics.fmean(values[i:i + DEAL_BLOCK]) for i in range(0, len(values), DEAL_BLOCK)]
    if len(blocks) < 2:
        return math.inf
    return statistics.stdev(blocks) / math.sqrt(len(blocks))


def paired_outcomes(
    bot: SearchBot[Any],
    observation: Observation,
    moves: Sequence[Action],
    *,
    worlds: int | None,
    deadline: Deadline,
    rng: random.Random,
) -> list[tuple[int, ...]]:
    """Each of ``moves`` played in the same sampled worlds: per world, the outcome of each
    move (the simulator's ``outcome``), in order.

    The worlds are the bot's own samples of what ``observation`` hides
    (``model.simulator(observation).deal``); in each, every move is played on a copy of
    the world (a gift in an exchange by the simulator's ``give``, where it has one:
    none, no outcomes) and the copy is played out to the end of the searched round by
    the search's own play-out, from the same random seed for every move (common random
    numbers, so the luck of the deal and of the play-out cancels in the difference).
    ``worlds`` worlds (rounded up to whole pairs of blocks), or, with ``worlds`` ``None``,
    as many as fit before ``deadline`` (at least two pairs of blocks).  Every move gets
    exactly the same treatment, so two moves of equal value differ by nothing but noise
    whose mean is zero."""
    simulator = bot.model.simulator(observation)
    outcome_of = getattr(simulator, "outcome", None)
    if outcome_of is None:
        return []
    seat = observation.seat
    make: Callable[[Any, Any], None]
    keys: list[Any]
    if moves and moves[0].kind == "give":
        give = getattr(simulator, "give", None)  # a gift in an exchange (President's)
        if give is None:
            return []
        make, keys = give, list(moves)
    else:
        make, keys = simulator.play, [simulator.root_key(move) for move in moves]
    step = 2 * DEAL_BLOCK  # one block for each half (see review_decision)
    wanted = None if worlds is None else -(-max(worlds, 2 * step) // step) * step
    playout_rng = random.Random()
    found: list[tuple[int, ...]] = []
    misses = 0
    while True:
        if len(found) % step == 0:
            if wanted is not None and len(found) >= wanted:
                break
            if wanted is None and len(found) >= 2 * step and deadline.passed():
                break
            if deadline.stop is not None and deadline.stop.is_set():
                break
        if misses > 1000 + 10 * len(found):
            break  # the sampler keeps giving worlds with another seat to move
        world = simulator.deal(rng)
        if simulator.to_move(world) != seat:
            misses += 1
            continue
        seed = rng.getrandbits(32)
        ends = []
        for key in keys:
            copy = deepcopy(world)
            make(copy, key)
            # One Random reseeded, not a new one: a simulator keeps its play-out policy
            # for the Random it was last given.
            playout_rng.seed(seed)
            simulator.finish(copy, playout_rng)
            ends.append(outcome_of(copy, seat))
        found.append(tuple(ends))
    return found


@dataclass(frozen=True)
class _Valued:
    """The best move and the move made valued alike in two halves: ``first_cost`` from
    the first half (which move is better), ``cost`` and its standard error ``se`` from
    the second; each move's estimate over both halves (``*_all``) and over the second
    (``*_second``); ``simulations`` in all."""

    first_cost: float
    cost: float
    se: float
    best_all: Estimate
    made_all: Estimate
    best_second: Estimate
    made_second: Estimate
    simulations: int


def review_decision(
    game: str,
    point: DecisionPoint,
    *,
    seed: int,
    think: float | None = None,
    iterations: int | None = None,
    workers: int = 1,
    stop: threading.Event | None = None,
    measure: ReviewMeasure | None = None,
) -> DecisionReview:
    """What ``point``'s move cost, judged by the hard bot from the seat's observation.

    The hard bot picks its move as for a hint (:meth:`SearchBot.explain`).  When the move
    made is not alike it, both are valued on common sampled worlds
    (:func:`paired_outcomes`; a pass by :meth:`SearchBot.value_moves` on the same deals),
    and the worlds are split in two halves of alternate blocks: the first half says
    which of the two is better, the second half measures by how much.  So the move
    called best is never valued on the samples that chose it, and a move made that the
    first half finds at least as good costs nothing: a cost is not negative in
    expectation, and the noise of one half cannot make a mistake out of a good move.

    A pass the bot hands over without searching (President's gift back,
    :meth:`SearchBot.review_passes`) is weighed against the alternatives the bot lists:
    the first half values them all with the gift made, the best of them is the best
    move, and the second half measures the gift made against it (:func:`_weigh_gifts`).
    """
    measure = measure or measure_of(game)
    made = point.made
    legal = point.legal
    if len(legal) == 1:
        return DecisionReview(point.position, point.round, str(made), str(made), "forced")
    bot = make_bot(game, "hard", seed=seed, iterations=iterations, time_budget=think, workers=workers)
    if not isinstance(bot, SearchBot):
        raise ValueError(f"{game}'s hard bot does not search")
    if made.kind == "give" and all(bot.same_move(point.observation, legal[0], other) for other in legal[1:]):
        # Every gift gives the same ranks (President: the suits never matter).
        return DecisionReview(point.position, point.round, str(made), str(made), "forced")
    bot.stop_on(stop)
    decision = bot.explain(point.observation, legal)
    best = decision.action
    if decision.how == "alike":
        return DecisionReview(point.position, point.round, str(made), str(best), "forced")
    weighed = bot.review_passes(point.observation, legal, best) if made.kind == "give" else [best]
    valued: _Valued | None
    if len(weighed) > 1:
        found = _weigh_gifts(bot, point.observation, weighed, made, think, iterations, measure, seed)
        if found is None:
            return DecisionReview(point.position, point.round, str(made), str(best), "unvalued")
        best, valued = found
        return _judged(point, best, valued, measure)
    if best == made or bot.same_move(point.observation, best, made):
        figures = next((m for m in decision.moves if m.action == best), None)
        if figures is None or not figures.outcomes:
            valued_moves = bot.value_moves(point.observation, legal, [best])
            figures = valued_moves[0] if valued_moves else None
        if figures is None:
            return DecisionReview(point.position, point.round, str(made), str(made), "good")
        estimate = _estimate(figures, measure)
        return DecisionReview(
            point.position, point.round, str(made), str(made), "good", estimate.value, estimate.value, 0.0, 0.0,
            estimate.simulations, estimate.also, estimate.also,
        )
    sign = 1.0 if measure.lower_is_better else -1.0
    if made.kind == "give":
        halves = _value_passes(bot, point.observation, legal, [best, made], think, iterations, measure)
    else:
        halves = _tree_halves(bot, point.observation, legal, [best, made], iterations, measure, seed)
    if halves is not None:
        (best_a, made_a), (best_b, made_b) = halves
        best_all, made_all = _pool(best_a, best_b), _pool(made_a, made_b)
        valued = _Valued(
            sign * (made_a.value - best_a.value), sign * (made_b.value - best_b.value),
            math.hypot(best_b.se, made_b.se), best_all, made_all, best_b, made_b,
            best_all.simulations + made_all.simulations,
        )
    elif made.kind != "give":
        # A move the tree does not search (President's lead of part of a group): both
        # played out flat from common worlds.
        rng = random.Random(seed * 7_919 + 1)
        samples = paired_outcomes(
            bot, point.observation, [best, made], worlds=iterations, deadline=bot.deadline(), rng=rng
        )
        if not samples:
            return DecisionReview(point.position, point.round, str(made), str(best), "unvalued")
        first = [s for i, s in enumerate(samples) if i // DEAL_BLOCK % 2 == 0]
        second = [s for i, s in enumerate(samples) if i // DEAL_BLOCK % 2 == 1]
        differences = [sign * (measure.score(m) - measure.score(b)) for b, m in second]
        valued = _Valued(
            statistics.fmean(sign * (measure.score(m) - measure.score(b)) for b, m in first),
            statistics.fmean(differences), _block_se(differences),
            _scores([b for b, _ in samples], measure), _scores([m for _, m in samples], measure),
            _scores([b for b, _ in second], measure), _scores([m for _, m in second], measure),
            2 * len(samples),
        )
    else:
        return DecisionReview(point.position, point.round, str(made), str(best), "unvalued")
    return _judged(point, best, valued, measure)


def _judged(point: DecisionPoint, best: Action, valued: _Valued, measure: ReviewMeasure) -> DecisionReview:
    """The verdict on ``point``'s move, valued against ``best`` (see :func:`review_decision`)."""
    cost, se = valued.cost, valued.se
    best_all, made_all = valued.best_all, valued.made_all
    if not math.isfinite(cost) or not math.isfinite(valued.first_cost):
        verdict, cost = "close", 0.0
    elif valued.first_cost <= 0.0:
        verdict, cost = "good", 0.0  # the first half found the move made at least as good
    else:
        # The cost was measured on the second half: its values are the ones shown, so
        # that the line's two values and its cost agree.
        best_all, made_all = valued.best_second, valued.made_second
        if cost >= measure.threshold and cost > MISTAKE_SIGMAS * se:
            verdict = "mistake"
        elif cost <= 0.0:
            verdict = "good"
        else:
            verdict = "close"
    return DecisionReview(
        point.position, point.round, str(point.made), str(best), verdict, made_all.value, best_all.value,
        cost, se if math.isfinite(se) else 0.0, valued.simulations, made_all.also, best_all.also,
    )


def _weigh_gifts(
    bot: SearchBot[Any],
    observation: Observation,
    weighed: Sequence[Action],
    made: Action,
    think: float | None,
    iterations: int | None,
    measure: ReviewMeasure,
    seed: int,
) -> tuple[Action, _Valued] | None:
    """The best of ``weighed`` (the bot's own gift first, then the alternatives it lists)
    and the gift ``made`` valued against it, each by :func:`paired_outcomes` from common
    sampled worlds, in two halves on separate worlds, each in half the thinking time
    (or ``iterations`` worlds): the first half plays every gift out, and the one with
    the best mean is the best gift (a tie: the earlier); the second half plays the best
    gift and the gift made out again, and measures the cost.  When the first half finds
    the gift made the best, the second half values it against the bot's own gift
    instead, which is then the best move shown (at no cost).  ``None`` when the bot's
    simulator cannot play a gift out."""
    moves = list(weighed)
    made_at = next((i for i, move in enumerate(moves) if move == made or bot.same_move(observation, move, made)), None)
    if made_at is None:
        moves.append(made)
        made_at = len(moves) - 1
    if iterations is None:
        bot.set_time_budget((think or DEFAULT_TIME_BUDGET) / 2)
    rng = random.Random(seed * 7_919 + 2)
    first = paired_outcomes(bot, observation, moves, worlds=iterations, deadline=bot.deadline(), rng=rng)
    if not first:
        return None
    sign = 1.0 if measure.lower_is_better else -1.0
    means = [statistics.fmean(sign * measure.score(sample[i]) for sample in first) for i in range(len(moves))]
    best_at = min(range(len(moves)), key=lambda i: (means[i], i))
    first_cost = means[made_at] - means[best_at]
    shown_at = best_at if best_at != made_at else 0
    pair = [moves[shown_at], made] if shown_at != made_at else [made]
    second = paired_outcomes(bot, observation, pair, worlds=iterations, deadline=bot.deadline(), rng=rng)
    if not second:
        return None
    best_second = [sample[0] for sample in second]
    made_second = [sample[-1] for sample in second]
    differences = [sign * (measure.score(m) - measure.score(b)) for b, m in zip(best_second, made_second)]
    valued = _Valued(
        first_cost, statistics.fmean(differences), _block_se(differences),
        _scores([sample[shown_at] for sample in first] + best_second, measure),
        _scores([sample[made_at] for sample in first] + made_second, measure),
        _scores(best_second, measure), _scores(made_second, measure),
        len(first) * len(moves) + len(second) * len(pair),
    )
    return (made if shown_at == made_at else moves[shown_at]), valued


def _pool(first: Estimate, second: Estimate) -> Estimate:
    """Two estimates of one move from separate samples as one."""
    total = first.simulations + second.simulations
    if not total:
        return Estimate(math.nan, math.inf, 0)

    def mean(a: float | None, b: float | None) -> float | None:
        if a is None or b is None:
            return None
        return (a * first.simulations + b * second.simulations) / total

    value = mean(first.value, second.value)
    assert value is not None
    se = math.sqrt(first.se**2 * first.simulations**2 + second.se**2 * second.simulations**2) / total
    return Estimate(value, se, total, mean(first.also, second.also))


def _tree_halves(
    bot: SearchBot[Any],
    observation: Observation,
    legal: Sequence[Action],
    moves: Sequence[Action],
    iterations: int | None,
    measure: ReviewMeasure,
    seed: int,
) -> tuple[tuple[Estimate, Estimate], tuple[Estimate, Estimate]] | None:
    """Each of ``moves`` valued twice by the bot's own tree search, with that move alone
    at the root: a tree of its own per move and half, each grown by exactly as many
    iterations, so that no move's value comes from a better or worse grown tree than
    another's (a tree shared by the moves gives the favourite more visits and a deeper
    tree below it, which moves its mean).  The two halves use separate seeds.
    ``None`` when a move is not one of the tree's root moves (a lead of part of a
    group in President)."""
    roots = bot.root_moves(observation, legal)
    keys: list[Action] = []
    for move in moves:
        root = next((key for key, action in roots.items() if action == move or bot.same_move(observation, action, move)),
                    None)
        if root is None:
            return None
        keys.append(root)
    deadline = bot.deadline()
    # Without a fixed count, the first tree runs for a quarter of the time and every
    # other tree does as many iterations.  A tree with one root move counts every world
    # as rejected too (it has more moves than the root searches), so a run of 2n
    # iterations does n.
    per_tree = None if iterations is None else 2 * max(1, iterations // 2)
    halves: list[tuple[Estimate, Estimate]] = []
    for half in range(2):
        estimates = []
        for key in keys:
            searcher = ISMCTS(iterations=per_tree or 2, exploration=bot.searcher.exploration)
            if per_tree is None:
                searcher.iterations = None
                searcher.time_budget = max((deadline.share(0.25) or 0.0) - time.perf_counter(), 0.01)
            searcher.stop = bot.searcher.stop
            searcher.record_outcomes = True
            _, done, rejected = searcher.run(
                observation, [key], bot.model, random.Random(seed * 31 + half), searcher.iterations,
                None if per_tree is not None else time.perf_counter() + searcher.time_budget,
            )
            if per_tree is None:
                per_tree = max(2, done + rejected)
            counts = searcher.last_outcomes.get(str(key), {})
            estimates.append(_estimate(MoveValue(key, done, 0.0, counts), measure))
        halves.append((estimates[0], estimates[1]))
    return halves[0], halves[1]


def _value_passes(
    bot: SearchBot[Any],
    observation: Observation,
    legal: Sequence[Action],
    moves: Sequence[Action],
    think: float | None,
    iterations: int | None,
    measure: ReviewMeasure,
) -> tuple[tuple[Estimate, Estimate], tuple[Estimate, Estimate]] | None:
    """Two passes (``give`` actions) valued twice, each time by the bot's own
    :meth:`SearchBot.value_moves` on the same deals for both, in half the budget: the
    two halves of :func:`review_decision`.  ``None`` when the bot cannot value them."""
    if iterations is None:
        bot.set_time_budget((think or DEFAULT_TIME_BUDGET) / 2)
    elif hasattr(bot, "pass_playouts"):
        bot.pass_playouts = max(1, iterations // 4)  # each half: half the pass's play-outs
    halves = []
    for _half in range(2):
        valued = bot.value_moves(observation, legal, moves)
        if len(valued) != len(moves):
            return None
        estimates = tuple(_estimate(value, measure) for value in valued)
        halves.append(estimates)
    return (halves[0][0], halves[0][1]), (halves[1][0], halves[1][1])


def review_points(
    game: str,
    points: Sequence[DecisionPoint],
    *,
    seed: int,
    think: float | None = None,
    iterations: int | None = None,
    workers: int = 1,
    stop: threading.Event | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[DecisionReview] | None:
    """Every point reviewed in turn (``None`` once ``stop`` is set: cancelled).
    ``progress(done, total)`` is called after each.  Each decision's search is seeded
    from ``seed`` and its position, so a review is reproducible."""
    measure = measure_of(game)
    reviews: list[DecisionReview] = []
    for done, point in enumerate(points, 1):
        if stop is not None and stop.is_set():
            return None
        reviews.append(
            review_decision(
                game, point, seed=seed * 100_003 + point.position, think=think, iterations=iterations,
                workers=workers, stop=stop, measure=measure,
            )
        )
        if progress is not None:
            progress(done, len(points))
    if stop is not None and stop.is_set():
        return None
    return reviews
