"""What a Hearts seat reads of the tricks played: the cards played, the suits each seat
showed void in, what its plays suggest it does not hold, and a moon shot under way."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots.hearts.masks import AS, BELOW, EVERY_CARD, HEARTS, HEARTS_MASK, KS, QS
from cardtable.cards import SUIT_MASKS, Card
from cardtable.games.hearts import CompletedTrick, HeartsObservation
from cardtable.games.hearts.kernel import PENALTY
from cardtable.games.hearts.kernel import points as penalty_points

__all__ = [
    "played_mask",
    "void_suits",
    "void_suits_from_tricks",
    "soft_inferences",
    "soft_inferences_from_tricks",
    "moon_suspect",
    "SOFT_INFERENCE_WEIGHT",
    "MOON_ALERT_POINTS",
]

MOON_ALERT_POINTS = 6
"""Points one player must have taken, with nobody else scoring, to be suspected of
shooting the moon (one heart trick is not enough; the Q♠ or several heart tricks are)."""


def played_mask(observation: HeartsObservation) -> int:
    """Every card played this hand, the current trick included.

    >>> from cardtable.games import get_rules
    >>> played_mask(get_rules("hearts").new_game(players=4, seed=1).observation(0))
    0
    """
    mask = 0
    for trick in observation.tricks_played:
        for _, card in trick.plays:
            mask |= card.mask
    for _, card in observation.trick:
        mask |= card.mask
    return mask


def void_suits(observation: HeartsObservation) -> list[int]:
    """Per seat, the suits (as a bitmask of card indices) it has shown it no longer holds.

    A seat that did not follow the suit led is void in it.  A seat that led a heart
    before hearts were broken held nothing else; a seat that threw a heart or the Q♠ on
    the first trick held only those.

    >>> from cardtable.games.hearts import CompletedTrick
    >>> from cardtable.cards import parse_cards
    >>> c = parse_cards("2C 3C 4C 5D")
    >>> trick = CompletedTrick(((0, c[0]), (1, c[1]), (2, c[2]), (3, c[3])), 2, 0)
    >>> void_suits_from_tricks([trick], ()) == [0, 0, 0, SUIT_MASKS[0]]
    True
    """
    return void_suits_from_tricks(observation.tricks_played, observation.trick)


def void_suits_from_tricks(tricks: Sequence[CompletedTrick], current: Sequence[tuple[int, Card]]) -> list[int]:
    """:func:`void_suits` from finished tricks (in order) and the current trick's plays."""
    voids = [0, 0, 0, 0]
    broken = False
    plays_list = [trick.plays for trick in tricks]
    if current:
        plays_list.append(tuple(current))
    for number, plays in enumerate(plays_list):
        lead_seat, lead_card = plays[0]
        lead = lead_card.suit
        if lead == HEARTS and not broken and number > 0:
            voids[lead_seat] |= EVERY_CARD & ~HEARTS_MASK
        for seat, card in plays[1:]:
            if card.suit != lead:
                voids[seat] |= SUIT_MASKS[lead]
                if number == 0 and card.mask & PENALTY:
                    voids[seat] |= EVERY_CARD & ~PENALTY
        for _, card in plays:
            if card.suit == HEARTS:
                broken = True
    return voids


SOFT_INFERENCE_WEIGHT = 0.8
"""How often a deal of the hard bot's search honours what a seat's plays suggest it does
not hold (:func:`soft_inferences`), seat by seat; the other deals keep only the voids, so
that a player who plays otherwise than the inference assumes is still dealt its cards."""


