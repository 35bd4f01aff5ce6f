"""The command line's one-line errors in the player's language: a file that is no save
or record, a missing file, a folder, a device, a bot of your own that cannot be loaded,
a bad option of ``simulate`` or ``play`` are refused in one line of the language asked
for (exit status 2), the file named literally; in English each line is as it was.

Each case is the English part that must not reach a reader of another language, and a
fragment the English line keeps (tests/test_cli.py and tests/userdata pin the rest).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.commandline import run_cardtable
from tests.failing_bots import write_failing_bots

TRANSLATED = ("nl", "et", "pl", "bg")


def _not_a_save(folder: Path) -> str:
    path = folder / "bad.json"
    path.write_text(json.dumps({"format": 1, "game": "hearts", "actions": ["zz"]}))
    return str(path)


def _bad_action(folder: Path) -> str:
    path = folder / "damaged.json"
    path.write_text(json.dumps({"format": "cardtable-save", "version": 1, "game": "hearts", "players": 4,
                                "seed": 1, "options": {}, "actions": [[0, "zz"]]}))
    return str(path)


def _stats_folder(folder: Path) -> list[str]:
    (folder / "home" / "data" / "stats.json").mkdir(parents=True)
    return ["stats"]


def _against_the_rules(folder: Path) -> str:
    path = folder / "illegal.json"
    path.write_text(json.dumps({"format": "cardtable-save", "version": 1, "game": "hearts", "players": 4,
                                "seed": 1, "options": {}, "actions": [[0, "play 2C"]]}))
    return str(path)


def _bad_deck(folder: Path) -> str:
    path = folder / "deck.json"
    path.write_text(json.dumps({"format": "cardtable-save", "version": 1, "game": "hearts", "players": 4,
                                "seed": 1, "options": {}, "actions": [], "deck": "AS"}))
    return str(path)


def _bad_seed(folder: Path) -> str:
    path = folder / "seed.json"
    path.write_text(json.dumps({"format": "cardtable-save", "version": 1, "game": "hearts", "players": 4,
                                "seed": "abc", "options": {}, "actions": []}))
    return str(path)


def _bot_file(folder: Path) -> str:
    path = folder / "mybot.py"
    path.write_text("x = 1\n")
    return f"{path}:Bot"


#: (name, arguments with {folder}-made paths, the English that must go)
CASES = {
    "replay no save": (lambda f: ["replay", _not_a_save(f)], "not a cardtable save file"),
    "resume no save": (lambda f: ["resume", _not_a_save(f)], "not a cardtable save file; the file was left"),
    "export no save": (lambda f: ["export", _not_a_save(f), str(f / "out.json")], "not a cardtable save file"),
    "replay bad action": (lambda f: ["replay", _bad_action(f)], "is not a card"),
    "resume bad action": (lambda f: ["resume", _bad_action(f)], "save file is damaged: action 1"),
    "replay against the rules": (lambda f: ["replay", _against_the_rules(f)], "first pass 3 cards"),
    "resume against the rules": (lambda f: ["resume", _against_the_rules(f)], "first pass 3 cards"),
    "replay bad deck": (lambda f: ["replay", _bad_deck(f)], "bad deck: 1 cards given"),
    "replay missing": (lambda f: ["replay", str(f / "none.json")], "no file at"),
    "resume missing": (lambda f: ["resume", str(f / "none.json")], "no save file at"),
    "resume folder": (lambda f: ["resume", str(f)], "it is a directory, not a save file"),
    "replay folder": (lambda f: ["replay", str(f)], "it is a directory, not a record"),
    "review folder": (lambda f: ["review", str(f)], "it is a directory, not a record"),
    "replay device": (lambda f: ["replay", "/dev/zero"], "it is not a regular file"),
    "bot no file": (lambda f: ["simulate", "hearts", "--seats", "./nofile.py:Bot,easy,easy,easy"], "no file"),
    "bot no class": (lambda f: ["simulate", "hearts", "--seats", f"{_bot_file(f)},easy,easy,easy"], "has no"),
    "bot bad name": (lambda f: ["simulate", "hearts", "--seats", "./x.py:1bot,easy,easy,easy"], "is not a Python name"),
    "simulate jobs": (lambda f: ["simulate", "hearts", "--seats", "easy,easy,easy,easy", "-j", "0"], "jobs must be at least 1"),
    "simulate empty seat": (lambda f: ["simulate", "hearts", "--seats", "easy,,easy,easy"], "a seat is empty"),
    "simulate timeout": (lambda f: ["simulate", "hearts", "--seats", "easy,easy,easy,easy", "--bot-timeout", "0"],
                         "must be a positive number"),
    "simulate seat count": (lambda f: ["simulate", "hearts", "--seats", "easy,easy,easy"], "is for exactly 4 players"),
    "play bad target": (lambda f: ["play", "hearts", "--target", "-1"], "option target must be at least 1"),
    "simulate unknown option": (lambda f: ["simulate", "hearts", "--seats", "easy,easy,easy,easy", "-o", "foo=1"],
                                "has no option 'foo'"),
    "simulate yes or no": (lambda f: ["simulate", "president", "--seats", "easy,easy,easy", "-o", "revolution=maybe"],
                           "must be true or false"),
    "simulate whole number": (lambda f: ["simulate", "hearts", "--seats", "easy,easy,easy,easy", "-o", "target=x"],
                              "must be a whole number"),
    "resume bad seed": (lambda f: ["resume", _bad_seed(f)], "seed must be a whole number"),
    "play same names": (lambda f: ["play", "hearts", "--names", "a,a,b,c"], "two seats have the same name"),
    "stats file is a folder": (_stats_folder, "it is a directory"),
    "stats bad player": (lambda f: ["stats", "--player", "a\tb"], "has a control character"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_error_is_english_in_english(case: str, tmp_path: Path) -> None:
    make_args, english = CASES[case]
    result = run_cardtable("--lang", "en", *make_args(tmp_path), home=tmp_path / "home")
    assert result.returncode == 2, result.stderr
    assert english in result.stderr
    assert result.stderr.startswith("cardtable: ") and result.stderr.count("\n") == 1


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_error_speaks_the_language_asked_for(case: str, code: str, tmp_path: Path) -> None:
    make_args, english = CASES[case]
    args = make_args(tmp_path)
    result = run_cardtable("--lang", code, *args, home=tmp_path / "home")
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("cardtable: ") and result.stderr.count("\n") == 1, result.stderr
    assert english not in result.stderr
    named = [arg.split(":")[0] for arg in args if arg.startswith(str(tmp_path))]
    # The file is named as it is (a long path's middle may give way to "…": its name stays).
    assert not named or named[0] in result.stderr or Path(named[0]).name in result.stderr


#: a bot of your own that fails in a match: (class, the English that must go)
MATCH_FAILURES = {"Raiser": "failed in game", "Jumper": "chose the illegal action"}


@pytest.mark.parametrize("code", ("en", *TRANSLATED))
@pytest.mark.parametrize("bot", sorted(MATCH_FAILURES))
def test_a_bot_that_fails_in_a_match_is_reported_in_the_language_asked_for(bot: str, code: str, tmp_path: Path) -> None:
    path = write_failing_bots(tmp_path)
    result = run_cardtable("--lang", code, "simulate", "hearts", "--seats", f"{path}:{bot},easy,easy,easy", "--games", "1",
                           home=tmp_path / "home")
    assert result.returncode == 2, result.stderr
    assert (MATCH_FAILURES[bot] in result.stderr) == (code == "en"), result.stderr
    assert f"failing_bots.py:{bot}" in result.stderr
