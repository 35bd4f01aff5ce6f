"""Reading never needs to write: ``cardtable stats`` on a read-only data folder, a data
path that is a file, and save paths that are symlink loops are one line (or the
figures), never a crash.

The tests run as root, where a folder's mode does not stop writes; a read-only file
system is stood in for by making every call that would write fail as it would there
(``EROFS``), and "reading writes nothing" is checked on the files themselves.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.userdata.paths import data_dir, logs_dir, saves_dir, stats_path
from cardtable.userdata.stats import record_result

from .helpers import finished_game

_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _refuse(*args: object, **kwargs: object) -> None:
    raise OSError(errno.EROFS, "Read-only file system")


@contextlib.contextmanager
def read_only() -> Iterator[None]:
    """Every write fails as on a read-only file system, whoever the tests run as."""
    real_open = os.open

    def opening(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & _WRITING:
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "open", opening)
        for name in ("mkdir", "replace", "rename", "unlink", "link", "rmdir", "utime", "chmod"):
            patch.setattr(os, name, _refuse)
        yield


def tree(folder: Path) -> dict[str, tuple[int, int]]:
    """Every path under ``folder`` with its size and modification time."""
    found = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        found[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns)
    return found


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def some_stats() -> str:
    assert record_result(finished_game("durak", seed=3)) == []
    # Counting a game takes the statistics lock; reading must not need it.
    stats_path().with_name("stats.json.lock").unlink(missing_ok=True)
    return stats_path().read_text(encoding="utf-8")


def test_reading_the_statistics_creates_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], cardtable_home: Path
) -> None:
    """Found: `cardtable stats` took the write lock (creating DATA/stats.json.lock) to read."""
    code, out, err = run(capsys, "stats")
    assert code == 0 and err == "" and "No statistics yet" in out
    assert not cardtable_home.exists()  # not even the data folder
    some_stats()
    before = tree(cardtable_home)
    for args in (("stats",), ("stats", "--json"), ("stats", "--game", "durak")):
        code, out, err = run(capsys, *args)
        assert code == 0 and err == "" and "Ann" in out
    assert tree(cardtable_home) == before


def test_stats_on_a_read_only_data_folder_shows_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """Found: exit 1 and a crash log (the lock file could not be made)."""
    before = some_stats()
    with read_only():
        code, out, err = run(capsys, "stats", "--json")
    assert code == 0 and err == ""
    assert ("Ann", 1) in [(entry["name"], entry["played"]) for entry in json.loads(out)]
    assert stats_path().read_text(encoding="utf-8") == before and not logs_dir().exists()


def test_a_damaged_statistics_file_on_a_read_only_folder_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    stats_path().parent.mkdir(parents=True)
    stats_path().write_text("{{{", encoding="utf-8")
    with read_only():
        code, out, err = run(capsys, "stats")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "the statistics file" in err and "damaged" in err and "left as it is" in err
    assert stats_path().read_text(encoding="utf-8") == "{{{" and not logs_dir().exists()


def test_a_finished_game_left_behind_on_a_read_only_folder_waits(capsys: pytest.CaptureFixture[str]) -> None:
    """Recovery would count a finished game a killed cardtable left; it cannot write
    here, so the figures are shown and the game waits for a folder it can write."""
    before = some_stats()
    saves_dir().mkdir(parents=True)
    left = finished_game("hearts", seed=4)
    left.meta["save_id"] = "0123abcd"
    (saves_dir() / "0123abcd.json").write_text(left.to_json(), encoding="utf-8")
    with read_only():
        code, out, err = run(capsys, "stats", "--game", "durak")
    assert code == 0 and "Ann" in out
    assert err.count("\n") <= 1 and "\x1b" not in err
    assert stats_path().read_text(encoding="utf-8") == before and not logs_dir().exists()
    # With the folder writable again, the game is counted, once.
    code, out, err = run(capsys, "stats", "--game", "hearts", "--json")
    assert code == 0 and "it is counted now" in err
    assert {entry["played"] for entry in json.loads(out)} == {1}


def test_stats_when_the_data_folder_is_a_file_is_one_line(
    capsys: pytest.CaptureFixture[str], cardtable_home: Path
) -> None:
    """Found: exit 1 and a crash log (FileExistsError making the lock's folder)."""
    cardtable_home.mkdir()
    data_dir().write_text("not a folder", encoding="utf-8")
    code, out, err = run(capsys, "stats")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"{data_dir()} is a file, not a folder" in err
    assert data_dir().read_text(encoding="utf-8") == "not a folder" and not logs_dir().exists()


# --- symlink loops ------------------------------------------------------------------


def test_resume_of_a_symlink_loop_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, cardtable_home: Path
) -> None:
    """Found: `RuntimeError: Symlink loop` from the game's lock, exit 1, a crash log."""
    loop = tmp_path / "LOOP"
    loop.symlink_to(loop)
    one, two = tmp_path / "one", tmp_path / "two"
    one.symlink_to(two)
    two.symlink_to(one)
    for path in (loop, one):
        code, out, err = run(capsys, "resume", str(path))
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert str(path) in err and "symbolic links" in err
    assert not logs_dir().exists() and loop.is_symlink() and os.readlink(loop) == str(loop)


