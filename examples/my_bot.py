"""An example custom bot: play the lowest cards you can, pass or take only when you must.

It works for every game, because it only looks at the legal actions it is handed.
Try it against the built-in levels::

    cardtable simulate president --seats examples/my_bot.py:LowestCardBot,easy,easy,easy --games 100

>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=4, seed=1)
>>> bot = LowestCardBot(seed=1)
>>> action = bot.choose(state.observation(state.current_player), state.legal_actions())
>>> state.is_legal(action)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation


class LowestCardBot:
    """Plays the action whose highest card is lowest; prefers shedding more cards at a tie."""

    def __init__(self, seed: int | None = None) -> None:
        # The seed makes ties between equal actions reproducible.
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        def cost(action: Action) -> tuple[bool, int, int, float]:
            # Cards are ranked 2 (low) to Ace (high); a defence is judged by the beating card.
            ranks = [card.rank for card in action.cards[-1:] if action.kind == "defend"] or [
                card.rank for card in action.cards
            ]
            return (not action.cards, max(ranks, default=0), -len(action.cards), self.rng.random())

        return min(legal_actions, key=cost)
