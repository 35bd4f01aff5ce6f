"""Where the player's files live, and the two ways they are written safely.

Data (saves, records, statistics) goes to the platform's user data directory,
settings to its config directory and logs (crash logs) to its state directory, as
:mod:`platformdirs` names them.  Setting the environment variable ``CARDTABLE_HOME``
puts all three under that directory instead (``$CARDTABLE_HOME/data``, ``/config`` and
``/state``): tests use it, and so can a portable install.

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> data_dir().name, config_dir().name, autosave_path().name
('data', 'config', 'autosave.json')
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Literal

from cardtable.errors import SaveFileError
from cardtable.lang import _, ngettext

__all__ = [
    "HOME_ENV",
    "data_dir",
    "config_dir",
    "saves_dir",
    "records_dir",
    "autosave_path",
    "stats_path",
    "settings_path",
    "locks_dir",
    "MAX_FILE_BYTES",
    "RefusedFileError",
    "UnreadFileError",
    "read_or_refuse",
    "read_file_bytes",
    "is_own_path",
    "state_dir",
    "logs_dir",
    "atomic_write_text",
    "atomic_create_text",
    "temporary_prefix",
    "set_aside",
    "resolved",
]

HOME_ENV = "CARDTABLE_HOME"
"""The environment variable that moves every cardtable file under one directory."""

_APP = "cardtable"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    """The directory for saves, records and statistics (not created here)."""
    home = _home()
    if home is not None:
        return home / "data"
    from platformdirs import user_data_path

    return user_data_path(_APP, appauthor=False)


def config_dir() -> Path:
    """The directory for ``settings.toml`` (not created here)."""
    home = _home()
    if home is not None:
        return home / "config"
    from platformdirs import user_config_path

    return user_config_path(_APP, appauthor=False)


def state_dir() -> Path:
    """The directory for what cardtable keeps about itself, such as logs (not created here)."""
    home = _home()
    if home is not None:
        return home / "state"
    from platformdirs import user_state_path

    return user_state_path(_APP, appauthor=False)


def logs_dir() -> Path:
    """Where crash logs and reports of failing bots are written."""
    return state_dir() / "logs"


def saves_dir() -> Path:
    """Where the autosave lives."""
    return data_dir() / "saves"


def records_dir() -> Path:
    """Where finished games are kept as records."""
    return data_dir() / "records"


def autosave_path() -> Path:
    """The single save slot of cardtable before 0.2; it is moved into the saves
    folder's one-file-per-game scheme at start-up (see :mod:`cardtable.userdata.recovery`)."""
    return saves_dir() / "autosave.json"


def locks_dir() -> Path:
    """Where the lock files live (one per open game, one for the statistics)."""
    return data_dir() / "locks"


def stats_path() -> Path:
    """The statistics file."""
    return data_dir() / "stats.json"


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.toml"


MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file cardtable reads (saves, records, statistics, settings)."""


class RefusedFileError(OSError):
    """A path that is not read: not a regular file, or larger than :data:`MAX_FILE_BYTES`.

    ``strerror`` is the reason in a few words, like every :class:`OSError`'s.
    """

    def __init__(self, reason: str, path: str | os.PathLike[str]) -> None:
        super().__init__(errno.EINVAL, reason, str(path))


class UnreadFileError(SaveFileError):
    """A file that could not be read at all (missing, a directory, a device, unreadable):
    nothing in it was looked at, so nothing is ever set aside for it."""


def read_or_refuse(path: Path, purpose: Literal["load", "replay", "review"]) -> bytes:
    """The bytes of ``path`` (:func:`read_file_bytes`), or :class:`UnreadFileError` in
    one line, in the current language, that names it: there is no file, it is a
    directory (not the save file to ``load``, not the record to ``replay`` or
    ``review``), or why it cannot be read.

    >>> read_or_refuse(Path("/"), "replay")
    Traceback (most recent call last):
    ...
    cardtable.userdata.paths.UnreadFileError: cannot replay /: it is a directory, not a record
    """
    try:
        return read_file_bytes(path)
    except FileNotFoundError:
        missing = _("no save file at {path}") if purpose == "load" else _("no file at {path}")
        raise UnreadFileError(missing.format(path=path)) from None
    except IsADirectoryError:
        if purpose == "load":
            folder = _("cannot load {path}: it is a directory, not a save file")
        elif purpose == "replay":
            folder = _("cannot replay {path}: it is a directory, not a record")
        else:
            folder = _("cannot review {path}: it is a directory, not a record")
        raise UnreadFileError(folder.format(path=path)) from None
    except OSError as exc:
        raise UnreadFileError(_("cannot read {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from None


def read_file_bytes(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    A device (``/dev/zero``), a named pipe or a socket is refused with
    :class:`RefusedFileError` without blocking or reading from it; so is a file that
    is, or grows while read, larger than ``limit``.  A directory raises
    :class:`IsADirectoryError`; a missing file :class:`FileNotFoundError`; any other
    failure its :class:`OSError`.

    >>> read_file_bytes("/dev/zero")
    Traceback (most recent call last):
    ...
    cardtable.userdata.paths.RefusedFileError: [Errno 22] it is not a regular file: '/dev/zero'
    """
    # O_NONBLOCK: opening a named pipe must not wait for a writer.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, _("it is a directory"), str(path))
        if not stat.S_ISREG(info.st_mode):
            raise RefusedFileError(_("it is not a regular file"), path)
        if info.st_size > limit:
            raise RefusedFileError(_too_large(limit), path)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(descriptor, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise RefusedFileError(_too_large(limit), path)
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _too_large(limit: int) -> str:
    if limit >= 1024 * 1024:
        return _("it is larger than {count} MB").format(count=limit // (1024 * 1024))
    return ngettext("it is larger than {count} byte", "it is larger than {count} bytes", limit).format(count=limit)


def is_own_path(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` lies inside cardtable's own data or config folder.

    Only files there are ever renamed aside; anything else is only read.
    """
    try:
        resolved = Path(path).resolve()
        return any(resolved.is_relative_to(folder.resolve()) for folder in (data_dir(), config_dir()))
    except (OSError, RuntimeError):  # a symlink loop: not ours to touch
        return False


def resolved(path: str | os.PathLike[str]) -> Path:
    """``path`` made absolute with its symlinks followed; a symlink loop (or a path
    that cannot be followed) stays as written, made absolute, for whoever reads it
    next to refuse in one line.

    >>> resolved("/tmp/../tmp") == Path("/tmp").resolve()
    True
    """
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop, before Python 3.13
        return Path(os.path.abspath(path))


def temporary_prefix(path: Path) -> str:
    """The start of the name of a temporary file written beside ``path``: it names the
    process writing it, so that recovery can tell an orphan (its writer is gone)."""
    return f".{path.name}.{os.getpid()}."


def _write_temporary(path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=temporary_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        _unlink_quietly(temporary)
        raise
    return temporary


def _unlink_quietly(path: str | Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old file or the new.

    The text goes to a temporary file in the same directory (so the rename cannot
    cross file systems), is flushed and synced to disk, and then renamed over the
    target with :func:`os.replace`, which is atomic.  Missing directories are made.
    """
    path = Path(path)
    temporary = _write_temporary(path, text)
    try:
        os.replace(temporary, path)
    except BaseException:
        _unlink_quietly(temporary)
        raise
    _sync_directory(path.parent)


def atomic_create_text(path: Path, text: str) -> None:
    """Write a new file ``path`` whole, or raise :class:`FileExistsError` and write nothing.

    Like :func:`atomic_write_text`, but an existing file is never replaced, even one
    that another process creates at the same moment: the temporary file is hard-linked
    to the name, which fails if the name is taken.
    """
    path = Path(path)
    temporary = _write_temporary(path, text)
    try:
        try:
            os.link(temporary, path)
        except FileExistsError:
            raise
        except OSError:
            # A file system without hard links: claim the name, then fill it.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            os.replace(temporary, path)
    finally:
        _unlink_quietly(temporary)
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    # The rename itself is only durable once the directory entry reaches the disk.
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:  # Windows cannot open a directory; its rename is durable enough
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def set_aside(path: Path, label: str = "corrupt") -> Path:
    """Rename a refused file to ``name.LABEL-YYYYmmdd-HHMMSS.ext`` beside it; return the new path.

    An existing file is never overwritten: a ``-2``, ``-3``... suffix is added until the
    name is free.  Raises :class:`OSError` if the rename fails.
    """
    path = Path(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    suffix = path.suffix or ".txt"
    base = f"{path.stem}.{label}-{stamp}"
    target = path.with_name(base + suffix)
    number = 2
    while target.exists():
        target = path.with_name(f"{base}-{number}{suffix}")
        number += 1
    # os.link + unlink would refuse an existing target atomically, but is not
    # available everywhere; the exists() loop is enough for one player's files.
    os.replace(path, target)
    return target
