"""A user bot's failure at the table is said in the player's language (the line the
bot-failure screen and the host's log show), the bot's own error text as it is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.games import get_rules
from cardtable.lang import use_language
from cardtable.session import Seat, TableSession
from tests.failing_bots import write_failing_bots


@pytest.fixture
def polish() -> Iterator[None]:
    use_language("pl")
    yield
    use_language("en")


def failure(tmp_path: Path, bot: str) -> str:
    path = write_failing_bots(tmp_path)
    kinds = ["human", f"{path}:{bot}", "easy", "easy"]
    state = get_rules("hearts").new_game(players=4, seed=2)
    seats = [Seat.from_spec(name, kind) for name, kind in zip(("Ann", "Ada", "Ben", "Cleo"), kinds)]
    session = TableSession(state, seats, hint_iterations=20)
    session.act(0, session.legal_actions()[0])
    request = session.bot_request()
    assert request is not None and session.bot_answer(request.think()) == "failed"
    return session.bot_failures[1]


def test_a_failing_bot_is_reported_in_polish(tmp_path: Path, polish: None) -> None:
    line = failure(tmp_path, "Raiser")
    assert "failed" not in line and "ValueError: my bot broke" in line and "failing_bots.py:Raiser" in line


def test_an_illegal_move_of_a_bot_is_reported_in_polish(tmp_path: Path, polish: None) -> None:
    line = failure(tmp_path, "Jumper")
    assert "chose the illegal action" not in line and "it returned a" not in line and "'jump'" in line
