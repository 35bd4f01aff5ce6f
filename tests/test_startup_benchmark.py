"""benchmarks/startup.py runs end to end: one pair of each case (its figures are not
judged here; docs/performance.md has them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="the benchmark runs the app in a pseudo-terminal")
def test_the_startup_benchmark_runs_once() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "startup.py"), "--runs", "1", "--json", "--show-screens"],
        capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    names = [figure["name"] for figure in report["figures"]]
    assert names == [
        "cardtable --version", "cardtable --help", "cardtable rules president", "cardtable stats",
        "first frame: cardtable", "first frame: cardtable play president --seats human,easy,easy,easy",
    ]
    for figure in report["figures"]:
        assert figure["runs"] == 1 and figure["seconds_median"] > 0 and figure["ratio_median"] > 0
        # The CPU each side used is counted too (a Python process never starts on none).
        assert figure["cpu_seconds_median"] > 0 and figure["versus_cpu_seconds_median"] > 0
        assert figure["cpu_ratio_median"] > 0
    # The CPU at the first frame itself is noted from inside each program, on both sides,
    # and is no more than what was counted once it was stopped.
    for figure in report["figures"][4:]:
        assert 0 < figure["frame_cpu_seconds_median"] <= figure["cpu_seconds_median"]
        assert 0 < figure["versus_frame_cpu_seconds_median"] <= figure["versus_cpu_seconds_median"]
        assert figure["frame_cpu_ratio_median"] > 0
    # The frames it stopped at show the apps' content.
    assert "Seat 1" in report["screens"]["start"] and "Statistics" in report["screens"]["start"]
    assert "Your hand" in report["screens"]["play"]
    assert "a minimal Textual app" in report["screens"]["minimal"]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="the benchmark runs the app in a pseudo-terminal")
def test_the_startup_benchmark_compares_a_language_with_english() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "startup.py"), "--runs", "1", "--json", "--show-screens",
         "--lang", "nl"],
        capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [(figure["name"], figure["versus"]) for figure in report["figures"]] == [
        ("cardtable --lang nl --version", "cardtable --version"),
        ("first frame: cardtable --lang nl", "first frame: cardtable"),
        ("first frame: cardtable --lang nl play president --seats human,easy,easy,easy",
         "first frame: cardtable play president (English)"),
    ]
    for figure in report["figures"]:
        assert figure["runs"] == 1 and figure["cpu_ratio_median"] > 0
    # The Dutch frames were read in Dutch, whole: the start screen to its footer's last key.
    assert "Plaats 1" in report["screens"]["start (nl)"] and "esc Stoppen" in report["screens"]["start (nl)"]
    assert "Jouw hand" in report["screens"]["play (nl)"]
