"""The command line on every terminal: ASCII when the encoding cannot show more, and
statistics tables that fit 80 columns without cutting a number."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.asciitext import to_ascii, use_ascii_fallback
from cardtable.userdata.stats import STATS_FORMAT, STATS_VERSION, PlayerStats
from cardtable.userdata.stats_tables import render_tables

ROOT = Path(__file__).resolve().parents[1]

TITLES = {"President": 1234, "Vice-President": 1111, "Citizen": 2222, "Vice-Scum": 999, "Scum": 1010}
BIG = [
    PlayerStats("Maximilian Longn", "human", "president", 1234, 567, 89, 6170, 2345, 98765, 120, -3, {"titles": TITLES}),
    PlayerStats("Ada", "hard", "president", 12, 5, 0, 60, 30, 100, 12, 2, {"titles": {"President": 20, "Scum": 4}}),
    PlayerStats("Maximilian Longn", "normal", "durak", 123456, 56789, 8901, 6170, 2345, -9876543, 1200, -30000,
                {"times_durak": 345678}),
    PlayerStats("Maximilian Longn", "human", "hearts", 1234, 567, 89, 6170, 2345, 987654, 12, 130, {"moons": 123}),
]


def values_of(entry: PlayerStats) -> list[str]:
    shown = [entry.kind, str(entry.played), str(entry.wins), f"{entry.average_place:.2f}",
             f"{entry.average_score:.1f}", str(entry.best_score), str(entry.worst_score), str(entry.games_with_undo)]
    if entry.game == "durak":
        shown.append(str(entry.count("times_durak")))
    if entry.game == "hearts":
        shown.append(str(entry.count("moons")))
    if entry.game == "president":
        shown += [str(count) for count in entry.labels("titles").values()] + [str(sum(entry.labels("titles").values()))]
    return shown


def render(width: int) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    for table in render_tables(BIG):
        console.print(table)
    return console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("width", [80, 76])
def test_stats_tables_fit_the_width_and_never_cut_a_value(width: int) -> None:
    text = render(width)
    assert max(len(line.rstrip()) for line in text.splitlines()) <= width
    assert "…" not in text
    words = text.split()
    for entry in BIG:
        for value in values_of(entry):
            assert value in words, (entry.game, value)
    for heading in ("player", "kind", "games", "wins", "place", "avg", "best", "worst", "undo"):
        assert heading in text
    # A name is a value too: with President's titles in a table of their own, it keeps its line.
    assert sum("Maximilian Longn" in line for line in text.splitlines()) >= 2
    assert "-0.0" not in words


def write_stats(home: Path) -> None:
    from cardtable.userdata.paths import stats_path

    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": STATS_FORMAT, "version": STATS_VERSION, "entries": [e.to_dict() for e in BIG], "recorded": []}
    path.write_text(json.dumps(data), encoding="utf-8")


def program(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True, stdin=subprocess.DEVNULL, timeout=120, cwd=ROOT,
        env={**os.environ, **env}, encoding="latin-1",
    )


def test_cardtable_stats_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    write_stats(tmp_path)
    result = program("stats", CARDTABLE_HOME=str(tmp_path), COLUMNS="80", PYTHONIOENCODING="utf-8")
    assert result.returncode == 0, result.stderr
    assert max(len(line) for line in result.stdout.encode("latin-1").decode("utf-8").splitlines()) <= 80
    for entry in BIG:
        for value in values_of(entry):
            assert value in result.stdout.split(), value


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
@pytest.mark.parametrize("args", [("stats",), ("rules", "hearts"), ("play", "--help"), ("rules", "chess")])
def test_a_terminal_that_cannot_show_unicode_gets_ascii_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoding: str, args: tuple[str, ...]
) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    write_stats(tmp_path)
    result = program(*args, CARDTABLE_HOME=str(tmp_path), COLUMNS="80", PYTHONIOENCODING=encoding)
    assert "Traceback" not in result.stderr and "UnicodeEncodeError" not in result.stderr
    assert result.returncode == (2 if "chess" in args else 0)
    assert "\\u" not in result.stdout
    assert result.stdout.isascii() or encoding == "latin-1"


def test_use_ascii_fallback_writes_what_the_encoding_cannot() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    use_ascii_fallback(stream)
    stream.write("─ 10♥ · Ben → Ada …")
    stream.flush()
    assert raw.getvalue() == b"- 10H . Ben > Ada ."
    kept = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="replace")
    use_ascii_fallback(kept)
    assert kept.errors == "replace"


def test_to_ascii_keeps_every_width() -> None:
    from rich.cells import cell_len

    sample = "╭─┬─╮│├┼┤╰┴╯━┃┏┓┗┛═║╔╗╚╝▔▁▊▎▀▄█·…—–→←↑↓▶▸◂▲★◆×⏎♣♦♥♠é漢"
    plain = to_ascii(sample)
    assert plain.isascii()
    assert len(plain) == cell_len(sample)
    assert to_ascii("─Your hand · 13 cards─") == "-Your hand . 13 cards-"
