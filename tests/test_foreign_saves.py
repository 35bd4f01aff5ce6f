"""A save is data: resuming one never imports what it names and never listens wider.

A seat that a user bot (``path.py:Class`` or ``module:Class``) played is resumed only
when the command line names a bot for it again (``--bot SEAT=BOT``); otherwise
``resume`` refuses in one line that says how, imports nothing and changes nothing.  A
hosted game listens where ``--listen`` says, else on loopback, whatever its save says.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.games import get_rules
from cardtable.userdata.paths import HOME_ENV

ROOT = Path(__file__).resolve().parents[1]

MARKER_BOT = '''
from pathlib import Path

# Importing this file is what a save must never do: it leaves a mark.
Path(__file__).with_name("imported.marker").write_text("imported")


class Bot:
    def __init__(self, seed=None):
        pass

    def choose(self, observation, legal_actions):
        return legal_actions[0]
'''


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_ENV, str(folder))
    return folder


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    path = tmp_path / "marker_bot.py"
    path.write_text(MARKER_BOT, encoding="utf-8")
    return path


def marker(bot_file: Path) -> Path:
    return bot_file.with_name("imported.marker")


def write_save(
    path: Path, kinds: list[str], network: dict[str, Any] | None = None, game: str = "durak", moves: int = 2
) -> Path:
    """A save as a file from elsewhere could hold it: seats, and for a hosted game its network."""
    state = get_rules(game).new_game(players=len(kinds), seed=5)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    names = ["Ann", "Eve", "Ben", "Cleo"]
    state.meta["seats"] = [{"name": names[seat], "kind": kind} for seat, kind in enumerate(kinds)]
    if network is not None:
        state.meta["network"] = network
    path.write_text(state.to_json(), encoding="utf-8")
    return path


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("cardtable: "), err
    return err


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


class Hosted:
    """Stands in for the host's serving loop: what ``resume`` would host, and where."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[Any, str, int]] = []
        monkeypatch.setattr("cardtable.commands.host._run", self.headless)
        monkeypatch.setattr("cardtable.commands.host_screen.run_host_screen", self.screen)

    def headless(self, state: Any, saver: Any, address: str, port: int, *args: Any, **kwargs: Any) -> int:
        saver.close()
        self.calls.append((state, address, port))
        return 0

    def screen(self, state: Any, address: str, port: int, *args: Any, **kwargs: Any) -> int:
        self.calls.append((state, address, port))
        return 0


