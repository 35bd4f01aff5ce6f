"""Statistics and records under concurrency and kills: every game counted exactly once."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from pathlib import Path

import pytest

from cardtable.games import get_rules
from cardtable.userdata import paths
from cardtable.userdata.meta import set_seats
from cardtable.userdata.paths import atomic_write_text, records_dir, saves_dir, stats_path
from cardtable.userdata.recovery import ORPHAN_AGE, recover, remove_orphaned_temporaries
from cardtable.userdata.savefiles import save_game
from cardtable.userdata.slots import GameSlot, unfinished_games
from cardtable.userdata.stats import load_stats

from .helpers import finished_game, new_game, play_to_end, pure_choice

FORK = multiprocessing.get_context("fork")


def _all_files() -> list[Path]:
    return sorted(path for path in paths.data_dir().rglob("*") if path.is_file())


def _temporaries() -> list[Path]:
    return [path for path in _all_files() if path.name.endswith(".tmp")]


def _played() -> set[int]:
    entries, warnings = load_stats()
    assert warnings == []
    return {entry.played for entry in entries}


# --- two cardtables finishing games in one data folder --------------------------------

def _tiny_finished_game():
    """A whole game of Hearts played to a target of 1: one hand, quick to save."""
    state = get_rules("hearts").new_game(players=4, seed=7, target=1)
    set_seats(state, [("Ann", "human"), ("Ada", "easy"), ("Ben", "easy"), ("Cleo", "easy")])
    return play_to_end(state, 7)


def _finish_many(count: int, start) -> None:
    # Durability is another test's business (a kill at each step, below); here only the
    # locks and the names are tested, so syncing to disk is skipped to keep this quick.
    os.fsync = lambda descriptor: None
    base = _tiny_finished_game()
    start.wait()
    for _ in range(count):
        state = base.clone()
        state.meta = {key: value for key, value in base.meta.items() if key != "save_id"}
        slot = GameSlot.new(state)  # its own save, as the app makes at the first move
        slot.finish(state)
    os._exit(0)


@pytest.mark.slow
def test_two_processes_finishing_500_games_each_count_1000() -> None:
    """Found: 978 of 1,000 games counted and 957 of 1,000 records kept."""
    start = FORK.Event()
    workers = [FORK.Process(target=_finish_many, args=(500, start)) for _ in range(2)]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(timeout=600)
        assert worker.exitcode == 0
    assert _played() == {1000}
    assert len(list(records_dir().glob("*.json"))) == 1000
    assert list(saves_dir().glob("*.json")) == [] and _temporaries() == []
    assert len(json.loads(stats_path().read_text(encoding="utf-8"))["recorded"]) == 1000


# --- a process killed at each step of finishing a game --------------------------------

STEPS = ("replace", "link", "unlink", "fsync", "rename")


def _finish_and_die_at(path: str, kill_at: int, report) -> None:
    """The app's last move and finish, with the process killed before its kill_at-th
    file-system step (0: never; then report how many steps there were)."""
    calls = {"count": 0}
    for name in STEPS:
        real = getattr(os, name)

        def step(*args, _real=real, **kwargs):
            calls["count"] += 1
            if calls["count"] == kill_at:
                os._exit(9)  # SIGKILL-like: no cleanup, no finally
            return _real(*args, **kwargs)

        setattr(os, name, step)
    slot, state = GameSlot.open(path)
    state.apply(pure_choice(state, 11))
    assert state.is_over
    slot.save(state)
    slot.finish(state)
    report.value = calls["count"]
    os._exit(0)


def _almost_finished() -> Path:
    """A game one move from its end, saved as the app saves it."""
    state = new_game("durak", 11)
    reference = finished_game("durak", 11)
    while len(state.history) < len(reference.history) - 1:
        state.apply(pure_choice(state, 11))
    slot = GameSlot.new(state)
    slot.close()
    return slot.path


def _run(path: Path, kill_at: int) -> tuple[int, int | None]:
    report = FORK.Value("i", -1)
    process = FORK.Process(target=_finish_and_die_at, args=(str(path), kill_at, report))
    process.start()
    process.join(timeout=120)
    return process.exitcode, report.value


def test_a_kill_at_any_step_of_finishing_counts_the_game_exactly_once(cardtable_home: Path, monkeypatch) -> None:
    """Found: over 40 kill -9s, orphaned temporary files and finished games never counted."""
    path = _almost_finished()
    exitcode, total = _run(path, 0)
    assert exitcode == 0 and total and total >= 6
    for kill_at in range(1, total + 1):
        home = cardtable_home.parent / f"home-{kill_at}"
        monkeypatch.setenv(paths.HOME_ENV, str(home))
        path = _almost_finished()
        exitcode, _ = _run(path, kill_at)
        assert exitcode == 9, f"the process was not killed at step {kill_at}"
        recover()  # the next start
        games, _ = unfinished_games()
        if games:  # killed before the finished game reached the disk: the player plays on
            assert [game.path for game in games] == [path]
            slot, state = GameSlot.open(path)
            state.apply(pure_choice(state, 11))
            slot.finish(state)
        recover()
        assert _played() == {1}, f"killed at step {kill_at}"
        assert len(list(records_dir().glob("*.json"))) == 1, f"killed at step {kill_at}"
        assert _temporaries() == [] and list(saves_dir().glob("*.json")) == [], f"killed at step {kill_at}"


def test_recovery_counts_a_finished_game_whose_statistics_were_not_written() -> None:
    state = finished_game("hearts", 3)
    slot = GameSlot.new(state)  # saved finished, then the process died
    slot.close()
    messages = recover()
    assert messages == ["a finished Hearts game had not been counted when cardtable stopped; it is counted now"]
    assert _played() == {1} and len(list(records_dir().iterdir())) == 1 and not slot.path.exists()
    assert recover() == [] and _played() == {1}


def test_a_finished_game_waits_while_the_statistics_cannot_be_read(monkeypatch) -> None:
    from cardtable.userdata import stats as stats_module

    state = finished_game("durak", 3)
    slot = GameSlot.new(state)
    with monkeypatch.context() as patch:
        patch.setattr(stats_module, "read_file_bytes", lambda *a, **k: (_ for _ in ()).throw(PermissionError(13, "Permission denied")))
        stats_path().parent.mkdir(parents=True, exist_ok=True)
        stats_path().write_text("{}", encoding="utf-8")
        done = slot.finish(state)
        assert done.warnings and "Permission denied" in done.warnings[0]
        assert slot.path.exists()  # kept, to be counted once the file can be read
    stats_path().unlink()
    assert recover() == ["a finished Durak game had not been counted when cardtable stopped; it is counted now"]
    assert _played() == {1} and not slot.path.exists() and len(list(records_dir().iterdir())) == 1


def test_only_orphaned_temporaries_of_cardtable_are_removed(tmp_path: Path) -> None:
    import subprocess
    import sys

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)
    saves_dir().mkdir(parents=True)
    orphan = saves_dir() / f".0123abcd.json.{dead_pid}.abcd_123.tmp"
    old_style = saves_dir() / ".autosave.json.k3j4h5g6.tmp"  # cardtable 0.1's, no process id
    fresh_old_style = saves_dir() / ".autosave.json.zzzzzzzz.tmp"
    writing = saves_dir() / f".0123abcd.json.{os.getpid()}.abcdefgh.tmp"  # this process, writing now
    notes = saves_dir() / ".my-notes.tmp"
    outside = tmp_path / f".0123abcd.json.{dead_pid}.abcd_123.tmp"
    for path in (orphan, old_style, fresh_old_style, writing, notes, outside):
        path.write_text("x", encoding="utf-8")
    stale = time.time() - ORPHAN_AGE - 10
    os.utime(old_style, (stale, stale))
    os.utime(notes, (stale, stale))
    removed = remove_orphaned_temporaries()
    assert sorted(removed) == sorted([orphan, old_style])
    assert all(path.exists() for path in (fresh_old_style, writing, notes, outside))


def test_atomic_writes_name_their_process() -> None:
    seen: list[str] = []
    real = os.replace

    def spy(source, target):
        seen.append(Path(source).name)
        real(source, target)

    os.replace = spy
    try:
        atomic_write_text(paths.data_dir() / "x.json", "{}")
    finally:
        os.replace = real
    assert seen and seen[0].startswith(f".x.json.{os.getpid()}.") and seen[0].endswith(".tmp")


def test_a_second_save_of_a_finished_game_is_not_counted_again() -> None:
    state = finished_game("president", 2)
    save_game(state)
    recover()
    recover()
    assert _played() == {1}


@pytest.mark.parametrize("content", ["", "{", '{"format": "cardtable-save", "version": 1, "game": "x"'])
def test_recovery_leaves_damaged_saves_to_the_list(content: str) -> None:
    saves_dir().mkdir(parents=True)
    (saves_dir() / "0123abcd.json").write_text(content, encoding="utf-8")
    assert recover() == []
    assert (saves_dir() / "0123abcd.json").exists()
    games, messages = unfinished_games()
    assert games == [] and len(messages) == 1 and "kept as" in messages[0]


def test_cardtable_stats_recovers_first(capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.cli import main

    slot = GameSlot.new(finished_game("durak", 3))  # killed right after saving the end
    slot.close()
    assert main(["stats", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        "cardtable: warning: a finished Durak game had not been counted when cardtable stopped; it is counted now\n"
    )
    assert {entry["played"] for entry in json.loads(captured.out)} == {1}


async def test_the_app_recovers_at_start_up() -> None:
    from cardtable.tui.app import CardtableApp

    slot = GameSlot.new(finished_game("hearts", 3))
    slot.close()
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [n.message for n in app._notifications] == [
            "a finished Hearts game had not been counted when cardtable stopped; it is counted now"
        ]
        assert app.saved_games == []
    assert _played() == {1}
