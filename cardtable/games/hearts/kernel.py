"""The rules of Hearts on small integers: the one copy every Hearts player plays on.

:class:`~cardtable.games.hearts.HeartsState` (the public game, with validation, events,
observations and saves) and the hard bot's search (:mod:`cardtable.bots.hearts`) both
keep a :class:`Table` and move it with the plain functions below; neither has rules of
its own.

Cards are indexes 0-51 of :data:`cardtable.cards.ALL_CARDS` (``index = 4 * (rank - 2)
+ suit``, suits C D H S), and sets of cards are 52-bit masks.  A :class:`Table` holds
one game: the four hands, the trick in progress, who leads and who is to move, which
cards each seat has taken, the pass, and the running totals.

>>> table = new_table(target=100)
>>> deal(table, [sum(1 << i for i in range(seat, 52, 4)) for seat in range(4)])
>>> table.phase == PASS, pass_count(table.hands[0]), bin(pass_choice(table.hands[0], 0))
(True, 286, '0b100010001')
>>> for seat in range(4):
...     exchanged = give(table, pass_choice(table.hands[seat], 0))
>>> exchanged, table.phase == PLAY, table.current, bits(legal_plays(table))
(True, True, 1, [0])

A whole hand, always the lowest legal card:

>>> while table.trick_number < TRICKS_PER_HAND:
...     play(table, bits(legal_plays(table))[0])
>>> raw, scores = end_hand(table)
>>> sum(raw), scores == moon_scores(raw), table.totals == scores
(26, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from cardtable.cards import SUIT_MASKS, mask_to_cards

__all__ = [
    "Table",
    "new_table",
    "copy_table",
    "playing_table",
    "finish_game",
    "Policy",
    "deal",
    "shuffled_hands",
    "give",
    "play",
    "play_out",
    "end_hand",
    "game_winners",
    "playable",
    "legal_plays",
    "pass_count",
    "pass_choice",
    "pass_choices",
    "pass_rank",
    "trick_winner",
    "points",
    "hand_points",
    "moon_scores",
    "decided",
    "settled_points",
    "holder_of",
    "bits",
    "pass_offset",
    "PASS_OFFSETS",
    "PASS_DIRECTIONS",
    "PASS",
    "PLAY",
    "OVER",
    "SEATS",
    "PASS_SIZE",
    "TRICKS_PER_HAND",
    "POINTS_PER_HAND",
    "QUEEN_OF_SPADES_POINTS",
    "HEARTS",
    "QUEEN_OF_SPADES",
    "PENALTY",
    "TWO_OF_CLUBS",
]

SEATS = 4
HAND_SIZE = 13
PASS_SIZE = 3
TRICKS_PER_HAND = 13
POINTS_PER_HAND = 26
QUEEN_OF_SPADES_POINTS = 13

HEARTS = SUIT_MASKS[2]
QUEEN_OF_SPADES = 1 << (4 * (12 - 2) + 3)
PENALTY = HEARTS | QUEEN_OF_SPADES
"""Every card that scores: the 13 hearts and the Q♠."""
TWO_OF_CLUBS = 1

PASS, PLAY, OVER = 0, 1, 2
"""The phases of a :class:`Table`: choosing the pass, playing tricks, the game over."""

PASS_DIRECTIONS: tuple[str, ...] = ("left", "right", "across", "none")
"""The pass of hand ``n`` (from 1) is ``PASS_DIRECTIONS[(n - 1) % 4]``."""

PASS_OFFSETS: dict[str, int] = {"left": 1, "right": 3, "across": 2, "none": 0}
"""How many seats onward each direction's cards travel ("left" is the next seat)."""

_SUIT = SUIT_MASKS


