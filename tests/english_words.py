"""The English a translated screen or output must not show, for the tests of issue 37:
the words of the template's messages (``cardtable/locale/cardtable.pot``), but those the
language writes too, as written (in its translations and its rule documents)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "cardtable" / "locale"


def words(text: str) -> list[str]:
    """The words of three letters or more in ``text``."""
    return re.findall(r"[A-Za-z]{3,}", text)


def catalogue_words(path: Path, strings: bool) -> set[str]:
    """The words of the messages (in lower case) or, with ``strings``, of their translations
    (as written, but for what every language writes the same: placeholders, options, code,
    paths and metavariables such as ``FILE``)."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    found: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        texts = message.string if strings else message.id
        for text in texts if isinstance(texts, tuple) else (texts or "",):
            if not strings:
                found.update(word.lower() for word in words(re.sub(r"\{[^{}]*\}", " ", text)))
                continue
            text = re.sub(r"\{[^{}]*\}|--?[A-Za-z][\w-]*|`[^`]*`|\S*[/\\:=.]\S*|\b[A-Z]{2,}\b", " ", text)
            found.update(words(text))
    return found


class English:
    """The English words that must not show in the language ``code``: the template's, but
    those the language writes too (as written, in its translations and rule documents).

    >>> dutch = English("nl")
    >>> "Refused" in dutch, "Geweigerd" in dutch, "Hand" in dutch, "hand" in English("en")
    (True, False, False, True)
    """

    def __init__(self, code: str, same: Iterable[str] = ()) -> None:
        #: ``same``: words (in lower case) every language writes the same (names, key caps)
        self.words = catalogue_words(LOCALE / "cardtable.pot", strings=False) - set(same)
        self.own: set[str] = set()
        if code != "en":
            self.own = catalogue_words(LOCALE / code / "LC_MESSAGES" / "cardtable.po", strings=True)
            for rules in (ROOT / "docs" / "rules" / code).glob("*.md"):
                self.own.update(words(rules.read_text(encoding="utf-8")))

    def __contains__(self, word: str) -> bool:
        return word.lower() in self.words and word not in self.own
