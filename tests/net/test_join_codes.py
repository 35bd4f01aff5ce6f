"""Every join line the host prints parses, on the real command line, back to its seat's code."""

from __future__ import annotations

import secrets
import shlex

import pytest

from cardtable.cli import main
from cardtable.commands import join as join_command
from cardtable.net.client import read_join_line
from cardtable.net.host import join_line, new_code

#: about 1 code in 64 began with "-" before new_code redrew them: 80 or so among these
DRAWS = 4000


@pytest.fixture
def joined(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, str]]:
    """What `cardtable join` was asked to join, through Typer's own parsing of the line."""
    calls: list[tuple[str, str, str]] = []

    def record(address: str, code: str, name: str = "", **_: object) -> int:
        calls.append((address, code, name))
        return 0

    monkeypatch.setattr(join_command, "join", record)
    return calls


def parse(line: str) -> int:
    words = shlex.split(line)
    assert words[0] == "cardtable"
    return main(words[1:])


def test_no_new_code_begins_with_a_dash() -> None:
    codes = [new_code() for _ in range(20 * DRAWS)]
    assert not [code for code in codes if code.startswith("-")]
    assert len(set(codes)) == len(codes) and {len(code) for code in codes} == {24}
    assert any("-" in code for code in codes)  # the alphabet is still the whole URL-safe one


@pytest.mark.slow
def test_every_printed_join_line_parses_to_its_code(joined: list[tuple[str, str, str]]) -> None:
    codes = [new_code() for _ in range(DRAWS)]
    for code in codes:
        assert parse(join_line("127.0.0.1:8765", code)) == 0
    assert joined == [("127.0.0.1:8765", code, "") for code in codes]


@pytest.mark.slow
def test_a_code_from_an_older_host_that_begins_with_a_dash_is_taken(joined: list[tuple[str, str, str]]) -> None:
    old = ["-" + secrets.token_urlsafe(18)[1:] for _ in range(DRAWS // 10)]
    old += ["--" + secrets.token_urlsafe(18)[2:] for _ in range(DRAWS // 10)]
    old += ["-64PY68oLUODtef5KQmh0xLs", "-h" + "x" * 22, "--name"[:2] + "x" * 22]
    for code in old:
        # as the older host printed it, after `--`, with a name after it or before it
        assert parse(f"cardtable join 127.0.0.1:8801 {code}") == 0
        assert parse(f"cardtable join 127.0.0.1:8801 -- {code}") == 0
        assert parse(f"cardtable join 127.0.0.1:8801 {code} --name Ann") == 0
        assert parse(f"cardtable --ascii join --name Ann 127.0.0.1:8801 {code}") == 0
        assert parse(join_line("127.0.0.1:8801", code)) == 0
    expected = [call for code in old for call in [("127.0.0.1:8801", code, "")] * 2
                + [("127.0.0.1:8801", code, "Ann")] * 2 + [("127.0.0.1:8801", code, "")]]
    assert joined == expected


def test_a_pasted_line_with_a_dashed_code_is_read_whole() -> None:
    for code in ["-64PY68oLUODtef5KQmh0xLs", new_code()]:
        assert read_join_line(join_line("[::1]:9000", code)) == ("[::1]:9000", code, "")
        assert read_join_line(f"Ann: cardtable join [::1]:9000 {code} --name Ann") == ("[::1]:9000", code, "Ann")


def test_an_option_the_join_command_does_not_know_still_is_refused_before_the_address(
    capsys: pytest.CaptureFixture[str], joined: list[tuple[str, str, str]],
) -> None:
    assert main(["join", "--bogus", "127.0.0.1:8801", "abc"]) == 2
    assert "no such option: --bogus" in capsys.readouterr().err and joined == []