class Table:
    """One game of Hearts on integers.

    - ``hands``, ``won``: per seat, the cards held and the cards taken in tricks this
      hand (masks); ``tricks_taken``: per seat, tricks taken this hand.
    - ``trick_cards``, ``trick_seats``: the trick in progress, card indexes and seats in
      play order; ``leader``: who led it or leads next (``None`` while passing);
      ``current``: the seat to move (``None`` once the game is over).
    - ``trick_number``: tricks finished this hand; ``hearts_broken``: a heart was played.
    - ``phase``: :data:`PASS`, :data:`PLAY` or :data:`OVER`; ``offset``: how many seats
      onward this hand's pass goes (0: no pass); ``chosen``: the cards each seat set
      aside to pass (before the exchange); ``received``: those it got; ``passed``: how
      many seats have chosen.
    - ``hand_number`` (from 1), ``totals`` (per seat, after the moon rule), ``target``.

    The lists are the table's own: a copy (:func:`copy_table`) gets new ones, and
    :func:`play` replaces ``trick_cards`` and ``trick_seats`` with new lists when a
    trick is finished (so a caller holding the old ones still sees the trick).
    """

    __slots__ = (
        "hands",
        "won",
        "tricks_taken",
        "trick_cards",
        "trick_seats",
        "leader",
        "current",
        "trick_number",
        "hearts_broken",
        "phase",
        "offset",
        "chosen",
        "received",
        "passed",
        "hand_number",
        "totals",
        "target",
    )

    hands: list[int]
    won: list[int]
    tricks_taken: list[int]
    trick_cards: list[int]
    trick_seats: list[int]
    leader: int | None
    current: int | None
    trick_number: int
    hearts_broken: bool
    phase: int
    offset: int
    chosen: list[int]
    received: list[int]
    passed: int
    hand_number: int
    totals: list[int]
    target: int

    def __repr__(self) -> str:
        return (
            f"<Table hand {self.hand_number} phase {self.phase} trick {self.trick_number} "
            f"to move {self.current}>"
        )


def new_table(target: int = 100) -> Table:
    """A game before its first deal (hand 0, totals 0); :func:`deal` opens a hand."""
    table = Table()
    table.hands = [0, 0, 0, 0]
    table.won = [0, 0, 0, 0]
    table.tricks_taken = [0, 0, 0, 0]
    table.trick_cards = []
    table.trick_seats = []
    table.leader = None
    table.current = None
    table.trick_number = 0
    table.hearts_broken = False
    table.phase = PASS
    table.offset = 0
    table.chosen = [0, 0, 0, 0]
    table.received = [0, 0, 0, 0]
    table.passed = 0
    table.hand_number = 0
    table.totals = [0, 0, 0, 0]
    table.target = target
    return table


def copy_table(table: Table) -> Table:
    """An independent copy of ``table``."""
    new = Table()
    new.hands = list(table.hands)
    new.won = list(table.won)
    new.tricks_taken = list(table.tricks_taken)
    new.trick_cards = list(table.trick_cards)
    new.trick_seats = list(table.trick_seats)
    new.leader = table.leader
    new.current = table.current
    new.trick_number = table.trick_number
    new.hearts_broken = table.hearts_broken
    new.phase = table.phase
    new.offset = table.offset
    new.chosen = list(table.chosen)
    new.received = list(table.received)
    new.passed = table.passed
    new.hand_number = table.hand_number
    new.totals = list(table.totals)
    new.target = table.target
    return new


def pass_offset(hand_number: int) -> int:
    """How many seats onward the pass of hand ``hand_number`` (from 1) goes.

    >>> [pass_offset(n) for n in range(1, 6)]
    [1, 3, 2, 0, 1]
    """
    return PASS_OFFSETS[PASS_DIRECTIONS[(hand_number - 1) % 4]]


def holder_of(hands: Sequence[int], mask: int) -> int:
    """The seat whose hand holds any card of ``mask`` (the 2♣: who leads first)."""
    for seat in range(SEATS):
        if hands[seat] & mask:
            return seat
    raise ValueError("no seat holds that card")


def deal(table: Table, hands: Sequence[int]) -> None:
    """Open the next hand with these four hands: the pass if this hand has one (seat 0
    chooses first), else the play (the holder of the 2♣ leads)."""
    table.hand_number += 1
    table.hands = list(hands)
    table.won = [0, 0, 0, 0]
    table.tricks_taken = [0, 0, 0, 0]
    table.trick_cards = []
    table.trick_seats = []
    table.trick_number = 0
    table.hearts_broken = False
    table.chosen = [0, 0, 0, 0]
    table.received = [0, 0, 0, 0]
    table.offset = offset = pass_offset(table.hand_number)
    if offset:
        table.phase = PASS
        table.passed = 0
        table.leader = None
        table.current = 0
    else:
        table.passed = SEATS
        _open_play(table)


