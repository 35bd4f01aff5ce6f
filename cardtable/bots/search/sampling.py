"""Dealing the hidden cards: :func:`sample_hands` deals the cards a seat cannot see
among the places that hold them, honouring what is known and what is ruled out; every
game's model deals its worlds with it."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from cardtable.cards import Card, iter_bits

__all__ = ["sample_hands", "ImpossibleDealError"]


class ImpossibleDealError(ValueError):
    """No deal of the hidden cards satisfies the constraints given to :func:`sample_hands`."""



def _as_mask(cards: int | Iterable[Card] | None) -> int:
    if cards is None:
        return 0
    if isinstance(cards, int):
        return cards
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def sample_hands(
    unknown_cards: int | Iterable[Card],
    counts: Sequence[int],
    known: Sequence[int | Iterable[Card] | None] | None,
    forbidden: Sequence[int | Iterable[Card] | None] | None,
    rng: random.Random,
) -> list[int]:
    """Deal ``unknown_cards`` among the places in ``counts`` at random, as bitmasks.

    - ``counts[p]``: how many of these cards place ``p`` must end up with; a place is a
      seat or anything else that holds hidden cards (Durak's stock, the toy game's
      undealt cards).  The counts must add up to the number of unknown cards.
    - ``known[p]``: cards among ``unknown_cards`` known to be at ``p`` (a card a Durak
      defender picked up, a card this seat passed in Hearts); they count towards
      ``counts[p]``.
    - ``forbidden[p]``: cards ``p`` cannot hold (every card of a suit it showed void in).

    Every card set may be a bitmask or an iterable of cards; ``known`` and ``forbidden``
    may be ``None`` or hold ``None`` for "no constraint".  Without ``forbidden`` cards the
    deal is exactly uniform.  With them, cards are placed one at a time, the most
    constrained first, each to a place weighted by the room it has left, never to a place
    that would leave the rest impossible (an exact check of Hall's condition): a deal is
    always found when one exists, and it is uniform when the constraints nest (as one
    void does) and close to it otherwise.  Raises :class:`ImpossibleDealError` when no
    deal exists.

    >>> import random
    >>> from cardtable.cards import parse_cards, mask_to_cards
    >>> hands = sample_hands(parse_cards("2C 3C 2H 3H"), [2, 2], None,
    ...                      [parse_cards("2H 3H"), None], random.Random(1))
    >>> [" ".join(map(str, mask_to_cards(h))) for h in hands]
    ['2C 3C', '2H 3H']
    """
    pool = _as_mask(unknown_cards)
    places = len(counts)
    known_masks = [_as_mask(k) for k in known] if known is not None else [0] * places
    forbidden_masks = [_as_mask(f) for f in forbidden] if forbidden is not None else [0] * places
    if len(known_masks) != places or len(forbidden_masks) != places:
        raise ValueError("counts, known and forbidden must list the same places")
    total = pool.bit_count()
    if any(c < 0 for c in counts):
        raise ValueError("a place cannot hold a negative number of cards")
    if sum(counts) != total:
        raise ImpossibleDealError(f"{total} unknown cards cannot fill places wanting {sum(counts)}")
    taken = 0
    for p in range(places):
        k = known_masks[p]
        if k & ~pool:
            raise ImpossibleDealError(f"place {p} is known to hold a card that is not unknown")
        if k & taken:
            raise ImpossibleDealError(f"a card is known to be at place {p} and at another place")
        if k & forbidden_masks[p]:
            raise ImpossibleDealError(f"place {p} is known to hold a card it cannot hold")
        if k.bit_count() > counts[p]:
            raise ImpossibleDealError(f"place {p} is known to hold more cards than it has")
        taken |= k
    rest = pool & ~taken
    need = [counts[p] - known_masks[p].bit_count() for p in range(places)]
    hands = list(known_masks)
    cards = list(iter_bits(rest))
    blocked = [f & rest for f in forbidden_masks]

    if not any(blocked):
        return _plain_deal(cards, need, hands, rng)
    return _constrained_deal(cards, need, hands, blocked, rng)


def _plain_deal(cards: list[int], need: list[int], hands: list[int], rng: random.Random) -> list[int]:
    order = cards[:]
    rng.shuffle(order)
    position = 0
    for p, n in enumerate(need):
        mask = 0
        for index in order[position : position + n]:
            mask |= 1 << index
        hands[p] |= mask
        position += n
    return hands


def _constrained_deal(
    cards: list[int], need: list[int], hands: list[int], blocked: list[int], rng: random.Random
) -> list[int]:
    """Deal cards grouped by the set of places allowed to hold them, most constrained first.

    A group's cards go to a random sample of the free slots of its allowed places, which is
    what dealing them one by one, each place weighted by its room left, would do.  A draw
    that would leave the other groups impossible (Hall's condition: for every set of
    places, the cards allowed only inside it must fit its room) is redrawn, and after a
    few misses the group is placed card by card, checking each step.
    """
    places = len(need)
    full = (1 << places) - 1
    groups: dict[int, list[int]] = {}
    for index in cards:
        allowed = full
        for p in range(places):
            if blocked[p] >> index & 1:
                allowed &= ~(1 << p)
        groups.setdefault(allowed, []).append(index)
    waiting = {kind: len(members) for kind, members in groups.items()}
    need = list(need)
    # Hall's condition says nothing of a card no place may hold.
    if 0 in groups or not _fits(need, waiting, places):
        raise ImpossibleDealError("no deal of the unknown cards fits every constraint")
    for kind in sorted(groups, key=lambda k: (k.bit_count(), k)):
        members = groups[kind]
        rng.shuffle(members)
        del waiting[kind]
        slots = [p for p in range(places) if kind >> p & 1 for _ in range(need[p])]
        for _ in range(4):
            picks = rng.sample(slots, len(members))
            trial = list(need)
            for p in picks:
                trial[p] -= 1
            if _fits(trial, waiting, places):
                break
        else:
            picks, trial = [], list(need)
            for left in range(len(members) - 1, -1, -1):
                if left:
                    waiting[kind] = left  # this group's cards still to place after this one
                else:
                    waiting.pop(kind, None)
                options = [p for p in range(places) if kind >> p & 1 and trial[p] > 0]
                while True:
                    pick = rng.choices(options, [trial[p] for p in options])[0]
                    trial[pick] -= 1
                    if _fits(trial, waiting, places):
                        break
                    trial[pick] += 1
                    options.remove(pick)
                picks.append(pick)
        for index, p in zip(members, picks):
            hands[p] |= 1 << index
        need = trial
    return hands


def _fits(need: list[int], waiting: dict[int, int], places: int) -> bool:
    """Hall's condition: the waiting cards (by allowed-places mask) can fill ``need``."""
    for subset in range(1, 1 << places):
        room = 0
        for p in range(places):
            if subset >> p & 1:
                room += need[p]
        for kind, count in waiting.items():
            if kind & ~subset == 0:
                room -= count
        if room < 0:
            return False
    return True
