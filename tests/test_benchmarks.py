"""Every benchmark under benchmarks/ still runs: each is started once with a tiny workload
and must exit 0 and print its figures.  What the figures say is not judged here (a test
never times anything); docs/performance.md and docs/bots.md hold the measured ones.

benchmarks/startup.py has its own test (tests/test_startup_benchmark.py), which also
reads the screens it stopped at.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"

# script and arguments -> a text its output must contain
SMOKE_RUNS: dict[str, tuple[list[str], str]] = {
    "engine": (["engine.py", "--seconds", "0.05", "--game", "durak", "--players", "2"], "actions/s"),
    "engine-untimed": (["engine.py", "--count-games", "1", "--game", "hearts"], "actions, untimed"),
    "observations": (["observations.py", "--game", "president", "--up-to", "300"], "300 moves"),
    "net-latency": (["net_latency.py", "--game", "durak", "--players", "2"], "move to every other player's state"),
    "net-redraw-latency": (["net_redraw_latency.py", "--games", "1", "--moves", "4"], "other screen redrawn"),
}


@pytest.mark.parametrize("name", sorted(SMOKE_RUNS))
def test_the_benchmark_runs_once(name: str, tmp_path: Path) -> None:
    arguments, expected = SMOKE_RUNS[name]
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / arguments[0]), *arguments[1:]],
        capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
        env={**os.environ, "CARDTABLE_HOME": str(tmp_path / "home")},
    )
    assert result.returncode == 0, result.stderr
    assert expected in result.stdout, result.stdout
