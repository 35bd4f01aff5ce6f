"""One test per line of the Hearts rules (shared/rules/hearts.md), with explicit decks."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import FULL_DECK, SUIT_MASKS, Card, Suit, cards_to_mask, parse_cards
from cardtable.engine.errors import IllegalActionError, InvalidOptionError
from cardtable.engine.playout import play_random_game
from cardtable.games import get_rules
from cardtable.games.hearts import RULES, pass_direction_for_hand

from .hearts_helpers import (
    HEARTS_ONLY_LEADER,
    MIXED,
    ONE_SUIT_EACH,
    ONLY_PENALTY_CARDS,
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


def refused(state, action: str) -> str:
    """Apply an action that must be refused; return the reason, checking nothing changed."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert snapshot(state) == before
    message = str(info.value)
    assert message and "\n" not in message
    return message


# --- Goal -------------------------------------------------------------------
def test_goal_take_as_few_points_as_possible_the_lowest_total_wins() -> None:
    state = ready_to_play(ONE_SUIT_EACH, target=26)
    play_first_legal(state, 52)
    assert state.is_over
    assert state.outcome().scores == (0, 26, 26, 26)
    assert state.outcome().winners == (0,)


# --- Set-up -----------------------------------------------------------------
def test_setup_1_four_players_thirteen_cards_each_from_a_standard_52_card_deck() -> None:
    state = RULES.new_game(players=4, seed=11)
    hands = [state.hand(seat) for seat in range(4)]
    assert [len(hand) for hand in hands] == [13] * 4
    assert sorted(card for hand in hands for card in hand) == list(FULL_DECK)
    for players in (2, 3, 5):
        with pytest.raises(InvalidOptionError, match="exactly 4 players"):
            RULES.new_game(players=players, seed=1)


def test_setup_1_choice_dealt_one_at_a_time_starting_with_seat_0() -> None:
    # The deck in index order is 2C 2D 2H 2S 3C ...: one card each in turn from seat 0
    # gives seat 0 every club, seat 1 every diamond, and so on.
    state = RULES.new_game(players=4, seed=1, deck=list(FULL_DECK))
    for seat in range(4):
        assert cards_to_mask(state.hand(seat)) == SUIT_MASKS[seat]
    deals = [e for e in state.events if e.kind == "deal"]
    assert [e.seat for e in deals] == [0, 1, 2, 3]
    assert deals[0].visible_to == (0,)
    # The helper's deal order is the same convention.
    state = new_game(MIXED)
    assert codes(state.hand(2)) == codes(sorted(parse_cards(MIXED[2])))


def test_setup_2_before_each_hand_every_player_passes_3_cards() -> None:
    state = new_game(MIXED)
    assert state.observation(0).phase == "pass"
    actions = state.legal_actions()
    assert len(actions) == 286  # every 3-card choice out of 13
    assert {a.kind for a in actions} == {"give"} and {len(a.cards) for a in actions} == {3}
    assert "exactly 3 cards, not 2" in refused(state, "give 2C 6C")
    assert "exactly 3 cards, not 4" in refused(state, "give 2C 6C TC AC")
    assert "not in your hand" in refused(state, "give 2C 6C 3C")
    for seat, cards in enumerate(["QH KS AC", "AS KH QD", "AH KD QC", "QS KC AD"]):
        assert state.current_player == seat
        state.apply("give " + cards)
    assert [len(state.hand(seat)) for seat in range(4)] == [13] * 4
    assert codes(state.observation(1).cards_given) == ["QD", "KH", "AS"]  # index order
    assert codes(state.observation(1).cards_received) == ["QH", "KS", "AC"]


