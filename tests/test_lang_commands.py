"""The command line in the player's language: ``stats``, ``resume --list``, an unknown
option, ``review`` and ``--help`` run with ``--lang`` in each language show no English
word of cardtable's own, and the same commands in English are as they always were
(tests/test_cli.py, test_review_cli.py and test_simulate_cli.py assert their lines).

"No English word" is checked against the words of the English messages of the command
line, the commands, the player's files and the review (the template's messages from
those modules): none of them may be left in a translated output, but for what every
language writes the same (option names, what a player types, paths, names, numbers)
and what the games' own rules word, which the games' part of issue 37 marks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardtable.games import all_rules
from tests.commandline import NO_LANGUAGE, run_cardtable
from tests.english_words import English, words
from tests.userdata.helpers import count_finished_games, data_home, finished_game, new_game, pure_choice

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = ("nl", "et", "pl", "bg")

#: the modules whose words are checked here
AREAS = ("cardtable/cli.py", "cardtable/commands/", "cardtable/userdata/", "cardtable/bots/review.py",
         "cardtable/session/review.py", "cardtable/bots/durak/measure.py", "cardtable/bots/hearts/measure.py",
         "cardtable/bots/president/measure.py")

#: written the same in every language: what a player types (seat kinds, option values, commands),
#: names of formats and tools, and the program's name
SAME_IN_EVERY_LANGUAGE = {
    "cardtable", "human", "easy", "normal", "hard", "remote", "random", "fast", "slow", "bots", "true", "false",
    "play", "resume", "replay", "review", "rules", "host", "join", "serve", "stats", "simulate", "export", "list",
    "delete", "JSON", "ASCII", "Markdown", "TOML", "UTF", "SSH", "Wilson", "Class", "module", "path", "file",
    "auto", "revolution", "seed", "Ctrl", "http", "localhost", "Clever", "Cleo", "Ann", "Ben",
}


def english_words() -> set[str]:
    """The words (four letters or more) of the English messages of the areas checked."""
    with (ROOT / "cardtable" / "locale" / "cardtable.pot").open("rb") as handle:
        template = read_po(handle)
    words: set[str] = set()
    for message in template:
        if not message.id or not any(path.startswith(AREAS) for path, _line in message.locations):
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            text = re.sub(r"\{[^{}]*\}|--[a-z-]+|\S*[/:=]\S*", " ", text)  # placeholders, options, paths
            words.update(word for word in re.findall(r"[A-Za-z]{4,}", text) if not word.isupper())
    return words - SAME_IN_EVERY_LANGUAGE


def translated_words(code: str) -> set[str]:
    """The words the language's own translations use (Dutch writes "best" and "plaats" too)."""
    with (ROOT / "cardtable" / "locale" / code / "LC_MESSAGES" / "cardtable.po").open("rb") as handle:
        catalog = read_po(handle)
    words: set[str] = set()
    for message in catalog:
        for text in message.string if isinstance(message.string, tuple) else (message.string or "",):
            words.update(re.findall(r"[A-Za-z]{4,}", text))
    return words


def games_own_words() -> list[str]:
    """What the games' rules word themselves (titles, score words, counters, labels)."""
    found: list[str] = []
    for rules in all_rules():
        found += [rules.title, rules.name, rules.score_word, rules.round_noun]
        for counter in rules.stat_counters:
            found += [counter.heading, *counter.labels, *counter.labels.values()]
    return sorted({word for word in found if word}, key=len, reverse=True)


def english_left(output: str, code: str = "en") -> set[str]:
    """The English words of :func:`english_words` in ``output`` (options, paths and the
    games' own words taken out first), but those the language ``code`` writes too."""
    for word in games_own_words():
        output = output.replace(word, " ")
    output = re.sub(r"--[a-z-]+|\S*[/\\]\S*|\S+\.json", " ", output)
    same = translated_words(code) if code != "en" else set()
    return (set(re.findall(r"[A-Za-z]{4,}", output)) & english_words()) - same



