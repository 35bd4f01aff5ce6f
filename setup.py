"""Build hook: ship docs/rules/*.md inside the package.

The rules text has one source of truth, ``docs/rules/GAME.md``.  A regular build
(``pip install .``, a wheel) copies those files to ``cardtable/docs/rules/`` in the
package, where ``cardtable rules GAME`` finds them; an editable install reads the
repository's files directly.  Everything else lives in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES_SOURCE = Path(__file__).resolve().parent / "docs" / "rules"


class BuildPyWithRules(build_py):
    """``build_py`` that also copies the rules Markdown into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib, "cardtable", "docs", "rules")
        self.mkpath(str(target))
        for source in sorted(RULES_SOURCE.glob("*.md")):
            self.copy_file(str(source), str(target / source.name))


setup(cmdclass={"build_py": BuildPyWithRules})
