"""What the import contracts (tests/test_architecture.py) cannot see: imports made at
run time.  The games and the bots are loaded by name when first asked for, so playing
and choosing moves is checked here, in a fresh interpreter, not to load Textual.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest


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


def imported_by_command(args: list[str], home: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``cardtable ARGS`` through
    the console script's entry point (its output is thrown away)."""
    script = textwrap.dedent(
        f"""
        import contextlib, io, sys
        from cardtable.__main__ import main
        with contextlib.redirect_stdout(io.StringIO()):
            code = main({args!r})
        print(code)
        print("\\n".join(sorted(sys.modules)))
        """
    )
    env = dict(os.environ, CARDTABLE_HOME=home)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env
    )
    assert result.returncode == 0, result.stderr
    code, *modules = result.stdout.split()
    assert code == "0", result.stderr
    return set(modules)


# What no quick command may load: the app's framework, the bots, the network, the
# search's processes, and Pydantic (which recent Typer uses to convert values).
HEAVY = ("textual", "cardtable.tui", "cardtable.bots", "cardtable.net", "cardtable.session",
         "websockets", "msgspec", "multiprocessing", "pydantic")


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(name for name in names if name in modules)


@pytest.mark.parametrize("args", [["--version"], ["--lang", "nl", "--version"], ["-V", "--lang=bg"]])
def test_version_loads_nothing_of_the_command_line(tmp_path: Path, args: list[str]) -> None:
    # In every language: the version is the same in all of them, so no catalogue is read
    # (nor gettext, nor the settings, which --lang overrules) and typing is not loaded.
    modules = imported_by_command(args, str(tmp_path))
    assert loaded(modules, HEAVY + ("typer", "click", "rich", "cardtable.cli", "cardtable.games", "gettext", "typing",
                                    "cardtable.userdata")) == []


@pytest.mark.parametrize("args", [["--help"], ["rules", "president"], ["stats"], ["rules", "--help"]])
def test_quick_commands_load_no_heavy_module(tmp_path: Path, args: list[str]) -> None:
    assert loaded(imported_by_command(args, str(tmp_path)), HEAVY) == []


