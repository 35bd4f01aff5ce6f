"""The Durak kernel's core: the :class:`Table`, dealing, the bouts, the legal moves,
:func:`play` and the notation of moves (see :mod:`cardtable.games.durak.kernel`).

>>> table = new_table(players=2)
>>> deal(table, list(range(16, 52)))
>>> [move_text(move) for move in legal_moves(table)][:2]
['attack 6H', 'attack 7H']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.cards import ALL_CARDS, SUIT_MASKS

HAND_SIZE = 6
"""Players draw back up to this many cards after each bout."""

MAX_ATTACKS = 6
"""No bout has more attacking cards than this (nor than the defender held at its start)."""

DECK_MASK = sum(1 << index for index in range(16, 52))
"""The 36 cards, 6 to A."""

SUITS = tuple(mask & DECK_MASK for mask in SUIT_MASKS)
"""Each suit's nine cards, by suit number (C D H S)."""

SAME_RANK = tuple(0xF << (i & ~3) for i in range(52))
"""Every card of the same rank as card ``i``: the throw-in ranks a card puts on the table."""

ABOVE_IN_SUIT = tuple(SUITS[i & 3] & ~((2 << i) - 1) for i in range(52))
"""The cards of card ``i``'s suit above it (within a suit a higher index is a higher rank)."""

BEATERS = tuple(
    tuple(ABOVE_IN_SUIT[i] if i & 3 == t else ABOVE_IN_SUIT[i] | SUITS[t] for i in range(52)) for t in range(4)
)
"""``BEATERS[trump][i]``: every card that beats card ``i``."""

ATTACK, DEFEND, THROW_IN, ROUND_OVER, OVER = 0, 1, 2, 3, 4
"""The phases of a :class:`Table`: the main attacker opens the bout; the defender beats a
card or takes; an attacker throws in or passes; the round is over (the next is not dealt
yet); the game is over."""

PASS = 52
TAKE = 53

Log = list[tuple[Any, ...]]
"""What :func:`play` reports, when given a list, of what happened beyond the move itself,
in order: ``("bout_over", defender, cards in table order, taken?, attacker)``,
``("draw", seat, card indexes, cards left)``, ``("trump_drawn", seat)``, ``("out", seat,
place)``, ``("round_over", durak or None)``."""


class Table:
    """One game of Durak on integers.

    - ``players``; ``round`` (from 1) and ``rounds`` (the series' length); ``wins``,
      ``losses``: per seat, the series record.
    - ``hands``: per seat, a mask; ``stock``: card indexes drawn from ``stock_pos`` on,
      the face-up trump last (empty when six players use the whole deck);
      ``trump_card``, ``trump`` (its suit), ``trump_mask`` (that suit's cards);
      ``trump_holder``: who drew or kept the face-up trump, else ``None``.
    - ``active``: per seat, still in the round; ``out``: seats out, in order;
      ``emptied``: per seat, the move number at which its hand last became empty (it
      orders players going out together); ``clock``: moves made in the game.
    - The bout: ``attacker`` (the main attacker), ``defender``, ``ask`` (the attackers
      in the order they are asked to throw in), ``start_cards`` (the defender's cards
      when it began), ``limit`` (the most attacking cards it may have), ``attacks`` and
      ``defences`` (the attacking cards in the order played and the card that beat
      each, -1 while unbeaten), ``unbeaten``, ``cards`` (every card on the table),
      ``ranks`` (the ranks on the table, as a mask of cards), ``passed`` (a bit per
      attacker who passed since the last card was added), ``taking``.
    - ``phase``, ``turn`` (the seat to act; ``None`` once the round is over); ``durak``:
      the last finished round's durak (``None`` for a draw or before any round ended).

    The lists are the table's own: a copy (:func:`copy_table`) gets new ones, and a bout's
    end replaces ``attacks`` and ``defences`` with new lists (a caller holding the old
    ones still sees the bout).
    """

    __slots__ = (
        "players",
        "round",
        "rounds",
        "wins",
        "losses",
        "hands",
        "stock",
        "stock_pos",
        "trump_card",
        "trump",
        "trump_mask",
        "trump_holder",
        "active",
        "out",
        "emptied",
        "clock",
        "attacker",
        "defender",
        "ask",
        "start_cards",
        "limit",
        "attacks",
        "defences",
        "unbeaten",
        "cards",
        "ranks",
        "passed",
        "taking",
        "phase",
        "turn",
        "durak",
    )

    players: int
    round: int
    rounds: int
    wins: list[int]
    losses: list[int]
    hands: list[int]
    stock: tuple[int, ...]
    stock_pos: int
    trump_card: int
    trump: int
    trump_mask: int
    trump_holder: int | None
    active: list[bool]
    out: list[int]
    emptied: list[int]
    clock: int
    attacker: int
    defender: int
    ask: tuple[int, ...]
    start_cards: int
    limit: int
    attacks: list[int]
    defences: list[int]
    unbeaten: int
    cards: int
    ranks: int
    passed: int
    taking: bool
    phase: int
    turn: int | None
    durak: int | None

    def __repr__(self) -> str:
        return f"<Table {self.players} players, round {self.round}, phase {self.phase}, to move {self.turn}>"


