"""``cardtable stats`` and ``cardtable export``: tables, JSON, and one-line errors (exit 2)."""

from __future__ import annotations

import doctest
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.userdata.paths import stats_path
from cardtable.userdata.savefiles import save_game
from cardtable.userdata.stats import record_result

from .helpers import finished_game, new_game, pure_choice


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    assert err.startswith("cardtable: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.fixture
def some_stats() -> None:
    for game, seed in (("president", 1), ("durak", 2), ("hearts", 3)):
        record_result(finished_game(game, seed))


def test_stats_with_nothing_recorded(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stats")
    assert code == 0 and err == "" and "No statistics yet" in out


def test_stats_tables(capsys: pytest.CaptureFixture[str], some_stats: None) -> None:
    code, out, err = run(capsys, "stats")
    assert code == 0 and err == ""
    for word in ("President", "Durak", "Hearts", "Ann", "Cleo", "titles", "moons", "durak"):
        assert word in out
    code, out, _ = run(capsys, "stats", "--game", "Hearts", "--kind", "human")
    assert code == 0 and "Hearts" in out and "Ann" in out and "Ada" not in out and "President" not in out


def test_stats_json(capsys: pytest.CaptureFixture[str], some_stats: None) -> None:
    code, out, _ = run(capsys, "stats", "--json", "--player", "ADA")
    data = json.loads(out)
    assert code == 0 and {row["game"] for row in data} == {"president", "durak", "hearts"}
    assert all(row["name"] == "Ada" and row["played"] == 1 for row in data)
    assert all(1 <= row["average_place"] <= 4 for row in data)
    code, out, _ = run(capsys, "stats", "--json", "--player", "nobody")
    assert json.loads(out) == []


def test_stats_filters_that_match_nothing(capsys: pytest.CaptureFixture[str], some_stats: None) -> None:
    code, out, _ = run(capsys, "stats", "--player", "nobody")
    assert code == 0 and "No statistics match" in out


@pytest.mark.parametrize("args", [("--game", "chess"), ("--kind", "robots"), ("--bogus",)])
def test_stats_bad_input(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    code, out, err = run(capsys, "stats", *args)
    assert code == 2 and out == ""
    one_line_error(err)


def test_stats_warns_about_a_damaged_file(capsys: pytest.CaptureFixture[str]) -> None:
    stats_path().parent.mkdir(parents=True)
    stats_path().write_text("{{{", encoding="utf-8")
    code, out, err = run(capsys, "stats")
    assert code == 0 and err.startswith("cardtable: warning: the statistics file") and err.count("\n") == 1
    assert "No statistics yet" in out


def test_export(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = save_game(finished_game("durak"), tmp_path / "save.json")
    record = tmp_path / "out" / "record.json"
    code, out, err = run(capsys, "export", str(save), str(record))
    assert code == 0 and err == "" and "finished" in out
    assert json.loads(record.read_text(encoding="utf-8"))["record"]["players"][0]["name"] == "Ann"
    code, out, err = run(capsys, "export", str(save), str(record))
    assert code == 2 and "already exists; add --force" in one_line_error(err)
    code, _, err = run(capsys, "export", str(save), str(record), "--force")
    assert code == 0 and err == ""


def test_export_unfinished(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = new_game("hearts", 1)
    for _ in range(10):
        state.apply(pure_choice(state, 1))
    save = save_game(state, tmp_path / "s.json")
    code, out, _ = run(capsys, "export", str(save), str(tmp_path / "r.json"))
    assert code == 0 and "not finished, 10 actions" in out


def test_export_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardtable-save", "version": 1, "game": "chess"}', encoding="utf-8")
    code, _, err = run(capsys, "export", str(broken), str(tmp_path / "r.json"))
    assert code == 2 and "unknown game 'chess'" in one_line_error(err)
    assert broken.exists() and not (tmp_path / "r.json").exists()  # only read, nothing written
    code, _, err = run(capsys, "export", str(tmp_path / "missing.json"), str(tmp_path / "r.json"))
    assert code == 2 and "no file at" in one_line_error(err)
    code, _, err = run(capsys, "export", str(broken), str(tmp_path))
    assert code == 2
    one_line_error(err)


def test_help_lists_the_new_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "stats" in out and "export" in out


MODULES = [
    "cardtable.userdata.paths",
    "cardtable.userdata.savefiles",
    "cardtable.userdata.records",
    "cardtable.userdata.stats",
    "cardtable.userdata.settings",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_userdata_never_imports_textual() -> None:
    code = (
        "import sys, cardtable.userdata, cardtable.commands.stats, cardtable.commands.records;"
        "sys.exit('textual' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
