"""How the review measures a Hearts decision (:data:`REVIEW_MEASURE`; see :mod:`cardtable.bots.review`)."""

from __future__ import annotations

from cardtable.bots.review import ReviewMeasure

__all__ = ["REVIEW_MEASURE"]


def _points_words(value: float, also: float | None) -> str:
    return f"{value:.1f} points expected this hand"


REVIEW_MEASURE = ReviewMeasure(
    name="points this hand",
    score=float,
    lower_is_better=True,
    threshold=1.0,
    describe=_points_words,
    cost_words=lambda cost: f"{cost:.1f} points",
)
"""The review's measure: the points the seat takes this hand (after the moon rule)."""
