"""How the review measures a President decision (:data:`REVIEW_MEASURE`; see :mod:`cardtable.bots.review`)."""

from __future__ import annotations

from cardtable.bots.review import ReviewMeasure
from cardtable.lang import _, number, percent

__all__ = ["REVIEW_MEASURE"]


def _place_words(value: float, also: float | None) -> str:
    if also is None:
        return _("expected place {place}").format(place=number(value, 2))
    return _("expected place {place}, {chance} chance of being President").format(place=number(value, 2), chance=percent(also))


REVIEW_MEASURE = ReviewMeasure(
    name="expected place",
    score=lambda place: float(place + 1),
    lower_is_better=True,
    threshold=0.2,
    describe=_place_words,
    cost_words=lambda cost: _("{places} places").format(places=number(cost, 2)),
    also=lambda place: 1.0 if place == 0 else 0.0,
)
"""The review's measure: the seat's expected place this round (1 = President), with the
chance of being President beside it."""