# The deck as bits in card-index order, and the steps of random.Random.shuffle over it
# four at a time (positions 4g+3 down to 4g, with the bits each draw takes), for
# shuffled_hands: the last step, 3 2 1, deals its three and leaves position 0.
_DECK_BITS: tuple[int, ...] = tuple(1 << index for index in range(52))
_DEAL_STEPS: tuple[tuple[int, ...], ...] = tuple(
    (4 * g + 3, (4 * g + 4).bit_length(), 4 * g + 2, (4 * g + 3).bit_length(),
     4 * g + 1, (4 * g + 2).bit_length(), 4 * g, (4 * g + 1).bit_length())
    for g in range(12, 0, -1)
)


def shuffled_hands(rng: random.Random) -> list[int]:
    """Four hands of 13 cards as masks, dealt one card at a time from the deck (in
    card-index order) shuffled by ``rng``: exactly the hands, and the draws of ``rng``,
    of ``rng.shuffle(cards)`` followed by dealing ``cards[seat::4]`` to each seat.

    Fisher-Yates fixes position ``i`` of the deck at step ``i``, so each card is put in
    its hand as its position is fixed, without finishing the shuffled list first (a
    deal starts every hand of every game, searched ones included).

    >>> cards = list(_DECK_BITS)
    >>> random.Random(5).shuffle(cards)
    >>> shuffled_hands(random.Random(5)) == [sum(cards[seat::4]) for seat in range(SEATS)]
    True
    """
    if type(rng) is not random.Random:
        cards = list(_DECK_BITS)
        rng.shuffle(cards)
        return [sum(cards[seat::4]) for seat in range(SEATS)]
    getrandbits = rng.getrandbits
    deck = list(_DECK_BITS)
    h0 = h1 = h2 = h3 = 0
    # random.Random.shuffle: step i swaps position i with j, drawn below i + 1 from k
    # bits (again while too big); position i holds its final card from then on.
    for i3, k3, i2, k2, i1, k1, i0, k0 in _DEAL_STEPS:
        j = getrandbits(k3)
        while j > i3:
            j = getrandbits(k3)
        h3 |= deck[j]
        deck[j] = deck[i3]
        j = getrandbits(k2)
        while j > i2:
            j = getrandbits(k2)
        h2 |= deck[j]
        deck[j] = deck[i2]
        j = getrandbits(k1)
        while j > i1:
            j = getrandbits(k1)
        h1 |= deck[j]
        deck[j] = deck[i1]
        j = getrandbits(k0)
        while j > i0:
            j = getrandbits(k0)
        h0 |= deck[j]
        deck[j] = deck[i0]
    j = getrandbits(3)
    while j > 3:
        j = getrandbits(3)
    h3 |= deck[j]
    deck[j] = deck[3]
    j = getrandbits(2)
    while j > 2:
        j = getrandbits(2)
    h2 |= deck[j]
    deck[j] = deck[2]
    j = getrandbits(2)
    while j > 1:
        j = getrandbits(2)
    h1 |= deck[j]
    deck[j] = deck[1]
    return [h0 | deck[0], h1, h2, h3]


def playing_table(hands: Sequence[int]) -> Table:
    """A table at the first lead of a hand, with these hands (after the pass): the holder
    of the 2♣ to move."""
    table = new_table()
    table.hand_number = 1
    table.hands = list(hands)
    table.passed = SEATS
    _open_play(table)
    return table


def _open_play(table: Table) -> None:
    table.phase = PLAY
    table.leader = table.current = holder_of(table.hands, TWO_OF_CLUBS)


def give(table: Table, cards: int) -> bool:
    """The seat to move sets ``cards`` (three of its own) aside to pass.  Once all four
    have chosen, the cards change hands and the play opens: then ``True``."""
    seat = table.current
    assert seat is not None
    table.hands[seat] &= ~cards
    table.chosen[seat] = cards
    table.passed += 1
    if table.passed < SEATS:
        table.current = seat + 1
        return False
    offset = table.offset
    hands = table.hands
    for giver in range(SEATS):
        receiver = (giver + offset) % SEATS
        passed = table.chosen[giver]
        hands[receiver] |= passed
        table.received[receiver] = passed
    _open_play(table)
    return True


