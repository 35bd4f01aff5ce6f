"""Hearts' heuristics on card masks, and the easy and normal bots: the normal pass
(:func:`choose_pass`) and card (:func:`choose_card`), which the hard bot's play-outs play
too."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.bots.base import own_seat
from cardtable.bots.hearts.masks import (
    AS,
    BELOW,
    EVERY_CARD,
    HEARTS,
    HEARTS_MASK,
    KS,
    QS,
    SPADES,
    SPADES_MASK,
    highest,
    lowest,
    rank_of,
)
from cardtable.bots.hearts.reading import played_mask
from cardtable.cards import SUIT_MASKS, cards_to_mask, iter_bits
from cardtable.engine.actions import Action
from cardtable.games.hearts import HeartsObservation, give_action, play_action
from cardtable.games.hearts.kernel import PENALTY
from cardtable.games.hearts.kernel import points as penalty_points

__all__ = ["EasyHeartsBot", "NormalHeartsBot", "choose_pass", "pass_danger", "choose_card"]

def choose_pass(hand: int, rng: random.Random | None = None) -> int:
    """The normal bot's pass: the three most dangerous cards of ``hand``, as a bitmask.

    Dangerous: the Q♠ (unless four low spades protect it), the A♠ and K♠ without low
    spades to cover them, high hearts, high cards, and the last cards of a short
    minor suit (a void lets you discard later).  ``rng`` only breaks exact ties.

    >>> from cardtable.cards import parse_cards, mask_to_cards
    >>> hand = cards_to_mask(parse_cards("2C 5C 9C 3D 4D 6D 8D TD 2H 3H 4H QS AH"))
    >>> " ".join(str(c) for c in mask_to_cards(choose_pass(hand)))
    '9C QS AH'
    """
    chosen = 0
    for _ in range(3):
        rest = hand & ~chosen
        best, best_score = -1, -1.0
        for index in iter_bits(rest):
            score = pass_danger(index, rest)
            if rng is not None:
                score += rng.random() * 1e-6
            if score > best_score:
                best, best_score = index, score
        chosen |= 1 << best
    return chosen


def pass_danger(index: int, hand: int) -> float:
    """How much the normal pass wants to be rid of card ``index`` of ``hand`` (higher: sooner)."""
    bit = 1 << index
    suit = index & 3
    rank = rank_of(index)
    low_spades = (hand & SPADES_MASK & BELOW[QS.bit_length() - 1]).bit_count()
    if bit == QS:
        return 10.0 if low_spades >= 4 else 100.0
    if bit & (AS | KS):
        if low_spades >= 4:
            return 12.0
        return 90.0 + rank if hand & QS or low_spades <= 2 else 40.0 + rank
    if suit == SPADES:
        return float(rank) * 0.5  # low spades protect against the Q♠: keep them
    if suit == HEARTS:
        return 20.0 + rank * 4 if rank >= 10 else float(rank)
    score = rank * 2.0
    length = (hand & SUIT_MASKS[suit]).bit_count()
    if length <= 3 and not bit & 1:  # never pass the 2C for voiding: it leads anyway
        score += 12.0 - 3.0 * length
    return score


def choose_card(
    hand: int,
    playable: int,
    trick_cards: Sequence[int],
    trick_seats: Sequence[int],
    seat: int,
    out: int,
    trick_number: int,
    suspect: int | None = None,
    leader_of_game: int | None = None,
) -> int:
    """The normal bot's card to play (an index), from bitmasks.

    ``hand``: the cards held; ``playable``: the legal ones; ``trick_cards`` and
    ``trick_seats``: the current trick; ``out``: every card still in another hand
    (not played, not ours); ``trick_number``: tricks finished this hand; ``suspect``:
    a seat thought to be shooting the moon (``None``: nobody); ``leader_of_game``:
    the seat with the lowest total, to whom points are best given on a tie.

    >>> from cardtable.cards import ALL_CARDS, Card, parse_cards
    >>> hand = cards_to_mask(parse_cards("QS 3D"))
    >>> trick = [Card.parse("KS").index]
    >>> str(ALL_CARDS[choose_card(hand, QS, trick, [1], 2, EVERY_CARD & ~hand, 5)])
    'QS'
    """
    if playable & (playable - 1) == 0:
        return lowest(playable)
    if not trick_cards:
        return _lead(hand, playable, out, suspect, seat)
    lead = trick_cards[0] & 3
    best = trick_cards[0]
    best_position = 0
    trick_mask = 1 << best
    for position in range(1, len(trick_cards)):
        index = trick_cards[position]
        trick_mask |= 1 << index
        if index & 3 == lead and index > best:
            best, best_position = index, position
    winner = trick_seats[best_position]
    last = len(trick_cards) == 3
    if playable & SUIT_MASKS[lead]:
        return _follow(playable, lead, best, trick_mask, winner, seat, last, out, suspect)
    return _discard(hand, playable, out, winner, seat, suspect, leader_of_game, trick_number)


def _lead(hand: int, playable: int, out: int, suspect: int | None, seat: int) -> int:
    qs_out = bool(out & QS)
    # Flush the Q♠ out with low spades when it is elsewhere and we hold no spade above it.
    if qs_out and not hand & (AS | KS | QS):
        low_spades = playable & SPADES_MASK
        if low_spades and out & SPADES_MASK & ~QS:
            return highest(low_spades)
    best, best_score = -1, 1e9
    for suit in range(4):
        cards = playable & SUIT_MASKS[suit]
        if not cards:
            continue
        card = lowest(cards)
        if suit == SPADES and cards & ~QS:
            card = lowest(cards & ~QS)
        outside = out & SUIT_MASKS[suit]
        lower = (outside & BELOW[card]).bit_count()
        higher = (outside & ~BELOW[card]).bit_count()
        if higher == 0:
            score = 100.0 + lower  # we would surely win it, and others could dump points
        else:
            score = lower / (lower + higher) * 10.0 - min(higher, 4) * 0.5
        if suit == HEARTS:
            score += 2.0
        if suit == SPADES and hand & (AS | KS) and qs_out:
            score += 8.0  # leading spades could drop the Q♠ on our own A♠ or K♠
        if card == highest(QS) or (1 << card) & (AS | KS) and qs_out:
            score += 50.0
        if suspect is not None and suit == HEARTS:
            score -= 3.0  # taking a heart trick ourselves stops a moon shot
        if score < best_score:
            best, best_score = card, score
    return best


def _follow(
    playable: int,
    lead: int,
    best: int,
    trick_mask: int,
    winner: int,
    seat: int,
    last: bool,
    out: int,
    suspect: int | None,
) -> int:
    points = penalty_points(trick_mask)
    if suspect is not None and winner == suspect and suspect != seat:
        # Beat the would-be shooter if we can: one heart of ours ends the attempt.
        above = playable & ~BELOW[best]
        if above and (points or lead == HEARTS):
            return lowest(above) if last else highest(above)
    under = playable & BELOW[best]
    if last and not points and not (lead == SPADES and playable & QS):
        # A pointless trick: win it with our highest card to be rid of it.
        safe = playable & ~QS
        if safe:
            return highest(safe)
    if under:
        return highest(under)  # the highest card that still loses (the Q♠ under A♠/K♠)
    # Every card we hold beats the trick.
    safe = playable & ~QS or playable
    if last:
        return highest(safe)
    danger = points or (lead == SPADES and out & QS) or (out & SUIT_MASKS[lead]).bit_count() < 2
    return lowest(safe) if danger else highest(safe)


def _discard(
    hand: int,
    playable: int,
    out: int,
    winner: int,
    seat: int,
    suspect: int | None,
    leader_of_game: int | None,
    trick_number: int,
) -> int:
    if suspect is not None and winner == suspect:
        # Do not feed the shooter: throw a low non-point card, keep high cards as stoppers.
        harmless = playable & ~PENALTY
        if harmless:
            return lowest(harmless)
    if playable & QS:
        return highest(QS)
    if out & QS:
        high_spades = playable & (AS | KS)
        if high_spades:
            return highest(high_spades)
    hearts = playable & HEARTS_MASK
    if hearts:
        return highest(hearts)
    best, best_score = -1, -1.0
    for index in iter_bits(playable):
        suit = index & 3
        length = (hand & SUIT_MASKS[suit]).bit_count()
        # High cards first; among equals, from the shortest suit (towards a void).
        score = rank_of(index) * 4.0 - length
        outside = out & SUIT_MASKS[suit]
        if not outside & ~BELOW[index] and outside:
            score += 8.0  # a card nobody can beat any more is a sure trick winner
        if score > best_score:
            best, best_score = index, score
    return best


# --- the bots ---------------------------------------------------------------------------


class _HeartsBot:
    level = "?"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: HeartsObservation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if legal_actions[0].kind == "give":
            return give_action(self._pass(cards_to_mask(observation.hand)))
        legal = cards_to_mask([action.cards[0] for action in legal_actions])
        return play_action(self._play(observation, legal))

    def _pass(self, hand: int) -> int:
        raise NotImplementedError

    def _play(self, observation: HeartsObservation, legal: int) -> int:
        raise NotImplementedError


class EasyHeartsBot(_HeartsBot):
    """Avoids taking points in the current trick when it can; otherwise plays at random.

    >>> EasyHeartsBot(seed=1).level
    'easy'
    """

    level = "easy"

    def _pass(self, hand: int) -> int:
        cards = list(iter_bits(hand))
        chosen = 0
        for _ in range(3):
            weights = [rank_of(i) ** 2 for i in cards]
            pick = self.rng.choices(cards, weights)[0]
            cards.remove(pick)
            chosen |= 1 << pick
        return chosen

    def _play(self, observation: HeartsObservation, legal: int) -> int:
        cards = list(iter_bits(legal))
        trick = observation.trick
        if trick:
            lead = trick[0][1].suit
            best = max(card.index for _, card in trick if card.suit == lead)
            # Off-suit cards and lower cards of the suit led cannot win the trick.
            losing = [i for i in cards if i & 3 != lead or i < best]
            if losing:
                cards = losing
        return cards[self.rng.randrange(len(cards))]


class NormalHeartsBot(_HeartsBot):
    """The heuristic player: see the module docstring.

    >>> NormalHeartsBot(seed=1).level
    'normal'
    """

    level = "normal"

    def _pass(self, hand: int) -> int:
        return choose_pass(hand, self.rng)

    def _play(self, observation: HeartsObservation, legal: int) -> int:
        hand = cards_to_mask(observation.hand)
        out = EVERY_CARD & ~hand & ~played_mask(observation)
        scores = observation.scores
        leader = min(range(4), key=lambda s: (scores[s], s)) if any(scores) else None
        return choose_card(
            hand,
            legal,
            [card.index for _, card in observation.trick],
            [seat for seat, _ in observation.trick],
            own_seat(observation),
            out,
            len(observation.tricks_played),
            None,
            leader,
        )

