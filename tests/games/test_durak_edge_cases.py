"""The edge cases of the Durak issue, each on an exact deal."""

from __future__ import annotations

import pytest

from cardtable.cards import Card
from cardtable.engine.errors import IllegalActionError
from tests.games.durak_helpers import (
    SIX_BOUT_1,
    SIX_BOUT_2,
    SIX_BOUT_3_UNTIL_LAST,
    SIX_DRAW_HANDS,
    cards,
    new_game,
    play,
    texts,
)

# Five players, diamonds trump: AD is face up under a stock of five more cards.
FIVE = [
    "6D 6C 8H JH QH KC",
    "8C 9H 7S TS AH AS",
    "6S 9S JC QC KH KS",
    "7C TC 7H TH JS QS",
    "9C AC 7D 8D 9D TD",
]
FIVE_BOUT = (
    "0: attack 6C", "1: defend 6C 8C", "0: attack 8H", "1: defend 8H 9H", "0: pass",
    "2: attack 6S", "1: defend 6S 7S", "0: pass", "2: attack 9S", "1: defend 9S TS",
    "0: pass", "2: pass", "3: pass", "4: pass",
)


def five():
    return new_game(FIVE, "AD", "JD QD KD 6H 8S")


# Six players: seat 0 defends two throw-ins from seat 1, so it has 3 cards left and
# seat 1 has 4 when seat 0 attacks seat 1 in the second bout.
SIX_SHORT_DEFENDER = (
    "5: attack 6S", "0: defend 6S 7S", "5: pass", "1: attack 6C", "0: defend 6C 8C",
    "5: pass", "1: attack 6D", "0: defend 6D 9D", "5: pass", "1: pass", "2: pass", "3: pass", "4: pass",
)


def test_the_limit_when_the_defender_holds_fewer_than_6_cards():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_SHORT_DEFENDER)
    obs = state.observation(0)
    assert (obs.main_attacker, obs.defender) == (0, 1)
    assert (obs.bout_start_defender_cards, obs.limit, obs.limit_left) == (4, 4, 4)
    play(state, "0: attack TH", "1: defend TH JH", "0: attack JC", "1: defend JC QC", "0: attack QD", "1: take")
    assert state.observation(2).limit_left == 1
    play(state, "2: attack TD")
    # Four attacking cards: the limit is reached and seat 1 picks up at once, although
    # seats 2 and 3 still hold cards of ranks on the table.
    obs = state.observation(2)
    assert obs.table == ()
    assert set(cards("TH JH JC QC QD TD")) <= set(state.hand(1))
    assert obs.known_cards[1] == cards("TH JH JC QC QD TD")


def test_throw_ins_after_a_take_up_to_the_limit():
    state = new_game(["7C 7D 7H 8D 8H 8S", "8C 9S TS JS QS KS"], "6C", "AD AH")
    play(state, "0: attack 7C", "1: take")
    assert state.observation(0).phase == "throw_in"
    play(state, "0: attack 7D", "0: attack 7H", "0: pass")
    assert state.hand(1) == cards("8C 9S TS JS QS KS 7C 7D 7H")
    # The next bout: the limit is 6 and seat 1 holds 9 cards, so 6 attacking cards at most.
    play(state, "0: attack 8D", "1: take", "0: attack 8H", "0: attack 8S")
    assert state.observation(0).limit == 6
    assert state.observation(1).main_attacker == 0


def test_a_defender_beating_the_last_card_with_their_last_card_on_an_empty_deck_is_out():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1)
    obs = state.observation(2)
    assert obs.out == (5, 0)
    assert len(obs.discard) == 12  # a successful defence: the table is discarded
    defended = [e for e in state.events if e.kind == "bout_over"][-1]
    assert defended.info["result"] == "defended"
    # The defender would attack next, but is out: the next player in the game does.
    assert (obs.main_attacker, obs.defender) == (1, 2)


