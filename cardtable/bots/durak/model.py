"""The search model of Durak's hard bot and its simulator on the rules kernel.

:class:`DurakSearchModel` deals the cards a seat cannot see by what the public history
tells (:class:`~cardtable.bots.durak.reading.PublicMemory`) and values a finished round;
:class:`DurakSimulator` is the search's view of it, on the kernel's
:class:`~cardtable.games.durak.kernel.Table`, played out with the normal strategy.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import NamedTuple

from cardtable.bots.base import own_seat
from cardtable.bots.durak.reading import PublicMemory, unseen_cards
from cardtable.bots.durak.strategy import normal_attack, normal_defence, normal_throw_in
from cardtable.bots.search import ImpossibleDealError, sample_hands
from cardtable.cards import cards_to_mask, iter_bits
from cardtable.engine.actions import Action
from cardtable.games.durak import DurakObservation, DurakState, kernel, move_of, trumps_ruled_out
from cardtable.games.durak.kernel import Table

__all__ = ["DurakSearchModel", "DurakSimulator", "DealGroups", "round_value", "PLAYOUT_NOISE", "DRAW_VALUE"]

PLAYOUT_NOISE = 0.1
"""How often the hard bot's play-outs make a random legal move instead of the normal one."""

DRAW_VALUE = 0.9
"""What a round nobody loses (the last players out in the same bout) is worth to the
search: what going out without being first is worth (0.9), since the series gives the
first out its win and nobody a loss.  (It was 0.5, halfway between losing and winning,
which made a sure draw no better than a coin toss between being the durak and not.)"""


class DealGroups(NamedTuple):
    """How one decision's deals share out the cards a seat cannot see: among *groups*
    (each other seat's cards, split by what they apparently lack, and the stock)."""

    unseen: int  # the cards to deal
    counts: list[int]  # how many cards each group gets
    forbidden: list[int] | None  # the cards each group apparently lacks (None: no guess holds)
    others: list[int]  # the other seats
    known: list[int]  # each other seat's cards everyone saw it pick up (not dealt)
    own: int  # this seat's hand
    owners: list[int]  # whose each group is: an index into ``others``, -1 for the stock


