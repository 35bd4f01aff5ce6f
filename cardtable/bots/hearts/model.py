"""The search model of Hearts' hard bot and its simulator on bare bitmasks.

:class:`HeartsSearchModel` deals the hidden cards by what the tricks played tell
(:mod:`cardtable.bots.hearts.reading`) and plays the hand out with the normal strategy
(:func:`playout_policy`); :class:`HeartsSimulator` is the search's view of it, on the
rules kernel's :class:`~cardtable.games.hearts.kernel.Table`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import NamedTuple

from cardtable.bots.base import own_seat
from cardtable.bots.hearts.masks import BELOW, EVERY_CARD, QS, QS_INDEX, highest, lowest
from cardtable.bots.hearts.reading import (
    SOFT_INFERENCE_WEIGHT,
    moon_suspect,
    played_mask,
    soft_inferences,
    void_suits,
)
from cardtable.bots.hearts.strategy import choose_card
from cardtable.bots.search import ImpossibleDealError, sample_hands
from cardtable.cards import SUIT_MASKS, cards_to_mask
from cardtable.engine.actions import Action
from cardtable.games.hearts import HeartsObservation, HeartsState, kernel
from cardtable.games.hearts.kernel import (
    PENALTY,
    Table,
    bits,
    copy_table,
    decided,
    hand_points,
    moon_scores,
    play_out,
    playable,
)

__all__ = [
    "HeartsSearchModel",
    "HeartsSimulator",
    "DealConstraints",
    "playout_policy",
    "distinct_cards",
    "search_choices",
    "hands_with",
    "DEAL_REUSE",
    "PLAYOUT_NOISE",
]

DEAL_REUSE = 2
"""How many consecutive iterations of the hard bot's search share one deal of the hidden
cards: dealing costs about a quarter of an iteration, and the tree walk and the noisy
play-out already make two iterations on one deal differ."""

PLAYOUT_NOISE = 0.03
"""How often the hard bot's play-outs play a random legal card instead of the normal one."""


class DealConstraints(NamedTuple):
    """What every deal of one decision's hidden cards keeps to, per other seat (a
    *place*: the other seats in order)."""

    unknown: int  # the cards to deal: neither in this seat's hand nor played
    counts: list[int]  # how many each place holds (its public hand size)
    known: list[int]  # cards each place surely holds (this seat passed them to it)
    forbidden: list[int]  # cards each place surely does not hold (its voids)
    others: list[int]  # the seat of each place


def hands_with(own: int, seat: int, others: list[int], dealt: list[int]) -> list[int]:
    """The four hands: ``own`` at ``seat``, ``dealt[place]`` at ``others[place]``.

    >>> hands_with(0b1, 0, [1, 2, 3], [0b10, 0b100, 0b1000])
    [1, 2, 4, 8]
    """
    hands = [0, 0, 0, 0]
    hands[seat] = own
    for place, other in enumerate(others):
        hands[other] = dealt[place]
    return hands


