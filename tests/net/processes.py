"""cardtable as real processes for the network tests: a free port, the environment a
process of the app gets, and a headless ``cardtable host`` whose output is read a line
at a time as it comes (its join lines first, "Ann joined" and the moves later)."""

from __future__ import annotations

import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]

#: a host's join line: ``  Ann: cardtable join 127.0.0.1:PORT CODE``
JOIN_LINE = re.compile(r"^\s*(\w+): cardtable join (\S+) (\S+)$")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    def listening() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"the process ended: {process.returncode}")
        with socket.socket() as sock:
            return sock.connect_ex(("127.0.0.1", port)) == 0

    wait_until(listening, f"anything listens on {port}", timeout, every=0.1)


def app_env(home: str) -> dict[str, str]:
    """The environment of a cardtable process of the tests: its own data folder, this
    checkout's code, a UTF-8 locale and unbuffered output."""
    env = {**os.environ, "CARDTABLE_HOME": home, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8",
           "PYTHONUNBUFFERED": "1"}
    env.pop("LC_ALL", None)
    return env


class HostProcess:
    """``cardtable host GAME --seats SEATS --seed SEED --listen 127.0.0.1:PORT``, headless,
    with its data in ``home``; every line it prints is kept in :attr:`said`."""

    def __init__(self, game: str, seats: str, seed: int, port: int, home: str, *options: str) -> None:
        self.port = port
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", *options, "host", game, "--seats", seats, "--seed", str(seed),
             "--listen", f"127.0.0.1:{port}"],
            env=app_env(home), cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True,
        )
        self.said: list[str] = []
        self._lines: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))

    def wait_for(self, pattern: str, timeout: float = 60.0) -> str:
        """The next line that matches ``pattern`` (a regular expression); every line read
        on the way is kept in :attr:`said`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self._lines.get(timeout=0.5)
            except queue.Empty:
                if self.process.poll() is not None and self._lines.empty() and not self._reader.is_alive():
                    break
                continue
            self.said.append(line)
            if re.search(pattern, line):
                return line
        raise AssertionError(f"the host never said {pattern!r}:\n" + "\n".join(self.said))

    def join_lines(self, count: int) -> dict[str, tuple[str, str]]:
        """The first ``count`` join lines: each remote player's name, with the address and
        code it is told to join with."""
        joins: dict[str, tuple[str, str]] = {}
        while len(joins) < count:
            found = JOIN_LINE.match(self.wait_for("cardtable join"))
            assert found is not None, self.said
            joins[found[1]] = (found[2], found[3])
        return joins

    def close(self) -> None:
        """Stop the host (and read what it still had to say)."""
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self._reader.join(10)
        while not self._lines.empty():
            self.said.append(self._lines.get())
