"""President edge cases: going out mid-trick, the lead skipping seats that are out,
bad input of every kind, options, decks, and what the engine must never import."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable import (
    GameOverError,
    IllegalActionError,
    InvalidDeckError,
    InvalidOptionError,
    MalformedActionError,
    load_game,
)
from cardtable.cards import FULL_DECK
from cardtable.engine.actions import Action
from cardtable.games.president import RULES, titles_for
from tests.games.president_helpers import (
    codes,
    deck_for_hands,
    finish_round,
    new_game,
    play_first_legal_until,
    run,
)


def refused(state, action, message: str | None = None, error=IllegalActionError) -> str:  # type: ignore[no-untyped-def]
    before = state.to_json()
    observation = state.observation(0).to_dict()
    with pytest.raises(error) as info:
        state.apply(action)
    assert state.to_json() == before and state.observation(0).to_dict() == observation
    text = str(info.value)
    assert "\n" not in text
    if message is not None:
        assert text == message
    return text


DOMINANT = "2C 2D 2H 2S AC AD AH AS KC KD KH KS 5C"


def test_after_a_player_goes_out_on_a_follow_only_players_who_have_not_passed_answer() -> None:
    hands = ["3C 4C", "2C 2D 2H 2S AC AD AH AS KC KD KH 5C TD", "6C 9D", "9H 7C"]
    state = new_game(hands, revolution=False)
    run(state, [(0, "3C"), (1, "2C"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "2D 2H 2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "AC AD AH AS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "KC KD KH"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "5C"), (2, "pass"), (3, "9H"), (0, "pass"), (1, "TD")])
    assert state.observation(0).finished == (1,)
    # Seats 2 and 0 passed in this trick; only seat 3 may still answer the TD.
    assert state.current_player == 3 and state.observation(3).passed == (0, 2)
    state.apply("pass")
    trick = [e for e in state.events if e.kind == "trick"][-1]
    assert trick.seat == 1 and codes(trick.cards) == ["TD"] and trick.info["leader"] == 2
    assert state.current_player == 2


def test_the_last_play_of_a_player_going_out_must_still_be_beaten_or_passed() -> None:
    state = new_game(["3C 4C", DOMINANT, "6C 9D", "7C"], revolution=False)
    run(state, [(0, "3C"), (1, "2C"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "2D 2H 2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "AC AD AH AS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "KC KD KH KS"), (2, "pass"), (3, "pass"), (0, "pass")])
    state.apply("5C")
    assert state.observation(2).finished == (1,)
    # The others get their chance against the 5C, starting with the next seat.
    assert state.current_player == 2 and "9D" in codes(state.legal_actions())
    run(state, [(2, "9D"), (3, "pass"), (0, "pass")])
    trick = [e for e in state.events if e.kind == "trick"][-1]
    assert trick.seat == 2 and state.current_player == 2


def test_the_lead_skips_every_seat_that_is_out() -> None:
    hands = ["5C", "KC KD KH KS QC QD QH QS 4C", "2C 2D 2H 2S AC AD AH AS 3C", "", "", ""]
    state = new_game(hands, revolution=False)
    everyone_else = lambda *seats: [(s, "pass") for s in seats]  # noqa: E731
    run(state, [(0, "5C"), (1, "pass"), (2, "2C"), *everyone_else(3, 4, 5, 0)])
    run(state, [(2, "2D 2H 2S"), *everyone_else(3, 4, 5, 0, 1)])
    run(state, [(2, "AC AD AH AS"), *everyone_else(3, 4, 5, 0, 1)])
    # Seats 3, 4, 5 and 0 pass on the 3C; once seat 1 answers, nobody is left to act.
    run(state, [(2, "3C"), *everyone_else(3, 4, 5, 0), (1, "4C")])
    assert state.observation(1).finished == (2,) and state.current_player == 1
    run(state, [(1, "KC KD KH KS"), *everyone_else(3, 4, 5, 0)])
    run(state, [(1, "QC QD QH QS"), *everyone_else(3, 4, 5, 0)])
    # Seat 1 won the trick but is out, and so is seat 2: seat 3 leads.
    trick = [e for e in state.events if e.kind == "trick"][-1]
    assert trick.seat == 1 and trick.info["leader"] == 3
    assert state.observation(0).finished == (2, 1) and state.current_player == 3


def test_round_ends_mid_trick_when_the_second_to_last_player_goes_out() -> None:
    state = new_game(["3C", DOMINANT, "4C"] + [""], revolution=False)
    run(state, [(0, "3C"), (1, "2C"), (2, "pass"), (3, "pass"), (0, "pass")])
    play_first_legal_until(state, lambda s: s.is_over)
    last = state.outcome().order[-1]
    assert state.outcome().rounds[0]["order"][-1] == last
    assert state.current_player is None and state.legal_actions() == []


def test_four_of_a_kind_played_as_last_cards_still_inverts_the_order() -> None:
    state = new_game(["2C 2D 2H 2S AC AD AH AS KC KD KH KS 7C", "", "", ""])
    run(state, [(0, "7C"), (1, "pass"), (2, "pass"), (3, "pass")])
    run(state, [(0, "KC KD KH KS"), (1, "pass"), (2, "pass"), (3, "pass")])
    run(state, [(0, "AC AD AH AS"), (1, "pass"), (2, "pass"), (3, "pass")])
    state.apply("2C 2D 2H 2S")
    obs = state.observation(1)
    assert obs.finished == (0,) and obs.revolution is True and state.current_player == 1
    assert [e.info["active"] for e in state.events if e.kind == "revolution"] == [True, False, True]
    # 2s are the lowest in the inverted order: any four of a kind beats them.
    assert all(len(a.cards) == 4 or a.is_pass for a in state.legal_actions())
    assert state.legal_actions()[-1].is_pass


def test_the_leader_cannot_pass() -> None:
    state = new_game(["3C", "4C", "5C", "6C"])
    refused(state, "pass", "the leader must play; passing is not allowed when leading")


@pytest.mark.parametrize(
    "action, message",
    [
        ("QS", "QS is not in your hand"),
        ("QS QH", "QH and QS are not in your hand"),
        ("7C 8C", "all cards played together must have the same rank"),
        ("give 3C", "there is no card exchange now; play cards or pass"),
    ],
)
def test_illegal_actions_get_a_one_line_reason_and_change_nothing(action: str, message: str) -> None:
    state = new_game(["3C 7C 8C 9C 9D", "QS QH", "5C", "6C"])
    refused(state, action, message)


def test_follow_errors_name_the_count_and_the_rank_to_beat() -> None:
    state = new_game(["9C 9D", "7C 7D 8C", "5C", "6C"])
    state.apply("9C 9D")
    refused(state, "8C", "must play 2 cards, like the table")
    refused(state, "7C 7D", "7 does not beat 9")


@pytest.mark.parametrize("text", ["", "   ", "1S", "QX", "play", "7H 7H", "hello world"])
def test_malformed_text_is_refused_as_malformed(text: str) -> None:
    state = new_game(["3C", "4C", "5C", "6C"])
    refused(state, text, error=MalformedActionError)


@pytest.mark.parametrize("text", ["take", "attack 3C", "defend 3C 4C"])
def test_actions_of_other_games_are_refused(text: str) -> None:
    state = new_game(["3C", "4C", "5C", "6C"])
    message = refused(state, text, error=MalformedActionError)
    assert "President action" in message


def test_notation_accepts_any_order_lowercase_tens_and_symbols() -> None:
    state = new_game(["TH TS", "3C", "4C", "5C"])
    assert Action.parse("ts th") == Action.parse("10♥ 10♠") == Action.parse("TH TS")
    state.apply("10s th")
    assert state.history[-1][1] == Action.parse("TH TS")
    assert state.observation(1).trick == ((0, "TH TS"),)


def test_three_of_a_rank_offer_every_pair() -> None:
    state = new_game(["3C 7C 7D 7H", "4C 7S", "5C", "6C"])
    pairs = [a for a in codes(state.legal_actions()) if a.startswith("7") and len(a.split()) == 2]
    assert pairs == ["7C 7D", "7C 7H", "7D 7H"]


def test_exchange_refuses_plays_and_wrong_counts() -> None:
    state = RULES.new_game(players=4, seed=2, rounds=2)
    finish_round(state)
    president = state.current_player
    assert president == state.outcome().order[0]
    mine = codes(state.hand(president))
    message = refused(state, mine[0])
    assert message.startswith("first give back 2 cards")
    refused(state, "pass")
    refused(state, f"give {mine[0]}", "must give 2 cards")
    refused(state, f"give {mine[0]} {mine[1]} {mine[2]}", "must give 2 cards")
    other = next(c for c in (str(c) for c in FULL_DECK) if c not in mine)
    refused(state, f"give {mine[0]} {other}", f"{other} is not in your hand")
    state.apply(f"give {mine[0]} {mine[1]}")


def test_the_president_may_give_back_the_cards_just_received() -> None:
    state = RULES.new_game(players=3, seed=6, rounds=2)
    finish_round(state)
    president, scum = state.outcome().order[0], state.outcome().order[-1]
    received = state.observation(president).exchange_received
    scum_before = set(state.hand(scum))
    state.apply("give " + " ".join(codes(received)))
    assert set(state.hand(scum)) == scum_before | set(received)
    assert state.observation(president).exchange_given == tuple(sorted(received))


def test_game_over_refuses_every_action() -> None:
    state = RULES.new_game(players=3, seed=1)
    play_first_legal_until(state, lambda s: s.is_over)
    assert state.legal_actions() == [] and state.current_player is None
    assert state.observation(0).phase == "over" and state.observation(0).leader is None
    refused(state, "pass", error=GameOverError)
    assert not state.is_legal("3C")


@pytest.mark.parametrize(
    "options, fragment",
    [
        ({"rounds": 0}, "at least 1"),
        ({"rounds": 10_000}, "at most 9999"),
        ({"rounds": "many"}, "whole number"),
        ({"rounds": True}, "whole number"),
        ({"revolution": "maybe"}, "true or false"),
        ({"jokers": True}, "no option 'jokers'"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options: dict, fragment: str) -> None:
    with pytest.raises(InvalidOptionError) as info:
        RULES.new_game(players=4, seed=1, **options)
    assert fragment in str(info.value) and "\n" not in str(info.value)


def test_options_accept_text_from_the_command_line() -> None:
    state = RULES.new_game(players=4, seed=1, rounds="3", revolution="off")
    assert state.options == {"rounds": 3, "revolution": False}


@pytest.mark.parametrize(
    "deck",
    [
        deck_for_hands(["3C", "4C", "5C", "6C"], fill=True)[:-1],
        deck_for_hands(["3C", "4C", "5C", "6C"], fill=True)[:-1] + ["3C"],
        deck_for_hands(["3C", "4C", "5C", "6C"], fill=True)[:-1] + ["ZZ"],
    ],
)
def test_a_bad_deck_is_refused(deck: list[str]) -> None:
    with pytest.raises(InvalidDeckError):
        RULES.new_game(players=4, seed=1, deck=deck)


def test_a_corrupt_save_is_refused_and_a_good_one_round_trips() -> None:
    state = new_game(["3C", "4C", "5C", "6C"], rounds=2)
    play_first_legal_until(state, lambda s: len(s.history) == 30)
    restored = load_game(state.to_json())
    assert restored.to_json() == state.to_json()
    assert restored.observation(2).to_dict() == state.observation(2).to_dict()
    with pytest.raises(ValueError):
        load_game(state.to_json().replace('"pass"', '"2C 2D 2H 2S"', 1))
    with pytest.raises(ValueError):
        load_game(state.to_json()[:-20])


def test_clone_is_independent() -> None:
    state = RULES.new_game(players=5, seed=9, rounds=2)
    play_first_legal_until(state, lambda s: len(s.history) == 20)
    copy = state.clone()
    before = state.to_json()
    play_first_legal_until(copy, lambda s: s.is_over)
    assert state.to_json() == before
    play_first_legal_until(state, lambda s: s.is_over)
    assert state.outcome() == copy.outcome() and state.to_json() == copy.to_json()


def test_observation_of_a_seat_that_does_not_exist_is_refused() -> None:
    state = RULES.new_game(players=3, seed=1)
    with pytest.raises(ValueError, match="no seat 3"):
        state.observation(3)


def test_titles_table() -> None:
    assert titles_for(4) == ("President", "Vice-President", "Vice-Scum", "Scum")
    assert titles_for(6).count("Citizen") == 2


def test_outcome_mid_game_shows_the_standing_so_far() -> None:
    state = RULES.new_game(players=4, seed=3, rounds=2)
    outcome = state.outcome()
    assert not outcome.is_over and outcome.order == () and outcome.winners == ()
    assert outcome.titles == (None,) * 4 and outcome.scores == (0,) * 4
    finish_round(state)
    outcome = state.outcome()
    assert outcome.rounds_played == 1 and len(outcome.order) == 4 and outcome.winners == ()
    assert outcome.details["current_round"]["round"] == 2


def test_importing_the_engine_and_rules_does_not_import_textual() -> None:
    code = (
        "import sys, cardtable, cardtable.games.president, cardtable.bots, cardtable.engine.playout;"
        "cardtable.get_rules('president').new_game(players=4, seed=1);"
        "print('textual' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
