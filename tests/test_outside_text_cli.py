"""The command line shows text from outside literally, and refuses bad names in one line (issue 12).

``cardtable stats`` reads names from ``stats.json``, ``simulate`` prints the user's
bot paths, and every error line may quote a name, a path or a move: none of it is
read as Rich markup, and no control character of it reaches the terminal.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from unittest import mock

import pytest
from hostile_text import outside_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.cli import main
from cardtable.display import visible
from cardtable.names import safe_name
from cardtable.userdata.paths import stats_path
from cardtable.userdata.stats import STATS_FORMAT, STATS_VERSION

ROOT = Path(__file__).resolve().parents[1]
#: Rich's own colour codes; anything else starting with ESC came from outside
RICH_COLOURS = re.compile(r"\x1b\[[0-9;]*m")



@pytest.fixture(autouse=True)
def cardtable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write_stats(names: list[str], kind: str = "human", game: str = "durak") -> None:
    entries = [
        {"name": name, "kind": kind, "game": game, "played": 1, "wins": 1, "rounds": 1, "place_total": 1}
        for name in names
    ]
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": STATS_FORMAT, "version": STATS_VERSION, "entries": entries, "recorded": []}
    path.write_text(json.dumps(data), encoding="utf-8")


def colour_terminal() -> mock._patch:
    """Make Rich write colours, links and all, as it would to a terminal, 200 columns wide."""
    return mock.patch.dict("os.environ", {"FORCE_COLOR": "1", "COLUMNS": "200", "TTY_COMPATIBLE": "1"})


def assert_nothing_raw(printed: str) -> None:
    assert "\x1b" not in RICH_COLOURS.sub("", printed), repr(printed)
    assert "\x1b]8;" not in printed  # no hyperlink
    assert "\x07" not in printed and "\r" not in printed


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ("human:\x1b[2JE,human:\x1b]0;pwn\x07Q,easy,easy", "has a control character (\\x1b)"),
        ("human:A\nB,human:Bob,easy,easy", "is not one line"),
        ("human:" + "N" * 500 + ",easy,easy,easy", "is 500 characters long, more than 16"),
        ("human:a\u202eb,easy,easy,easy", "invisible formatting character (\\u202e)"),
    ],
)
def test_play_refuses_a_bad_name_in_one_line(capsys, seats: str, words: str) -> None:
    # Found: `--seats $'human:\e[2JE,human:\e]0;pwn\aQ,easy,easy'` wiped the screen and
    # set the terminal's title.
    code, out, err = run(capsys, "play", "hearts", "--seats", seats)
    assert code == 2 and out == ""
    assert err.startswith("cardtable: the name '") and words in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert all(character.isprintable() for character in err.rstrip("\n"))
    assert len(err) < 200


def test_play_refuses_a_bad_name_given_with_names(capsys) -> None:
    code, _, err = run(capsys, "play", "durak", "--seats", "human,easy", "--names", "Ann,\x07")
    assert code == 2 and "control character (\\x07)" in err


def test_stats_shows_markup_names_literally(capsys) -> None:
    # Found: a name "[/x]bot" made `cardtable stats` exit 1 with a MarkupError; "[red]x[/red]"
    # showed a red x; "[link=file:///etc/passwd]..." became a terminal hyperlink.
    names = ["[/x]bot", "[red]x[/red]", "[link=file:///etc/passwd]x[/link]", "[@click=app.quit]q"]
    write_stats(names)
    with colour_terminal():
        code, out, err = run(capsys, "stats")
    assert (code, err) == (0, "")
    assert_nothing_raw(out)
    plain = RICH_COLOURS.sub("", out)
    for name in names:
        assert safe_name(name) in plain
    assert "[link=file:///e…" in plain


def test_stats_never_sends_a_name_s_escape_sequence_to_the_terminal(capsys) -> None:
    # Found: the same names in stats.json wiped the screen in `cardtable stats`.
    write_stats(["\x1b[2JE", "\x1b]0;pwn\x07Q", "two\nlines", "\u202eevil"])
    with colour_terminal():
        code, out, err = run(capsys, "stats")
    assert (code, err) == (0, "")
    assert_nothing_raw(out)
    plain = RICH_COLOURS.sub("", out)
    for name in ("[2JE", "]0;pwnQ", "two lines", "evil"):
        assert re.search(rf"(?m)^ *{re.escape(name)} +human", plain), plain
    assert "\u202e" not in out


def test_stats_shows_a_kind_and_a_game_from_the_file_literally(capsys) -> None:
    write_stats(["Ann"], kind="[/x]\x1b[2J")
    code, out, _ = run(capsys, "stats")
    assert code == 0 and "[/x]\\x1b[2J" in out and "\x1b" not in out


def test_stats_player_filter_refuses_a_bad_name(capsys) -> None:
    code, out, err = run(capsys, "stats", "--player", "\x1b[2J")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "--player: the name '\\x1b[2J' has a control character" in err


def test_an_error_line_never_carries_a_control_character(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "resume", str(tmp_path / "a\x1b[2J\x07b.json"))
    assert code == 2
    assert "a\\x1b[2J\\x07b.json" in err and "\x1b" not in err and err.count("\n") == 1


def test_stats_warning_lines_never_carry_a_control_character(capsys) -> None:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "cardtable-stats", "version": "\x1b[2J"}', encoding="utf-8")
    code, _, err = run(capsys, "stats")
    assert code == 0 and err.startswith("cardtable: warning: ") and "\x1b" not in err


def test_simulate_shows_the_user_s_bot_path_literally(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "[red]" / "[" / "x]bot"  # the path holds "[red]/[/x]bot"
    folder.mkdir(parents=True)
    bot = folder / "lowest.py"
    shutil.copy(ROOT / "examples" / "my_bot.py", bot)
    spec = f"{bot}:LowestCardBot"
    with colour_terminal():
        code, out, err = run(capsys, "simulate", "hearts", "--seats", f"{spec},easy,easy,easy", "-n", "2", "--target", "30")
    assert code == 0, err
    assert_nothing_raw(out)
    plain = RICH_COLOURS.sub("", out)
    assert "[red]/[/x]bot/lowest.py:LowestCardBot" in "".join(plain.split())


@pytest.mark.slow
@given(names=st.lists(outside_text(8), min_size=1, max_size=4))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_stats_shows_any_name_literally(capsys, names: list[str]) -> None:
    write_stats(names)
    with colour_terminal():
        code, out, err = run(capsys, "stats")
    assert code == 0 and "Traceback" not in err
    assert_nothing_raw(out)
    plain = RICH_COLOURS.sub("", out)
    for name in names:
        assert visible(safe_name(name)) in plain
