"""The package as installed: every file the app reads is there.

Run from a checkout, this checks the source tree; .ci/run also runs it against the
wheel installed in a fresh virtual environment (not editable), with
``CARDTABLE_EXPECT_INSTALLED=1``: there it also checks that the tests are using the
installed package, not a ``cardtable/`` folder of the checkout.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

import cardtable
from cardtable.games import available_games


def test_the_tests_use_the_installed_package_where_asked() -> None:
    location = Path(cardtable.__file__).resolve()
    if os.environ.get("CARDTABLE_EXPECT_INSTALLED") == "1":
        assert "site-packages" in location.parts, f"cardtable was imported from {location}, not the installed wheel"
    assert location.name == "__init__.py"


def test_the_styles_and_the_rules_are_there() -> None:
    package = resources.files("cardtable")
    assert package.joinpath("tui", "app.tcss").is_file()
    assert package.joinpath("py.typed").is_file()
    if os.environ.get("CARDTABLE_EXPECT_INSTALLED") == "1":
        # A regular install carries the rules inside the package (setup.py copies them).
        for game in available_games():
            assert package.joinpath("docs", "rules", f"{game}.md").is_file(), game