def test_play_reaches_its_game_without_typer(tmp_path: Path) -> None:
    # A plain `cardtable play GAME [OPTIONS]` is read without the command line's framework
    # (commands.play.play_arguments); the game itself is not opened here.
    script = textwrap.dedent(
        """
        import sys
        import cardtable.commands.play as play
        seen = []
        play.play = lambda game, **options: seen.append((game, options["seed"], options["ascii_only"]))
        from cardtable.__main__ import main
        code = main(["--ascii", "play", "hearts", "--seed=3", "--seats", "human,easy,easy,easy"])
        print(code, seen)
        print(sorted(name for name in ("typer", "click", "cardtable.cli", "rich.console") if name in sys.modules))
        """
    )
    env = dict(os.environ, CARDTABLE_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["0 [('hearts', 3, True)]", "[]"]


def first_frame_modules(home: str, game: str | None) -> set[str]:
    """The modules of a fresh interpreter once the app's first screen is up (headless),
    and whether the garbage collector runs again by then."""
    script = textwrap.dedent(
        f"""
        import asyncio, gc, sys
        from cardtable.gcpause import hold_collection
        hold_collection()  # as `cardtable` does when it opens the app
        from cardtable.tui.app import CardtableApp
        from cardtable.tui.config import TableConfig, SeatConfig

        async def main():
            game = {game!r}
            config = None
            if game:
                seats = [("human", "You"), ("easy", "Ada"), ("easy", "Ben"), ("easy", "Cleo")]
                config = TableConfig(game, tuple(SeatConfig(kind, name) for kind, name in seats))
            app = CardtableApp(config, ascii_only=False)
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                await pilot.pause()
                print(gc.isenabled(), gc.get_freeze_count() > 0)
                print("\\n".join(sorted(sys.modules)))

        asyncio.run(main())
        """
    )
    env = dict(os.environ, CARDTABLE_HOME=home)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    enabled, frozen, *modules = result.stdout.split()
    assert (enabled, frozen) == ("True", "True"), "the collector runs again, the start-up frozen, after the first frame"
    return set(modules)


def test_the_start_screen_loads_only_the_game_it_shows(tmp_path: Path) -> None:
    modules = first_frame_modules(str(tmp_path), None)
    assert "cardtable.games.president" in modules
    assert loaded(modules, ("cardtable.games.durak", "cardtable.games.hearts")) == []
    # With no settings file, TOML is not needed; records and statistics are for a game's end.
    assert loaded(modules, ("tomllib", "cardtable.userdata.records", "cardtable.userdata.stats", "filelock")) == []


def test_the_start_screen_reads_the_games_facts_without_their_rules(tmp_path: Path) -> None:
    # The form (players, options, blurb) comes from the game's GameFacts (games.game_facts):
    # no rules engine, kernel or card deck before the first frame.  The saves are read
    # after it (show_saved_games), and reading one needs the engine: the modules are
    # taken as that starts.
    script = textwrap.dedent(
        """
        import asyncio, sys
        from cardtable.gcpause import hold_collection
        hold_collection()
        from cardtable.tui.app import CardtableApp
        from cardtable.tui.screens.start import StartScreen

        seen = []
        async def before_the_saves(self):
            seen.append(set(sys.modules))
        StartScreen.show_saved_games = before_the_saves

        async def main():
            app = CardtableApp(None, ascii_only=False)
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                await pilot.pause()
                assert app.screen.query_one("#players").value == "4", "the form shows President's default players"
            print("\\n".join(sorted(seen[0])))

        asyncio.run(main())
        """
    )
    env = dict(os.environ, CARDTABLE_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    modules = set(result.stdout.split())
    assert "cardtable.games.president.about" in modules
    assert loaded(modules, ("cardtable.engine.state", "cardtable.engine.observation", "cardtable.cards",
                            "cardtable.games.president.state", "cardtable.games.president.kernel")) == []


def test_the_start_screen_and_the_games_load_no_json_before_a_save() -> None:
    # JSON is first needed by a save or by the list of saved games, after the first frame.
    modules = imported_after(["cardtable.tui.app", "cardtable.tui.screens.start", "cardtable.games.president",
                              "cardtable.games.hearts", "cardtable.games.durak"])
    assert loaded(modules, ("json",)) == []


def test_a_table_of_easy_bots_loads_no_search(tmp_path: Path) -> None:
    modules = first_frame_modules(str(tmp_path), "president")
    assert loaded(modules, ("cardtable.bots.review", "cardtable.bots.president.hard", "cardtable.bots.president.model",
                            "cardtable.games.durak", "multiprocessing", "tomllib")) == []
    # The hard bots' class: a table tells them apart without it (session.table._searches);
    # nor the search's tree. President's first lead is the human's (seat 0), and the bots'
    # requests and driver come with the first bot turn.
    assert loaded(modules, ("cardtable.bots.search.bot", "cardtable.bots.search.tree",
                            "cardtable.session.requests", "cardtable.bots.driver")) == []


@pytest.mark.parametrize("args", [["rules", "president"], ["stats"]])
def test_a_command_that_opens_no_app_runs_with_the_collector(tmp_path: Path, args: list[str]) -> None:
    script = textwrap.dedent(
        f"""
        import contextlib, gc, io
        import cardtable.commands.rules as rules, cardtable.commands.stats as stats
        seen = []
        for module, name in ((rules, "show_rules"), (stats, "show_stats")):
            real = getattr(module, name)
            def watch(*args, real=real, **kwargs):
                seen.append(gc.isenabled())
                return real(*args, **kwargs)
            setattr(module, name, watch)
        from cardtable.__main__ import main
        with contextlib.redirect_stdout(io.StringIO()):
            code = main({args!r})
        print(code, seen, gc.isenabled())
        """
    )
    env = dict(os.environ, CARDTABLE_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "[True]", "True"]


def test_the_game_screen_loads_the_screens_it_pushes_when_first_shown(tmp_path: Path) -> None:
    # The round-over, hand-over (privacy), info and confirm screens are pushed later, if
    # at all: they are imported when first shown, not before the table's first frame.
    modules = first_frame_modules(str(tmp_path), "president")
    assert "cardtable.tui.screens.game" in modules
    assert loaded(modules, ("cardtable.tui.screens.roundover", "cardtable.tui.screens.privacy",
                            "cardtable.tui.screens.info", "cardtable.tui.screens.confirm",
                            "cardtable.tui.screens.review")) == []
