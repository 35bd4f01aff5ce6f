"""``cardtable join HOST:PORT CODE``: sit at a hosted table, at its seat for the code.

The table opens on the same screen as ``play`` (the hand, the table, every key and
the hint), drawn from what the host sends this seat alone.  Undo is off (other
people are at the table).  Leaving the table (or losing the connection) keeps the
seat waiting at the host: the same command takes it back.

>>> check_join("127.0.0.1:8765", " abc ", "Ann")
('127.0.0.1:8765', 'abc', 'Ann')
>>> check_join("127.0.0.1:port", "abc", "")
Traceback (most recent call last):
...
cardtable.errors.InvalidOptionError: '127.0.0.1:port' is not HOST:PORT (the port is a number from 1 to 65535)
"""

from __future__ import annotations

import sys

from cardtable.display import visible
from cardtable.lang import _
from cardtable.net.client import JoinError, check_join, reach_host

__all__ = ["check_join", "join"]


def join(address: str, code: str, name: str = "", ascii_only: bool = False, four_colour: bool = False) -> int:
    """Join the table and play until the player leaves.

    A host that cannot be reached is told in one line before any screen opens (exit
    status 2); a table that turned the player away once the screen was up, with 1.
    """
    import asyncio

    target = check_join(address, code, name)
    try:
        asyncio.run(reach_host(target[0]))
    except JoinError as exc:
        from cardtable.tui.wording import join_failure

        said = _("cannot join: {reason}").format(reason=visible(join_failure(exc)))
        sys.stderr.write(f"cardtable: {said}\n")
        return 2
    from cardtable.commands.play import run_app
    from cardtable.tui.app import CardtableApp

    app = CardtableApp(ascii_only=True if ascii_only else None, four_colour=True if four_colour else None, join=target)
    run_app(app)
    if app.join_error is not None:
        said = _("cannot join: {reason}").format(reason=visible(app.join_error))
        sys.stderr.write(f"cardtable: {said}\n")
        return 1
    return 0
