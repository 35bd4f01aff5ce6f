"""One test per line of the Durak spec (rules/durak.md), each on an exact deal."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import FULL_DECK, Card, Suit
from cardtable.engine.errors import IllegalActionError, InvalidDeckError, InvalidOptionError, MalformedActionError
from cardtable.engine.playout import play_random_game
from tests.games.durak_helpers import (
    RULES,
    SIX_BOUT_1,
    SIX_BOUT_2,
    SIX_BOUT_3_UNTIL_LAST,
    SIX_DRAW_HANDS,
    cards,
    new_game,
    play,
    texts,
)

# Four players, hearts trump (6H face up).  Seat 2 holds the lowest trump (7H), so seat 2
# attacks seat 3 and the attackers are asked in the order 2, 0, 1.
FOUR = [
    "6C 9D TS JC QD KS",
    "6D 9S TC JD QC 8H",
    "7H 6S 9C TD JS AC",
    "8C 8D 8S 9H KC AD",
]
FOUR_TRUMP = "6H"
FOUR_STOCK = "7C 7D 7S TH JH QH"


def four():
    return new_game(FOUR, FOUR_TRUMP, FOUR_STOCK)


# --- Goal -------------------------------------------------------------------------


def test_goal_get_rid_of_your_cards_the_last_player_holding_cards_is_the_durak():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1, *SIX_BOUT_2, *SIX_BOUT_3_UNTIL_LAST, "4: take")
    outcome = state.outcome()
    assert state.is_over
    assert outcome.order == (5, 0, 1, 2, 3, 4)
    assert outcome.details["durak"] == 4
    assert outcome.titles == (None, None, None, None, "Durak", None)


# --- Set-up -------------------------------------------------------------------------


def test_setup_1_two_to_six_players_and_a_36_card_deck_six_to_ace():
    for players in range(2, 7):
        state = RULES.new_game(players, seed=3)
        obs = state.observation(0)
        total = sum(obs.hand_sizes) + obs.deck_count - (1 if obs.trump_card_holder is not None and players < 6 else 0)
        assert total == 36
    for players in (1, 7):
        with pytest.raises(InvalidOptionError, match="2 to 6 players"):
            RULES.new_game(players, seed=1)
    assert len(RULES.deck) == 36 and min(card.rank for card in RULES.deck) == 6
    with pytest.raises(InvalidDeckError):
        RULES.new_game(2, seed=1, deck="2C 3C")


def test_setup_2_six_cards_each_then_the_next_card_turned_up_is_trump_and_drawn_last():
    state = four()
    obs = state.observation(0)
    assert obs.hand_sizes == (6, 6, 6, 6)
    assert obs.trump_card == Card.parse("6H") and obs.trump_suit == Suit.HEARTS
    assert obs.trump_card_holder is None
    assert obs.deck_count == 12  # 36 - 24, the face-up trump included


def test_setup_2_choice_cards_are_dealt_one_at_a_time_starting_with_seat_0():
    deck = "6C 6D 6H 7C 7D 7H 8C 8D 8H 9C 9D 9H " + " ".join(
        f"{r}{s}" for r in "TJQKA" for s in "CDHS"
    ) + " 6S 7S 8S 9S"
    state = RULES.new_game(2, seed=1, deck=deck)
    assert state.hand(0) == cards("6C 6H 7D 8C 8H 9D")
    assert state.hand(1) == cards("6D 7C 7H 8D 9C 9H")
    assert state.observation(0).trump_card == Card.parse("TC")


def test_setup_2_choice_with_6_players_the_last_card_dealt_is_the_trump_and_stays_in_hand():
    state = new_game(SIX_DRAW_HANDS)
    obs = state.observation(0)
    assert obs.deck_count == 0
    assert obs.trump_card == Card.parse("6S") and obs.trump_suit == Suit.SPADES
    assert obs.trump_card_holder == 5
    assert Card.parse("6S") in state.hand(5)
    assert obs.known_cards[5] == (Card.parse("6S"),)
    assert obs.hand_sizes == (6,) * 6


def test_setup_3_the_player_holding_the_lowest_trump_makes_the_first_attack():
    state = four()
    assert state.current_player == 2
    obs = state.observation(2)
    assert (obs.main_attacker, obs.defender, obs.phase) == (2, 3, "attack")


def test_setup_3_choice_if_nobody_holds_a_trump_seat_0_attacks_first():
    state = new_game(
        ["6C 7C 8C 9C TC JC", "6D 7D 8D 9D TD JD", "6S 7S 8S 9S TS JS"], "6H", "7H 8H 9H TH JH QH"
    )
    assert state.current_player == 0
    assert state.observation(1).defender == 1


# --- A bout ---------------------------------------------------------------------------


def test_bout_1_the_attacker_plays_a_card_the_defender_must_beat_it_or_take():
    state = four()
    play(state, "2: attack 6S")
    assert state.current_player == 3
    assert texts(state.legal_actions()) == ["defend 6S 8S", "defend 6S 9H", "take"]
    with pytest.raises(IllegalActionError, match="cannot pass"):
        state.apply("pass")


def test_bout_2_other_attackers_may_throw_in_ranks_already_on_the_table():
    state = four()
    play(state, "2: attack 6S", "3: defend 6S 8S", "2: pass")
    # Seat 0 may throw in the 6 (an attacking rank); seat 1 also the 8 (a defending rank).
    assert texts(state.legal_actions()) == ["attack 6C", "pass"]
    with pytest.raises(IllegalActionError, match="rank already on the table"):
        state.apply("attack 9D")
    play(state, "0: pass")
    assert texts(state.legal_actions()) == ["attack 6D", "attack 8H", "pass"]
    play(state, "1: attack 8H")
    assert state.current_player == 3  # the defender never throws in: they defend


def test_bout_3_attacking_cards_never_exceed_6_nor_the_defenders_cards_at_the_start():
    # Clubs trump.  Seat 1 takes; seat 0 throws in until 6 attacking cards are on the table.
    state = new_game(["7C 7D 7H 8D 8H 8S", "8C 9S TS JS QS KS"], "6C", "AD AH")
    play(state, "0: attack 7C", "1: defend 7C 8C", "0: attack 8D", "1: take")
    obs = state.observation(0)
    assert (obs.limit, obs.limit_left, obs.bout_start_defender_cards) == (6, 4, 6)
    play(state, "0: attack 7D", "0: attack 7H", "0: attack 8H", "0: attack 8S")
    # Six attacking cards: the bout ended by itself and seat 1 picked everything up.
    assert len(state.hand(1)) == 5 + 7
    assert state.current_player == 0 and state.observation(0).table == ()


def test_bout_4_all_beaten_and_no_throw_in_the_table_is_discarded_and_the_defender_attacks():
    state = four()
    play(state, "2: attack 6S", "3: defend 6S 8S", "2: pass", "0: pass", "1: pass")
    obs = state.observation(0)
    assert obs.table == ()
    assert obs.discard == cards("6S 8S")
    assert (obs.main_attacker, obs.defender) == (3, 0)
    assert state.current_player == 3


def test_bout_5_after_a_take_the_table_goes_to_the_defender_and_the_next_player_attacks():
    state = four()
    play(state, "2: attack 6S", "3: take", "2: pass", "0: pass", "1: pass")
    assert Card.parse("6S") in state.hand(3)
    obs = state.observation(1)
    assert obs.known_cards[3] == (Card.parse("6S"),)
    assert (obs.main_attacker, obs.defender) == (0, 1)
    assert obs.discard == ()


def test_bout_5_choice_after_take_attackers_may_still_throw_in_within_the_limit():
    state = four()
    play(state, "2: attack 6S", "3: take")
    obs = state.observation(0)
    assert obs.taking and obs.phase == "throw_in"
    play(state, "2: pass", "0: attack 6C", "2: pass", "0: pass", "1: attack 6D")
    # The defender does not act again after saying take.
    assert state.current_player == 2
    play(state, "2: pass", "0: pass", "1: pass")
    assert {Card.parse(c) for c in ("6S", "6C", "6D")} <= set(state.hand(3))
    assert state.observation(0).known_cards[3] == cards("6C 6D 6S")


# --- Who acts when ------------------------------------------------------------------


def test_who_acts_1_the_main_attacker_opens_the_bout_with_one_card():
    state = four()
    assert state.current_player == 2
    assert texts(state.legal_actions()) == [
        "attack 6S", "attack 9C", "attack TD", "attack JS", "attack AC", "attack 7H"
    ]
    with pytest.raises(IllegalActionError, match="must open the bout"):
        state.apply("pass")
    with pytest.raises(MalformedActionError):
        state.apply("attack 6S 9C")


def test_who_acts_2_the_defender_beats_one_unbeaten_card_of_their_choice_or_takes():
    state = four()
    play(state, "2: attack 6S", "3: defend 6S 8S", "2: pass", "0: pass", "1: attack 6D")
    assert texts(state.legal_actions()) == ["defend 6D 8D", "defend 6D AD", "defend 6D 9H", "take"]
    with pytest.raises(IllegalActionError, match="already beaten"):
        state.apply("defend 6S 9H")
    with pytest.raises(IllegalActionError, match="not an attacking card"):
        state.apply("defend 9D AD")


def test_who_acts_3_attackers_are_asked_main_attacker_first_then_seat_order_after_defender():
    state = four()
    play(state, "2: attack 6S", "3: defend 6S 8S")
    asked = []
    while state.observation(0).phase == "throw_in":
        asked.append(state.current_player)
        state.apply("pass")
    assert asked == [2, 0, 1]
    assert state.observation(0).attack_order == (3, 1, 2)  # the next bout: 3 attacks 0


def test_who_acts_4_after_a_throw_in_the_defender_acts_then_attackers_again_from_the_main():
    state = four()
    play(state, "2: attack 6S", "3: defend 6S 8S", "2: pass", "0: pass", "1: attack 6D")
    assert state.current_player == 3
    assert state.observation(0).passed == ()
    play(state, "3: defend 6D 8D")
    assert state.current_player == 2
    play(state, "2: pass", "0: attack 6C", "3: defend 6C 8C", "2: pass", "0: pass")
    assert state.observation(0).passed == (2, 0)
    play(state, "1: pass")
    assert state.observation(0).main_attacker == 3


def test_who_acts_5_the_bout_ends_when_all_passed_or_no_card_may_be_added():
    # All passed: see the test above.  The limit: seat 3 starts with 3 cards after a take.
    state = four()
    play(state, "2: attack 6S", "3: defend 6S 8S", "2: pass", "0: pass", "1: pass")
    assert state.observation(0).main_attacker == 3
    # The defender has no cards left: the six-player chain ends the bout after six cards.
    six = new_game(SIX_DRAW_HANDS)
    play(six, *SIX_BOUT_1[:-1])
    assert six.current_player == 0
    play(six, SIX_BOUT_1[-1])
    assert six.observation(0).main_attacker == 1  # nobody was asked to throw in


def test_who_acts_6_next_main_attacker_defender_after_defence_next_after_take_skipping_out():
    state = four()
    play(state, "2: attack 6S", "3: defend 6S 8S", "2: pass", "0: pass", "1: pass")
    assert (state.observation(0).main_attacker, state.observation(0).defender) == (3, 0)
    taken = four()
    play(taken, "2: attack 6S", "3: take", "2: pass", "0: pass", "1: pass")
    assert (taken.observation(0).main_attacker, taken.observation(0).defender) == (0, 1)
    # Seat 0 defended with its last card and is out: seat 1 attacks instead.
    six = new_game(SIX_DRAW_HANDS)
    play(six, *SIX_BOUT_1)
    obs = six.observation(1)
    assert obs.out == (5, 0)
    assert (obs.main_attacker, obs.defender) == (1, 2)


# --- Beating a card -----------------------------------------------------------------

BEATING = ["TC 6H 6D 7D 8D 9D", "9C JC KS 7H QS KD"]  # hearts trump; seat 0 attacks


def test_beating_a_card_beats_a_lower_card_of_the_same_suit():
    state = new_game(BEATING, "AH")
    play(state, "0: attack TC")
    assert state.is_legal("defend TC JC")
    with pytest.raises(IllegalActionError, match="9C does not beat TC"):
        state.apply("defend TC 9C")
    with pytest.raises(IllegalActionError, match="KS does not beat TC"):
        state.apply("defend TC KS")


def test_beating_a_trump_beats_any_non_trump_card():
    state = new_game(BEATING, "AH")
    play(state, "0: attack TC")
    assert texts(state.legal_actions()) == ["defend TC JC", "defend TC 7H", "take"]
    play(state, "1: defend TC 7H")
    assert state.observation(0).table == ((Card.parse("TC"), Card.parse("7H")),)


def test_beating_a_trump_can_only_be_beaten_by_a_higher_trump():
    state = new_game(["6H 8H 6C 7C 8C 9C", "7H TH AS KS QS JS"], "AH")
    play(state, "0: attack 8H")
    assert texts(state.legal_actions()) == ["defend 8H TH", "take"]
    with pytest.raises(IllegalActionError, match="only a higher trump"):
        state.apply("defend 8H 7H")
    with pytest.raises(IllegalActionError, match="only a higher trump"):
        state.apply("defend 8H AS")


def test_beating_a_new_attacking_card_must_have_a_rank_already_on_the_table():
    state = new_game(BEATING, "AH")
    play(state, "0: attack TC", "1: defend TC JC")
    assert texts(state.legal_actions()) == ["pass"]  # seat 0 holds no ten or jack
    with pytest.raises(IllegalActionError, match=r"rank already on the table \(10 J\), not a 6"):
        state.apply("attack 6D")


# --- Drawing ------------------------------------------------------------------------


def test_drawing_back_to_6_main_attacker_first_then_other_attackers_defender_last():
    state = four()
    play(state, "2: attack 6S", "3: defend 6S 8S", "2: pass", "0: attack 6C", "3: defend 6C 8C",
         "2: pass", "0: pass", "1: attack 6D", "3: defend 6D 8D", "2: pass", "0: pass", "1: pass")
    draws = [(e.seat, e.cards) for e in state.events if e.kind == "draw"]
    assert draws == [(2, cards("7C")), (0, cards("7D")), (1, cards("7S")), (3, cards("TH JH QH"))]
    assert state.observation(0).hand_sizes == (6, 6, 6, 6)
    assert state.observation(0).deck_count == 6
    # Each seat sees only its own drawn cards.
    seen_by_0 = [(e.seat, e.cards, e.count) for e in state.observation(0).events if e.kind == "draw"]
    assert seen_by_0 == [(2, (), 1), (0, cards("7D"), 1), (1, (), 1), (3, (), 3)]


def test_drawing_when_the_deck_is_empty_nobody_draws_any_more():
    state = new_game(SIX_DRAW_HANDS)
    play(state, "5: attack 6S", "0: defend 6S 7S", "5: pass", "1: pass", "2: pass", "3: pass", "4: pass")
    assert state.observation(0).hand_sizes == (5, 6, 6, 6, 6, 5)
    assert not [e for e in state.events if e.kind == "draw"]


# --- End ----------------------------------------------------------------------------


def test_end_places_follow_the_order_in_which_players_get_rid_of_their_cards():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1)
    assert state.observation(3).out == (5, 0)
    play(state, *SIX_BOUT_2)
    assert state.observation(3).out == (5, 0, 1, 2)
    assert state.outcome().order == (5, 0, 1, 2)  # the standing so far


def test_end_choice_players_out_in_the_same_bout_are_ordered_by_when_they_played_their_last_card():
    # Seat 5 (attacker) plays its last card before seat 0 (defender) does, though 0 < 5.
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1)
    outs = [(e.seat, e.info["place"]) for e in state.events if e.kind == "out"]
    assert outs == [(5, 1), (0, 2)]


def test_end_players_without_cards_once_the_deck_is_empty_leave_after_the_bout_is_resolved():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1[:-2])
    play(state, "5: attack JD")
    assert state.hand(5) == ()
    assert 5 in state.observation(0).in_game  # still in until the bout is resolved
    play(state, "0: defend JD QD")
    assert state.observation(0).in_game == (1, 2, 3, 4)


def test_end_the_last_player_still_holding_cards_is_the_durak():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1, *SIX_BOUT_2, *SIX_BOUT_3_UNTIL_LAST, "4: take")
    result = state.outcome().rounds[0]
    assert result["durak"] == 4 and result["draw"] is False
    assert state.outcome().scores == (0, 0, 0, 0, -1, 1)


def test_end_if_every_remaining_player_runs_out_at_the_same_time_the_round_is_a_draw():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1, *SIX_BOUT_2, *SIX_BOUT_3_UNTIL_LAST, "4: defend KS AS")
    outcome = state.outcome()
    assert outcome.is_over and outcome.details["draw"] is True and outcome.details["durak"] is None
    assert outcome.order == (5, 0, 1, 2, 3, 4)
    assert outcome.titles == (None,) * 6


def test_end_series_option_one_win_to_the_first_out_and_one_loss_to_the_durak():
    state = new_game(SIX_DRAW_HANDS, rounds=3)
    play(state, *SIX_BOUT_1, *SIX_BOUT_2, *SIX_BOUT_3_UNTIL_LAST, "4: take")
    assert not state.is_over and state.observation(0).round == 2
    assert state.observation(0).record == ((0, 0), (0, 0), (0, 0), (0, 0), (0, 1), (1, 0))
    play_random_game(state, random.Random(4))
    outcome = state.outcome()
    assert outcome.rounds_played == 3
    wins = [0] * 6
    losses = [0] * 6
    for result in outcome.rounds:
        wins[result["first_out"]] += 1
        if result["durak"] is not None:
            losses[result["durak"]] += 1
    assert [r["wins"] for r in outcome.details["record"]] == wins
    assert [r["losses"] for r in outcome.details["record"]] == losses
    assert outcome.scores == tuple(won - lost for won, lost in zip(wins, losses))
    assert outcome.winners == tuple(s for s in range(6) if outcome.scores[s] == max(outcome.scores))
    with pytest.raises(InvalidOptionError):
        RULES.new_game(2, seed=1, rounds=0)


def test_end_locked_out_transferring_jokers_and_the_52_card_deck():
    state = four()
    play(state, "2: attack 6S")
    # Transferring (laying a 6 on the 6 to pass the attack on) is not a move.
    with pytest.raises(IllegalActionError):
        state.apply("attack 6H")
    with pytest.raises(MalformedActionError):
        state.apply("6D")
    with pytest.raises(IllegalActionError, match="not in the Durak deck"):
        state.apply("defend 6S 2S")
    assert len(RULES.deck) == 36
    with pytest.raises(InvalidDeckError):
        RULES.new_game(2, seed=1, deck=" ".join(str(c) for c in FULL_DECK))


# --- Computer players (the rules side) ------------------------------------------------


def test_computer_players_see_only_their_own_hand_public_cards_and_the_legal_actions():
    state = four()
    play(state, "2: attack 6S", "3: take", "2: pass", "0: pass", "1: pass")
    obs = state.observation(0)
    assert obs.hand == state.hand(0)
    assert obs.known_cards[3] == (Card.parse("6S"),)  # public: picked up in a take
    assert all(e.cards == () for e in obs.events if e.kind in ("deal", "draw") and e.seat != 0)
