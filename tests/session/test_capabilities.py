"""A table offers each capability where it really has it, and ``None`` elsewhere."""

from __future__ import annotations

from cardtable.games import get_rules
from cardtable.net.host import NetHost
from cardtable.net.hosted import HostedSession
from cardtable.session import Seat, SeatKind, TableSession
from cardtable.session.notices import Moved, Notice, WaitingForJoin


def table(kinds: list[str], seed: int = 3) -> TableSession:
    state = get_rules("durak").new_game(players=len(kinds), seed=seed)
    return TableSession(state, [Seat.from_spec(f"P{seat}", kind) for seat, kind in enumerate(kinds)])


def test_one_person_with_bots_has_undo_and_bots_and_no_hand_over() -> None:
    session = table(["human", "easy"])
    assert session.undoing is not None and session.bot_turns is not None and session.hints is not None
    assert session.handover is None and session.presence is None and session.clock is None
    assert session.seating is None and session.saving is session


def test_hot_seat_hands_over_and_takes_nothing_back() -> None:
    session = table(["human", "human"])
    handover = session.handover
    assert handover is not None and session.undoing is None
    due = handover.due()
    assert due is not None and due == session.to_act  # nobody has seen a hand yet
    handover.hand_over(due)
    assert handover.table_only and session.revealed is None
    assert handover.public_observation() == session.state.public_observation()
    handover.reveal(due)
    assert not handover.table_only and session.revealed == due and handover.due() is None


def test_the_bots_turns_play_through_the_capability() -> None:
    session = table(["easy", "easy"])
    heard: list[Notice] = []
    session.listen(heard.append)
    turns = session.bot_turns
    assert turns is not None
    while not session.is_over:
        request = turns.request()
        assert request is not None
        assert turns.answer(request.think()) == "played"
    assert len([notice for notice in heard if isinstance(notice, Moved)]) == len(session.state.history)


def test_the_hosts_own_seat_runs_no_bots_and_has_no_undo() -> None:
    state = get_rules("durak").new_game(players=3, seed=5)
    session = HostedSession(state, [Seat.human("Hal"), Seat("Ann", SeatKind.REMOTE), Seat.bot_seat("Ada", "easy")])
    assert session.bot_turns is None and session.undoing is None and session.presence is None
    host = NetHost(session, log_line=lambda _: None)
    session.serve_with(host)
    presence, seating = session.presence, session.seating
    assert presence is not None and seating is not None
    assert presence.pause == WaitingForJoin((1,))
    assert [(seat.seat, seat.person, seat.connected) for seat in seating.remote()] == [(1, True, False)]
    assert seating.hand_to_bot(0, "easy") == "not_remote" and seating.take_back(1) == "no_bot"
    assert session.clock is None