class DurakSearchModel:
    """Durak's model for the search (a :class:`~cardtable.bots.search.Searchable`): how
    the hard bot deals the hidden cards, plays the round out and values it;
    :meth:`simulator` plays it on the rules kernel (a :class:`DurakSimulator`).

    - :meth:`deal_cards` and :meth:`place` deal the unseen cards among the other seats (beside the cards
      everyone saw them pick up, which stay theirs until played) and the stock under the
      face-up trump, keeping every public hand size.  It deals by the guesses of
      :class:`PublicMemory`: each group of a seat's cards (``cohorts``: the cards it held
      when it took rather than beat, beat with a dearer card than needed or passed
      rather than throw in a cheap one) gets none of the cards the group apparently
      lacks.  While no deal agrees it drops the guesses, the weakest first: the groups,
      then the guesses since the last draw (``read_defences=False`` starts there), then
      the takes (``lacks``), then all.  :meth:`prepare` rebuilds the position once per
      decision with :meth:`DurakState.from_observation` (``template``).
    - The play-outs play the normal strategy on the dealt hands, with a random legal
      move :data:`PLAYOUT_NOISE` of the time, until the round is over.
    - A finished round is worth :func:`round_value`: 0 for the durak, 1 for the first
      out and 0.9 for everyone else (being first out is worth nothing in the series but
      a win); ``draw_value`` (:data:`DRAW_VALUE`) when nobody is the durak.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=3, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> model = DurakSearchModel()
    >>> model.prepare(state.observation(seat))
    >>> hands, stock = model.place(3, seat, model.deal_cards(random.Random(1)))
    >>> hands[seat] == state.table.hands[seat], [h.bit_count() for h in hands] == [len(state.hand(s)) for s in range(3)]
    (True, True)
    """

    def __init__(self, draw_value: float = DRAW_VALUE, playout_noise: float = PLAYOUT_NOISE,
                 read_defences: bool = True) -> None:
        self.draw_value = draw_value
        self.playout_noise = playout_noise
        self.read_defences = read_defences
        self._seen: DurakObservation | None = None
        self.memory = PublicMemory()
        #: how this decision's deals share out the unseen cards (by :meth:`prepare`)
        self.deal: DealGroups | None = None
        #: the position rebuilt from the observation (by :meth:`prepare`): every deal
        #: copies it and swaps in its own hands and stock
        self.template: DurakState | None = None
        self._order: list[int] = []
        self.round = 0

    def prepare(self, observation: DurakObservation) -> None:
        """Work out once per decision what every sample of ``observation`` shares."""
        if observation is self._seen:
            return
        self.memory.update(observation)
        seat = own_seat(observation)
        players = observation.num_players
        unseen = unseen_cards(observation)
        others = [s for s in range(players) if s != seat]
        known = [cards_to_mask(observation.known_cards[s]) for s in others]
        counts = [observation.hand_sizes[s] - known[i].bit_count() for i, s in enumerate(others)]
        stock_count = max(observation.deck_count - 1, 0)  # the stock's hidden cards
        owners = list(range(len(others))) + [-1]
        memory = self.memory
        # Trumps lower than the one shown at the deal: no guess may give them to a seat
        # that has not drawn since (DurakState.from_observation refuses such a deal).
        ruled_out = trumps_ruled_out(observation)
        never = [ruled_out[s] & unseen for s in others]
        # The guesses, strongest first; the weaker are dropped in turn while no deal agrees.
        # Each is (the number of cards of each group to deal, what each group lacks, whose
        # it is: an index into ``others``, -1 for the stock).
        layers: list[tuple[list[int], list[int] | None, list[int]]] = []
        if self.read_defences:
            group_counts, group_lacks, group_owners = [], [], []
            for i, s in enumerate(others):
                groups = memory.cohorts[s]
                if sum(count for count, _ in groups) == counts[i]:
                    # Groups that lack the same unseen cards are one place to the deal.
                    merged: dict[int, int] = {}
                    for count, lacking in groups:
                        merged[lacking & unseen] = merged.get(lacking & unseen, 0) + count
                    for lacking, count in merged.items():
                        group_counts.append(count)
                        group_lacks.append(lacking | never[i])
                        group_owners.append(i)
                else:  # the groups lost count (a memory that missed events): the seat as one
                    group_counts.append(counts[i])
                    group_lacks.append((memory.lacks[s] | memory.passed_over[s]) & unseen | never[i])
                    group_owners.append(i)
            layers.append((group_counts + [stock_count], group_lacks + [0], group_owners + [-1]))
            layers.append((counts + [stock_count],
                           [(memory.lacks[s] | memory.passed_over[s]) & unseen | never[i]
                            for i, s in enumerate(others)] + [0], owners))
        layers.append((counts + [stock_count],
                       [memory.lacks[s] & unseen | never[i] for i, s in enumerate(others)] + [0], owners))
        layers.append((counts + [stock_count], never + [0] if any(never) else None, owners))
        for layer in layers:
            try:
                dealt = sample_hands(unseen, layer[0], None, layer[1], random.Random(0))
                break
            except ImpossibleDealError:
                if layer is layers[-1]:
                    raise
        deal_counts, forbidden, deal_owners = layer
        self.deal = DealGroups(unseen, deal_counts, forbidden, others, known, cards_to_mask(observation.hand), deal_owners)
        # The most constrained groups are dealt first (see deal_cards).
        self._order = sorted(range(len(deal_counts)), key=lambda p: -(forbidden[p] if forbidden else 0).bit_count())
        # Rebuild once with any consistent deal; each sample then swaps in its own cards.
        hands, stock = self.place(observation.num_players, seat, dealt)
        self.template = DurakState.from_observation(observation, hands, stock=stock)
        self._seen = observation
        self.round = observation.round

    def deal_cards(self, rng: random.Random) -> list[int]:
        """One deal of the unseen cards to the groups :meth:`prepare` chose.

        Each group in turn, the most constrained first, gets a uniform sample of the cards
        left that it may hold.  A seat's groups lack nested sets of cards (an older group
        has every guess a newer one has), so with one other seat this is exactly the
        uniform deal, and it cannot fail where a deal exists.  With more seats it is close
        to uniform; when it runs out of cards for a group it tries again, and then leaves
        the deal to :func:`~cardtable.bots.search.sample_hands` (exact, slower).
        """
        deal = self.deal
        assert deal is not None, "prepare() comes first"
        unseen, counts, forbidden = deal.unseen, deal.counts, deal.forbidden
        if forbidden is None or not any(forbidden):
            return sample_hands(unseen, counts, None, None, rng)
        sample = rng.sample
        for _ in range(3):
            pool = unseen
            dealt = [0] * len(counts)
            for p in self._order:
                n = counts[p]
                if not n:
                    continue
                allowed = pool & ~forbidden[p]
                size = allowed.bit_count()
                if size < n:
                    break
                if size > n:
                    picked = 0
                    for index in sample(list(iter_bits(allowed)), n):
                        picked |= 1 << index
                    allowed = picked
                dealt[p] = allowed
                pool ^= allowed
            else:
                return dealt
        return sample_hands(unseen, counts, None, forbidden, rng)

    def place(self, players: int, seat: int, dealt: list[int]) -> tuple[list[int], list[int]]:
        """Every seat's hand and the stock's cards (in index order, to be shuffled) for
        ``dealt``, a deal of :meth:`deal_cards`."""
        deal = self.deal
        assert deal is not None, "prepare() comes first"
        others, known, own, owners = deal.others, deal.known, deal.own, deal.owners
        hands = [0] * players
        hands[seat] = own
        for i, s in enumerate(others):
            hands[s] = known[i]
        stock = 0
        for cards, owner in zip(dealt, owners):
            if owner < 0:
                stock |= cards
            else:
                hands[others[owner]] |= cards
        return hands, list(iter_bits(stock))

    def simulator(self, observation: DurakObservation) -> DurakSimulator:
        """The search's simulator for ``observation``: worlds on the rules kernel."""
        return DurakSimulator(self, observation)


