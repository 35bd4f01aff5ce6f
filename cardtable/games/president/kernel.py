"""The rules of President on small integers: the one copy every President player plays on.

:class:`~cardtable.games.president.PresidentState` (the public game, with validation,
events, observations, notation and saves) and the hard bot's search
(:mod:`cardtable.bots.president`) both keep a :class:`Table` and move it with the plain
functions below; neither has rules of its own.

Cards are indexes 0-51 of :data:`cardtable.cards.ALL_CARDS` (``index = 4 * (rank - 2)
+ suit``), sets of cards 52-bit masks, and the four cards of one rank a 4-bit "nibble"
at ``(rank - 2) * 4``: a play is some cards of one rank, a sub-nibble of that rank's
nibble.  A :class:`Table` holds one series: the hands, the set on the table, who passed,
who is out, the order in force (``revolution``), the exchange, the scores and the
finishing order of every round played.

>>> table = new_table(players=3, rounds=1, revolution_enabled=True)
>>> deal(table, [0b0011, 0b1000 << 4, 0b0011 << 8])  # 2C 2D / 3S / 4C 4D
[]
>>> table.current, legal_plays(table) == [0b01, 0b10, 0b0011]  # the 2s: one, the other, both
(0, True)
>>> play(table, 0b0011), table.table_rank, table.current  # nobody beats two 2s
(-1, 2, 1)

A whole round, every seat playing its first legal move:

>>> table = new_table(players=4, rounds=1, revolution_enabled=True)
>>> _ = deal(table, [sum(1 << i for i in range(seat, 52, 4)) for seat in range(4)])
>>> while table.current is not None:
...     moves = legal_plays(table)
...     _ = pass_turn(table) if table.table_size and not moves else play(table, moves[0])
>>> table.phase == OVER, table.orders[0], table.scores
(True, [0, 1, 2, 3], [4, 3, 2, 1])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from cardtable.cards import Rank, RankOrder

PRESIDENT_ORDER = RankOrder("normal", [Rank(r) for r in range(3, 15)] + [Rank.TWO])
"""President's normal order: 3 4 5 6 7 8 9 10 J Q K A 2."""

REVOLUTION_ORDER = PRESIDENT_ORDER.inverted("revolution")
"""President's order during a revolution: 2 A K Q J 10 9 8 7 6 5 4 3."""

__all__ = [
    "PRESIDENT_ORDER",
    "REVOLUTION_ORDER",
    "Table",
    "new_table",
    "copy_table",
    "deal",
    "give",
    "play",
    "pass_turn",
    "play_out",
    "Policy",
    "legal_plays",
    "play_tables",
    "MASK_TABLES",
    "exchange_choices",
    "can_beat",
    "is_legal_play",
    "beats",
    "rank_of",
    "best_cards",
    "round_points",
    "winners",
    "PLAY",
    "EXCHANGE",
    "OVER",
    "ROUND_OVER",
    "ORDERS",
    "POSITION",
    "HIGHER",
    "ABOVE_MASK",
    "SUBSETS",
    "LOWEST",
    "GIFT_STRENGTH",
    "NIBBLE_BITS",
]

PLAY, EXCHANGE, OVER, ROUND_OVER = 0, 1, 2, 3
"""The phases of a :class:`Table`: playing a round, the exchange before one, the series
over, and a round over with the next deal due (nobody to move until :func:`deal`)."""

ORDERS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(int(r) for r in PRESIDENT_ORDER.ranks),
    tuple(int(r) for r in REVOLUTION_ORDER.ranks),
)
"""The ranks low to high, in the normal order (``ORDERS[0]``) and in a revolution."""

POSITION: tuple[list[int], list[int]] = ([0] * 15, [0] * 15)
"""``POSITION[revolution][rank]``: the rank's place in the order in force, 0 = lowest."""
for _rev, _order in enumerate(ORDERS):
    for _place, _rank in enumerate(_order):
        POSITION[_rev][_rank] = _place