def test_setup_2_pass_cycle_left_right_across_then_none_repeating() -> None:
    assert [pass_direction_for_hand(n) for n in range(1, 10)] == [
        "left", "right", "across", "none", "left", "right", "across", "none", "left",
    ]
    state = RULES.new_game(players=4, seed=3, target=10000)
    rng = random.Random(3)
    seen = []
    while state.hand_number <= 5:
        observation = state.observation(0)
        if not seen or seen[-1][0] != state.hand_number:
            seen.append((state.hand_number, observation.pass_direction, observation.pass_target))
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    assert seen == [
        (1, "left", 1), (2, "right", 3), (3, "across", 2), (4, "none", None), (5, "left", 1),
    ]


def test_setup_2_choice_left_is_the_next_seat_in_turn_order() -> None:
    state = new_game(MIXED)
    gives = ["2C 6C TC", "3C 7C JC", "4C 8C QC", "5C 9C KC"]
    for seat in range(4):
        assert state.observation(seat).pass_target == (seat + 1) % 4
        state.apply("give " + gives[seat])
    for seat in range(4):
        received = state.observation(seat).cards_received
        assert codes(received) == gives[(seat - 1) % 4].split()
    exchanges = [e for e in state.events if e.kind == "exchange"]
    assert [(e.seat, e.info["to"]) for e in exchanges] == [(0, 1), (1, 2), (2, 3), (3, 0)]


def test_setup_2_choice_passed_cards_are_chosen_by_everyone_before_any_are_received() -> None:
    state = new_game(MIXED)
    state.apply("give 2C 6C TC")
    state.apply("give 3C 7C JC")
    state.apply("give 4C 8C QC")
    # Seat 1 chose after seat 0 but has not received seat 0's cards yet.
    assert Card.parse("2C") not in state.hand(1)
    assert state.observation(1).cards_received == ()
    assert state.observation(1).passed_seats == (0, 1, 2)
    # Seat 3 still chooses from its own 13 dealt cards only.
    assert codes(state.hand(3)) == codes(sorted(parse_cards(MIXED[3])))
    assert "not in your hand" in refused(state, "give QC 5C 9C")
    state.apply("give 5C 9C KC")
    assert Card.parse("2C") in state.hand(1)
    assert state.observation(1).phase == "play"


def test_setup_3_the_holder_of_the_2c_leads_the_first_trick() -> None:
    # Seat 0 is dealt the 2C but passes it left, so seat 1 leads.
    state = new_game(MIXED)
    for cards in ["2C 6C TC", "3C 7C JC", "4C 8C QC", "5C 9C KC"]:
        state.apply("give " + cards)
    assert Card.parse("2C") in state.hand(1)
    assert state.current_player == 1
    assert state.observation(3).leader == 1


def test_setup_3_choice_that_lead_must_be_the_2c() -> None:
    state = ready_to_play(MIXED)
    assert state.current_player == 0
    assert codes(state.legal_actions()) == ["2C"]
    assert refused(state, "6C") == "the first trick must be led with the 2C"
    assert refused(state, "5S") == "the first trick must be led with the 2C"
    state.apply("2C")


# --- Play -------------------------------------------------------------------
def test_play_1_you_must_follow_the_suit_led_if_you_can() -> None:
    state = ready_to_play(MIXED)
    play_cards(state, "2C")
    assert codes(state.legal_actions()) == ["3C", "7C", "JC"]
    assert refused(state, "4D") == "you must follow suit: play clubs"
    play_cards(state, "3C 4C 5C")  # seat 3 wins with the 5C
    play_cards(state, "4S")
    assert codes(state.legal_actions()) == ["5S", "9S", "KS"]
    assert refused(state, "6C") == "you must follow suit: play spades"


def test_play_2_otherwise_you_may_play_any_card_within_the_first_trick_restriction() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    play_cards(state, "2C")
    # Seat 1 has no clubs: anything but hearts and the QS on the first trick.
    assert codes(state.legal_actions()) == ["2S", "3D", "4D", "6S", "7D", "8D", "TS", "JD", "QD"]
    play_cards(state, "TS 4C 5C")  # seat 3 wins and leads
    play_cards(state, "9C 3C")
    # From the second trick on, a player who cannot follow may play any card at all.
    assert codes(state.legal_actions()) == codes(state.hand(1))
    assert len(state.legal_actions()) == 12