def round_value(durak: int | None, first_out: int, seat: int, drawround_value: float = DRAW_VALUE) -> float:
    """A finished round's worth for ``seat`` (see :class:`DurakSearchModel`): 0 for the durak, 1 for the first out, 0.9
    otherwise, ``draw_value`` when nobody is the durak.

    >>> round_value(1, 0, 1), round_value(1, 0, 0), round_value(1, 2, 0), round_value(None, 0, 1), round_value(None, 0, 1, 0.5)
    (0.0, 1.0, 0.9, 0.9, 0.5)
    """
    if durak == seat:
        return 0.0
    if durak is None:
        return drawround_value
    return 1.0 if first_out == seat else 0.9


class DurakSimulator:
    """The search's :class:`~cardtable.bots.search.Simulator` for Durak: every world is a
    :class:`~cardtable.games.durak.kernel.Table`, the rules kernel's own state, moved
    with the kernel's functions, so the search has no rules of its own.

    - ``deal`` copies the observation's table (rebuilt once per decision) and deals the
      unseen cards by :meth:`DurakSearchModel.deal_cards` and :meth:`~DurakSearchModel.place`.
    - Moves are kernel moves (ints) in the public order; ``root_key`` maps an action
      to its move.
    - ``finish`` plays the round out on :func:`~cardtable.games.durak.kernel.play_out`
      with the normal strategy for every seat (:func:`normal_attack`,
      :func:`normal_defence`, :func:`normal_throw_in`: every hand is known in a world)
      and a random legal move :data:`PLAYOUT_NOISE` of the time; the search stops at the end of the
      round (``turn`` is ``None``), and ``value`` scores it by :func:`round_value`.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=3, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> simulator = DurakSimulator(DurakSearchModel(), state.observation(seat))
    >>> world = simulator.deal(random.Random(1))
    >>> simulator.to_move(world) == seat
    True
    >>> from cardtable.games.durak import action_of
    >>> [action_of(move) for move in simulator.moves(world)] == state.legal_actions()
    True
    >>> simulator.play(world, simulator.moves(world)[0]); simulator.finish(world, random.Random(2))
    >>> simulator.stopped(world), 0.0 <= simulator.value(world, seat) <= 1.0
    (True, True)
    """

    def __init__(self, model: DurakSearchModel, observation: DurakObservation) -> None:
        model.prepare(observation)
        assert model.template is not None and model.deal is not None, "prepare() set them"
        self.model = model
        self.observation = observation
        self.template = model.template.table
        self.players = observation.num_players
        self.seat = own_seat(observation)
        self.trump_card = observation.trump_card.index
        self.stocked = observation.deck_count > 0
        self.noise = model.playout_noise
        self.draw_value = model.draw_value

    def root_key(self, action: Action) -> int:
        return move_of(action)

    def deal(self, rng: random.Random) -> Table:
        model = self.model
        dealt = model.deal_cards(rng)
        hands, stock = model.place(self.players, self.seat, dealt)
        rng.shuffle(stock)
        world = kernel.copy_table(self.template)
        world.hands = hands
        if self.stocked:
            world.stock = tuple(stock) + (self.trump_card,)
        # A sampled DurakState (the tests' oracle) seeds its own rng (for later rounds' deals) with this draw;
        # a world never deals again, but drawing it keeps the two samplers in step, so
        # a search from a seed decides the same whichever it uses.
        rng.getrandbits(32)
        return world

    to_move = attrgetter("turn")
    moves = staticmethod(kernel.legal_moves)
    play = staticmethod(kernel.play)

    @staticmethod
    def stopped(world: Table) -> bool:
        return world.turn is None

    def finish(self, world: Table, rng: random.Random) -> None:
        if world.turn is not None:
            kernel.play_out(world, normal_attack, normal_defence, normal_throw_in, rng, self.noise)

    def value(self, world: Table, seat: int) -> float:
        if world.phase != kernel.ROUND_OVER:
            return 0.5
        return round_value(world.durak, world.out[0], seat, self.draw_value)

    @staticmethod
    def outcome(world: Table, seat: int) -> int:
        """1 if ``seat`` is the durak, 0 if not, 2 if nobody is (the hint's measure)."""
        if world.phase != kernel.ROUND_OVER or world.durak is None:
            return 2
        return 1 if world.durak == seat else 0

