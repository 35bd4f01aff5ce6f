"""The Hearts hard bot decides exactly as it did before the rules kernel: at fixed
iterations, the same action and the same root statistics on 300 positions (the fixture
was recorded on the code before the change; see ``hearts_decisions.py``)."""

from __future__ import annotations

import pytest

from tests.recorded import check_prefix

from .hearts_decisions import FIXTURE, POSITIONS, decisions


@pytest.mark.slow
def test_hard_bot_decisions_match_the_recorded_ones() -> None:
    got = decisions()
    assert len(got) == POSITIONS
    want = check_prefix(FIXTURE, POSITIONS, got, "position")
    # The fixture covers passes, searched plays and plays decided without a search.
    assert any(entry["action"].startswith("give") for entry in want)
    assert sum(entry["root"] is not None for entry in want) > 200