HIGHER: tuple[list[tuple[int, ...]], ...] = tuple(
    [order if r < 2 else order[POSITION[rev][r] + 1 :] for r in range(15)] for rev, order in enumerate(ORDERS)
)
"""``HIGHER[revolution][rank]``: the ranks that beat ``rank``, low to high; rank 0 (an
empty table) lists every rank."""

ABOVE_MASK: tuple[list[int], ...] = tuple(
    [sum(15 << (h - 2) * 4 for h in HIGHER[rev][r]) for r in range(15)] for rev in (0, 1)
)
"""``ABOVE_MASK[revolution][rank]``: every card of the ranks that beat ``rank``."""

NIBBLE_BITS: tuple[int, ...] = tuple(n.bit_count() for n in range(16))
"""How many cards a nibble (the suits held of one rank) holds."""

SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(sum(1 << s for s in combo) for combo in combinations([s for s in range(4) if nib >> s & 1], size))
        for size in range(5)
    )
    for nib in range(16)
)
"""``SUBSETS[nibble][size]``: the ``size``-card sub-nibbles of ``nibble``, in card order
(the order the public moves are listed in)."""

LOWEST: tuple[tuple[int, ...], ...] = tuple(
    tuple(SUBSETS[nib][k][0] if SUBSETS[nib][k] and k else 0 for k in range(5)) for nib in range(16)
)
"""``LOWEST[nibble][k]``: the ``k`` lowest suits of ``nibble`` (0 when it has fewer)."""

GIFT_STRENGTH: tuple[int, ...] = tuple(POSITION[0][(i >> 2) + 2] * 4 + (i & 3) for i in range(52))
"""Each card's strength in an exchange: the normal order whatever order is in force (2s
best), then the higher suit, so that an automatic gift is always the same."""


class Table:
    """One series of President on integers.

    - ``players``, ``rounds_total``, ``revolution_enabled``: the game's settings.
    - ``round_number`` (from 1), ``phase`` (:data:`PLAY`, :data:`EXCHANGE`,
      :data:`ROUND_OVER`, :data:`OVER`), ``current`` (the seat to move, ``None`` when
      nobody moves), ``leader`` (who led this trick or leads the next).
    - ``hands``: per seat, the cards held (masks).
    - The set on the table: ``table_mask``, ``table_rank``, ``table_size`` (0: the table
      is clear, the seat to move leads) and ``table_owner`` (-1: nobody).
    - ``passed``, ``out``: seat bitmasks of who passed in this trick and who is out of
      this round; ``finished``: who went out, first place first.
    - ``revolution``: whether the inverted order is in force; ``revolutions`` this
      round, ``revolution_total`` in the series.
    - The exchange: ``exchange_steps`` (``(giver, receiver, count)`` still to give back,
      the next first), ``given`` and ``received`` per seat this round.
    - ``scores`` per seat, ``orders`` (the finishing order of each round played) and
      ``round_revolutions`` (the revolutions of each).

    The lists are the table's own: :func:`copy_table` gives a copy new ones.
    """

    __slots__ = (
        "players",
        "rounds_total",
        "revolution_enabled",
        "round_number",
        "phase",
        "current",
        "leader",
        "hands",
        "table_mask",
        "table_rank",
        "table_size",
        "table_owner",
        "passed",
        "out",
        "finished",
        "revolution",
        "revolutions",
        "revolution_total",
        "exchange_steps",
        "given",
        "received",
        "scores",
        "orders",
        "round_revolutions",
    )

    players: int
    rounds_total: int
    revolution_enabled: bool
    round_number: int
    phase: int
    current: int | None
    leader: int
    hands: list[int]
    table_mask: int
    table_rank: int
    table_size: int
    table_owner: int
    passed: int
    out: int
    finished: list[int]
    revolution: bool
    revolutions: int
    revolution_total: int
    exchange_steps: list[tuple[int, int, int]]
    given: list[int]
    received: list[int]
    scores: list[int]
    orders: list[list[int]]
    round_revolutions: list[int]

    def __repr__(self) -> str:
        return f"<Table round {self.round_number} phase {self.phase} to move {self.current}>"