def test_the_draw_order_when_the_deck_runs_out_in_the_middle_of_the_refill():
    state = five()
    play(state, *FIVE_BOUT)
    draws = [(e.seat, e.cards) for e in state.events if e.kind == "draw"]
    # Cards come off the top of the stock in order; the defender gets what is left.
    top = tuple(Card.parse(c) for c in "JD QD KD 6H 8S AD".split())
    assert draws == [(0, top[0:2]), (2, top[2:4]), (1, top[4:6])]
    obs = state.observation(3)
    assert obs.deck_count == 0
    assert obs.hand_sizes == (6, 4, 6, 6, 6)


def test_the_face_up_trump_is_the_very_last_card_drawn():
    state = five()
    play(state, *FIVE_BOUT)
    obs = state.observation(4)
    assert obs.trump_card == Card.parse("AD") and obs.trump_card_holder == 1
    assert Card.parse("AD") in obs.known_cards[1]
    assert [e.seat for e in state.events if e.kind == "trump_drawn"] == [1]
    # Once seat 1 plays it, it is no longer known to be in seat 1's hand.
    play(state, "1: attack AD")
    assert Card.parse("AD") not in state.observation(4).known_cards[1]


def test_six_players_and_no_deck_left_after_the_deal():
    state = new_game(SIX_DRAW_HANDS)
    assert state.observation(0).deck_count == 0
    assert state.observation(0).trump_card_holder == 5
    play(state, *SIX_SHORT_DEFENDER)
    assert state.observation(0).hand_sizes == (3, 4, 6, 6, 6, 5)
    assert not [e for e in state.events if e.kind == "draw"]


def test_nobody_holding_a_trump():
    state = new_game(["6C 7C 8C 9C TC JC", "6D 7D 8D 9D TD JD"], "QH", "6H 7H 8H 9H TH JH")
    assert state.current_player == 0
    assert not [e for e in state.events if e.kind == "lowest_trump"]
    play(state, "0: attack 6C")
    assert texts(state.legal_actions()) == ["take"]


def test_a_trump_beats_a_non_trump_even_when_the_defender_holds_the_suit_led():
    state = new_game(["TC 6H 6D 7D 8D 9D", "9C JC KS 7H QS KD"], "AH")
    play(state, "0: attack TC", "1: defend TC 7H")
    assert state.observation(0).table == ((Card.parse("TC"), Card.parse("7H")),)


def test_both_of_the_last_two_players_going_out_in_the_same_bout_is_a_draw():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1, *SIX_BOUT_2, *SIX_BOUT_3_UNTIL_LAST)
    assert state.hand(3) == ()
    play(state, "4: defend KS AS")
    outcome = state.outcome()
    assert outcome.is_over
    assert outcome.details == {
        "record": [{"wins": 0, "losses": 0}] * 5 + [{"wins": 1, "losses": 0}],
        "durak": None,
        "draw": True,
    }
    assert outcome.order == (5, 0, 1, 2, 3, 4)
    assert outcome.winners == (5,)
    assert [e.kind for e in state.events[-3:]] == ["out", "round_over", "game_over"]
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply("pass")


def test_an_attacker_going_out_mid_bout_while_others_may_still_throw_in():
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_SHORT_DEFENDER)
    play(state, "0: attack TH", "1: defend TH JH", "0: attack JC", "1: defend JC QC", "0: attack QD")
    assert state.hand(0) == ()
    play(state, "1: take")
    # Seat 0, out of cards, is not asked; seat 2 (next after the defender) is.
    assert state.current_player == 2
    obs = state.observation(2)
    assert 0 in obs.in_game and obs.limit_left == 1 and obs.attack_order == (0, 2, 3, 4, 5)
    play(state, "2: pass", "3: pass", "4: attack QS")
    # The fourth attacking card reaches the limit: seat 1 picks up and seat 0 is out.
    obs = state.observation(2)
    assert obs.table == ()
    assert obs.out == (0,)
    assert (obs.main_attacker, obs.defender) == (2, 3)  # after a take: the player after the defender