def new_table(players: int, rounds: int = 1) -> Table:
    """A game of ``players`` before its first deal; :func:`deal` opens a round."""
    table = Table()
    table.players = players
    table.round = 0
    table.rounds = rounds
    table.wins = [0] * players
    table.losses = [0] * players
    table.hands = [0] * players
    table.stock = ()
    table.stock_pos = 0
    table.trump_card = 0
    table.trump = 0
    table.trump_mask = 0
    table.trump_holder = None
    table.active = [True] * players
    table.out = []
    table.emptied = [0] * players
    table.clock = 0
    table.attacker = table.defender = 0
    table.ask = ()
    table.start_cards = table.limit = 0
    table.attacks = []
    table.defences = []
    table.unbeaten = table.cards = table.ranks = table.passed = 0
    table.taking = False
    table.phase = ROUND_OVER
    table.turn = None
    table.durak = None
    return table


def copy_table(table: Table) -> Table:
    """An independent copy of ``table``."""
    new = Table()
    new.players = table.players
    new.round = table.round
    new.rounds = table.rounds
    new.wins = list(table.wins)
    new.losses = list(table.losses)
    new.hands = list(table.hands)
    new.stock = table.stock
    new.stock_pos = table.stock_pos
    new.trump_card = table.trump_card
    new.trump = table.trump
    new.trump_mask = table.trump_mask
    new.trump_holder = table.trump_holder
    new.active = list(table.active)
    new.out = list(table.out)
    new.emptied = list(table.emptied)
    new.clock = table.clock
    new.attacker = table.attacker
    new.defender = table.defender
    new.ask = table.ask
    new.start_cards = table.start_cards
    new.limit = table.limit
    new.attacks = list(table.attacks)
    new.defences = list(table.defences)
    new.unbeaten = table.unbeaten
    new.cards = table.cards
    new.ranks = table.ranks
    new.passed = table.passed
    new.taking = table.taking
    new.phase = table.phase
    new.turn = table.turn
    new.durak = table.durak
    return new


# --- dealing and bouts ------------------------------------------------------------------


def lowest_trump(hands: Sequence[int], trump_mask: int) -> tuple[int, int] | None:
    """``(seat, card)`` of the lowest trump in ``hands``, or ``None`` if nobody holds one.

    >>> lowest_trump([1 << 40, 1 << 20 | 1 << 24], SUIT_MASKS[0])
    (1, 20)
    """
    held = trump_mask & sum(hands)
    if not held:
        return None
    low = held & -held
    seat = next(seat for seat, hand in enumerate(hands) if hand & low)
    return seat, low.bit_length() - 1


def deal(table: Table, order: Sequence[int]) -> None:
    """Open the next round with the 36 cards in ``order`` (card indexes): one card at a
    time from seat 0, six each; the next card is the face-up trump, last in the stock
    (with six players the last card dealt, kept by its owner).  The holder of the lowest
    trump attacks first (seat 0 when nobody holds one)."""
    n = table.players
    table.round += 1
    hands = [0] * n
    dealt = HAND_SIZE * n
    for position in range(dealt):
        hands[position % n] |= 1 << order[position]
    if dealt == len(order):
        table.trump_card = order[-1]
        table.trump_holder = (dealt - 1) % n
        table.stock = ()
    else:
        table.trump_card = order[dealt]
        table.trump_holder = None
        table.stock = tuple(order[dealt + 1 :]) + (order[dealt],)
    table.stock_pos = 0
    table.trump = table.trump_card & 3
    table.trump_mask = SUITS[table.trump]
    table.hands = hands
    table.active = [True] * n
    table.out = []
    table.emptied = [0] * n
    table.durak = None
    lowest = lowest_trump(hands, table.trump_mask)
    start_bout(table, lowest[0] if lowest is not None else 0)


def next_active(table: Table, seat: int) -> int:
    """The next seat after ``seat`` still in the round."""
    n = table.players
    active = table.active
    nxt = (seat + 1) % n
    while not active[nxt]:
        nxt = (nxt + 1) % n
    return nxt


