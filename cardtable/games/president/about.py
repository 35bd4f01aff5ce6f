"""What a President table is set from: its name, players, options and blurb.

The start screen reads these without loading the rules (see
:class:`~cardtable.engine.options.GameFacts`); :class:`~.state.PresidentRules` derives
from :class:`PresidentFacts`, so they are written once.

>>> FACTS.default_players, list(FACTS.player_counts)
(4, [3, 4, 5, 6])
"""

from __future__ import annotations

from types import MappingProxyType

from cardtable.engine.options import GameFacts, OptionSpec
from cardtable.lang import N_

__all__ = ["PresidentFacts", "FACTS"]


class PresidentFacts(GameFacts):
    """President for 3 to 6 players: ``rounds`` (default 1) and ``revolution`` (on)."""

    name = "president"
    # TRANSLATORS: the game's name (the Dutch and Estonian documents call it President).
    title = N_("President")
    min_players = 3
    max_players = 6
    options = (
        OptionSpec("rounds", 1, int, 1, 9999, N_("rounds in the series; exchanges before every round after the first"),
                   label=N_("Rounds")),
        OptionSpec("revolution", True, bool, help=N_("a four of a kind inverts the rank order"), label=N_("Revolution")),
    )
    default_players = 4
    # TRANSLATORS: President's line on the start screen.
    blurb = N_("Shed your cards first; beat sets of equal rank.")
    # A newcomer's President is a series of five rounds, so they meet the titles and the
    # card exchange that make the game; the API and simulate keep one round a game.
    table_options = MappingProxyType({"rounds": 5})


FACTS = PresidentFacts()
