"""``cardtable serve``: the app in a web browser, one cardtable per tab (``textual-serve``).

Each browser tab that opens the page starts its own ``cardtable`` on this computer,
with this user's settings and saves: a tab is one player's own cardtable, which may
play here or ``join`` a hosted table.  The server listens on 127.0.0.1 only, because
whoever opens the page runs cardtable as the user who serves it.

>>> serve_command_line().endswith("-m cardtable")
True
>>> page_address(8000)
'http://127.0.0.1:8000'
"""

from __future__ import annotations

import shlex
import sys

from cardtable.errors import InvalidOptionError

__all__ = ["DEFAULT_SERVE_PORT", "page_address", "serve", "serve_command_line"]

DEFAULT_SERVE_PORT = 8000

#: loopback only: a tab runs cardtable as the user serving it
SERVE_HOST = "127.0.0.1"


def serve_command_line() -> str:
    """The command each browser tab runs: this cardtable, with this Python."""
    return f"{shlex.quote(sys.executable)} -m cardtable"


def page_address(port: int) -> str:
    return f"http://{SERVE_HOST}:{port}"


def serve(port: int = DEFAULT_SERVE_PORT) -> int:
    """Serve the app on ``port`` until Ctrl-C."""
    if not 1 <= port <= 65535:
        raise InvalidOptionError(f"--port {port}: a port is a number from 1 to 65535")
    from textual_serve.server import Server

    print(f"cardtable in your browser: {page_address(port)}  (Ctrl-C stops it)", flush=True)
    print("It listens on this computer only: a page opened elsewhere would run cardtable as you, so to reach it "
          "from another machine use an SSH tunnel (ssh -L 8000:127.0.0.1:8000 ...), not a wider address.", flush=True)
    Server(serve_command_line(), host=SERVE_HOST, port=port, title="cardtable").serve()
    return 0
