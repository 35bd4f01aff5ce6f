"""How the review measures a Durak decision (:data:`REVIEW_MEASURE`; see :mod:`cardtable.bots.review`)."""

from __future__ import annotations

from cardtable.bots.review import ReviewMeasure
from cardtable.lang import _, ngettext, percent

__all__ = ["REVIEW_MEASURE"]


def _durak_words(value: float, also: float | None) -> str:
    return _("{chance} chance of being the durak").format(chance=percent(value))


def _durak_cost_words(cost: float) -> str:
    """A cost in percentage points of the chance of being the durak.

    >>> _durak_cost_words(0.01), _durak_cost_words(0.123)
    ('1 point of durak chance', '12 points of durak chance')
    """
    points = round(cost * 100)
    return ngettext("{count} point of durak chance", "{count} points of durak chance", points).format(count=points)


REVIEW_MEASURE = ReviewMeasure(
    name="chance of being the durak",
    score=lambda outcome: 1.0 if outcome == 1 else 0.0,
    lower_is_better=True,
    threshold=0.05,
    describe=_durak_words,
    cost_words=_durak_cost_words,
)
"""The review's measure: the chance that the seat ends the round as the durak."""
