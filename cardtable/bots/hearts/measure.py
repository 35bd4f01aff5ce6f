"""How the review measures a Hearts decision (:data:`REVIEW_MEASURE`; see :mod:`cardtable.bots.review`)."""

from __future__ import annotations

from cardtable.bots.review import ReviewMeasure
from cardtable.lang import _, number

__all__ = ["REVIEW_MEASURE"]


def _points_words(value: float, also: float | None) -> str:
    return _("{points} points expected this hand").format(points=number(value, 1))


REVIEW_MEASURE = ReviewMeasure(
    name="points this hand",
    score=float,
    lower_is_better=True,
    threshold=1.0,
    describe=_points_words,
    cost_words=lambda cost: _("{points} points").format(points=number(cost, 1)),
)
"""The review's measure: the points the seat takes this hand (after the moon rule)."""
