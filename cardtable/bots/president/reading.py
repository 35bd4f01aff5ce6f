"""What President's hard bot reads of the opponents: the constraints on every deal of
the hidden cards (:func:`deal_constraints`: the exchange's cards and what an automatic
gift says) and every play and pass of the opponents this round, as the normal strategy
saw it (:func:`round_checks`), which the search model's sampler weighs deals by."""

from __future__ import annotations

from typing import NamedTuple

from cardtable.bots.base import own_seat
from cardtable.bots.president.strategy import EVERY_CARD
from cardtable.cards import cards_to_mask
from cardtable.games.president import PresidentObservation, played_this_round
from cardtable.games.president.kernel import GIFT_STRENGTH

__all__ = ["DealConstraints", "PlayCheck", "deal_constraints", "round_checks", "hands_with"]


class DealConstraints(NamedTuple):
    """What every deal of one decision's hidden cards keeps to, per opponent (a *place*:
    the opponents in seat order, this seat left out)."""

    unknown: int  # the cards to deal: neither in this seat's hand nor played this round
    counts: list[int]  # how many each place holds (its public hand size)
    known: list[int]  # cards each place surely holds (this seat gave them in the exchange)
    forbidden: list[int]  # cards each place surely does not hold (an automatic gift's giver)
    others: list[int]  # the seat of each place


class PlayCheck(NamedTuple):
    """One play or pass of an opponent this round, as the normal strategy saw it."""

    later: int  # the cards it has played since, this play included (its hand then: now plus these)
    before: int  # every card played before it this round
    table_rank: int
    table_size: int  # 0 when it led
    revolution: bool  # the order in force
    fewest: int  # the fewest cards an opponent of it held
    behind: bool  # whether it trailed on score
    made: tuple[int, int] | None  # its move as ``(rank, size)``, ``None`` for a pass


def deal_constraints(observation: PresidentObservation) -> DealConstraints:
    """The :class:`DealConstraints` of ``observation``: the cards this seat gave in this
    round's exchange stay with their receiver until played, and a seat that gave this seat
    its best cards automatically holds nothing better than the weakest of them (apart
    from what this seat gave it back)."""
    seat = own_seat(observation)
    n = observation.num_players
    own = cards_to_mask(observation.hand)
    unknown = EVERY_CARD & ~own & ~played_this_round(observation)
    others = [s for s in range(n) if s != seat]
    known = [0] * n
    forbidden = [0] * n
    for event in observation.round_events():
        if event.kind != "exchange":
            continue
        receiver = event.info["to"]
        if event.seat == seat:
            known[receiver] |= cards_to_mask(event.cards) & unknown
        elif receiver == seat and event.info["automatic"] and event.cards:
            # The giver handed over its best cards: it kept nothing stronger.
            weakest = min(GIFT_STRENGTH[c.index] for c in event.cards)
            giver = event.seat
            assert giver is not None, "an exchange is always someone's give"
            forbidden[giver] |= sum(
                1 << i for i in range(52) if GIFT_STRENGTH[i] > weakest
            )
    for s in range(n):
        forbidden[s] &= unknown & ~known[s]
    counts = [observation.hand_sizes[s] for s in others]
    return DealConstraints(unknown, counts, [known[s] for s in others], [forbidden[s] for s in others], others)


def hands_with(own: int, seat: int, others: list[int], dealt: list[int]) -> list[int]:
    """Every seat's hand: ``own`` at ``seat``, ``dealt[place]`` at ``others[place]``.

    >>> hands_with(0b1, 2, [0, 1], [0b10, 0b100])
    [2, 4, 1]
    """
    hands = [0] * (len(others) + 1)
    hands[seat] = own
    for place, other in enumerate(others):
        hands[other] = dealt[place]
    return hands


def round_checks(observation: PresidentObservation, others: list[int]) -> list[list[PlayCheck]]:
    """Every play and pass of the opponents this round, as the normal strategy saw it.

    One list per opponent (in the order of ``others``), one :class:`PlayCheck` per
    action, in order.  All of it is public.
    """
    seat = observation.seat
    n = observation.num_players
    place_of = {other: place for place, other in enumerate(others)}
    scores = observation.scores
    top = max(scores)
    # Forwards: the table each opponent action met.  ``moves`` lists every play and
    # pass in order as (seat, cards, table rank, table size, order, cards played before).
    moves: list[tuple[int, int, int, int, bool, int]] = []
    table_rank = table_size = 0
    rev = False  # every round starts in the normal order
    played = 0
    for event in observation.round_events():
        kind = event.kind
        if kind == "trick":
            table_rank = table_size = 0
        elif kind == "revolution":
            rev = event.info["active"]
        elif kind == "play" or kind == "pass":
            mask = cards_to_mask(event.cards)
            actor = event.seat
            assert actor is not None, "a play or a pass is always someone's"
            moves.append((actor, mask, table_rank, table_size, rev, played))
            if kind == "play":
                played |= mask
                table_rank, table_size = event.cards[0].rank, len(event.cards)
    # Backwards: what each seat plays from each action on, and so its hand size then.
    later = [0] * n
    sizes = list(observation.hand_sizes)
    checks: list[list[PlayCheck]] = [[] for _ in others]
    for who, mask, table_rank, table_size, rev, before in reversed(moves):
        if mask:
            later[who] |= mask
            sizes[who] += mask.bit_count()
        if who == seat:
            continue
        made = ((mask & -mask).bit_length() + 7 >> 2, mask.bit_count()) if mask else None
        fewest = min((c for s, c in enumerate(sizes) if s != who and c), default=0)
        checks[place_of[who]].append(
            PlayCheck(later[who], before, table_rank, table_size, rev, fewest, scores[who] < top, made)
        )
    for own in checks:
        own.reverse()
    return checks
