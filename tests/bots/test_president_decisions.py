"""The President hard bot decides exactly as it did before the search hooks and the
rules kernel: at fixed iterations, the same action and the same root statistics on the
first 150 of the 300 recorded positions (`python tests/bots/president_decisions.py
check` compares all 300; the fixture was recorded on the code before the change)."""

from __future__ import annotations

import pytest

from tests.recorded import check_prefix

from .president_decisions import FIXTURE, POSITIONS, decisions


@pytest.mark.slow
def test_hard_bot_decisions_match_the_recorded_ones() -> None:
    # The suite checks the first half; `python tests/bots/president_decisions.py check` all.
    want = check_prefix(FIXTURE, POSITIONS, decisions(POSITIONS // 2), "position")
    # The fixture covers exchanges, searched plays and plays decided without a search.
    assert any(entry["action"].startswith("give") for entry in want)
    assert 200 < sum(entry["root"] is not None for entry in want) < POSITIONS
