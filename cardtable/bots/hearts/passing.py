"""The hard Hearts bot's pass: candidate passes played out as whole hands on the same
random deals (:func:`search_pass`)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from itertools import combinations

from cardtable.bots.hearts.masks import CLUBS, DIAMONDS
from cardtable.bots.hearts.model import playout_policy
from cardtable.bots.hearts.strategy import choose_pass, pass_danger
from cardtable.bots.search import StopFlag
from cardtable.cards import SUIT_MASKS, iter_bits
from cardtable.games.hearts.kernel import TWO_OF_CLUBS, hand_points, moon_scores, play_out, playing_table

__all__ = ["search_pass", "pass_candidates", "play_out_hand", "PASS_CANDIDATE_CARDS"]

PASS_CANDIDATE_CARDS = 7
"""The hard bot weighs every 3-card pass drawn from this many of its most dangerous cards
(by the normal bot's measure), plus the normal bot's own pass and the passes that void a
short minor suit."""


def play_out_hand(hands: Sequence[int], rng: random.Random | None = None, noise: float = 0.0) -> list[int]:
    """Play a whole hand from the first trick with the normal strategy for every seat;
    return each seat's points after the moon rule.

    ``hands``: the four hands after the pass, as bitmasks.  ``noise``: how often a seat
    plays a random legal card instead (needs ``rng``).

    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=1)
    >>> sum(play_out_hand(state.hands))
    26
    """
    table = playing_table(hands)
    play_out(table, _NORMAL_POLICY if not noise or rng is None else playout_policy(rng, noise, None))
    return moon_scores(hand_points(table.won))


_NORMAL_POLICY = playout_policy(None, 0.0, None)


def pass_candidates(hand: int) -> list[int]:
    """The passes the hard bot weighs, as bitmasks; the normal bot's pass comes first.

    >>> from cardtable.cards import cards_to_mask, parse_cards
    >>> hand = cards_to_mask(parse_cards("2C 5C 9C 3D 4D 6D 8D TD 2H 3H 4H QS AH"))
    >>> candidates = pass_candidates(hand)
    >>> candidates[0] == choose_pass(hand), len(set(candidates)) == len(candidates)
    (True, True)
    """
    first = choose_pass(hand)
    ranked = sorted(iter_bits(hand), key=lambda i: -pass_danger(i, hand))
    top = ranked[:PASS_CANDIDATE_CARDS]
    candidates = [first]
    seen = {first}
    for trio in combinations(top, 3):
        mask = (1 << trio[0]) | (1 << trio[1]) | (1 << trio[2])
        if mask not in seen:
            seen.add(mask)
            candidates.append(mask)
    for suit in (CLUBS, DIAMONDS):
        short = hand & SUIT_MASKS[suit] & ~TWO_OF_CLUBS
        if 0 < short.bit_count() <= 3 and short == hand & SUIT_MASKS[suit]:
            fill = [i for i in ranked if not (1 << i) & short][: 3 - short.bit_count()]
            mask = short
            for i in fill:
                mask |= 1 << i
            if mask not in seen:
                seen.add(mask)
                candidates.append(mask)
    return candidates


def search_pass(
    hand: int,
    seat: int,
    offset: int,
    rng: random.Random,
    playouts: int | None = None,
    deadline: float | None = None,
    stop: StopFlag | None = None,
    figures: list[tuple[int, int, float, dict[int, int]]] | None = None,
    candidates: Sequence[int] | None = None,
) -> int:
    """The hard bot's pass (a bitmask): each candidate of :func:`pass_candidates` is played
    out on the same random deals of the other 39 cards, the other seats passing as the
    normal bot does and everybody playing the hand with the normal strategy; every few
    deals the worse half of the candidates is dropped, and the candidate with the best
    average (own points against the others' average) is passed.

    Stops after ``playouts`` hands played out in all, or at ``deadline``
    (``time.perf_counter``), always after at least one deal; and as soon as ``stop`` is
    set (from another thread: the game was closed).  ``figures``, when given, receives
    for every candidate ``(pass, hands played out, mean points against the others'
    average, {own points: hands})`` (the hint's explanation).  ``candidates``, when
    given, are weighed instead of :func:`pass_candidates` (the review values the pass
    made against the bot's own this way).

    >>> from cardtable.cards import cards_to_mask, parse_cards
    >>> hand = cards_to_mask(parse_cards("2C 5C 9C 3D 4D 6D 8D TD 2H 3H 4H QS AH"))
    >>> passed = search_pass(hand, 0, 1, random.Random(1), playouts=200)
    >>> passed & hand == passed and passed.bit_count() == 3
    True
    """
    candidates = pass_candidates(hand) if candidates is None else list(candidates)
    totals = [0.0] * len(candidates)
    played = [0] * len(candidates)
    own: list[dict[int, int]] | None = [{} for _ in candidates] if figures is not None else None
    alive = list(range(len(candidates)))
    unknown = [i for i in range(52) if not hand >> i & 1]
    others = [s for s in range(4) if s != seat]
    giver_to_me = (seat - offset) % 4
    target = (seat + offset) % 4
    clock = time.perf_counter
    spent = 0
    deals = 0
    block = 4
    while True:
        if playouts is not None:
            if deals and spent + len(alive) > playouts:
                break
        elif deals and clock() >= deadline:  # type: ignore[operator]
            break
        if deals and stop is not None and stop.is_set():
            break
        rng.shuffle(unknown)
        hands = [0, 0, 0, 0]
        for place, other in enumerate(others):
            mask = 0
            for index in unknown[place * 13 : place * 13 + 13]:
                mask |= 1 << index
            hands[other] = mask
        passes = [0, 0, 0, 0]
        for other in others:
            passes[other] = choose_pass(hands[other])
        after = [0, 0, 0, 0]
        for other in others:
            giver = (other - offset) % 4
            after[other] = hands[other] & ~passes[other] | (passes[giver] if giver != seat else 0)
        received = passes[giver_to_me]
        for k in alive:
            chosen = candidates[k]
            trial = list(after)
            trial[seat] = hand & ~chosen | received
            trial[target] |= chosen
            points = play_out_hand(trial)
            totals[k] += (sum(points) - points[seat]) / 3.0 - points[seat]
            played[k] += 1
            if own is not None:
                own[k][points[seat]] = own[k].get(points[seat], 0) + 1
        spent += len(alive)
        deals += 1
        if deals % block == 0 and len(alive) > 3:
            alive.sort(key=lambda k: (-totals[k], k))
            alive = alive[: max(3, len(alive) // 2)]
            block *= 2
    if figures is not None and own is not None:
        figures.extend(
            (candidates[k], played[k], totals[k] / played[k], own[k]) for k in range(len(candidates)) if played[k]
        )
    return candidates[max(alive, key=lambda k: (totals[k], -k))]

