"""Playing a Durak round out fast: :func:`play_out`, the search's play-outs, on local
integers, with the policies that choose each move (see :mod:`cardtable.games.durak.kernel`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardtable.games.durak.kernel.core import (
    ATTACK,
    BEATERS,
    DEFEND,
    HAND_SIZE,
    MAX_ATTACKS,
    SAME_RANK,
    THROW_IN,
    Table,
    end_round,
)

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
                    end_round(table, remaining[0] if remaining else None)
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
