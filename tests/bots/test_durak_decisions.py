"""The Durak bots decide exactly as they did before the rules kernel: at fixed
iterations, the hard bot's action and root statistics, and the easy and normal bots'
actions, on 300 positions of two to four players (the fixture was recorded on the code
before the change; see ``durak_decisions.py``)."""

from __future__ import annotations

import pytest

from tests.recorded import check_prefix

from .durak_decisions import FIXTURE, POSITIONS, decisions


@pytest.mark.slow
def test_durak_bot_decisions_match_the_recorded_ones() -> None:
    got = decisions()
    assert len(got) == POSITIONS
    want = check_prefix(FIXTURE, POSITIONS, got, "position")
    # The fixture covers searched decisions, exact endgames, every kind of move and 2-4 players.
    assert sum(entry["root"] is not None for entry in want) > 200
    assert sum(entry["root"] is None for entry in want) > 10
    assert {entry["action"].split()[0] for entry in want} == {"attack", "defend", "take", "pass"}
    assert {entry["position"].split("(")[1][0] for entry in want} == {"2", "3", "4"}
