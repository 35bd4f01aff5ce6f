"""An independent audit of President against ``shared/rules/president.md``.

Each test is an adversarial scenario on an exact deal: the places where a
plausible implementation goes wrong (tricks ending after a player goes out,
revolutions inside a trick, exchanges after a revolution, hidden cards leaking
into an observation, saves in the middle of an exchange).
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable import IllegalActionError, load_game
from cardtable.cards import FULL_DECK, Card, parse_cards
from cardtable.engine.errors import MalformedActionError
from cardtable.games.president import PRESIDENT_ORDER, RULES, PresidentState
from tests.games.president_helpers import codes, deck_for_hands, finish_round, new_game, run

NORMAL_STRENGTH = {rank: place for place, rank in enumerate(PRESIDENT_ORDER.ranks)}


def refused(state: PresidentState, action: str, error: type[Exception] = IllegalActionError) -> str:
    """Apply ``action``, expect a one-line refusal, and check that nothing changed."""
    before = state.to_json()
    seen = [json.dumps(state.observation(s).to_dict(), sort_keys=True) for s in range(state.num_players)]
    legal = codes(state.legal_actions())
    with pytest.raises(error) as info:
        state.apply(action)
    assert state.to_json() == before
    assert [json.dumps(state.observation(s).to_dict(), sort_keys=True) for s in range(state.num_players)] == seen
    assert codes(state.legal_actions()) == legal
    text = str(info.value)
    assert text and "\n" not in text and "Traceback" not in text
    return text


def last_trick_event(state: PresidentState):  # type: ignore[no-untyped-def]
    return [e for e in state.events if e.kind == "trick"][-1]


# --- set-up ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, (18, 17, 17)), (4, (13, 13, 13, 13)), (5, (11, 11, 10, 10, 10)), (6, (9, 9, 9, 9, 8, 8))],
)
def test_deal_sizes_give_the_extra_cards_to_the_lowest_seats(players: int, sizes: tuple[int, ...]) -> None:
    for seed in (0, 1):
        state = RULES.new_game(players=players, seed=seed)
        assert state.observation(0).hand_sizes == sizes
        assert sorted(c for s in range(players) for c in state.hand(s)) == sorted(FULL_DECK)


def test_an_explicit_deck_is_dealt_one_card_at_a_time_starting_with_seat_0() -> None:
    deck = [str(c) for c in FULL_DECK]
    state = RULES.new_game(players=5, seed=0, deck=deck)
    for seat in range(5):
        assert codes(state.hand(seat)) == sorted(deck[seat::5], key=lambda code: Card.parse(code).index)


def test_seat_0_may_lead_a_2_although_another_seat_holds_the_3_of_clubs() -> None:
    state = new_game(["2S 5D", "3C", "", ""])
    assert state.current_player == 0
    assert {"2S", "5D"} <= set(codes(state.legal_actions()))
    state.apply("2S")
    assert codes(state.observation(1).table) == ["2S"]


# --- tricks ------------------------------------------------------------------------
def test_a_player_who_passed_is_skipped_for_the_rest_of_the_trick_even_after_a_beat() -> None:
    state = new_game(["3C 6C 9C", "4C 7C TC", "5C 8C JC"])
    run(state, [(0, "3C"), (1, "pass"), (2, "5C"), (0, "6C")])
    # Seat 1 passed: after seat 0 plays, seat 2 answers, not seat 1.
    assert state.current_player == 2 and state.observation(2).passed == (1,)
    run(state, [(2, "8C"), (0, "9C"), (2, "pass")])
    trick = last_trick_event(state)
    assert trick.seat == 0 and codes(trick.cards) == ["9C"]
    assert state.current_player == 0 and state.observation(0).table == ()
    assert [seat for seat, _ in state.observation(0).trick] == []


def test_the_trick_ends_when_everyone_else_passed_not_when_the_turn_comes_back_round() -> None:
    state = new_game(["3C 4D", "5C", "6C"])
    run(state, [(0, "3C"), (1, "5C"), (2, "pass"), (0, "pass")])
    # Seat 1's 5C stands: seats 2 and 0 passed, so seat 1 wins and leads freely.
    assert last_trick_event(state).seat == 1 and state.current_player == 1
    assert "pass" not in codes(state.legal_actions())


def test_a_player_going_out_with_an_unbeaten_play_hands_the_lead_to_the_next_seat_with_cards() -> None:
    going_out = "QC QD QH KC KD KH KS AC AD AH AS 2C 2D"
    state = new_game(["3C 4C", going_out, "3D 5C", "4D 6C"], revolution=False)
    run(state, [(0, "3C"), (1, "QC"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "QD QH"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "KC KD KH KS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "AC AD AH AS"), (2, "pass"), (3, "pass"), (0, "pass")])
    state.apply("2C 2D")  # seat 1's last cards
    assert state.observation(0).finished == (1,)
    # The others are still asked about the pair, in seat order from seat 2.
    assert state.current_player == 2
    run(state, [(2, "pass"), (3, "pass"), (0, "pass")])
    trick = last_trick_event(state)
    assert trick.seat == 1 and trick.info["leader"] == 2
    assert state.current_player == 2 and state.observation(2).leader == 2
    assert state.observation(2).table == ()


def test_a_player_going_out_whose_play_is_beaten_does_not_win_the_trick() -> None:
    going_out = "2C 2D 2H 2S AC AD AH AS KC KD KH KS 5C"
    state = new_game(["3C 4C", going_out, "3D 9C", "4D 6C"], revolution=False)
    run(state, [(0, "3C"), (1, "2C"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "2D 2H 2S"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "AC AD AH AS"), (2, "pass"), (3, "pass"), (0, "pass")])
    run(state, [(1, "KC KD KH KS"), (2, "pass"), (3, "pass"), (0, "pass")])
    state.apply("5C")  # seat 1 goes out
    run(state, [(2, "pass"), (3, "6C"), (0, "pass")])
    # Seat 2 passed and seat 1 is out: the 6C wins at once and seat 3 leads.
    assert last_trick_event(state).seat == 3 and state.current_player == 3
    assert state.observation(3).table == ()


def test_pairs_must_be_followed_by_pairs_and_a_triple_by_a_triple() -> None:
    state = new_game(["3C 3D 3H", "4C 4D 4H 5C", "", ""], revolution=False)
    state.apply("3C 3D")
    assert refused(state, "5C") == "must play 2 cards, like the table"
    assert refused(state, "4C 4D 4H") == "must play 2 cards, like the table"
    legal = codes(state.legal_actions())
    assert "4C 4D" in legal and "4C 4H" in legal and "4D 4H" in legal and legal[-1] == "pass"
    assert all(len(a.split()) == 2 for a in legal[:-1])


def test_an_equal_rank_never_beats_and_equalising_is_absent() -> None:
    state = new_game(["5C", "5D 6C", "", ""])
    state.apply("5C")
    assert "does not beat" in refused(state, "5D")
    assert "5D" not in codes(state.legal_actions())


def test_cards_of_different_ranks_cannot_be_played_together() -> None:
    state = new_game(["3C 4C 5C", "", "", ""])
    assert refused(state, "3C 4C") == "all cards played together must have the same rank"


# --- revolution --------------------------------------------------------------------
def test_four_of_a_kind_inverts_at_once_and_the_answer_must_be_a_higher_four_in_the_new_order() -> None:
    hands = ["5C 5D 5H 5S 9C", "6C 6D 6H 6S 4C 4D 4H 4S", "3C 3D 3H 3S", ""]
    state = new_game(hands)
    state.apply("5C 5D 5H 5S")
    obs = state.observation(1)
    assert obs.revolution is True and obs.rank_order.ranks[0].label == "2" and obs.rank_order.ranks[-1].label == "3"
    assert state.current_player == 1 and obs.table  # the trick goes on
    # Sixes beat fives in the normal order but not after the inversion; fours do.
    assert "does not beat" in refused(state, "6C 6D 6H 6S")
    assert codes(state.legal_actions()) == ["4C 4D 4H 4S", "pass"]
    state.apply("4C 4D 4H 4S")  # inverts back to normal
    assert state.observation(2).revolution is False
    # In the normal order again, 3s are lowest: they no longer beat the 4s.
    assert codes(state.legal_actions()) == ["pass"]
    assert "does not beat" in refused(state, "3C 3D 3H 3S")


def test_the_inverted_order_lasts_across_tricks_for_the_whole_round() -> None:
    hands = ["5C 5D 5H 5S 9C 4D", "KC 3C", "", ""]
    state = new_game(hands)
    run(state, [(0, "5C 5D 5H 5S"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert state.current_player == 0 and state.observation(0).revolution is True
    state.apply("9C")
    # A new trick, still inverted: the 3C beats the 9C, the KC does not.
    assert "KC" not in codes(state.legal_actions()) and "3C" in codes(state.legal_actions())
    assert "revolution" in refused(state, "KC")


def test_the_normal_order_comes_back_at_the_next_round_and_the_exchange_ignores_the_revolution() -> None:
    hands = ["3C 3D 3H 3S", "", ""]
    state = new_game(hands, rounds=2, seed=3)
    run(state, [(0, "3C 3D 3H 3S"), (1, "pass"), (2, "pass")])
    assert state.observation(0).revolution is True
    finish_round(state)
    round_one = state.outcome().rounds[0]
    assert round_one["revolutions"] % 2 == 1, "the scenario must end its first round in a revolution"
    obs = state.observation(0)
    assert obs.round == 2 and obs.revolution is False and obs.phase == "exchange"
    scum = round_one["order"][-1]
    president = round_one["order"][0]
    dealt = [e for e in state.events if e.kind == "deal" and e.round == 2 and e.seat == scum][0]
    gift = [e for e in state.events if e.kind == "exchange" and e.round == 2][0]
    assert gift.seat == scum and gift.info["to"] == president and gift.info["automatic"]
    best_two = sorted(dealt.cards, key=lambda c: NORMAL_STRENGTH[c.rank])[-2:]
    strengths = sorted(NORMAL_STRENGTH[c.rank] for c in gift.cards)
    assert strengths == sorted(NORMAL_STRENGTH[c.rank] for c in best_two)
    # Nothing left in the Scum's hand beats what it gave, in the normal order.
    assert all(NORMAL_STRENGTH[c.rank] <= min(strengths) for c in state.hand(scum))


def test_revolution_off_keeps_the_normal_order_after_a_four_of_a_kind() -> None:
    hands = ["5C 5D 5H 5S", "6C 6D 6H 6S 4C 4D 4H 4S", "", ""]
    state = new_game(hands, revolution=False)
    state.apply("5C 5D 5H 5S")
    assert state.observation(1).revolution is False
    assert codes(state.legal_actions()) == ["6C 6D 6H 6S", "pass"]
    assert "does not beat" in refused(state, "4C 4D 4H 4S")
    assert [e for e in state.events if e.kind == "revolution"] == []


def test_a_four_of_a_kind_answering_a_four_in_the_same_trick_is_judged_in_the_new_order() -> None:
    # 2s are the best rank normally; after a revolution they are the worst.
    hands = ["KC KD KH KS", "2C 2D 2H 2S", "QC QD QH QS", ""]
    state = new_game(hands)
    state.apply("KC KD KH KS")
    assert codes(state.legal_actions()) == ["pass"]  # 2s lose to Ks when inverted
    state.apply("pass")
    assert codes(state.legal_actions()) == ["QC QD QH QS", "pass"]


# --- round end, titles, points -----------------------------------------------------
@pytest.mark.parametrize(
    ("players", "titles"),
    [
        (3, ["President", "Citizen", "Scum"]),
        (4, ["President", "Vice-President", "Vice-Scum", "Scum"]),
        (5, ["President", "Vice-President", "Citizen", "Vice-Scum", "Scum"]),
        (6, ["President", "Vice-President", "Citizen", "Citizen", "Vice-Scum", "Scum"]),
    ],
)
def test_titles_and_points_by_place_and_the_series_adds_points(players: int, titles: list[str]) -> None:
    state = RULES.new_game(players=players, seed=11, rounds=2)
    finish_round(state)
    first = state.outcome()
    order = first.order
    assert sorted(order) == list(range(players))
    assert [first.titles[seat] for seat in order] == titles
    assert [first.rounds[0]["points"][seat] for seat in order] == list(range(players, 0, -1))
    assert state.observation(0).hand_sizes == tuple(len(state.hand(s)) for s in range(players))
    # Play out the exchange and round two: scores are the sum of both rounds.
    finish_round(state)
    final = state.outcome()
    assert final.is_over
    for seat in range(players):
        assert final.scores[seat] == sum(r["points"][seat] for r in final.rounds)
    best = max(final.scores)
    assert final.winners == tuple(s for s in range(players) if final.scores[s] == best)


def test_the_round_ends_as_soon_as_one_player_holds_cards_and_that_player_is_scum() -> None:
    # Seat 0 holds eighteen low cards; seats 1 and 2 go out with fours and triples.
    hands = [
        "3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D",
        "2C 2D 2H 2S AC AD AH AS KC KD KH KS QC QD QH QS 8C",
        "JC JD JH JS TC TD TH TS 9C 9D 9H 9S 8D 8H 8S 7H 7S",
    ]
    state = new_game(hands, revolution=False)
    run(state, [(0, "7C"), (1, "8C"), (2, "pass"), (0, "pass")])
    for four in ("QC QD QH QS", "KC KD KH KS", "AC AD AH AS"):
        run(state, [(1, four), (2, "pass"), (0, "pass")])
    state.apply("2C 2D 2H 2S")
    assert state.observation(0).finished == (1,)
    run(state, [(2, "pass"), (0, "pass")])
    assert state.current_player == 2  # seat 1 won but is out
    run(state, [(2, "7H 7S"), (0, "pass")])
    run(state, [(2, "8D 8H 8S"), (0, "pass")])
    for four in ("9C 9D 9H 9S", "TC TD TH TS"):
        run(state, [(2, four), (0, "pass")])
    state.apply("JC JD JH JS")
    outcome = state.outcome()
    assert outcome.rounds_played == 1 and outcome.is_over
    assert outcome.order == (1, 2, 0)
    assert outcome.titles == ("Scum", "President", "Citizen")
    assert len(state.hand(0)) == 17  # the Scum keeps its cards; the round simply ends


# --- the exchange ------------------------------------------------------------------
def exchange_state(players: int, seed: int = 5) -> PresidentState:
    state = RULES.new_game(players=players, seed=seed, rounds=2)
    finish_round(state)
    assert state.observation(0).phase == "exchange"
    return state  # type: ignore[return-value]


def test_three_players_only_the_scum_and_the_president_exchange() -> None:
    state = exchange_state(3)
    order = state.outcome().order
    gifts = [e for e in state.events if e.kind == "exchange" and e.round == 2]
    assert [(e.seat, e.info["to"], len(e.cards)) for e in gifts] == [(order[-1], order[0], 2)]
    assert state.current_player == order[0]
    state.apply(state.legal_actions()[0])
    assert state.observation(0).phase == "play" and state.current_player == order[-1]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_from_four_players_the_vice_scum_gives_its_best_card_to_the_vice_president(players: int) -> None:
    state = exchange_state(players)
    order = state.outcome().order
    gifts = [e for e in state.events if e.kind == "exchange" and e.round == 2]
    assert [(e.seat, e.info["to"], len(e.cards)) for e in gifts] == [
        (order[-1], order[0], 2),
        (order[-2], order[1], 1),
    ]
    vice_gift = gifts[1].cards[0]
    assert all(NORMAL_STRENGTH[c.rank] <= NORMAL_STRENGTH[vice_gift.rank] for c in state.hand(order[-2]))
    # The President gives back two, then the Vice-President one; then the Scum leads.
    assert state.current_player == order[0]
    assert refused(state, "give " + str(state.hand(order[0])[0])) == "must give 2 cards"
    state.apply(state.legal_actions()[0])
    assert state.current_player == order[1]
    assert refused(state, "give " + " ".join(codes(state.hand(order[1])[:2]))) == "must give 1 card"
    state.apply(state.legal_actions()[-1])
    assert state.observation(0).phase == "play" and state.current_player == order[-1]
    assert sum(len(state.hand(s)) for s in range(players)) == 52


def test_exchange_refusals_change_nothing() -> None:
    state = exchange_state(4)
    president = state.current_player
    not_mine = next(c for c in FULL_DECK if c not in state.hand(president))
    assert "not in your hand" in refused(state, f"give {state.hand(president)[0]} {not_mine}")
    assert "give back" in refused(state, str(state.hand(president)[0]))
    assert "give back" in refused(state, "pass")
    refused(state, "give", MalformedActionError)


def test_the_president_may_give_back_cards_it_just_received_and_the_scum_gets_them() -> None:
    state = exchange_state(4)
    order = state.outcome().order
    received = [e for e in state.events if e.kind == "exchange" and e.round == 2][0].cards
    state.apply("give " + " ".join(codes(received)))
    assert all(card in state.hand(order[-1]) for card in received)
    assert tuple(state.observation(order[-1]).exchange_received) == tuple(sorted(received, key=lambda c: c.index))


# --- what a seat may see -----------------------------------------------------------
def _replay(hands_deck: list[str], players: int, actions: list[str], **options: object) -> PresidentState:
    state = RULES.new_game(players=players, seed=9, deck=hands_deck, **options)
    for action in actions:
        state.apply(action)
    return state  # type: ignore[return-value]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_swapping_two_unplayed_cards_between_other_seats_leaves_an_observation_unchanged(players: int) -> None:
    rng = random.Random(players)
    for trial in range(12):
        deck = [str(c) for c in FULL_DECK]
        rng.shuffle(deck)
        state = RULES.new_game(players=players, seed=9, deck=deck)
        actions = []
        for _ in range(rng.randrange(0, 40)):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            actions.append(str(action))
            state.apply(action)
        if state.is_over:
            continue
        observer = rng.randrange(players)
        others = [s for s in range(players) if s != observer and state.hand(s)]
        if len(others) < 2:
            continue
        a, b = rng.sample(others, 2)
        x, y = rng.choice(state.hand(a)), rng.choice(state.hand(b))
        swapped = [y.code if code == x.code else x.code if code == y.code else code for code in deck]
        other = _replay(swapped, players, actions)
        assert state.hand(a) != other.hand(a)
        assert state.observation(observer).to_dict() == other.observation(observer).to_dict(), (trial, observer)
        assert state.public_observation().to_dict() == other.public_observation().to_dict()


def test_a_presidents_give_back_is_invisible_to_seats_outside_the_exchange() -> None:
    first = exchange_state(5, seed=8)
    second = load_game(first.to_json())
    president = first.current_player
    legal = first.legal_actions()
    first.apply(legal[0])
    second.apply(legal[-1])
    order = first.outcome().order
    scum = order[-1]
    for seat in range(5):
        if seat in (president, scum):
            assert first.observation(seat).to_dict() != second.observation(seat).to_dict()
        else:
            assert first.observation(seat).to_dict() == second.observation(seat).to_dict(), seat
    hidden = [entry for entry in first.observation(order[2]).history if entry[1].startswith("give")]
    assert hidden and all(text == "give ? ?" for _, text in hidden)
    assert first.public_observation().to_dict() == second.public_observation().to_dict()


def test_the_automatic_gifts_show_only_to_giver_and_receiver() -> None:
    state = exchange_state(4, seed=2)
    order = state.outcome().order
    for event_index, gift in enumerate(e for e in state.events if e.kind == "exchange" and e.round == 2):
        for seat in range(4):
            seen = [e for e in state.observation(seat).events if e.kind == "exchange" and e.round == 2][event_index]
            if seat in (gift.seat, gift.info["to"]):
                assert seen.cards == gift.cards
            else:
                assert seen.cards == () and seen.count == len(gift.cards)
    assert order  # the exchange is under way


def test_a_save_in_the_middle_of_the_exchange_loads_and_plays_on_identically() -> None:
    state = exchange_state(6, seed=13)
    state.apply(state.legal_actions()[3])  # the President has given back; the Vice-President has not
    assert state.observation(0).phase == "exchange"
    loaded = load_game(state.to_json())
    assert isinstance(loaded, PresidentState)
    for seat in range(6):
        assert loaded.observation(seat).to_dict() == state.observation(seat).to_dict()
        assert loaded.hand(seat) == state.hand(seat)
    rng = random.Random(1)
    while not state.is_over:
        assert codes(loaded.legal_actions()) == codes(state.legal_actions())
        action = rng.choice(state.legal_actions())
        state.apply(action)
        loaded.apply(str(action))
    assert loaded.outcome() == state.outcome()


# --- bad input -------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["", "3X", "3C 3C", "give", "take", "attack 3C", "defend 3C 4C", "11C", "pass 3C"],
)
def test_malformed_or_foreign_input_is_one_line_and_changes_nothing(text: str) -> None:
    state = new_game(["3C 4C", "", "", ""])
    refused(state, text)


def test_after_the_game_every_action_is_refused_in_one_line() -> None:
    state = RULES.new_game(players=3, seed=1)
    finish_round(state)
    assert state.is_over
    with pytest.raises(IllegalActionError) as info:
        state.apply("pass")
    assert "\n" not in str(info.value)
    assert state.legal_actions() == []


def test_the_deck_helper_matches_the_engine_deal() -> None:
    # Guard for the scenarios above: the helper's deck gives exactly the named cards.
    hands = ["3C 3D", "4C", "5C", "6C"]
    state = RULES.new_game(players=4, seed=0, deck=deck_for_hands(hands, fill=True))
    for seat, hand in enumerate(hands):
        assert set(parse_cards(hand)) <= set(state.hand(seat))


def test_legal_actions_are_exactly_the_actions_the_rules_accept() -> None:
    from itertools import combinations

    plays = ["pass"]
    for rank in range(13):
        group = FULL_DECK[rank * 4 : rank * 4 + 4]
        for size in range(1, 5):
            plays += [" ".join(str(c) for c in combo) for combo in combinations(group, size)]
    rng = random.Random(23)
    for players in (3, 4, 6):
        state = RULES.new_game(players=players, seed=players, rounds=2)
        for step in range(300):
            if state.is_over:
                break
            if step % 10 == 0:
                if state.observation(0).phase == "exchange":
                    hand = state.hand(state.current_player)
                    due = state.observation(state.current_player).exchange_due
                    candidates = ["give " + " ".join(str(c) for c in combo) for size in (1, 2, 3) for combo in combinations(hand, size)]
                    assert due in (1, 2)
                else:
                    candidates = plays
                accepted = {text for text in candidates if state.is_legal(text)}
                assert accepted == set(codes(state.legal_actions())), (players, step)
            state.apply(rng.choice(state.legal_actions()))
