"""Properties over many seeded random Durak games, 2 to 6 players."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.cards import SHORT_DECK, Card, shuffled
from cardtable.engine.playout import play_random_game
from cardtable.games.durak import DurakState
from tests.games.durak_helpers import RULES

PLAYER_COUNTS = (2, 3, 4, 5, 6)


def account_for_every_card(state: DurakState) -> None:
    """Hands, the stock, the table and the discard hold each of the 36 cards exactly once."""
    seen: list[Card] = []
    for seat in range(state.num_players):
        seen.extend(state.hand(seat))
    seen.extend(Card.from_index(i) for i in state.stock[state.stock_pos:])
    seen.extend(Card.from_index(i) for i in state.table_att)
    seen.extend(Card.from_index(i) for i in state.table_def if i >= 0)
    seen.extend(Card.from_index(i) for i in state.discard)
    assert sorted(seen) == sorted(SHORT_DECK)


def check_invariants(state: DurakState) -> None:
    account_for_every_card(state)
    outcome = state.outcome()
    record = outcome.details["record"]
    assert sum(r["wins"] for r in record) == outcome.rounds_played
    draws = sum(1 for r in outcome.rounds if r["draw"])
    assert sum(r["losses"] for r in record) == outcome.rounds_played - draws
    assert outcome.scores == tuple(r["wins"] - r["losses"] for r in record)
    if state.is_over or len(state.history) % 10:
        return  # observations are rebuilt from the whole log: look at every tenth
    obs = state.observation(state.current_player)
    assert 0 <= obs.limit_left <= obs.limit <= 6
    assert len(obs.table) + obs.limit_left == obs.limit
    if not obs.taking:  # one player acts at a time: at most one card waits to be beaten
        assert sum(1 for _, beating in obs.table if beating is None) <= 1
    assert len(obs.in_game) >= 2
    assert obs.deck_count == len(state.stock) - state.stock_pos
    assert obs.discard == tuple(Card.from_index(i) for i in state.discard)
    for seat in range(state.num_players):
        assert set(obs.known_cards[seat]) <= set(state.hand(seat))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_always_end(players):
    rng = random.Random(players)
    for seed in range(400):  # 2,000 games over the five player counts
        state = play_random_game(RULES.new_game(players, seed=seed), rng)
        outcome = state.outcome()
        assert outcome.is_over and outcome.rounds_played == 1
        result = outcome.rounds[0]
        assert sorted(result["order"]) == list(range(players)) or result["draw"]
        assert len(result["order"]) == players


def wrong_actions(state: DurakState, rng: random.Random) -> list[str]:
    """A sample of actions that should be refused now."""
    seat = state.current_player
    hand = set(state.hand(seat))
    others = [card for card in SHORT_DECK if card not in hand]
    texts = [
        f"attack {rng.choice(others)}",
        f"defend {rng.choice(SHORT_DECK)} {rng.choice(others)}",
        "attack 2C",
        "give 6C",
        "6C",
        "attack",
        "defend 6C",
        "attack XX",
        "",
        "take",
        "pass",
    ]
    legal = {str(action) for action in state.legal_actions()}
    return [text for text in texts if text not in legal]


def fingerprint(state: DurakState, full: bool) -> tuple:
    """Everything an action could change; the save and an observation when ``full``."""
    cheap = (len(state.history), len(state.events), tuple(state.hands), state.stock_pos,
             tuple(state.table_att), tuple(state.table_def), state.phase, state.current_player,
             state.passed, state.taking, tuple(state.known), tuple(state.discard))
    if not full:
        return cheap
    return cheap + (state.to_json(), state.observation(state.current_player).to_dict())


def swapped_decks(players: int, seed: int) -> tuple[list[Card], list[Card]] | None:
    """A deal, and the same deal with one non-trump card swapped between seats 1 and 2."""
    deck = shuffled(SHORT_DECK, random.Random(seed))
    trump = deck[-1].suit if players == 6 else deck[6 * players].suit
    seat1 = [i for i in range(1, 6 * players, players) if deck[i].suit != trump]
    seat2 = [i for i in range(2, 6 * players, players) if deck[i].suit != trump]
    if not seat1 or not seat2:
        return None
    i, j = seat1[0], seat2[-1]
    other = list(deck)
    other[i], other[j] = other[j], other[i]
    return deck, other


@pytest.mark.parametrize("players", (3, 4, 5, 6))
def test_observation_unchanged_when_two_other_players_hidden_cards_are_swapped(players):
    rng = random.Random(400 + players)
    compared = 0
    for seed in range(20):
        decks = swapped_decks(players, seed)
        if decks is None:
            continue
        a = RULES.new_game(players, seed=seed, deck=decks[0])
        b = RULES.new_game(players, seed=seed, deck=decks[1])
        while True:
            obs_a = a.observation(0).to_dict()
            assert obs_a == b.observation(0).to_dict()
            json.dumps(obs_a)
            compared += 1
            if a.is_over:
                break
            action = rng.choice(a.legal_actions())
            if not b.is_legal(action):
                break
            a.apply(action)
            b.apply(action)
    assert compared > 100


def test_observations_and_outcomes_are_json_safe():
    state = RULES.new_game(4, seed=9, rounds=2)
    rng = random.Random(9)
    while not state.is_over:
        if len(state.history) % 10 == 0:
            for seat in range(4):
                json.dumps(state.observation(seat).to_dict())
        state.apply(rng.choice(state.legal_actions()))
    json.dumps(state.outcome().to_dict())
    assert state.observation(1).phase == "over"
