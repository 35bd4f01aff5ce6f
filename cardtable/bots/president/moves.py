"""How President's hard bot names its moves: one move per rank and number of cards, the
suits aside (``rank << 3 | size``, :data:`PASS_MOVE` for a pass), made on the rules
kernel's table with the lowest suits of that rank."""

from __future__ import annotations

from cardtable.engine.actions import PASS, Action
from cardtable.games.president import kernel, play_action
from cardtable.games.president.kernel import HIGHER, LOWEST, NIBBLE_BITS, ORDERS, Table

__all__ = ["PASS_MOVE", "search_moves", "play_move", "move_of", "strategy_move", "move_action", "canonical"]

# One play per (rank, size), the suits fixed: how the search names a move.
_CANON: list[list[Action | None]] = [[None] * 5 for _ in range(15)]
for _r in ORDERS[0]:
    for _k in range(1, 5):
        _CANON[_r][_k] = play_action(LOWEST[15][_k] << (_r - 2) * 4)

# A move of the search: a play of (rank, size) is ``rank << 3 | size``, a pass 0.
PASS_MOVE = 0


def search_moves(table: Table) -> list[int]:
    """The moves of the seat to move as the search names them: one per (rank, size),
    suits aside, and a lead is always a whole group.

    Suits never matter within a round, so ``3C`` and ``3D`` are the same move; listing
    them once makes the search tree up to six times narrower.  Leading part of a group
    only leaves a weaker remnant behind, so the search leaves those leads out (to
    follow, breaking a group is often the only way, and it stays).  A move is carried
    out with the lowest suits of that rank the player holds (:func:`play_move`).

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=1)
    >>> [str(move_action(move)) for move in search_moves(state.table)][:3]
    ['3C', '5C 5D', '6C']
    """
    hand = table.hands[table.current]  # type: ignore[index]
    size = table.table_size
    bits = NIBBLE_BITS
    if size == 0:
        moves = []
        for r in ORDERS[table.revolution]:
            count = bits[hand >> (r - 2) * 4 & 15]
            if count:
                moves.append(r << 3 | count)
        return moves
    moves = [r << 3 | size for r in HIGHER[table.revolution][table.table_rank] if bits[hand >> (r - 2) * 4 & 15] >= size]
    moves.append(PASS_MOVE)
    return moves


def play_move(table: Table, move: int) -> None:
    """Make the search's ``move`` on ``table`` with the rules kernel: a play with the
    lowest suits of its rank the seat to move holds, or a pass."""
    if move == PASS_MOVE:
        kernel.pass_turn(table)
        return
    shift = ((move >> 3) - 2) * 4
    kernel.play(table, LOWEST[table.hands[table.current] >> shift & 15][move & 7] << shift)  # type: ignore[index]


def move_of(action: Action) -> int:
    """The search's move for an action: its rank and size, or a pass.

    >>> move_of(Action.parse("7H 7S")) == 7 << 3 | 2, move_of(PASS)
    (True, 0)
    """
    if action.kind != "play":
        return PASS_MOVE
    return kernel.rank_of(action.mask) << 3 | len(action.cards)


def strategy_move(play: tuple[int, int] | None) -> int:
    """The search's move for a strategy's ``(rank, size)`` play, or ``None`` (a pass).

    >>> strategy_move((7, 2)) == 7 << 3 | 2, strategy_move(None)
    (True, 0)
    """
    return PASS_MOVE if play is None else play[0] << 3 | play[1]


def move_action(move: int) -> Action:
    """The action that names the search's ``move`` (:func:`canonical`'s suits)."""
    return PASS if move == PASS_MOVE else _CANON[move >> 3][move & 7]  # type: ignore[return-value]


def canonical(action: Action) -> Action:
    """The search's name for a play: the same rank and size, the lowest suits.

    >>> str(canonical(Action.parse("7H 7S")))
    '7C 7D'
    """
    if action.kind != "play":
        return action
    mask = action.mask
    return _CANON[(mask & -mask).bit_length() + 7 >> 2][len(action.cards)]  # type: ignore[return-value]

