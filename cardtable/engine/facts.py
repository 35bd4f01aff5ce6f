"""Facts a game declares about itself for the layers above it: how a match judges its
bots, and what the statistics count for each player.

They are plain data held by the game's :class:`~cardtable.engine.state.Rules`, so that
the arena and the statistics read them instead of knowing any game by name.  The
measure and the counters are named tuples, immutable and cheap to define (every
game's rules module declares some); :class:`RoundShare` is a value that is called.

>>> share = RoundShare("loser")
>>> share.name
'loser'
>>> StatCounter("times_last", "last", "loser").labelled
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from cardtable.lang import N_

if TYPE_CHECKING:
    from cardtable.engine.state import Outcome

__all__ = ["Measure", "RoundShare", "StatCounter", "score_per_round", "SCORE_PER_ROUND"]


def score_per_round(outcome: Outcome, seat: int) -> float:
    """A seat's final score divided by the rounds played."""
    return outcome.scores[seat] / max(outcome.rounds_played, 1)


@dataclass(frozen=True)
class RoundShare:
    """The share of rounds whose fact ``name`` (in ``Outcome.rounds``) is the seat.

    A round whose fact is ``None`` (a drawn round) counts as a round without it.
    """

    name: str

    def __call__(self, outcome: Outcome, seat: int) -> float:
        marked = [entry[self.name] for entry in outcome.rounds if self.name in entry]
        if not marked or len(marked) != outcome.rounds_played:
            raise ValueError(f"the outcome does not say the {self.name} of each round")
        return sum(1 for value in marked if value == seat) / len(marked)


class Measure(NamedTuple):
    """The per-round figure a level is judged by in one game (``cardtable simulate``).

    ``name`` labels it in tables (English, marked ``N_`` and translated where shown); ``higher_is_better`` says which way is good;
    ``value(outcome, seat)`` is its value for one seat over one whole game;
    ``is_rate`` marks a share of rounds (0 to 1), whose interval is a Wilson interval.
    """

    name: str
    higher_is_better: bool
    value: Callable[[Outcome, int], float]
    is_rate: bool = False


# TRANSLATORS: the figure `cardtable simulate` judges a bot level by, for a game that declares none.
SCORE_PER_ROUND = Measure(N_("score per round"), True, score_per_round)
"""The measure of a game that declares none: its score per round, higher better."""


class StatCounter(NamedTuple):
    """One figure the statistics keep per player, counted over every round played.

    ``key`` is its name in ``stats.json`` (and never changes, or old files lose it);
    ``heading`` its column in ``cardtable stats``; ``fact`` the entry of
    ``Outcome.rounds`` it counts.  Without ``labels`` the fact names a seat (or
    ``None``) and the count is the rounds it named the player's.  With ``labels`` the
    fact lists one label per seat (or ``None``), the count is kept per label, and
    ``labels`` gives their order and the short form the table shows, e.g.
    ``{"first": "1st", "last": "L"}``.
    """

    key: str
    heading: str
    fact: str
    labels: Mapping[str, str] = MappingProxyType({})

    @property
    def labelled(self) -> bool:
        """Whether the count is kept per label (``titles``) rather than as one number."""
        return bool(self.labels)
