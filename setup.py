"""Build hooks: ship docs/rules inside the package, and the translations compiled.

The rules text has one source of truth, ``docs/rules/GAME.md`` (and
``docs/rules/<code>/GAME.md`` in each other language).  A regular build (``pip install
.``, a wheel) copies those files to ``cardtable/docs/rules/`` in the package, where
``cardtable rules GAME`` finds them; an editable install reads the repository's files
directly.

The translations' sources are ``cardtable/locale/<code>/LC_MESSAGES/cardtable.po``.  A
build compiles each into its ``cardtable.mo`` with Babel (a build requirement in
pyproject.toml), in the wheel and in the sdist alike, so an installed cardtable never
needs Babel.  Everything else lives in pyproject.toml.
"""

import io
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
RULES_SOURCE = HERE / "docs" / "rules"
LOCALE_SOURCE = HERE / "cardtable" / "locale"


def compile_catalogues(package_dir: Path) -> None:
    """Compile every ``.po`` under ``package_dir/locale`` into the ``.mo`` beside it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for source in sorted(LOCALE_SOURCE.glob("*/LC_MESSAGES/cardtable.po")):
        with source.open("rb") as handle:
            catalog = read_po(handle)
        target = package_dir / "locale" / source.relative_to(LOCALE_SOURCE).with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.unlink(missing_ok=True)  # the sdist's tree links the checkout's files: never write through
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        target.write_bytes(buffer.getvalue())


class BuildPyWithRules(build_py):
    """``build_py`` that also copies the rules Markdown and compiles the translations
    into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        package = Path(self.build_lib, "cardtable")
        for source in sorted(RULES_SOURCE.glob("*.md")) + sorted(RULES_SOURCE.glob("*/*.md")):
            target = package / "docs" / "rules" / source.relative_to(RULES_SOURCE)
            self.mkpath(str(target.parent))
            self.copy_file(str(source), str(target))
        compile_catalogues(package)
        # An installed cardtable reads the compiled catalogues only (the sdist keeps the sources).
        for source in sorted((package / "locale").glob("**/*.po*")):
            source.unlink()


class SdistWithCatalogues(sdist):
    """``sdist`` that carries the compiled translations too (the ``.po`` sources are in it)."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        compile_catalogues(Path(base_dir, "cardtable"))


setup(cmdclass={"build_py": BuildPyWithRules, "sdist": SdistWithCatalogues})