def soft_inferences(observation: HeartsObservation) -> list[int]:
    """Per seat, the cards (a bitmask) its plays suggest it does not hold, beyond voids.

    A sound player follows with the highest card that still loses, and throws the Q♠,
    then the A♠ or K♠, then its highest heart as soon as it is void.  Hence:

    - a seat that followed *under* the winning card holds nothing of that suit between
      its card and the winning one;
    - a seat that took the lead in the suit led (not as the last player of a pointless
      trick) held nothing under the card it beat; as the last player of a pointless trick
      it won with its highest card (the Q♠ aside);
    - a seat that discarded after the first trick holds no Q♠ unless it threw it; no A♠
      or K♠ if it threw no penalty card while the Q♠ was out; no heart above the one it
      threw, and none at all if it threw a card worth nothing.

    These are tendencies, not rules: the search honours them in most deals only
    (:data:`SOFT_INFERENCE_WEIGHT`), and a seat that has since played a card they said
    it did not hold plays otherwise: nothing is inferred for it this hand.  Played cards
    are left out of the masks.

    >>> from cardtable.games.hearts import CompletedTrick
    >>> from cardtable.cards import parse_cards, mask_to_cards
    >>> c = parse_cards("2C 8C KC 5C")
    >>> trick = CompletedTrick(((0, c[0]), (1, c[1]), (2, c[2]), (3, c[3])), 2, 0)
    >>> inferred = soft_inferences_from_tricks([trick], ())
    >>> " ".join(map(str, mask_to_cards(inferred[3] & SUIT_MASKS[0])))
    '6C 7C 9C TC JC QC'
    >>> " ".join(map(str, mask_to_cards(inferred[2] & SUIT_MASKS[0])))
    '3C 4C 6C 7C'
    """
    return soft_inferences_from_tricks(observation.tricks_played, observation.trick)


def soft_inferences_from_tricks(
    tricks: Sequence[CompletedTrick], current: Sequence[tuple[int, Card]]
) -> list[int]:
    """:func:`soft_inferences` from finished tricks (in order) and the current trick's plays."""
    inferred = [0, 0, 0, 0]
    contradicted = [False] * 4
    plays_list = [trick.plays for trick in tricks]
    if current:
        plays_list.append(tuple(current))
    queen_played = False
    for number, plays in enumerate(plays_list):
        lead_seat, lead_card = plays[0]
        lead = lead_card.suit
        suit_mask = SUIT_MASKS[lead]
        best = lead_card.index
        trick_mask = lead_card.mask
        if inferred[lead_seat] & lead_card.mask:
            contradicted[lead_seat] = True
        for position in range(1, len(plays)):
            seat, card = plays[position]
            index = card.index
            if inferred[seat] & card.mask:
                contradicted[seat] = True
            if card.suit == lead:
                if index < best:
                    # Nothing between its card and the winning one.
                    inferred[seat] |= suit_mask & BELOW[best] & ~((2 << index) - 1)
                elif position == 3 and not penalty_points(trick_mask):
                    inferred[seat] |= suit_mask & ~((2 << index) - 1) & ~QS
                else:
                    inferred[seat] |= suit_mask & BELOW[best]
                    best = index
            elif number > 0:
                bit = card.mask
                if bit != QS:
                    inferred[seat] |= QS
                    if not queen_played and not bit & (PENALTY | AS | KS):
                        inferred[seat] |= AS | KS
                if bit & HEARTS_MASK:
                    inferred[seat] |= HEARTS_MASK & ~BELOW[index]
                elif not bit & PENALTY and not (not queen_played and bit & (AS | KS)):
                    inferred[seat] |= HEARTS_MASK
            trick_mask |= card.mask
        if trick_mask & QS:
            queen_played = True
    played = 0
    for _, card in (play for plays in plays_list for play in plays):
        played |= card.mask
    return [0 if contradicted[seat] else inferred[seat] & ~played for seat in range(4)]


def moon_suspect(points_taken: Sequence[int], seat: int) -> int | None:
    """The other seat that may be shooting the moon: it took every point so far, and at
    least :data:`MOON_ALERT_POINTS` of them.

    >>> moon_suspect((0, 13, 0, 0), 0), moon_suspect((0, 13, 1, 0), 0), moon_suspect((0, 3, 0, 0), 0)
    (1, None, None)
    """
    total = sum(points_taken)
    if total < MOON_ALERT_POINTS:
        return None
    for other, points in enumerate(points_taken):
        if points == total:
            return other if other != seat else None
    return None
