"""Computer players for Hearts: easy, normal and hard.

- **easy** avoids taking penalty points in the trick at hand when it can, and otherwise
  plays at random; it passes three cards drawn at random, the high ones more likely.
- **normal** passes dangerous cards (the Q♠; the A♠ and K♠ without low spades to cover
  them; high hearts; the last cards of a short suit, to be void), leads from the suit
  where its lowest card is safest, ducks under the winning card with its highest card
  that still loses, dumps the Q♠ as soon as it can do so safely (when void, or under
  the A♠ or K♠), then high spades and high hearts, and knows whether hearts are broken.
  On ties it looks at the score: it prefers to hand points to the leader of the game.
- **hard** searches (the shared ISMCTS of :mod:`cardtable.bots.search`, its iterations
  run on bitmasks by :class:`HeartsSimulator`, over deals of the hidden cards that agree with everything
  public, playing out each deal with the normal strategy and a little randomness),
  considers only one card of each group that plays alike (touching cards), remembers
  which players showed void in which suit and, in most deals, which cards their plays
  suggest they do not hold (:func:`soft_inferences`), detects an attempt to shoot the moon and
  adapts its defence: the would-be shooter is then played out as a shooter, so the
  search finds the trick to take or the stopper to keep.  It chooses its pass by
  playing whole hands out (:func:`search_pass`): each candidate pass on the same
  random deals, the other seats passing and playing as the normal bot does.

Every bot reads only its observation and the legal actions.  The strategies work on
card bitmasks (:mod:`cardtable.cards`), so the hard bot's play-outs stay fast.

>>> from cardtable.games import get_rules
>>> state = get_rules("hearts").new_game(players=4, seed=3)
>>> bots = [BOT_LEVELS[level](seed) for seed, level in enumerate(["easy", "normal", "easy", "normal"])]
>>> for _ in range(60):
...     seat = state.current_player
...     state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
>>> state.observation(0).phase
'play'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from operator import attrgetter

from cardtable.bots.base import own_seat
from cardtable.bots.review import ReviewMeasure
from cardtable.bots.search import (
    DEFAULT_TIME_BUDGET,
    Deadline,
    ImpossibleDealError,
    MoveValue,
    SearchBot,
    sample_hands,
)
from cardtable.bots.search_pool import StopFlag
from cardtable.cards import SUIT_MASKS, Card, iter_bits
from cardtable.engine.actions import Action
from cardtable.engine.state import GameState
from cardtable.games.hearts import (
    CompletedTrick,
    HeartsObservation,
    HeartsState,
    give_action,
    kernel,
    play_action,
)
from cardtable.games.hearts.kernel import (
    PASS_OFFSETS,
    PENALTY,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    Table,
    bits,
    copy_table,
    decided,
    hand_points,
    legal_plays,
    moon_scores,
    play_out,
    playable,
    playing_table,
    settled_points,
)
from cardtable.games.hearts.kernel import points as _points

__all__ = [
    "BOT_LEVELS",
    "REVIEW_MEASURE",
    "EasyHeartsBot",
    "NormalHeartsBot",
    "HardHeartsBot",
    "HeartsSearchModel",
    "HeartsSimulator",
    "make_search_model",
    "search_pass",
    "pass_candidates",
    "play_out_hand",
    "distinct_cards",
    "search_choices",
    "choose_pass",
    "choose_card",
    "moon_suspect",
    "HARD_EXPLORATION",
    "void_suits",
    "soft_inferences",
    "SOFT_INFERENCE_WEIGHT",
]

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
_SUIT = SUIT_MASKS
_HEARTS = kernel.HEARTS
_SPADES = SUIT_MASKS[SPADES]
_QS = QUEEN_OF_SPADES
_KS = Card.parse("KS").mask
_AS = Card.parse("AS").mask
_QS_INDEX = Card.parse("QS").index
_PENALTY = PENALTY
_ALL = (1 << 52) - 1
# Below(i): every card with a lower index, hence, within one suit, every lower card.
_BELOW = tuple((1 << i) - 1 for i in range(52))
_TWO_OF_CLUBS = TWO_OF_CLUBS

MOON_ALERT_POINTS = 6
"""Points one player must have taken, with nobody else scoring, to be suspected of
shooting the moon (one heart trick is not enough; the Q♠ or several heart tricks are)."""

HARD_EXPLORATION = 0.25
"""The hard bot's UCB1 constant.  A Hearts evaluation moves by a few hundredths between
good and bad moves (a point is 1/52), so the generic 0.7 spreads the visits almost
evenly; 0.25 took about 7% fewer points per hand against normal players in a 60-hand
trial at 200 iterations (see docs/bots.md)."""


DEAL_REUSE = 2
"""How many consecutive iterations of the hard bot's search share one deal of the hidden
cards: dealing costs about a quarter of an iteration, and the tree walk and the noisy
play-out already make two iterations on one deal differ."""

PLAYOUT_NOISE = 0.03
"""How often the hard bot's play-outs play a random legal card instead of the normal one."""