# --- the legal moves ------------------------------------------------------------------


def playable(hand: int, trick_cards: Sequence[int], trick_number: int, hearts_broken: bool) -> int:
    """The cards of ``hand`` its holder may play on the trick ``trick_cards`` (card
    indexes in play order; empty: a lead), as a mask.

    Follow suit if you can; the first lead is the 2♣; no heart may be led before
    hearts are broken unless the hand holds only hearts; on the first trick no heart
    nor the Q♠ unless the hand holds nothing else.

    >>> from cardtable.cards import cards_to_mask, mask_to_cards, parse_cards
    >>> hand = cards_to_mask(parse_cards("3C 2H QS"))
    >>> [str(c) for c in mask_to_cards(playable(hand, [4], 0, False))]  # the 3D led, trick 1
    ['3C']
    >>> [str(c) for c in mask_to_cards(playable(hand, [], 5, False))]  # a lead, hearts unbroken
    ['3C', 'QS']
    """
    if not trick_cards:
        if trick_number == 0:
            return TWO_OF_CLUBS
        if not hearts_broken and hand & ~HEARTS:
            return hand & ~HEARTS
        return hand
    following = hand & _SUIT[trick_cards[0] & 3]
    if following:
        return following
    if trick_number == 0 and hand & ~PENALTY:
        return hand & ~PENALTY
    return hand


def legal_plays(table: Table) -> int:
    """The cards the seat to move may play now, as a mask (the play phase only)."""
    return playable(table.hands[table.current], table.trick_cards, table.trick_number, table.hearts_broken)  # type: ignore[index]


# Every 3-of-n choice of positions in lexicographic order, n up to a full hand: the
# pass choices of a hand are its cards at these positions (itertools.combinations' order).
_TRIPLES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((a, b, c) for a, b, c in combinations(range(n), PASS_SIZE)) for n in range(HAND_SIZE + 1)
)
# The rank of a triple of positions among them.
_TRIPLE_RANKS: dict[tuple[int, int, int], int] = {
    triple: rank for rank, triple in enumerate(_TRIPLES[HAND_SIZE])
}


def bits(mask: int) -> list[int]:
    """The card indexes of ``mask``, lowest first.

    >>> bits(0b1010)
    [1, 3]
    """
    out: list[int] = []
    append = out.append
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return out


def pass_count(hand: int) -> int:
    """How many different 3-card passes ``hand`` has (286 for 13 cards)."""
    return len(_TRIPLES[hand.bit_count()])


def pass_choice(hand: int, number: int) -> int:
    """The ``number``-th 3-card pass of ``hand`` (from 0), as a mask, in lexicographic
    order of card indexes: ``number`` 0 is the three lowest cards.  Raises
    ``IndexError`` outside ``range(pass_count(hand))``.

    >>> pass_choice(0b1111, 0), pass_choice(0b1111, 3)
    (7, 14)
    """
    first, second, third = _TRIPLES[hand.bit_count()][number]
    # The hand's cards come from the cards' byte tables: seven look-ups, not a step per card.
    cards = mask_to_cards(hand)
    return cards[first].mask | cards[second].mask | cards[third].mask


def pass_choices(hand: int) -> list[int]:
    """Every 3-card pass of ``hand`` as masks, in :func:`pass_choice` order.

    >>> pass_choices(0b1111) == [pass_choice(0b1111, n) for n in range(4)]
    True
    """
    single = [1 << index for index in bits(hand)]
    return [a | b | c for a, b, c in combinations(single, PASS_SIZE)]


def pass_rank(hand: int, cards: int) -> int:
    """The number of the pass ``cards`` among those of ``hand`` (see :func:`pass_choice`),
    or -1 when ``cards`` is not three cards of ``hand``.

    >>> pass_rank(0b1111, 14), pass_rank(0b1111, 0b10011), pass_rank(0b1111, 3)
    (3, -1, -1)
    """
    if cards & ~hand or cards.bit_count() != PASS_SIZE:
        return -1
    positions = []
    position = 0
    mask = hand
    while mask:
        low = mask & -mask
        if low & cards:
            positions.append(position)
        position += 1
        mask ^= low
    if hand.bit_count() == HAND_SIZE:
        return _TRIPLE_RANKS[(positions[0], positions[1], positions[2])]
    return _TRIPLES[hand.bit_count()].index((positions[0], positions[1], positions[2]))


