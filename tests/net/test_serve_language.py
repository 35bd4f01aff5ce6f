"""The browser page of ``cardtable serve`` in the language it was started in (issue 37):
its title, its buttons and the page that says every tab is taken."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tests.net.test_serve_trust import Served, page_status

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="counts processes through /proc")


@pytest.mark.parametrize(("code", "title", "start"), [
    ("pl", "cardtable: Prezydent, Durak i Kierki", "Rozpocznij"),
    ("bg", "cardtable: Президент, Дурак и Купи", "Начало"),
    ("en", "cardtable: President, Durak and Hearts", "Start"),
])
def test_the_page_title_is_in_the_language_of_the_server(code: str, title: str, start: str) -> None:
    server = Served("--lang", code)
    try:
        status, page = page_status(server.port, server.own)
    finally:
        server.close()
    page = html.unescape(page)
    assert status == 200
    assert f'<html lang="{code}">' in page and f"<title>{title}</title>" in page, page[:300]
    assert f'id="start">{start}</button>' in page


def test_a_page_that_is_not_its_own_is_refused_in_the_language_of_the_server() -> None:
    server = Served("--lang", "pl")
    try:
        refused = page_status(server.port, f"evil.example:{server.port}")
        foreign = page_status(server.port, server.own, "http://evil.example")
    finally:
        server.close()
    assert refused == (403, "cardtable serve: to nie jest adres, który obsługuje\n")
    assert foreign == (403, "cardtable serve: może go używać tylko jego własna strona\n")


def test_the_full_page_words() -> None:
    from cardtable.commands.serve_server import full_page_words
    from cardtable.lang import use_language

    use_language("nl")
    try:
        words = full_page_words(3)
    finally:
        use_language("en")
    assert "3" in words["heading"] and "tabbladen" in words["heading"], words
    assert all(isinstance(part, str) for part in (*words["close"], *words["more"]))
