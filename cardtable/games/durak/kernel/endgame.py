"""The heads-up Durak endgame on tuples: a two-player bout with an empty stock as a
:data:`Position`, the legal moves and the positions they lead to, for an exact search
(see :mod:`cardtable.games.durak.kernel`)."""

from __future__ import annotations

from typing import Any

from cardtable.games.durak.kernel.core import (
    ATTACK,
    BEATERS,
    DEFEND,
    MAX_ATTACKS,
    PASS,
    ROUND_OVER,
    SAME_RANK,
    SUITS,
    TAKE,
    THROW_IN,
    Table,
    new_table,
    ordered,
)

Position = tuple[Any, ...]
"""A two-player bout with an empty stock, for an exact endgame search: ``(phase,
attacker's hand, defender's hand, unbeaten, table cards, attacking cards, limit,
taking)`` (``phase`` :data:`ATTACK`, :data:`DEFEND` or :data:`THROW_IN`; card sets as
masks), or ``("end", value)`` once the round is over, ``value`` the result for that
bout's attacker: 1 (the other is the durak), 0.5 (a draw), 0 (it is the durak).  Whose
seat is whose does not matter (the rules of a heads-up endgame are the same for both),
so positions repeat, and a search can keep a table of them."""


def endgame_position(table: Table) -> tuple[Position, bool]:
    """The :data:`Position` of a two-player ``table`` with an empty stock (or the end of
    its round), and whether ``table.attacker`` is seat 0.

    >>> from cardtable.games.durak.kernel import deal
    >>> table = new_table(players=2)
    >>> deal(table, list(range(16, 52)))
    >>> table.stock_pos = len(table.stock)  # as if the stock were drawn
    >>> endgame_position(table)[0][:3] == (ATTACK, table.hands[0], table.hands[1])
    True
    """
    if table.phase == ROUND_OVER:
        durak = table.durak
        return ("end", 0.5 if durak is None else float(durak)), True
    attacker, defender = table.attacker, table.defender
    hands = table.hands
    return (table.phase, hands[attacker], hands[defender], table.unbeaten, table.cards,
            len(table.attacks), table.limit, table.taking), attacker == 0


def endgame_table(position: Position, trump: int) -> Table:
    """A table of ``position`` that :func:`play` can move: the attacker seat 0, the
    defender seat 1, the stock empty."""
    phase, att, dfn, unbeaten, cards, attacks, limit, taking = position
    table = new_table(2)
    table.round = 1
    table.trump = trump
    table.trump_mask = SUITS[trump]
    table.hands = [att, dfn]
    table.attacker, table.defender, table.ask = 0, 1, (0,)
    table.limit = limit
    # A position names the unbeaten cards only and counts the rest: card 0 (not in the
    # deck, so never unbeaten) stands for each beaten attacking card.
    open_cards = []
    rest = unbeaten
    while rest:
        low = rest & -rest
        open_cards.append(low.bit_length() - 1)
        rest ^= low
    beaten = attacks - len(open_cards)
    table.attacks = open_cards + [0] * beaten
    table.defences = [-1] * len(open_cards) + [0] * beaten
    table.unbeaten = unbeaten
    table.cards = cards
    ranks = 0
    rest = cards
    while rest:
        low = rest & -rest
        ranks |= SAME_RANK[low.bit_length() - 1]
        rest ^= low
    table.ranks = ranks
    table.taking = taking
    table.phase = phase
    table.turn = 1 if phase == DEFEND else 0
    return table


def endgame_moves(position: Position, trump: int) -> list[tuple[int, Position, bool]]:
    """``(move, next position, same attacker?)`` for every legal move of ``position``:
    what :func:`play` on :func:`endgame_table` gives (:func:`endgame_position`), computed
    on the tuple (an exact search visits hundreds of thousands of positions).  The
    moves: defending, each unbeaten card lowest first with its beating cards in
    :func:`ordered` order, then :data:`TAKE`; attacking, the cards in :func:`ordered`
    order, then :data:`PASS` when throwing in.  ``same attacker?`` is false when a
    defence ends the bout, so the roles swap.

    >>> from cardtable.games.durak.kernel import move_text
    >>> position = (ATTACK, 1 << 16, 1 << 20, 0, 0, 0, 1, False)  # 6C against 7C, clubs trumps
    >>> [(move_text(m), child, same) for m, child, same in endgame_moves(position, 0)]
    [('attack 6C', (1, 0, 1048576, 65536, 65536, 1, 1, False), True)]
    """
    phase, att, dfn, unbeaten, cards, attacks, limit, taking = position
    out: list[tuple[int, Position, bool]] = []
    if phase == DEFEND:
        beaters_of = BEATERS[trump]
        rest = unbeaten
        while rest:
            low = rest & -rest
            rest ^= low
            a = low.bit_length() - 1
            key = a << 6
            for b in ordered(dfn & beaters_of[a], trump):
                bit = 1 << b
                out.append((key | b,) + _endgame_next(att, dfn ^ bit, unbeaten ^ low, cards | bit, attacks, limit, False))
        out.append((TAKE,) + _endgame_next(att, dfn, unbeaten, cards, attacks, limit, True))
        return out
    if phase == ATTACK:
        playable = att
    else:
        ranks = 0
        rest = cards
        while rest:
            low = rest & -rest
            ranks |= SAME_RANK[low.bit_length() - 1]
            rest ^= low
        playable = att & ranks
    for c in ordered(playable, trump):
        bit = 1 << c
        out.append((c,) + _endgame_next(att ^ bit, dfn, unbeaten | bit, cards | bit, attacks + 1, limit, taking))
    if phase == THROW_IN:
        out.append((PASS,) + _endgame_bout_over(att, dfn, cards, taking))
    return out


def _endgame_next(
    att: int, dfn: int, unbeaten: int, cards: int, attacks: int, limit: int, taking: bool
) -> tuple[Position, bool]:
    """What the core's ``_advance`` does, for two players and an empty stock."""
    if unbeaten and not taking:
        return (DEFEND, att, dfn, unbeaten, cards, attacks, limit, taking), True
    if attacks < limit and (taking or dfn) and att:
        return (THROW_IN, att, dfn, unbeaten, cards, attacks, limit, taking), True
    return _endgame_bout_over(att, dfn, cards, taking)


def _endgame_bout_over(att: int, dfn: int, cards: int, taking: bool) -> tuple[Position, bool]:
    """:func:`end_bout` for two players and an empty stock."""
    if taking:
        dfn |= cards
    if not att:
        return ("end", 0.5 if not dfn else 1.0), True
    if not dfn:
        return ("end", 0.0), True
    if taking:
        count = dfn.bit_count()
        return (ATTACK, att, dfn, 0, 0, 0, count if count < MAX_ATTACKS else MAX_ATTACKS, False), True
    count = att.bit_count()
    return (ATTACK, dfn, att, 0, 0, 0, count if count < MAX_ATTACKS else MAX_ATTACKS, False), False
