"""Running the ``cardtable`` command as a player would, in a process of its own, for
the tests of what it says (in which language, and how)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cardtable import lang

ROOT = Path(__file__).resolve().parents[1]

#: a locale that chooses no language: English unless ``--lang`` or the settings say otherwise
NO_LANGUAGE = {"LANG": "C.UTF-8"}


def run_cardtable(
    *args: str, home: Path, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``cardtable ARGS`` with ``home`` as its data folder, 100 columns wide, none of the
    environment's language variables but those of ``env``; stopped after ``timeout`` seconds."""
    environment = {key: value for key, value in os.environ.items() if key not in lang.ENVIRONMENT_VARIABLES}
    environment.update({"CARDTABLE_HOME": str(home), "COLUMNS": "100", **(env or {})})
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True, text=True,
                          env=environment, timeout=timeout, cwd=ROOT)