def _rank(index: int) -> int:
    return (index >> 2) + 2


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


# --- what the observation tells ---------------------------------------------------------


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
            voids[lead_seat] |= _ALL & ~_HEARTS
        for seat, card in plays[1:]:
            if card.suit != lead:
                voids[seat] |= _SUIT[lead]
                if number == 0 and card.mask & _PENALTY:
                    voids[seat] |= _ALL & ~_PENALTY
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
        suit_mask = _SUIT[lead]
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
                    inferred[seat] |= suit_mask & _BELOW[best] & ~((2 << index) - 1)
                elif position == 3 and not _points(trick_mask):
                    inferred[seat] |= suit_mask & ~((2 << index) - 1) & ~_QS
                else:
                    inferred[seat] |= suit_mask & _BELOW[best]
                    best = index
            elif number > 0:
                bit = card.mask
                if bit != _QS:
                    inferred[seat] |= _QS
                    if not queen_played and not bit & (_PENALTY | _AS | _KS):
                        inferred[seat] |= _AS | _KS
                if bit & _HEARTS:
                    inferred[seat] |= _HEARTS & ~_BELOW[index]
                elif not bit & _PENALTY and not (not queen_played and bit & (_AS | _KS)):
                    inferred[seat] |= _HEARTS
            trick_mask |= card.mask
        if trick_mask & _QS:
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


# --- the strategies on bitmasks ---------------------------------------------------------


def choose_pass(hand: int, rng: random.Random | None = None) -> int:
    """The normal bot's pass: the three most dangerous cards of ``hand``, as a bitmask.

    Dangerous: the Q♠ (unless four low spades protect it), the A♠ and K♠ without low
    spades to cover them, high hearts, high cards, and the last cards of a short
    minor suit (a void lets you discard later).  ``rng`` only breaks exact ties.

    >>> from cardtable.cards import parse_cards, mask_to_cards
    >>> hand = _mask(parse_cards("2C 5C 9C 3D 4D 6D 8D TD 2H 3H 4H QS AH"))
    >>> " ".join(str(c) for c in mask_to_cards(choose_pass(hand)))
    '9C QS AH'
    """
    chosen = 0
    for _ in range(3):
        rest = hand & ~chosen
        best, best_score = -1, -1.0
        for index in iter_bits(rest):
            score = _pass_danger(index, rest)
            if rng is not None:
                score += rng.random() * 1e-6
            if score > best_score:
                best, best_score = index, score
        chosen |= 1 << best
    return chosen


