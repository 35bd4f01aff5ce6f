"""President's heuristics on card masks, and the easy and normal bots.

The hand arithmetic (:func:`rank_counts`, :func:`is_safe`), the way out by force
(:func:`forced_line`), the normal strategy (:func:`normal_move`, :func:`choose_gift`) and
what it reads of an observation (:func:`situation`).  The hard bot's search plays its
opponents and its play-outs with the same strategy (:mod:`cardtable.bots.president.model`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from cardtable.bots.base import own_seat
from cardtable.cards import cards_to_mask
from cardtable.engine.actions import PASS, Action
from cardtable.games.president import PresidentObservation, give_action, play_action, played_this_round
from cardtable.games.president.kernel import HIGHER, LOWEST, ORDERS, POSITION

__all__ = [
    "EasyPresidentBot",
    "NormalPresidentBot",
    "Situation",
    "situation",
    "normal_play",
    "normal_move",
    "choose_gift",
    "forced_line",
    "rank_counts",
    "is_safe",
    "seat_view",
    "play_of",
    "EASY_NOISE",
    "EVERY_CARD",
]

EASY_NOISE = 0.1
"""How often the easy bot picks any legal action instead of the lowest combination."""

EVERY_CARD = (1 << 52) - 1
"""Every card of the deck, as a mask."""

_NORMAL_RANKS = ORDERS[0]

# --- hand arithmetic ----------------------------------------------------------------------


def rank_counts(mask: int) -> list[int]:
    """How many cards of each rank ``mask`` holds, indexed by rank (2 to 14).

    >>> from cardtable.cards import parse_cards, cards_to_mask
    >>> counts = rank_counts(cards_to_mask(parse_cards("3C 3H 2S")))
    >>> counts[3], counts[2], counts[14]
    (2, 1, 0)
    """
    return list(_counts(mask))


# A byte of a hand (two ranks) -> the two ranks' card counts, as two bytes.
_PAIR_COUNTS = tuple(bytes(((n & 15).bit_count(), (n >> 4).bit_count())) for n in range(256))


def _counts(mask: int) -> bytes:
    """:func:`rank_counts` as bytes, its fastest form (the play-outs call it most):
    indexes 0 and 1 are 0, then one byte per rank from the 2s to the aces."""
    t = _PAIR_COUNTS
    return b"".join((
        b"\0\0", t[mask & 255], t[mask >> 8 & 255], t[mask >> 16 & 255], t[mask >> 24 & 255],
        t[mask >> 32 & 255], t[mask >> 40 & 255], t[mask >> 48 & 15][:1],
    ))


def play_of(hand: int, rank: int, size: int) -> Action:
    """The play of ``size`` cards of ``rank`` from ``hand`` (its lowest suits)."""
    shift = (rank - 2) * 4
    return play_action(LOWEST[hand >> shift & 15][size] << shift)


def seat_view(hands: Sequence[int], seat: int) -> tuple[int, int]:
    """What ``seat`` sees of the other hands in a world: every card in them (unseen to it)
    as a mask, and the fewest cards any opponent still playing holds (52 if none).

    >>> seat_view([0b1, 0b110, 0, 0b1000], 0)
    (14, 1)
    """
    unseen = 0
    fewest = 52
    for other_seat, other in enumerate(hands):
        if other_seat != seat and other:
            unseen |= other
            n = other.bit_count()
            if n < fewest:  # not min(): the tree asks this at every opponent's move
                fewest = n
    return unseen, fewest


def is_safe(rank: int, size: int, revolution: bool, unseen: Sequence[int], revolution_enabled: bool = True) -> bool:
    """Whether nobody can beat ``size`` cards of ``rank``, given the ``unseen`` rank counts.

    A four of a kind turns the order first (with revolution on), so it is beaten by a
    higher four in the new order.

    >>> unseen = rank_counts(0)
    >>> unseen[14] = 1            # one ace is still out
    >>> is_safe(13, 1, False, unseen), is_safe(13, 2, False, unseen)
    (False, True)
    """
    after = revolution != (size == 4 and revolution_enabled)
    for higher in HIGHER[after][rank]:  # noqa: SIM110 - a plain loop: all() costs more here
        if unseen[higher] >= size:
            return False
    return True


def forced_line(
    counts: Sequence[int],
    revolution: bool,
    unseen: Sequence[int],
    revolution_enabled: bool = True,
    table_rank: int = 0,
    table_size: int = 0,
) -> list[tuple[int, int]] | None:
    """A way to go out without letting anyone else play, as ``(rank, size)`` plays.

    ``counts`` are the seat's rank counts, ``unseen`` those of every card it cannot see
    (in other hands); with ``table_size`` the first play must beat the table.  Every
    play but the last must be safe (:func:`is_safe`): all others pass, the seat wins
    the trick and leads again.  The last play empties the hand.  ``None`` if no such
    line exists.  The search is exact: every split of the hand's ranks is tried.

    >>> from cardtable.cards import parse_cards, cards_to_mask
    >>> mine = rank_counts(cards_to_mask(parse_cards("2C 2D 4S")))
    >>> out = rank_counts(cards_to_mask(parse_cards("2H AS AC 3D")))
    >>> forced_line(mine, False, out)       # the pair of 2s cannot be beaten, then the 4
    [(2, 2), (4, 1)]
    >>> forced_line(mine, False, out, table_rank=14, table_size=1)  # on an ace: a 2, a 2, the 4
    [(2, 1), (2, 1), (4, 1)]
    """
    if not (revolution_enabled and 4 in counts):
        # Without a four the order never turns, and a group is safest played whole.  Only
        # the last play may be unsafe (the first one too when it must beat the table),
        # so two groups unsafe even whole (three when following) rule out every line.
        unsafe = 0
        for r in _NORMAL_RANKS:
            c = counts[r]
            if c and not is_safe(r, c, revolution, unseen, revolution_enabled):
                unsafe += 1
        if unsafe >= (3 if table_size else 2):
            return None
    failed: set[tuple[tuple[int, ...], bool]] = set()

    def lead(held: list[int], rev: bool) -> list[tuple[int, int]] | None:
        groups = [r for r in ORDERS[rev] if held[r]]
        if len(groups) == 1:
            return [(groups[0], held[groups[0]])]
        key = (tuple(held), rev)
        if key in failed:
            return None
        for r in reversed(groups):  # high ranks first: those are the safe ones
            for k in range(held[r], 0, -1):
                if is_safe(r, k, rev, unseen, revolution_enabled):
                    held[r] -= k
                    rest = lead(held, rev != (k == 4 and revolution_enabled))
                    held[r] += k
                    if rest is not None:
                        return [(r, k)] + rest
        failed.add(key)
        return None

    held = list(counts)
    if not table_size:
        return lead(held, revolution) if any(held) else None
    total = sum(held)
    for r in HIGHER[revolution][table_rank]:
        if held[r] < table_size:
            continue
        if total == table_size:
            return [(r, table_size)]
        if is_safe(r, table_size, revolution, unseen, revolution_enabled):
            held[r] -= table_size
            rest = lead(held, revolution != (table_size == 4 and revolution_enabled))
            held[r] += table_size
            if rest is not None:
                return [(r, table_size)] + rest
    return None


# --- the normal strategy --------------------------------------------------------------------


def normal_move(
    hand: int,
    table_rank: int,
    table_size: int,
    revolution: bool,
    revolution_enabled: bool,
    unseen: int,
    fewest_cards: int,
    behind: bool = False,
) -> tuple[int, int] | None:
    """The normal strategy's play as ``(rank, size)``, or ``None`` to pass.

    ``hand`` and ``unseen`` (every card in other hands) are card masks; ``table_size``
    is 0 when leading; ``fewest_cards`` is the smallest hand among the opponents still
    playing; ``behind``: whether the seat trails on score, which makes it play harder.

    >>> from cardtable.cards import parse_cards, cards_to_mask
    >>> hand = cards_to_mask(parse_cards("3C 3D 5H 9S 9C 2D"))
    >>> rest = 0xFFFFFFFFFFFFF & ~hand
    >>> normal_move(hand, 0, 0, False, True, rest, 13)      # lead the lowest group whole
    (3, 2)
    >>> normal_move(hand, 4, 1, False, True, rest, 13)      # a single: the 5, not a 3 from the pair
    (5, 1)
    >>> normal_move(hand, 10, 1, False, True, rest, 13) is None   # keep the 2 and the pairs
    True
    """
    counts = _counts(hand)
    size = table_size
    if size:
        options = [r for r in HIGHER[revolution][table_rank] if counts[r] >= size]
        if not options:
            return None
    order = ORDERS[revolution]
    top = order[-1]
    groups = [r for r in order if counts[r]]
    cards = hand.bit_count()
    if not groups:
        return None
    if len(groups) <= 4:
        line = forced_line(counts, revolution, _counts(unseen), revolution_enabled, table_rank, table_size)
        if line:
            return line[0]
    keep_fours = revolution_enabled
    if not table_size:
        if len(groups) == 1:
            return groups[0], counts[groups[0]]
        if keep_fours:
            for r in groups:
                if counts[r] == 4 and _revolution_helps(counts, r, revolution):
                    return r, 4
        plain = [r for r in groups if r != top and not (keep_fours and counts[r] == 4)]
        if plain:
            return plain[0], counts[plain[0]]
        if counts[top]:
            return top, counts[top]
        return groups[0], counts[groups[0]]

    if cards == size:
        return options[0], size
    urgent = fewest_cards <= (3 if behind else 2) or cards <= 4
    position = POSITION[revolution]
    for r in options:  # a group of exactly this size, not a control card
        if counts[r] == size and r != top and (counts[r] < 4 or not keep_fours or size == 4):
            return r, size
    for r in options:
        if r == top:
            # A 2 takes the lead back: worth it on a high table, or when time is short.
            plain_left = sum(1 for g in groups if g != top)
            if plain_left and (urgent or position[table_rank] >= (7 if behind else 8)):
                return r, size
            continue
        if counts[r] == 4 and keep_fours:
            continue
        if urgent:
            return r, size  # breaking a group, because an opponent is nearly out
    if urgent and keep_fours:
        for r in options:
            if counts[r] == 4 and fewest_cards <= 2:
                return r, size
    return None


def _revolution_helps(counts: Sequence[int], four: int, revolution: bool) -> bool:
    """Whether the cards besides ``four`` would be stronger in the inverted order."""
    position = POSITION[revolution]
    now = turned = held = 0
    for r in _NORMAL_RANKS:
        c = counts[r]
        if c and r != four:
            now += position[r] * c
            turned += (12 - position[r]) * c
            held += c
    return held > 0 and turned > now + held


def choose_gift(hand: int, count: int) -> int:
    """The ``count`` cards the normal bot gives back in an exchange, as a mask.

    Low cards in the normal order (the next round starts in it), preferring to give a
    whole low group away rather than break a pair.

    >>> from cardtable.cards import parse_cards, cards_to_mask, mask_to_cards
    >>> hand = cards_to_mask(parse_cards("3C 4D 4H 9S JC KD 2S"))
    >>> [str(c) for c in mask_to_cards(choose_gift(hand, 2))]
    ['4D', '4H']
    >>> [str(c) for c in mask_to_cards(choose_gift(hand, 1))]
    ['3C']
    """
    counts = rank_counts(hand)
    position = POSITION[0]
    cards = sorted(
        (i for i in range(52) if hand >> i & 1),
        key=lambda i: (position[(i >> 2) + 2], i),
    )
    low = [i for i in cards if (i >> 2) + 2 != 2][:6] or cards[:6]
    best, best_cost = 0, None
    for combo in combinations(low, count):
        taken: dict[int, int] = {}
        cost = 0
        for i in combo:
            r = (i >> 2) + 2
            taken[r] = taken.get(r, 0) + 1
            cost += position[r]
        for r, n in taken.items():
            cost += -3 if n == counts[r] else 2
        if best_cost is None or cost < best_cost:
            best, best_cost = sum(1 << i for i in combo), cost
    return best



# --- bots ------------------------------------------------------------------------------------



class Situation(NamedTuple):
    """What the normal strategy reads of an observation, on card masks."""

    hand: int
    table_rank: int  # 0 when leading
    table_size: int
    unseen: int  # every card in other hands (neither held nor played this round)
    fewest: int  # the fewest cards an opponent still playing holds
    behind: bool  # trailing on score


def situation(observation: PresidentObservation) -> Situation:
    """The :class:`Situation` of ``observation``'s seat."""
    hand = cards_to_mask(observation.hand)
    table = observation.table
    unseen = EVERY_CARD & ~hand & ~played_this_round(observation)
    seat = own_seat(observation)
    sizes = [n for s, n in enumerate(observation.hand_sizes) if s != seat and n]
    scores = observation.scores
    behind = scores[seat] < max(scores)
    return Situation(hand, table[0].rank if table else 0, len(table), unseen, min(sizes, default=0), behind)


