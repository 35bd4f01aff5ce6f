"""Crash logs keep only the newest few (``KEEP_CRASH_LOGS``), and pruning them touches
nothing that is not a crash log of cardtable's by its name and first line."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.userdata.crashlog import KEEP_CRASH_LOGS, write_crash_log


def crash(number: int) -> Path:
    try:
        raise RuntimeError(f"crash {number}")
    except RuntimeError as error:
        path = write_crash_log(error)
    assert path is not None
    return path


def test_only_the_newest_crash_logs_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    written = [crash(number) for number in range(KEEP_CRASH_LOGS + 5)]
    folder = written[0].parent
    # A person's files, and a file with a crash log's name but not its content, stay.
    theirs = [folder / "crash-notes.log", folder / "crash-20200101-000000-1.log", folder / "bot-report.log"]
    for path in theirs:
        path.write_text("mine\n")
    crash(KEEP_CRASH_LOGS + 5)
    kept = sorted(path for path in folder.iterdir() if path not in theirs)
    assert len(kept) == KEEP_CRASH_LOGS
    texts = {path.read_text().split("RuntimeError: ")[-1].strip() for path in kept}
    assert texts == {f"crash {number}" for number in range(6, KEEP_CRASH_LOGS + 6)}
    assert all(path.read_text() == "mine\n" for path in theirs)
