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
  guess of the hidden hands, for search (:meth:`PresidentState.from_observation`);
- :mod:`~cardtable.games.president.about`: :class:`PresidentFacts` (:data:`FACTS`), what a table is
  set from: players, options, blurb (the start screen reads it without the rules).

Every public name is importable from this package, each loaded from its module when
first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.games.president import kernel
    from cardtable.games.president.about import FACTS, PresidentFacts
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
    "PresidentFacts",
    "FACTS",
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

# Each name is loaded from its module when first asked for: the start screen reads the
# game's FACTS (its ``about`` module) without loading its rules.
_MODULE_OF = {
    **dict.fromkeys(("kernel", "PRESIDENT_ORDER", "REVOLUTION_ORDER"), "cardtable.games.president.kernel"),
    **dict.fromkeys(("give_action", "play_action"), "cardtable.games.president.actions"),
    **dict.fromkeys(
        (
            "CITIZEN", "PRESIDENT", "SCUM", "VICE_PRESIDENT", "VICE_SCUM", "PresidentObservation",
            "played_this_round", "titles_for"
        ),
        "cardtable.games.president.observation",
    ),
    **dict.fromkeys(("RULES", "PresidentRules", "PresidentState"), "cardtable.games.president.state"),
    **dict.fromkeys(("FACTS", "PresidentFacts"), "cardtable.games.president.about"),
}

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
