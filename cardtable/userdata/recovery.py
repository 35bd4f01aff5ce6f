"""Recovery at start-up: finish what a killed cardtable left half done.

Finishing a game takes four steps, each safe to do again: the finished game is saved,
its record is written, it is counted in the statistics, and its save leaves the saves
folder.  A process killed between two of them leaves a finished game's save behind;
:func:`recover` (run when the app or a command that reads the saves starts) does the
steps that are missing, so the game is counted exactly once.  It also removes the
temporary files of atomic writes whose writer was killed: only files named as
:func:`~cardtable.userdata.paths.atomic_write_text` names them (``.NAME.PID.XXXXXXXX.tmp``),
only in cardtable's own folders, and only when the process that wrote them is gone
(or, for a file without a process id, after an hour untouched).  And it removes the
saves in the saves folder of games no person moved in (their cardtable was closed or
killed before the first move), when no cardtable has them open.  Where nothing can be
written (a read-only data folder), it only reads: nothing is said about a game that is
not finished.

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> from cardtable.userdata.paths import saves_dir
>>> saves_dir().mkdir(parents=True)
>>> orphan = saves_dir() / ".0123abcd.json.999999999.k3j4h5g6.tmp"
>>> _ = orphan.write_text("half a save")
>>> recover(), orphan.exists()
([], False)
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from cardtable.engine.state import GameState
from cardtable.errors import SaveFileError
from cardtable.lang import _
from cardtable.userdata.meta import SAVE_ID
from cardtable.userdata.paths import config_dir, data_dir, records_dir, saves_dir
from cardtable.userdata.savefiles import (
    complete_finish,
    forget_named_save,
    load_save,
    recent_saves,
    still_the_same_game,
)
from cardtable.userdata.slots import game_lock, migrate_autosave, moved_in

__all__ = ["recover", "remove_orphaned_temporaries", "remove_unplayed_saves", "finish_interrupted_games", "ORPHAN_AGE"]

ORPHAN_AGE = 3600.0
"""Seconds after which a temporary file is an orphan whoever wrote it (no write takes that long)."""

_TEMPORARY = re.compile(r"\.(?P<name>.+?\.(?:json|toml))(?:\.(?P<pid>\d+))?\.[a-z0-9_]{8}\.tmp")


def recover() -> list[str]:
    """Every recovery step; return messages for the player (one line each)."""
    messages = migrate_autosave()
    remove_orphaned_temporaries()
    messages.extend(finish_interrupted_games())
    remove_unplayed_saves()
    return messages


def remove_unplayed_saves() -> list[Path]:
    """Delete the saves in the saves folder of games no person moved in
    (:func:`~cardtable.userdata.slots.moved_in`) that no cardtable has open (their own
    cardtable ended before the first move); return their paths.

    Only a file named as the saves folder names them (``ID.json``) whose parsed content is
    such a cardtable save is removed, under the game's lock, and only if it did not change
    while it was read.
    """
    removed: list[Path] = []
    try:
        candidates = sorted(path for path in saves_dir().glob("*.json") if SAVE_ID.fullmatch(path.stem))
    except OSError:
        return removed
    for path in candidates:
        try:
            lock = game_lock(path)
            lock.acquire(timeout=0)
        except OSError:  # filelock.Timeout (a TimeoutError) or no lock can be made
            continue  # open in a cardtable (maybe one starting that game), or no lock can be made
        try:
            before = path.stat()
            state = load_save(path, set_aside_damaged=False)
            after = path.stat()
            if moved_in(state) or state.is_over or (before.st_ino, before.st_mtime_ns) != (after.st_ino, after.st_mtime_ns):
                continue
            path.unlink()
            removed.append(path)
        except (SaveFileError, OSError):
            continue
        finally:
            lock.release()
    return removed


def _own_folders() -> list[Path]:
    return [data_dir(), saves_dir(), records_dir(), config_dir()]


def remove_orphaned_temporaries(now: float | None = None) -> list[Path]:
    """Delete the temporary files that killed cardtables left; return their paths."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    for folder in _own_folders():
        try:
            candidates = list(folder.iterdir())
        except OSError:
            continue
        for path in candidates:
            match = _TEMPORARY.fullmatch(path.name)
            if match is None or not _is_orphan(path, match.group("pid"), now):
                continue
            try:
                path.unlink()
            except OSError:
                continue
            removed.append(path)
    return removed


def _is_orphan(path: Path, pid_text: str | None, now: float) -> bool:
    try:
        info = path.lstat()
    except OSError:
        return False
    if not path.is_file() or path.is_symlink():
        return False
    if now - info.st_mtime > ORPHAN_AGE:
        return True
    if pid_text is None:
        return False
    pid = int(pid_text)
    return pid != os.getpid() and not _process_alive(pid)


def _process_alive(pid: int) -> bool:
    if os.name == "nt":  # signal 0 would end the process there: trust the age instead
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def finish_interrupted_games() -> list[str]:
    """Finish the recording of finished games whose saves were left behind."""
    messages: list[str] = []
    try:
        folder_saves = sorted(path for path in saves_dir().glob("*.json") if SAVE_ID.fullmatch(path.stem))
    except OSError:
        folder_saves = []
    for path in folder_saves:
        messages.extend(_finish_safely(path))
    for path, save_id in recent_saves():
        if save_id is not None and still_the_same_game(path, save_id):
            messages.extend(_finish_safely(path, named=True))
    return messages


def _finish_safely(path: Path, named: bool = False) -> list[str]:
    """:func:`_finish_if_over`, where the data folder may not be writable (read-only,
    or a file): then the game waits, counted the next time it can be."""
    try:
        return _finish_if_over(path, named)
    except OSError as exc:
        return [_("a finished game left in {path} cannot be counted yet ({reason}); "
                  "it will be once the data folder can be written").format(path=path, reason=exc.strerror or exc)]


def _finish_if_over(path: Path, named: bool = False) -> list[str]:
    try:
        # Read first, without a lock: only a finished game needs one (and a folder
        # where no lock can be made says nothing about an unfinished game).
        if not load_save(path, set_aside_damaged=False).is_over:
            return []
    except SaveFileError:
        return []  # a damaged save is reported when the games are listed
    lock = game_lock(path)
    try:
        lock.acquire(timeout=0)
    except TimeoutError:  # filelock.Timeout: the lock is held elsewhere
        return []  # open in a cardtable that is finishing it right now
    try:
        try:
            state = load_save(path, set_aside_damaged=False)
        except SaveFileError:
            return []  # a damaged save is reported when the games are listed
        if not state.is_over:
            return []
        from cardtable.userdata.stats import is_counted  # only for a game that ended

        if named and is_counted(state):
            forget_named_save(path)
            return []
        counted_before = is_counted(state)
        done = complete_finish(state, path)
        if named and not done.warnings:
            forget_named_save(path)
        if done.warnings:
            return list(done.warnings)
        if counted_before:
            return []
        return [_("a finished {game} game had not been counted when cardtable stopped; it is counted now").format(
            game=_title(state))]
    finally:
        lock.release()


def _title(state: GameState) -> str:
    return _(state.rules.title)
