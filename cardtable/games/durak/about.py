"""What a Durak table is set from: its name, players, options and blurb.

The start screen reads these without loading the rules (see
:class:`~cardtable.engine.options.GameFacts`); :class:`~.state.DurakRules` derives
from :class:`DurakFacts`, so they are written once.

>>> FACTS.default_players, list(FACTS.player_counts)
(3, [2, 3, 4, 5, 6])
"""

from __future__ import annotations

from cardtable.engine.options import GameFacts, OptionSpec
from cardtable.lang import N_

__all__ = ["DurakFacts", "FACTS"]


class DurakFacts(GameFacts):
    """Durak for 2 to 6 players: ``rounds`` (1-9999) plays a series."""

    name = "durak"
    # TRANSLATORS: the game's name (the Polish document's Durak).
    title = N_("Durak")
    min_players = 2
    max_players = 6
    options = (
        OptionSpec("rounds", 1, int, 1, 9999, N_("rounds in the series (1 win to the first out, 1 loss to the durak)"),
                   label=N_("Rounds")),
    )
    default_players = 3
    # TRANSLATORS: Durak's line on the start screen.
    blurb = N_("Attack and defend with a trump suit; don't be the last with cards.")


FACTS = DurakFacts()
