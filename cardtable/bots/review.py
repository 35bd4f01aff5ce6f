"""The review of a finished hand, round or game: what each of a seat's decisions cost.

For every decision the seat made, the game's hard bot searches from exactly what that
seat could see then (its observation, never the true state), and picks the move it
would play; when the move made was not alike that move, both are valued again by the
bot's own search (:meth:`~cardtable.bots.search.SearchBot.value_moves`), each getting
its share of the simulations.  Each simulation's outcome is counted in the game's own
measure (a :class:`ReviewMeasure`, declared by the game's bot module as
``REVIEW_MEASURE``), and the cost is the difference of the two means.  A move is a
*mistake* only when its cost is at least the measure's threshold and more than twice
the standard error of the difference; otherwise it is *close* (or *good* when it is
the bot's move, or measured no worse).  A decision with one legal move (or moves all
alike) is *forced* and never marked.

Every random choice comes from the seed given: the same seed, budget and record give
the same review.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardtable.bots import make_bot
from cardtable.bots.search import MoveValue, SearchBot
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState
from cardtable.games import get_rules, load_declared

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
    or ``unvalued`` (the search does not value this kind of move: President's exchange)."""

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
        """The review back from :meth:`to_dict`; raises ``ValueError`` on anything else."""
        try:
            review = cls(**dict(data))
        except TypeError as exc:
            raise ValueError(f"not a decision review: {exc}") from None
        if review.verdict not in ("forced", "good", "close", "mistake", "unvalued"):
            raise ValueError(f"not a decision review: verdict {review.verdict!r}")
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
    labels = [card.label(ascii_only) for card in action.cards]
    if action.kind == "defend" and len(labels) == 2:
        return f"{labels[1]} on {labels[0]}"
    return " ".join(labels) if labels else action.kind


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
    """What ``point``'s move cost, judged by the hard bot from the seat's observation."""
    measure = measure or measure_of(game)
    made = point.made
    legal = point.legal
    if len(legal) == 1:
        return DecisionReview(point.position, point.round, str(made), str(made), "forced")
    bot = make_bot(game, "hard", seed=seed, iterations=iterations, time_budget=think, workers=workers)
    if not isinstance(bot, SearchBot):
        raise ValueError(f"{game}'s hard bot does not search")
    bot.stop_on(stop)
    decision = bot.explain(point.observation, legal)
    best = decision.action
    if decision.how == "alike":
        return DecisionReview(point.position, point.round, str(made), str(best), "forced")
    alike = best == made or bot.same_move(point.observation, best, made)
    if alike:
        figures = next((m for m in decision.moves if m.action == best), None)
        if figures is None or not figures.outcomes:
            valued = bot.value_moves(point.observation, legal, [best])
            figures = valued[0] if valued else None
        if figures is None:
            return DecisionReview(point.position, point.round, str(made), str(best), "good")
        estimate = _estimate(figures, measure)
        return DecisionReview(
            point.position, point.round, str(made), str(best), "good", estimate.value, estimate.value, 0.0, 0.0,
            estimate.simulations, estimate.also, estimate.also,
        )
    valued = bot.value_moves(point.observation, legal, [best, made])
    if len(valued) != 2:
        return DecisionReview(point.position, point.round, str(made), str(best), "unvalued")
    best_estimate, made_estimate = _estimate(valued[0], measure), _estimate(valued[1], measure)
    difference = made_estimate.value - best_estimate.value
    cost = difference if measure.lower_is_better else -difference
    se = math.sqrt(best_estimate.se**2 + made_estimate.se**2)
    if not math.isfinite(cost):
        verdict, cost = "close", 0.0
    elif cost >= measure.threshold and cost > MISTAKE_SIGMAS * se:
        verdict = "mistake"
    elif cost <= 0.0:
        verdict = "good"
    else:
        verdict = "close"
    return DecisionReview(
        point.position, point.round, str(made), str(best), verdict, made_estimate.value, best_estimate.value,
        cost, se if math.isfinite(se) else 0.0, best_estimate.simulations + made_estimate.simulations,
        made_estimate.also, best_estimate.also,
    )


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