def start_bout(table: Table, attacker: int) -> None:
    """Open a bout with ``attacker`` as main attacker against the next seat in the round."""
    n = table.players
    active = table.active
    defender = next_active(table, attacker)
    order = [attacker]
    for step in range(1, n):
        seat = (defender + step) % n
        if seat != attacker and active[seat]:
            order.append(seat)
    table.attacker = attacker
    table.defender = defender
    table.ask = tuple(order)
    table.start_cards = start = table.hands[defender].bit_count()
    table.limit = start if start < MAX_ATTACKS else MAX_ATTACKS
    table.attacks = []
    table.defences = []
    table.unbeaten = table.cards = table.ranks = table.passed = 0
    table.taking = False
    table.phase = ATTACK
    table.turn = attacker


# --- the legal moves --------------------------------------------------------------------


def beats(attacking: int, beating: int, trump: int) -> bool:
    """Whether card ``beating`` beats card ``attacking`` when ``trump`` is the trump suit.

    >>> beats(20, 24, 1), beats(20, 21, 1), beats(21, 20, 1)  # 7C by 8C; 7C by the trump 7D; 7D by 7C
    (True, True, False)
    """
    if beating & 3 == attacking & 3:
        return beating > attacking
    return beating & 3 == trump


def beaters(attacking: int, trump: int) -> int:
    """Every card of the deck that beats ``attacking``, as a mask."""
    return BEATERS[trump][attacking]


def defence(attacking: int, beating: int) -> int:
    """The move that beats the attacking card ``attacking`` with ``beating``."""
    return attacking << 6 | beating


_ORDERED: dict[int, tuple[int, ...]] = {}
_ORDERED_MAX = 100_000


def ordered(mask: int, trump: int) -> tuple[int, ...]:
    """The cards of ``mask`` in legal-move order: non-trumps by index (rank, then suit),
    then trumps by rank.

    >>> ordered(1 << 22 | 1 << 28 | 1 << 19, 3)  # 7H 9C 6S, spades trumps
    (22, 28, 19)
    """
    key = mask << 2 | trump
    cached = _ORDERED.get(key)
    if cached is None:
        if len(_ORDERED) >= _ORDERED_MAX:
            _ORDERED.clear()  # keeps memory bounded; the cache refills quickly
        out = []
        trump_mask = SUITS[trump]
        for part in (mask & ~trump_mask, mask & trump_mask):
            while part:
                low = part & -part
                out.append(low.bit_length() - 1)
                part ^= low
        cached = _ORDERED[key] = tuple(out)
    return cached


def attack_cards(table: Table) -> int:
    """The cards the seat to act may attack with now, as a mask: any card to open the
    bout, a card of a rank on the table to throw in, none while defending."""
    phase = table.phase
    if phase == ATTACK:
        return table.hands[table.turn]  # type: ignore[index]
    if phase == THROW_IN:
        return table.hands[table.turn] & table.ranks  # type: ignore[index]
    return 0


def legal_moves(table: Table) -> list[int]:
    """Every legal move of the seat to act, in the public order (empty once the round
    is over): opening, every card (:func:`ordered`); defending, each unbeaten card in
    the order played with its beating cards in :func:`ordered` order, then
    :data:`TAKE`; throwing in, the cards of ranks on the table, then :data:`PASS`."""
    seat = table.turn
    if seat is None:
        return []
    phase = table.phase
    hand = table.hands[seat]
    trump = table.trump
    if phase == DEFEND:
        moves = []
        unbeaten = table.unbeaten
        beaters_of = BEATERS[trump]
        for attacking in table.attacks:
            if unbeaten >> attacking & 1:
                options = hand & beaters_of[attacking]
                if options:
                    key = attacking << 6
                    for beating in ordered(options, trump):
                        moves.append(key | beating)
        moves.append(TAKE)
        return moves
    if phase == ATTACK:
        return list(ordered(hand, trump))
    moves = list(ordered(hand & table.ranks, trump))
    moves.append(PASS)
    return moves


# --- playing ----------------------------------------------------------------------------


def play(table: Table, move: int, log: Log | None = None) -> None:
    """The seat to act makes ``move`` (one of :func:`legal_moves`); then the next seat to
    act is found, and when nobody may act the bout ends (:func:`end_bout`), which may end
    the round.  ``log``, if given, gets what happened after the move (see :data:`Log`)."""
    seat: int = table.turn  # type: ignore[assignment]
    hands = table.hands
    if move < PASS:
        bit = 1 << move
        hand = hands[seat] ^ bit
        hands[seat] = hand
        table.attacks.append(move)
        table.defences.append(-1)
        table.unbeaten |= bit
        table.cards |= bit
        table.ranks |= SAME_RANK[move]
        table.passed = 0
        if not hand:
            table.emptied[seat] = table.clock
    elif move == PASS:
        table.passed |= 1 << seat
    elif move == TAKE:
        table.taking = True
    else:
        attacking = move >> 6
        beating = move & 63
        bit = 1 << beating
        hand = hands[seat] ^ bit
        hands[seat] = hand
        table.unbeaten ^= 1 << attacking
        table.defences[table.attacks.index(attacking)] = beating
        table.cards |= bit
        table.ranks |= SAME_RANK[beating]
        if not hand:
            table.emptied[seat] = table.clock
    table.clock += 1
    _advance(table, log)


