"""Test oracles of the search: each game's model stated on its ``GameState``.

The search plays every game on its rules kernel (each game's simulator); these state the
same models step by step on the public states, slowly and plainly, so that the tests can
check the kernel simulators against them (the same deals, moves, play-outs and values)
and check the deals themselves (:func:`check_model`):

- :class:`SearchModel`: the protocol of a model on a ``GameState`` (sample a state,
  choose a play-out move, say when to stop, evaluate);
- :class:`StateSimulator`: the search's :class:`~cardtable.bots.search.Simulator` over
  any :class:`SearchModel` (the toy game of the tests searches with it);
- :func:`check_model`: whether sampled states agree with the observation;
- :class:`PresidentStateModel`, :class:`DurakStateModel`, :class:`HeartsStateModel`: each
  game's search model with the four :class:`SearchModel` methods added (its simulator
  is still the kernel's).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import attrgetter, methodcaller
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from cardtable.bots.base import own_seat
from cardtable.bots.durak import DurakSearchModel, round_value
from cardtable.bots.durak import normal_move as durak_normal_move
from cardtable.bots.hearts import PLAYOUT_NOISE as HEARTS_PLAYOUT_NOISE
from cardtable.bots.hearts import HeartsSearchModel, distinct_cards, playout_policy
from cardtable.bots.hearts import hands_with as hearts_hands_with
from cardtable.bots.president import PASS_MOVE, PresidentSearchModel, hands_with, play_of, search_moves
from cardtable.bots.search import Searchable, sample_hands
from cardtable.engine.actions import PASS, Action
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState
from cardtable.games.durak import DurakObservation, DurakState
from cardtable.games.durak import action_of as durak_action_of
from cardtable.games.hearts import HeartsObservation, HeartsState
from cardtable.games.hearts import kernel as hearts_kernel
from cardtable.games.hearts import play_action as hearts_play_action
from cardtable.games.hearts.kernel import bits, decided, legal_plays, moon_scores, playable, settled_points
from cardtable.games.president import PresidentObservation, PresidentState
from cardtable.games.president import kernel as president_kernel
from cardtable.games.president.kernel import can_beat

#: The observation type a :class:`SearchModel` samples from, and the state type it
#: samples and plays out.
ObservationT = TypeVar("ObservationT", bound=Observation, contravariant=True)
StateT = TypeVar("StateT", bound=GameState)


@runtime_checkable
class SearchModel(Searchable[ObservationT], Protocol[ObservationT, StateT]):
    """What a game gives the search: a model of the game on its ``GameState``.  The
    four methods below are called many thousands of times a second, so keep them cheap;
    every random choice must come from the ``rng`` passed.

    Inside a sampled state nothing is hidden any more: the playout policy and the
    evaluation may read every hand of it directly.  Only :meth:`sample_state` sees the
    observation, and it must use nothing but what the observation holds.

    :meth:`~Searchable.simulator` says how the search plays the model:
    ``StateSimulator(self, observation)`` plays the sampled states with these four
    methods; ``StateSimulator(self, observation, self.playout)`` plays them out with
    a faster play-out of the model's own (on bare integers, without building actions,
    events and history it will throw away); the games' models return a simulator on
    their rules kernels, and their subclasses below state them with the four methods
    for :func:`check_model` and the tests.
    """

    def sample_state(self, observation: ObservationT, rng: random.Random) -> StateT:
        """A full state consistent with everything public in ``observation``.

        The observer's own hand must be exactly ``observation.hand``, the current player
        must be ``observation.seat``, and its legal actions must be the real ones.
        The state is owned by the search, which plays it out: return a fresh object.
        """
        ...

    def playout_action(self, state: StateT, seat: int, rng: random.Random) -> Action:
        """The move ``seat`` (the current player of ``state``) makes in a playout."""
        ...

    def evaluate(self, state: StateT, seat: int) -> float:
        """How good ``state`` is for ``seat``, in [0, 1] (1 = best), at the end of a
        playout: the game is over or :meth:`is_terminal_for_search` said stop."""
        ...

    def is_terminal_for_search(self, state: StateT) -> bool:
        """Whether playouts stop here (e.g. the current round is over)."""
        ...


def _advance(state: GameState, action: Action) -> None:
    """Play an action of ``state``'s current player with the public ``apply`` (it checks
    the action again: the price of an oracle, not of the search)."""
    state.apply(action)


class StateSimulator(Generic[StateT]):
    """The :class:`Simulator` of any :class:`SearchModel`: worlds are the model's sampled
    states, moves their ``legal_actions()``, played with :func:`_advance`; the play-out
    is ``playout(state, rng)`` when one is given (it must play the state on, in place,
    to where ``is_terminal_for_search`` stops, as the step-by-step loop would), else
    ``playout_action`` step by step.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> simulator = StateSimulator(HeartsStateModel(), state.observation(seat))
    >>> world = simulator.deal(random.Random(1))
    >>> simulator.moves(world) == state.legal_actions(), simulator.to_move(world) == seat
    (True, True)
    >>> simulator.finish(world, random.Random(2)); simulator.stopped(world)
    True
    """

    def __init__(
        self,
        model: SearchModel[Any, StateT],
        observation: Observation,
        playout: Callable[[StateT, random.Random], None] | None = None,
    ) -> None:
        self.model = model
        self.observation = observation
        if playout is not None:
            self.finish = playout  # type: ignore[method-assign, assignment]

    def root_key(self, action: Action) -> Action:
        return action

    def deal(self, rng: random.Random) -> StateT:
        return self.model.sample_state(self.observation, rng)

    # Plain C callables where a method would only forward: the search calls these at
    # every tree step.
    to_move = attrgetter("current_player")
    moves = methodcaller("legal_actions")
    play = staticmethod(_advance)

    def stopped(self, state: StateT) -> bool:
        return state.current_player is None or self.model.is_terminal_for_search(state)

    def finish(self, state: StateT, rng: random.Random) -> None:
        model = self.model
        while True:
            player = state.current_player
            if player is None or model.is_terminal_for_search(state):
                return
            _advance(state, model.playout_action(state, player, rng))

    def value(self, state: StateT, seat: int) -> float:
        return self.model.evaluate(state, seat)


def check_model(
    model: SearchModel[Any, Any],
    observation: Observation,
    legal_actions: Sequence[Action],
    rng: random.Random,
    samples: int = 50,
) -> str | None:
    """``None`` if ``samples`` determinizations all agree with the observation, else the
    first disagreement in one line.  For the per-game tests of ``sample_state``.
    """
    want_hand = tuple(observation.hand)
    want_actions = [str(a) for a in legal_actions]
    for n in range(samples):
        state = model.sample_state(observation, rng)
        if state.current_player != observation.seat:
            return f"sample {n}: seat {state.current_player} to act, not seat {observation.seat}"
        hand = tuple(state.hand(observation.seat))
        if hand != want_hand:
            return f"sample {n}: own hand {' '.join(map(str, hand))} is not {' '.join(map(str, want_hand))}"
        sizes = tuple(len(state.hand(s)) for s in range(observation.num_players))
        if sizes != tuple(observation.hand_sizes):
            return f"sample {n}: hand sizes {sizes} are not {tuple(observation.hand_sizes)}"
        got = [str(a) for a in state.legal_actions()]
        if sorted(got) != sorted(want_actions):
            return f"sample {n}: legal actions {got} are not {want_actions}"
        if state.observation(observation.seat) != observation:
            return f"sample {n}: the sampled state shows seat {observation.seat} a different observation"
    return None



# --- President ----------------------------------------------------------------------------


class PresidentStateModel(PresidentSearchModel):
    """:class:`~cardtable.bots.president.PresidentSearchModel` stated on
    ``PresidentState``: the same deals, play-out moves and values as its kernel simulator
    (which it still searches with), one state at a time.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> sample = PresidentStateModel().sample_state(state.observation(seat), random.Random(1))
    >>> sample.hand(seat) == state.hand(seat), len(sample.hand(0)) == len(state.hand(0))
    (True, True)
    """

    def sample_state(self, observation: PresidentObservation, rng: random.Random) -> PresidentState:
        dealt = self.sample_deal(observation, rng)
        # sample_deal prepared the deal and the template for this observation.
        assert self.deal is not None and self.template_state is not None
        state = self.template_state.clone()
        seat = own_seat(observation)
        state.hands = hands_with(state.hands[seat], seat, self.deal.others, dealt)
        return state

    def playout_action(self, state: PresidentState, seat: int, rng: random.Random) -> Action:
        table = state.table
        hand = table.hands[seat]
        if table.table_size and not can_beat(hand, table.table_rank, table.table_size, table.revolution):
            return PASS  # the only legal move: the play-outs never ask the policy here
        if self.noise and rng.random() < self.noise:
            moves = search_moves(table)
            move: tuple[int, int] | None = None
            pick = moves[rng.randrange(len(moves))]
            if pick != PASS_MOVE:
                move = (pick >> 3, pick & 7)
        else:
            move = self.policy_move(table, seat)
        return PASS if move is None else play_of(hand, *move)

    def is_terminal_for_search(self, state: PresidentState) -> bool:
        return state.round_number != self.round_number or state.current_player is None

    def playout(self, state: PresidentState, rng: random.Random) -> None:
        """Play the searched round of ``state`` out on its kernel table, as the loop over
        :meth:`playout_action` would (:func:`~cardtable.games.president.kernel.play_out`
        with :meth:`playout_policy`): no action, event or history is made, so the state
        is left finished on its table (for :meth:`evaluate`) and must not be played on."""
        if self.is_terminal_for_search(state):
            return
        self.trim_memo()
        president_kernel.play_out(state.table, self.playout_policy(rng))

    def evaluate(self, state: PresidentState, seat: int) -> float:
        orders = state.table.orders
        if len(orders) < self.round_number:
            return 0.5  # the round was cut short: no place yet
        return self.place_value(orders[self.round_number - 1], seat)


# --- Durak --------------------------------------------------------------------------------


def durak_normal_action(state: DurakState, seat: int) -> Action:
    """The normal strategy inside a sampled state, where every hand is known (``seat``
    must be the one to act)."""
    assert state.current_player == seat
    return durak_action_of(durak_normal_move(state.table))


class DurakStateModel(DurakSearchModel):
    """:class:`~cardtable.bots.durak.DurakSearchModel` stated on ``DurakState``: the same
    deals (from the same draws), play-out moves and values as its kernel simulator
    (which it still searches with), one state at a time.  Samples are ``quiet`` states:
    the search's own moves add no events.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=3, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> sample = DurakStateModel().sample_state(state.observation(seat), random.Random(1))
    >>> sample.hand(seat) == state.hand(seat), sample.legal_actions() == state.legal_actions()
    (True, True)
    """

    def sample_state(self, observation: DurakObservation, rng: random.Random) -> GameState:
        self.prepare(observation)
        assert self.template is not None, "prepare() set it"
        dealt = self.deal_cards(rng)
        hands, stock = self.place(observation.num_players, own_seat(observation), dealt)
        rng.shuffle(stock)
        state = self.template.clone()
        state.quiet = True  # the search never reads the events of its own moves
        state.hands = hands
        if observation.deck_count:
            state.stock = tuple(stock) + (observation.trump_card.index,)
        # Later rounds are never searched, but their deal must not be the same every time.
        state.rng.seed(rng.getrandbits(32))
        return state

    def playout_action(self, state: GameState, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, DurakState)
        if rng.random() < self.playout_noise:
            legal = state.legal_actions()
            return legal[rng.randrange(len(legal))]
        return durak_normal_action(state, seat)

    def is_terminal_for_search(self, state: GameState) -> bool:
        assert isinstance(state, DurakState)
        return state.round_no != self.round or state.current_player is None

    def evaluate(self, state: GameState, seat: int) -> float:
        assert isinstance(state, DurakState)
        result = next((r for r in state.round_results if r["round"] == self.round), None)
        if result is None:
            return 0.5
        return round_value(result["durak"], result["first_out"], seat, self.draw_value)


# --- Hearts -------------------------------------------------------------------------------


class HeartsGroupedState(HeartsState):
    """A sampled state for the search: lists one card per group of cards that play alike
    (:func:`~cardtable.bots.hearts.distinct_cards`), so that the search does not split
    its visits among them (as :class:`~cardtable.bots.hearts.HeartsSimulator` does with
    ``group_alike``)."""

    def legal_actions(self) -> Sequence[Action]:
        table = self.table
        seat = table.current
        if seat is None or table.phase != hearts_kernel.PLAY:
            return super().legal_actions()
        hands = table.hands
        gaps = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat]
        for index in table.trick_cards:
            gaps |= 1 << index
        return [hearts_play_action(i) for i in bits(distinct_cards(legal_plays(table), gaps))]


class HeartsStateModel(HeartsSearchModel):
    """:class:`~cardtable.bots.hearts.HeartsSearchModel` stated on ``HeartsState``: the
    same deals, moves, play-out cards and values as its bitmask simulator (which it still
    searches with), one state at a time.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("hearts").new_game(players=4, seed=4)
    >>> for _ in range(10):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> sample = HeartsStateModel().sample_state(state.observation(seat), random.Random(1))
    >>> sample.hand(seat) == state.hand(seat), sample.legal_actions() == state.legal_actions()
    (True, True)
    """

    def sample_state(self, observation: HeartsObservation, rng: random.Random) -> GameState:
        self.prepare(observation)
        assert self.deal is not None and self.template is not None, "prepare() set them"
        unknown, counts, known, _, others = self.deal
        dealt = sample_hands(unknown, counts, known, self.forbidden(rng), rng)
        state = self.template.clone()
        if self.group_alike:
            state.__class__ = HeartsGroupedState
        seat = own_seat(observation)
        state.hands = hearts_hands_with(state.hands[seat], seat, others, dealt)
        return state

    def playout_action(self, state: GameState, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, HeartsState)
        table = state.table
        hand = table.hands[seat]
        legal = playable(hand, table.trick_cards, table.trick_number, table.hearts_broken)
        if legal & (legal - 1) == 0:
            return hearts_play_action((legal & -legal).bit_length() - 1)
        policy = playout_policy(rng, HEARTS_PLAYOUT_NOISE, self.suspect)
        return hearts_play_action(
            policy(hand, legal, table.trick_cards, table.trick_seats, seat, table.trick_number, table.hands, table.won)
        )

    def is_terminal_for_search(self, state: GameState) -> bool:
        assert isinstance(state, HeartsState)
        table = state.table
        if table.hand_number != self.hand_number or table.current is None:
            return True
        if table.trick_number == hearts_kernel.TRICKS_PER_HAND - 1 and not table.trick_cards:
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
