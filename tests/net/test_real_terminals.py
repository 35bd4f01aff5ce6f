"""Real processes in real terminals: `cardtable host` and two `cardtable join`, each in
a terminal of its own (tmux, 80x24), as friends would run them.

Each terminal shows its own seat's hand; a move made with a key on one appears on the
other.  tmux runs on a server of the test's own (``-L``), so it never touches a
person's sessions.  CI installs tmux (``.ci/run``); the test is skipped only where it
is truly absent.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable.games import get_rules
from tests.net.processes import ROOT, HostProcess, free_port
from tests.waiting import wait_until

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="no tmux on this machine (CI installs it: .ci/run)")

SEED = 4


class Terminals:
    """A tmux server of the test's own, one window per player."""

    def __init__(self) -> None:
        self.socket = f"cardtable-test-{os.getpid()}"
        self.names: list[str] = []

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def open(self, name: str, command: str) -> None:
        # remain-on-exit keeps a terminal whose program ended, marked dead with its exit status.
        self.tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", command, ";",
                  "set-option", "-t", name, "remain-on-exit", "on")
        self.names.append(name)

    def screen(self, name: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", name)

    def wait(self, name: str, condition: Callable[[str], bool], timeout: float = 60.0) -> str:
        def every_screen() -> str:
            # Every terminal's screen: what went wrong may show on another one.
            others = "".join(f"\n{other}'s terminal:\n{self.screen(other)}" for other in self.names if other != name)
            return f"{name}'s terminal getting there:\n{self.screen(name)}{others}"

        def shown() -> str | None:
            screen = self.screen(name)
            return screen if condition(screen) else None

        return wait_until(shown, every_screen, timeout, every=0.2)

    def close(self) -> None:
        self.tmux("kill-server")


def hand_area(screen: str) -> str:
    """The screen's lines from the hand's frame down."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if "Your hand" in line)
    return "\n".join(lines[start:])


@pytest.mark.slow
def test_a_host_and_two_players_in_their_own_terminals(tmp_path: Path) -> None:
    port = free_port()
    host = HostProcess("durak", "remote:Ann,remote:Bea", SEED, port, str(tmp_path / "host"))
    terminals = Terminals()
    try:
        joins = host.join_lines(2)
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
        moved = host.wait_for(rf"\b{mover_name}: attack \S+$")
        card = next((c for c in state.hand(mover) if moved.endswith(f" attack {c}")), None)
        assert card is not None, host.said
        shown = card.label()
        terminals.wait(other_name, lambda screen: f"{mover_name} attacks" in screen and shown in screen
                       and shown not in hand_area(screen))
        terminals.wait(mover_name, lambda screen: shown not in hand_area(screen))
    finally:
        terminals.close()
        host.close()
