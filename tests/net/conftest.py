"""Every network test gets its own empty cardtable home: saves go nowhere real."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardtable.userdata.paths import HOME_ENV

# Before Textual is imported (it reads this once): the apps of the tests never animate.
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

# The helpers' checks say what they found when they fail, as the tests' own do.
pytest.register_assert_rewrite("tests.net.apps", "tests.net.tables")


@pytest.fixture(autouse=True)
def cardtable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv(HOME_ENV, str(home))
    return home
