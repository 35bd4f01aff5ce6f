"""The bot protocol.

A bot is any object with ``choose(observation, legal_actions) -> action``.  It gets the
observation of its own seat and the legal actions, nothing else: no state object, no
other seat's cards.  A bot may remember what it saw between calls within one game; a
new game gets a new bot.

>>> import random
>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=4, seed=3)
>>> bot = RandomBot(seed=1)
>>> seat = state.current_player
>>> action = bot.choose(state.observation(seat), state.legal_actions())
>>> state.is_legal(action)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation

__all__ = ["Bot", "RandomBot", "own_seat"]


@runtime_checkable
class Bot(Protocol):
    """What a computer player must provide."""

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Pick one of ``legal_actions``, knowing only ``observation``."""
        ...


def own_seat(observation: Observation) -> int:
    """The seat a bot plays: bots are shown their own seat's view, never a spectator's.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=2, seed=1)
    >>> own_seat(state.observation(1))
    1
    >>> own_seat(state.public_observation())
    Traceback (most recent call last):
    ...
    ValueError: a bot plays a seat: give it that seat's observation, not a spectator's
    """
    seat = observation.seat
    if seat is None:
        raise ValueError("a bot plays a seat: give it that seat's observation, not a spectator's")
    return seat


class RandomBot:
    """Picks a uniformly random legal action: a baseline and a test opponent."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self.rng.randrange(len(legal_actions))]
