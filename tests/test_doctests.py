"""The docstring examples are there, and the API guide's examples run.

pytest runs every docstring example of cardtable/ itself (``--doctest-modules`` in
pyproject.toml); these tests check that the core modules keep examples and that the
collection is switched on.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest


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


def test_pytest_collects_the_docstring_examples(pytestconfig: pytest.Config) -> None:
    assert pytestconfig.getoption("doctestmodules")
    assert "cardtable" in pytestconfig.getini("testpaths")
