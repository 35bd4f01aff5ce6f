"""The search model of President's hard bot and its simulator on the rules kernel.

:class:`PresidentSearchModel` deals the hidden cards (weighing deals by what the
opponents' plays this round say, :mod:`cardtable.bots.president.reading`), plays the
opponents and the play-outs with the normal strategy, and values a round by its
finishing place; :class:`PresidentSimulator` is the search's view of it, on the
kernel's :class:`~cardtable.games.president.kernel.Table`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from operator import attrgetter

from cardtable.bots.base import own_seat
from cardtable.bots.president.moves import move_of, play_move, search_moves, strategy_move
from cardtable.bots.president.reading import (
    DealConstraints,
    PlayCheck,
    deal_constraints,
    hands_with,
    round_checks,
)
from cardtable.bots.president.strategy import EVERY_CARD, choose_gift, normal_move, seat_view
from cardtable.bots.search import sample_hands
from cardtable.cards import cards_to_mask
from cardtable.engine.actions import Action
from cardtable.games.president import PresidentObservation, PresidentState, kernel
from cardtable.games.president.kernel import HIGHER, NIBBLE_BITS, ORDERS, Table, can_beat, copy_table

__all__ = [
    "PresidentSearchModel",
    "PresidentSimulator",
    "PLAYOUT_NOISE",
    "PLACE_DECAY",
    "INFERENCE_ODDS",
    "INFERENCE_BURN_IN",
    "INFERENCE_STEPS",
]

PLAYOUT_NOISE = 0.0
"""How often the hard bot's play-outs make a random legal move instead of the normal one.

None by default: the opponents it meets most are normal bots, whose play the normal
strategy on the sampled hands reproduces exactly, so noise would only blur them."""

PLACE_DECAY = 0.3
"""How a finishing place is valued by the search: first 1, then ``PLACE_DECAY`` to the
power of the place (0.3, 0.09, ...), last 0.  President is worth far more than
Vice-President, so the search plays for first place, not for a safe middle one."""

INFERENCE_ODDS = 0.02
"""How much less likely the hard bot's sampler holds a deal for each opponent play this
round that the normal strategy would not have made with that deal's hands."""

INFERENCE_BURN_IN = 600
"""Metropolis steps from a fresh uniform deal before the first sample of a decision."""

INFERENCE_STEPS = 8
"""Metropolis steps between two samples of one decision."""

_MEMO_LIMIT = 50_000
# What the memo of normal moves answers for a position it has not seen (None is a pass).
_MEMO_MISS: tuple[int, int] = (-1, -1)