def normal_play(observation: PresidentObservation) -> Action:
    """:func:`normal_move` in ``observation``, as the action (the lowest suits of its rank)."""
    hand, table_rank, table_size, unseen, fewest, behind = situation(observation)
    move = normal_move(
        hand, table_rank, table_size, observation.revolution,
        observation.revolution_enabled, unseen, fewest, behind,
    )
    return PASS if move is None else play_of(hand, *move)


class EasyPresidentBot:
    """Plays the lowest legal combination, with a little randomness.

    >>> EasyPresidentBot(seed=1).level
    'easy'
    """

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: PresidentObservation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if legal_actions[0].kind == "give" or self.rng.random() < EASY_NOISE:
            return legal_actions[self.rng.randrange(len(legal_actions))]
        if observation.table:
            return legal_actions[0]  # the lowest rank that beats the table, or pass
        hand = cards_to_mask(observation.hand)
        for r in ORDERS[observation.revolution]:
            nibble = hand >> (r - 2) * 4 & 15
            if nibble:
                return play_action(nibble << (r - 2) * 4)
        return legal_actions[0]


class NormalPresidentBot:
    """The heuristic player: see :func:`normal_move` and :func:`choose_gift`.

    >>> NormalPresidentBot(seed=1).level
    'normal'
    """

    level = "normal"

    def __init__(self, seed: int | None = None) -> None:
        # The strategy is deterministic; the rng is kept for the protocol's sake.
        self.rng = random.Random(seed)

    def choose(self, observation: PresidentObservation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if legal_actions[0].kind == "give":
            return give_action(choose_gift(cards_to_mask(observation.hand), observation.exchange_due))
        return normal_play(observation)

