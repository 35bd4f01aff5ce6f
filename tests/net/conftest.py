"""Every network test gets its own empty cardtable home: saves go nowhere real."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.userdata.paths import HOME_ENV


@pytest.fixture(autouse=True)
def cardtable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv(HOME_ENV, str(home))
    return home
