"""Durak: 36 cards, attack with throw-ins (podkidnoy), no transferring.

The spec is ``rules/durak.md``; docs/rules/durak.md explains it for players and
docs/api.md (section Durak) documents the observation, the outcome and the events.

>>> from cardtable.games import get_rules
>>> state = get_rules("durak").new_game(players=2, seed=5)
>>> state.current_player in (0, 1)
True
>>> state.legal_actions()[0].kind  # the opener must attack: no pass on an empty table
'attack'
>>> state.apply("take")
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: only the defender can take, and only after an attack

Who acts when (one player at a time):

- ``attack`` phase: the main attacker opens the bout with ``attack X``.
- ``defend`` phase: while an attacking card is unbeaten and the defender has not said
  ``take``, the defender plays ``defend A B`` (beat the attacking ``A`` with ``B``) or
  ``take``.
- ``throw_in`` phase: once every attacking card is beaten, or after ``take``, the
  attackers are asked in turn (main attacker first, then the other players in seat
  order after the defender) to ``attack X`` with a rank on the table or to ``pass``.
  Players without cards are not asked.
- The bout ends when every attacker has passed since the last card was added, or when
  nothing may be added any more (the limit is reached, or the defender has no cards).

The rules themselves are :mod:`cardtable.games.durak.kernel`: a
:class:`~cardtable.games.durak.kernel.Table` of small integers and bitmasks moved by plain
functions, which the bots' search and endgame solver play on too.  This package adds
what a public game needs on top, one concern a module:

- :mod:`~cardtable.games.durak.state`: :class:`DurakRules`, :class:`DurakState` (the
  turn, validation with reasons, events, the deals of later rounds from the seeded
  ``rng``, saves) and :data:`RULES`;
- :mod:`~cardtable.games.durak.observation`: :class:`DurakObservation`, what one seat
  sees, and :func:`trumps_ruled_out`, what the deal tells about the hidden hands;
- :mod:`~cardtable.games.durak.actions`: the notation
  (:class:`~cardtable.engine.actions.Action`) of the kernel's moves;
- :mod:`~cardtable.games.durak.rebuild`: a state rebuilt from an observation and a
  guess of the hidden cards, for search (:meth:`DurakState.from_observation`);
- :mod:`~cardtable.games.durak.about`: :class:`DurakFacts` (:data:`FACTS`), what a table is
  set from: players, options, blurb (the start screen reads it without the rules).

Every public name is importable from this package, each loaded from its module when
first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.games.durak import kernel
    from cardtable.games.durak.about import FACTS, DurakFacts
    from cardtable.games.durak.actions import action_of, move_of
    from cardtable.games.durak.observation import (
        PHASE_ATTACK,
        PHASE_DEFEND,
        PHASE_OVER,
        PHASE_THROW_IN,
        DurakObservation,
        trumps_ruled_out,
    )
    from cardtable.games.durak.state import DURAK_ORDER, HAND_SIZE, MAX_ATTACKS, RULES, DurakRules, DurakState

__all__ = [
    "DurakFacts",
    "FACTS",
    "DurakRules",
    "DurakState",
    "DurakObservation",
    "RULES",
    "HAND_SIZE",
    "MAX_ATTACKS",
    "DURAK_ORDER",
    "action_of",
    "move_of",
    "trumps_ruled_out",
    "kernel",
    "PHASE_ATTACK",
    "PHASE_DEFEND",
    "PHASE_THROW_IN",
    "PHASE_OVER",
]

# Each name is loaded from its module when first asked for: the start screen reads the
# game's FACTS (its ``about`` module) without loading its rules.
_MODULE_OF = {
    "kernel": "cardtable.games.durak.kernel",
    **dict.fromkeys(("action_of", "move_of"), "cardtable.games.durak.actions"),
    **dict.fromkeys(
        ("PHASE_ATTACK", "PHASE_DEFEND", "PHASE_OVER", "PHASE_THROW_IN", "DurakObservation", "trumps_ruled_out"),
        "cardtable.games.durak.observation",
    ),
    **dict.fromkeys(
        ("DURAK_ORDER", "HAND_SIZE", "MAX_ATTACKS", "RULES", "DurakRules", "DurakState"),
        "cardtable.games.durak.state",
    ),
    **dict.fromkeys(("FACTS", "DurakFacts"), "cardtable.games.durak.about"),
}

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
