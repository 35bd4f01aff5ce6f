"""Hearts for four players: pass three cards, follow suit, avoid hearts and the Q♠.

The rules are ``docs/rules/hearts.md`` (the spec is ``shared/rules/hearts.md``).

A whole game is a series of hands.  Each hand starts with a pass (left, right, across,
then none, repeating): seats 0, 1, 2 and 3 each choose three cards with ``give``, and
only once all four have chosen are the cards handed over.  Then 13 tricks are played,
one card per action, and the points are scored.  The game ends after a hand in which
someone reached the target (default 100), unless the lowest total is tied.

>>> state = RULES.new_game(players=4, seed=5)
>>> state.observation(0).pass_direction, state.current_player
('left', 0)
>>> len(state.legal_actions()), state.legal_actions()[0].kind
(286, 'give')
>>> for _ in range(4):
...     state.apply(state.legal_actions()[0])
>>> state.observation(0).phase, state.current_player == state.observation(0).leader
('play', True)
>>> str(state.legal_actions()[0])
'2C'

The rules themselves are :mod:`cardtable.games.hearts.kernel`: a
:class:`~cardtable.games.hearts.kernel.Table` of bitmasks moved by plain functions, which
the hard bot's search plays on too.  This package adds what a player sees, and speaks
:class:`~cardtable.cards.Card` and :class:`~cardtable.engine.actions.Action`, one
concern a module:

- :mod:`~cardtable.games.hearts.state`: :class:`HeartsRules`, :class:`HeartsState` (the
  turn, validation with a reason, events, saves) and :data:`RULES`;
- :mod:`~cardtable.games.hearts.observation`: :class:`HeartsObservation` and
  :class:`CompletedTrick`, what one seat sees;
- :mod:`~cardtable.games.hearts.actions`: the notation, each play and pass made once,
  and :class:`PassChoices`;
- :mod:`~cardtable.games.hearts.records`: the event log written from the plays, the
  history and the scores as each seat sees them, the outcome;
- :mod:`~cardtable.games.hearts.rebuild`: a state rebuilt from an observation and a
  guess of the hidden hands, for search (:meth:`HeartsState.from_observation`);
- :mod:`~cardtable.games.hearts.about`: :class:`HeartsFacts` (:data:`FACTS`), what a table is
  set from: players, options, blurb (the start screen reads it without the rules).

Every public name is importable from this package, each loaded from its module when
first asked for.

While passing, ``legal_actions()`` is a :class:`PassChoices`: a sequence of the 286
passes that builds only the actions asked for.

>>> choices = RULES.new_game(players=4, seed=5).legal_actions()
>>> type(choices).__name__, len(choices), str(choices[285]), choices[285] in choices
('PassChoices', 286, 'give QC QS AH', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.games.hearts import kernel
    from cardtable.games.hearts.about import FACTS, HeartsFacts
    from cardtable.games.hearts.actions import PassChoices, give_action, play_action
    from cardtable.games.hearts.kernel import PASS_DIRECTIONS, PASS_OFFSETS, moon_scores, trick_winner
    from cardtable.games.hearts.observation import (
        CompletedTrick,
        HeartsObservation,
        card_points,
        pass_direction_for_hand,
    )
    from cardtable.games.hearts.state import (
        HAND_SIZE,
        HEARTS_ORDER,
        NUM_SEATS,
        PASS_SIZE,
        POINTS_PER_HAND,
        QUEEN_OF_SPADES_POINTS,
        RULES,
        TRICKS_PER_HAND,
        HeartsRules,
        HeartsState,
    )

__all__ = [
    "HeartsFacts",
    "FACTS",
    "HeartsRules",
    "HeartsState",
    "HeartsObservation",
    "PassChoices",
    "CompletedTrick",
    "RULES",
    "play_action",
    "give_action",
    "PASS_DIRECTIONS",
    "PASS_OFFSETS",
    "pass_direction_for_hand",
    "card_points",
    "trick_winner",
    "moon_scores",
    "HEARTS_ORDER",
    "kernel",
    "NUM_SEATS",
    "HAND_SIZE",
    "PASS_SIZE",
    "TRICKS_PER_HAND",
    "POINTS_PER_HAND",
    "QUEEN_OF_SPADES_POINTS",
]

# Each name is loaded from its module when first asked for: the start screen reads the
# game's FACTS (its ``about`` module) without loading its rules.
_MODULE_OF = {
    **dict.fromkeys(
        ("kernel", "PASS_DIRECTIONS", "PASS_OFFSETS", "moon_scores", "trick_winner"),
        "cardtable.games.hearts.kernel",
    ),
    **dict.fromkeys(("PassChoices", "give_action", "play_action"), "cardtable.games.hearts.actions"),
    **dict.fromkeys(
        ("CompletedTrick", "HeartsObservation", "card_points", "pass_direction_for_hand"),
        "cardtable.games.hearts.observation",
    ),
    **dict.fromkeys(
        (
            "HAND_SIZE", "HEARTS_ORDER", "NUM_SEATS", "PASS_SIZE", "POINTS_PER_HAND", "QUEEN_OF_SPADES_POINTS",
            "RULES", "TRICKS_PER_HAND", "HeartsRules", "HeartsState"
        ),
        "cardtable.games.hearts.state",
    ),
    **dict.fromkeys(("FACTS", "HeartsFacts"), "cardtable.games.hearts.about"),
}

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
