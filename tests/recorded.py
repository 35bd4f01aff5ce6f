"""Recorded fixtures: what a change that must change nothing is checked against.

A fixture is a JSON list of entries (a bot's decision at a position, the digest of a
game), each named by one of its fields (``key``). Its script records it once, on the
code before a change, and compares the code after with it (``check``, every entry); the
test suite compares a prefix, to keep the suite fast.

>>> differing([{"at": 1, "v": 2}, {"at": 2, "v": 3}], [{"at": 1, "v": 2}, {"at": 2, "v": 4}], "at")
[2]
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

Entry = dict[str, Any]


def differing(got: Sequence[Entry], want: Sequence[Entry], key: str) -> list[Any]:
    """The ``key`` of every recorded entry that the code now gives otherwise."""
    return [recorded[key] for now, recorded in zip(got, want) if now != recorded]


def check_prefix(fixture: Path, total: int, got: Sequence[Entry], key: str) -> list[Entry]:
    """Assert that ``got`` equals the first ``len(got)`` entries of ``fixture``, which holds
    ``total`` entries; returns the whole fixture (for the test's own checks of it)."""
    want: list[Entry] = json.loads(fixture.read_text())
    assert len(want) == total, f"{fixture.name} holds {len(want)} entries, not {total}"
    assert 0 < len(got) <= total
    changed = differing(got, want, key)
    assert not changed, f"{len(changed)} of {len(got)} entries differ, first at {changed[0]}"
    return want


def main(
    argv: Sequence[str],
    fixture: Path,
    compute: Callable[[], list[Entry]],
    key: str,
    describe: Callable[[Entry, Entry], str] | None = None,
    tools: Mapping[str, Callable[[], str]] | None = None,
    indent: int = 0,
) -> int:
    """A fixture script's command line: ``check`` (the default) compares every entry,
    ``record`` rewrites the fixture (a deliberate change), and each of ``tools`` prints
    its line (``speed``, say).  ``describe(recorded, now)`` words one differing entry
    (by default its ``key``)."""
    command = argv[1] if len(argv) > 1 else "check"
    if tools and command in tools:
        print(tools[command]())
        return 0
    if command not in ("check", "record"):
        print(f"usage: {Path(argv[0]).name} [{'|'.join(['check', 'record', *(tools or {})])}]", file=sys.stderr)
        return 2
    got = compute()
    if command == "record":
        fixture.write_text(json.dumps(got, indent=indent, sort_keys=True) + "\n")
        print(f"recorded {len(got)} entries in {fixture}")
        return 0
    want: list[Entry] = json.loads(fixture.read_text())
    changed = [(recorded, now) for now, recorded in zip(got, want) if now != recorded]
    for recorded, now in changed:
        print(f"differs: {describe(recorded, now) if describe is not None else recorded[key]}")
    same = len(got) - len(changed)
    print(f"{same} of {len(want)} entries identical")
    return 0 if same == len(want) == len(got) else 1
