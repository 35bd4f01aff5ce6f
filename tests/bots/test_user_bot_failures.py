"""A user bot that fails, in any way, is one line naming it and exit status 2.

Importing, starting (including names that are no bot class at all, like ``os:system``
or ``cardtable.cli:main``) and choosing (an exception, ``sys.exit``, any other
``BaseException``, an illegal or malformed action) are each tried through
``cardtable simulate``, in one process and in worker processes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable import load_game
from cardtable.bots import BotSpecError, load_bot_factory
from cardtable.cli import main

BOTS = '''
import sys
from cardtable.cards import ALL_CARDS
from cardtable.engine.actions import Action


class Fine:
    def __init__(self, seed=None):
        pass

    def choose(self, observation, legal_actions):
        return legal_actions[0]


class BadInit(Fine):
    def __init__(self, seed=None):
        raise ValueError("no table for me")


class ExitInit(Fine):
    def __init__(self):
        sys.exit(3)


class DeepInit(Fine):
    def __init__(self, seed=None):
        DeepInit(seed)


class NoChoose:
    pass


def not_a_bot():
    raise AssertionError("a function that takes no seed must never be called")


def factory(seed):
    return Fine(seed)


class RaisesInChoose(Fine):
    def choose(self, observation, legal_actions):
        raise RuntimeError("[/red]boom\\x1b[2J " + "x" * 5000)


class ExitsInChoose(Fine):
    def choose(self, observation, legal_actions):
        sys.exit("bye")


class Odd(BaseException):
    pass


class BaseInChoose(Fine):
    def choose(self, observation, legal_actions):
        raise Odd("odd")


class Interrupted(Fine):
    def choose(self, observation, legal_actions):
        raise KeyboardInterrupt


class ReturnsText(Fine):
    def choose(self, observation, legal_actions):
        return str(legal_actions[0])


class ReturnsNone(Fine):
    def choose(self, observation, legal_actions):
        return None


class ReturnsIllegal(Fine):
    def choose(self, observation, legal_actions):
        card = next(c for c in ALL_CARDS if c not in observation.hand)
        return Action.play([card])


class Weird:
    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = None

    def __str__(self):
        raise RuntimeError("str")


class ReturnsWeird(Fine):
    def choose(self, observation, legal_actions):
        return Weird()


class MutatesLegal(Fine):
    def choose(self, observation, legal_actions):
        card = next(c for c in ALL_CARDS if c not in observation.hand)
        legal_actions.append(Action.play([card]))
        return legal_actions[-1]
'''


@pytest.fixture(scope="module")
def bots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("user_bots")
    (folder / "failing_bots.py").write_text(BOTS)
    (folder / "import_error.py").write_text("raise ImportError('cannot find my weights')\n")
    (folder / "exit_at_import.py").write_text("import sys\nsys.exit(4)\n")
    (folder / "syntax_error.py").write_text("def broken(:\n")
    return folder


def simulate(capsys: pytest.CaptureFixture[str], seat: str, *more: str) -> tuple[int, str]:
    code = main(["simulate", "president", "--seats", f"{seat},easy,easy", "-n", "2", "--json", *more])
    captured = capsys.readouterr()
    return code, captured.err


def assert_one_clear_line(err: str, names: str) -> None:
    assert err.startswith("cardtable: ") and err.count("\n") == 1, err[:500]
    assert names in err
    assert "Traceback" not in err and "\x1b" not in err
    assert len(err) < 500, err[:500]


@pytest.mark.parametrize(
    ("seat", "expected"),
    [
        ("os:system", "'system' is not a bot class"),
        ("cardtable.cli:main", "'main' is not a bot class"),
        ("{bots}/failing_bots.py:not_a_bot", "'not_a_bot' is not a bot class"),
        ("{bots}/failing_bots.py:NoChoose", "has no choose(observation, legal_actions) method"),
        ("{bots}/failing_bots.py:BadInit", "failed to start: ValueError: no table for me"),
        ("{bots}/failing_bots.py:ExitInit", "failed to start: SystemExit: 3"),
        ("{bots}/failing_bots.py:DeepInit", "failed to start: RecursionError"),
        ("{bots}/import_error.py:Bot", "ImportError: cannot find my weights"),
        ("{bots}/exit_at_import.py:Bot", "SystemExit: 4"),
        ("{bots}/syntax_error.py:Bot", "SyntaxError"),
    ],
)
def test_a_bot_that_cannot_load_or_start_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], bots: Path, seat: str, expected: str
) -> None:
    spec = seat.format(bots=bots)
    code, err = simulate(capsys, spec)
    assert code == 2
    assert_one_clear_line(err, spec.rpartition(":")[2])
    assert expected in err


def test_a_factory_function_taking_a_seed_still_makes_bots(bots: Path) -> None:
    bot = load_bot_factory(f"{bots}/failing_bots.py:factory")(5)
    assert type(bot).__name__ == "Fine"
    with pytest.raises(BotSpecError, match="not a bot class"):
        load_bot_factory(f"{bots}/failing_bots.py:not_a_bot")


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    ("bot", "expected"),
    [
        ("RaisesInChoose", " of president (seed "),
        ("ExitsInChoose", "SystemExit: bye"),
        ("BaseInChoose", "Odd: odd"),
        ("ReturnsText", "it returned a str, not an Action"),
        ("ReturnsNone", "it returned a NoneType, not an Action"),
        ("ReturnsIllegal", "is not in your hand"),
        ("ReturnsWeird", "it returned a Weird, not an Action"),
        ("MutatesLegal", "is not in your hand"),
    ],
)
def test_a_bot_failing_in_choose_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], bots: Path, bot: str, expected: str, jobs: str
) -> None:
    code, err = simulate(capsys, f"{bots}/failing_bots.py:{bot}", "--jobs", jobs)
    assert code == 2
    assert_one_clear_line(err, f"failing_bots.py:{bot}' at seat ")
    assert expected in err


def test_a_bots_own_message_is_cut_and_shown_literally(capsys: pytest.CaptureFixture[str], bots: Path) -> None:
    code, err = simulate(capsys, f"{bots}/failing_bots.py:RaisesInChoose")
    assert code == 2
    assert "RuntimeError: [/red]boom\\x1b[2J xxx" in err
    assert "x" * 200 not in err


def test_an_illegal_move_names_the_file_that_keeps_the_game(
    capsys: pytest.CaptureFixture[str], bots: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    code, err = simulate(capsys, f"{bots}/failing_bots.py:ReturnsIllegal")
    assert code == 2
    saved = Path(err.rstrip("\n").rpartition("the game up to that move is saved in ")[2])
    assert saved.parent == tmp_path / "home" / "state" / "logs"
    state = load_game(saved.read_text(encoding="utf-8"))
    assert state.current_player == 0 and not state.history


def test_ctrl_c_inside_a_bot_still_interrupts(capsys: pytest.CaptureFixture[str], bots: Path) -> None:
    code, err = simulate(capsys, f"{bots}/failing_bots.py:Interrupted")
    assert code == 130
    assert err == "cardtable: interrupted\n"
