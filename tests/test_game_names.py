"""No code in cardtable/ names a particular game outside that game's own modules and the
registry: a fourth game is its own modules plus one registry line.

A game's own modules are ``cardtable/games/<game>``, ``cardtable/bots/<game>`` and
``cardtable/tui/tables/<game>``.  Everywhere else, no string (docstrings aside: an
example may well use a game) holds a registered game's name or title as a word, and no
identifier has one as a part (``_durak_rate``, ``HeartsTable``).  The one exception is
the suit: ``Suit.HEARTS`` is a card's suit, not the game, and so is the lower-case word
inside a sentence or a code (``"play a higher hearts card"``, ``"hearts_not_broken"``):
English writes the game with a capital, and a string that is the game's name alone
(``get_rules("hearts")``) is still caught, unless it is a suit's name being translated
(``pgettext("a suit", "hearts")``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardtable.games import all_rules

PACKAGE = Path(__file__).resolve().parents[1] / "cardtable"
REGISTRY = Path("games/__init__.py")
SUIT_NAMES = {"HEARTS"}  # Suit.HEARTS, the suit, in cards.py and the card styles
SUIT_WORDS = {"hearts"}  # the suit as text says it, lower case within a longer string


def _game_words() -> dict[str, str]:
    """Each registered game's name and title words (lower case), to the game's name."""
    words: dict[str, str] = {}
    for rules in all_rules():
        words[rules.name.lower()] = rules.name
        words[rules.title.lower()] = rules.name
    return words


def _own_module(relative: Path, game: str) -> bool:
    parts = relative.parts
    return (
        parts[:2] in {("games", game), ("bots", game), ("games", f"{game}.py"), ("bots", f"{game}.py")}
        or parts[:3] == ("tui", "tables", f"{game}.py")
        or parts[:3] == ("tui", "tables", game)
    )


def _docstrings(tree: ast.AST) -> set[int]:
    """The string statements: docstrings of modules, classes and functions, and the
    strings that document an attribute below it."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def _suit_names(tree: ast.AST) -> set[int]:
    """The strings a suit's name is translated from: ``pgettext("a suit", "hearts")``."""
    return {
        id(node.args[1])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "pgettext"
        and len(node.args) == 2 and isinstance(node.args[0], ast.Constant) and node.args[0].value == "a suit"
    }


def _identifier_parts(name: str) -> list[str]:
    return [part for part in re.split(r"_|(?<=[a-z])(?=[A-Z])", name) if part]


def game_names_in(source: str, relative: Path, words: dict[str, str]) -> list[str]:
    """Every place in ``source`` (the module at ``relative`` in cardtable/) that names
    a game it does not belong to, as ``path:line: 'word'``."""
    tree = ast.parse(source)
    docs = _docstrings(tree) | _suit_names(tree)
    found: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docs:
                continue
            candidates = re.findall(r"[A-Za-z]+", node.value)
            if node.value not in words:
                candidates = [word for word in candidates if word not in SUIT_WORDS]
        elif isinstance(node, ast.Name):
            candidates = [] if node.id in SUIT_NAMES else _identifier_parts(node.id)
        elif isinstance(node, ast.Attribute):
            candidates = [] if node.attr in SUIT_NAMES else _identifier_parts(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            candidates = _identifier_parts(node.name)
        elif isinstance(node, ast.arg):
            candidates = _identifier_parts(node.arg)
        elif isinstance(node, ast.alias):
            candidates = [part for name in (node.name, node.asname or "") for piece in name.split(".")
                          for part in _identifier_parts(piece)]
        else:
            continue
        for word in candidates:
            game = words.get(word.lower())
            if game is not None and not _own_module(relative, game):
                found.append((getattr(node, "lineno", 0), getattr(node, "col_offset", 0), word))
    return [f"{relative}:{line}: {word!r}" for line, _, word in sorted(found)]


@pytest.mark.slow
def test_no_code_outside_a_games_modules_names_it() -> None:
    words = _game_words()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative != REGISTRY:
            found += game_names_in(path.read_text(encoding="utf-8"), relative, words)
    assert found == [], "name the game through the registry (its Rules) instead:\n" + "\n".join(found)


def test_the_check_finds_a_game_named_in_code_but_not_in_a_docstring() -> None:
    words = _game_words()
    code = '''
"""Statistics, e.g. for President."""
LOWER = frozenset({"hearts"})
def _durak_rate(outcome): ...
def pick(game):
    """President only."""
    if game == "president":
        return "President without revolutions"
'''
    found = game_names_in(code, Path("userdata/example.py"), words)
    assert found == [
        "userdata/example.py:3: 'hearts'",
        "userdata/example.py:4: 'durak'",
        "userdata/example.py:7: 'president'",
        "userdata/example.py:8: 'President'",
    ]
    assert game_names_in(code.replace("durak", "loser"), Path("games/durak/__init__.py"), words) == [
        "games/durak/__init__.py:3: 'hearts'",
        "games/durak/__init__.py:7: 'president'",
        "games/durak/__init__.py:8: 'President'",
    ]
    assert game_names_in("from cardtable.tui.tables.hearts import HeartsTable\n", Path("tui/app.py"), words)


def test_the_suits_word_is_not_the_game_but_the_games_name_is() -> None:
    words = _game_words()
    assert game_names_in('x = "you must follow suit: play hearts"\n', Path("tui/x.py"), words) == []
    assert game_names_in('x = "hearts_not_broken"\n', Path("engine/x.py"), words) == []
    assert game_names_in('get_rules("hearts")\n', Path("tui/x.py"), words) == ["tui/x.py:1: 'hearts'"]
    assert game_names_in('x = "a game of Hearts"\n', Path("tui/x.py"), words) == ["tui/x.py:1: 'Hearts'"]
    assert game_names_in('x = "the durak takes"\n', Path("tui/x.py"), words) == ["tui/x.py:1: 'durak'"]
    assert game_names_in('x = pgettext("a suit", "hearts")\n', Path("tui/x.py"), words) == []
