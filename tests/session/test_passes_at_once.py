"""All four choose their Hearts pass at the same time: nobody waits for a seat before
theirs, and nobody sees a passed card before every pass is in."""

from __future__ import annotations

from cardtable.games import get_rules
from cardtable.session import Seat, TableSession


def table(human: int) -> TableSession:
    state = get_rules("hearts").new_game(players=4, seed=5, target=1)
    names = ("Ann", "Ada", "Ben", "Cleo")
    seats = [Seat.human(name) if seat == human else Seat.bot_seat(name, "easy") for seat, name in enumerate(names)]
    return TableSession(state, seats)


def test_a_person_after_the_bots_passes_first_and_the_bots_choose_meanwhile() -> None:
    session = table(human=2)
    assert session.to_act == 2 and session.human_to_act  # not after Ann's and Ada's bots
    assert set(session.choosing) == {0, 1, 2, 3}
    mine = session.legal_actions()[0]
    assert session.act(2, "play 2C") is not None  # still the rules' reason, nothing kept
    assert session.act(2, mine) is None
    # Kept unseen by the others: the engine has not taken it; the seat sees its pass made,
    # the others only that it chose.
    assert session.state.history == [] and session.state.observation(2).cards_given == ()  # type: ignore[attr-defined]
    assert set(session.observation(2).cards_given) == set(mine.cards) and len(session.observation(2).hand) == 10  # type: ignore[attr-defined]
    assert all(session.observation(seat).cards_given == () for seat in (0, 1, 3))  # type: ignore[attr-defined]
    assert session.observation(0).passed_seats == (2,) and session.observation(0).hand_sizes[2] == 10  # type: ignore[attr-defined]
    assert 2 not in session.choosing and session.act(2, mine) is not None
    while session.state.observation(0).phase == "pass":  # type: ignore[attr-defined]
        request = session.bot_request()
        assert request is not None and request.seat != 2
        before = session.state.observation(1).hand  # type: ignore[attr-defined]
        assert session.bot_answer(request.think()) == "played"
        if session.state.observation(0).phase == "pass":  # type: ignore[attr-defined]
            # Nobody has received a card while a pass is missing.
            assert session.state.observation(1).hand == before or request.seat == 1  # type: ignore[attr-defined]
            assert all(session.state.observation(seat).cards_received == () for seat in range(4))  # type: ignore[attr-defined]
    assert [seat for seat, action in session.state.history] == [0, 1, 2, 3]
    assert session.state.history[2][1] == mine


def test_seats_that_already_chose_are_played_in_turn_once_due() -> None:
    session = table(human=0)
    assert session.to_act == 0
    # Cleo's bot may choose while Ann thinks; its pass waits for Ann's, Ada's and Ben's.
    request = session.bot_request()
    assert request is not None and request.seat == 1