def new_table(players: int, rounds: int, revolution_enabled: bool) -> Table:
    """A series before its first deal (round 0, scores 0); :func:`deal` opens a round."""
    table = Table()
    table.players = players
    table.rounds_total = rounds
    table.revolution_enabled = revolution_enabled
    table.round_number = 0
    table.phase = ROUND_OVER
    table.current = None
    table.leader = 0
    table.hands = [0] * players
    _clear(table)
    table.out = 0
    table.finished = []
    table.revolution = False
    table.revolutions = 0
    table.revolution_total = 0
    table.exchange_steps = []
    table.given = [0] * players
    table.received = [0] * players
    table.scores = [0] * players
    table.orders = []
    table.round_revolutions = []
    return table


def copy_table(table: Table) -> Table:
    """An independent copy of ``table``."""
    new = Table()
    new.players = table.players
    new.rounds_total = table.rounds_total
    new.revolution_enabled = table.revolution_enabled
    new.round_number = table.round_number
    new.phase = table.phase
    new.current = table.current
    new.leader = table.leader
    new.hands = list(table.hands)
    new.table_mask = table.table_mask
    new.table_rank = table.table_rank
    new.table_size = table.table_size
    new.table_owner = table.table_owner
    new.passed = table.passed
    new.out = table.out
    new.finished = list(table.finished)
    new.revolution = table.revolution
    new.revolutions = table.revolutions
    new.revolution_total = table.revolution_total
    new.exchange_steps = list(table.exchange_steps)
    new.given = list(table.given)
    new.received = list(table.received)
    new.scores = list(table.scores)
    new.orders = list(table.orders)  # each order is never changed once written
    new.round_revolutions = list(table.round_revolutions)
    return new


def _clear(table: Table) -> None:
    table.table_mask = table.table_rank = table.table_size = 0
    table.table_owner = -1
    table.passed = 0


# --- dealing and the exchange -------------------------------------------------------------


def best_cards(hand: int, count: int) -> int:
    """The ``count`` best cards of ``hand`` for an automatic gift (:data:`GIFT_STRENGTH`).

    >>> gift = best_cards(1 << 0 | 1 << 48 | 1 << 49, 2)  # the 2C, the AC and the AD
    >>> [i for i in range(52) if gift >> i & 1]  # the 2, then the higher suit of the aces
    [0, 49]
    """
    chosen = sorted((i for i in range(52) if hand >> i & 1), key=GIFT_STRENGTH.__getitem__, reverse=True)[:count]
    mask = 0
    for index in chosen:
        mask |= 1 << index
    return mask


def _gift(table: Table, giver: int, receiver: int, mask: int) -> tuple[int, int, int]:
    hands = table.hands
    hands[giver] &= ~mask
    hands[receiver] |= mask
    table.given[giver] |= mask
    table.received[receiver] |= mask
    return giver, receiver, mask


def deal(table: Table, hands: Sequence[int]) -> list[tuple[int, int, int]]:
    """Open the next round with these hands and return its automatic gifts as
    ``(giver, receiver, cards)``, in the order they are made.

    The first round opens the play, seat 0 to lead.  Before a later round the Scum gives
    its 2 best cards to the President (with 4 players or more the Vice-Scum its best one
    to the Vice-President), and the exchange opens: the President gives back 2 cards of
    its choice, then the Vice-President 1; the Scum leads the round.
    """
    n = table.players
    table.round_number += 1
    table.hands = list(hands)
    _clear(table)
    table.out = 0
    table.finished = []
    table.revolution = False
    table.revolutions = 0
    table.given = [0] * n
    table.received = [0] * n
    table.exchange_steps = []
    if table.round_number == 1:
        table.leader = 0
        table.phase = PLAY
        table.current = 0
        return []
    order = table.orders[-1]
    president, scum = order[0], order[-1]
    gifts = [_gift(table, scum, president, best_cards(table.hands[scum], 2))]
    table.exchange_steps = [(president, scum, 2)]
    if n >= 4:
        gifts.append(_gift(table, order[-2], order[1], best_cards(table.hands[order[-2]], 1)))
        table.exchange_steps.append((order[1], order[-2], 1))
    table.leader = scum
    table.phase = EXCHANGE
    table.current = president
    return gifts