def test_a_symlink_loop_among_the_recent_saves_is_passed_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    loop = tmp_path / "LOOP"
    loop.symlink_to(loop)
    data_dir().mkdir(parents=True)
    (data_dir() / "recent-saves.json").write_text(json.dumps([{"path": str(loop), "save_id": "0123abcd"}]))
    code, out, err = run(capsys, "resume", "--list")
    assert code == 0 and err == "" and "No unfinished games" in out
    code, out, err = run(capsys, "stats")
    assert code == 0 and err == ""
    assert not logs_dir().exists()


# --- saves on a folder where no lock can be made ----------------------------------------


def a_save_in_the_folder() -> str:
    """An unfinished game (a move in) in the saves folder; its id."""
    from .helpers import new_game, pure_choice

    state = new_game("hearts", 5)
    while not any(seat == 0 for seat, _ in state.history):
        state.apply(pure_choice(state, 5))
    state.meta["save_id"] = "0123abcd"
    saves_dir().mkdir(parents=True)
    (saves_dir() / "0123abcd.json").write_text(state.to_json(), encoding="utf-8")
    return "0123abcd"


@contextlib.contextmanager
def no_locks(how: str) -> Iterator[None]:
    """A read-only data folder, or a file where the locks' folder goes."""
    if how == "read-only":
        with read_only():
            yield
        return
    (data_dir() / "locks").write_text("a file of the player's\n", encoding="utf-8")
    yield


@pytest.mark.parametrize("how", ["read-only", "a file at locks"])
def test_the_unfinished_games_are_listed_with_saving_off_in_one_line(
    capsys: pytest.CaptureFixture[str], cardtable_home: Path, how: str,
) -> None:
    """Found: `resume --list` stopped on an internal error (game_lock -> mkdir), after a
    warning that a finished game could not be counted, with no finished game there."""
    save_id = a_save_in_the_folder()
    with no_locks(how):
        before = tree(cardtable_home)
        code, out, err = run(capsys, "resume", "--list")
        assert tree(cardtable_home) == before
    assert code == 0 and save_id in out and "Hearts" in out
    assert err.count("\n") == 1 and err.startswith("cardtable: warning: saving is off: the data folder cannot be written (")
    assert "cannot be counted" not in err and "internal error" not in err and not logs_dir().exists()


@pytest.mark.parametrize("how", ["read-only", "a file at locks"])
def test_resume_opens_the_game_read_only_and_says_saving_is_off(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, cardtable_home: Path, how: str,
) -> None:
    from cardtable.commands import play
    from cardtable.errors import SaveFileError
    from cardtable.userdata.slots import GameSlot

    save_id = a_save_in_the_folder()
    opened: list[object] = []
    monkeypatch.setattr(play, "run_app", opened.append)
    with no_locks(how):
        before = tree(cardtable_home)
        for args in (("resume",), ("resume", save_id)):
            code, _, err = run(capsys, *args)
            assert code == 0 and "internal error" not in err and "cannot be counted" not in err
        slot, state = GameSlot.open(saves_dir() / f"{save_id}.json")
        assert slot.saving_off is not None and slot.saving_off.startswith("saving is off: the data folder")
        with pytest.raises(SaveFileError, match="^saving is off: the data folder cannot be written"):
            slot.save(state)
        assert slot.discard() is False
        slot.close()
        assert tree(cardtable_home) == before
    apps = [app.slot for app in opened]  # type: ignore[attr-defined]
    assert len(apps) == 2 and all(slot is not None and slot.saving_off for slot in apps)
    assert not logs_dir().exists()


async def test_the_start_screen_lists_a_save_on_a_read_only_folder(cardtable_home: Path) -> None:
    from cardtable.tui.app import CardtableApp

    save_id = a_save_in_the_folder()
    with read_only():
        before = tree(cardtable_home)
        app = CardtableApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert [game.save_id for game in app.saved_games] == [save_id]
            messages = [str(n.message) for n in app._notifications]
            assert [m for m in messages if m.startswith("saving is off")], messages
            assert not [m for m in messages if "cannot be counted" in m], messages
        assert tree(cardtable_home) == before
