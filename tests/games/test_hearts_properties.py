"""Property tests over many seeded random Hearts games."""

from __future__ import annotations

import json
import random

from cardtable.cards import FULL_DECK, Card, shuffled
from cardtable.engine.playout import play_random_game
from cardtable.games.hearts import RULES, HeartsState

from .hearts_helpers import codes


def check_finished_game(state: HeartsState) -> None:
    """Score invariants of a finished game."""
    outcome = state.outcome()
    assert outcome.is_over and state.current_player is None
    totals = [0, 0, 0, 0]
    for number, record in enumerate(outcome.rounds, start=1):
        assert record["hand"] == number
        raw, scored, shooter = record["points_taken"], record["scores"], record["moon_shooter"]
        assert sum(raw) == 26
        if shooter is None:
            assert scored == raw and 26 not in raw
        else:
            assert raw[shooter] == 26 and sum(scored) == 78
            assert scored == [0 if s == shooter else 26 for s in range(4)]
        totals = [t + s for t, s in zip(totals, scored)]
        assert record["totals"] == totals
        ended = max(totals) >= state.target and totals.count(min(totals)) == 1
        assert ended == (number == len(outcome.rounds))
    assert list(outcome.scores) == totals
    assert outcome.winners == (totals.index(min(totals)),)


def test_thousands_of_random_games_always_end_with_consistent_scores() -> None:
    for seed in range(2000):
        rng = random.Random(seed)
        state = RULES.new_game(players=4, seed=seed, target=rng.randint(1, 30))
        play_random_game(state, rng, max_actions=20_000)
        check_finished_game(state)


def test_random_games_to_the_default_target_end_with_consistent_scores() -> None:
    for seed in range(60):
        state = RULES.new_game(players=4, seed=seed)
        play_random_game(state, random.Random(seed), max_actions=20_000)
        check_finished_game(state)


def test_each_hands_points_sum_to_26_or_78_after_a_moon() -> None:
    for seed in range(300):
        state = RULES.new_game(players=4, seed=seed, target=1)
        play_random_game(state, random.Random(seed))
        for scores, shooter in zip(state.outcome().details["hand_scores"], state.outcome().details["moon_shooters"]):
            assert sum(scores) == (26 if shooter is None else 78)


def _other_actions(state: HeartsState, rng: random.Random) -> list[str]:
    """A sample of actions that should be refused now."""
    seat = state.current_player
    hand = set(state.hand(seat))
    outside = [c for c in FULL_DECK if c not in hand]
    legal = {str(a) for a in state.legal_actions()}
    phase = state.observation(seat).phase
    samples = ["pass", "take", "attack 2C", "defend 2C 3C", "", "give", "QX", "give 2C 2C 3C", "11H"]
    if outside:
        samples.append(str(rng.choice(outside)))
        if len(hand) >= 2:
            samples.append("give " + " ".join(str(c) for c in rng.sample(sorted(hand), 2) + [rng.choice(outside)]))
    mine = sorted(hand)
    if phase == "pass":
        samples += [str(rng.choice(mine))]  # playing during the pass
        samples += ["give " + " ".join(map(str, rng.sample(mine, k))) for k in (1, 2, 4)]
    else:
        samples += ["give " + " ".join(map(str, rng.sample(mine, min(3, len(mine)))))]
        if len(mine) >= 2:
            samples.append(" ".join(map(str, rng.sample(mine, 2))))
        samples += [str(c) for c in mine if str(c) not in legal][:3]
    return [s for s in samples if s not in legal]


def test_explicit_deck_survives_save_and_load() -> None:
    deck = shuffled(FULL_DECK, random.Random(4))
    state = RULES.new_game(players=4, seed=9, deck=deck)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    loaded = RULES.from_json(state.to_json())
    assert [loaded.hand(s) for s in range(4)] == [state.hand(s) for s in range(4)]


def _swapped_deck(deck: list[Card], observer: int, rng: random.Random) -> list[Card]:
    """The same deal with one card swapped between two seats other than ``observer``.

    The 2C stays where it is: who leads it is public as soon as play starts.
    """
    first, second = rng.sample([s for s in range(4) if s != observer], 2)

    def positions(seat: int) -> list[int]:
        return [p for p in range(seat, 52, 4) if str(deck[p]) != "2C"]

    a, b = rng.choice(positions(first)), rng.choice(positions(second))
    swapped = list(deck)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    return swapped


def test_observation_unchanged_when_two_other_players_hidden_cards_are_swapped() -> None:
    compared_plays = 0
    for seed in range(40):
        rng = random.Random(seed)
        deck = shuffled(FULL_DECK, rng)
        observer = rng.randrange(4)
        other_deck = _swapped_deck(deck, observer, rng)
        one = RULES.new_game(players=4, seed=seed, deck=deck)
        two = RULES.new_game(players=4, seed=seed, deck=other_deck)
        assert one.hand(observer) == two.hand(observer)
        while not one.is_over:
            observation = one.observation(observer).to_dict()
            assert observation == two.observation(observer).to_dict()
            json.dumps(observation)
            action = rng.choice(one.legal_actions())
            if not two.is_legal(action):
                break
            one.apply(action)
            two.apply(action)
            compared_plays += one.observation(observer).phase == "play"
    assert compared_plays > 100  # the comparison got well into the play


def test_observations_are_json_safe_and_hide_other_hands() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        state = RULES.new_game(players=4, seed=seed, target=30)
        count = 0
        while not state.is_over:
            if count % 7 == 0:
                seat = rng.randrange(4)
                observation = state.observation(seat)
                data = observation.to_dict()
                json.dumps(data)
                assert data["hand"] == codes(state.hand(seat))
                assert list(observation.hand_sizes) == [len(state.hand(s)) for s in range(4)]
                for event in observation.events:
                    assert event.visible_to is None or seat in event.visible_to
            state.apply(rng.choice(state.legal_actions()))
            count += 1
        json.dumps(state.outcome().to_dict())