def _random_bit(mask: int, rng: random.Random) -> int:
    """The index of one set bit of ``mask``, chosen uniformly."""
    pick = rng.randrange(mask.bit_count())
    for _ in range(pick):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class PresidentSearchModel:
    """President's model for the search (a :class:`~cardtable.bots.search.Searchable`):
    how the hard bot deals the hidden cards, plays its opponents and play-outs, and
    values a finished round; :meth:`simulator` plays it on the rules kernel.

    - :meth:`sample_deal` deals the unseen cards (neither in this seat's hand nor played
      this round) so that every seat keeps its public hand size, within the round's
      :class:`~cardtable.bots.president.reading.DealConstraints`, weighing deals by the
      opponents' plays (:meth:`disagreements`); :meth:`prepare` rebuilds the position
      once per decision with :meth:`PresidentState.from_observation` (``template``).
    - The play-outs (:meth:`playout_policy`) and the opponents in the tree
      (:meth:`policy_move`) play :func:`normal_move` on the dealt hands, with a random
      move of :func:`search_moves` :data:`PLAYOUT_NOISE` of the time (a seat that cannot
      beat the table passes).
    - A finished round is worth :meth:`place_value` of its place: 1 for first, 0 for
      last, :data:`PLACE_DECAY` to the power of the place between (``place_values``
      overrides it).  Play-outs stop at the end of the round.

    >>> model = PresidentSearchModel()
    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> dealt = model.sample_deal(state.observation(seat), random.Random(1))
    >>> [hand.bit_count() for hand in dealt] == [len(state.hand(s)) for s in model.deal.others]
    True
    """

    def __init__(
        self,
        place_values: Sequence[float] | None = None,
        noise: float = PLAYOUT_NOISE,
        inference: bool = True,
        model_opponents: bool = True,
    ) -> None:
        # place_values[place] (0 = first): what finishing there is worth, 1 down to 0.
        self.place_values = tuple(place_values) if place_values is not None else None
        self.noise = noise
        # normal_move's answers in play-outs: the same positions come back in many of
        # them (the searching seat's own hand above all), and the answer is a pure
        # function of the key.  Emptied when it grows past _MEMO_LIMIT.
        self._moves: dict[tuple[int, int, int, int, bool, bool, int], tuple[int, int] | None] = {}
        self._seen: PresidentObservation | None = None
        #: the position rebuilt from the observation (by :meth:`prepare`), and its kernel
        #: table: every deal copies them and swaps in its own hands
        self.template_state: PresidentState | None = None
        self.template: Table | None = None
        #: what every deal of this decision keeps to (by :meth:`prepare`)
        self.deal: DealConstraints | None = None
        self.round_number = 0
        # Reading the opponents' plays (see round_checks): the checks of this decision
        # per opponent, the Metropolis walk's current deal and each opponent's
        # disagreements in it.
        self.inference = inference
        self.model_opponents = model_opponents
        self._checks: list[list[PlayCheck]] = []
        #: how many opponent plays and passes this round the deals are weighed by
        self.checks_count = 0
        self._chain: list[int] | None = None
        self._wrong: list[int] = []
        self._enabled = True
        self._log_odds = math.log(INFERENCE_ODDS)

    def __getstate__(self) -> dict[str, object]:
        # A search worker gets the settings, not this process's caches: the memo can
        # hold tens of thousands of entries, and prepare() rebuilds the rest.
        state = dict(self.__dict__)
        state.update(
            _moves={}, _seen=None, template_state=None, template=None, deal=None, _checks=[], _chain=None, _wrong=[]
        )
        return state

    def prepare(self, observation: PresidentObservation) -> None:
        """Work out, once per decision, what every sample of ``observation`` shares."""
        if observation is self._seen:
            return
        seat = own_seat(observation)
        own = cards_to_mask(observation.hand)
        deal = deal_constraints(observation)
        first = sample_hands(deal.unknown, deal.counts, deal.known, deal.forbidden, random.Random(0))
        template = PresidentState.from_observation(observation, hands_with(own, seat, deal.others, first))
        self.template_state = template
        self.template = template.table
        self.deal = deal
        self._seen = observation
        self.round_number = observation.round
        self._enabled = observation.revolution_enabled
        self._checks = round_checks(observation, deal.others) if self.inference else [[] for _ in deal.others]
        self.checks_count = sum(map(len, self._checks))
        self._log_odds = math.log(INFERENCE_ODDS)
        self._chain = None
        self._wrong = []

    def disagreements(self, place: int, hand: int, limit: int = 52) -> int:
        """How many of the plays and passes this round of the opponent at ``place`` (in
        the deal's order) the normal strategy would not have made, had its hand now been
        ``hand``; counting stops past ``limit``.

        One opponent's count depends on its own hand alone: the rest is public.
        """
        wrong = 0
        enabled = self._enabled
        remembered = self._normal_move
        for later, before, table_rank, table_size, rev, fewest, behind, made in self._checks[place]:
            held = hand | later
            if made is None and table_size and not can_beat(held, table_rank, table_size, rev):
                continue  # it could not beat the table: any strategy passes
            move = remembered(held, EVERY_CARD & ~held & ~before, table_rank, table_size, rev, enabled, fewest, behind)
            if move != made:
                wrong += 1
                if wrong > limit:
                    break
        return wrong

    def _reweigh(self, dealt: list[int]) -> None:
        self._chain = dealt
        self._wrong = [self.disagreements(place, hand) for place, hand in enumerate(dealt)]

    def _step(self, rng: random.Random) -> None:
        """One Metropolis step over deals: swap a card between two opponents, and keep
        the swap with probability ``INFERENCE_ODDS`` to the power of the disagreements
        it adds (always, if it adds none)."""
        chain = self._chain
        deal = self.deal
        # sample_deal sets up the deal and the chain before the first step.
        assert chain is not None and deal is not None
        places = len(chain)
        if places < 2:
            return
        known, forbidden = deal.known, deal.forbidden
        a = rng.randrange(places)
        b = rng.randrange(places - 1)
        if b >= a:
            b += 1
        free_a = chain[a] & ~known[a] & ~forbidden[b]
        free_b = chain[b] & ~known[b] & ~forbidden[a]
        if not free_a or not free_b:
            return
        card_a = _random_bit(free_a, rng)
        card_b = _random_bit(free_b, rng)
        if card_a >> 2 == card_b >> 2:
            return  # the same rank: suits do not matter
        swap = 1 << card_a | 1 << card_b
        chance = rng.random()
        wrong = self._wrong
        limit = wrong[a] + wrong[b] + (int(math.log(chance) / self._log_odds) if chance > 0 else 52)
        new_a = self.disagreements(a, chain[a] ^ swap, limit)
        if new_a > limit:
            return
        new_b = self.disagreements(b, chain[b] ^ swap, limit - new_a)
        if new_a + new_b > limit:
            return
        chain[a] ^= swap
        chain[b] ^= swap
        wrong[a] = new_a
        wrong[b] = new_b

    def sample_deal(self, observation: PresidentObservation, rng: random.Random) -> list[int]:
        """The opponents' hands of one sample (in the order of the seats after this
        one's removal), drawn as the class's docstring describes."""
        self.prepare(observation)
        deal = self.deal
        assert deal is not None, "prepare() set it"
        unknown, counts, known, forbidden = deal.unknown, deal.counts, deal.known, deal.forbidden
        if not self.checks_count:
            return sample_hands(unknown, counts, known, forbidden, rng)
        if self._chain is None:
            self._reweigh(sample_hands(unknown, counts, known, forbidden, rng))
            steps = INFERENCE_BURN_IN
        else:
            steps = INFERENCE_STEPS
        for _ in range(steps):
            self._step(rng)
        return list(self._chain)  # type: ignore[arg-type]

    def simulator(self, observation: PresidentObservation) -> PresidentSimulator:
        """The search's simulator for ``observation``: a :class:`PresidentSimulator`."""
        return PresidentSimulator(self, observation)

    def _normal_move(
        self, hand: int, unseen: int, table_rank: int, table_size: int, rev: bool, enabled: bool,
        fewest: int, behind: bool = False,
    ) -> tuple[int, int] | None:
        """:func:`normal_move`, remembered under the play-outs' key (which has room for
        ``behind``: play-outs never trail, so their keys match these)."""
        key = (hand, unseen, table_rank, table_size, rev, enabled, fewest | behind << 6)
        memo = self._moves
        move = memo.get(key, memo)
        if move is memo:
            move = memo[key] = normal_move(hand, table_rank, table_size, rev, enabled, unseen, fewest, behind)
        return move  # type: ignore[return-value]

    def policy_move(self, table: Table, seat: int) -> tuple[int, int] | None:
        """:func:`normal_move` for ``seat`` at ``table``, seeing what it would see
        (every card in other hands is unseen to it); remembered like the play-outs'."""
        unseen, fewest = seat_view(table.hands, seat)
        return self._normal_move(
            table.hands[seat], unseen, table.table_rank, table.table_size, table.revolution, table.revolution_enabled, fewest,
        )

    def playout_policy(self, rng: random.Random) -> kernel.Policy:
        """The play-outs' choice for :func:`~cardtable.games.president.kernel.play_out`:
        :func:`normal_move` for every seat, remembered, and a random move of
        :func:`search_moves` :data:`noise` of the time (from ``rng``)."""
        noise = self.noise
        chance = rng.random
        randrange = rng.randrange
        memo = self._moves
        miss = _MEMO_MISS
        enabled = self._enabled

        def policy(hands: list[int], turn: int, table_rank: int, size: int, rev: bool) -> tuple[int, int] | None:
            hand = hands[turn]
            if noise and chance() < noise:
                options: list[tuple[int, int] | None] = []
                if size:
                    for r in HIGHER[rev][table_rank]:
                        if NIBBLE_BITS[hand >> (r - 2) * 4 & 15] >= size:
                            options.append((r, size))
                    options.append(None)
                else:
                    for r in ORDERS[rev]:
                        count = NIBBLE_BITS[hand >> (r - 2) * 4 & 15]
                        if count:
                            options.append((r, count))
                return options[randrange(len(options))]
            unseen = 0
            fewest = 52
            for s in range(len(hands)):
                if s != turn:
                    other = hands[s]
                    if other:
                        unseen |= other
                        c = other.bit_count()
                        if c < fewest:
                            fewest = c
            key = (hand, unseen, table_rank, size, rev, enabled, fewest)
            move = memo.get(key, miss)  # None is a pass, so a miss needs its own marker
            if move is miss:
                move = memo[key] = normal_move(hand, table_rank, size, rev, enabled, unseen, fewest)
            return move

        return policy


    def trim_memo(self) -> None:
        """Empty the memo of normal moves once it holds more than ``_MEMO_LIMIT``."""
        if len(self._moves) > _MEMO_LIMIT:
            self._moves.clear()


    def place_value(self, order: Sequence[int], seat: int) -> float:
        """What finishing the searched round in ``order`` is worth to ``seat``."""
        place = order.index(seat)
        if self.place_values is not None and len(order) == len(self.place_values):
            return self.place_values[place]
        return 0.0 if place == len(order) - 1 else PLACE_DECAY**place


