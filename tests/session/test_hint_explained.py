"""The hint explains itself from the search's own numbers, and thinking stops when the
table is left: session-level, without a screen."""

from __future__ import annotations

import threading
import time

import pytest

from cardtable.bots import make_bot
from cardtable.bots.search import SearchBot
from cardtable.games import get_rules
from cardtable.session import Seat, TableSession

#: the outcomes each game's simulator may report for a seat (see ``Simulator``)
OUTCOMES = {"hearts": set(range(27)), "president": set(range(4)), "durak": {0, 1, 2}}
PLAYERS = {"hearts": 4, "president": 4, "durak": 2}


def session_for(game: str, seed: int) -> TableSession:
    players = PLAYERS[game]
    state = get_rules(game).new_game(players=players, seed=seed)
    seats = [Seat.human("Ann")] + [Seat.bot_seat(f"Bot{n}", "easy") for n in range(1, players)]
    return TableSession(state, seats, hint_iterations=200)


def play_bots(session: TableSession) -> None:
    while not session.is_over and not session.human_to_act:
        request = session.bot_request()
        assert request is not None
        session.bot_answer(request.think())


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_searched_hint_carries_every_root_moves_visits_and_outcomes(game: str) -> None:
    session = session_for(game, seed=5)
    searched = 0
    for _ in range(12):
        play_bots(session)
        if session.is_over:
            break
        request = session.hint_request(0)
        assert not isinstance(request, str)
        answer = request.think()
        decision = answer.decision
        assert decision is not None and answer.action == decision.action
        assert decision.action in session.legal_actions()
        if decision.how in ("search", "checked"):
            searched += 1
            moves = decision.moves
            # every simulation went through exactly one root move, and counted its outcome once
            assert sum(m.visits for m in moves) == decision.iterations == 200
            for move in moves:
                assert sum(move.outcomes.values()) == move.visits
                assert set(move.outcomes) <= OUTCOMES[game]
                assert 0.0 <= move.value <= 1.0
                assert move.action in session.legal_actions()
            assert [m.visits for m in moves] == sorted((m.visits for m in moves), reverse=True)
            if decision.how == "search":
                assert moves[0].action == decision.action
        elif decision.how == "only":
            assert len(session.legal_actions()) == 1
        assert session.act(0, answer.action) is None
    assert searched >= 2


def test_a_bots_own_decision_counts_no_outcomes() -> None:
    state = get_rules("durak").new_game(players=2, seed=5)
    bot = make_bot("durak", "hard", seed=1, iterations=100)
    assert isinstance(bot, SearchBot)
    seat = state.current_player
    bot.choose(state.observation(seat), state.legal_actions())
    decision = bot.last_decision
    assert decision is not None and decision.how == "search"
    assert all(not move.outcomes for move in decision.moves)


def test_the_only_legal_move_is_said_to_be_so() -> None:
    session = session_for("hearts", seed=5)
    for _ in range(60):
        play_bots(session)
        if len(session.legal_actions()) == 1:
            break
        assert session.act(0, session.legal_actions()[0]) is None
    request = session.hint_request(0)
    assert not isinstance(request, str)
    answer = request.think()
    assert answer.decision is not None and answer.decision.how == "only" and not answer.decision.moves


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_closing_the_table_stops_a_hard_bot_thinking_at_once(game: str) -> None:
    """A hard bot with 20 s to think stops within a fraction of a second of the close."""
    players = PLAYERS[game]
    state = get_rules(game).new_game(players=players, seed=9)
    seats = [Seat.bot_seat(f"Bot{n}", "hard") for n in range(players)]
    session = TableSession(state, seats)
    for seat in session.bots:
        session.bots[seat] = make_bot(game, "hard", seed=seat, time_budget=120.0)
    request = session.bot_request()
    assert request is not None
    answers = []
    thread = threading.Thread(target=lambda: answers.append(request.think()))
    thread.start()
    time.sleep(0.3)
    closed = time.monotonic()
    session.close()
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert time.monotonic() - closed < 30.0  # a fifth of the budget: the close stopped it
    assert answers and answers[0].cancelled
    assert session.bot_answer(answers[0]) == "stale"


def test_leaving_the_table_stops_a_long_hint() -> None:
    session = session_for("president", seed=5)
    session.hint_iterations = None
    play_bots(session)
    request = session.hint_request(0)
    assert not isinstance(request, str)
    request.time_budget = 120.0
    answers = []
    thread = threading.Thread(target=lambda: answers.append(request.think()))
    thread.start()
    time.sleep(0.3)
    closed = time.monotonic()
    session.close()
    thread.join(timeout=60)
    assert not thread.is_alive() and time.monotonic() - closed < 30.0  # a fifth of the budget
    assert answers and answers[0].action is None


def test_the_thinking_time_reaches_the_hard_bots_and_the_hint() -> None:
    state = get_rules("hearts").new_game(players=4, seed=3)
    seats = [Seat.human("Ann"), Seat.bot_seat("Ada", "hard"), Seat.bot_seat("Ben", "normal"), Seat.bot_seat("Cy", "hard")]
    session = TableSession(state, seats, think_time=2.0)
    hard = [bot for bot in session.bots.values() if isinstance(bot, SearchBot)]
    assert len(hard) == 2 and all(bot.time_budget == bot.searcher.time_budget == 2.0 for bot in hard)
    session.set_think_time(5.0)
    assert all(bot.time_budget == 5.0 for bot in hard)
    request = session.hint_request(0)
    assert not isinstance(request, str) and request.time_budget == 5.0
    session.replace_bot(2, "hard")
    replaced = session.bots[2]
    assert isinstance(replaced, SearchBot) and replaced.time_budget == 5.0
    session.set_think_time(None)
    assert all(isinstance(b, SearchBot) and b.time_budget == 0.5 for b in (*hard, replaced))


def test_the_hearts_pass_hint_carries_the_pass_searchs_figures() -> None:
    session = session_for("hearts", seed=5)
    request = session.hint_request(0)
    assert not isinstance(request, str)
    decision = request.think().decision
    assert decision is not None and decision.how == "pass" and decision.moves
    assert decision.moves[0].action == decision.action
    assert sum(m.visits for m in decision.moves) == decision.iterations
    for move in decision.moves:
        assert move.action.kind == "give" and len(move.action.cards) == 3
        assert sum(move.outcomes.values()) == move.visits and set(move.outcomes) <= OUTCOMES["hearts"]
    # The bot's own pass counts nothing.
    bot = make_bot("hearts", "hard", seed=1, iterations=100)
    assert isinstance(bot, SearchBot)
    bot.choose(session.observation(0), session.legal_actions())
    assert bot.last_decision is not None and bot.last_decision.moves == ()
