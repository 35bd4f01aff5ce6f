"""A fourth game, kept in the tests: the toy trick game of the search tests, declared
as a game of its own, as a plug-in or a new game would be.

Registered with one line (``register_game("toy", "fourth_game")``), it must reach the
command line, the arena and the statistics without a change anywhere else: see
tests/test_fourth_game.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from bots.toy_game import ToyModel, ToyRules

from cardtable.bots.search import SearchBot
from cardtable.engine.actions import Action
from cardtable.engine.facts import Measure, StatCounter, score_per_round
from cardtable.engine.observation import Observation

__all__ = ["RULES", "BOT_LEVELS", "HighCardBot"]


class FourthRules(ToyRules):
    """The toy game with everything the registry asks of a game."""

    title = "Toy tricks"
    default_players = 3
    blurb = "Take the most tricks from a twelve-card deck."
    stat_counters = (StatCounter("times_last", "last", "last"),)
    arena_measure = Measure("tricks per hand", True, score_per_round)
    bot_module = "fourth_game"


RULES = FourthRules()


class HighCardBot:
    """Plays its highest legal card (``normal``), or a random one (``easy``)."""

    def __init__(self, seed: int | None, level: str) -> None:
        self.rng = Random(seed)
        self.level = level

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if self.level == "easy":
            return legal_actions[self.rng.randrange(len(legal_actions))]
        return max(legal_actions, key=lambda action: (action.cards[0].rank, action.cards[0].suit))


def _hard(seed: int | None, iterations: int = 40, time_budget: float | None = None) -> SearchBot:
    return SearchBot(ToyModel(), seed=seed, iterations=iterations)


BOT_LEVELS = {
    "easy": lambda seed: HighCardBot(seed, "easy"),
    "normal": lambda seed: HighCardBot(seed, "normal"),
    "hard": _hard,
}
