"""One test per line of the President spec (shared/rules/president.md), in its order.

Every scenario uses an explicit first deal (see president_helpers.deck_for_hands), so
the cards, and therefore the test, are exact.
"""

from __future__ import annotations

import json

import pytest

from cardtable import IllegalActionError, InvalidOptionError
from cardtable.cards import FULL_DECK, Card
from cardtable.games.president import PRESIDENT_ORDER, REVOLUTION_ORDER, RULES
from tests.games.president_helpers import (
    codes,
    finish_round,
    hand_sizes,
    new_game,
    play_first_legal_until,
    run,
)

# Seat 1 holds every 2, A and K: it wins every trick it wants and goes out first.
DOMINANT = "2C 2D 2H 2S AC AD AH AS KC KD KH KS 5C"


def reason(state, action: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    return str(info.value)


# --- Goal ---------------------------------------------------------------------------
def test_goal_first_to_play_all_cards_wins_and_last_is_scum() -> None:
    state = new_game(["3C 4C", DOMINANT, "6C", "7C"], revolution=False)
    run(state, [(0, "3C"), (1, "2C"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "2D 2H 2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "AC AD AH AS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "KC KD KH KS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "5C")])
    assert state.observation(0).finished == (1,)
    finish_round(state)
    outcome = state.outcome()
    assert outcome.order[0] == 1 and outcome.titles[1] == "President"
    assert outcome.titles[outcome.order[-1]] == "Scum"
    assert outcome.winners == (1,)


# --- Set-up -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_1_three_to_six_players_all_52_cards_dealt_as_evenly_as_possible(players: int) -> None:
    state = RULES.new_game(players=players, seed=11)
    sizes = [len(state.hand(seat)) for seat in range(players)]
    assert sum(sizes) == 52 and max(sizes) - min(sizes) <= 1
    assert sizes == hand_sizes(players)
    assert {3: [18, 17, 17], 5: [11, 11, 10, 10, 10], 6: [9, 9, 9, 9, 8, 8]}.get(players, sizes) == sizes
    assert len({card for seat in range(players) for card in state.hand(seat)}) == 52


@pytest.mark.parametrize("players", [2, 7])
def test_setup_1_fewer_than_3_or_more_than_6_players_are_refused(players: int) -> None:
    with pytest.raises(InvalidOptionError, match="3 to 6 players"):
        RULES.new_game(players=players, seed=1)


def test_setup_1_choice_dealt_one_at_a_time_from_the_top_starting_with_seat_0() -> None:
    deck = list(FULL_DECK)
    state = RULES.new_game(players=3, seed=1, deck=deck)
    for seat in range(3):
        assert state.hand(seat) == tuple(sorted(deck[seat::3]))
    assert len(state.hand(0)) == 18  # the lowest seat gets the extra card


def test_setup_2_seat_0_leads_the_first_trick_with_any_rank_3c_not_required() -> None:
    state = new_game(["KS QS", "3C", "4C", "5C"])
    assert state.current_player == 0
    assert "3C" not in codes(state.hand(0))
    leads = codes(state.legal_actions())
    held_ranks = {card.rank for card in state.hand(0)}
    assert {Card.parse(a.split()[0]).rank for a in leads} == held_ranks
    state.apply("KS")
    assert codes(state.observation(1).table) == ["KS"]


def test_setup_3_normal_order_is_3_to_2_and_suits_do_not_matter() -> None:
    state = new_game(["7S", "7C 8C", "AC", "2D KD 3D"])
    assert state.observation(0).rank_order == PRESIDENT_ORDER
    assert [r.label for r in PRESIDENT_ORDER.ranks] == "3 4 5 6 7 8 9 10 J Q K A 2".split()
    state.apply("7S")
    # A 7 of another suit does not beat the 7S; the next rank up does.
    assert reason(state, "7C") == "7 does not beat 7"
    run(state, [(1, "8C"), (2, "AC")])
    assert reason(state, "KD") == "K does not beat A"
    assert reason(state, "3D") == "3 does not beat A"
    state.apply("2D")  # the 2 beats the ace
    assert codes(state.observation(0).table) == ["2D"]


def test_setup_4_revolution_on_by_default_no_jokers_no_runs_no_equalising() -> None:
    assert RULES.option_defaults["revolution"] is True
    assert len(RULES.deck) == 52 and all(isinstance(card, Card) for card in RULES.deck)
    state = new_game(["3C 4C 5C 9H", "9C", "6C", "7C"])
    assert state.observation(0).revolution_enabled is True
    assert reason(state, "3C 4C 5C") == "all cards played together must have the same rank"
    state.apply("9H")
    # Equalising (the same rank to skip a player) is not allowed.
    assert reason(state, "9C") == "9 does not beat 9"


# --- Play ---------------------------------------------------------------------------
def test_play_1_the_leader_plays_1_to_4_cards_of_the_same_rank() -> None:
    state = new_game(
        ["3C 3D 3H 7S 7H 9C 9D 9H 9S JC QD KH AS", "4C", "4D", "4H"], revolution=False
    )
    leads = codes(state.legal_actions())
    assert leads[:6] == ["3C", "3D", "3H", "7H", "7S", "9C"]
    assert leads[13:17] == ["3C 3D", "3C 3H", "3D 3H", "7H 7S"]
    assert leads[-1] == "9C 9D 9H 9S"
    assert len(leads) == 13 + 10 + 5 + 1 and "pass" not in leads
    assert reason(state, "pass") == "the leader must play; passing is not allowed when leading"
    assert reason(state, "3C 7S") == "all cards played together must have the same rank"
    state.apply("9C 9D 9H 9S")
    assert codes(state.observation(1).table) == ["9C", "9D", "9H", "9S"]


def test_play_2_follow_with_the_same_count_of_a_strictly_higher_rank_or_pass() -> None:
    state = new_game(
        ["7H 7S", "4C 4D 8C 8D 8H TC JD JH QS KC AD 2C 2H", "5C", "6C"]
    )
    state.apply("7H 7S")
    assert codes(state.legal_actions()) == [
        "8C 8D", "8C 8H", "8D 8H", "JD JH", "2C 2H", "pass",
    ]
    assert reason(state, "8C") == "must play 2 cards, like the table"
    assert reason(state, "8C 8D 8H") == "must play 2 cards, like the table"
    assert reason(state, "4C 4D") == "4 does not beat 7"
    state.apply("pass")
    assert state.current_player == 2


def test_play_3_a_pass_is_final_until_the_trick_resets() -> None:
    state = new_game(["5C 9C", "KC 3D", "6C TC", "8C"])
    run(state, [(0, "5C"), (1, "pass"), (2, "6C"), (3, "8C"), (0, "9C")])
    # Seat 1 holds the KC, but passed: the turn skips it.
    assert state.current_player == 2
    assert state.observation(2).passed == (1,)
    run(state, [(2, "TC"), (3, "pass"), (0, "pass")])
    # The trick was reset: seat 2 leads, and seat 1 gets its turn again in the new trick.
    assert state.current_player == 2 and state.observation(0).passed == ()
    play_first_legal_until(state, lambda s: s.current_player == 1)
    assert 1 not in state.observation(1).passed and state.observation(1).table != ()


def test_play_4_when_all_others_passed_the_last_player_who_played_wins_and_leads_freely() -> None:
    state = new_game(["5C 9C", "KC 3D", "6C TC JD JH", "8C 4D 4H"])
    run(state, [(0, "5C"), (1, "pass"), (2, "6C"), (3, "8C"), (0, "9C"), (2, "TC"), (3, "pass")])
    assert state.observation(0).table_owner == 2
    state.apply("pass")
    trick = [e for e in state.events if e.kind == "trick"][-1]
    assert trick.seat == 2 and codes(trick.cards) == ["TC"] and trick.info["leader"] == 2
    obs = state.observation(2)
    assert obs.table == () and obs.table_owner is None and obs.trick == () and obs.leader == 2
    assert state.current_player == 2
    leads = codes(state.legal_actions())
    assert "pass" not in leads and "JD JH" in leads  # any rank, any count


def test_play_5_if_the_leader_has_gone_out_the_lead_passes_to_the_next_player_with_cards() -> None:
    state = new_game(["3C 4C", DOMINANT, "6C", "7C"], revolution=False)
    run(state, [(0, "3C"), (1, "2C"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "2D 2H 2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "AC AD AH AS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "KC KD KH KS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "5C"), (2, "pass"), (3, "pass"), (0, "pass")])
    trick = [e for e in state.events if e.kind == "trick"][-1]
    assert trick.seat == 1 and trick.info["leader"] == 2
    assert state.current_player == 2 and state.observation(2).leader == 2


def test_play_6_a_player_who_plays_their_last_card_gets_their_place_and_leaves() -> None:
    state = new_game(["3C 4C", DOMINANT, "6C", "7C"], revolution=False)
    run(state, [(0, "3C"), (1, "2C"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "2D 2H 2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "AC AD AH AS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "KC KD KH KS"), (2, "pass"), (3, "pass"), (0, "pass")])
    state.apply("5C")
    out = [e for e in state.events if e.kind == "out"]
    assert [(e.seat, e.info["place"], e.info["title"]) for e in out] == [(1, 1, "President")]
    obs = state.observation(0)
    assert obs.finished == (1,) and obs.hand_sizes[1] == 0
    play_first_legal_until(state, lambda s: s.is_over)
    out_index = next(i for i, (s, a) in enumerate(state.history) if s == 1 and str(a) == "5C")
    assert out_index < len(state.history) - 1
    assert all(seat != 1 for seat, _ in state.history[out_index + 1 :])
    assert state.outcome().order[0] == 1


def test_play_7_four_of_a_kind_inverts_the_order_at_once_and_does_not_end_the_trick() -> None:
    state = new_game(["7C 7D 7H 7S", "8C 8D 8H 8S 5C 5D 5H 5S", "6C 6D 6H 6S 4C 4D 4H 4S", "3C"])
    state.apply("7C 7D 7H 7S")
    obs = state.observation(1)
    assert obs.revolution is True and obs.rank_order == REVOLUTION_ORDER
    assert codes(obs.table) == ["7C", "7D", "7H", "7S"] and state.current_player == 1
    revolution = [e for e in state.events if e.kind == "revolution"]
    assert [(e.seat, e.info) for e in revolution] == [(0, {"active": True})]
    # 8 is lower than 7 in the inverted order; 5 is higher.
    assert reason(state, "8C 8D 8H 8S") == "8 does not beat 7 (revolution: the order is inverted)"
    assert codes(state.legal_actions()) == ["5C 5D 5H 5S", "pass"]


def test_play_7_a_further_four_of_a_kind_inverts_the_order_again() -> None:
    state = new_game(["7C 7D 7H 7S", "8C 8D 8H 8S 5C 5D 5H 5S", "6C 6D 6H 6S 4C 4D 4H 4S", "3C"])
    run(state, [(0, "7C 7D 7H 7S"), (1, "5C 5D 5H 5S")])
    obs = state.observation(2)
    assert obs.revolution is False and obs.rank_order == PRESIDENT_ORDER
    assert codes(state.legal_actions()) == ["6C 6D 6H 6S", "pass"]
    state.apply("6C 6D 6H 6S")
    assert state.observation(3).revolution is True
    assert [e.info["active"] for e in state.events if e.kind == "revolution"] == [True, False, True]
    assert state.outcome().details["revolutions"] == 3


def test_play_8_revolution_order_is_2_lowest_3_highest_lasting_across_tricks_until_next_round() -> None:
    assert [r.label for r in REVOLUTION_ORDER.ranks] == "2 A K Q J 10 9 8 7 6 5 4 3".split()
    state = new_game(
        ["7C 7D 7H 7S 2C 3C KC 8C 9C TC JC QC AC", "4D AD", "5D", "6D"], rounds=2
    )
    run(state, [(0, "7C 7D 7H 7S"), (1, "pass"), (2, "pass"), (3, "pass")])
    # The trick is over; the inverted order stays: seat 0 leads again, 2 lowest first.
    assert state.observation(0).revolution is True and state.observation(0).table == ()
    assert codes(state.legal_actions())[:9] == "2C AC KC QC JC TC 9C 8C 3C".split()
    state.apply("KC")
    assert reason(state, "AD") == "A does not beat K (revolution: the order is inverted)"
    state.apply("4D")  # a 4 beats a king during a revolution
    finish_round(state)
    assert state.round_number == 2 and state.observation(0).revolution is False
    assert state.observation(0).rank_order == PRESIDENT_ORDER


def test_play_9_revolution_false_disables_inversions_and_no_runs_in_any_configuration() -> None:
    state = new_game(
        ["7C 7D 7H 7S", "8C 8D 8H 8S 5C 5D 5H 5S", "3C", "4C"], revolution=False
    )
    state.apply("7C 7D 7H 7S")
    obs = state.observation(1)
    assert obs.revolution is False and obs.rank_order == PRESIDENT_ORDER
    assert not [e for e in state.events if e.kind == "revolution"]
    assert codes(state.legal_actions()) == ["8C 8D 8H 8S", "pass"]
    assert reason(state, "5C 5D 5H 5S") == "5 does not beat 7"
    # No runs or mixed sets in this configuration either.
    assert reason(state, "5C 5D 8C 8D") == "all cards played together must have the same rank"


# --- Round end and titles --------------------------------------------------------------
def test_round_ends_when_all_but_one_have_emptied_their_hands_the_last_is_last() -> None:
    state = new_game(["3C", "4C", "5C"])
    finish_round(state)
    outcome = state.outcome()
    last = outcome.order[-1]
    assert len(outcome.order) == 3
    assert len(state.hand(last)) > 0
    assert all(len(state.hand(seat)) == 0 for seat in outcome.order[:-1])
    outs = [e for e in state.events if e.kind == "out"]
    assert [e.seat for e in outs] == list(outcome.order)
    assert outs[-1].info == {"place": 3, "title": "Scum"}
    assert [e.kind for e in state.events[-2:]] == ["round_over", "game_over"]


@pytest.mark.parametrize(
    "players, titles",
    [
        (4, ["President", "Vice-President", "Vice-Scum", "Scum"]),
        (5, ["President", "Vice-President", "Citizen", "Vice-Scum", "Scum"]),
        (6, ["President", "Vice-President", "Citizen", "Citizen", "Vice-Scum", "Scum"]),
    ],
)
def test_titles_president_vice_president_vice_scum_scum(players: int, titles: list[str]) -> None:
    state = RULES.new_game(players=players, seed=5)
    play_first_legal_until(state, lambda s: s.is_over)
    outcome = state.outcome()
    assert [outcome.titles[seat] for seat in outcome.order] == titles


def test_titles_choice_other_places_are_citizens_three_players_have_no_vice_titles() -> None:
    state = RULES.new_game(players=3, seed=5)
    play_first_legal_until(state, lambda s: s.is_over)
    outcome = state.outcome()
    assert [outcome.titles[seat] for seat in outcome.order] == ["President", "Citizen", "Scum"]


def test_points_n_for_the_first_one_less_per_place_adding_up_across_a_series() -> None:
    state = RULES.new_game(players=5, seed=3, rounds=3)
    play_first_legal_until(state, lambda s: s.is_over)
    outcome = state.outcome()
    totals = [0] * 5
    for round_ in outcome.rounds:
        for place, seat in enumerate(round_["order"]):
            assert round_["points"][seat] == 5 - place
            totals[seat] += 5 - place
    assert list(outcome.scores) == totals
    assert [e.info["scores"] for e in state.events if e.kind == "round_over"][-1] == totals


# --- Game end -----------------------------------------------------------------------
def test_game_is_a_series_of_a_set_number_of_rounds_default_1_showing_last_ranking_and_scores() -> None:
    assert RULES.option_defaults["rounds"] == 1
    single = RULES.new_game(players=4, seed=8)
    play_first_legal_until(single, lambda s: s.is_over)
    assert single.outcome().rounds_played == 1
    series = RULES.new_game(players=4, seed=8, rounds=3)
    play_first_legal_until(series, lambda s: s.is_over)
    outcome = series.outcome()
    assert outcome.is_over and outcome.rounds_played == 3
    assert list(outcome.order) == outcome.rounds[-1]["order"]
    assert list(outcome.titles) == outcome.rounds[-1]["titles"]
    best = max(outcome.scores)
    assert outcome.winners == tuple(s for s in range(4) if outcome.scores[s] == best)
    json.dumps(outcome.to_dict())


# --- Card exchange ------------------------------------------------------------------
def _gift_key(card: Card) -> tuple[int, int]:
    return (PRESIDENT_ORDER.position(card.rank), card.suit)


def _start_second_round(players: int, seed: int = 4):  # type: ignore[no-untyped-def]
    state = RULES.new_game(players=players, seed=seed, rounds=2)
    assert state.observation(0).phase == "play"  # no exchange before the first round
    assert not [e for e in state.events if e.kind == "exchange"]
    finish_round(state)
    return state, state.outcome().order


def test_exchange_scum_gives_two_best_cards_to_president_who_gives_any_two_back() -> None:
    state, order = _start_second_round(4)
    president, scum = order[0], order[-1]
    obs = state.observation(president)
    assert obs.phase == "exchange" and state.current_player == president and obs.exchange_due == 2
    dealt = next(e for e in reversed(state.events) if e.kind == "deal" and e.seat == scum)
    best = sorted(dealt.cards, key=_gift_key)[-2:]
    gift = next(e for e in state.events if e.kind == "exchange" and e.seat == scum)
    assert sorted(gift.cards) == sorted(best) and gift.info == {"to": president, "automatic": True}
    assert set(best) <= set(state.hand(president))
    assert sorted(obs.exchange_received) == sorted(best)
    # Any two cards may go back, the ones just received included.
    assert len(state.legal_actions()) == 15 * 14 // 2
    back = [best[0], state.hand(president)[0] if state.hand(president)[0] != best[0] else state.hand(president)[1]]
    state.apply("give " + " ".join(str(c) for c in back))
    assert set(back) <= set(state.hand(scum))
    assert sorted(state.observation(scum).exchange_received) == sorted(back)
    assert len(state.hand(scum)) == 13 and len(state.hand(president)) == 13


def test_exchange_from_4_players_vice_scum_gives_one_best_card_to_vice_president_who_gives_one_back() -> None:
    state, order = _start_second_round(4)
    vice_president, vice_scum = order[1], order[-2]
    dealt = next(e for e in reversed(state.events) if e.kind == "deal" and e.seat == vice_scum)
    gift = next(e for e in state.events if e.kind == "exchange" and e.seat == vice_scum)
    assert list(gift.cards) == [max(dealt.cards, key=_gift_key)]
    assert gift.info["to"] == vice_president
    state.apply(state.legal_actions()[0])
    assert state.current_player == vice_president
    assert state.observation(vice_president).exchange_due == 1
    assert len(state.legal_actions()) == 14 and all(len(a.cards) == 1 for a in state.legal_actions())
    assert reason(state, "give " + " ".join(codes(state.hand(vice_president)[:2]))) == "must give 1 card"
    card = state.hand(vice_president)[-1]
    state.apply(f"give {card}")
    assert card in state.hand(vice_scum)


def test_exchange_three_players_have_no_vice_exchange() -> None:
    state, order = _start_second_round(3)
    citizen = order[1]
    assert [e.seat for e in state.events if e.kind == "exchange"] == [order[-1]]
    state.apply(state.legal_actions()[0])
    assert state.observation(0).phase == "play"
    assert state.observation(citizen).exchange_given == () == state.observation(citizen).exchange_received


@pytest.mark.parametrize("players", [3, 4])
def test_exchange_choice_the_scum_of_the_previous_round_leads_the_next_round(players: int) -> None:
    state, order = _start_second_round(players)
    while state.observation(0).phase == "exchange":
        state.apply(state.legal_actions()[0])
    assert state.current_player == order[-1]
    assert state.observation(0).leader == order[-1]
    assert state.observation(0).titles[order[-1]] == "Scum"


# --- Computer players (the rules part: what a seat may see) ---------------------------
def test_computer_players_see_only_their_hand_public_cards_and_permitted_history() -> None:
    state, order = _start_second_round(4)
    president, scum = order[0], order[-1]
    state.apply(state.legal_actions()[0])
    onlooker = order[1]
    obs = state.observation(onlooker)
    assert obs.hand == state.hand(onlooker)
    # Other seats' deals and the exchanges between others keep only their card counts.
    for event in obs.events:
        if event.kind == "deal" and event.seat != onlooker:
            assert event.cards == () and event.count > 0
        if event.kind == "exchange" and onlooker not in (event.seat, event.info["to"]):
            assert event.cards == () and event.count in (1, 2)
    assert obs.history[-1] == (president, "give ? ?")
    scum_view = state.observation(scum).history[-1]
    assert scum_view[0] == president and "?" not in scum_view[1]
    assert scum_view[1] == str(state.history[-1][1])
