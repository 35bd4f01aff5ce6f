"""Settings for the docstring examples of cardtable/, which pytest collects too."""

from __future__ import annotations

from collections.abc import Iterator
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


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """Whatever language a test or an example spoke, the next one starts in English
    (a test that forgot to say English again would change every test after it on its
    worker)."""
    yield
    from cardtable.lang import ENGLISH, current_language, use_language

    if current_language() != ENGLISH:
        use_language(ENGLISH)
