"""Every game rebuilds a state for search the same way: ``from_observation(observation,
hands, rng=None)``, with anything a game needs besides (Durak's stock) by keyword only."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from cardtable.cards import ALL_CARDS
from cardtable.engine.state import GameState
from cardtable.games import get_rules
from cardtable.games.durak import DurakState
from cardtable.games.hearts import HeartsState
from cardtable.games.president import PresidentState

# Each game's state class, a position in its play phase and what it needs besides
# the hands to rebuild it.
_GAMES = [
    ("president", PresidentState, 4, 6),
    ("hearts", HeartsState, 4, 4),
    ("durak", DurakState, 3, 5),
]


def _position(game: str, players: int, moves: int) -> Any:
    state = get_rules(game).new_game(players=players, seed=3)
    while len(state.history) < moves or (game != "durak" and state.observation(0).phase != "play"):
        state.apply(state.legal_actions()[0])
    return state


def _extra(state: Any) -> dict[str, Any]:
    """The keyword arguments beyond the shared three (Durak: the hidden stock)."""
    if isinstance(state, DurakState):
        return {"stock": [ALL_CARDS[i] for i in state.stock[state.stock_pos : -1]]}
    return {}


@pytest.mark.parametrize(("game", "cls", "players", "moves"), _GAMES)
def test_an_rng_given_by_position_is_the_rng(game: str, cls: Any, players: int, moves: int) -> None:
    state = _position(game, players, moves)
    seat = state.current_player
    seen = state.observation(seat)
    rng = random.Random(7)
    rebuilt = cls.from_observation(seen, list(state.hands), rng, **_extra(state))
    assert rebuilt.rng is rng
    assert rebuilt.observation(seat) == seen
    assert rebuilt.legal_actions() == state.legal_actions()


def test_the_three_games_share_one_signature() -> None:
    # The one GameState declares (mypy holds each game's override to it).
    declared = list(inspect.signature(GameState.from_observation).parameters.values())
    shared = [(p.name, p.kind, p.default) for p in declared]
    for _, cls, _, _ in _GAMES:
        parameters = list(inspect.signature(cls.from_observation).parameters.values())
        leading = [(p.name, p.kind, p.default) for p in parameters[:3]]
        if shared is None:
            shared = leading
        assert leading == shared, cls.__name__
        assert [p.name for p in parameters[:3]] == ["observation", "hands", "rng"]
        # Whatever a game adds cannot be reached by position.
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters[3:]), cls.__name__


def test_a_game_that_does_not_rebuild_says_so() -> None:
    from tests.bots.toy_game import TOY_RULES

    state = TOY_RULES.new_game(players=2, seed=1)
    with pytest.raises(NotImplementedError, match="ToyState cannot be rebuilt"):
        type(state).from_observation(state.observation(0), [0] * state.num_players)
