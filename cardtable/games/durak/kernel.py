"""The rules of Durak on small integers: the one copy every Durak player plays on.

:class:`~cardtable.games.durak.DurakState` (the public game, with validation, events,
observations and saves) and the bots' search and endgame solver
(:mod:`cardtable.bots.durak`) all keep a :class:`Table` and move it with the plain
functions below; none of them has rules of its own.

Cards are indexes 16-51 of :data:`cardtable.cards.ALL_CARDS` (``index = 4 * (rank - 2)
+ suit``, suits C D H S; the 36-card deck runs 6 to A), and sets of cards are masks.
A move is an int: an attack or throw-in is the card's index, :data:`PASS` and
:data:`TAKE` are 52 and 53, and beating the attacking card ``a`` with ``b`` is
:func:`defence` ``(a, b) = a * 64 + b`` (1024 or more).

A :class:`Table` holds one game (a series of rounds): the hands, the stock, the trump,
the bout on the table, who attacks, defends and is to act, the throw-in limit, who has
passed, who is out, and the series record.

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

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.cards import ALL_CARDS, SUIT_MASKS

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
                _end_round(table, remaining[0] if remaining else None, log)
                return
    if taking or not active[defender]:
        start_bout(table, next_active(table, defender))
    else:
        start_bout(table, defender)


def _end_round(table: Table, durak: int | None, log: Log | None) -> None:
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


# --- playing a round out ---------------------------------------------------------------

Opening = Callable[[int, int, int, int], int]
"""``opening(hand, trump, cards left in the stock, defender's hand) -> card``."""
Defending = Callable[[int, int, Sequence[int], int, int], "tuple[int, int] | None"]
"""``defending(hand, trump, unbeaten cards in the order played, table cards, cards left)
-> (attacking, beating)``, or ``None`` to take."""
ThrowingIn = Callable[[int, int, int, bool, int, int], int]
"""``throwing_in(cards of ranks on the table in hand, trump, cards left, taking?,
defender's hand, hand size) -> card``, or -1 to pass."""


def _nth_bit(mask: int, n: int) -> int:
    """The index of the ``n``-th lowest set bit of ``mask`` (counting from 0)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def play_out(
    table: Table,
    opening: Opening,
    defending: Defending,
    throwing_in: ThrowingIn,
    rng: random.Random | None = None,
    noise: float = 0.0,
) -> None:
    """Play the round in progress to its end, as :func:`play` move by move would, but on
    local integers (the search's play-outs run it many thousand times a second).

    Every choice is the policies', except that ``noise`` of the time (drawn from
    ``rng``) a uniformly random legal move is made instead: one of the hand's cards to
    open with; one of the pairs of an unbeaten card and a card that beats it (unbeaten
    cards lowest first, then the beating cards lowest first), or taking; one of the
    cards to throw in (lowest first), or passing.  Afterwards only the round's result
    is meaningful: ``phase`` (:data:`ROUND_OVER`), ``turn``, ``durak``, ``out``,
    ``wins``, ``losses``, ``hands``, ``stock_pos``, ``active``.
    """
    if rng is None:
        if noise:
            raise ValueError("a play-out with noise needs an rng")
        rng = random.Random(0)  # never drawn from: the noise is 0
    random_ = rng.random
    randrange = rng.randrange
    n = table.players
    trump = table.trump
    beaters_of = BEATERS[trump]
    hands = table.hands
    stock = table.stock
    pos = table.stock_pos
    size = len(stock)
    active = table.active
    out = table.out
    emptied = table.emptied
    clock = table.clock
    phase = table.phase
    defender = table.defender
    ask = table.ask
    limit = table.limit
    played = list(table.attacks)
    attacks = len(played)
    unbeaten = table.unbeaten
    cards = table.cards
    ranks = table.ranks
    passed = table.passed
    taking = table.taking
    turn = table.turn
    assert turn is not None, "play_out plays a round in progress: someone is to act"
    same_rank = SAME_RANK
    while True:
        if phase == DEFEND:
            hand = hands[defender]
            if random_() < noise:
                options = []
                rest = unbeaten
                while rest:
                    low = rest & -rest
                    a = low.bit_length() - 1
                    rest ^= low
                    cover = hand & beaters_of[a]
                    while cover:
                        blow = cover & -cover
                        options.append((a, blow.bit_length() - 1))
                        cover ^= blow
                pick = randrange(len(options) + 1)
                pair = options[pick] if pick < len(options) else None
            elif unbeaten & (unbeaten - 1):
                pair = defending(hand, trump, [a for a in played if unbeaten >> a & 1], cards, size - pos)
            else:
                pair = defending(hand, trump, (unbeaten.bit_length() - 1,), cards, size - pos)
            if pair is None:
                taking = True
            else:
                a, b = pair
                hand ^= 1 << b
                hands[defender] = hand
                unbeaten ^= 1 << a
                cards |= 1 << b
                ranks |= same_rank[b]
                if not hand:
                    emptied[defender] = clock
        else:
            seat = turn
            hand = hands[seat]
            if phase == ATTACK:
                if random_() < noise:
                    card = _nth_bit(hand, randrange(hand.bit_count()))
                else:
                    card = opening(hand, trump, size - pos, hands[defender])
            else:
                candidates = hand & ranks
                if random_() < noise:
                    pick = randrange(candidates.bit_count() + 1)
                    card = _nth_bit(candidates, pick) if pick < candidates.bit_count() else -1
                else:
                    card = throwing_in(candidates, trump, size - pos, taking, hands[defender], hand.bit_count())
            if card < 0:
                passed |= 1 << seat
            else:
                bit = 1 << card
                hand ^= bit
                hands[seat] = hand
                unbeaten |= bit
                cards |= bit
                ranks |= same_rank[card]
                passed = 0
                attacks += 1
                played.append(card)
                if not hand:
                    emptied[seat] = clock
        clock += 1
        # Who acts next: _advance().
        if unbeaten and not taking:
            phase = DEFEND
            continue
        if attacks < limit and (taking or hands[defender]):
            turn = -1
            for seat in ask:
                if not passed >> seat & 1 and hands[seat]:
                    turn = seat
                    break
            if turn >= 0:
                phase = THROW_IN
                continue
        # The bout is over: end_bout().
        if taking:
            hands[defender] |= cards
        if pos < size:
            for seat in ask + (defender,):
                need = HAND_SIZE - hands[seat].bit_count()
                if need <= 0 or pos >= size:
                    continue
                end = pos + need if pos + need < size else size
                hand = hands[seat]
                for i in range(pos, end):
                    hand |= 1 << stock[i]
                hands[seat] = hand
                pos = end
                if pos == size:
                    table.trump_holder = seat
        if pos >= size:
            leaving = [s for s in range(n) if active[s] and not hands[s]]
            if leaving:
                leaving.sort(key=emptied.__getitem__)
                for s in leaving:
                    active[s] = False
                    out.append(s)
                remaining = [s for s in range(n) if active[s]]
                if len(remaining) <= 1:
                    table.stock_pos = pos
                    table.clock = clock
                    table.attacks = []
                    table.defences = []
                    table.unbeaten = table.cards = table.ranks = table.passed = 0
                    table.taking = False
                    _end_round(table, remaining[0] if remaining else None, None)
                    return
        # The next bout: start_bout().
        if taking or not active[defender]:
            attacker = (defender + 1) % n
            while not active[attacker]:
                attacker = (attacker + 1) % n
        else:
            attacker = defender
        defender = (attacker + 1) % n
        while not active[defender]:
            defender = (defender + 1) % n
        order = [attacker]
        for step in range(1, n):
            s = (defender + step) % n
            if s != attacker and active[s]:
                order.append(s)
        ask = tuple(order)
        start = hands[defender].bit_count()
        limit = start if start < MAX_ATTACKS else MAX_ATTACKS
        attacks = unbeaten = cards = ranks = passed = 0
        played = []
        taking = False
        phase = ATTACK
        turn = attacker


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


# --- the heads-up endgame -------------------------------------------------------------

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
    """:func:`_advance` for two players and an empty stock."""
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
