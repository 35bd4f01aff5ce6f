"""Durak's notation: the :class:`~cardtable.engine.actions.Action` of each kernel move.

Actions are values, so each is built once, with the kernel's move for each: the hot
loop of a game (``legal_actions`` and ``apply``) only looks them up.
"""

from __future__ import annotations

from cardtable.cards import ALL_CARDS, SHORT_DECK
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.games.durak import kernel

__all__ = ["action_of", "move_of"]

# Actions are values: build each once, and the kernel's move for each, so the hot loop
# only looks them up.
_ATTACK = tuple(Action("attack", (card,)) for card in ALL_CARDS)
_DEFEND: dict[int, Action] = {
    kernel.defence(a.index, b.index): Action("defend", (a, b)) for a in SHORT_DECK for b in SHORT_DECK if a is not b
}
_ACTION_OF_MOVE: dict[int, Action] = {card.index: _ATTACK[card.index] for card in SHORT_DECK}
_ACTION_OF_MOVE.update(_DEFEND)
_ACTION_OF_MOVE[kernel.PASS] = PASS
_ACTION_OF_MOVE[kernel.TAKE] = TAKE
MOVE_OF_ACTION: dict[Action, int] = {action: move for move, action in _ACTION_OF_MOVE.items()}
# Indexed by move (a list looks up faster than a dict in legal_actions' hot loop).
ACTIONS_BY_MOVE: list[Action] = [_ACTION_OF_MOVE.get(move, TAKE) for move in range(max(_ACTION_OF_MOVE) + 1)]
# The same by identity: these actions live as long as the program, so their ids are
# theirs alone, and apply() finds a handed-out action's move without hashing it.
MOVE_OF_ID: dict[int, int] = {id(action): move for move, action in _ACTION_OF_MOVE.items()}


def action_of(move: int) -> Action:
    """The action of a kernel move (see :mod:`cardtable.games.durak.kernel`).

    >>> str(action_of(20)), str(action_of(kernel.defence(20, 24))), action_of(kernel.TAKE) is TAKE
    ('attack 7C', 'defend 7C 8C', True)
    """
    return _ACTION_OF_MOVE[move]


def move_of(action: Action) -> int:
    """The kernel move of a Durak action (``KeyError`` for anything else).

    >>> move_of(Action.parse("defend 7C 8C")) == kernel.defence(20, 24), move_of(PASS) == kernel.PASS
    (True, True)
    """
    return MOVE_OF_ACTION[action]


_ATTACK_LISTS: dict[int, tuple[Action, ...]] = {}
_ATTACK_LISTS_MAX = 100_000


def attack_actions(mask: int, trump: int) -> tuple[Action, ...]:
    """``attack X`` for every card of ``mask``, in legal-action order (cached: hot loop)."""
    key = mask << 2 | trump
    cached = _ATTACK_LISTS.get(key)
    if cached is None:
        if len(_ATTACK_LISTS) >= _ATTACK_LISTS_MAX:
            _ATTACK_LISTS.clear()  # keeps memory bounded; the cache refills quickly
        cached = _ATTACK_LISTS[key] = tuple(_ATTACK[i] for i in kernel.ordered(mask, trump))
    return cached

