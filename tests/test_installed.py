"""The package as installed: every file the app reads is there.

Run from a checkout, this checks the source tree; .ci/run also runs it against the
wheel installed in a fresh virtual environment (not editable), with
``CARDTABLE_EXPECT_INSTALLED=1``: there it also checks that the tests are using the
installed package, not a ``cardtable/`` folder of the checkout.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import cardtable
from cardtable.games import available_games
from cardtable.lang import supported_languages


def test_the_tests_use_the_installed_package_where_asked() -> None:
    location = Path(cardtable.__file__).resolve()
    if os.environ.get("CARDTABLE_EXPECT_INSTALLED") == "1":
        assert "site-packages" in location.parts, f"cardtable was imported from {location}, not the installed wheel"
    assert location.name == "__init__.py"


def test_the_styles_and_the_rules_are_there() -> None:
    package = resources.files("cardtable")
    for styles in ("app.tcss", "start.tcss", "game.tcss", "screens.tcss"):
        assert package.joinpath("tui", styles).is_file(), styles
    assert package.joinpath("py.typed").is_file()
    if os.environ.get("CARDTABLE_EXPECT_INSTALLED") == "1":
        # A regular install carries the rules inside the package (setup.py copies them).
        for game in available_games():
            assert package.joinpath("docs", "rules", f"{game}.md").is_file(), game


def test_the_translations_are_compiled_and_speak() -> None:
    """Each language's catalogue is there compiled (setup.py compiles them into the wheel
    and the sdist), and a fresh interpreter reads a translated word and the rules from it."""
    package = resources.files("cardtable")
    languages = [code for code in supported_languages() if code != "en"]
    assert languages == ["nl", "et", "pl", "bg"]
    if os.environ.get("CARDTABLE_EXPECT_INSTALLED") == "1":
        for code in languages:
            assert package.joinpath("locale", code, "LC_MESSAGES", "cardtable.mo").is_file(), code
            # Only the compiled catalogue: an installed cardtable never compiles one.
            assert not package.joinpath("locale", code, "LC_MESSAGES", "cardtable.po").is_file(), code
            for game in available_games():
                assert package.joinpath("docs", "rules", code, f"{game}.md").is_file(), (code, game)
    script = (
        "from cardtable.lang import _, use_language, rules_text, current_language\n"
        "use_language('pl')\n"
        "print(current_language(), _('Error'), rules_text('durak').splitlines()[2][:8])\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "pl Błąd Rosyjska\n"
