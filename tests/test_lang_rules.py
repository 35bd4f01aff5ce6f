"""The rules in each language: docs/rules/<code>/GAME.md for every game, shaped as the
English rules are (the same headings, tables and what a player types), and shown by
``cardtable rules GAME`` in the player's language."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from cardtable.games import available_games
from cardtable.lang import rules_text
from tests.test_lang import ROOT, TRANSLATED, run_cardtable


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_rules_command_shows_the_languages_rules(code: str, tmp_path: Path) -> None:
    for game in available_games():
        result = run_cardtable("rules", game, "--raw", home=tmp_path, env={"LANGUAGE": code})
        assert result.returncode == 0, result.stderr
        assert result.stdout == (ROOT / "docs" / "rules" / code / f"{game}.md").read_text(encoding="utf-8")




def code_spans(text: str) -> Counter[str]:
    return Counter(re.findall(r"`([^`]+)`", text))


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_rules_exist_in_each_language_with_the_english_structure(code: str) -> None:
    for game in available_games():
        english = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        translated = (ROOT / "docs" / "rules" / code / f"{game}.md").read_text(encoding="utf-8")
        assert [line.split(" ")[0] for line in translated.splitlines() if line.startswith("#")] == [
            line.split(" ")[0] for line in english.splitlines() if line.startswith("#")], f"{code}/{game}: the headings differ"
        # What a player types (give 3C 4D, pass, revolution=false) is the same in every language.
        assert code_spans(translated) == code_spans(english), f"{code}/{game}"
        assert translated.count("\n|") == english.count("\n|"), f"{code}/{game}: the tables differ"


def test_a_language_without_its_own_rules_shows_the_english_ones() -> None:
    assert rules_text("hearts", "qps") == (ROOT / "docs" / "rules" / "hearts.md").read_text(encoding="utf-8")
    assert rules_text("hearts", "xx") == rules_text("hearts", "en")
