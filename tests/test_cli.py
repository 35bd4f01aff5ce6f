"""The command line: version, rules, help, and one-line errors with the right exit code."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import cardtable
from cardtable import available_games
from cardtable.cli import app, main
from cardtable.commands import rules as rules_command
from cardtable.engine.errors import InvalidOptionError

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(err: str, expected: str | None = None) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("cardtable: ")
    assert "Traceback" not in err and "╭" not in err
    if expected is not None:
        assert err == f"cardtable: {expected}\n"
    return err


# --- version and help -------------------------------------------------------------

@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    assert run(capsys, flag) == (0, "cardtable 0.1.0\n", "")
    assert cardtable.__version__ == "0.1.0"


def test_version_matches_the_package_metadata() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == cardtable.__version__
    assert project["scripts"] == {"cardtable": "cardtable.__main__:main"}


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    code, out, err = run(capsys, flag)
    assert code == 0 and err == ""
    assert "Usage: cardtable" in out
    for command in ("rules",):
        assert command in out
    assert "--version" in out


def test_rules_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--help")
    assert code == 0
    assert "Usage: cardtable rules" in out and "GAME" in out and "--raw" in out


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    import typer.main

    group = typer.main.get_command(app)
    for name in group.commands:  # type: ignore[attr-defined]
        code, out, err = run(capsys, name, "--help")
        assert code == 0, (name, err)
        assert f"Usage: cardtable {name}" in out


def help_text(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args, "--help")
    assert (code, err) == (0, ""), err
    return out


@pytest.mark.parametrize(
    "command, usage",
    [
        ((), "Usage: cardtable [OPTIONS] COMMAND [ARGS]..."),
        (("play",), "Usage: cardtable play [OPTIONS] GAME"),
        (("rules",), "Usage: cardtable rules [OPTIONS] GAME"),
        (("resume",), "Usage: cardtable resume [OPTIONS] [ID|FILE]"),
        (("replay",), "Usage: cardtable replay [OPTIONS] FILE"),
        (("export",), "Usage: cardtable export [OPTIONS] SAVEFILE RECORDFILE"),
        (("stats",), "Usage: cardtable stats [OPTIONS]"),
    ],
)
def test_help_usage_shows_arguments_as_typed(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...], usage: str
) -> None:
    assert usage in help_text(capsys, *command).splitlines()[1]


def test_help_shows_no_python_types(capsys: pytest.CaptureFixture[str]) -> None:
    # A flag takes no value and an argument's name says what it is: no `--ascii <bool>`,
    # `GAME <str>` or `[[FILE]]`; options with a value show what to type there.
    import typer.main

    group = typer.main.get_command(app)
    texts = [help_text(capsys)] + [help_text(capsys, name) for name in group.commands]  # type: ignore[attr-defined]
    for text in texts:
        for noise in ("<bool>", "<str>", "<int", "[[", "{", "BOOLEAN"):
            assert noise not in text, (noise, text)
    play = help_text(capsys, "play")
    for shown in ("--ascii ", "--seats", "KINDS", "--seed", " N ", "--target", "POINTS", "fast|normal|slow"):
        assert shown in play, shown


def test_help_flags_have_nothing_after_them(capsys: pytest.CaptureFixture[str]) -> None:
    for line in help_text(capsys, "play").splitlines():
        if "--no-revolution" in line or "--four-colour" in line:
            words = line.strip("│ ").split()
            assert words[1] in ("President", "A"), line


# --- rules ------------------------------------------------------------------------

@pytest.mark.parametrize("game", available_games())
def test_rules_file_exists_for_every_game(game: str) -> None:
    path = ROOT / "docs" / "rules" / f"{game}.md"
    assert path.is_file(), f"{path} is missing"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# ")
    assert cardtable.get_rules(game).title in text.splitlines()[0]


@pytest.mark.parametrize("game", available_games())
def test_rules_are_rendered_with_rich(capsys: pytest.CaptureFixture[str], game: str) -> None:
    title = cardtable.get_rules(game).title
    code, out, err = run(capsys, "rules", game)
    assert (code, err) == (0, "")
    assert title in out
    # Rendered, not raw: Markdown heading marks and emphasis stars are gone.
    assert not any(line.startswith("#") for line in out.splitlines())
    assert "**" not in out
    assert len(out.splitlines()) > 10


@pytest.mark.parametrize("game", available_games())
def test_rules_raw_prints_the_markdown_source(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, err = run(capsys, "rules", game, "--raw")
    assert (code, err) == (0, "")
    assert out == (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")


def test_rules_game_name_is_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "rules", "PRESIDENT", "--raw") == run(capsys, "rules", "president", "--raw")


def test_rules_not_written_yet(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_command, "rules_markdown", lambda game: None)
    code, out, err = run(capsys, "rules", "durak")
    assert (code, out) == (1, "")
    assert_one_line_error(err, "the rules of durak are not written yet")


def test_rules_text_is_shipped_for_regular_installs(tmp_path: Path) -> None:
    # One source of truth: setup.py's build step copies docs/rules/*.md into the
    # package, where rules_markdown looks first.  Built from a copy of the project, so
    # the build leaves nothing behind in the checkout.
    pytest.importorskip("setuptools", reason="building needs setuptools")
    project = tmp_path / "project"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    shutil.copytree(ROOT / "cardtable", project / "cardtable", ignore=ignore)
    shutil.copytree(ROOT / "docs", project / "docs", ignore=ignore)
    for name in ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in"):
        shutil.copy(ROOT / name, project / name)
    built = tmp_path / "built"
    result = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(built)],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    shipped = sorted(p.name for p in (built / "cardtable" / "docs" / "rules").glob("*.md"))
    assert shipped == sorted(p.name for p in (ROOT / "docs" / "rules").glob("*.md"))
    assert shipped == sorted(f"{game}.md" for game in available_games())
    for name in shipped:
        copy = (built / "cardtable" / "docs" / "rules" / name).read_bytes()
        assert copy == (ROOT / "docs" / "rules" / name).read_bytes()
    assert (built / "cardtable" / "py.typed").is_file()


# --- errors -----------------------------------------------------------------------

@pytest.mark.parametrize(
    "args, message",
    [
        (["rules", "chess"], "unknown game 'chess'; choose one of president, durak, hearts"),
        (["rules", ""], "unknown game ''; choose one of president, durak, hearts"),
        (["rules"], "missing argument 'GAME' (see 'cardtable rules --help')"),
        (["rules", "hearts", "extra"], "got unexpected extra argument(s) (extra) (see 'cardtable rules --help')"),
        (["rules", "hearts", "--bogus"], "no such option: --bogus (see 'cardtable rules --help')"),
        (["chess"], "no such command 'chess' (see 'cardtable --help')"),
        (["--bogus"], "no such option: --bogus (see 'cardtable --help')"),
        (["stats", "--player"], "option '--player' requires an argument (see 'cardtable stats --help')"),
        (["play", "president", "--bogus"], "no such option: --bogus (see 'cardtable play --help')"),
        (["play", "president", "--round", "3"],
         "no such option: --round; did you mean --rounds? (see 'cardtable play --help')"),
        (["host", "hearts", "--sead", "3"], "no such option: --sead; did you mean --seed? (see 'cardtable host --help')"),
        (["play", "hearts", "--think", "10"], "--think must be one of 0.5, 1, 2, 5 seconds, not '10'"),
        (["play", "hearts", "--think", "-1"], "--think must be one of 0.5, 1, 2, 5 seconds, not '-1'"),
        (["play", "hearts", "--think", "nan"], "--think must be one of 0.5, 1, 2, 5 seconds, not 'nan'"),
    ],
)
def test_bad_input_is_one_line_with_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert_one_line_error(err, message)


def test_misspelt_option_suggests_the_right_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--verson")
    assert code == 2
    assert "--version" in assert_one_line_error(err)


def test_cardtable_errors_from_a_command_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(game: str, raw: bool = False) -> None:
        raise InvalidOptionError("option rounds must be at least 1, not 0")

    monkeypatch.setattr(rules_command, "show_rules", refuse)
    code, _, err = run(capsys, "rules", "president")
    assert code == 2
    assert_one_line_error(err, "option rounds must be at least 1, not 0")


def test_ctrl_c_is_one_line_with_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(game: str, raw: bool = False) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(rules_command, "show_rules", interrupted)
    code, _, err = run(capsys, "rules", "president")
    assert code == 130
    assert_one_line_error(err, "interrupted")


# --- as a program -------------------------------------------------------------------

def program(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        cwd=ROOT,
    )


def test_program_version_and_error_exit_codes() -> None:
    version = program("--version")
    assert (version.returncode, version.stdout, version.stderr) == (0, "cardtable 0.1.0\n", "")
    bad = program("rules", "chess")
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr == "cardtable: unknown game 'chess'; choose one of president, durak, hearts\n"


def test_program_rules_through_a_pipe() -> None:
    result = program("rules", "hearts")
    assert result.returncode == 0, result.stderr
    assert "Hearts" in result.stdout


def test_installed_console_script_points_at_main() -> None:
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution("cardtable")
    except PackageNotFoundError:
        return  # running from a checkout without `pip install`; pyproject is checked above
    scripts = {ep.name: ep.value for ep in dist.entry_points if ep.group == "console_scripts"}
    # An install made before the entry point moved to __main__ (which answers --version
    # without loading the command line) still says cardtable.cli:main, which works too.
    assert scripts.get("cardtable") in ("cardtable.__main__:main", "cardtable.cli:main")


def test_shell_completion_completes_game_names() -> None:
    # README.md: eval "$(_CARDTABLE_COMPLETE=source_bash cardtable)"; Typer knows the
    # shells only once cli.main has told it to.
    env = {"_CARDTABLE_COMPLETE": "complete_bash", "_TYPER_COMPLETE_ARGS": "cardtable rules h",
           "COMP_WORDS": "cardtable rules h", "COMP_CWORD": "2"}
    result = subprocess.run(
        [sys.executable, "-m", "cardtable"], capture_output=True, text=True, stdin=subprocess.DEVNULL,
        timeout=120, env={**os.environ, **env},
    )
    assert (result.returncode, result.stdout.split(), result.stderr) == (0, ["hearts"], "")
    script = subprocess.run(
        [sys.executable, "-m", "cardtable"], capture_output=True, text=True, stdin=subprocess.DEVNULL,
        timeout=120, env={**os.environ, "_CARDTABLE_COMPLETE": "source_bash"},
    )
    assert script.returncode == 0 and "complete" in script.stdout and "_CARDTABLE_COMPLETE" in script.stdout


def test_the_root_options_that_take_a_value_are_known_to_app_for() -> None:
    # app_for skips a root option's value when it looks for the command word; a new
    # root option that takes a value must be listed there.
    import typer.main

    from cardtable.cli import ROOT_VALUE_OPTIONS

    root = typer.main.get_command(app)
    taking_a_value = {opt for param in root.params if not getattr(param, "is_flag", False)
                      for opt in param.opts if opt.startswith("--")}
    assert taking_a_value == ROOT_VALUE_OPTIONS


@pytest.mark.parametrize("args", [["--speed", "fast", "rules", "hearts"], ["rules", "hearts"], ["--ascii", "rules", "hearts"]])
def test_a_command_runs_the_same_from_the_app_narrowed_to_it(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 0
    assert "Hearts" in capsys.readouterr().out


def test_an_unknown_command_is_refused_by_the_whole_app(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plya", "hearts"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "plya" in err


@pytest.mark.parametrize("seconds", ["inf", "1e309", "-inf", "nan", "-5", "0", "4.9", "3600.5", "1e9"])
def test_a_turn_time_that_is_no_sensible_number_of_seconds_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, seconds: str,
) -> None:
    from cardtable.commands import host

    def hosted(*_: object, **__: object) -> int:
        raise AssertionError(f"--turn-time {seconds} was taken: the table would be hosted")

    monkeypatch.setattr(host, "_run", hosted)
    code, out, err = run(capsys, "host", "hearts", "--seats", "remote,hard,hard,hard", "--turn-time", seconds)
    assert code == 2 and out == ""
    assert "--turn-time must be a number of seconds from 5 to 3600" in assert_one_line_error(err)


def test_a_turn_time_in_range_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.commands import host

    taken: list[object] = []
    monkeypatch.setattr(host, "_run", lambda state, *_, **__: taken.append(state.meta["network"]["turn_time"]) or 0)
    assert main(["host", "hearts", "--seats", "remote,hard,hard,hard", "--turn-time", "15"]) == 0
    assert main(["host", "hearts", "--seats", "remote,hard,hard,hard", "--turn-time", "3600"]) == 0
    assert taken == [15.0, 3600.0]


@pytest.mark.parametrize("iterations", ["0", "100001", "99999999999999999999999"])
def test_review_iterations_beyond_the_bound_are_refused(capsys: pytest.CaptureFixture[str], iterations: str) -> None:
    code, out, err = run(capsys, "review", "--iterations", iterations)
    assert code == 2 and out == ""
    assert_one_line_error(err, f"--iterations must be 1 to 100000, not {iterations}")


# --- `play` without Typer -------------------------------------------------------------

def _play_lines(count: int) -> list[list[str]]:
    """``count`` command lines of ``play``, plain and not, drawn from every option's
    values (well-formed, odd and wrong), in both spellings and any order."""
    rng = random.Random(38)
    values = {
        "--seats": ["human,hard,hard,hard", "human:Ann,easy", "", " human , easy ", "hard,my_bot.py:Bot", "-x"],
        "--names": ["Ann,Ben", "", "Ann"],
        "--seed": ["0", "5", "123456789012", "007", "-1", "+3", "x", "", "12345678901234567890123"],
        "--rounds": ["3", "0", "1"],
        "--target": ["50", "100", "-5"],
        "--speed": ["fast", "", "Slow", "warp"],
        "--save": ["game.json", "~/x.json"],
        "--think": ["1", "0.5", "3", "-1"],
        "--bogus": ["1"],
        "--round": ["3"],
    }
    flags = ["--no-revolution", "--ascii", "--four-colour", "--help", "--", "-"]
    lines = []
    for _ in range(count):
        words: list[str] = []
        for _ in range(rng.randrange(6)):
            if rng.random() < 0.3:
                words.append(rng.choice(flags[:3] if rng.random() < 0.9 else flags))
                continue
            option = rng.choice(list(values) if rng.random() < 0.1 else list(values)[:8])
            value = rng.choice(values[option][:3] if rng.random() < 0.7 else values[option])
            words += [f"{option}={value}"] if rng.random() < 0.3 else [option, value]
        games = rng.choice([["hearts"], ["President"], ["durak"], ["chess"], [], ["hearts", "durak"], [""]])
        for game in games:
            words.insert(rng.randrange(len(words) + 1), game)
        root = rng.choice([[], [], ["--ascii"], ["--four-colour", "--speed", "slow"], ["--speed", "fast"], ["--bogus"]])
        lines.append([*root, "play", *words])
    return lines


def test_play_arguments_are_those_the_command_line_gives(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A plain `cardtable play` reaches the game without Typer (cardtable.__main__): the
    # arguments it reads are exactly those the Typer command gives; anything else is
    # left to Typer (play_arguments gives None).
    from cardtable.commands import play as play_module

    given: list[dict[str, object]] = []
    monkeypatch.setattr(play_module, "play", lambda game, **kwargs: given.append({"game": game, **kwargs}))
    plain = 0
    for line in _play_lines(400):
        given.clear()
        main(line)
        capsys.readouterr()
        fast = play_module.play_arguments(line)
        if fast is not None:
            plain += 1
            assert given == [fast], line
    assert plain > 100  # the common lines take the fast way


def test_play_arguments_know_the_play_commands_options() -> None:
    import typer.main

    from cardtable.commands import play as play_module

    group = typer.main.get_command(app)
    options = {opt for param in group.commands["play"].params for opt in param.opts}  # type: ignore[attr-defined]
    assert options - {"GAME", "game"} == set(play_module.PLAY_VALUE_OPTIONS) | set(play_module.PLAY_FLAGS)
    root = {opt for param in group.params for opt in param.opts} - {"--version", "-V", "--lang", "--help", "-h"}
    assert root == set(play_module.ROOT_VALUE_OPTIONS) | set(play_module.ROOT_FLAGS)


@pytest.mark.parametrize(
    "args",
    [
        ["play", "chess"], ["play", ""], ["play", "hearts", "--seats", "human,normal"], ["play", "hearts", "--speed", "warp"],
        ["play", "hearts", "--think", "3"], ["play", "president", "--target", "50"], ["play", "hearts", "--bogus"],
        ["play"], ["play", "hearts", "--seed", "-1"], ["play", "hearts", "--seed=x"], ["--ascii", "play", "hearts", "--rounds=2"],
        ["play", "hearts", "--save", "."], ["play", "hearts", "--seats", "human:Ann,easy,easy,easy", "--names", "A,B,C,D"],
        ["play", "hearts", "--seats", "human,,easy,easy"], ["play", "hearts", "durak"],
    ],
)
def test_play_refuses_alike_with_and_without_typer(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    from cardtable.__main__ import main as program_main

    typer_said = run(capsys, *args)
    code = program_main(args)
    out, err = capsys.readouterr()
    assert (code, out, err) == typer_said and code == 2, args
