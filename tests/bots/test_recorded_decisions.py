"""The President and Durak hard bots decide exactly as they did before the rules kernels
and the search hooks: at fixed iterations, the same action and the same root statistics
on 300 positions each (the fixtures were recorded on the code before the change; see
``recorded_decisions.py``)."""

from __future__ import annotations

import json

import pytest

from .recorded_decisions import GAMES, POSITIONS, decisions, fixture


@pytest.mark.parametrize("game", GAMES)
def test_hard_bot_decisions_match_the_recorded_ones(game: str) -> None:
    want = json.loads(fixture(game).read_text())
    got = decisions(game)
    assert len(got) == len(want) == POSITIONS
    differing = [w["position"] for g, w in zip(got, want) if g != w]
    assert not differing, f"{len(differing)} {game} decisions differ, first at {differing[0]}"
    # Most positions are searched; some are decided without a tree search.
    assert 200 < sum(entry["root"] is not None for entry in want) < POSITIONS