def exchange_choices(table: Table) -> list[int]:
    """Every set of cards the seat to move may give back now (the exchange only), as
    masks in lexicographic card order."""
    hand = table.hands[table.current]  # type: ignore[index]
    singles = [1 << i for i in range(52) if hand >> i & 1]
    return [sum(combo) for combo in combinations(singles, table.exchange_steps[0][2])]


def give(table: Table, cards: int) -> tuple[int, int]:
    """The seat to move gives back ``cards`` (as many as its step asks, from its hand);
    returns ``(giver, receiver)``.  After the last step the play opens."""
    giver, receiver, _ = table.exchange_steps.pop(0)
    _gift(table, giver, receiver, cards)
    if table.exchange_steps:
        table.current = table.exchange_steps[0][0]
    else:
        table.phase = PLAY
        table.current = table.leader
    return giver, receiver


# --- the legal moves ------------------------------------------------------------------------


def rank_of(cards: int) -> int:
    """The rank of a play's cards (all of one rank).

    >>> rank_of(0b1100 << 4 * 12)  # the A of hearts and of spades
    14
    """
    return (cards & -cards).bit_length() + 7 >> 2


def beats(rank: int, table_rank: int, revolution: bool) -> bool:
    """Whether ``rank`` beats ``table_rank`` in the order in force (any rank beats an
    empty table, rank 0).

    >>> beats(2, 14, False), beats(2, 14, True), beats(3, 0, True)
    (True, False, True)
    """
    return table_rank == 0 or POSITION[revolution][rank] > POSITION[revolution][table_rank]


def can_beat(hand: int, table_rank: int, size: int, revolution: bool) -> bool:
    """Whether ``hand`` holds ``size`` cards of one rank that beats ``table_rank``.

    >>> can_beat(0b0011 << 4 * 3, 4, 2, False), can_beat(0b0011 << 4 * 3, 4, 3, False)
    (True, False)
    """
    candidates = hand & ABOVE_MASK[revolution][table_rank]
    if size == 1 or not candidates:
        return candidates != 0
    bits = NIBBLE_BITS
    while candidates:
        low = candidates & -candidates
        shift = (low.bit_length() - 1) & ~3
        if bits[candidates >> shift & 15] >= size:
            return True
        candidates &= ~(15 << shift)
    return False


def is_legal_play(table: Table, cards: int) -> bool:
    """Whether the seat to move may play ``cards`` now: cards of one rank from its hand,
    on a clear table any number of them, else as many as the table's and of a rank that
    beats it.

    >>> table = new_table(players=3, rounds=1, revolution_enabled=True)
    >>> _ = deal(table, [0b0011, 0b1000 << 4, 0b0011 << 8])
    >>> is_legal_play(table, 0b0011), is_legal_play(table, 0b0001 | 1 << 4)
    (True, False)
    """
    seat = table.current
    if seat is None or table.phase != PLAY or not cards or cards & ~table.hands[seat]:
        return False
    rank = rank_of(cards)
    if cards & ~(15 << (rank - 2) * 4):
        return False
    size = table.table_size
    if not size:
        return True
    position = POSITION[table.revolution]
    return cards.bit_count() == size and position[rank] > position[table.table_rank]