def test_play_3_the_highest_card_of_the_suit_led_wins_and_its_winner_leads_next() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    # Seat 1's QS is higher than every club, but clubs were led.
    play_cards(state, "2C QD 4C 5C")
    observation = state.observation(0)
    assert observation.last_trick.winner == 3
    assert observation.tricks_taken == (0, 0, 0, 1)
    assert state.current_player == 3 and observation.leader == 3
    assert observation.trick == ()


def test_play_4_hearts_are_broken_when_a_heart_has_been_played_on_a_trick() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    play_cards(state, "2C 2S 4C 5C 9C 3C")
    assert state.observation(2).hearts_broken is False
    play_cards(state, "KH")  # seat 1 cannot follow clubs and discards a heart
    observation = state.observation(2)
    assert observation.hearts_broken is True
    broken = [e for e in state.events if e.kind == "hearts_broken"]
    assert [(e.seat, codes(e.cards)) for e in broken] == [(1, ["KH"])]


def test_play_4_until_hearts_are_broken_a_heart_may_not_be_led() -> None:
    state = ready_to_play(MIXED)
    play_cards(state, "2C 3C 4C 5C")  # seat 3 wins and leads
    assert state.current_player == 3
    assert refused(state, "3H") == "hearts are not broken yet; lead another suit"
    legal = cards_to_mask(a.cards[0] for a in state.legal_actions())
    assert legal & HEARTS == 0
    assert legal == cards_to_mask(state.hand(3)) & ~HEARTS


def test_play_4_unless_the_leader_holds_only_hearts() -> None:
    state = ready_to_play(HEARTS_ONLY_LEADER)
    play_cards(state, "2C 6C AC TC")  # seat 2 wins with the AC; now it holds only hearts
    assert state.current_player == 2
    assert state.observation(2).hearts_broken is False
    assert codes(state.legal_actions()) == codes(state.hand(2))
    state.apply("7H")
    assert state.observation(0).hearts_broken is True


def test_play_5_first_trick_neither_a_heart_nor_the_queen_of_spades_may_be_played() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    play_cards(state, "2C")
    message = "no hearts or QS on the first trick while you have another card"
    assert refused(state, "5H") == message
    assert refused(state, "QS") == message
    legal = cards_to_mask(a.cards[0] for a in state.legal_actions())
    assert legal & (HEARTS | Card.parse("QS").mask) == 0


def test_play_5_unless_the_player_has_no_other_legal_card() -> None:
    state = ready_to_play(ONLY_PENALTY_CARDS)
    play_cards(state, "2C")
    assert codes(state.legal_actions()) == codes(state.hand(1))  # 12 hearts and the QS
    state.apply("2H")
    assert state.observation(0).hearts_broken is True


def test_play_6_in_every_suit_the_order_is_2_low_to_ace_high() -> None:
    state = ready_to_play(MIXED)
    play_cards(state, "2C 3C 4C 5C")  # 5 beats 4, 3, 2
    assert state.observation(0).last_trick.winner == 3
    play_cards(state, "9C TC JC QC")  # the ten ranks between 9 and J; Q beats J
    assert state.observation(0).last_trick.winner == 2
    play_cards(state, "8C KC AC 7C")  # the ace is high
    assert state.observation(0).last_trick.winner == 0


def test_play_6_no_suit_is_trump() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    play_cards(state, "2C TS 4C 5C")  # seat 1 discards a spade: it does not win
    assert state.observation(0).last_trick.winner == 3
    play_cards(state, "9C 3C KH 8C")  # nor does a heart
    assert state.observation(0).last_trick.winner == 3


