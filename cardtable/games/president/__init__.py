"""President: shed your cards first; a series of rounds with titles and exchanges.

The rules are ``docs/rules/president.md`` (the spec: ``shared/rules/president.md``).

>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=4, seed=1, rounds=2)
>>> state.current_player, state.observation(0).phase
(0, 'play')
>>> str(state.legal_actions()[0])  # the lowest single card leads first
'3C'
>>> state.apply("pass")
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: the leader must play; passing is not allowed when leading

The rules themselves are :mod:`cardtable.games.president.kernel`: a
:class:`~cardtable.games.president.kernel.Table` of small integers and bitmasks moved by
plain functions, which the hard bot's search plays on too.  This package adds what a
game shown to people needs, one concern a module:

- :mod:`~cardtable.games.president.state`: :class:`PresidentRules`,
  :class:`PresidentState` (validation with one-line reasons, events, saves) and
  :data:`RULES`;
- :mod:`~cardtable.games.president.observation`: :class:`PresidentObservation`, what
  one seat sees, the titles (:func:`titles_for`) and :func:`played_this_round`;
- :mod:`~cardtable.games.president.actions`: the notation of moves; the play actions of
  every set of cards of one rank are built once at import time (:func:`play_action`);
- :mod:`~cardtable.games.president.rebuild`: a state rebuilt from an observation and a
  guess of the hidden hands, for search (:meth:`PresidentState.from_observation`).

Every public name is importable from this package.
"""

from __future__ import annotations

from cardtable.games.president import kernel
from cardtable.games.president.actions import give_action, play_action
from cardtable.games.president.kernel import PRESIDENT_ORDER, REVOLUTION_ORDER
from cardtable.games.president.observation import (
    CITIZEN,
    PRESIDENT,
    SCUM,
    VICE_PRESIDENT,
    VICE_SCUM,
    PresidentObservation,
    played_this_round,
    titles_for,
)
from cardtable.games.president.state import RULES, PresidentRules, PresidentState

__all__ = [
    "PresidentRules",
    "PresidentState",
    "PresidentObservation",
    "RULES",
    "kernel",
    "PRESIDENT_ORDER",
    "REVOLUTION_ORDER",
    "titles_for",
    "played_this_round",
    "play_action",
    "give_action",
    "PRESIDENT",
    "VICE_PRESIDENT",
    "CITIZEN",
    "VICE_SCUM",
    "SCUM",
]
