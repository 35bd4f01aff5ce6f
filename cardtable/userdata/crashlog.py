"""Where a failure's details go when one line on the terminal is not enough.

A crash of cardtable itself is written, full traceback and all, to a new file in the
logs folder (``logs_dir()`` of :mod:`cardtable.userdata.paths`: the platform's state
directory, or ``$CARDTABLE_HOME/state/logs``), and the player is told one line saying
where.  A bot's illegal move is kept the same way, as the save of the game up to it.
Files are never overwritten: each report gets a new name.  Only the newest
:data:`KEEP_CRASH_LOGS` crash logs are kept: writing one removes the oldest beyond
that, and only files that are cardtable's crash logs by their name and first line.

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> try:
...     {}["missing"]
... except KeyError as error:
...     path = write_crash_log(error)
>>> path.parent.name, path.name.startswith("crash-"), "KeyError: 'missing'" in path.read_text()
('logs', True, True)
>>> crash_line(KeyError("missing"), path).startswith("cardtable stopped on an internal error (KeyError")
True
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import os
import platform
import re
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

from cardtable.errors import CrashError, describe_error
from cardtable.lang import _

__all__ = [
    "KEEP_CRASH_LOGS", "CrashError", "command_line", "crash_line", "private_temp_folder", "prune_crash_logs",
    "write_crash_log", "write_report",
]

#: how many crash logs are kept (the newest): a crash that repeats fills no disk
KEEP_CRASH_LOGS = 10

#: a crash log's name, as :func:`write_report` makes it
_CRASH_NAME = re.compile(r"crash-(\d{8}-\d{6})-\d+(?:-(\d+))?\.log")


def write_report(prefix: str, text: str, suffix: str = ".log") -> Path | None:
    """Write ``text`` to a new file ``PREFIX-YYYYmmdd-HHMMSS-PID[-N]SUFFIX`` in the logs
    folder, readable by its owner alone (0600).

    Falls back to :func:`private_temp_folder` when the logs folder cannot be written;
    returns ``None`` (and writes nothing) when neither can.
    """
    from cardtable.userdata.paths import logs_dir

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{prefix}-{stamp}-{os.getpid()}"
    try:
        folder = logs_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return _write_new(folder, base, suffix, text)
    except OSError:
        pass
    try:
        return _write_new(private_temp_folder(), base, suffix, text)
    except OSError:
        return None


def private_temp_folder() -> Path:
    """The fallback for reports: ``cardtable-logs-UID`` in the system's temporary folder,
    made 0700 if it is not there, and refused (:class:`PermissionError`) when what is
    there is not a folder of this user's alone: someone else's, one that others may
    write to, or a symbolic link (any local user could have planted one before us).

    >>> folder = private_temp_folder()
    >>> folder.name.startswith("cardtable-logs"), oct(folder.stat().st_mode & 0o777) if os.name == "posix" else '0o700'
    (True, '0o700')
    """
    import stat

    uid = os.getuid() if hasattr(os, "getuid") else None
    folder = Path(tempfile.gettempdir()) / (f"cardtable-logs-{uid}" if uid is not None else "cardtable-logs")
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    found = os.lstat(folder)
    if not stat.S_ISDIR(found.st_mode):
        raise PermissionError(f"not a folder of ours (a link or a file): {folder}")
    if uid is not None and (found.st_uid != uid or found.st_mode & 0o077):
        raise PermissionError(f"someone else's folder, or open to others: {folder}")
    return folder


def _write_new(folder: Path, base: str, suffix: str, text: str) -> Path:
    """Create a file that did not exist (0600, never through a link), adding ``-2``,
    ``-3``... to its name as needed."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    number = 1
    while True:
        path = folder / (base + (f"-{number}" if number > 1 else "") + suffix)
        try:
            descriptor = os.open(path, flags, 0o600)
        except FileExistsError:
            number += 1
            continue
        with open(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        return path


def command_line(argv: list[str]) -> str:
    """The command line as a log keeps it: a seat's secret code (``join``'s words after
    the address) left out, since a log is shown and sent to others.

    >>> command_line(["cardtable", "--ascii", "join", "127.0.0.1:8765", "-64PYx", "--name", "Ann"])
    'cardtable --ascii join 127.0.0.1:8765 [code] --name Ann'
    >>> command_line(["cardtable", "join", "--name=Ann", "[::1]:9000", "--", "abc"])
    'cardtable join --name=Ann [::1]:9000 -- [code]'
    >>> command_line(["cardtable", "play", "hearts"])
    'cardtable play hearts'
    """
    words = list(argv)
    if "join" in words[1:]:
        arguments = 0
        after_dashes = False
        at = words.index("join", 1) + 1
        while at < len(words):
            word = words[at]
            if word == "--" and not after_dashes:
                after_dashes = True
            elif word == "--name" and not after_dashes:
                at += 1  # its value, the name: shown at the table anyway
            elif word.startswith("-") and not after_dashes and (word.startswith("--") and "=" in word or arguments == 0):
                pass  # an option (--ascii, --name=Ann)
            else:
                arguments += 1
                if arguments > 1:
                    words[at] = "[code]"
            at += 1
    return " ".join(words)


def write_crash_log(error: BaseException, context: str = "") -> Path | None:
    """Write the full traceback of ``error`` (and what was running) to a new crash log."""
    lines = [
        f"cardtable {_version()} crashed at {datetime.now().isoformat(timespec='seconds')}",
        f"python {platform.python_version()} on {platform.platform()}",
        f"command: {command_line(sys.argv)}",
    ]
    if context:
        lines.append(context)
    text = "\n".join(lines) + "\n\n" + "".join(traceback.format_exception(error))
    path = write_report("crash", text)
    if path is not None:
        prune_crash_logs(path.parent)
    return path


def prune_crash_logs(folder: Path, keep: int = KEEP_CRASH_LOGS) -> None:
    """Remove all but the newest ``keep`` crash logs in ``folder``.

    A file counts only when its name is a crash log's and its first line is one's
    (``cardtable VERSION crashed at ...``); anything else there is left alone.
    """
    # newest last: by time written, then by the name's stamp and number (a clock's tick holds several)
    logs: list[tuple[int, str, int, Path]] = []
    for path in folder.glob("crash-*.log"):
        name = _CRASH_NAME.fullmatch(path.name)
        if name is None:
            continue
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                first = handle.readline(200)
            if not (first.startswith("cardtable ") and " crashed at " in first):
                continue
            logs.append((path.stat().st_mtime_ns, name[1], int(name[2] or 1), path))
        except OSError:
            continue
    logs.sort(reverse=True)
    for *_order, path in logs[keep:]:
        try:
            path.unlink()
        except OSError:
            continue


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardtable")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(version unknown)"


def crash_line(error: BaseException, log: Path | None) -> str:
    """The one line the player sees: what happened, and where the traceback went."""
    what = describe_error(error, 100)
    if log is None:
        return _("cardtable stopped on an internal error ({error}); the traceback could not be written").format(error=what)
    return _("cardtable stopped on an internal error ({error}); the full traceback is in {path}").format(
        error=what, path=log)
