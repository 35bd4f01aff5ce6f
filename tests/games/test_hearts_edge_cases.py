"""Hearts edge cases from the issue, plus bad input, each with an explicit deal."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

import pytest

from cardtable.cards import SUIT_MASKS, Card, Suit, cards_to_mask
from cardtable.engine.errors import GameOverError, IllegalActionError, MalformedActionError
from cardtable.engine.playout import play_random_game
from cardtable.games.hearts import RULES
from cardtable.games.hearts.state import HeartsState

from .hearts_helpers import (
    HEARTS_ONLY_LEADER,
    MIXED,
    ONE_SUIT_EACH,
    ONLY_PENALTY_CARDS,
    QUEEN_AND_HEARTS_LEADER,
    SPLIT_POINTS,
    SPLIT_POINTS_TRICKS,
    VOID_IN_CLUBS,
    codes,
    new_game,
    play_cards,
    play_first_legal,
    play_tricks,
    ready_to_play,
    snapshot,
)

HEARTS = SUIT_MASKS[Suit.HEARTS]


def refused(state, action, error=IllegalActionError) -> str:
    before = snapshot(state)
    with pytest.raises(error) as info:
        state.apply(action)
    assert snapshot(state) == before
    assert "\n" not in str(info.value)
    return str(info.value)


def test_void_in_clubs_on_the_first_trick_with_only_hearts_and_the_queen_left_may_play_them() -> None:
    state = ready_to_play(ONLY_PENALTY_CARDS)
    play_cards(state, "2C")
    legal = codes(state.legal_actions())
    assert len(legal) == 13 and "QS" in legal and "KH" in legal
    state.apply("QS")  # the queen is allowed on the first trick here
    play_cards(state, "8C AC")
    assert state.observation(0).points_taken == (0, 0, 0, 13)
    # And a heart would have been allowed too: replay with a heart instead.
    state = ready_to_play(ONLY_PENALTY_CARDS)
    play_cards(state, "2C KH 8C AC")
    assert state.observation(0).points_taken == (0, 0, 0, 1)
    assert state.observation(0).hearts_broken


def test_leader_holding_only_hearts_before_hearts_are_broken_may_lead_one() -> None:
    state = ready_to_play(HEARTS_ONLY_LEADER)
    play_cards(state, "2C 6C AC TC")
    assert state.current_player == 2
    assert not state.observation(2).hearts_broken
    hand = cards_to_mask(state.hand(2))
    assert hand & ~HEARTS == 0
    assert cards_to_mask(a.cards[0] for a in state.legal_actions()) == hand
    play_cards(state, "2H")
    # Others must follow hearts if they can; seat 3 has the AH.
    assert state.current_player == 3
    assert codes(state.legal_actions()) == ["AH"]
    play_cards(state, "AH 6D 6S")
    assert state.observation(0).last_trick.winner == 3


def test_queen_of_spades_played_on_a_trick_does_not_break_hearts() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    play_cards(state, "2C 2S 4C 5C")  # seat 3 leads next
    play_cards(state, "9C 3C QS 8C")  # seat 1 discards the queen; seat 3 takes it
    observation = state.observation(0)
    assert not observation.hearts_broken
    assert observation.points_taken == (0, 0, 0, 13)
    assert not any(e.kind == "hearts_broken" for e in state.events)
    assert state.current_player == 3
    assert refused(state, "3H") == "hearts are not broken yet; lead another suit"


def test_hearts_broken_by_a_discard_then_hearts_may_be_led() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    play_cards(state, "2C 2S 4C 5C")
    play_cards(state, "9C 3C 5H 8C")  # seat 1 discards the 5H
    assert state.observation(3).hearts_broken
    assert state.current_player == 3
    legal = codes(state.legal_actions())
    assert {"3H", "7H", "JH"} <= set(legal)
    state.apply("3H")
    assert state.observation(0).lead_suit is Suit.HEARTS


def test_leader_holding_only_the_queen_and_hearts_while_unbroken_must_lead_the_queen() -> None:
    state = ready_to_play(QUEEN_AND_HEARTS_LEADER)
    play_cards(state, "2C 6C AC TC")
    assert state.current_player == 2
    assert codes(state.legal_actions()) == ["QS"]
    assert refused(state, "2H") == "hearts are not broken yet; lead another suit"
    play_cards(state, "QS KS 2S 6S")  # seat 3 covers with the KS and takes the queen
    observation = state.observation(0)
    assert not observation.hearts_broken
    assert observation.points_taken == (0, 0, 0, 13)


def test_shooting_the_moon() -> None:
    state = ready_to_play(ONE_SUIT_EACH)
    play_first_legal(state, 48)
    assert state.observation(0).points_taken == (25, 0, 0, 0)  # the last heart is still out
    play_first_legal(state, 4)
    outcome = state.outcome()
    assert outcome.rounds[0]["points_taken"] == [26, 0, 0, 0]
    assert outcome.rounds[0]["scores"] == [0, 26, 26, 26]
    assert outcome.details["moon_shooters"] == [0]
    assert outcome.details["hand_scores"] == [[0, 26, 26, 26]]
    assert outcome.scores == (0, 26, 26, 26)
    assert outcome.order == (0, 1, 2, 3)
    assert not outcome.is_over  # 26 < 100
    round_over = [e for e in state.events if e.kind == "round_over"][0]
    assert round_over.info["moon_shooter"] == 0


def test_a_hand_without_a_moon_records_no_shooter() -> None:
    state = ready_to_play(SPLIT_POINTS)
    play_tricks(state, SPLIT_POINTS_TRICKS)
    assert state.observation(0).moon_shooters == (None,)
    assert state.outcome().details["moon_shooters"] == [None]


def test_pass_cycle_over_five_hands_including_the_hand_with_no_pass() -> None:
    state = RULES.new_game(players=4, seed=21, target=10000)
    rng = random.Random(21)
    offsets = {"left": 1, "right": 3, "across": 2}
    for hand_number, direction in enumerate(["left", "right", "across", "none", "left"], start=1):
        assert state.hand_number == hand_number
        observation = state.observation(0)
        assert observation.pass_direction == direction
        dealt = [cards_to_mask(state.hand(s)) for s in range(4)]
        if direction == "none":
            assert observation.phase == "play" and observation.pass_target is None
            assert state.current_player == observation.leader
            assert Card.parse("2C") in state.hand(state.current_player)
            assert refused(state, "give 2C 3C 4C") == (
                "there is no pass this hand; play a card"
            )
        else:
            assert observation.phase == "pass" and state.current_player == 0
            chosen = []
            for seat in range(4):
                assert state.observation(seat).pass_target == (seat + offsets[direction]) % 4
                action = state.legal_actions()[rng.randrange(286)]
                chosen.append(action.mask)
                state.apply(action)
            for seat in range(4):
                giver = (seat - offsets[direction]) % 4
                assert cards_to_mask(state.hand(seat)) == (dealt[seat] & ~chosen[seat]) | chosen[giver]
                assert cards_to_mask(state.observation(seat).cards_received) == chosen[giver]
            assert refused(state, "give 2C 3C 4C") == "the cards have already been passed; play a card"
        exchanges = [e for e in state.events if e.kind == "exchange" and e.round == hand_number]
        assert len(exchanges) == (0 if direction == "none" else 4)
        while state.hand_number == hand_number:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])


def test_game_reaching_the_target_with_a_tie_for_lowest_plays_another_hand() -> None:
    state = ready_to_play(SPLIT_POINTS, target=20)
    play_tricks(state, SPLIT_POINTS_TRICKS)
    outcome = state.outcome()
    assert outcome.scores == (20, 6, 0, 0)
    assert not outcome.is_over and outcome.winners == ()
    assert state.hand_number == 2 and state.current_player == 0
    assert state.observation(0).pass_direction == "right"
    play_random_game(state, random.Random(8))
    outcome = state.outcome()
    assert outcome.is_over and outcome.rounds_played >= 2
    assert len(outcome.winners) == 1
    assert outcome.scores[outcome.winners[0]] < min(
        outcome.scores[s] for s in range(4) if s != outcome.winners[0]
    )


def test_a_player_reaching_exactly_the_target_ends_the_game() -> None:
    state = ready_to_play(ONE_SUIT_EACH, target=26)
    play_first_legal(state, 52)
    outcome = state.outcome()
    assert outcome.is_over and outcome.scores == (0, 26, 26, 26)
    assert outcome.winners == (0,)
    assert state.current_player is None and state.legal_actions() == []
    assert state.observation(2).phase == "over"
    assert [e.kind for e in state.events[-2:]] == ["round_over", "game_over"]
    assert refused(state, "2C", GameOverError) == "the game is over; no more actions"
    # One point short of the target: the game goes on.
    state = ready_to_play(ONE_SUIT_EACH, target=27)
    play_first_legal(state, 52)
    assert not state.is_over and state.hand_number == 2


def test_refused_input_changes_nothing_and_explains_in_one_line() -> None:
    state = new_game(MIXED)
    assert "not an action" in refused(state, "give 2C 6X TC", MalformedActionError)
    assert "empty action" in refused(state, "", MalformedActionError)
    assert "a card is listed twice" in refused(state, "give 2C 2C TC", MalformedActionError)
    assert "not a Hearts action" in refused(state, "pass", MalformedActionError)
    assert "not a Hearts action" in refused(state, "attack 2C", MalformedActionError)
    assert refused(state, "2C").startswith("first pass 3 cards left to seat 1")
    assert refused(state, "give 3C 7C JC") == "3C 7C JC are not in your hand"
    assert refused(state, "give 2C 6C 3C") == "3C is not in your hand"
    state = ready_to_play(MIXED)
    play_cards(state, "2C")
    assert refused(state, "3C 7C") == "play one card at a time"
    assert refused(state, "4C") == "4C is not in your hand"
    assert refused(state, "give 3C 7C JC") == "the cards have already been passed; play a card"
    assert refused(state, "play").startswith("'play' is not an action")


def test_observation_never_shows_another_players_pass_before_the_exchange() -> None:
    state = new_game(MIXED)
    state.apply("give 2C 6C TC")
    state.apply("give 3C 7C JC")
    state.apply("give 4C 8C QC")
    for seat in (1, 2, 3):
        observation = state.observation(seat)
        assert observation.history[0] == (0, "give ? ? ?")
        assert Card.parse("2C") not in observation.hand
    assert state.observation(1).history[1] == (1, "give 3C 7C JC")
    assert state.observation(0).cards_given == tuple(Card.parse(c) for c in ("2C", "6C", "TC"))
    state.apply("give 5C 9C KC")
    # After the exchange the receiver may see what it was given; the others still not.
    assert state.observation(1).history[0] == (0, "give 2C 6C TC")
    assert state.observation(2).history[0] == (0, "give ? ? ?")
    exchange = [e for e in state.observation(2).events if e.kind == "exchange" and e.seat == 0]
    assert exchange[0].cards == () and exchange[0].info["to"] == 1


def _play_to_hand_end(state: HeartsState, rng: random.Random, look: str) -> None:
    """Play random moves until a hand ends, looking at the state as ``look`` says."""
    number = state.outcome().rounds_played
    while state.outcome().rounds_played == number:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
        if look == "observations" and state.current_player is not None:
            state.observation(state.current_player)


@pytest.mark.parametrize("first_read", ["table", "events", "completed", "clone", "legal_actions", "observation"])
def test_the_next_hands_deal_waits_until_read_and_deals_the_same_cards(first_read: str) -> None:
    # A hand with a pass opens with seat 0 choosing whatever the cards, so its deal waits
    # until the hand is read or played; the cards, the events and the game are the same
    # as when it is read at once, whatever reads it first.
    looked, waited = (cast(HeartsState, RULES.new_game(players=4, seed=11)) for _ in range(2))
    _play_to_hand_end(looked, random.Random(3), "observations")
    _play_to_hand_end(waited, random.Random(3), "outcome only")
    assert waited._deal_due and "table" not in vars(waited)
    assert waited.outcome() == looked.outcome() and waited.current_player == 0 == looked.current_player
    assert waited.outcome().details["current_hand_points"] == [0, 0, 0, 0]
    read: Callable[[], object] = {
        "table": lambda: waited.table, "events": lambda: waited.events, "completed": lambda: waited.completed,
        "clone": waited.clone, "legal_actions": waited.legal_actions, "observation": lambda: waited.observation(0),
    }[first_read]
    read()
    assert not waited._deal_due
    assert waited.hands == looked.hands and waited.hand_number == looked.hand_number == 2
    assert waited.events == looked.events and waited.completed == looked.completed == []
    for game in (looked, waited):
        _play_to_hand_end(game, random.Random(4), "outcome only")
        _play_to_hand_end(game, random.Random(5), "outcome only")  # hand 3, then hand 4 (no pass) is dealt at once
        assert not game._deal_due and game.hand_number == 4
    assert waited.to_json() == looked.to_json() and waited.events == looked.events
