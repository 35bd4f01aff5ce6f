"""Properties of President over many seeded random games.

Each test plays its own seeded games, so a failure names the seed to replay.
"""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from cardtable import IllegalActionError
from cardtable.cards import FULL_DECK, RANK_MASKS, mask_to_cards, shuffled
from cardtable.engine.actions import PASS, Action
from cardtable.engine.playout import play_random_game
from cardtable.games.president import RULES, PresidentState

FULL_MASK = (1 << 52) - 1


def _settings(seed: int, rounds: tuple[int, ...] = (1, 1, 2, 3)) -> dict:
    rng = random.Random(seed)
    return {
        "players": rng.randint(3, 6),
        "seed": seed,
        "rounds": rng.choice(rounds),
        "revolution": rng.random() < 0.7,
    }


@pytest.mark.slow
def test_thousands_of_random_games_always_end_with_valid_points() -> None:
    for seed in range(2000):
        settings = _settings(seed, rounds=(1, 1, 1, 1, 2))
        state = play_random_game(RULES.new_game(**settings), random.Random(seed))
        outcome = state.outcome()
        n = settings["players"]
        assert outcome.is_over and outcome.rounds_played == settings["rounds"], seed
        for round_ in outcome.rounds:
            assert sorted(round_["points"]) == list(range(1, n + 1)), seed
            assert sum(round_["points"]) == n * (n + 1) // 2
            assert sorted(round_["order"]) == list(range(n))
        assert sum(outcome.scores) == settings["rounds"] * n * (n + 1) // 2
        assert outcome.winners and all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


def _check_cards(state: PresidentState) -> None:
    seen = 0
    for hand in state.hands:
        assert seen & hand == 0, "a card is in two hands"
        seen |= hand
    played = 0
    for event in state.events:
        if event.kind == "play" and event.round == state.round_number:
            for card in event.cards:
                assert not played & card.mask, "a card was played twice"
                played |= card.mask
    assert seen & played == 0 and seen | played == FULL_MASK
    assert sum(h.bit_count() for h in state.hands) + played.bit_count() == 52
    sizes = state.observation(0).hand_sizes
    assert list(sizes) == [h.bit_count() for h in state.hands]


def _candidates(state: PresidentState) -> list[Action]:
    """Every action of the current player's kind that could make sense, legal or not."""
    hand = state.hands[state.current_player]
    cards = mask_to_cards(hand)
    if state.observation(0).phase == "exchange":
        wrong_size = [Action.give(cards[:3])] if len(cards) >= 3 else []
        return [Action.give(c) for size in (1, 2) for c in combinations(cards, size)] + wrong_size
    found: list[Action] = [PASS]
    for rank_mask in RANK_MASKS.values():
        same = mask_to_cards(hand & rank_mask)
        for size in range(1, len(same) + 1):
            found.extend(Action.play(c) for c in combinations(same, size))
    return found


def _outsiders(state: PresidentState, rng: random.Random) -> list[str]:
    """A sample of actions that must be refused."""
    seat = state.current_player
    mine = state.hand(seat)
    others = [c for c in FULL_DECK if c not in mine]
    samples = [
        str(rng.choice(others)),
        f"{rng.choice(mine)} {rng.choice(others)}",
        "take",
        f"attack {rng.choice(mine)}",
        "7Z",
        "",
        "give",
    ]
    if state.observation(0).phase == "play":
        samples.append(f"give {rng.choice(mine)}")
        if state.table_size == 0:
            samples.append("pass")
        else:
            wrong = [a for a in _candidates(state) if a.kind == "play" and len(a.cards) != state.table_size]
            samples.extend(str(a) for a in wrong[:3])
    else:
        samples.append(str(rng.choice(mine)))
        samples.append("pass")
    return samples


def test_legal_actions_are_exactly_the_accepted_ones_and_others_are_refused() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        state = RULES.new_game(**_settings(seed))
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            assert all(state.is_legal(a) for a in legal)
            if step % 5 == 0:
                accepted = {a for a in _candidates(state) if state.is_legal(a)}
                assert accepted == set(legal), seed
                before = state.to_json()
                for text in _outsiders(state, rng):
                    if state.is_legal(text):
                        continue  # a random sample can be legal by chance
                    with pytest.raises(IllegalActionError):
                        state.apply(text)
                    assert state.to_json() == before
                probe = state.clone()
                probe.apply(legal[-1])  # the last action is accepted by apply too
            state.apply(legal[rng.randrange(len(legal))])
            step += 1


def test_legal_actions_come_in_the_documented_order() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        state = RULES.new_game(**_settings(seed))
        while not state.is_over:
            legal = state.legal_actions()
            obs = state.observation(state.current_player)
            plays = [a for a in legal if a.kind == "play"]
            keys = [
                (len(a.cards), obs.rank_order.position(a.cards[0].rank), [c.index for c in a.cards])
                for a in plays
            ]
            assert keys == sorted(keys)
            if obs.phase == "play" and obs.table:
                assert legal[-1] is PASS
            else:
                assert PASS not in legal
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.slow
def test_observation_is_unchanged_when_two_other_seats_swap_hidden_cards() -> None:
    compared = 0
    for seed in range(50):
        rng = random.Random(seed)
        settings = _settings(seed)
        players = settings["players"]
        deck = shuffled(FULL_DECK, rng)
        observer, first, second = rng.sample(range(players), 3)
        i = rng.choice([k for k in range(52) if k % players == first])
        j = rng.choice([k for k in range(52) if k % players == second])
        swapped = list(deck)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        a = RULES.new_game(deck=deck, **settings)
        b = RULES.new_game(deck=swapped, **settings)
        assert a.hand(first) != b.hand(first)
        while True:
            obs_a, obs_b = a.observation(observer).to_dict(), b.observation(observer).to_dict()
            assert obs_a == obs_b, seed
            json.dumps(obs_a)
            compared += 1
            if a.is_over:
                break
            legal = a.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if not b.is_legal(action):
                break
            a.apply(action)
            b.apply(action)
    assert compared > 500


@pytest.mark.slow
def test_observations_and_outcomes_are_json_safe_and_hide_other_hands() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        state = RULES.new_game(**_settings(seed))
        while not state.is_over:
            if rng.random() < 0.1:
                seat = rng.randrange(state.num_players)
                obs = state.observation(seat)
                data = obs.to_dict()
                json.dumps(data)
                json.dumps(state.outcome().to_dict())
                assert data["hand"] == [str(c) for c in state.hand(seat)]
                # Cards of this round that this seat has not seen: others' hands
                # minus what it received in the exchange.
                hidden = {str(c) for s in range(state.num_players) if s != seat for c in state.hand(s)}
                hidden -= {str(c) for c in obs.exchange_given}
                this_round = [e for e in data["events"] if e["round"] == obs.round]
                shown = {c for e in this_round for c in e["cards"]}
                assert not hidden & shown, seed
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
