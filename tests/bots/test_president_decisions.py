"""The President hard bot decides exactly as it did before the search hooks and the
rules kernel: at fixed iterations, the same action and the same root statistics on 300
positions (the fixture was recorded on the code before the change; see
``president_decisions.py``)."""

from __future__ import annotations

import json

from .president_decisions import FIXTURE, POSITIONS, decisions


def test_hard_bot_decisions_match_the_recorded_ones() -> None:
    want = json.loads(FIXTURE.read_text())
    got = decisions()
    assert len(got) == len(want) == POSITIONS
    differing = [w["position"] for g, w in zip(got, want) if g != w]
    assert not differing, f"{len(differing)} decisions differ, first at {differing[0]}"
    # The fixture covers exchanges, searched plays and plays decided without a search.
    assert any(entry["action"].startswith("give") for entry in want)
    assert 200 < sum(entry["root"] is not None for entry in want) < POSITIONS
