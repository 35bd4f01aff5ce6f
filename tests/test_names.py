"""Player names (cardtable.names) and outside text made safe to show (cardtable.display)."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hostile_text import HOSTILE, outside_text
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table

from cardtable.display import literal, visible
from cardtable.names import NAME_LIMIT, BadNameError, check_name, fit_name, name_problem, safe_name


@pytest.mark.parametrize(
    "name", ["Ann", "[b]x[/b]", "[/red]oops", "Zoë", "李小龍", "😀 Ann", "a" * NAME_LIMIT, "O'Brien-Smith", "x"]
)
def test_valid_names(name: str) -> None:
    assert name_problem(name) is None
    assert check_name(name) == name
    assert safe_name(name) == name


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "empty"),
        ("a" * (NAME_LIMIT + 1), "17 characters"),
        ("Ann\nBen", "one line"),
        ("Ann\rBen", "one line"),
        ("\x1b[2JE", "control character (\\x1b)"),
        ("\x1b]0;pwn\x07Q", "control character (\\x1b)"),
        ("Ann\x07", "control character (\\x07)"),
        ("Ann\tB", "control character (\\x09)"),
        ("a\u202eb", "invisible formatting character (\\u202e)"),
        (" Ann", "space"),
        ("Ann ", "space"),
    ],
)
def test_bad_names_are_refused_in_one_line(name: str, words: str) -> None:
    with pytest.raises(BadNameError) as caught:
        check_name(name)
    message = str(caught.value)
    assert words in message
    assert isinstance(caught.value, ValueError)
    assert "\n" not in message and "\x1b" not in message and all(c.isprintable() for c in message)


def test_a_long_bad_name_is_quoted_short() -> None:
    message = str(pytest.raises(BadNameError, check_name, "\x1b" * 5000).value)
    assert len(message) < 200


@given(outside_text(8))
@settings(max_examples=300)
def test_safe_name_always_gives_a_valid_name(text: str) -> None:
    name = safe_name(text)
    assert check_name(name) == name
    assert safe_name(name) == name  # made safe once is safe
    assert safe_name(text) == name  # deterministic


@given(outside_text(8), st.integers(min_value=0, max_value=40))
@settings(max_examples=300)
def test_fit_name_never_exceeds_the_width(text: str, width: int) -> None:
    from rich.cells import cell_len

    name = safe_name(text)
    fitted = fit_name(name, width)
    assert cell_len(fitted) <= width
    assert fitted == name or fitted.endswith("…") or fitted == ""
    assert cell_len(fit_name(name, width, pad=True)) == width or cell_len(name) > width >= 0


def test_names_cut_one_way() -> None:
    long = "Bartholomew-Alexander the Third"
    assert safe_name(long) == fit_name(long, NAME_LIMIT) == "Bartholomew-Ale…"


@given(outside_text(8))
@settings(max_examples=300)
def test_visible_is_one_printable_line(text: str) -> None:
    shown = visible(text)
    assert all(character.isprintable() for character in shown)
    assert literal(text).plain == shown


@pytest.mark.parametrize("text", HOSTILE + ["".join(HOSTILE)])
def test_literal_text_in_a_rich_table_is_shown_as_written(text: str) -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="truecolor", width=400)
    table = Table("player")
    table.add_row(literal(text))
    console.print(table)
    console.print(literal(text, style="bold"))
    printed = out.getvalue()
    import re

    assert "\x1b" not in re.sub(r"\x1b\[[0-9;]*m", "", printed)  # only Rich's own colours
    assert visible(text) in printed


def test_names_imports_nothing_of_cardtable() -> None:
    code = (
        "import sys, importlib.util, pathlib\n"
        "spec = importlib.util.spec_from_file_location('names', pathlib.Path('cardtable/names.py'))\n"
        "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
        "print(sorted(m for m in sys.modules if m.startswith('cardtable')))\n"
    )
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
