"""The simulator interface of the shared search: a toy simulator searched by the one tree
loop, the default simulator over a SearchModel, Hearts' bitmask simulator against the
Hearts engine, and the worker processes running the same path."""

from __future__ import annotations

import doctest
import importlib
import pickle
import random
import re

import pytest

from cardtable.bots import hearts as hearts_bots
from cardtable.bots.durak import make_search_model as durak_search_model
from cardtable.bots.hearts import (
    DEAL_REUSE,
    HardHeartsBot,
    HeartsSearchModel,
    HeartsSimulator,
    NormalHeartsBot,
    search_choices,
)
from cardtable.bots.search import ISMCTS, Searchable, Simulator
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation
from cardtable.games import get_rules
from cardtable.games.hearts import HeartsState

from .oracles import HeartsStateModel, SearchModel, StateSimulator
from .toy_game import TOY_RULES, ToyModel

HEARTS = get_rules("hearts")


# --- a toy simulator: the take-away game -----------------------------------------------------

# Two players take 1 or 2 counters from a pile in turn; whoever takes the last one wins.
# A pile that is a multiple of 3 is lost for the player to move, so from 4 the only
# winning move is to take 1, from 5 to take 2.  Taking n counters is written as the
# action "play" of the card of rank n + 1 (2C: take 1, 3C: take 2).
TAKE = {1: Action.parse("2C"), 2: Action.parse("3C")}


def nim_observation(seat: int = 0) -> Observation:
    return Observation("nim", seat, 2, seat, (), (0, 0), 1, (0, 0), (), (), False)


class NimWorld:
    __slots__ = ("pile", "player", "winner")

    def __init__(self, pile: int, player: int) -> None:
        self.pile = pile
        self.player = player
        self.winner: int | None = None


class NimSimulator:
    """A complete :class:`Simulator` of the take-away game, counting what it is asked."""

    def __init__(self, pile: int, seat: int, wrong_player_every: int = 0, extra_move_every: int = 0) -> None:
        self.pile = pile
        self.seat = seat
        self.wrong_player_every = wrong_player_every
        self.extra_move_every = extra_move_every
        self.deals = self.finished = self.values = 0
        self.calls: list[str] = []

    def root_key(self, action: Action) -> int:
        return action.cards[0].rank - 1

    def deal(self, rng: random.Random) -> NimWorld:
        self.calls.append("deal")
        self.deals += 1
        player = self.seat
        if self.wrong_player_every and self.deals % self.wrong_player_every == 0:
            player = 1 - self.seat
        return NimWorld(self.pile, player)

    def to_move(self, world: NimWorld) -> int | None:
        return None if world.winner is not None else world.player

    def moves(self, world: NimWorld) -> list[int]:
        found = [n for n in (1, 2) if n <= world.pile]
        if self.extra_move_every and self.deals % self.extra_move_every == 0:
            found.append(3)  # a move the real position does not have
        return found

    def play(self, world: NimWorld, take: int) -> None:
        self.calls.append("play")
        world.pile -= min(take, world.pile)
        if world.pile == 0:
            world.winner = world.player
        world.player = 1 - world.player

    def stopped(self, world: NimWorld) -> bool:
        return world.winner is not None

    def finish(self, world: NimWorld, rng: random.Random) -> None:
        self.calls.append("finish")
        self.finished += 1
        while world.winner is None:
            self.play(world, 1 if world.pile == 1 else rng.choice((1, 2)))

    def value(self, world: NimWorld, seat: int) -> float:
        self.calls.append("value")
        self.values += 1
        return 1.0 if world.winner == seat else 0.0


class NimModel:
    """A model that gives the search nothing but its simulator."""

    def __init__(self, pile: int, **faults: int) -> None:
        self.pile = pile
        self.faults = faults
        self.last: NimSimulator | None = None

    def simulator(self, observation: Observation) -> NimSimulator:
        self.last = NimSimulator(self.pile, observation.seat, **self.faults)
        return self.last


def test_nim_simulator_satisfies_the_protocol():
    assert isinstance(NimSimulator(4, 0), Simulator)
    model = NimModel(4)
    # The search needs nothing but the simulator: a Searchable, not a whole SearchModel.
    assert isinstance(model, Searchable) and not isinstance(model, SearchModel)
    assert model.simulator(nim_observation()) is model.last


