"""A game nobody moved in is never listed, however its cardtable ended: a real
``cardtable play`` on a terminal of its own, ended before the first move by each way a
terminal or a system ends a program (the terminal closed, SIGHUP, SIGTERM, kill -9)."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from cardtable.userdata.slots import GameSlot, unfinished_games

from .helpers import new_game, pure_choice

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal and POSIX signals")


def app_env(home: Path) -> dict[str, str]:
    env = {**os.environ, "CARDTABLE_HOME": str(home), "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8",
           "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("LC_ALL", None)
    return env


class Terminal:
    """``cardtable ARGS`` on a pseudo-terminal of 80x24 whose output is read and dropped."""

    def __init__(self, home: Path, *args: str) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", *args], env=app_env(home), cwd=ROOT,
            stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
        )
        os.close(slave)
        self.screen = bytearray()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.screen += data

    def close_terminal(self) -> None:
        os.close(self.master)

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(20)
        try:
            os.close(self.master)
        except OSError:
            pass


def saves(home: Path) -> list[Path]:
    return sorted((home / "data" / "saves").glob("*.json")) if (home / "data" / "saves").is_dir() else []


def listing(home: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "cardtable", "resume", "--list"], env=app_env(home), cwd=ROOT,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("ending", ["terminal closed", "SIGHUP", "SIGTERM", "SIGKILL"])
def test_a_game_ended_before_the_first_move_is_never_listed(tmp_path: Path, ending: str) -> None:
    home = tmp_path / "home"
    terminal = Terminal(home, "play", "president", "--seats", "human,easy,easy,easy", "--seed", "1")
    try:
        end = time.monotonic() + 60
        while not saves(home) and time.monotonic() < end and terminal.process.poll() is None:
            time.sleep(0.1)
        assert saves(home), f"the game made no save: {bytes(terminal.screen[-400:])!r}"
        time.sleep(1.0)  # the table is up, waiting for the person's first move
        assert terminal.process.poll() is None
        if ending == "terminal closed":
            terminal.close_terminal()
            terminal.process.send_signal(signal.SIGHUP)  # what the terminal's closing sends its session
        else:
            terminal.process.send_signal(getattr(signal, ending))
        terminal.process.wait(30)
    finally:
        terminal.end()
    assert "No unfinished games" in listing(home)
    # Nothing of anyone's was in it, and no cardtable has it open: recovery removed it.
    assert saves(home) == []
    done = subprocess.run([sys.executable, "-m", "cardtable", "resume"], env=app_env(home), cwd=ROOT,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "no unfinished game to resume" in done.stderr


def test_a_save_with_only_the_bots_moves_is_not_listed_but_one_with_a_persons_is() -> None:
    for seed in range(100):  # a deal where a bot moves first (Ann, seat 1, is the person)
        state = new_game("durak", seed)
        state.apply(pure_choice(state, seed))
        if state.history[0][0] != 0:
            break
    bots_only = GameSlot.new(state)
    bots_only.close()
    assert unfinished_games()[0] == []
    while not any(seat == 0 for seat, _ in state.history):
        state.apply(pure_choice(state, seed))
    moved = GameSlot.new(state)
    moved.close()
    assert [game.save_id for game in unfinished_games()[0]] == [moved.save_id]


def test_a_game_nobody_moved_in_is_listed_nowhere_and_removed_once_nobody_has_it_open(cardtable_home: Path) -> None:
    from cardtable.userdata.recovery import recover

    open_here = GameSlot.new(new_game("hearts", 3))  # a game starting in another cardtable
    left = GameSlot.new(new_game("durak", 3))
    left.close()  # its cardtable was killed
    assert unfinished_games()[0] == []
    assert recover() == []
    assert open_here.path.exists() and not left.path.exists()
    open_here.close()
