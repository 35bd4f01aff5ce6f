"""The search's worker processes start when a hard bot's turn or a hint first needs
them, not with the table (starting them would compete with the app's first frame)."""

from __future__ import annotations

import pytest

from cardtable.games import get_rules
from cardtable.session import Seat, TableSession
from cardtable.session import table as table_module
from tests.waiting import wait_until


@pytest.fixture
def warm_ups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    started: list[int] = []
    monkeypatch.setattr(table_module, "warm_up", started.append)
    return started


def table(kinds: list[str]) -> TableSession:
    state = get_rules("hearts").new_game(players=4, seed=3)
    seats = [Seat.human("Ann") if kind == "human" else Seat.bot_seat(f"B{n}", kind) for n, kind in enumerate(kinds)]
    return TableSession(state, seats, bot_cores=2)


def wait_for(started: list[int], count: int) -> None:
    wait_until(lambda: len(started) >= count, f"{count} warm-ups", timeout=30, every=0.01)


def test_a_table_with_hard_bots_starts_no_worker_before_their_turn(warm_ups: list[int]) -> None:
    session = table(["hard", "hard", "hard", "hard"])
    if session.workers < 2:
        pytest.skip("one core: the search never uses worker processes")
    assert warm_ups == []
    assert session.bot_request() is not None  # a hard bot's turn
    wait_for(warm_ups, 1)
    assert warm_ups == [2]
    session.bot_request()  # asked again: started once
    assert warm_ups == [2]


def test_easy_bots_never_start_workers_but_a_hint_does(warm_ups: list[int]) -> None:
    session = table(["human", "easy", "easy", "easy"])
    if session.workers < 2:
        pytest.skip("one core: the search never uses worker processes")
    assert warm_ups == []
    request = session.hint_request(session.to_act or 0)
    if isinstance(request, str):
        pytest.skip(request)
    wait_for(warm_ups, 1)
    assert warm_ups == [2]
