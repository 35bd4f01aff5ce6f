"""An independent audit of Durak against ``shared/rules/durak.md``.

Adversarial scenarios on exact deals: the asking and drawing orders, the bout limit
after a take, who attacks after a take when seats are out, players who empty their
hand while the deck still has cards, beating rules, hidden cards and saves.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable import IllegalActionError, load_game
from cardtable.cards import SHORT_DECK, Card
from cardtable.engine.errors import MalformedActionError
from cardtable.games.durak import DurakState
from tests.games.durak_helpers import RULES, SIX_BOUT_1, SIX_DRAW_HANDS, cards, new_game, play, texts


def refused(state: DurakState, action: str, error: type[Exception] = IllegalActionError) -> str:
    """Apply ``action``, expect a one-line refusal, and check that nothing changed."""
    before = state.to_json()
    seen = [json.dumps(state.observation(s).to_dict(), sort_keys=True) for s in range(state.num_players)]
    legal = texts(state.legal_actions())
    hands = [state.hand(s) for s in range(state.num_players)]
    with pytest.raises(error) as info:
        state.apply(action)
    assert state.to_json() == before
    assert [json.dumps(state.observation(s).to_dict(), sort_keys=True) for s in range(state.num_players)] == seen
    assert texts(state.legal_actions()) == legal
    assert [state.hand(s) for s in range(state.num_players)] == hands
    text = str(info.value)
    assert text and "\n" not in text
    return text


# Four players, hearts trump (AH face up, drawn last).  Seat 2 holds the 6H, the lowest
# trump, so seat 2 attacks seat 3 first; seats 0 and 1 are the other attackers.
FOUR = ["6C 7C 8C 9C TC JC", "6D 7D 8D 9D TD JD", "6H 6S 7S 8S 9S TS", "QC QD QS KC KD KS"]
FOUR_STOCK = "7H 8H 9H TH JH QH KH JS AS AC AD"


def four() -> DurakState:
    return new_game(FOUR, "AH", FOUR_STOCK)


def draws(state: DurakState, since: int) -> list[tuple[int, list[str]]]:
    return [(e.seat, [str(c) for c in e.cards]) for e in state.events[since:] if e.kind == "draw"]


# --- set-up ------------------------------------------------------------------------
def test_the_lowest_trump_holder_attacks_first_and_the_defender_is_the_next_seat() -> None:
    state = four()
    obs = state.observation(0)
    assert obs.trump_card == Card.parse("AH") and obs.deck_count == 12
    assert (state.current_player, obs.main_attacker, obs.defender) == (2, 2, 3)
    assert obs.attack_order == (2, 0, 1)


def test_six_players_deal_the_whole_deck_and_the_last_card_dealt_is_the_trump_in_seat_5s_hand() -> None:
    state = new_game(SIX_DRAW_HANDS)
    obs = state.observation(0)
    assert obs.deck_count == 0 and obs.trump_card == Card.parse("6S") and obs.trump_card_holder == 5
    assert Card.parse("6S") in state.hand(5)
    assert obs.known_cards[5] == cards("6S")
    assert all(len(state.hand(s)) == 6 for s in range(6))
    assert state.current_player == 5  # 6S is the lowest trump


# --- the bout: who is asked, the limit, the end ------------------------------------
def test_throw_ins_are_asked_main_attacker_first_then_seat_order_after_the_defender() -> None:
    state = four()
    play(state, "2: attack 6S", "3: defend 6S QS")
    # Seat 2 may throw in its trump 6H, but passes; then seat 0 (after the defender) is asked.
    assert texts(state.legal_actions()) == ["attack 6H", "pass"]
    play(state, "2: pass", "0: attack 6C", "3: defend 6C QC")
    # After a new card, everyone is asked again from the main attacker.
    assert state.current_player == 2 and state.observation(2).passed == ()
    play(state, "2: pass", "0: pass", "1: attack 6D", "3: defend 6D QD")
    # Seat 0 passed before seat 1 added a card, so it is asked again.
    play(state, "2: pass", "0: pass")
    assert state.current_player == 1 and state.observation(1).passed == (2, 0)
    state.apply("pass")
    assert [e.info["result"] for e in state.events if e.kind == "bout_over"] == ["defended"]


def test_refill_order_is_main_attacker_then_other_attackers_in_asking_order_then_defender() -> None:
    state = four()
    play(state, "2: attack 6S", "3: defend 6S QS", "2: pass", "0: attack 6C", "3: defend 6C QC",
         "2: pass", "0: pass", "1: attack 6D", "3: defend 6D QD", "2: pass", "0: pass")
    mark = len(state.events)
    state.apply("pass")
    assert draws(state, mark) == [(2, ["7H"]), (0, ["8H"]), (1, ["9H"]), (3, ["TH", "JH", "QH"])]
    obs = state.observation(0)
    # A successful defence: the defender attacks next, against the next seat.
    assert (obs.main_attacker, obs.defender, obs.attack_order) == (3, 0, (3, 1, 2))
    assert obs.deck_count == 12 - 6


def test_after_a_take_the_player_after_the_defender_attacks_and_throw_ins_go_to_the_taker() -> None:
    state = four()
    play(state, "2: attack 6S", "3: defend 6S QS", "2: pass", "0: attack 6C", "3: defend 6C QC",
         "2: pass", "0: pass", "1: attack 6D", "3: defend 6D QD", "2: pass", "0: pass", "1: pass")
    play(state, "3: attack KC", "0: take")
    # The attackers may still throw in after the take, main attacker first.
    assert state.current_player == 3 and state.observation(3).taking
    refused(state, "take")
    play(state, "3: attack KD", "3: attack KS", "3: pass", "1: pass")
    mark = len(state.events)
    state.apply("pass")  # seat 2 has no king
    assert set(cards("KC KD KS")) <= set(state.hand(0)) and len(state.hand(0)) == 9
    assert set(cards("KC KD KS")) <= set(state.observation(1).known_cards[0])
    assert draws(state, mark) == [(3, ["KH", "JS", "AS"])]
    obs = state.observation(0)
    assert (obs.main_attacker, obs.defender) == (1, 2)


def test_the_defender_may_not_take_or_pass_out_of_turn_and_attackers_may_not_defend() -> None:
    state = four()
    assert "only the defender" in refused(state, "take")
    assert "must open" in refused(state, "pass")
    assert refused(state, "defend 6S QS") == "you are attacking: open the bout with attack X"
    state.apply("attack 6S")
    assert "cannot pass" in refused(state, "pass")
    assert "you are defending" in refused(state, "attack QS")
    state.apply("defend 6S QS")
    assert refused(state, "defend 6S 6H") == "there is nothing to beat now: throw in (attack X) or pass"
    assert "rank already on the table" in refused(state, "attack 7S")
    assert "not in your hand" in refused(state, "attack QC")


def test_throw_ins_stop_at_the_defenders_card_count_from_the_start_of_the_bout_even_after_a_take() -> None:
    state = new_game(SIX_DRAW_HANDS)
    play(state, *SIX_BOUT_1)
    obs = state.observation(1)
    # Seats 5 and 0 went out together (5 played its last card first); the defender was
    # out, so the next seat attacks.
    assert obs.out == (5, 0) and obs.in_game == (1, 2, 3, 4)
    assert (obs.main_attacker, obs.defender) == (1, 2)
    play(state, "1: attack 6C", "2: defend 6C 9C", "1: pass", "3: pass", "4: pass")
    play(state, "2: attack 7H", "3: defend 7H 8H", "2: pass", "4: pass", "1: pass")
    play(state, "3: attack 7D", "4: take", "3: pass", "1: pass", "2: pass")
    obs = state.observation(0)
    # After seat 4's take the next attacker skips seats 5 and 0, who are out.
    assert (obs.main_attacker, obs.defender) == (1, 2)
    assert obs.known_cards[4] == cards("7D")
    assert obs.bout_start_defender_cards == 4 and obs.limit == 4
    play(state, "1: attack QC", "2: defend QC KC", "1: pass", "3: attack KH", "2: defend KH JS",
         "1: attack JH", "2: defend JH QH", "1: pass", "3: attack KS")
    assert len(state.observation(0).table) == 4
    mark = len(state.events)
    state.apply("take")
    # Four attacking cards reached the limit: the bout ends at once, although seat 4
    # still holds the QS, the AS and the KD, all ranks on the table.
    assert state.events[mark].kind == "take"
    assert [e.kind for e in state.events[mark:]][:2] == ["take", "bout_over"]
    assert len(state.hand(2)) == 8 and state.observation(0).table == ()
    obs = state.observation(0)
    assert (obs.main_attacker, obs.defender) == (3, 4)


def test_emptying_a_hand_while_the_deck_has_cards_does_not_put_a_player_out() -> None:
    hands = ["6C 7D 8S 9C TD JS", "7C 8D 9S TC JD QS"]
    state = new_game(hands, "AH")
    assert state.current_player == 0  # nobody holds a trump
    play(state, "0: attack 6C", "1: defend 6C 7C", "0: attack 7D", "1: defend 7D 8D",
         "0: attack 8S", "1: defend 8S 9S", "0: attack 9C", "1: defend 9C TC",
         "0: attack TD", "1: defend TD JD", "0: attack JS")
    mark = len(state.events)
    state.apply("defend JS QS")
    # Six attacking cards: the bout ends by itself; both hands are empty but the deck is not.
    obs = state.observation(0)
    assert obs.out == () and obs.in_game == (0, 1)
    assert [e.seat for e in state.events[mark:] if e.kind == "draw"] == [0, 1]
    assert [len(state.hand(s)) for s in (0, 1)] == [6, 6] and obs.deck_count == 24 - 12
    assert (obs.main_attacker, obs.defender) == (1, 0)


def test_the_face_up_trump_is_the_last_card_drawn_and_becomes_known() -> None:
    hands = ["6C 7D 8S 9C TD JS", "7C 8D 9S TC JD QS"]
    state = new_game(hands, "AH")
    rng = random.Random(3)
    while state.observation(0).deck_count > 0:
        state.apply(rng.choice(state.legal_actions()))
    drawn = [e for e in state.events if e.kind == "draw"]
    assert drawn[-1].cards[-1] == Card.parse("AH")
    holder = drawn[-1].seat
    obs = state.observation(1 - holder)
    assert obs.trump_card_holder == holder
    if Card.parse("AH") in state.hand(holder):
        assert Card.parse("AH") in obs.known_cards[holder]


# --- beating -------------------------------------------------------------------------
# Spades trump (7S face up); seat 1 holds the 6S, the lowest trump, and attacks seat 0.
BEATING = ["7H 8S KC 9D TD JD", "8H 6S 9S AC AH QD"]


def test_a_non_trump_is_beaten_by_a_higher_card_of_its_suit_or_by_any_trump_only() -> None:
    state = new_game(BEATING, "7S")
    assert state.current_player == 1
    state.apply("attack QD")
    assert texts(state.legal_actions()) == ["defend QD 8S", "take"]
    assert refused(state, "defend QD JD") == "JD does not beat QD: J is lower than Q"
    assert "play a higher diamonds card or a trump" in refused(state, "defend QD KC")
    state.apply("defend QD 8S")
    state.apply("attack 8H")
    # Only the 7H is left in hearts and the 8S is used: nothing beats the 8H.
    assert texts(state.legal_actions()) == ["take"]
    refused(state, "defend 8H 7H")
    play(state, "0: take", "1: pass")
    assert set(cards("QD 8S 8H")) <= set(state.hand(0))
    # With two players, the player after the taker is the attacker again.
    obs = state.observation(0)
    assert (obs.main_attacker, obs.defender) == (1, 0)


def test_a_trump_is_beaten_only_by_a_higher_trump() -> None:
    state = new_game(BEATING, "7S")
    state.apply("attack 9S")
    assert texts(state.legal_actions()) == ["take"]  # the 8S is a lower trump
    assert "only a higher trump beats a trump" in refused(state, "defend 9S 8S")
    assert "only a higher trump beats a trump" in refused(state, "defend 9S KC")
    assert "not an attacking card" in refused(state, "defend 8H 8S")


# --- what a seat may see -------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_swapping_two_hidden_non_trump_cards_leaves_an_observation_unchanged(players: int) -> None:
    rng = random.Random(100 + players)
    checked = 0
    for trial in range(15):
        deck = list(SHORT_DECK)
        rng.shuffle(deck)
        state = RULES.new_game(players, seed=3, deck=deck)
        actions = []
        for _ in range(rng.randrange(0, 60)):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            actions.append(str(action))
            state.apply(action)
        if state.is_over:
            continue
        observer = rng.randrange(players)
        seen = state.observation(observer)
        known = {c for seat_cards in seen.known_cards for c in seat_cards} | {seen.trump_card}
        stock = [c for c in deck if all(c not in state.hand(s) for s in range(players))]
        stock = [c for c in stock if c not in {x for pair in seen.table for x in pair} and c not in seen.discard]
        hidden = [
            c for s in range(players) if s != observer for c in state.hand(s)
        ] + stock
        hidden = [c for c in hidden if c not in known and c.suit != seen.trump_suit]
        if len(hidden) < 2:
            continue
        x, y = rng.sample(hidden, 2)
        swapped = [y if c is x else x if c is y else c for c in deck]
        other = RULES.new_game(players, seed=3, deck=swapped)
        for action in actions:
            other.apply(action)
        assert other.observation(observer).to_dict() == seen.to_dict(), (trial, observer, str(x), str(y))
        assert other.public_observation().to_dict() == state.public_observation().to_dict()
        checked += 1
    assert checked >= 8


def test_a_save_in_the_middle_of_a_bout_after_a_take_loads_and_plays_on_identically() -> None:
    state = four()
    play(state, "2: attack 6S", "3: take")
    loaded = load_game(state.to_json())
    assert isinstance(loaded, DurakState)
    for seat in range(4):
        assert loaded.observation(seat).to_dict() == state.observation(seat).to_dict()
    rng = random.Random(5)
    while not state.is_over:
        assert texts(loaded.legal_actions()) == texts(state.legal_actions())
        action = rng.choice(state.legal_actions())
        state.apply(action)
        loaded.apply(str(action))
    assert loaded.outcome() == state.outcome()


# --- bad input -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["", "attack", "attack 2C", "attack 6S 7S", "defend 6S", "6S", "give 6S", "take 6S", "attack ZZ"]
)
def test_malformed_or_foreign_input_is_one_line_and_changes_nothing(text: str) -> None:
    state = four()
    refused(state, text)


def test_malformed_text_raises_the_malformed_error() -> None:
    assert issubclass(MalformedActionError, IllegalActionError)
    refused(four(), "defend 6S", MalformedActionError)


def _every_durak_action() -> list[str]:
    every = ["take", "pass"] + [f"attack {c}" for c in SHORT_DECK]
    return every + [f"defend {a} {b}" for a in SHORT_DECK for b in SHORT_DECK if a is not b]


def test_legal_actions_are_exactly_the_actions_the_rules_accept() -> None:
    candidates = _every_durak_action()
    rng = random.Random(17)
    for players in (2, 3, 5):
        state = RULES.new_game(players, seed=players)
        for step in range(400):
            if state.is_over:
                break
            if step % 25 == 0:
                accepted = {text for text in candidates if state.is_legal(text)}
                assert accepted == set(texts(state.legal_actions())), (players, step)
                assert len(state.legal_actions()) == len(accepted)
            state.apply(rng.choice(state.legal_actions()))