def test_play_6_the_queen_of_spades_does_not_break_hearts() -> None:
    state = ready_to_play(ONLY_PENALTY_CARDS)
    play_cards(state, "2C QS 8C AC")  # seat 3 wins the QS with the AC
    observation = state.observation(3)
    assert observation.hearts_broken is False
    assert observation.points_taken == (0, 0, 0, 13)
    assert state.current_player == 3
    assert refused(state, "AH") == "hearts are not broken yet; lead another suit"


# --- Scoring ----------------------------------------------------------------
def test_scoring_each_heart_is_1_point_the_queen_of_spades_13_and_26_in_all() -> None:
    state = ready_to_play(VOID_IN_CLUBS)
    play_cards(state, "2C 2S 4C 5C")
    assert state.observation(0).points_taken == (0, 0, 0, 0)
    play_cards(state, "9C 3C KH 8C")  # seat 3 takes one heart
    assert state.observation(0).points_taken == (0, 0, 0, 1)
    assert state.observation(0).last_trick.points == 1
    play_cards(state, "KC 6C QS QC")  # seat 3 takes the QS
    assert state.observation(0).points_taken == (0, 0, 0, 14)
    play_first_legal(state, 48 - 12)  # through trick 12
    observation = state.observation(0)
    per_trick = [sum(t.points for t in observation.tricks_played if t.winner == s) for s in range(4)]
    assert list(observation.points_taken) == per_trick
    play_first_legal(state, 4)
    record = state.outcome().rounds[0]
    assert sum(record["points_taken"]) == 26
    assert record["moon_shooter"] is None and record["scores"] == record["points_taken"]


def test_scoring_shooting_the_moon_scores_0_and_the_others_26_each() -> None:
    state = ready_to_play(ONE_SUIT_EACH)
    play_first_legal(state, 52)
    record = state.outcome().rounds[0]
    assert record["points_taken"] == [26, 0, 0, 0]
    assert record["scores"] == [0, 26, 26, 26]
    assert record["moon_shooter"] == 0
    assert state.observation(1).moon_shooters == (0,)
    assert state.observation(1).hand_scores == ((0, 26, 26, 26),)
    assert [e.seat for e in state.events if e.kind == "moon"] == [0]


def test_scoring_scores_accumulate_and_lower_is_better() -> None:
    state = ready_to_play(SPLIT_POINTS)
    play_tricks(state, SPLIT_POINTS_TRICKS)
    assert state.outcome().scores == (20, 6, 0, 0)
    assert state.outcome().order == (2, 3, 1, 0)  # fewest points first
    play_random_game(state, random.Random(5))
    outcome = state.outcome()
    totals = [sum(hand[seat] for hand in outcome.details["hand_scores"]) for seat in range(4)]
    assert list(outcome.scores) == totals
    assert outcome.winners == (min(range(4), key=lambda s: totals[s]),)


# --- End --------------------------------------------------------------------
def test_end_a_hand_ends_after_13_tricks() -> None:
    state = ready_to_play(MIXED)
    play_first_legal(state, 48)
    assert state.hand_number == 1 and state.observation(0).trick_number == 13
    assert not any(e.kind == "round_over" for e in state.events)
    play_first_legal(state, 4)
    assert [e.kind for e in state.events if e.kind == "round_over"] == ["round_over"]
    observation = state.observation(0)
    assert observation.hand_number == 2 and observation.phase == "pass"
    assert observation.pass_direction == "right"
    assert [len(state.hand(s)) for s in range(4)] == [13] * 4
    assert state.outcome().rounds_played == 1


def test_end_the_game_ends_at_the_end_of_a_hand_in_which_a_player_reaches_100() -> None:
    assert RULES.option_defaults == {"target": 100}
    for seed in range(5):
        state = RULES.new_game(players=4, seed=seed)
        play_random_game(state, random.Random(seed))
        records = state.outcome().rounds
        assert max(records[-1]["totals"]) >= 100
        for record in records[:-1]:  # every earlier hand: nobody at 100, or a tie
            totals = record["totals"]
            assert max(totals) < 100 or totals.count(min(totals)) > 1
    # The same with a lower target.
    state = ready_to_play(ONE_SUIT_EACH, target=26)
    play_first_legal(state, 52)
    assert state.is_over and state.observation(0).phase == "over"