class PresidentSimulator:
    """The search's :class:`~cardtable.bots.search.Simulator` for President, on the
    rules kernel: :class:`PresidentSearchModel`'s deals, moves, play-out and values,
    without building states.

    - A world is a :class:`~cardtable.games.president.kernel.Table`: a copy of the
      position rebuilt from the observation with a sampled deal of the hidden cards
      (:meth:`PresidentSearchModel.sample_deal`).
    - Moves are :func:`search_moves`; with ``model_opponents`` every other seat has one
      move in the tree too, the normal strategy's, so every branch of the tree is one of
      the searcher's choices.
    - The play-out is :func:`~cardtable.games.president.kernel.play_out` with the
      model's :meth:`~PresidentSearchModel.playout_policy`, to the end of the round; a
      seat's value is :meth:`~PresidentSearchModel.place_value` of its place.
    - In the exchange before a round (the review values gifts back from there; the
      search never starts there), :meth:`give` makes a gift and the rest of the
      exchange, and the round is played out from its start.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> simulator = PresidentSimulator(PresidentSearchModel(), state.observation(seat))
    >>> world = simulator.deal(random.Random(1))
    >>> simulator.to_move(world) == seat, simulator.stopped(world)
    (True, False)
    >>> simulator.finish(world, random.Random(2)); simulator.stopped(world)
    True
    >>> sorted(simulator.value(world, s) for s in range(4))
    [0.0, 0.09, 0.3, 1.0]
    """

    def __init__(self, model: PresidentSearchModel, observation: PresidentObservation) -> None:
        model.prepare(observation)
        assert model.template is not None and model.deal is not None, "prepare() set them"
        self.model = model
        self.observation = observation
        self._seat = seat = own_seat(observation)
        self._template = model.template
        self._own = model.template.hands[seat]
        self._others = model.deal.others
        self._opponents = model.model_opponents
        self._round = model.round_number
        self._policy: kernel.Policy | None = None
        self._policy_rng: random.Random | None = None

    def root_key(self, action: Action) -> int:
        return move_of(action)

    def deal(self, rng: random.Random) -> Table:
        dealt = self.model.sample_deal(self.observation, rng)
        world = copy_table(self._template)
        hands = [0] * len(world.hands)
        hands[self._seat] = self._own
        for place, other in enumerate(self._others):
            hands[other] = dealt[place]
        world.hands = hands
        return world

    # Plain C callables rather than methods: the search calls these at every tree step.
    to_move = attrgetter("current")
    play = staticmethod(play_move)

    @staticmethod
    def stopped(world: Table) -> bool:
        """The round is over."""
        return world.current is None

    def moves(self, world: Table) -> list[int]:
        seat: int = world.current  # type: ignore[assignment]
        if self._opponents and seat != self._seat:
            return [strategy_move(self.model.policy_move(world, seat))]
        return search_moves(world)

    @staticmethod
    def give(world: Table, action: Action) -> None:
        """The seat to move gives ``action``'s cards back in the exchange (the review
        plays a gift out this way; the search never does); every gift back still due
        after it is made as the normal strategy makes it (:func:`choose_gift`), and the
        round opens."""
        kernel.give(world, action.mask)
        while world.phase == kernel.EXCHANGE:
            giver: int = world.current  # type: ignore[assignment]
            kernel.give(world, choose_gift(world.hands[giver], world.exchange_steps[0][2]))

    def finish(self, world: Table, rng: random.Random) -> None:
        if world.current is None:
            return
        if rng is not self._policy_rng:
            self._policy = self.model.playout_policy(rng)
            self._policy_rng = rng
        self.model.trim_memo()
        kernel.play_out(world, self._policy)  # type: ignore[arg-type]

    def value(self, world: Table, seat: int) -> float:
        return self.model.place_value(world.orders[self._round - 1], seat)

    def outcome(self, world: Table, seat: int) -> int:
        """``seat``'s finishing place in the round, 0 for President (the hint's measure)."""
        return world.orders[self._round - 1].index(seat)
