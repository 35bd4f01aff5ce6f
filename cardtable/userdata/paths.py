"""Where the player's files live, and the two ways they are written safely.

Data (saves, records, statistics) goes to the platform's user data directory and
settings to its config directory, as :mod:`platformdirs` names them.  Setting the
environment variable ``CARDTABLE_HOME`` puts both under that directory instead
(``$CARDTABLE_HOME/data`` and ``$CARDTABLE_HOME/config``): tests use it, and so can a
portable install.

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> data_dir().name, config_dir().name, autosave_path().name
('data', 'config', 'autosave.json')
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import os
import tempfile
from datetime import datetime
from pathlib import Path

__all__ = [
    "HOME_ENV",
    "data_dir",
    "config_dir",
    "saves_dir",
    "records_dir",
    "autosave_path",
    "stats_path",
    "settings_path",
    "atomic_write_text",
    "set_aside",
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


def saves_dir() -> Path:
    """Where the autosave lives."""
    return data_dir() / "saves"


def records_dir() -> Path:
    """Where finished games are kept as records."""
    return data_dir() / "records"


def autosave_path() -> Path:
    """The file the app saves the game in progress to after every action."""
    return saves_dir() / "autosave.json"


def stats_path() -> Path:
    """The statistics file."""
    return data_dir() / "stats.json"


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.toml"


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old file or the new.

    The text goes to a temporary file in the same directory (so the rename cannot
    cross file systems), is flushed and synced to disk, and then renamed over the
    target with :func:`os.replace`, which is atomic.  Missing directories are made.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
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
