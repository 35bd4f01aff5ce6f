"""A user bot that takes too long to choose (or to start) ends ``cardtable simulate``
with one line naming it and exit status 2, within ``--bot-timeout``, in one process
and with ``--jobs``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.bots.limits import BotTimeout, call_within
from cardtable.cli import main

ROOT = Path(__file__).resolve().parents[2]

SLEEPY = '''
import threading
import time

RELEASE = threading.Event()


class Sleepy:
    """Chooses once, then waits (as a bot stuck on a lock or a network call would)."""

    def __init__(self, seed=None):
        self.calls = 0

    def choose(self, observation, legal_actions):
        self.calls += 1
        if self.calls > 1:
            RELEASE.wait(600)
        return legal_actions[0]


class SlowStart(Sleepy):
    def __init__(self, seed=None):
        RELEASE.wait(600)


class Asleep(Sleepy):
    def choose(self, observation, legal_actions):
        time.sleep(3600)
'''


@pytest.fixture
def sleepy(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "sleepy.py"
    path.write_text(SLEEPY, encoding="utf-8")
    yield path
    # The bots left waiting in this process are let go.
    for name, module in list(sys.modules.items()):
        if name.startswith("_cardtable_user_bot_sleepy_"):
            module.RELEASE.set()


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("cardtable: "), err
    return err


@pytest.mark.parametrize("bot", ["Sleepy", "SlowStart"])
def test_a_bot_that_takes_too_long_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], sleepy: Path, bot: str
) -> None:
    code = main(["simulate", "durak", "--seat", f"{sleepy}:{bot}", "--seat", "easy", "--games", "3",
                 "--bot-timeout", "0.5", "--json"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert f"sleepy.py:{bot}'" in one_line(err) and "took longer than 0.5 s" in err and "--bot-timeout" in err


@pytest.mark.slow
def test_a_sleeping_bot_ends_a_real_run_with_jobs(tmp_path: Path, sleepy: Path) -> None:
    """Found: a bot that sleeps hung `cardtable simulate` for good."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDTABLE_HOME": str(tmp_path / "home")}
    for jobs in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-m", "cardtable", "simulate", "durak", "--seats", f"{sleepy}:Asleep,easy",
             "--games", "4", "--jobs", jobs, "--bot-timeout", "1"],
            env=env, capture_output=True, text=True, timeout=120,
        )
        assert done.returncode == 2 and done.stdout == ""
        assert "sleepy.py:Asleep' at seat" in one_line(done.stderr) and "took longer than 1 s" in done.stderr


def test_a_bad_limit_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("0", "-1", "nan", "soon"):
        assert main(["simulate", "durak", "--seats", "easy,easy", "--games", "1", "--bot-timeout", value]) == 2
        assert "--bot-timeout" in one_line(capsys.readouterr().err)


def test_call_within_gives_back_the_answer_or_the_error() -> None:
    assert call_within(5, max, 1, 2) == 2
    with pytest.raises(ZeroDivisionError):
        call_within(5, lambda: 1 / 0)
    assert call_within(None, min, 1, 2) == 1
    import threading

    release = threading.Event()
    with pytest.raises(BotTimeout):
        call_within(0.05, release.wait, 600)
    release.set()
    assert call_within(5, max, 3, 4) == 4  # a fresh thread: the stuck one is never used again
