"""How the review measures a President decision (:data:`REVIEW_MEASURE`; see :mod:`cardtable.bots.review`)."""

from __future__ import annotations

from cardtable.bots.review import ReviewMeasure

__all__ = ["REVIEW_MEASURE"]


def _place_words(value: float, also: float | None) -> str:
    chance = f", {also:.0%} chance of being President" if also is not None else ""
    return f"expected place {value:.2f}{chance}"


REVIEW_MEASURE = ReviewMeasure(
    name="expected place",
    score=lambda place: float(place + 1),
    lower_is_better=True,
    threshold=0.2,
    describe=_place_words,
    cost_words=lambda cost: f"{cost:.2f} places",
    also=lambda place: 1.0 if place == 0 else 0.0,
)
"""The review's measure: the seat's expected place this round (1 = President), with the
chance of being President beside it."""