# --- playing ----------------------------------------------------------------------------


def trick_winner(cards: Sequence[int], seats: Sequence[int]) -> tuple[int, int]:
    """The seat that wins a full trick, and the trick's cards as a mask.

    ``cards`` are card indexes in play order and ``seats`` who played them.  No suit is
    trump: the highest card of the suit led wins (within a suit a higher index is a
    higher rank).

    >>> from cardtable.cards import cards_to_mask, parse_cards
    >>> winner, mask = trick_winner([c.index for c in parse_cards("5C AD 9C 2C")], [2, 3, 0, 1])
    >>> winner, mask == cards_to_mask(parse_cards("2C 5C 9C AD"))
    (0, True)
    """
    lead = cards[0] & 3
    best = 0
    mask = 0
    for position, index in enumerate(cards):
        mask |= 1 << index
        if index & 3 == lead and index > cards[best]:
            best = position
    return seats[best], mask


def _close_trick(cards: list[int], seats: list[int]) -> tuple[int, int]:
    """:func:`trick_winner` of four cards, unrolled: it runs once per trick of every
    play-out of the search."""
    first, second, third, fourth = cards
    lead = first & 3
    best = first
    winner = 0
    if second & 3 == lead and second > best:
        best, winner = second, 1
    if third & 3 == lead and third > best:
        best, winner = third, 2
    if fourth & 3 == lead and fourth > best:
        winner = 3
    return seats[winner], (1 << first) | (1 << second) | (1 << third) | (1 << fourth)


def play(table: Table, card: int) -> None:
    """The seat to move plays ``card`` (one of :func:`legal_plays`).  When the card
    finishes a trick, ``trick_cards`` is empty afterwards and the trick's winner is
    ``current`` (it leads next).  After the 13th trick the hand is over:
    :func:`end_hand` scores it.
    """
    current = table.current
    bit = 1 << card
    table.hands[current] &= ~bit  # type: ignore[index]
    cards = table.trick_cards
    cards.append(card)
    table.trick_seats.append(current)  # type: ignore[arg-type]
    if bit & HEARTS:
        table.hearts_broken = True
    if len(cards) < SEATS:
        table.current = (current + 1) & 3  # type: ignore[operator]
        return
    winner, trick_mask = _close_trick(cards, table.trick_seats)
    table.won[winner] |= trick_mask
    table.tricks_taken[winner] += 1
    table.trick_number += 1
    table.trick_cards = []
    table.trick_seats = []
    table.leader = table.current = winner


Policy = Callable[[int, int, list[int], list[int], int, int, list[int], list[int]], int]
"""A play-out's choice of card: ``policy(hand, playable, trick_cards, trick_seats, seat,
trick_number, hands, won) -> card index`` (one of ``playable``, which has two or more
cards: a single legal card is played without asking)."""


def play_out(table: Table, policy: Policy) -> None:
    """Play the hand on with ``policy`` until it is :func:`decided` (13 tricks, or every
    penalty card taken).  ``leader`` and ``tricks_taken`` are not kept up to date: the
    search's play-outs, for which this is the hot path, never read them.
    """
    hands = table.hands
    won = table.won
    cards = table.trick_cards
    seats = table.trick_seats
    current: int = table.current  # type: ignore[assignment]
    tricks = table.trick_number
    broken = table.hearts_broken
    suits = _SUIT
    taken = won[0] | won[1] | won[2] | won[3]
    while True:
        hand = hands[current]
        # playable(), inline: a call on every card would slow every play-out.
        if not cards:
            if tricks == 0:
                legal = TWO_OF_CLUBS
            elif not broken and hand & ~HEARTS:
                legal = hand & ~HEARTS
            else:
                legal = hand
        else:
            legal = hand & suits[cards[0] & 3]
            if not legal:
                legal = hand & ~PENALTY if tricks == 0 and hand & ~PENALTY else hand
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            card = policy(hand, legal, cards, seats, current, tricks, hands, won)
        # play(), inline, for the same reason.
        bit = 1 << card
        hands[current] = hand & ~bit
        cards.append(card)
        seats.append(current)
        if bit & HEARTS:
            broken = True
        if len(cards) < SEATS:
            current = (current + 1) & 3
            continue
        current, trick_mask = _close_trick(cards, seats)
        won[current] |= trick_mask
        taken |= trick_mask
        tricks += 1
        cards = []
        seats = []
        if tricks == TRICKS_PER_HAND or taken & PENALTY == PENALTY:
            break
    table.trick_cards = cards
    table.trick_seats = seats
    table.current = current
    table.trick_number = tricks
    table.hearts_broken = broken


