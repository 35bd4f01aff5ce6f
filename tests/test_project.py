"""The project's own set-up: the README's two commands and the CI script that runs them."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = ROOT / ".ci" / "run"


def setup_commands() -> list[str]:
    section = README.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_readme_has_exactly_two_setup_commands() -> None:
    assert setup_commands() == [
        "pip install -e . && cardtable",
        'pip install -e ".[test]" && python -m pytest',
    ]


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
