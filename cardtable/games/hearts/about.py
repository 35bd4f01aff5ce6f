"""What a Hearts table is set from: its name, players, options and blurb.

The start screen reads these without loading the rules (see
:class:`~cardtable.engine.options.GameFacts`); :class:`~.state.HeartsRules` derives
from :class:`HeartsFacts`, so they are written once.

>>> FACTS.default_players, FACTS.option_defaults
(4, {'target': 100})
"""

from __future__ import annotations

from cardtable.engine.options import GameFacts, OptionSpec
from cardtable.lang import N_

__all__ = ["HeartsFacts", "FACTS"]


class HeartsFacts(GameFacts):
    """Hearts: exactly four players, option ``target`` (default 100)."""

    name = "hearts"
    # TRANSLATORS: the game's name: Bulgarian Купи (the document's), Dutch Hartenjagen, Polish Kierki.
    title = N_("Hearts")
    min_players = 4
    max_players = 4
    options = (
        OptionSpec(
            "target",
            100,
            int,
            minimum=1,
            maximum=100_000,
            help=N_("the game ends after a hand in which someone reaches this score"),
            label=N_("Target"),
        ),
    )
    default_players = 4
    # TRANSLATORS: Hearts' line on the start screen.
    blurb = N_("Avoid hearts and the queen of spades in tricks.")


FACTS = HeartsFacts()
