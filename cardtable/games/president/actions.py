"""President's notation: the :class:`~cardtable.engine.actions.Action` of every play
(built once at import time), give and pass, and the pass events."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.games.president import kernel

__all__ = ["play_action", "give_action", "pass_event"]

PLAY_ACTIONS: dict[int, Action] = {
    sub << (rank - 2) * 4: Action.of_mask("play", sub << (rank - 2) * 4) for rank in range(2, 15) for sub in range(1, 16)
}
"""The play action of every set of cards of one rank, by card mask."""

ACTION_TABLES = kernel.play_tables(PLAY_ACTIONS.__getitem__)
"""The kernel's walk of the legal plays, listing their actions."""

_GIVES: dict[int, Action] = {}
"""Give actions by card mask, made on first use."""


def play_action(cards: int) -> Action:
    """The play of ``cards`` (a mask of cards of one rank), one object per set of cards.

    >>> str(play_action(0b0110 << 4 * 5)), play_action(0b0110 << 20) is play_action(0b0110 << 20)
    ('7D 7H', True)
    """
    return PLAY_ACTIONS[cards]


def give_action(cards: int) -> Action:
    """The action that gives ``cards`` (a mask) in an exchange.

    >>> str(give_action(0b11))
    'give 2C 2D'
    """
    action = _GIVES.get(cards)
    if action is None:
        action = _GIVES[cards] = Action.of_mask("give", cards)
    return action


NO_INFO: Mapping[str, Any] = MappingProxyType({})
_PASS_EVENTS: dict[tuple[int, int], Event] = {}


def pass_event(seat: int, round_number: int) -> Event:
    """The event of ``seat`` passing in round ``round_number``: one object per (seat,
    round), since events are immutable values and so serve every game."""
    event = _PASS_EVENTS.get((seat, round_number))
    if event is None:
        event = _PASS_EVENTS[seat, round_number] = Event("pass", seat, (), round_number, NO_INFO)
    return event
