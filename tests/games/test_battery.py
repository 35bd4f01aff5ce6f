"""One simulation battery over every registered game and every player count.

As OpenSpiel's ``games_sim_test`` does for its games, these tests know no game: they
take each game from the registry, play random games with noise (malformed and illegal
actions thrown in between the legal ones) and check, after every move:

- that the game's rules kernel, read directly through ``state.kernel_view()``, and the
  public API agree on the seat to move and on the legal moves, and at the end on the
  scores;
- that every refused action is refused with a reason and changes nothing;
- the invariants every game keeps (hands disjoint and as large as the observations say,
  a seat's observation holding its own hand, everything JSON-safe), and the game's own
  (``GAME_INVARIANTS``, one function per game, the only place a game is named here);
- that a save taken at any point, a clone, and the same seed all continue identically.

A game added to the registry is run here without any change but a line in
``SHORT_OPTIONS`` and ``GAME_INVARIANTS`` (a test below insists on both).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest

from cardtable.cards import ALL_CARDS
from cardtable.engine.state import GameState, Rules
from cardtable.errors import CardtableError, IllegalActionError
from cardtable.games import all_rules, available_games, get_rules, load_game

from .hearts_helpers import check_cards_accounted as hearts_cards_accounted
from .test_durak_properties import check_invariants as durak_invariants
from .test_durak_properties import wrong_actions as durak_wrong_actions
from .test_hearts_properties import _other_actions as hearts_wrong_actions
from .test_president_properties import _check_cards as president_cards_accounted
from .test_president_properties import _outsiders as president_wrong_actions

# Options that keep a random game short enough to play hundreds of them.
SHORT_OPTIONS: dict[str, dict[str, int | bool]] = {
    "president": {"rounds": 2},
    "durak": {"rounds": 2},
    "hearts": {"target": 30},
}

# Each game's own invariants, checked after every move.
GAME_INVARIANTS: dict[str, Callable[[GameState], None]] = {
    "president": president_cards_accounted,  # type: ignore[dict-item]
    "durak": durak_invariants,  # type: ignore[dict-item]
    "hearts": hearts_cards_accounted,  # type: ignore[dict-item]
}

# Each game's own wrong moves (a card it does not hold, a set of the wrong size, a
# play during the pass...), thrown in beside the battery's own noise.
GAME_NOISE: dict[str, Callable[[GameState, random.Random], list[str]]] = {
    "president": president_wrong_actions,  # type: ignore[dict-item]
    "durak": durak_wrong_actions,  # type: ignore[dict-item]
    "hearts": hearts_wrong_actions,  # type: ignore[dict-item]
}

CASES = [(rules.name, players) for rules in all_rules() for players in rules.player_counts]
IDS = [f"{name}-{players}" for name, players in CASES]

# Words of the notation of every game, mixed with cards into actions that are mostly wrong.
_WORDS = ("play", "pass", "give", "attack", "defend", "throw", "take", "done", "", "??", "play play")


def new_game(name: str, players: int, seed: int) -> GameState:
    rules: Rules = get_rules(name)
    return rules.new_game(players=players, seed=seed, **SHORT_OPTIONS[name])


def noise(state: GameState, rng: random.Random) -> Iterator[str]:
    """Action texts that are malformed, or well formed and (mostly) illegal here."""
    yield from GAME_NOISE[state.rules.name](state, rng)
    legal = [str(action) for action in state.legal_actions()]
    yield rng.choice(["", " ", "\x1b[2J", "ZZ", "11C", "AH AH", "give", "[b]x[/b]", "play " * 40])
    word = rng.choice(_WORDS)
    cards = " ".join(card.code for card in rng.sample(ALL_CARDS, rng.randint(1, 4)))
    yield f"{word} {cards}".strip()
    if legal:
        # A legal move with one card changed: well formed, and as a rule not legal.
        words = rng.choice(legal).split()
        words[-1] = rng.choice(ALL_CARDS).code
        yield " ".join(words)


def check_common_invariants(state: GameState) -> None:
    seen = 0
    sizes = state.public_observation().hand_sizes
    for seat in range(state.num_players):
        mask = sum(card.mask for card in state.hand(seat))
        assert not seen & mask, f"a card of seat {seat} is in another hand too"
        seen |= mask
        assert sizes[seat] == len(state.hand(seat))
    seat = state.current_player
    if seat is not None:
        observation = state.observation(seat)
        assert sorted(observation.hand) == sorted(state.hand(seat))
        assert observation.seat == seat and observation.current_player == seat
        # A seat's view is JSON-safe (checked now and then: it holds the whole event log);
        # the per-game observation-swap tests check that it hides the other hands.
        if len(state.history) % 23 == 0:
            json.dumps(observation.to_dict())


def play_with_noise(state: GameState, rng: random.Random, after_each: Callable[[GameState], None]) -> None:
    view = state.kernel_view()
    for _ in range(50_000):
        seat = state.current_player
        assert view.to_move() == seat
        if seat is None:
            break
        legal = state.legal_actions()
        texts = sorted(str(action) for action in legal)
        assert sorted(view.legal_move_texts()) == texts, "the kernel and the public API disagree on the legal moves"
        if rng.random() < 0.04:
            before = state.to_json()
            for text in noise(state, rng):
                try:
                    if str(state.parse_action(text)) in texts:
                        continue  # the same move written another way: legal after all
                except IllegalActionError:
                    pass
                reason = state.why_illegal(text)
                assert reason and "\n" not in reason, text
                assert not state.is_legal(text)
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(text)
                assert str(refused.value) and "\n" not in str(refused.value)
                assert state.to_json() == before, f"refused {text!r} changed the game"
        state.apply(legal[rng.randrange(len(legal))])
        after_each(state)
    else:
        raise AssertionError("a random game did not end")
    outcome = state.outcome()
    assert outcome.is_over and view.to_move() is None
    assert view.scores() == tuple(outcome.scores)
    assert view.legal_move_texts() == []


def test_every_registered_game_is_in_the_battery() -> None:
    assert set(SHORT_OPTIONS) == set(available_games()) == set(GAME_INVARIANTS) == set(GAME_NOISE)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_kernel_and_public_api_agree_move_by_move_with_noise(name: str, players: int) -> None:
    def after_each(state: GameState) -> None:
        check_common_invariants(state)
        GAME_INVARIANTS[name](state)

    games = 12 if name != "hearts" else 6
    for seed in range(games):
        rng = random.Random(f"{name}-{players}-{seed}")
        state = new_game(name, players, seed)
        after_each(state)
        play_with_noise(state, rng, after_each)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_random_games_by_the_hundred_end_and_agree_on_the_result(name: str, players: int) -> None:
    games = 150 if name != "hearts" else 60
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(name, players, 1000 + seed)
        view = state.kernel_view()
        while state.current_player is not None:
            assert view.to_move() == state.current_player
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        outcome = state.outcome()
        assert outcome.is_over and outcome.winners
        assert view.to_move() is None and view.scores() == tuple(outcome.scores)
        assert set(outcome.winners) <= set(range(players))


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_a_save_a_clone_and_the_same_seed_continue_identically(name: str, players: int) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(name, players, seed)
        twin = new_game(name, players, seed)
        stop = rng.randrange(20, 200)
        moves = 0
        while state.current_player is not None and moves < stop:
            legal = state.legal_actions()
            choice = rng.randrange(len(legal))
            state.apply(legal[choice])
            twin.apply(twin.legal_actions()[choice])
            moves += 1
        assert twin.to_json() == state.to_json()
        saved = load_game(state.to_json(), expected_game=name)
        clone = state.clone()
        assert saved.to_json() == state.to_json()
        assert saved.kernel_view().to_move() == state.current_player
        assert [str(a) for a in saved.legal_actions()] == [str(a) for a in state.legal_actions()]
        for seat in range(players):
            assert saved.observation(seat).to_dict() == state.observation(seat).to_dict()
        followers = (saved, clone)
        while state.current_player is not None:
            legal = state.legal_actions()
            choice = rng.randrange(len(legal))
            state.apply(legal[choice])
            for other in followers:
                other.apply(other.legal_actions()[choice])
        json.dumps(state.outcome().to_dict())
        for other in followers:
            assert other.to_json() == state.to_json()
            assert other.outcome() == state.outcome()
            assert [str(a) for _, a in other.history] == [str(a) for _, a in state.history]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_a_clone_is_independent(name: str, players: int) -> None:
    state = new_game(name, players, 5)
    before = state.to_json()
    clone = state.clone()
    while clone.current_player is not None and len(clone.history) < 30:
        clone.apply(clone.legal_actions()[0])
    assert state.to_json() == before
    assert state.kernel_view().to_move() == state.current_player


@pytest.mark.parametrize("name", available_games())
def test_after_the_end_every_action_is_refused(name: str) -> None:
    rules = get_rules(name)
    state = new_game(name, min(rules.player_counts), 2)
    rng = random.Random(2)
    while state.current_player is not None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert len(state.legal_actions()) == 0 and state.kernel_view().legal_move_texts() == []
    with pytest.raises(CardtableError):
        state.apply("pass")
