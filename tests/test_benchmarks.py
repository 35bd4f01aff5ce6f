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

# script and arguments ({tmp}: a folder of the test's own) -> a text its output must contain
SMOKE_RUNS: dict[str, tuple[list[str], str]] = {
    "engine": (["engine.py", "--seconds", "0.05", "--game", "durak", "--players", "2"], "actions/s"),
    "engine-untimed": (["engine.py", "--count-games", "1", "--game", "hearts"], "actions, untimed"),
    # A new game for every hand: the fresh-game loop of --vs-openspiel, without OpenSpiel.
    "engine-fresh-games": (
        ["engine.py", "--vs-openspiel", "--count-hands", "3", "--side", "cardtable-fresh"],
        "cardtable-fresh: 3 hands",
    ),
    "observations": (["observations.py", "--game", "president", "--up-to", "300"], "300 moves"),
    "long-game": (["long_game.py", "--points", "20,120", "--window", "5"], "ratios to move 20"),
    "net-latency": (["net_latency.py", "--game", "durak", "--players", "2"], "move to every other player's state"),
    "net-redraw-latency": (["net_redraw_latency.py", "--games", "1", "--moves", "4"], "other screen redrawn"),
    "search": (["search.py", "--game", "toy", "--seconds", "0.1", "--budget", "0.02"], "iterations/s"),
    "bots-president": (["bots_president.py", "timing", "--decisions", "2"], "hard decisions: 2"),
    "bots-durak": (["bots_durak.py", "--games", "1", "--players", "2", "--budget", "0.01"], "hard decisions with a choice"),
    "bots-hearts": (["bots_hearts.py", "timing", "--decisions", "1"], "hard"),
    "strength-log": (
        ["strength_log.py", "play", "president", "--seats", "normal,easy,easy", "--games", "2", "--log", "{tmp}/log.jsonl"],
        "2 to play",
    ),
    "review": (["review.py", "--game", "hearts", "--games", "1", "--iterations", "10", "--hard-iterations", "10"], "hearts"),
}


def run(arguments: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Run one benchmark as a player would, with an empty cardtable home."""
    script, *rest = arguments
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *(arg.format(tmp=tmp_path) for arg in rest)],
        capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
        env={**os.environ, "CARDTABLE_HOME": str(tmp_path / "home")},
    )


def test_every_benchmark_has_a_smoke_run() -> None:
    smoked = {arguments[0] for arguments, _ in SMOKE_RUNS.values()} | {"startup.py"}
    scripts = {path.name for path in BENCHMARKS.glob("*.py")} - {"harness.py"}
    assert scripts == smoked


@pytest.mark.parametrize("name", sorted(SMOKE_RUNS))
def test_the_benchmark_runs_once(name: str, tmp_path: Path) -> None:
    arguments, expected = SMOKE_RUNS[name]
    result = run(arguments, tmp_path)
    assert result.returncode == 0, result.stderr
    assert expected in result.stdout, result.stdout


def test_a_strength_log_is_summarised_and_a_stopped_run_resumes(tmp_path: Path) -> None:
    log = ["--log", "{tmp}/log.jsonl"]
    assert run(["strength_log.py", "play", "president", "--seats", "normal,easy,easy", "--games", "2", *log],
               tmp_path).returncode == 0
    resumed = run(["strength_log.py", "play", "president", "--seats", "normal,easy,easy", "--games", "3", *log], tmp_path)
    assert resumed.returncode == 0 and "2 games logged, 1 to play" in resumed.stdout, resumed.stdout
    summary = run(["strength_log.py", "summary", "{tmp}/log.jsonl"], tmp_path)
    assert summary.returncode == 0 and "3 games" in summary.stdout, summary.stdout


@pytest.mark.slow
def test_the_fixed_iteration_bots_load_as_bot_files_for_simulate(tmp_path: Path) -> None:
    """``cardtable simulate --seats benchmarks/bots_president.py:Hard100,...`` loads the
    file as a bot file, not as a script (docs/bots.md measures with such seats)."""
    result = subprocess.run(
        [sys.executable, "-m", "cardtable", "simulate", "president", "--seats",
         f"{BENCHMARKS / 'bots_president.py'}:Hard100,normal,normal", "--games", "1"],
        capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL, cwd=ROOT,
        env={**os.environ, "CARDTABLE_HOME": str(tmp_path / "home")},
    )
    assert result.returncode == 0, result.stderr
    assert "Hard100" in result.stdout or "hard" in result.stdout.lower(), result.stdout


@pytest.mark.slow
def test_a_review_run_in_pieces_is_put_together_from_its_deal_lines(tmp_path: Path) -> None:
    """docs/bots.md's Durak row: levels and deals run apart, one table from their lines."""
    common = ["review.py", "--game", "durak", "--iterations", "10", "--hard-iterations", "10"]
    first = run([*common, "--games", "2"], tmp_path)
    second = run([*common, "--games", "1", "--first-seed", "2", "--levels", "easy,normal"], tmp_path)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert "hard" not in second.stderr
    (tmp_path / "one.txt").write_text(first.stderr)
    (tmp_path / "two.txt").write_text(second.stderr)
    together = run(["review.py", "--from-lines", "{tmp}/one.txt", "{tmp}/two.txt"], tmp_path)
    assert together.returncode == 0, together.stderr
    # each level's row: its name, then the deals it was played on
    rows = {words[0]: words[1] for words in map(str.split, together.stdout.splitlines())
            if len(words) > 1 and words[0] in ("easy", "normal", "hard") and words[1].isdigit()}
    assert rows == {"easy": "3", "normal": "3", "hard": "2"}, together.stdout
    assert "3 deals" in together.stdout


def test_the_openspiel_comparison_runs_both_loops(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")  # the bench extra
    result = run(["engine.py", "--vs-openspiel", "--turns", "1", "--turn-seconds", "0.01"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "median ratio against OpenSpiel: whole games" in result.stdout
    assert "fresh games" in result.stdout
