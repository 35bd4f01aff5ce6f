"""A crash is never silent: a log with the traceback, one line, a non-zero exit, the save intact.

Covered three ways: an exception inside the running app (Textual's own handling,
``App._handle_exception`` and ``return_code``), an exception in the command line
outside the app, and the real console entry point in a subprocess with a crash
injected into the running table.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.userdata.savefiles import load_save

ROOT = Path(__file__).resolve().parents[2]


class InjectedBug(RuntimeError):
    """Stands for any bug in cardtable's own code."""


def only_log(home: Path) -> Path:
    logs = sorted((home / "state" / "logs").glob("crash-*.log"))
    assert len(logs) == 1, logs
    return logs[0]


async def test_a_crash_inside_the_app_is_logged_and_the_save_kept(cardtable_home: Path, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=4)
    app = CardtableApp(config, bot_delay=0, save_path=save)

    def crash() -> None:
        raise InjectedBug("the table fell over")

    with pytest.raises(InjectedBug):
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.human_move(screen.state.legal_actions()[0])
            await app.workers.wait_for_complete()
            await pilot.pause()
            played = list(screen.state.history)
            assert played
            app.call_later(crash)
            await pilot.pause()
    assert app.return_code == 1
    assert app.crash_log == only_log(cardtable_home)
    text = app.crash_log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and "InjectedBug: the table fell over" in text
    assert app._exit_renderables == []  # Textual prints nothing: the log has the traceback
    assert load_save(save).history[: len(played)] == played


def test_run_app_turns_a_crashed_app_into_one_line(cardtable_home: Path) -> None:
    from cardtable.commands.play import run_app
    from cardtable.userdata.crashlog import CrashError

    class CrashedApp:
        crash_error = InjectedBug("boom")
        crash_log = cardtable_home / "state" / "logs" / "crash-x.log"
        return_code = 1

        def run(self) -> None:
            pass

    with pytest.raises(CrashError) as caught:
        run_app(CrashedApp())
    assert str(caught.value) == (
        "cardtable stopped on an internal error (InjectedBug: boom); "
        f"the full traceback is in {CrashedApp.crash_log}"
    )


def test_a_crash_outside_the_app_is_one_line_and_exit_1(
    cardtable_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import cardtable.commands.rules

    def broken(*args: object, **kwargs: object) -> None:
        raise InjectedBug("rules\nwent [red]wrong[/red]")

    monkeypatch.setattr(cardtable.commands.rules, "show_rules", broken)
    code = main(["rules", "hearts"])
    captured = capsys.readouterr()
    assert code == 1 and captured.out == ""
    log = only_log(cardtable_home)
    assert captured.err == (
        "cardtable: cardtable stopped on an internal error (InjectedBug: rules went [red]wrong[/red]); "
        f"the full traceback is in {log}\n"
    )
    assert "Traceback" in log.read_text(encoding="utf-8")


def test_a_crash_log_that_cannot_be_written_is_still_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import tempfile

    import cardtable.commands.rules

    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folders would go")
    monkeypatch.setenv("CARDTABLE_HOME", str(blocked))
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(blocked))
    monkeypatch.setattr(cardtable.commands.rules, "show_rules", lambda *a, **k: 1 / 0)
    assert main(["rules", "hearts"]) == 1
    err = capsys.readouterr().err
    assert err == (
        "cardtable: cardtable stopped on an internal error (ZeroDivisionError: division by zero); "
        "the traceback could not be written\n"
    )


CRASHING_RUN = """
import sys
import cardtable.tui.app as app_module
import cardtable.tui.screens.game as game_module
from cardtable.cli import main

run = app_module.CardtableApp.run
app_module.CardtableApp.run = lambda self, **kw: run(self, headless=True, size=(80, 24), **kw)
after_change = game_module.GameScreen.after_change

def after_change_then_crash(self):
    after_change(self)
    if len(self.state.history) >= 3:
        raise RuntimeError("injected after move " + str(len(self.state.history)))

game_module.GameScreen.after_change = after_change_then_crash
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.slow
def test_the_command_line_says_where_the_traceback_went(cardtable_home: Path, tmp_path: Path) -> None:
    save = tmp_path / "kept.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT), CARDTABLE_HOME=str(cardtable_home), TEXTUAL_ANIMATIONS="none")
    done = subprocess.run(
        [sys.executable, "-c", CRASHING_RUN, "play", "president", "--seats", "easy,easy,easy",
         "--speed", "fast", "--seed", "3", "--save", str(save)],
        env=env, capture_output=True, text=True, timeout=120,
    )
    log = only_log(cardtable_home)
    assert done.returncode == 1
    assert done.stderr == (
        "cardtable: cardtable stopped on an internal error (RuntimeError: injected after move 3); "
        f"the full traceback is in {log}\n"
    )
    assert "Traceback" not in done.stdout
    assert "RuntimeError: injected after move 3" in log.read_text(encoding="utf-8")
    assert len(load_save(save).history) >= 3  # a bot already thinking may land one more move