@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data folder with one finished game of each game counted, one unfinished game, and a record."""
    folder = tmp_path_factory.mktemp("home")
    with data_home(folder):
        from cardtable.userdata.records import export_record
        from cardtable.userdata.slots import GameSlot

        count_finished_games()
        export_record(finished_game("president", 3), folder / "record.json")
        state = new_game("hearts", 2)
        for _step in range(8):
            state.apply(pure_choice(state, 2))
        GameSlot.new(state).close()
    yield folder


def test_the_words_checked_are_the_areas_english() -> None:
    words = english_words()
    assert {"statistics", "decision", "mistake", "unfinished", "player", "option"} <= words
    assert english_left("No statistics yet: every finished game is counted.") == {
        "statistics", "every", "finished", "game", "counted"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_stats_speaks_the_language(code: str, home: Path) -> None:
    english = run_cardtable("stats", home=home, env=NO_LANGUAGE)
    result = run_cardtable("--lang", code, "stats", home=home, env=NO_LANGUAGE)
    assert result.returncode == 0, result.stderr
    assert english_left(english.stdout) >= {"player", "games", "wins", "place", "undo", "average"}
    assert english_left(result.stdout, code) == set(), result.stdout


@pytest.mark.parametrize("code", TRANSLATED)
def test_resume_list_speaks_the_language(code: str, home: Path) -> None:
    english = run_cardtable("resume", "--list", home=home, env=NO_LANGUAGE)
    result = run_cardtable("--lang", code, "resume", "--list", home=home, env=NO_LANGUAGE)
    assert result.returncode == 0, result.stderr
    assert "players" in english.stdout and "saved" in english.stdout
    assert len(result.stdout.splitlines()) == len(english.stdout.splitlines()) == 2
    assert english_left(result.stdout, code) == set(), result.stdout
    empty = run_cardtable("--lang", code, "resume", "--list", home=home / "nothing", env=NO_LANGUAGE)
    assert empty.stdout.strip() and english_left(empty.stdout, code) == set(), empty.stdout


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.slow
def test_a_bad_option_is_one_line_in_the_language(code: str, home: Path) -> None:
    for args in (["play", "--bogus"], ["play", "hearts", "--round", "3"], ["play", "chess"],
                 ["resume", "--list", "--delete", "x"], ["review", "--iterations", "0"], ["play"],
                 ["play", "hearts", "--seed", "x"], ["play", "hearts", "--seed", "-3"], ["play", "hearts", "3C"]):
        result = run_cardtable("--lang", code, *args, home=home, env=NO_LANGUAGE)
        assert result.returncode == 2, (args, result.stderr)
        assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("cardtable: "), result.stderr
        assert english_left(result.stderr, code) == set(), (args, result.stderr)


@pytest.mark.parametrize("code", TRANSLATED)
def test_help_speaks_the_language(code: str, home: Path) -> None:
    for args in (["--help"], ["play", "--help"], ["stats", "--help"], ["review", "--help"], ["resume", "--help"]):
        result = run_cardtable("--lang", code, *args, home=home, env=NO_LANGUAGE)
        assert result.returncode == 0, result.stderr
        assert english_left(result.stdout, code) == set(), (args, result.stdout)
        assert "Usage:" not in result.stdout and "Show this message" not in result.stdout


@pytest.mark.parametrize("code", TRANSLATED)
def test_review_speaks_the_language(code: str, home: Path) -> None:
    result = run_cardtable("--lang", code, "review", str(home / "record.json"), "--iterations", "4", home=home, env=NO_LANGUAGE)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) > 10 and all(re.search(r"\d+/\d+:", line) for line in lines if line.startswith(("!", "?")))
    assert english_left(result.stdout, code) == set(), result.stdout


def test_english_says_what_it_always_said(home: Path) -> None:
    result = run_cardtable("resume", "--list", "--delete", "x", home=home, env=NO_LANGUAGE)
    assert result.stderr == "cardtable: give either --list, --delete ID or a game to resume, not several\n"
    review = run_cardtable("review", str(home / "record.json"), "--iterations", "4", home=home, env=NO_LANGUAGE)
    assert review.stdout.startswith("Review of Ann (seat 1) in record.json")
    assert re.search(r"^\d+ decisions reviewed; expected cost in all [\d.]+ places; \d+ mistakes?\.$",
                     review.stdout.splitlines()[1])
    assert re.search(r"^[!? ] decision +\d+/\d+: You (played|gave) ", review.stdout.splitlines()[-1])


#: the environment each language is chosen by, as a player sets it
LOCALES = {"nl": "nl_NL.UTF-8", "et": "et_EE.UTF-8", "pl": "pl_PL.UTF-8", "bg": "bg_BG.UTF-8"}


def any_english_left(output: str, english: English) -> list[str]:
    """Each word of any English message (:class:`tests.english_words.English`) in ``output``
    with its line, but for what a player types (options, metavariables such as ``GAME``,
    commands, seat kinds and the games as typed, examples with ``,`` ``:`` or ``|``)."""
    found = []
    for line in output.splitlines():
        typed = re.sub(r"--?[a-z][\w-]*|\S*[/:,|=]\S*|\b[A-Z]{2,}\b", " ", line)
        found += [f"{word!r} in: {line.strip()}" for word in words(typed) if word in english]
    return found


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.slow
def test_the_rules_and_the_help_speak_the_language_of_the_environment(code: str, home: Path) -> None:
    """``LANG=et_EE.UTF-8 cardtable rules hearts`` (and ``--help``, ``play --help``): not
    one word of any English message, the rules included."""
    typed = {word.lower() for word in SAME_IN_EVERY_LANGUAGE} | {"president", "durak", "hearts", "seats"}
    english = English(code, typed)
    for args in (["rules", "president"], ["rules", "durak"], ["rules", "hearts"], ["--help"], ["play", "--help"]):
        result = run_cardtable(*args, home=home, env={"LANG": LOCALES[code]})
        assert result.returncode == 0, result.stderr
        assert len(result.stdout.splitlines()) > 10, result.stdout
        assert not any_english_left(result.stdout, english), (args, any_english_left(result.stdout, english))
    english_rules = run_cardtable("rules", "hearts", home=home, env=NO_LANGUAGE).stdout
    assert len(any_english_left(english_rules, English("en", typed))) > 100