class Played:
    """Stands in for the app of a local resume: the table it would open."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.apps: list[Any] = []
        monkeypatch.setattr("cardtable.commands.play.run_app", self.apps.append)

    @property
    def kinds(self) -> list[str]:
        [app] = self.apps
        return [seat.kind for seat in app.config.seats]


# --- a hosted game ------------------------------------------------------------------


def test_a_hosted_save_naming_a_bot_file_is_refused_without_importing_it(tmp_path: Path, bot_file: Path) -> None:
    """Found: `resume` of such a save imported the file (it wrote a marker) and then
    listened on every interface, as the save said."""
    save = write_save(tmp_path / "hosted.json", ["remote", "marker_bot.py:Bot", "easy"],
                      {"remote": [0], "listen": "0.0.0.0:8799"})
    before = save.read_bytes()
    env = {**os.environ, "PYTHONPATH": str(ROOT), HOME_ENV: str(tmp_path / "home")}
    try:
        done = subprocess.run([sys.executable, "-m", "cardtable", "resume", str(save)], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"resume hosted the game (imported: {marker(bot_file).exists()})")
    assert done.returncode == 2 and done.stdout == ""
    err = one_line(done.stderr)
    assert "seat 2 (Eve)" in err and "'marker_bot.py:Bot'" in err
    assert f"cardtable resume {save} --bot 2=marker_bot.py:Bot" in err and "--bot 2=normal" in err
    assert not marker(bot_file).exists()
    assert save.read_bytes() == before


def test_a_hosted_save_naming_a_module_is_refused_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, bot_file: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # `marker_bot:Bot` would be found here
    hosted = Hosted(monkeypatch)
    save = write_save(tmp_path / "hosted.json", ["remote", "easy", "marker_bot:Bot"], {"remote": [0]})
    code, out, err = run(capsys, "resume", str(save))
    assert code == 2 and out == "" and "--bot 3=marker_bot:Bot" in one_line(err)
    assert hosted.calls == [] and not marker(bot_file).exists() and "marker_bot" not in sys.modules


def test_a_hosted_seat_named_again_on_the_command_line_is_resumed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, bot_file: Path
) -> None:
    from cardtable.net.host import seats_from_state

    hosted = Hosted(monkeypatch)
    save = write_save(tmp_path / "hosted.json", ["remote", "marker_bot.py:Bot", "easy"], {"remote": [0]})
    code, _, err = run(capsys, "resume", str(save), "--bot", "2=normal")
    assert (code, err) == (0, "")
    [(state, address, port)] = hosted.calls
    assert [seat.spec for seat in seats_from_state(state)] == ["remote", "normal", "easy"]
    assert not marker(bot_file).exists()
    # The player names the file: then, and only then, it is loaded.
    code, _, err = run(capsys, "resume", str(save), "--bot", f"2={bot_file}:Bot")
    assert (code, err) == (0, "")
    assert seats_from_state(hosted.calls[-1][0])[1].spec == f"{bot_file}:Bot"
    assert marker(bot_file).exists()


def test_a_hosted_game_listens_on_loopback_whatever_its_save_says(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hosted = Hosted(monkeypatch)
    save = write_save(tmp_path / "hosted.json", ["remote", "easy"], {"remote": [0], "listen": "0.0.0.0:8799"})
    code, out, err = run(capsys, "resume", str(save))
    assert (code, err) == (0, "")
    assert hosted.calls[-1][1:] == ("127.0.0.1", 8765)
    # The player is told how to open it again, in one line.
    assert f"cardtable resume {save} --listen 0.0.0.0:8799" in out and out.count("\n") == 1
    code, out, err = run(capsys, "resume", str(save), "--listen", "0.0.0.0:8799")
    assert (code, out, err) == (0, "", "")
    assert hosted.calls[-1][1:] == ("0.0.0.0", 8799)
    # A seat at the host's keyboard opens the table screen: loopback there too.
    screen = write_save(tmp_path / "screen.json", ["human", "remote"], {"remote": [1], "listen": "[::]:8799"})
    code, _, err = run(capsys, "resume", str(screen))
    assert (code, err) == (0, "")
    assert hosted.calls[-1][1:] == ("127.0.0.1", 8765)


def test_a_saved_loopback_port_is_not_kept_either(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hosted = Hosted(monkeypatch)
    save = write_save(tmp_path / "hosted.json", ["remote", "easy"], {"remote": [0], "listen": "127.0.0.1:22"})
    code, out, err = run(capsys, "resume", str(save))
    assert (code, out, err) == (0, "", "")
    assert hosted.calls[-1][1:] == ("127.0.0.1", 8765)


# --- a game played here -----------------------------------------------------------------


def test_a_local_save_naming_a_bot_file_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, bot_file: Path
) -> None:
    played = Played(monkeypatch)
    save = write_save(tmp_path / "local.json", ["human", "marker_bot.py:Bot", "hard"])
    before = save.read_bytes()
    code, out, err = run(capsys, "resume", str(save))
    assert code == 2 and out == ""
    assert "seat 2 (Eve)" in one_line(err) and f"cardtable resume {save} --bot 2=marker_bot.py:Bot" in err
    assert played.apps == [] and not marker(bot_file).exists() and save.read_bytes() == before


def test_a_local_seat_named_again_is_played_by_that_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, bot_file: Path
) -> None:
    played = Played(monkeypatch)
    save = write_save(tmp_path / "local.json", ["human", "marker_bot.py:Bot", "hard"])
    code, _, err = run(capsys, "resume", str(save), "--bot", "2=easy")
    assert (code, err) == (0, "")
    assert played.kinds == ["human", "easy", "hard"] and not marker(bot_file).exists()
    played.apps.clear()
    code, _, err = run(capsys, "resume", str(save), "--bot", f"2={bot_file}:Bot", "--bot", "3=normal")
    assert (code, err) == (0, "")
    assert played.kinds == ["human", f"{bot_file}:Bot", "normal"]


def test_the_newest_game_is_named_by_its_id_in_the_refusal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, bot_file: Path
) -> None:
    from cardtable.userdata.paths import saves_dir

    Played(monkeypatch)
    saves_dir().mkdir(parents=True)
    write_save(saves_dir() / "0123abcd.json", ["human", "easy", "other.py:Clever", "marker_bot:Bot"], game="hearts")
    code, _, err = run(capsys, "resume")
    assert code == 2
    assert "cardtable resume 0123abcd --bot 3=other.py:Clever --bot 4=marker_bot:Bot" in one_line(err)
    assert "seats 3 (Ben) and 4 (Cleo)" in err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bot", "2"], "--bot needs SEAT=BOT"),
        (["--bot", "two=easy"], "--bot needs SEAT=BOT"),
        (["--bot", "2="], "--bot needs SEAT=BOT"),
        (["--bot", "0=easy"], "seat 0"),
        (["--bot", "4=easy"], "has seats 1 to 3"),
        (["--bot", "1=easy"], "seat 1 (Ann) is a person's"),
        (["--bot", "2=expert"], "unknown bot level 'expert'"),
        (["--bot", "2=easy", "--bot", "2=hard"], "seat 2 is given twice"),
        (["--bot", "2=nowhere.py:Bot"], "no file 'nowhere.py'"),
        (["--listen", "0.0.0.0"], "--listen is only for a game hosted for players elsewhere"),
    ],
)
def test_a_bad_bot_or_listen_option_is_one_line_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, bot_file: Path,
    args: list[str], says: str,
) -> None:
    played = Played(monkeypatch)
    save = write_save(tmp_path / "local.json", ["human", "marker_bot.py:Bot", "hard"])
    before = save.read_bytes()
    code, out, err = run(capsys, "resume", str(save), *args)
    assert code == 2 and out == "" and says in one_line(err)
    assert played.apps == [] and save.read_bytes() == before and not marker(bot_file).exists()


def test_a_hosted_seat_of_a_remote_player_takes_no_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hosted = Hosted(monkeypatch)
    save = write_save(tmp_path / "hosted.json", ["remote", "easy"], {"remote": [0]})
    code, _, err = run(capsys, "resume", str(save), "--bot", "1=hard")
    assert code == 2 and "seat 1 (Ann) is a person's" in one_line(err) and hosted.calls == []