# --- scoring ----------------------------------------------------------------------------


def points(mask: int) -> int:
    """The penalty points of the cards of ``mask``: 1 a heart, 13 the Q♠.

    >>> points(QUEEN_OF_SPADES | HEARTS)
    26
    """
    return (mask & HEARTS).bit_count() + (QUEEN_OF_SPADES_POINTS if mask & QUEEN_OF_SPADES else 0)


def hand_points(won: Sequence[int]) -> list[int]:
    """Each seat's points taken (before the moon rule) from the cards it won."""
    return [points(mask) for mask in won]


def moon_scores(points_taken: Sequence[int]) -> list[int]:
    """A hand's scores from the points each seat took: whoever took all 26 scores 0
    and everyone else 26.

    >>> moon_scores([26, 0, 0, 0]), moon_scores([3, 13, 10, 0])
    ([0, 26, 26, 26], [3, 13, 10, 0])
    """
    if POINTS_PER_HAND in points_taken:
        return [0 if taken == POINTS_PER_HAND else POINTS_PER_HAND for taken in points_taken]
    return list(points_taken)


def decided(table: Table) -> bool:
    """Whether the hand's points are settled: 13 tricks played, or every penalty card
    already taken (nothing left to play can change who scores what)."""
    if table.trick_number == TRICKS_PER_HAND:
        return True
    won = table.won
    return (won[0] | won[1] | won[2] | won[3]) & PENALTY == PENALTY


def settled_points(table: Table) -> list[int]:
    """Each seat's points taken this hand (before the moon rule), counting the last
    trick as taken when only it is left to lead: one card each, so the leader's suit
    decides who takes them all.

    >>> table = new_table()
    >>> table.hands, table.trick_number, table.current = [1 << 8, 1 << 5, 1 << 2, QUEEN_OF_SPADES], 12, 0
    >>> settled_points(table)  # seat 0 leads the 4C and takes the 2H and the QS
    [14, 0, 0, 0]
    """
    raw = hand_points(table.won)
    if table.trick_number == TRICKS_PER_HAND - 1 and not table.trick_cards and table.current is not None:
        hands = table.hands
        lead = (hands[table.current] & -hands[table.current]).bit_length() - 1 & 3
        winner = max(
            range(SEATS),
            key=lambda s: hands[s] if (hands[s] & -hands[s]).bit_length() - 1 & 3 == lead else -1,
        )
        raw[winner] += points(hands[0] | hands[1] | hands[2] | hands[3])
    return raw


def end_hand(table: Table) -> tuple[list[int], list[int]]:
    """Score the hand just played (13 tricks): the points taken and, after the moon
    rule, the scores, which are added to ``totals``.  The game goes on with the next
    :func:`deal` unless :func:`game_winners` says it is over."""
    raw = hand_points(table.won)
    scored = moon_scores(raw)
    for seat in range(SEATS):
        table.totals[seat] += scored[seat]
    return raw, scored


def game_winners(totals: Sequence[int], target: int) -> list[int]:
    """The seats with the lowest total when some total reached ``target``: one seat when
    the game is over; several when the lowest is tied (another hand is played); none
    when nobody reached the target.

    >>> game_winners([100, 40, 60, 20], 100), game_winners([100, 20, 60, 20], 100), game_winners([5, 0, 0, 0], 100)
    ([3], [1, 3], [])
    """
    if max(totals) < target:
        return []
    lowest = min(totals)
    return [seat for seat in range(SEATS) if totals[seat] == lowest]


def finish_game(table: Table) -> None:
    """Mark the game over: nobody is to move any more."""
    table.phase = OVER
    table.current = None
    table.leader = None