def play_tables(convert: Callable[[int], Any]) -> tuple[Any, ...]:
    """The tables :func:`legal_plays` walks, with every play (a card mask) turned into
    ``convert(mask)``: the public state lists its :class:`~cardtable.engine.actions.Action`
    objects through the same walk as the masks, so the order of the legal moves is
    written once.

    Per order, low to high: ``(bit shift, by_nibble)`` for every rank, where
    ``by_nibble[nibble][size]`` are the plays of ``size`` cards from the suits in
    ``nibble``, in card order; then, per rank on the table, the same for the ranks that
    beat it.
    """
    by_rank: list[Any] = [None] * 15
    for rank in range(2, 15):
        shift = (rank - 2) * 4
        by_rank[rank] = [
            tuple(tuple(convert(sub << shift) for sub in SUBSETS[nib][k]) if k else () for k in range(5))
            for nib in range(16)
        ]
    every = tuple([((r - 2) * 4, by_rank[r]) for r in order] for order in ORDERS)
    beating = tuple([[((q - 2) * 4, by_rank[q]) for q in HIGHER[rev][r]] for r in range(15)] for rev in (0, 1))
    return every + beating


def _mask(cards: int) -> int:
    return cards


MASK_TABLES = play_tables(_mask)
"""The tables of :func:`legal_plays` with the plays as card masks."""


def legal_plays(table: Table, tables: Sequence[Any] = MASK_TABLES) -> list[Any]:
    """The plays the seat to move may make now (the play phase only; passing is legal
    besides whenever ``table_size`` is not 0): card masks, or with ``tables`` from
    :func:`play_tables` whatever those hold for each play.

    In a fixed order: leading, by number of cards, then by rank low to high in the order
    in force, then by card; following, by rank, then by card.
    """
    hand = table.hands[table.current]  # type: ignore[index]
    size = table.table_size
    out: list[Any] = []
    if size == 0:
        held = [plays[nibble] for shift, plays in tables[table.revolution] if (nibble := hand >> shift & 15)]
        for k in (1, 2, 3, 4):
            for by_size in held:
                out.extend(by_size[k])
        return out
    for shift, plays in tables[2 + table.revolution][table.table_rank]:
        nibble = hand >> shift & 15
        if nibble:
            out.extend(plays[nibble][size])
    return out


# --- playing ------------------------------------------------------------------------------


def play(table: Table, cards: int) -> int:
    """The seat to move plays ``cards`` (one of :func:`legal_plays`).  Returns the seat
    that won the trick when the play ended it (everyone else passed or is out), else -1.

    Four of a kind inverts the order (with revolutions on); a seat whose hand empties
    goes out; when one seat is left it goes out last and the round is over
    (:data:`ROUND_OVER`, or :data:`OVER` after the last round): each seat scores the
    number of seats it finished ahead of, plus one.
    """
    seat = table.current
    hands = table.hands
    if seat is None or cards & ~hands[seat]:
        raise ValueError(f"seat {seat} does not hold those cards")
    hand = hands[seat] = hands[seat] & ~cards
    size = cards.bit_count()
    table.table_mask = cards
    table.table_rank = rank_of(cards)
    table.table_size = size
    table.table_owner = seat
    if size == 4 and table.revolution_enabled:
        table.revolution = not table.revolution
        table.revolutions += 1
        table.revolution_total += 1
    if not hand:
        table.out |= 1 << seat
        table.finished.append(seat)
        if len(table.finished) == table.players - 1:
            _end_round(table)
            return -1
    return _advance(table, seat)


def pass_turn(table: Table) -> int:
    """The seat to move passes (only legal on a set on the table); returns the trick's
    winner when that ended the trick, else -1."""
    seat: int = table.current  # type: ignore[assignment]
    table.passed |= 1 << seat
    return _advance(table, seat)


def _advance(table: Table, seat: int) -> int:
    """Give the turn to the next seat that may still act in this trick, or end it."""
    n = table.players
    blocked = table.out | table.passed | (1 << table.table_owner)
    candidate = seat
    for _ in range(n - 1):
        candidate = candidate + 1 if candidate + 1 < n else 0
        if not blocked >> candidate & 1:
            table.current = candidate
            return -1
    # Everyone else passed: the owner takes the trick, the next seat still in leads.
    winner = leader = table.table_owner
    out = table.out
    while out >> leader & 1:
        leader = leader + 1 if leader + 1 < n else 0
    _clear(table)
    table.leader = table.current = leader
    return winner


