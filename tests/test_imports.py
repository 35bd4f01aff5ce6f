"""The engine, the rules and the bots never import Textual.

Each check runs in a fresh interpreter, so modules that other tests imported do not
hide an import.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import textwrap

import cardtable.bots
import cardtable.engine
import cardtable.games


def submodules(package: object) -> list[str]:
    return sorted(
        info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")  # type: ignore[attr-defined]
    )


GAME_MODULES = submodules(cardtable.games)
BOT_MODULES = submodules(cardtable.bots)
ENGINE_MODULES = submodules(cardtable.engine)


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


def test_every_game_module_is_found() -> None:
    assert {"cardtable.games.president", "cardtable.games.durak", "cardtable.games.hearts"} <= set(GAME_MODULES)


def test_engine_rules_and_bots_do_not_import_textual() -> None:
    core = ["cardtable", "cardtable.cards", "cardtable.engine", "cardtable.games", "cardtable.bots"]
    loaded = imported_after(core + ENGINE_MODULES + GAME_MODULES + BOT_MODULES)
    assert set(GAME_MODULES) <= loaded
    assert set(BOT_MODULES) <= loaded
    assert "textual" not in loaded
    assert not any(name.startswith("textual.") for name in loaded)


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
