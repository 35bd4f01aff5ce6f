"""Crash logs are private: 0600 files, a fallback folder of this user's alone (0700,
never someone else's or a planted link), and no seat's join code in them."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

from cardtable.userdata.crashlog import write_crash_log

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes and owners are POSIX's")


def crash() -> Path | None:
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        return write_crash_log(error)


@pytest.fixture
def temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cardtable_home: Path) -> Path:
    """The system's temporary folder, and a logs folder that cannot be made (a file is where its parent goes)."""
    folder = tmp_path / "systemp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(folder))
    cardtable_home.mkdir(parents=True, exist_ok=True)
    (cardtable_home / "state").write_text("not a folder\n")
    return folder


def test_a_crash_log_in_the_logs_folder_is_readable_by_its_owner_alone(cardtable_home: Path) -> None:
    path = crash()
    assert path is not None and path.parent == cardtable_home / "state" / "logs"
    assert path.stat().st_mode & 0o777 == 0o600


def test_an_unwritable_logs_folder_falls_back_to_a_private_folder_of_this_user(temp: Path) -> None:
    path = crash()
    assert path is not None
    assert path.parent == temp / f"cardtable-logs-{os.getuid()}"
    assert path.parent.stat().st_mode & 0o777 == 0o700 and path.stat().st_mode & 0o777 == 0o600
    assert "RuntimeError: boom" in path.read_text()
    assert not (temp / "cardtable-logs").exists()  # the old shared folder


def test_a_fallback_folder_open_to_others_is_refused(temp: Path) -> None:
    shared = temp / f"cardtable-logs-{os.getuid()}"
    shared.mkdir(mode=0o755)
    shared.chmod(0o777)
    assert crash() is None and list(shared.iterdir()) == []


def test_a_fallback_folder_of_someone_else_is_refused(temp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    theirs = os.getuid() + 1
    (temp / f"cardtable-logs-{theirs}").mkdir(mode=0o700)  # ours on disk, but not the uid we run as
    monkeypatch.setattr(os, "getuid", lambda: theirs)
    assert crash() is None
    assert list((temp / f"cardtable-logs-{theirs}").iterdir()) == []


def test_a_link_planted_where_the_fallback_folder_goes_is_not_followed(temp: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (temp / f"cardtable-logs-{os.getuid()}").symlink_to(elsewhere)
    assert crash() is None and list(elsewhere.iterdir()) == []


def test_a_join_code_never_reaches_a_crash_log(cardtable_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for argv in (["cardtable", "join", "127.0.0.1:8765", "Qx7secretCODEvalue1234ab", "--name", "Ann"],
                 ["cardtable", "--ascii", "join", "--name", "Ann", "127.0.0.1:8765", "-QsecretCODEvalue1234ab"],
                 ["cardtable", "join", "127.0.0.1:8765", "--", "--secretCODEvalue1234ab"]):
        monkeypatch.setattr(sys, "argv", argv)
        path = crash()
        assert path is not None
        text = path.read_text()
        assert "secretCODE" not in text and "[code]" in text and "127.0.0.1:8765" in text
