"""``cardtable simulate``: the table, the JSON, the progress bar and one-line errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.bots.arena import play_match
from cardtable.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_BOT = str(ROOT / "examples" / "my_bot.py") + ":LowestCardBot"
TIME_FIELDS = ("average_decision_ms", "max_decision_ms")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _figures(data: dict) -> list[dict]:
    return [{k: v for k, v in level.items() if k not in TIME_FIELDS} for level in data["levels"]]


def test_table_shows_every_level_and_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "president", "--seats", "easy,random,random,random", "--games", "12", "--seed", "1")
    assert code == 0 and err == ""
    assert "president: 12 games, seed 1" in out
    for heading in ("level", "games", "wins", "place", "mean", "95% CI", "avg ms", "max ms"):
        assert heading in out
    assert "points per round (higher is better)" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.split()[:1] in (["easy"], ["random"])}
    assert rows["easy"][1] == "12" and rows["random"][1] == "36"


def test_json_has_the_same_figures_as_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "durak", "--seats", "easy,random", "--games", "10", "--seed", "3", "--json")
    assert code == 0 and err == ""  # no progress bar with --json
    data = json.loads(out)
    assert data["game"] == "durak" and data["games"] == 10 and data["seed"] == 3
    assert data["seats"] == ["easy", "random"]
    expected = play_match("durak", ["easy", "random"], games=10, seed=3).to_dict(records=False)
    assert _figures(data) == _figures(expected)
    assert {level["measure"] for level in data["levels"]} == {"durak rate"}
    for level in data["levels"]:
        assert level["ci_low"] <= level["mean"] <= level["ci_high"]
        assert level["average_decision_ms"] >= 0


def test_jobs_give_the_same_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("president", "--seats", "easy,random,random", "-n", "9", "--seed", "2", "--json")
    one = json.loads(run(capsys, *args)[1])
    two = json.loads(run(capsys, *args, "--jobs", "2")[1])
    assert _figures(one) == _figures(two)


def test_options_rounds_and_target_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "president", "--seats", "easy,easy,easy", "-n", "2", "--rounds", "2", "-o", "revolution=false", "--json")
    assert code == 0 and json.loads(out)["options"] == {"rounds": 2, "revolution": False}
    code, out, _ = run(capsys, "hearts", "--seats", "easy,easy,easy,easy", "-n", "2", "--target", "30", "--json")
    assert code == 0 and json.loads(out)["options"] == {"target": 30}


def test_one_seat_option_per_player_and_a_user_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "hearts", "--seat", EXAMPLE_BOT, "--seat", "easy", "--seat", "easy", "--seat", "easy",
        "-n", "3", "--target", "30", "--json",
    )
    assert code == 0
    assert [level["level"] for level in json.loads(out)["levels"]] == [EXAMPLE_BOT, "easy"]


def test_progress_bar_goes_to_stderr_on_a_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # Rich treats the captured stream as a terminal
    code, out, err = run(capsys, "durak", "--seats", "random,random", "-n", "5")
    assert code == 0
    assert "durak: 5 games" in err and "5/5" in err
    assert "5/5" not in out and "durak rate" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--seats", "easy,easy"], "unknown game 'chess'"),
        (["president", "--seats", "easy,easy"], "President is for 3 to 6 players, not 2"),
        (["hearts", "--seats", "easy,easy,easy"], "Hearts is for exactly 4 players, not 3"),
        (["durak", "--seats", "easy,genius"], "unknown bot level 'genius'"),
        (["durak", "--seats", "easy,nowhere_xyz:Bot"], "cannot load bot 'nowhere_xyz:Bot': no module named"),
        (["durak", "--seats", "easy,missing.py:Bot"], "no file 'missing.py'"),
        (["durak", "--seats", "easy,easy", "--games", "0"], "at least 1, not 0"),
        (["durak", "--seats", "easy,easy", "--games", "many"], "invalid value for '--games'"),
        (["durak", "--seats", "easy,easy", "--jobs", "0"], "jobs must be at least 1"),
        (["durak", "--seats", "easy,easy", "--target", "50"], "Durak has no option 'target'"),
        (["durak", "--seats", "easy,easy", "-o", "rounds"], "--option needs KEY=VALUE"),
        (["durak", "--seats", "easy,easy", "--seat", "easy"], "either with --seats"),
        (["durak"], "no seats"),
        (["durak", "--seats", "hard,easy", "--think", "3"], "--think must be one of 0.5, 1, 2, 5 seconds, not '3'"),
        (["durak", "--seats", "hard,easy", "--think", "fast"], "--think must be one of 0.5, 1, 2, 5 seconds"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("cardtable: ") and err.count("\n") == 1
    assert message in err


def test_a_bot_bug_stops_the_run_with_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    cheat = tmp_path / "cheat.py"
    cheat.write_text(
        "from cardtable.engine.actions import PASS\n"
        "class AlwaysPass:\n    def choose(self, observation, legal_actions):\n        return PASS\n"
    )
    code, out, err = run(capsys, "president", "--seats", f"random,{cheat}:AlwaysPass,random", "-n", "3", "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert re.search(r"AlwaysPass' at seat \d chose the illegal action 'pass' in game \d", err)
    saved = Path(err.strip().rpartition(" saved in ")[2])
    assert '"format":"cardtable-save"' in saved.read_text(encoding="utf-8")


def test_a_module_in_the_working_directory_works_from_the_command(tmp_path: Path) -> None:
    (tmp_path / "my_table_bot.py").write_text(
        "class FirstBot:\n    def __init__(self, seed=None):\n        pass\n"
        "    def choose(self, observation, legal_actions):\n        return legal_actions[0]\n"
    )
    # Run as the console script does: the working directory is not on sys.path.
    script = "import sys; sys.path = [p for p in sys.path if p not in ('', '.')]; from cardtable.cli import main; sys.exit(main())"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", script, "simulate", "durak", "--seats", "my_table_bot:FirstBot,easy", "-n", "2", "--json"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["levels"][0]["level"] == "my_table_bot:FirstBot"


def test_a_durak_rate_interval_is_a_wilson_interval_inside_zero_to_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "durak", "--seats", "normal,random", "-n", "12", "--seed", "2")
    assert code == 0
    intervals = re.findall(r"(-?\d\.\d{3})–(-?\d\.\d{3})", out)
    assert len(intervals) == 2, out
    for low, high in intervals:
        assert 0.0 <= float(low) < float(high) <= 1.0
    assert "Wilson" in out


def test_one_game_is_written_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "president", "--seats", "easy,random,random", "--games", "1", "--seed", "1")
    assert code == 0 and err == ""
    assert "president: 1 game, seed 1" in out and "1 games" not in out


def test_think_reaches_the_hard_bots_and_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.bots.arena import _factory
    from cardtable.games import get_rules

    code, out, _ = run(capsys, "president", "--seats", "random,random,random", "-n", "1", "--think", "2", "--json")
    assert code == 0 and json.loads(out)["think"] == 2.0
    code, out, _ = run(capsys, "president", "--seats", "random,random,random", "-n", "1", "--json")
    assert code == 0 and "think" not in json.loads(out)
    bot = _factory(get_rules("durak"), "hard", 2.0)(1)
    assert bot.time_budget == bot.searcher.time_budget == 2.0  # type: ignore[attr-defined]
    assert _factory(get_rules("durak"), "hard")(1).time_budget == 0.5  # type: ignore[attr-defined]
