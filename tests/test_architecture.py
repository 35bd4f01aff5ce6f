"""The layers of the package hold: the import-linter contracts in pyproject.toml.

Each run is ``lint-imports`` in a fresh interpreter, over the source tree it is given,
so a module that another test imported cannot hide or add an import.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from importlinter.api import read_configuration

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"

LINT = (
    "import sys; from importlinter.cli import lint_imports; "
    "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))"
)


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """Run the contracts of ``tree/pyproject.toml`` over ``tree/cardtable``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [sys.executable, "-c", LINT], cwd=tree, env=env, capture_output=True, text=True, timeout=300
    )


def test_the_import_contracts_hold() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_contracts_cover_the_layers_cycles_and_textual() -> None:
    contracts = {c["id"]: c for c in read_configuration(str(PYPROJECT))["contracts_options"]}
    layers = contracts["layers"]
    assert layers["type"] == "layers" and layers["exhaustive"] in (True, "True", "true")
    order = [layer.replace(" ", "") for layer in layers["layers"]]
    # Top to bottom: the TUI above everything but the commands; errors at the bottom.
    assert order.index("commands") < order.index("tui") < order.index("userdata|bots")
    assert order.index("userdata|bots") < order.index("games") < order.index("engine")
    assert order[-2:] == ["cards", "errors"]
    assert contracts["no-cycles"]["type"] == "acyclic_siblings"
    assert contracts["no-cycles"]["ancestors"] == ["cardtable"]
    textual = contracts["no-textual-below-the-tui"]
    assert textual["forbidden_modules"] == ["textual"]
    assert {"cardtable.cards", "cardtable.engine", "cardtable.games", "cardtable.bots"} <= set(
        textual["source_modules"]
    )


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package and its contracts, to break on purpose."""
    tree = tmp_path_factory.mktemp("tree")
    shutil.copytree(ROOT / "cardtable", tree / "cardtable", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(PYPROJECT, tree / "pyproject.toml")
    return tree


CYCLES = "No two modules or packages import each other, directly or round a circle"


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("cards.py", "import cardtable.engine.state", "Each layer imports only the layers below it"),
        # A new module must be given a layer (the layers contract is exhaustive).
        ("unplaced.py", "import cardtable.cards", "Each layer imports only the layers below it"),
        ("errors.py", "import cardtable.cards", "Each layer imports only the layers below it"),
        ("engine/saves.py", "import cardtable.games", "Each layer imports only the layers below it"),
        ("tui/screens/stats.py", "import cardtable.commands.stats", "Each layer imports only the layers below it"),
        ("userdata/meta.py", "import cardtable.userdata.savefiles", CYCLES),
        ("games/hearts.py", "import textual.widget", "Only the TUI imports Textual"),
        ("bots/search/tree.py", "import cardtable.tui.app", "Only the TUI imports Textual"),
        ("bots/hearts/hard.py", "import cardtable.bots.durak", "One game's bots do not import another game's"),
        ("tui/screens/game_hints.py", "import cardtable.net.remote", "The game screen talks to a table protocol, never to the network"),
        ("tui/screens/game_turns.py", "import cardtable.bots.search", "The game screen and its parts import no bots"),
    ],
)
def test_a_broken_layer_is_reported(
    pristine: Path, tmp_path: Path, module: str, line: str, contract: str
) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(pristine, tree)
    target = tree / "cardtable" / module
    before = target.read_text(encoding="utf-8") if target.exists() else ""
    target.write_text(before + f"\n{line}\n", encoding="utf-8")
    result = lint(tree)
    assert result.returncode != 0
    assert f"{contract} BROKEN" in result.stdout, result.stdout


def drawn_modules() -> set[str]:
    """The modules docs/architecture.md draws, as paths under cardtable/."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("```\ncardtable/\n", 1)[1].split("```", 1)[0]
    drawn: set[str] = set()
    package = ""
    for line in block.splitlines():
        name = line.split()[0]
        if line.startswith("    "):
            drawn.add(f"{package}{name}__init__.py" if name.endswith("/") else f"{package}{name}")
        elif name.endswith("/"):
            package = name
            drawn.add(f"{name}__init__.py")
        else:
            drawn.add(name)
    return drawn


def test_the_architecture_drawing_names_every_module() -> None:
    modules = {
        path.relative_to(ROOT / "cardtable").as_posix()
        for path in (ROOT / "cardtable").rglob("*.py")
    } - {"__init__.py"}
    drawn = drawn_modules()
    assert not modules - drawn, f"modules not on docs/architecture.md's drawing: {sorted(modules - drawn)}"
    assert not drawn - modules, f"drawn but gone: {sorted(drawn - modules)}"


def test_the_registry_line_for_a_new_game_is_real_code() -> None:
    """The registry line that docs/architecture.md's "Adding a game" shows runs as it is
    against cardtable.games, and is the form the built-in games' lines take there."""
    import cardtable.games as games

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("### Adding a game", 1)[1].split("\n## ", 1)[0]
    snippets = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert snippets, "no Python snippet under 'Adding a game'"
    registry = (ROOT / "cardtable" / "games" / "__init__.py").read_text(encoding="utf-8")
    before = games.available_games()
    for snippet in snippets:
        called = {ast.unparse(node.func) for node in ast.walk(ast.parse(snippet)) if isinstance(node, ast.Call)}
        assert called, snippet
        for name in called:
            assert callable(getattr(games, name, None)), f"cardtable.games has no {name}"
            assert re.search(rf"^{re.escape(name)}\(", registry, flags=re.MULTILINE), name
        try:
            exec(snippet, {name: getattr(games, name) for name in games.__all__})
            assert games.available_games() == [*before, "skat"]
            assert games.game_title("skat") == "Skat"
        finally:
            games.unregister_game("skat")
    assert games.available_games() == before


#: Typer's and Click's private names as a module would write them
PRIVATE_TYPER = re.compile(r"\btyper\._|\bclick\._|\b_click\b|\b_coercion\b|\._runtime_param\b")


def test_only_typer_compat_names_typer_s_private_api() -> None:
    """Typer's private names move between its releases: they are all in one module, which
    the newest Typer is tested against (.ci/run), under a ceiling (pyproject.toml)."""
    named = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "cardtable").rglob("*.py")
        if PRIVATE_TYPER.search(path.read_text(encoding="utf-8"))
    }
    assert named == {"cardtable/typer_compat.py"}
    assert PRIVATE_TYPER.search("from typer._click.exceptions import UsageError")
    assert not PRIVATE_TYPER.search("def on_click(self) -> None:")
