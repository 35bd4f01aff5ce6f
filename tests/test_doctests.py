"""The examples in the docstrings of the core modules run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

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