def test_end_the_lowest_total_wins() -> None:
    state = ready_to_play(SPLIT_POINTS, target=7)
    play_tricks(state, SPLIT_POINTS_TRICKS[:-1])
    assert state.outcome().winners == ()  # not over yet
    play_tricks(state, SPLIT_POINTS_TRICKS[-1:])
    # Seats 2 and 3 tie on 0, so another hand is played, and so on until one is lowest.
    play_random_game(state, random.Random(1))
    outcome = state.outcome()
    lowest = min(outcome.scores)
    assert outcome.winners == tuple(s for s in range(4) if outcome.scores[s] == lowest)
    assert len(outcome.winners) == 1
    assert [e.info["winners"] for e in state.events if e.kind == "game_over"] == [list(outcome.winners)]


def test_end_if_the_lowest_total_is_tied_another_hand_is_played() -> None:
    state = ready_to_play(SPLIT_POINTS, target=20)
    play_tricks(state, SPLIT_POINTS_TRICKS)
    assert state.outcome().scores == (20, 6, 0, 0)  # seat 0 reached 20; 2 and 3 tie
    assert not state.is_over
    assert state.hand_number == 2
    ties = [e for e in state.events if e.kind == "tie"]
    assert [e.info["seats"] for e in ties] == [[2, 3]]


def test_end_locked_out_no_jack_of_diamonds_bonus_and_no_subtractive_moon() -> None:
    state = ready_to_play(SPLIT_POINTS)
    play_tricks(state, SPLIT_POINTS_TRICKS[:5])
    # Seat 0 took the JD on trick 5: it counts nothing (no -10).
    last = state.observation(0).last_trick
    assert Card.parse("JD") in last.cards and last.winner == 0
    assert last.points == 1  # just the 6H
    play_tricks(state, SPLIT_POINTS_TRICKS[5:])
    assert state.outcome().rounds[0]["scores"] == [20, 6, 0, 0]
    # A moon adds 26 to the others; the shooter's total never goes down.
    state = ready_to_play(ONE_SUIT_EACH)
    play_first_legal(state, 52)
    assert state.outcome().scores == (0, 26, 26, 26)


def test_end_target_option_is_validated() -> None:
    assert get_rules("hearts").new_game(players=4, seed=1, target=50).target == 50
    for bad in (0, -5, 100_001, "lots", True):
        with pytest.raises(InvalidOptionError):
            RULES.new_game(players=4, seed=1, target=bad)
    with pytest.raises(InvalidOptionError, match="no option 'trumps'"):
        RULES.new_game(players=4, seed=1, trumps=1)


# --- Computer players (the rules side: what a bot may see) -------------------
def test_computer_players_see_only_their_hand_public_cards_and_permitted_history() -> None:
    state = new_game(MIXED)
    state.apply("give QH KS AC")
    observation = state.observation(1)
    assert codes(observation.hand) == codes(state.hand(1))
    assert observation.history == ((0, "give ? ? ?"),)
    assert observation.cards_received == () and observation.cards_given == ()
    give_events = [e for e in observation.events if e.kind == "give"]
    assert give_events[0].cards == () and give_events[0].count == 3
    dealt = [e for e in observation.events if e.kind == "deal"]
    assert [len(e.cards) for e in dealt] == [0, 13, 0, 0]
    # The giver sees its own pass.
    assert state.observation(0).history == ((0, "give QH KS AC"),)
    text = str(observation.to_dict())
    for card in ("QH", "KS", "AC"):
        assert f"'{card}'" not in text