@pytest.mark.parametrize(("pile", "winning"), [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_the_shared_loop_finds_the_winning_take(pile, winning):
    legal = [TAKE[1], TAKE[2]]
    result = ISMCTS(iterations=600).search_with_stats(nim_observation(), legal, NimModel(pile), random.Random(pile))
    assert result.action == TAKE[winning]
    assert set(result.root) == {"2C", "3C"}
    assert result.iterations == 600 and result.rejected_samples == 0
    assert sum(visits for visits, _ in result.root.values()) == 600
    visits, value = result.root[str(TAKE[winning])]
    assert value / visits > 0.8  # the winner's line is found and followed


def test_every_iteration_deals_finishes_and_values_each_player_once():
    model = NimModel(5)
    ISMCTS(iterations=50).search_with_stats(nim_observation(), [TAKE[1], TAKE[2]], model, random.Random(1))
    simulator = model.last
    assert simulator is not None
    assert simulator.deals == simulator.finished == 50
    # Two players move on every path of at least two nodes; never more than one value each.
    assert 50 <= simulator.values <= 100
    # Each iteration: a deal, the tree's moves (one at least: the new node), the
    # play-out (which plays on by itself), then one value per player on the path.
    iterations = " ".join(simulator.calls).split("deal ")[1:]
    assert len(iterations) == 50
    for calls in iterations:
        assert re.fullmatch(r"(play )+finish (play )*value( value)? ?", calls), calls


def test_worlds_with_another_player_to_move_are_rejected_and_skipped():
    model = NimModel(4, wrong_player_every=3)
    result = ISMCTS(iterations=90).search_with_stats(nim_observation(), [TAKE[1], TAKE[2]], model, random.Random(2))
    assert result.rejected_samples == 30 and result.iterations == 60
    assert sum(visits for visits, _ in result.root.values()) == 60
    assert model.last is not None and model.last.finished == 60


def test_root_moves_outside_the_legal_actions_are_never_searched():
    model = NimModel(5, extra_move_every=2)
    result = ISMCTS(iterations=100).search_with_stats(nim_observation(), [TAKE[1], TAKE[2]], model, random.Random(3))
    assert result.rejected_samples > 0
    assert set(result.root) <= {"2C", "3C"} and result.action in (TAKE[1], TAKE[2])
    # Only one real move: the search still answers with it.  A world searched after its
    # wrong moves were dropped counts as an iteration and as a rejected sample, and the
    # budget counts both.
    only = ISMCTS(iterations=20).search_with_stats(nim_observation(), [TAKE[2], TAKE[1]], NimModel(1), random.Random(3))
    assert only.action == TAKE[1] and only.root == {"2C": (10, 10.0)}
    assert only.iterations == only.rejected_samples == 10


def test_the_same_seed_grows_the_same_tree():
    legal = [TAKE[1], TAKE[2]]
    runs = [ISMCTS(iterations=200).search_with_stats(nim_observation(), legal, NimModel(7), random.Random(9)) for _ in range(2)]
    assert runs[0].root == runs[1].root


# --- the default simulator over a SearchModel ------------------------------------------------


class ToyStepByStep(ToyModel):
    """The toy model with the search's own step-by-step loop spelled out as its play-out."""

    def simulator(self, observation):
        return StateSimulator(self, observation, self.playout)

    def playout(self, state, rng):
        while not self.is_terminal_for_search(state):
            seat = state.current_player
            state._apply(self.playout_action(state, seat, rng))
            state.history.append((seat, None))


def toy_positions(count: int):
    rng = random.Random(11)
    found = []
    while len(found) < count:
        state = TOY_RULES.new_game(players=2 + len(found) % 2, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(5)):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if not state.is_over and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def test_a_play_out_given_to_state_simulator_replaces_the_step_by_step_loop():
    for k, state in enumerate(toy_positions(8)):
        seat = state.current_player
        observation, legal = state.observation(seat), state.legal_actions()
        assert isinstance(ToyModel().simulator(observation), StateSimulator)
        assert isinstance(ToyModel(), SearchModel)
        plain = ISMCTS(iterations=150).search_with_stats(observation, legal, ToyModel(), random.Random(k))
        own = ISMCTS(iterations=150).search_with_stats(observation, legal, ToyStepByStep(), random.Random(k))
        assert plain.root == own.root and plain.action == own.action


def test_state_simulator_uses_the_play_out_it_is_given():
    class CountingPlayout(ToyStepByStep):
        playouts = 0

        def playout(self, state, rng):
            CountingPlayout.playouts += 1
            super().playout(state, rng)

    state = toy_positions(1)[0]
    seat = state.current_player
    ISMCTS(iterations=40).search(state.observation(seat), state.legal_actions(), CountingPlayout(), random.Random(1))
    assert CountingPlayout.playouts == 40


# --- Hearts: the bitmask simulator against the engine ----------------------------------------


def hearts_positions(count: int, seed: int = 1) -> list[HeartsState]:
    """Play-phase positions from normal-bot games, somewhere in the first hand or later."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = HEARTS.new_game(players=4, seed=rng.randrange(10**6))
        bots = [NormalHeartsBot(s) for s in range(4)]
        for _ in range(rng.randrange(4, 60)):
            seat = state.current_player
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
        if state.observation(0).phase == "play" and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def test_hearts_simulator_agrees_with_the_engine_on_moves_and_results_in_random_play():
    rng = random.Random(5)
    for k, position in enumerate(hearts_positions(30)):
        seat = position.current_player
        model = HeartsStateModel()
        simulator = HeartsSimulator(model, position.observation(seat))
        world = simulator.deal(random.Random(k))
        state = HeartsState.from_observation(position.observation(seat), list(world.hands))
        hand_number = state.hand_number
        while not simulator.stopped(world):
            assert simulator.to_move(world) == state.current_player
            legal = state.legal_actions()
            assert simulator.moves(world) == [action.cards[0].index for action in legal]
            action = legal[rng.randrange(len(legal))]
            simulator.play(world, simulator.root_key(action))
            state.apply(action)
            if state.hand_number == hand_number:  # (else the next hand is dealt already)
                assert world.hands == state.hands and world.won == state.won
        # The search stops once the hand is decided; the engine plays it to its end.
        while state.hand_number == hand_number and not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        model.hand_number = hand_number
        for s in range(4):
            assert simulator.value(world, s) == model.evaluate(state, s)


def test_hearts_simulator_groups_cards_that_play_alike_as_sampled_states_do():
    for k, position in enumerate(hearts_positions(20, seed=2)):
        seat = position.current_player
        observation = position.observation(seat)
        model = HeartsStateModel(group_alike=True)
        simulator = model.simulator(observation)
        world = simulator.deal(random.Random(k))
        sample = model.sample_state(observation, random.Random(k))
        assert world.hands == sample.hands  # the same first deal from the same seed
        assert simulator.moves(world) == [action.cards[0].index for action in sample.legal_actions()]
        choices = search_choices(observation, position.legal_actions())
        assert simulator.moves(world) == [action.cards[0].index for action in choices]
        # Grouping drops a card only where a lower one of its suit stays, never the QS.
        for action in position.legal_actions():
            if action not in choices:
                card = action.cards[0]
                assert str(action) != "QS"
                assert any(c.cards[0].suit == card.suit and c.cards[0].rank < card.rank for c in choices)


def test_hearts_play_out_matches_the_models_state_play_out():
    """From the same deal and the same rng, the bitmask play-out and the model's
    step-by-step ``playout_action`` end the hand with the same points."""
    for k, position in enumerate(hearts_positions(25, seed=3)):
        seat = position.current_player
        observation = position.observation(seat)
        model = HeartsStateModel()
        world = model.simulator(observation).deal(random.Random(k))
        fast = model.simulator(observation)
        fast.finish(world, random.Random(100 + k))
        state = model.sample_state(observation, random.Random(k))
        slow = StateSimulator(model, observation)
        slow.finish(state, random.Random(100 + k))
        assert [fast.value(world, s) for s in range(4)] == [slow.value(state, s) for s in range(4)]


class HeartsStateOnly:
    """The Hearts model seen through the four SearchModel methods only (its bitmask
    simulator replaced by the StateSimulator over them)."""

    def __init__(self, model: HeartsStateModel) -> None:
        self.sample_state = model.sample_state
        self.playout_action = model.playout_action
        self.evaluate = model.evaluate
        self.is_terminal_for_search = model.is_terminal_for_search

    def simulator(self, observation):
        return StateSimulator(self, observation)


def test_the_hearts_simulator_searches_exactly_as_the_state_model(monkeypatch):
    """With a fresh deal every iteration (as the state model samples), the search over the
    bitmask simulator and over sampled HeartsStates draw the same random numbers and grow
    the same root statistics."""
    monkeypatch.setattr(hearts_bots.model, "DEAL_REUSE", 1)  # read by HeartsSimulator.deal
    for k, position in enumerate(hearts_positions(6, seed=4)):
        seat = position.current_player
        observation = position.observation(seat)
        legal = position.legal_actions()
        fast = ISMCTS(iterations=120, exploration=0.25).search_with_stats(
            observation, legal, HeartsSearchModel(), random.Random(k)
        )
        slow = ISMCTS(iterations=120, exploration=0.25).search_with_stats(
            observation, legal, HeartsStateOnly(HeartsStateModel()), random.Random(k)
        )
        assert fast.root == slow.root and fast.rejected_samples == slow.rejected_samples == 0


def test_hearts_deals_are_shared_by_consecutive_iterations():
    position = hearts_positions(1, seed=6)[0]
    simulator = HeartsSearchModel().simulator(position.observation(position.current_player))
    rng = random.Random(1)
    worlds = [simulator.deal(rng) for _ in range(2 * DEAL_REUSE)]
    assert worlds[0].hands == worlds[DEAL_REUSE - 1].hands
    assert worlds[0].hands != worlds[DEAL_REUSE].hands
    assert worlds[0] is not worlds[1] and worlds[0].hands is not worlds[1].hands


# --- the worker processes run the same path --------------------------------------------------


def hard_choices(state: HeartsState) -> list[Action]:
    """The hard bot's root: one card of each group that plays alike."""
    return search_choices(state.observation(state.current_player), state.legal_actions())


def test_parallel_hearts_search_runs_the_bitmask_simulator_in_the_worker():
    state = next(s for s in hearts_positions(10, seed=7) if len(hard_choices(s)) > 2)
    seat = state.current_player
    observation, choices = state.observation(seat), hard_choices(state)
    model = HeartsSearchModel(group_alike=True)
    searcher = ISMCTS(iterations=200, exploration=0.25, workers=2)
    result = searcher.search_with_stats(observation, choices, model, random.Random(3))
    assert result.workers == 2 and result.iterations == 200 and result.rejected_samples == 0
    # The merged statistics are exactly two in-process runs of the same loop.
    seeds = random.Random(3)
    first, second = seeds.getrandbits(64), seeds.getrandbits(64)
    merged: dict[str, list] = {}
    for seed in (first, second):
        stats, _, _ = ISMCTS(exploration=0.25).run(
            observation, choices, HeartsSearchModel(group_alike=True), random.Random(seed), 100, None
        )
        for key, (visits, value) in stats.items():
            entry = merged.setdefault(key, [0, 0.0])
            entry[0] += visits
            entry[1] += value
    assert result.root == {key: (v, w) for key, (v, w) in merged.items()}


def test_hard_hearts_bot_uses_the_shared_search():
    bot = HardHeartsBot(seed=1, iterations=30)
    assert type(bot.searcher) is ISMCTS
    position = next(s for s in hearts_positions(10, seed=8) if len(hard_choices(s)) > 1)
    seat = position.current_player
    action = bot.choose(position.observation(seat), position.legal_actions())
    assert action in position.legal_actions() and bot.searcher.last_result.iterations == 30


def test_observations_with_events_pickle_for_the_workers():
    for game, players in (("president", 4), ("durak", 2), ("hearts", 4)):
        state = get_rules(game).new_game(players=players, seed=3)
        for _ in range(6):
            state.apply(state.legal_actions()[0])
        observation = state.observation(state.current_player)
        assert pickle.loads(pickle.dumps(observation)) == observation
    # So a Durak search with two processes really grows two trees.
    state = get_rules("durak").new_game(players=2, seed=5)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    result = ISMCTS(iterations=60, workers=2).search_with_stats(
        state.observation(seat), state.legal_actions(), durak_search_model(), random.Random(1)
    )
    assert result.workers == 2 and result.iterations == 60


# --- the examples in the docstrings ----------------------------------------------------------


@pytest.mark.parametrize("name", ["cardtable.bots.search", "cardtable.bots.hearts"])
def test_docstring_examples(name):
    failed, attempted = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failed == 0 and attempted > 0
