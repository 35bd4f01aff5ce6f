"""An independent audit of Hearts against ``shared/rules/hearts.md``.

Adversarial scenarios on exact deals: the pass cycle and its secrecy, the 2C lead
after the 2C changed hands, the first-trick restrictions for players void in clubs,
what breaks hearts, the moon, the end at the target (ties, exact hits), and saves in
the middle of a pass.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable import IllegalActionError, load_game
from cardtable.cards import FULL_DECK, Card, parse_cards
from cardtable.engine.errors import MalformedActionError
from cardtable.engine.playout import play_random_game
from cardtable.games.hearts import RULES, HeartsState
from tests.games.hearts_helpers import (
    MIXED,
    ONE_SUIT_EACH,
    SPLIT_POINTS,
    SPLIT_POINTS_TRICKS,
    VOID_IN_CLUBS,
    codes,
    new_game,
    play_cards,
    play_first_legal,
    play_tricks,
    ready_to_play,
)


def refused(state: HeartsState, action: str, error: type[Exception] = IllegalActionError) -> str:
    """Apply ``action``, expect a one-line refusal, and check that nothing changed."""
    before = state.to_json()
    seen = [json.dumps(state.observation(s).to_dict(), sort_keys=True) for s in range(4)]
    hands = [state.hand(s) for s in range(4)]
    legal = codes(state.legal_actions())
    with pytest.raises(error) as info:
        state.apply(action)
    assert state.to_json() == before
    assert [json.dumps(state.observation(s).to_dict(), sort_keys=True) for s in range(4)] == seen
    assert [state.hand(s) for s in range(4)] == hands and codes(state.legal_actions()) == legal
    text = str(info.value)
    assert text and "\n" not in text
    return text


FIRST_TRICK = "no hearts or QS on the first trick while you have another card"

# Seat 1 is void in clubs and holds only hearts, the QS and a single diamond.
PENALTIES_AND_ONE_DIAMOND = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH QS 2D",
    "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD KH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS AH",
)


# --- passing -------------------------------------------------------------------------
def test_the_pass_cycle_left_right_across_none_repeats_and_left_is_the_next_seat() -> None:
    state = RULES.new_game(players=4, seed=21, target=10_000)
    expected = ["left", "right", "across", "none"] * 2
    offsets = {"left": 1, "right": 3, "across": 2}
    for number, direction in enumerate(expected, start=1):
        obs = state.observation(2)
        assert (obs.hand_number, obs.pass_direction) == (number, direction)
        if direction == "none":
            assert obs.phase == "play" and obs.pass_target is None
            assert "there is no pass this hand" in refused(state, "give " + " ".join(codes(state.hand(state.current_player)[:3])))
        else:
            assert obs.phase == "pass" and obs.pass_target == (2 + offsets[direction]) % 4
            play_first_legal(state, 4)
            gifts = [e for e in state.events if e.kind == "exchange" and e.round == number]
            assert [(e.seat, e.info["to"]) for e in gifts] == [(s, (s + offsets[direction]) % 4) for s in range(4)]
        play_first_legal(state, 52)


def test_passed_cards_are_only_received_once_all_four_have_chosen() -> None:
    state = new_game(MIXED)
    state.apply("give 2C 6C TC")  # seat 0 passes left, to seat 1
    assert codes(state.hand(1)) == codes(sorted(parse_cards(MIXED[1])))
    assert refused(state, "give 2C 3C 7C") == "2C is not in your hand"
    assert state.observation(1).cards_received == ()
    play_cards_give = ["give 3C 7C JC", "give 4C 8C QC", "give 5C 9C KC"]
    for action in play_cards_give:
        state.apply(action)
    assert state.observation(1).cards_received == tuple(parse_cards("2C 6C TC"))
    assert {"2C", "6C", "TC"} <= set(codes(state.hand(1)))


def test_the_player_who_receives_the_2c_leads_it() -> None:
    state = new_game(MIXED)
    for action in ("give 2C 6C TC", "give 3C 7C JC", "give 4C 8C QC", "give 5C 9C KC"):
        state.apply(action)
    assert state.current_player == 1 and state.observation(3).leader == 1
    assert codes(state.legal_actions()) == ["2C"]
    assert refused(state, "6C") == "the first trick must be led with the 2C"


def test_another_players_pass_stays_hidden_from_the_other_two_seats_even_after_the_exchange() -> None:
    first, second = new_game(MIXED), new_game(MIXED)
    # Neither pass holds the 2C: who leads is public, and the 2C decides it.
    first.apply("give 6C TC AC")
    second.apply("give 3D 7D JD")
    for seat in (1, 2, 3):
        assert first.observation(seat).to_dict() == second.observation(seat).to_dict()
    for action in ("give 3C 7C JC", "give 4C 8C QC", "give 5C 9C KC"):
        first.apply(action)
        second.apply(action)
        for seat in (1, 2, 3) if first.observation(0).phase == "pass" else (2, 3):
            assert first.observation(seat).to_dict() == second.observation(seat).to_dict(), seat
    assert first.observation(1).to_dict() != second.observation(1).to_dict()  # the receiver sees them now
    history = dict(enumerate(first.observation(2).history))
    assert history[0] == (0, "give ? ? ?")


def test_a_save_in_the_middle_of_the_pass_loads_and_plays_on_identically() -> None:
    state = new_game(MIXED)
    state.apply("give 2C 6C TC")
    state.apply("give 3C 7C JC")
    loaded = load_game(state.to_json())
    assert isinstance(loaded, HeartsState)
    for seat in range(4):
        assert loaded.hand(seat) == state.hand(seat)
        assert loaded.observation(seat).to_dict() == state.observation(seat).to_dict()
    rng = random.Random(2)
    for _ in range(60):
        assert codes(loaded.legal_actions()) == codes(state.legal_actions())
        action = rng.choice(state.legal_actions())
        state.apply(action)
        loaded.apply(str(action))
    assert loaded.to_json() == state.to_json()


# --- the first trick -----------------------------------------------------------------
def test_void_in_clubs_with_hearts_the_queen_and_one_diamond_must_play_the_diamond() -> None:
    state = ready_to_play(PENALTIES_AND_ONE_DIAMOND)
    play_cards(state, "2C")
    assert codes(state.legal_actions()) == ["2D"]
    assert refused(state, "QS") == FIRST_TRICK
    assert refused(state, "2H") == FIRST_TRICK
    state.apply("2D")
    # Seat 2 is void too: diamonds only, not its KH; seat 3 may throw any spade.
    assert "KH" not in codes(state.legal_actions()) and len(state.legal_actions()) == 12
    state.apply("AD")
    assert "AH" not in codes(state.legal_actions()) and len(state.legal_actions()) == 12
    state.apply("AS")
    assert not state.observation(0).hearts_broken and state.observation(0).points_taken == (0, 0, 0, 0)


def test_void_in_clubs_with_other_spades_may_not_drop_the_queen_on_the_first_trick() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    play_cards(state, "2C")
    legal = codes(state.legal_actions())
    assert "QS" not in legal and {"2S", "6S", "TS", "3D"} <= set(legal)
    assert not any(code.endswith("H") for code in legal)
    assert refused(state, "QS") == FIRST_TRICK


def test_only_the_first_trick_forbids_penalty_discards() -> None:
    state = ready_to_play(PENALTIES_AND_ONE_DIAMOND)
    play_cards(state, "2C 2D AD AS")
    # Only seat 0 holds clubs, so its 2C wins the first trick.
    assert state.observation(0).last_trick.winner == 0
    play_cards(state, "3C")
    # Trick two: seat 1, void in clubs, may now drop the QS or a heart.
    assert set(codes(state.legal_actions())) == set(codes(state.hand(1)))
    state.apply("QS")
    assert state.observation(0).hearts_broken is False  # the queen does not break hearts


# --- breaking hearts and leading -------------------------------------------------------
def test_the_queen_does_not_break_hearts_but_a_heart_discard_does() -> None:
    state = ready_to_play(PENALTIES_AND_ONE_DIAMOND)
    play_cards(state, "2C 2D AD AS")  # seat 0 wins
    play_cards(state, "3C QS 3D 2S")  # seat 0 wins, 13 points, hearts still unbroken
    assert not state.observation(0).hearts_broken
    assert state.observation(0).points_taken == (13, 0, 0, 0)
    play_cards(state, "4C")
    state.apply("2H")  # seat 1, void in clubs, discards a heart: hearts are broken
    assert state.observation(3).hearts_broken
    hearts_broken = [e for e in state.events if e.kind == "hearts_broken"]
    assert [(e.seat, codes(e.cards)) for e in hearts_broken] == [(1, ["2H"])]


def test_a_player_holding_only_hearts_may_discard_one_on_the_first_trick_and_that_breaks_hearts() -> None:
    hands = (
        "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    state = ready_to_play(hands)
    # Seat 2 holds only hearts: it may discard one on the first trick.
    play_cards(state, "2C AC")
    assert set(codes(state.legal_actions())) == set(codes(state.hand(2)))
    state.apply("2H")
    assert "QS" not in codes(state.legal_actions()) and len(state.legal_actions()) == 12
    state.apply("2S")
    assert state.current_player == 1 and state.observation(1).hearts_broken


def test_a_leader_with_only_hearts_may_lead_one_while_hearts_are_unbroken() -> None:
    hands = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    state = ready_to_play(hands)
    play_cards(state, "2C AC 3D 2S")
    assert state.current_player == 1 and not state.observation(1).hearts_broken
    assert len(state.legal_actions()) == 12 and all(code.endswith("H") for code in codes(state.legal_actions()))
    state.apply("2H")
    assert state.observation(0).hearts_broken


def test_hearts_unbroken_a_mixed_leader_may_not_lead_a_heart() -> None:
    state = ready_to_play(MIXED)
    play_tricks(state, ["2C 3C 4C 5C"])
    leader = state.current_player
    heart = next(c for c in state.hand(leader) if c.suit.letter == "H")
    assert refused(state, str(heart)) == "hearts are not broken yet; lead another suit"
    assert not any(code.endswith("H") for code in codes(state.legal_actions()))


def test_the_highest_card_of_the_suit_led_wins_not_a_higher_off_suit_card() -> None:
    state = ready_to_play(PENALTIES_AND_ONE_DIAMOND)
    play_cards(state, "2C 2D AD AS")
    trick = state.observation(0).last_trick
    assert trick.winner == 0 and trick.points == 0
    assert state.current_player == 0


def test_following_suit_is_enforced_with_a_one_line_reason() -> None:
    state = ready_to_play(MIXED)
    play_cards(state, "2C")
    assert refused(state, "2S") == "you must follow suit: play clubs"


# --- scoring and the end ---------------------------------------------------------------
def test_shooting_the_moon_reaching_exactly_the_target_ends_the_game_with_the_shooter_winning() -> None:
    state = ready_to_play(ONE_SUIT_EACH, target=26)
    play_first_legal(state, 52)
    outcome = state.outcome()
    assert outcome.rounds[0]["points_taken"] == [26, 0, 0, 0]
    assert outcome.rounds[0]["moon_shooter"] == 0
    assert outcome.scores == (0, 26, 26, 26)
    assert outcome.is_over and outcome.winners == (0,) and state.current_player is None


def test_a_tie_for_the_lowest_total_after_the_target_is_reached_plays_another_hand() -> None:
    state = ready_to_play(SPLIT_POINTS, target=20)
    play_tricks(state, SPLIT_POINTS_TRICKS)
    outcome = state.outcome()
    assert outcome.scores == (20, 6, 0, 0) and not outcome.is_over
    obs = state.observation(0)
    assert (obs.hand_number, obs.pass_direction, obs.phase) == (2, "right", "pass")
    assert [e.info["seats"] for e in state.events if e.kind == "tie"] == [[2, 3]]


def test_below_the_target_the_game_goes_on_whatever_the_totals() -> None:
    state = ready_to_play(SPLIT_POINTS, target=21)
    play_tricks(state, SPLIT_POINTS_TRICKS)
    assert not state.outcome().is_over and state.observation(0).hand_number == 2
    assert [e for e in state.events if e.kind == "tie"] == []


@pytest.mark.parametrize("seed", range(6))
def test_every_hand_scores_26_or_a_moon_and_the_game_ends_exactly_when_the_rules_say(seed: int) -> None:
    state = RULES.new_game(players=4, seed=seed, target=40)
    play_random_game(state, random.Random(seed))
    outcome = state.outcome()
    assert outcome.is_over
    for index, record in enumerate(outcome.rounds):
        raw = record["points_taken"]
        assert sum(raw) == 26
        if record["moon_shooter"] is None:
            assert record["scores"] == raw and 26 not in raw
        else:
            assert raw[record["moon_shooter"]] == 26 and sorted(record["scores"]) == [0, 26, 26, 26]
        totals = record["totals"]
        lowest = min(totals)
        ends = max(totals) >= 40 and totals.count(lowest) == 1
        assert ends == (index == len(outcome.rounds) - 1), (index, totals)
    assert outcome.winners == (outcome.scores.index(min(outcome.scores)),)


# --- what a seat may see -----------------------------------------------------------------
def test_swapping_two_unplayed_same_suit_cards_between_other_seats_leaves_an_observation_unchanged() -> None:
    rng = random.Random(7)
    checked = 0
    two_clubs, queen = Card.parse("2C"), Card.parse("QS")
    for trial in range(25):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        state = RULES.new_game(players=4, seed=4, deck=deck)
        actions = []
        for _ in range(rng.randrange(0, 56)):
            action = rng.choice(state.legal_actions())
            actions.append(action)
            state.apply(action)
        used = {card for action in actions for card in action.cards}
        observer = rng.randrange(4)
        a, b = rng.sample([s for s in range(4) if s != observer], 2)
        pairs = [
            (x, y)
            for x in state.hand(a)
            for y in state.hand(b)
            if x.suit == y.suit and not {x, y} & (used | {two_clubs, queen})
        ]
        if not pairs:
            continue
        x, y = rng.choice(pairs)
        swapped = [y if c is x else x if c is y else c for c in deck]
        other = RULES.new_game(players=4, seed=4, deck=swapped)
        for action in actions:
            other.apply(action)
        assert other.observation(observer).to_dict() == state.observation(observer).to_dict(), (trial, str(x), str(y))
        assert other.public_observation().to_dict() == state.public_observation().to_dict()
        checked += 1
    assert checked >= 15


# --- bad input -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("2C", "first pass 3 cards left to seat 1 (for example: give 2C 3C QS)"),
        ("give 2C 6C", "you must pass exactly 3 cards, not 2"),
        ("give 2C 6C 3C", "3C is not in your hand"),
        ("give 2C 3C 4C 5C", "you must pass exactly 3 cards, not 4"),
    ],
)
def test_bad_passes_are_refused_in_one_line(action: str, message: str) -> None:
    assert refused(new_game(MIXED), action) == message


@pytest.mark.parametrize("text", ["", "pass", "take", "attack 2C", "2X", "give", "2C 2C"])
def test_malformed_or_foreign_input_is_refused_in_one_line(text: str) -> None:
    refused(new_game(MIXED), text, MalformedActionError)


def test_bad_plays_are_refused_in_one_line() -> None:
    state = ready_to_play(MIXED)
    assert refused(state, "give 2C 6C TC") == "the cards have already been passed; play a card"
    assert refused(state, "2C 6C") == "play one card at a time"
    assert refused(state, "3C") == "3C is not in your hand"


def test_legal_actions_are_exactly_the_actions_the_rules_accept() -> None:
    from itertools import combinations

    plays = [str(c) for c in FULL_DECK]
    rng = random.Random(31)
    state = RULES.new_game(players=4, seed=8, target=60)
    for step in range(600):
        if state.is_over:
            break
        if step % 7 == 0:
            if state.observation(0).phase == "pass":
                hand = state.hand(state.current_player)
                candidates = ["give " + " ".join(str(c) for c in combo) for combo in combinations(hand, 3)]
                candidates += ["give " + " ".join(str(c) for c in combo) for combo in combinations(hand[:6], 2)]
            else:
                candidates = plays
            accepted = {text for text in candidates if state.is_legal(text)}
            assert accepted == set(codes(state.legal_actions())), step
        state.apply(rng.choice(state.legal_actions()))
