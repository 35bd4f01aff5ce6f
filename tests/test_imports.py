"""What the import contracts (tests/test_architecture.py) cannot see: imports made at
run time.  The games and the bots are loaded by name when first asked for, so playing
and choosing moves is checked here, in a fresh interpreter, not to load Textual.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap


def imported_after(modules: list[str]) -> set[str]:
    """The names in ``sys.modules`` of a fresh interpreter after importing ``modules``."""
    script = textwrap.dedent(
        f"""
        import importlib, sys
        for name in {modules!r}:
            importlib.import_module(name)
        print("\\n".join(sorted(sys.modules)))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split())


def test_playing_a_game_does_not_import_textual() -> None:
    script = textwrap.dedent(
        """
        import random, sys
        from cardtable import get_rules, available_games
        from cardtable.bots import make_bot
        from cardtable.engine.playout import play_random_game
        for name in available_games():
            rules = get_rules(name)
            play_random_game(rules.new_game(players=rules.min_players, seed=1), random.Random(1))
            make_bot(name, "easy", seed=1)
        print("textual" in sys.modules)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_the_command_line_loads_textual_only_when_it_opens_the_app() -> None:
    # `cardtable --version` and `cardtable rules` must stay quick: the app is imported
    # inside the command that opens it, never at the top of cli.py.
    loaded = imported_after(["cardtable.cli", "cardtable.commands.rules"])
    assert "textual" not in loaded
