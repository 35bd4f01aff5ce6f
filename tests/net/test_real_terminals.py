"""Real processes in real terminals: `cardtable host` and two `cardtable join`, each in
a terminal of its own (tmux, 80x24), as friends would run them.

Each terminal shows its own seat's hand; a move made with a key on one appears on the
other.  tmux runs on a server of the test's own (``-L``), so it never touches a
person's sessions.  CI installs tmux (``.ci/run``); the test is skipped only where it
is truly absent.
"""

from __future__ import annotations

import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable.games import get_rules
from tests.net.test_serve_browser import app_env, free_port

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="no tmux on this machine (CI installs it: .ci/run)")

ROOT = Path(__file__).resolve().parents[2]
SEED = 4
JOIN_LINE = re.compile(r"^\s*(\w+): cardtable join (\S+) (\S+)$")


class Terminals:
    """A tmux server of the test's own, one window per player."""

    def __init__(self) -> None:
        self.socket = f"cardtable-test-{os.getpid()}"

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def open(self, name: str, command: str) -> None:
        self.tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)

    def screen(self, name: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", name)

    def wait(self, name: str, condition: Callable[[str], bool], timeout: float = 60.0) -> str:
        end = time.monotonic() + timeout
        while True:
            shown = self.screen(name)
            if condition(shown):
                return shown
            if time.monotonic() > end:
                raise AssertionError(f"{name}'s terminal never got there:\n{shown}")
            time.sleep(0.2)

    def close(self) -> None:
        self.tmux("kill-server")


def lines_of(process: subprocess.Popen[str]) -> queue.Queue[str]:
    """The process's output, a line at a time, without blocking the test."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return lines


def wait_for_line(lines: queue.Queue[str], seen: list[str], pattern: str, timeout: float = 60.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        seen.append(line)
        if re.search(pattern, line):
            return line
    raise AssertionError(f"the host never said {pattern!r}:\n" + "\n".join(seen))


def hand_area(screen: str) -> str:
    """The screen's lines from the hand's frame down."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if "Your hand" in line)
    return "\n".join(lines[start:])


def test_a_host_and_two_players_in_their_own_terminals(tmp_path: Path) -> None:
    port = free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "host", "durak", "--seats", "remote:Ann,remote:Bea",
         "--seed", str(SEED), "--listen", f"127.0.0.1:{port}"],
        env=app_env(str(tmp_path / "host")), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    terminals = Terminals()
    said: list[str] = []
    try:
        out = lines_of(host)
        joins: dict[str, tuple[str, str]] = {}
        while len(joins) < 2:
            found = JOIN_LINE.match(wait_for_line(out, said, "cardtable join"))
            assert found is not None
            joins[found[1]] = (found[2], found[3])
        assert set(joins) == {"Ann", "Bea"} and all(address == f"127.0.0.1:{port}" for address, _ in joins.values())

        for name, (address, code) in joins.items():
            home = tmp_path / name
            command = " ".join([
                "cd", shlex.quote(str(ROOT)), "&&", "exec", "env",
                f"CARDTABLE_HOME={shlex.quote(str(home))}", f"PYTHONPATH={shlex.quote(str(ROOT))}",
                "LANG=C.UTF-8", "TERM=xterm-256color",
                shlex.quote(sys.executable), "-m", "cardtable", "join", address, shlex.quote(code),
            ])
            terminals.open(name, command)

        # The same deal as the host's: the game's own seed.
        state = get_rules("durak").new_game(players=2, seed=SEED)
        names = ["Ann", "Bea"]
        screens = {}
        for seat, name in enumerate(names):
            # Waiting for the whole hand too: a notice ("Bea joined.") may cover part of it a moment.
            screens[name] = terminals.wait(name, lambda shown, name=name, seat=seat: f"you are {name}" in shown
                                           and "at the table: Ann, Bea" in shown and "Your hand" in shown
                                           and all(card.label() in hand_area(shown) for card in state.hand(seat)))
            # Each terminal shows its own hand, and not a card of the other's.
            hand = hand_area(screens[name])
            for card in state.hand(seat):
                assert card.label() in hand, (name, card, hand)
            for card in state.hand(1 - seat):
                assert card.label() not in hand, (name, card, hand)

        # The player to move plays the card under the cursor with Enter; the move
        # reaches the host and appears on the other terminal.
        mover = state.current_player
        assert mover is not None
        mover_name, other_name = names[mover], names[1 - mover]
        terminals.tmux("send-keys", "-t", mover_name, "Enter")
        moved = wait_for_line(out, said, rf"\b{mover_name}: attack \S+$")
        card = next((c for c in state.hand(mover) if moved.endswith(f" attack {c}")), None)
        assert card is not None, said
        shown = card.label()
        terminals.wait(other_name, lambda screen: f"{mover_name} attacks" in screen and shown in screen
                       and shown not in hand_area(screen))
        terminals.wait(mover_name, lambda screen: shown not in hand_area(screen))
    finally:
        terminals.close()
        host.terminate()
        try:
            host.wait(10)
        except subprocess.TimeoutExpired:
            host.kill()