def _end_round(table: Table) -> None:
    n = table.players
    for last in range(n):
        if not table.out >> last & 1:
            table.out |= 1 << last
            table.finished.append(last)
    order = list(table.finished)
    for place, seat in enumerate(order):
        table.scores[seat] += n - place
    table.orders.append(order)
    table.round_revolutions.append(table.revolutions)
    _clear(table)
    table.current = None
    table.phase = OVER if table.round_number >= table.rounds_total else ROUND_OVER


Policy = Callable[[list[int], int, int, int, bool], "tuple[int, int] | None"]
"""A play-out's choice: ``policy(hands, seat, table_rank, table_size, revolution)`` is
``(rank, size)``, played with the lowest suits of that rank ``seat`` holds, or ``None``
to pass.  It is asked only when ``seat`` has a choice: a seat that cannot beat the
table passes without asking."""


def play_out(table: Table, policy: Policy) -> None:
    """Play the round on with ``policy`` for every seat until it is over, as :func:`play`
    and :func:`pass_turn` would, move by move.  ``leader``, ``table_mask`` and the
    revolution counts are not kept up to date until the round ends: the search's
    play-outs, for which this is the hot path, never read them."""
    turn = table.current
    if turn is None or table.phase != PLAY:
        return
    hands = table.hands
    n = table.players
    table_rank = table.table_rank
    size = table.table_size
    owner = table.table_owner
    passed = table.passed
    out = table.out
    finished = table.finished
    rev = table.revolution
    enabled = table.revolution_enabled
    lowest = LOWEST
    bits = NIBBLE_BITS
    above = ABOVE_MASK
    while True:
        hand = hands[turn]
        move: tuple[int, int] | None
        if size:
            # can_beat(), inline: it runs on every move of every play-out.
            candidates = hand & above[rev][table_rank]
            if size > 1:
                while candidates:
                    low = candidates & -candidates
                    shift = (low.bit_length() - 1) & ~3
                    if bits[candidates >> shift & 15] >= size:
                        break
                    candidates &= ~(15 << shift)
            move = policy(hands, turn, table_rank, size, rev) if candidates else None
        else:
            move = policy(hands, turn, table_rank, size, rev)
        if move is None:
            passed |= 1 << turn
        else:
            r, k = move
            shift = (r - 2) * 4
            hand &= ~(lowest[hand >> shift & 15][k] << shift)
            hands[turn] = hand
            table_rank, size, owner = r, k, turn
            if k == 4 and enabled:
                rev = not rev
            if not hand:
                out |= 1 << turn
                finished.append(turn)
                if len(finished) == n - 1:
                    break
        blocked = out | passed | (1 << owner)
        candidate = turn
        for _ in range(n - 1):
            candidate = candidate + 1 if candidate + 1 < n else 0
            if not blocked >> candidate & 1:
                turn = candidate
                break
        else:  # everyone else passed: the owner takes the trick and leads
            turn = owner
            while out >> turn & 1:
                turn = turn + 1 if turn + 1 < n else 0
            table_rank = size = passed = 0
            owner = -1
    table.out = out
    table.revolution = rev
    _end_round(table)


# --- scoring ----------------------------------------------------------------------------


def round_points(order: Sequence[int]) -> list[int]:
    """Each seat's points for a round finished in ``order`` (first place first): one per
    seat it finished ahead of, plus one.

    >>> round_points([2, 0, 3, 1])
    [3, 1, 4, 2]
    """
    n = len(order)
    points = [0] * n
    for place, seat in enumerate(order):
        points[seat] = n - place
    return points


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest score.

    >>> winners([7, 9, 9, 3])
    (1, 2)
    """
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
