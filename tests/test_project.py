"""The project's own set-up: the README's two commands and the CI script that runs them."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = ROOT / ".ci" / "run"


def setup_commands() -> list[str]:
    section = README.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_readme_has_exactly_two_setup_commands() -> None:
    assert setup_commands() == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && cardtable",
        'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && python -m pytest',
    ]


def test_each_setup_command_makes_and_activates_its_own_environment() -> None:
    # Each works on its own on a fresh machine, also where system-wide pip is refused.
    for command in setup_commands():
        steps = [step.strip() for step in command.split("&&")]
        assert steps[:2] == ["python3 -m venv .venv", ". .venv/bin/activate"], command
        assert steps[2].startswith("pip install -e ")


def test_ci_runs_the_readme_test_command() -> None:
    script = CI.read_text(encoding="utf-8")
    test_command = setup_commands()[1]
    assert any(line.strip().startswith(test_command) for line in script.splitlines())
    assert "set -euo pipefail" in script
    assert os.access(CI, os.X_OK)
    assert script.startswith("#!/usr/bin/env bash\n")


def test_ci_script_is_valid_bash() -> None:
    bash = shutil.which("bash")
    assert bash is not None
    result = subprocess.run([bash, "-n", str(CI)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_readme_links_point_at_files_that_exist() -> None:
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        if "://" not in target:
            assert (ROOT / target).exists(), target


def test_docs_index_links_point_at_files_that_exist() -> None:
    index = ROOT / "docs" / "index.md"
    for target in re.findall(r"\]\(([^)#]+)\)", index.read_text(encoding="utf-8")):
        if "://" not in target:
            assert (index.parent / target).exists(), target


def test_floor_constraints_pin_every_declared_floor() -> None:
    # .ci/run installs these in a second environment and runs the command-line tests, so
    # every `name>=X` in pyproject.toml has been tried at X.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    floors = {}
    for requirement in project["dependencies"]:
        name, _, versions = requirement.partition(">=")
        version, _, ceiling = versions.partition(",<")
        assert version and "," not in version and "," not in ceiling, requirement
        floors[name.strip()] = version.strip()
    lines = (ROOT / ".ci" / "constraints-floor.txt").read_text(encoding="utf-8").splitlines()
    pins = dict(line.split("==") for line in lines if line and not line.startswith("#"))
    assert pins == floors
    script = CI.read_text(encoding="utf-8")
    assert "-c .ci/constraints-floor.txt" in script
    assert "tests/test_cli.py" in script


def test_typer_has_a_ceiling_and_ci_tries_the_newest_typer_beyond_it() -> None:
    # cardtable/typer_compat.py uses Typer's private names: a Typer release may move them.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (typer,) = [requirement for requirement in project["dependencies"] if requirement.startswith("typer")]
    assert re.fullmatch(r"typer>=[0-9.]+,<[0-9.]+", typer), typer
    script = CI.read_text(encoding="utf-8")
    upgrade = script.index("pip install -q -U typer")
    assert "tests/test_cli.py" in script[upgrade:script.index("rm -rf", upgrade)]