def _pass_danger(index: int, hand: int) -> float:
    bit = 1 << index
    suit = index & 3
    rank = _rank(index)
    low_spades = (hand & _SPADES & _BELOW[_QS.bit_length() - 1]).bit_count()
    if bit == _QS:
        return 10.0 if low_spades >= 4 else 100.0
    if bit & (_AS | _KS):
        if low_spades >= 4:
            return 12.0
        return 90.0 + rank if hand & _QS or low_spades <= 2 else 40.0 + rank
    if suit == SPADES:
        return float(rank) * 0.5  # low spades protect against the Q♠: keep them
    if suit == HEARTS:
        return 20.0 + rank * 4 if rank >= 10 else float(rank)
    score = rank * 2.0
    length = (hand & _SUIT[suit]).bit_count()
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

    >>> from cardtable.cards import ALL_CARDS, parse_cards
    >>> hand = _mask(parse_cards("QS 3D"))
    >>> trick = [Card.parse("KS").index]
    >>> str(ALL_CARDS[choose_card(hand, _QS, trick, [1], 2, _ALL & ~hand, 5)])
    'QS'
    """
    if playable & (playable - 1) == 0:
        return _lowest(playable)
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
    if playable & _SUIT[lead]:
        return _follow(playable, lead, best, trick_mask, winner, seat, last, out, suspect)
    return _discard(hand, playable, out, winner, seat, suspect, leader_of_game, trick_number)


def _lead(hand: int, playable: int, out: int, suspect: int | None, seat: int) -> int:
    qs_out = bool(out & _QS)
    # Flush the Q♠ out with low spades when it is elsewhere and we hold no spade above it.
    if qs_out and not hand & (_AS | _KS | _QS):
        low_spades = playable & _SPADES
        if low_spades and out & _SPADES & ~_QS:
            return _highest(low_spades)
    best, best_score = -1, 1e9
    for suit in range(4):
        cards = playable & _SUIT[suit]
        if not cards:
            continue
        card = _lowest(cards)
        if suit == SPADES and cards & ~_QS:
            card = _lowest(cards & ~_QS)
        outside = out & _SUIT[suit]
        lower = (outside & _BELOW[card]).bit_count()
        higher = (outside & ~_BELOW[card]).bit_count()
        if higher == 0:
            score = 100.0 + lower  # we would surely win it, and others could dump points
        else:
            score = lower / (lower + higher) * 10.0 - min(higher, 4) * 0.5
        if suit == HEARTS:
            score += 2.0
        if suit == SPADES and hand & (_AS | _KS) and qs_out:
            score += 8.0  # leading spades could drop the Q♠ on our own A♠ or K♠
        if card == _highest(_QS) or (1 << card) & (_AS | _KS) and qs_out:
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
    points = _points(trick_mask)
    if suspect is not None and winner == suspect and suspect != seat:
        # Beat the would-be shooter if we can: one heart of ours ends the attempt.
        above = playable & ~_BELOW[best]
        if above and (points or lead == HEARTS):
            return _lowest(above) if last else _highest(above)
    under = playable & _BELOW[best]
    if last and not points and not (lead == SPADES and playable & _QS):
        # A pointless trick: win it with our highest card to be rid of it.
        safe = playable & ~_QS
        if safe:
            return _highest(safe)
    if under:
        return _highest(under)  # the highest card that still loses (the Q♠ under A♠/K♠)
    # Every card we hold beats the trick.
    safe = playable & ~_QS or playable
    if last:
        return _highest(safe)
    danger = points or (lead == SPADES and out & _QS) or (out & _SUIT[lead]).bit_count() < 2
    return _lowest(safe) if danger else _highest(safe)


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
        harmless = playable & ~_PENALTY
        if harmless:
            return _lowest(harmless)
    if playable & _QS:
        return _highest(_QS)
    if out & _QS:
        high_spades = playable & (_AS | _KS)
        if high_spades:
            return _highest(high_spades)
    hearts = playable & _HEARTS
    if hearts:
        return _highest(hearts)
    best, best_score = -1, -1.0
    for index in iter_bits(playable):
        suit = index & 3
        length = (hand & _SUIT[suit]).bit_count()
        # High cards first; among equals, from the shortest suit (towards a void).
        score = _rank(index) * 4.0 - length
        outside = out & _SUIT[suit]
        if not outside & ~_BELOW[index] and outside:
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
            return give_action(self._pass(_mask(observation.hand)))
        legal = _mask([action.cards[0] for action in legal_actions])
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
            weights = [_rank(i) ** 2 for i in cards]
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
        hand = _mask(observation.hand)
        out = _ALL & ~hand & ~played_mask(observation)
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


# --- the hard bot -----------------------------------------------------------------------


def distinct_cards(playable: int, gaps: int) -> int:
    """One card (the lowest) of each group of ``playable`` cards that play alike, as a bitmask.

    Two cards of a suit play alike when no card between them is in ``gaps`` (the cards
    still in other hands and those in the current trick): whichever is played, every
    trick ends the same way.  The Q♠ is never grouped, its 13 points set it apart.

    >>> from cardtable.cards import parse_cards, mask_to_cards
    >>> playable = _mask(parse_cards("4C 5C 7C 9D"))
    >>> " ".join(map(str, mask_to_cards(distinct_cards(playable, _mask(parse_cards("6C"))))))
    '4C 7C 9D'
    """
    chosen = 0
    for suit_mask in _SUIT:
        cards = playable & suit_mask
        previous = -1
        while cards:
            bit = cards & -cards
            cards ^= bit
            index = bit.bit_length() - 1
            if (
                previous < 0
                or bit == _QS
                or previous == _QS_INDEX
                or gaps & suit_mask & _BELOW[index] & ~_BELOW[previous]
            ):
                chosen |= bit
            previous = index
    return chosen


def search_choices(observation: HeartsObservation, legal_actions: Sequence[Action]) -> list[Action]:
    """The plays the hard bot searches: the lowest legal card of each group that plays
    alike (:func:`distinct_cards`), in the order of ``legal_actions``.  The search's own
    moves are the same ones (:meth:`HeartsSimulator.moves` with ``group_alike``, and the
    sampled states' ``legal_actions``).

    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> choices = search_choices(state.observation(seat), state.legal_actions())
    >>> set(choices) <= set(state.legal_actions()), len(choices) <= len(state.legal_actions())
    (True, True)
    """
    gaps = _ALL & ~_mask(observation.hand) & ~played_mask(observation)
    for _, card in observation.trick:
        gaps |= card.mask
    distinct = distinct_cards(_mask([action.cards[0] for action in legal_actions]), gaps)
    return [action for action in legal_actions if action.cards[0].mask & distinct]


class _SearchState(HeartsState):
    """A sampled state for the search: lists one card per group of cards that play alike
    (:func:`distinct_cards`), so that the search does not split its visits among them."""

    def legal_actions(self) -> Sequence[Action]:
        table = self.table
        seat = table.current
        if seat is None or table.phase != kernel.PLAY:
            return super().legal_actions()
        hands = table.hands
        gaps = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat]
        for index in table.trick_cards:
            gaps |= 1 << index
        return [play_action(i) for i in bits(distinct_cards(legal_plays(table), gaps))]


class HeartsSearchModel:
    """The :class:`~cardtable.bots.search.SearchModel` of Hearts.

    - ``sample_state`` deals the unseen cards so that every seat keeps its public hand
      size, holds no card of a suit it showed void in (:func:`void_suits`) and still
      holds the cards this seat passed to it that have not been played yet, then
      rebuilds the state with :meth:`HeartsState.from_observation`.  With ``infer``
      (the default), most deals also honour what each seat's plays suggest it does not
      hold (:func:`soft_inferences`, :meth:`forbidden`).
    - ``playout_action`` is the normal strategy (reading the sampled hands) with a
      random legal card :data:`PLAYOUT_NOISE` of the time; a moon suspect found in the
      observation plays as a shooter (its highest cards) while it still has every point.
    - ``evaluate`` scores the hand just played for a seat, after the moon rule:
      ``0.5 + (others' average - own points) / 52``, in [0, 1].
    - Play-outs stop when the hand is decided: every penalty card is taken.
    - ``group_alike``: the search considers one card of each group that plays alike
      (:func:`distinct_cards`), in sampled states and in the simulator.

    Those methods state the model on ``GameState`` (``check_model`` and the tests read
    them); the search itself runs on :meth:`simulator`, the same deals, moves, play-out
    and evaluation on bare bitmasks.

    >>> model = HeartsSearchModel()
    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=4)
    >>> for _ in range(10):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> sample = model.sample_state(state.observation(seat), random.Random(1))
    >>> sample.hand(seat) == state.hand(seat), sample.legal_actions() == state.legal_actions()
    (True, True)
    """

    def __init__(self, group_alike: bool = False, infer: bool = True) -> None:
        self.group_alike = group_alike
        self._seen: HeartsObservation | None = None
        self._template: HeartsState | None = None
        self._deal: tuple[int, list[int], list[int], list[int], list[int]] | None = None
        self.suspect: int | None = None
        self.hand_number = 0
        self.infer = infer
        self._strict: list[int] | None = None

    def forbidden(self, rng: random.Random) -> list[int]:
        """The cards each other seat is dealt none of in one sample: its voids, and with
        chance :data:`SOFT_INFERENCE_WEIGHT` per seat what its plays suggest it does not
        hold (:func:`soft_inferences`; never more than leaves a deal possible)."""
        forbidden = self._deal[3]  # type: ignore[index]
        strict = self._strict
        if strict is None:
            return forbidden
        random_ = rng.random
        return [strict[p] if random_() < SOFT_INFERENCE_WEIGHT else forbidden[p] for p in range(len(strict))]

    def prepare(self, observation: HeartsObservation) -> None:
        """Work out, once per decision, what every sample of ``observation`` shares."""
        if observation is self._seen:
            return
        seat = own_seat(observation)
        own = _mask(observation.hand)
        played = played_mask(observation)
        unknown = _ALL & ~own & ~played
        others = [s for s in range(4) if s != seat]
        voids = void_suits(observation)
        known = [0, 0, 0]
        target = observation.pass_target
        if target is not None and observation.cards_received:
            given = _mask(observation.cards_given) & unknown
            known[others.index(target)] = given
        counts = [observation.hand_sizes[s] for s in others]
        forbidden = [voids[s] & unknown for s in others]
        # Rebuild once with any consistent deal; each sample then swaps in its own hands.
        hands = self._hands(own, seat, others, sample_hands(unknown, counts, known, forbidden, random.Random(0)))
        self._template = HeartsState.from_observation(observation, hands)
        self._template.quiet = True  # play-outs need no event log
        self._deal = (unknown, counts, known, forbidden, others)
        inferred = soft_inferences(observation) if self.infer else [0, 0, 0, 0]
        strict = [forbidden[p] | inferred[s] & unknown & ~known[p] for p, s in enumerate(others)]
        # A card every seat seems not to hold is somewhere all the same: free it.
        nowhere = strict[0] & strict[1] & strict[2]
        strict = [strict[p] & ~nowhere | forbidden[p] for p in range(3)]
        self._strict = None
        if strict != forbidden:
            try:
                sample_hands(unknown, counts, known, strict, random.Random(0))
                self._strict = strict
            except ImpossibleDealError:
                pass  # the plays contradict the inferences (a player unlike normal): voids only
        self._seen = observation
        self.suspect = moon_suspect(observation.points_taken, seat)
        self.hand_number = observation.hand_number

    def simulator(self, observation: HeartsObservation) -> HeartsSimulator:
        """The search's fast path for ``observation``: a :class:`HeartsSimulator`.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("hearts").new_game(players=4, seed=4)
        >>> for _ in range(4):
        ...     state.apply(state.legal_actions()[0])
        >>> type(HeartsSearchModel().simulator(state.observation(state.current_player))).__name__
        'HeartsSimulator'
        """
        return HeartsSimulator(self, observation)

    @staticmethod
    def _hands(own: int, seat: int, others: list[int], dealt: list[int]) -> list[int]:
        hands = [0, 0, 0, 0]
        hands[seat] = own
        for place, other in enumerate(others):
            hands[other] = dealt[place]
        return hands

    def sample_state(self, observation: HeartsObservation, rng: random.Random) -> GameState:
        self.prepare(observation)
        unknown, counts, known, _, others = self._deal  # type: ignore[misc]
        dealt = sample_hands(unknown, counts, known, self.forbidden(rng), rng)
        state = self._template.clone()  # type: ignore[union-attr]
        if self.group_alike:
            state.__class__ = _SearchState
        seat = own_seat(observation)
        state.hands = self._hands(state.hands[seat], seat, others, dealt)
        return state

    def playout_action(self, state: GameState, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, HeartsState)
        table = state.table
        hand = table.hands[seat]
        legal = playable(hand, table.trick_cards, table.trick_number, table.hearts_broken)
        if legal & (legal - 1) == 0:
            return play_action(_lowest(legal))
        policy = playout_policy(rng, PLAYOUT_NOISE, self.suspect)
        return play_action(
            policy(hand, legal, table.trick_cards, table.trick_seats, seat, table.trick_number, table.hands, table.won)
        )

    def is_terminal_for_search(self, state: GameState) -> bool:
        assert isinstance(state, HeartsState)
        table = state.table
        if table.hand_number != self.hand_number or table.current is None:
            return True
        if table.trick_number == kernel.TRICKS_PER_HAND - 1 and not table.trick_cards:
            return True  # the last trick plays itself: hand_scores works it out
        return decided(table)

    def evaluate(self, state: GameState, seat: int) -> float:
        scores = self.hand_scores(state)
        mine = scores[seat]
        others = (sum(scores) - mine) / 3.0
        return 0.5 + (others - mine) / 52.0

    def hand_scores(self, state: GameState) -> list[int]:
        """The points of the hand being searched, after the moon rule, once it is decided."""
        assert isinstance(state, HeartsState)
        records = state.hand_records
        if records and records[-1]["hand"] == self.hand_number:
            scores: list[int] = records[-1]["scores"]
            return scores
        return moon_scores(settled_points(state.table))


def playout_policy(
    rng: random.Random | None, noise: float, suspect: int | None
) -> Callable[[int, int, list[int], list[int], int, int, list[int], list[int]], int]:
    """The play-outs' choice of card, a :data:`~cardtable.games.hearts.kernel.Policy` for
    :func:`~cardtable.games.hearts.kernel.play_out`: the normal strategy, a random legal
    card ``noise`` of the time (needs ``rng``), and ``suspect``, a seat thought to be
    shooting the moon, played as a shooter (and defended against) while nobody else
    has taken a point.

    >>> from cardtable.cards import ALL_CARDS, cards_to_mask, parse_cards
    >>> hand = cards_to_mask(parse_cards("QS 3D"))
    >>> policy = playout_policy(None, 0.0, None)
    >>> str(ALL_CARDS[policy(hand, _QS, [Card.parse("KS").index], [1], 2, 5, [0, 0, hand, 0], [0, 0, 0, 0])])
    'QS'
    """
    random_ = rng.random if noise and rng is not None else None
    randrange = rng.randrange if rng is not None else None

    def policy(
        hand: int, legal: int, cards: list[int], seats: list[int], seat: int, tricks: int,
        hands: list[int], won: list[int],
    ) -> int:
        if random_ is not None and random_() < noise:
            choices = bits(legal)
            return choices[randrange(len(choices))]  # type: ignore[misc]
        shooter = suspect
        if shooter is not None and (won[0] | won[1] | won[2] | won[3]) & _PENALTY:
            for other in range(4):
                if other != shooter and won[other] & _PENALTY:
                    shooter = None  # someone else took a point: the attempt is over
                    break
        if shooter is not None and seat == shooter:
            return _shooter_card(legal, cards)
        left = hands[0] | hands[1] | hands[2] | hands[3]
        return choose_card(hand, legal, cards, seats, seat, left & ~hand, tricks, shooter)

    return policy


def _shooter_card(playable: int, trick_cards: Sequence[int]) -> int:
    """A moon shooter's card: win with the highest, or throw the lowest non-point card."""
    if trick_cards:
        lead = trick_cards[0] & 3
        if not playable & _SUIT[lead]:
            harmless = playable & ~_PENALTY
            return _lowest(harmless) if harmless else _lowest(playable)
    return _highest(playable)


class HeartsSimulator:
    """The search's :class:`~cardtable.bots.search.Simulator` for Hearts, on bare
    bitmasks: the same deals, moves, play-out and evaluation as the ``GameState`` methods
    of :class:`HeartsSearchModel`, several times faster.

    - A world is a :class:`~cardtable.games.hearts.kernel.Table`, the rules kernel's
      state, played with the kernel's functions; :data:`DEAL_REUSE` consecutive worlds
      share one deal of the hidden cards (:meth:`HeartsSearchModel.prepare` sets up the
      dealing).
    - Moves are card indexes: with ``group_alike`` one card of each group that plays
      alike (:func:`distinct_cards`), else every legal card.
    - The play-out is the normal strategy with :data:`PLAYOUT_NOISE`; a moon suspect
      plays as a shooter while it has every point.
    - The search stops when the hand is decided (13 tricks, or every penalty card
      taken); a seat's value is ``0.5 + (others' average - own points) / 52``.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=4)
    >>> for _ in range(10):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> simulator = HeartsSimulator(HeartsSearchModel(), state.observation(seat))
    >>> world = simulator.deal(random.Random(1))
    >>> [play_action(i) for i in simulator.moves(world)] == state.legal_actions()
    True
    >>> simulator.finish(world, random.Random(2))
    >>> simulator.stopped(world), 0.0 <= simulator.value(world, seat) <= 1.0
    (True, True)
    """

    def __init__(self, model: HeartsSearchModel, observation: HeartsObservation) -> None:
        model.prepare(observation)
        template = model._template
        assert template is not None and model._deal is not None
        self._unknown, self._counts, self._known, self._forbidden, self._others = model._deal
        self._model = model
        self._seat = seat = own_seat(observation)
        self._table = template.table
        self._own = template.table.hands[seat]
        self._suspect = model.suspect
        self._group_alike = model.group_alike
        self._dealt = 0
        self._hands: list[int] = []
        self._policy_rng: random.Random | None = None
        self._policy = playout_policy(None, PLAYOUT_NOISE, self._suspect)
        self._scored: Table | None = None
        self._scores: list[int] = []

    def root_key(self, action: Action) -> int:
        return action.cards[0].index

    def deal(self, rng: random.Random) -> Table:
        if self._dealt % DEAL_REUSE == 0:
            dealt = sample_hands(self._unknown, self._counts, self._known, self._model.forbidden(rng), rng)
            hands = [0, 0, 0, 0]
            hands[self._seat] = self._own
            for place, other in enumerate(self._others):
                hands[other] = dealt[place]
            self._hands = hands
        self._dealt += 1
        world = copy_table(self._table)
        world.hands = list(self._hands)
        return world

    # Plain C callables rather than methods: the search calls these at every tree step.
    to_move = attrgetter("current")
    play = staticmethod(kernel.play)

    @staticmethod
    def stopped(world: Table) -> bool:
        """A trick has just been finished and the hand is decided."""
        return not world.trick_cards and decided(world)

    def moves(self, world: Table) -> list[int]:
        hands = world.hands
        hand = hands[world.current]  # type: ignore[index]
        cards = world.trick_cards
        legal = playable(hand, cards, world.trick_number, world.hearts_broken)
        if self._group_alike:
            gaps = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
            for index in cards:
                gaps |= 1 << index
            legal = distinct_cards(legal, gaps)
        return bits(legal)

    def finish(self, world: Table, rng: random.Random) -> None:
        if not world.trick_cards and decided(world):
            return
        if rng is not self._policy_rng:
            self._policy = playout_policy(rng, PLAYOUT_NOISE, self._suspect)
            self._policy_rng = rng
        play_out(world, self._policy)

    def value(self, world: Table, seat: int) -> float:
        if world is not self._scored:
            self._scores = moon_scores(hand_points(world.won))
            self._scored = world
        scores = self._scores
        mine = scores[seat]
        return 0.5 + ((scores[0] + scores[1] + scores[2] + scores[3] - mine) / 3.0 - mine) / 52.0

    def outcome(self, world: Table, seat: int) -> int:
        """The points ``seat`` takes in the hand, after the moon rule (the hint's measure)."""
        if world is not self._scored:
            self._scores = moon_scores(hand_points(world.won))
            self._scored = world
        return self._scores[seat]


# --- the hard bot's pass ------------------------------------------------------------------

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

    >>> from cardtable.cards import parse_cards
    >>> hand = _mask(parse_cards("2C 5C 9C 3D 4D 6D 8D TD 2H 3H 4H QS AH"))
    >>> candidates = pass_candidates(hand)
    >>> candidates[0] == choose_pass(hand), len(set(candidates)) == len(candidates)
    (True, True)
    """
    first = choose_pass(hand)
    ranked = sorted(iter_bits(hand), key=lambda i: -_pass_danger(i, hand))
    top = ranked[:PASS_CANDIDATE_CARDS]
    candidates = [first]
    seen = {first}
    for trio in combinations(top, 3):
        mask = (1 << trio[0]) | (1 << trio[1]) | (1 << trio[2])
        if mask not in seen:
            seen.add(mask)
            candidates.append(mask)
    for suit in (CLUBS, DIAMONDS):
        short = hand & _SUIT[suit] & ~_TWO_OF_CLUBS
        if 0 < short.bit_count() <= 3 and short == hand & _SUIT[suit]:
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

    >>> from cardtable.cards import parse_cards
    >>> hand = _mask(parse_cards("2C 5C 9C 3D 4D 6D 8D TD 2H 3H 4H QS AH"))
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


def make_search_model() -> HeartsSearchModel:
    """The Hearts search model over every legal card (``benchmarks/search.py`` looks for
    this; the hard bot groups cards that play alike and searches its own root).

    >>> make_search_model().group_alike
    False
    """
    return HeartsSearchModel()


class HardHeartsBot(SearchBot[HeartsObservation]):
    """Plays by the shared ISMCTS with :class:`HeartsSearchModel` (whose
    :class:`HeartsSimulator` runs the iterations on bitmasks); passes by :func:`search_pass`.

    ``time_budget`` seconds per decision, the pass included (default 0.5), or exactly
    ``iterations`` iterations (and ``pass_playouts`` hands played out for the pass,
    default half of ``iterations``) for reproducible play.  ``infer=False`` deals the
    hidden cards from the voids alone, without :func:`soft_inferences`.

    >>> HardHeartsBot(seed=1, iterations=50).level
    'hard'
    """

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = DEFAULT_TIME_BUDGET,
        iterations: int | None = None,
        exploration: float = HARD_EXPLORATION,
        workers: int = 1,
        pass_playouts: int | None = None,
        infer: bool = True,
    ) -> None:
        self.pass_playouts = pass_playouts
        super().__init__(HeartsSearchModel(group_alike=True, infer=infer), seed, time_budget, iterations, exploration, workers)

    def pass_search(self, observation: HeartsObservation, legal_actions: Sequence[Action], deadline: Deadline) -> Action:
        if not self.searcher.record_outcomes:
            return give_action(self.choose_pass(observation, deadline))
        figures: list[tuple[int, int, float, dict[int, int]]] = []
        chosen = give_action(self.choose_pass(observation, deadline, figures))
        # The candidates that lasted longest first (the pass search drops the worse
        # half every few deals), then by their mean; the value as the search's.
        figures.sort(key=lambda f: (-f[1], -f[2]))
        self.figures = (
            tuple(MoveValue(give_action(mask), hands, 0.5 + mean / 52.0, points) for mask, hands, mean, points in figures),
            sum(f[1] for f in figures),
        )
        return chosen

    def root_moves(self, observation: HeartsObservation, legal_actions: Sequence[Action]) -> dict[Action, Action]:
        """One card of each group that plays alike (:func:`search_choices`)."""
        return {action: action for action in search_choices(observation, legal_actions)}

    def same_move(self, observation: HeartsObservation, first: Action, second: Action) -> bool:
        """Two plays alike (:func:`distinct_cards`), or the same pass."""
        if first.kind == "play" and second.kind == "play":
            return len(search_choices(observation, [first, second])) == 1
        return first == second

    def value_moves(
        self, observation: HeartsObservation, legal_actions: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[MoveValue, ...]:
        """Plays as every hard bot values them; passes by :func:`search_pass` over
        exactly ``moves``, on the same deals (none dropped: there are too few)."""
        if not moves or moves[0].kind != "give":
            return super().value_moves(observation, legal_actions, moves)
        masks = [_mask(move.cards) for move in moves]
        distinct = list(dict.fromkeys(masks))
        figures: list[tuple[int, int, float, dict[int, int]]] = []
        deadline = self.deadline()
        iterations = self.searcher.iterations
        playouts = None if iterations is None else self.pass_playouts or max(1, iterations // 2)
        offset = PASS_OFFSETS[observation.pass_direction]
        search_pass(
            _mask(observation.hand), own_seat(observation), offset, self.rng, playouts, deadline.end, deadline.stop,
            figures, distinct,
        )
        found = {mask: (hands, mean, points) for mask, hands, mean, points in figures}
        values = []
        for move, mask in zip(moves, masks):
            hands, mean, points = found.get(mask, (0, 0.0, {}))
            values.append(MoveValue(move, hands, 0.5 + mean / 52.0, points))
        return tuple(values)

    def choose_pass(
        self,
        observation: HeartsObservation,
        deadline: Deadline | None = None,
        figures: list[tuple[int, int, float, dict[int, int]]] | None = None,
    ) -> int:
        """The three cards to pass, as a bitmask, by :func:`search_pass` within the same
        budget as a play: to the decision's ``deadline`` (one starting now by default),
        or in fixed-iteration mode ``pass_playouts`` hands played out (default: half of
        ``iterations``, as a hand played out from the pass costs about twice a search
        iteration)."""
        if deadline is None:
            deadline = self.deadline()
        iterations = self.searcher.iterations
        playouts = None if iterations is None else self.pass_playouts or max(1, iterations // 2)
        offset = PASS_OFFSETS[observation.pass_direction]
        return search_pass(
            _mask(observation.hand), own_seat(observation), offset, self.rng, playouts, deadline.end, deadline.stop,
            figures,
        )


BOT_LEVELS: dict[str, Callable[[int | None], object]] = {
    "easy": EasyHeartsBot,
    "normal": NormalHeartsBot,
    "hard": HardHeartsBot,
}
"""The factories ``make_bot`` uses: ``factory(seed) -> bot``."""


def _points_words(value: float, also: float | None) -> str:
    return f"{value:.1f} points expected this hand"


REVIEW_MEASURE = ReviewMeasure(
    name="points this hand",
    score=float,
    lower_is_better=True,
    threshold=1.0,
    describe=_points_words,
    cost_words=lambda cost: f"{cost:.1f} points",
)
"""The review's measure: the points the seat takes this hand (after the moon rule)."""