def _advance(table: Table, log: Log | None) -> None:
    """Find who acts next, ending the bout when nobody may."""
    if table.unbeaten and not table.taking:
        table.phase = DEFEND
        table.turn = table.defender
        return
    hands = table.hands
    if len(table.attacks) < table.limit and (table.taking or hands[table.defender]):
        passed = table.passed
        for seat in table.ask:
            if not passed >> seat & 1 and hands[seat]:
                table.phase = THROW_IN
                table.turn = seat
                return
    end_bout(table, log)


def table_order(table: Table) -> list[int]:
    """The cards on the table in the order played: each attacking card, then its beating card."""
    cards = []
    for attacking, beating in zip(table.attacks, table.defences):
        cards.append(attacking)
        if beating >= 0:
            cards.append(beating)
    return cards


def end_bout(table: Table, log: Log | None = None) -> None:
    """End the bout: the defender takes the table or it is discarded; everyone draws
    back to six (the main attacker, the other attackers, the defender last) while the
    stock lasts; once it is empty, players without cards go out (together: in the order
    they played their last card); then the next bout opens, or the round is over when
    at most one player is left (that one is the durak; nobody: a draw)."""
    defender = table.defender
    hands = table.hands
    taking = table.taking
    if taking:
        hands[defender] |= table.cards
    if log is not None:
        log.append(("bout_over", defender, table_order(table), taking, table.attacker))
    table.attacks = []
    table.defences = []
    table.unbeaten = table.cards = table.ranks = 0
    stock = table.stock
    size = len(stock)
    if table.stock_pos < size:
        for seat in table.ask + (defender,):
            need = HAND_SIZE - hands[seat].bit_count()
            position = table.stock_pos
            if need <= 0 or position >= size:
                continue
            drawn = stock[position : position + need]
            table.stock_pos = position = position + len(drawn)
            hand = hands[seat]
            for index in drawn:
                hand |= 1 << index
            hands[seat] = hand
            if log is not None:
                log.append(("draw", seat, drawn, size - position))
            if position == size:
                # The face-up trump is the last card of the stock.
                table.trump_holder = seat
                if log is not None:
                    log.append(("trump_drawn", seat))
    n = table.players
    active = table.active
    if table.stock_pos >= size:
        leaving = [seat for seat in range(n) if active[seat] and not hands[seat]]
        if leaving:
            leaving.sort(key=table.emptied.__getitem__)
            for seat in leaving:
                active[seat] = False
                table.out.append(seat)
                if log is not None:
                    log.append(("out", seat, len(table.out)))
            remaining = [seat for seat in range(n) if active[seat]]
            if len(remaining) <= 1:
                end_round(table, remaining[0] if remaining else None, log)
                return
    if taking or not active[defender]:
        start_bout(table, next_active(table, defender))
    else:
        start_bout(table, defender)


def end_round(table: Table, durak: int | None, log: Log | None = None) -> None:
    """Score the end of the round: a win to the first out, a loss to ``durak`` (``None``:
    a draw); nobody acts until the next deal."""
    table.wins[table.out[0]] += 1
    if durak is not None:
        table.losses[durak] += 1
    table.durak = durak
    table.phase = ROUND_OVER
    table.turn = None
    if log is not None:
        log.append(("round_over", durak))


def finish_game(table: Table) -> None:
    """Mark the game over after its last round."""
    table.phase = OVER
    table.turn = None


# --- notation ---------------------------------------------------------------------------


def card_codes(mask: int) -> str:
    """The codes of the cards of ``mask``, in index order.

    >>> card_codes(1 << 16 | 1 << 51)
    '6C AS'
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1].code)
        mask ^= low
    return " ".join(out)


def move_text(move: int) -> str:
    """``move`` in the public notation (``str`` of its action).

    >>> move_text(20), move_text(defence(20, 24)), move_text(TAKE), move_text(PASS)
    ('attack 7C', 'defend 7C 8C', 'take', 'pass')
    """
    if move < PASS:
        return f"attack {ALL_CARDS[move].code}"
    if move == PASS:
        return "pass"
    if move == TAKE:
        return "take"
    return f"defend {ALL_CARDS[move >> 6].code} {ALL_CARDS[move & 63].code}"
