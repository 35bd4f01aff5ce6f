"""``cardtable serve``: the app in a web browser, one cardtable per tab (``textual-serve``).

Each browser tab that opens the page starts its own ``cardtable`` on this computer,
with this user's settings and saves: a tab is one player's own cardtable, which may
play here or ``join`` a hosted table.  The server listens on 127.0.0.1 only, because
whoever opens the page runs cardtable as the user who serves it; and only its own page
may drive it (:mod:`cardtable.commands.serve_server` checks every request's ``Host``
and ``Origin``, caps the tabs at ``max_sessions`` and ends a tab's processes when it
closes).

>>> page_address(8000)
'http://127.0.0.1:8000'
>>> print(tunnel_hint(8010))
From another machine, use an SSH tunnel with the same port: ssh -L 8010:127.0.0.1:8010 USER@THIS-HOST
"""

from __future__ import annotations

from cardtable.errors import InvalidOptionError
from cardtable.lang import _, ngettext

__all__ = ["DEFAULT_MAX_SESSIONS", "DEFAULT_SERVE_PORT", "page_address", "serve", "tunnel_hint"]

DEFAULT_SERVE_PORT = 8000
#: tabs running at once: each is a cardtable process of this user's
DEFAULT_MAX_SESSIONS = 4

#: loopback only: a tab runs cardtable as the user serving it
SERVE_HOST = "127.0.0.1"


def page_address(port: int) -> str:
    return f"http://{SERVE_HOST}:{port}"


def tunnel_hint(port: int) -> str:
    """How to reach the page from another machine: a tunnel ending on the same port
    (the server answers only requests addressed to its own port)."""
    return _("From another machine, use an SSH tunnel with the same port: {command}").format(
        command=f"ssh -L {port}:{SERVE_HOST}:{port} USER@THIS-HOST")


def serve(port: int = DEFAULT_SERVE_PORT, max_sessions: int = DEFAULT_MAX_SESSIONS) -> int:
    """Serve the app on ``port`` until Ctrl-C, at most ``max_sessions`` tabs at once."""
    if not 1 <= port <= 65535:
        raise InvalidOptionError(_("--port {port}: a port is a number from 1 to 65535").format(port=port))
    if max_sessions < 1:
        raise InvalidOptionError(_("--max-sessions {count}: at least 1 tab").format(count=max_sessions))
    from cardtable.commands.serve_server import GuardedServer, tab_argv

    print(ngettext("cardtable in your browser: {address}  (Ctrl-C stops it; at most {count} tab at once)",
                   "cardtable in your browser: {address}  (Ctrl-C stops it; at most {count} tabs at once)",
                   max_sessions).format(address=page_address(port), count=max_sessions), flush=True)
    print(_("It listens on this computer only and answers only its own page: a page opened elsewhere would run "
            "cardtable as you."), flush=True)
    print(tunnel_hint(port), flush=True)
    GuardedServer(tab_argv(), host=SERVE_HOST, port=port, max_sessions=max_sessions).serve()
    return 0
