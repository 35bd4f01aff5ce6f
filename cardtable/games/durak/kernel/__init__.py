"""The rules of Durak on small integers: the one copy every Durak player plays on.

:class:`~cardtable.games.durak.DurakState` (the public game, with validation, events,
observations and saves) and the bots' search and endgame solver
(:mod:`cardtable.bots.durak`) all keep a :class:`Table` and move it with the plain
functions of this package; none of them has rules of its own.  Its modules:
:mod:`~cardtable.games.durak.kernel.core` (the table, dealing, the bouts, the legal
moves, :func:`play`, the notation), :mod:`~cardtable.games.durak.kernel.playout`
(:func:`play_out`: a round played out fast by given policies) and
:mod:`~cardtable.games.durak.kernel.endgame` (the heads-up endgame on tuples); every
name is importable from here.

Cards are indexes 16-51 of :data:`cardtable.cards.ALL_CARDS` (``index = 4 * (rank - 2)
+ suit``, suits C D H S; the 36-card deck runs 6 to A), and sets of cards are masks.
A move is an int: an attack or throw-in is the card's index, :data:`PASS` and
:data:`TAKE` are 52 and 53, and beating the attacking card ``a`` with ``b`` is
:func:`defence` ``(a, b) = a * 64 + b`` (1024 or more).

A :class:`Table` holds one game (a series of rounds): the hands, the stock, the trump,
the bout on the table, who attacks, defends and is to act, the throw-in limit, who has
passed, who is out, and the series record.

>>> from cardtable.cards import ALL_CARDS
>>> table = new_table(players=2, rounds=1)
>>> deal(table, list(range(16, 52)))  # the deck in index order: 6C 6D 6H 6S 7C ...
>>> card_codes(table.hands[0]), card_codes(table.hands[1]), ALL_CARDS[table.trump_card].code
('6C 6H 7C 7H 8C 8H', '6D 6S 7D 7S 8D 8S', '9C')
>>> table.phase == ATTACK, table.turn  # seat 0 holds the lowest trump, the 6C
(True, 0)
>>> [move_text(move) for move in legal_moves(table)][:3]  # non-trumps first
['attack 6H', 'attack 7H', 'attack 8H']

A whole round, always the first legal move:

>>> while table.turn is not None:
...     play(table, legal_moves(table)[0])
>>> table.phase == ROUND_OVER, table.durak, table.out, table.wins, table.losses
(True, 1, [0], [1, 0], [0, 1])
"""

from __future__ import annotations

from cardtable.games.durak.kernel.core import (
    ABOVE_IN_SUIT,
    ATTACK,
    BEATERS,
    DECK_MASK,
    DEFEND,
    HAND_SIZE,
    MAX_ATTACKS,
    OVER,
    PASS,
    ROUND_OVER,
    SAME_RANK,
    SUITS,
    TAKE,
    THROW_IN,
    Log,
    Table,
    attack_cards,
    beaters,
    beats,
    card_codes,
    copy_table,
    deal,
    defence,
    end_bout,
    end_round,
    finish_game,
    legal_moves,
    lowest_trump,
    move_text,
    new_table,
    next_active,
    ordered,
    play,
    start_bout,
    table_order,
)
from cardtable.games.durak.kernel.endgame import Position, endgame_moves, endgame_position, endgame_table
from cardtable.games.durak.kernel.playout import Defending, Opening, ThrowingIn, play_out

__all__ = [
    "Table",
    "new_table",
    "copy_table",
    "deal",
    "lowest_trump",
    "start_bout",
    "next_active",
    "legal_moves",
    "attack_cards",
    "ordered",
    "beaters",
    "beats",
    "defence",
    "play",
    "end_bout",
    "end_round",
    "finish_game",
    "play_out",
    "Opening",
    "Defending",
    "ThrowingIn",
    "move_text",
    "Position",
    "endgame_position",
    "endgame_table",
    "endgame_moves",
    "card_codes",
    "table_order",
    "Log",
    "HAND_SIZE",
    "MAX_ATTACKS",
    "DECK_MASK",
    "SUITS",
    "SAME_RANK",
    "ABOVE_IN_SUIT",
    "BEATERS",
    "ATTACK",
    "DEFEND",
    "THROW_IN",
    "ROUND_OVER",
    "OVER",
    "PASS",
    "TAKE",
]
