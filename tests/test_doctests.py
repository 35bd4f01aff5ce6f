"""The examples in the docstrings of the core modules run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import cardtable.engine

MODULES = [
    "cardtable",
    "cardtable.cards",
    "cardtable.games",
    "cardtable.cli",
    "cardtable.commands.common",
    "cardtable.commands.rules",
    *sorted(
        info.name
        for info in pkgutil.iter_modules(cardtable.engine.__path__, "cardtable.engine.")
    ),
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tests = finder.find(module, name)
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"


def test_core_modules_have_examples() -> None:
    finder = doctest.DocTestFinder(exclude_empty=True)
    for name in ("cardtable.cards", "cardtable.engine.actions", "cardtable.engine.state"):
        examples = sum(len(t.examples) for t in finder.find(importlib.import_module(name), name))
        assert examples >= 3, name


def test_api_guide_examples() -> None:
    # The general part of docs/api.md (before the per-game sections) is a doctest.
    root = Path(__file__).resolve().parents[1]
    text = (root / "docs" / "api.md").read_text(encoding="utf-8")
    general = text.split("\n## President", 1)[0]
    test = doctest.DocTestParser().get_doctest(general, {}, "docs/api.md", "docs/api.md", 0)
    assert len(test.examples) >= 10
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