def distinct_cards(playable: int, gaps: int) -> int:
    """One card (the lowest) of each group of ``playable`` cards that play alike, as a bitmask.

    Two cards of a suit play alike when no card between them is in ``gaps`` (the cards
    still in other hands and those in the current trick): whichever is played, every
    trick ends the same way.  The Q♠ is never grouped, its 13 points set it apart.

    >>> from cardtable.cards import parse_cards, mask_to_cards
    >>> playable = cards_to_mask(parse_cards("4C 5C 7C 9D"))
    >>> " ".join(map(str, mask_to_cards(distinct_cards(playable, cards_to_mask(parse_cards("6C"))))))
    '4C 7C 9D'
    """
    chosen = 0
    for suit_mask in SUIT_MASKS:
        cards = playable & suit_mask
        previous = -1
        while cards:
            bit = cards & -cards
            cards ^= bit
            index = bit.bit_length() - 1
            if (
                previous < 0
                or bit == QS
                or previous == QS_INDEX
                or gaps & suit_mask & BELOW[index] & ~BELOW[previous]
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
    gaps = EVERY_CARD & ~cards_to_mask(observation.hand) & ~played_mask(observation)
    for _, card in observation.trick:
        gaps |= card.mask
    distinct = distinct_cards(cards_to_mask([action.cards[0] for action in legal_actions]), gaps)
    return [action for action in legal_actions if action.cards[0].mask & distinct]



class HeartsSearchModel:
    """Hearts' model for the search (a :class:`~cardtable.bots.search.Searchable`): how
    the hard bot deals the hidden cards, plays the hand out and values it;
    :meth:`simulator` plays it on bare bitmasks (a :class:`HeartsSimulator`).

    - A deal gives every seat its public hand size, no card of a suit it showed void in
      (:func:`void_suits`), and the cards this seat passed to it that have not been
      played yet (``deal``, set up by :meth:`prepare`, which also rebuilds the position
      with :meth:`HeartsState.from_observation`: ``template``).  With ``infer`` (the
      default), most deals also honour what each seat's plays suggest it does not hold
      (:func:`soft_inferences`, :meth:`forbidden`).
    - The play-outs play the normal strategy (reading the dealt hands) with a random
      legal card :data:`PLAYOUT_NOISE` of the time (:func:`playout_policy`); a moon
      suspect found in the observation plays as a shooter (its highest cards) while it
      still has every point.
    - A hand is worth, after the moon rule, ``0.5 + (others' average - own points) / 52``
      to a seat, in [0, 1].  Play-outs stop when the hand is decided: every penalty card
      is taken.
    - ``group_alike``: the search considers one card of each group that plays alike
      (:func:`distinct_cards`).

    >>> model = HeartsSearchModel()
    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=4)
    >>> for _ in range(10):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> model.prepare(state.observation(seat))
    >>> model.template.hand(seat) == state.hand(seat)
    True
    >>> model.deal.counts == [len(state.hand(s)) for s in model.deal.others]
    True
    """

    def __init__(self, group_alike: bool = False, infer: bool = True) -> None:
        self.group_alike = group_alike
        self._seen: HeartsObservation | None = None
        #: the position rebuilt from the observation (by :meth:`prepare`): every deal
        #: copies it and swaps in its own hands
        self.template: HeartsState | None = None
        #: what every deal of this decision keeps to (by :meth:`prepare`)
        self.deal: DealConstraints | None = None
        self.suspect: int | None = None
        self.hand_number = 0
        self.infer = infer
        self._strict: list[int] | None = None

    def forbidden(self, rng: random.Random) -> list[int]:
        """The cards each other seat is dealt none of in one sample: its voids, and with
        chance :data:`SOFT_INFERENCE_WEIGHT` per seat what its plays suggest it does not
        hold (:func:`soft_inferences`; never more than leaves a deal possible)."""
        assert self.deal is not None, "prepare() comes first"
        forbidden = self.deal.forbidden
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
        own = cards_to_mask(observation.hand)
        played = played_mask(observation)
        unknown = EVERY_CARD & ~own & ~played
        others = [s for s in range(4) if s != seat]
        voids = void_suits(observation)
        known = [0, 0, 0]
        target = observation.pass_target
        if target is not None and observation.cards_received:
            given = cards_to_mask(observation.cards_given) & unknown
            known[others.index(target)] = given
        counts = [observation.hand_sizes[s] for s in others]
        forbidden = [voids[s] & unknown for s in others]
        # Rebuild once with any consistent deal; each sample then swaps in its own hands.
        hands = hands_with(own, seat, others, sample_hands(unknown, counts, known, forbidden, random.Random(0)))
        self.template = HeartsState.from_observation(observation, hands)
        self.template.quiet = True  # play-outs need no event log
        self.deal = DealConstraints(unknown, counts, known, forbidden, others)
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



def playout_policy(
    rng: random.Random | None, noise: float, suspect: int | None
) -> Callable[[int, int, list[int], list[int], int, int, list[int], list[int]], int]:
    """The play-outs' choice of card, a :data:`~cardtable.games.hearts.kernel.Policy` for
    :func:`~cardtable.games.hearts.kernel.play_out`: the normal strategy, a random legal
    card ``noise`` of the time (needs ``rng``), and ``suspect``, a seat thought to be
    shooting the moon, played as a shooter (and defended against) while nobody else
    has taken a point.

    >>> from cardtable.cards import ALL_CARDS, Card, cards_to_mask, parse_cards
    >>> hand = cards_to_mask(parse_cards("QS 3D"))
    >>> policy = playout_policy(None, 0.0, None)
    >>> str(ALL_CARDS[policy(hand, QS, [Card.parse("KS").index], [1], 2, 5, [0, 0, hand, 0], [0, 0, 0, 0])])
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
        if shooter is not None and (won[0] | won[1] | won[2] | won[3]) & PENALTY:
            for other in range(4):
                if other != shooter and won[other] & PENALTY:
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
        if not playable & SUIT_MASKS[lead]:
            harmless = playable & ~PENALTY
            return lowest(harmless) if harmless else lowest(playable)
    return highest(playable)



class HeartsSimulator:
    """The search's :class:`~cardtable.bots.search.Simulator` for Hearts, on bare
    bitmasks: :class:`HeartsSearchModel`'s deals, moves, play-out and evaluation, several
    times faster than on ``HeartsState``.

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
    >>> from cardtable.games.hearts import play_action
    >>> [play_action(i) for i in simulator.moves(world)] == state.legal_actions()
    True
    >>> simulator.finish(world, random.Random(2))
    >>> simulator.stopped(world), 0.0 <= simulator.value(world, seat) <= 1.0
    (True, True)
    """

    def __init__(self, model: HeartsSearchModel, observation: HeartsObservation) -> None:
        model.prepare(observation)
        template = model.template
        assert template is not None and model.deal is not None, "prepare() set them"
        self._unknown, self._counts, self._known, self._forbidden, self._others = model.deal
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

