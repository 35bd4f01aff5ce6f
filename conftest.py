"""Settings for the docstring examples of cardtable/, which pytest collects too."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem

from cardtable.userdata.paths import HOME_ENV


@pytest.fixture(autouse=True)
def _doctest_home(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each docstring example gets an empty cardtable home of its own.

    Examples that show the data folder set ``CARDTABLE_HOME`` themselves and delete it
    at the end; the monkeypatch puts back whatever the session had, and an example that
    does not set it never reads or writes the real player's files.
    """
    if isinstance(request.node, DoctestItem):
        monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
