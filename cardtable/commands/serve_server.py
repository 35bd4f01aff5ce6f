"""The web server behind ``cardtable serve``: textual-serve's ``Server``, guarded.

Whoever drives a tab's WebSocket runs cardtable as the user serving it, so only the
page this server served may: every request must name this server in its ``Host``
(``127.0.0.1:PORT`` or ``localhost:PORT``; another name is a DNS-rebinding page), an
``Origin`` when sent must be this server's, and a WebSocket must send one (browsers
always do).  Anything else gets 403 before a handler runs, so before any process
starts.  At most ``max_sessions`` tabs run at once; the page says so when that many
are open.  A tab's cardtable runs without a shell, in its own process group, and that
group ends when the tab's socket closes (asked to quit first, then terminated).

Imported only by :func:`cardtable.commands.serve.serve`: it pulls in aiohttp.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from cardtable.commands.common import all_of
from cardtable.lang import _, current_language, ngettext

__all__ = ["GuardedServer", "allowed_hosts", "allowed_origins", "page_words", "full_page_words"]

#: how long a closed tab's cardtable may take to quit when asked, then to end when terminated
QUIT_GRACE_S = 2.0
TERMINATE_GRACE_S = 3.0

TEMPLATES = Path(str(files("cardtable.commands") / "serve_templates"))


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` values that name this server (``localhost`` too for a loopback listener).

    >>> sorted(allowed_hosts("127.0.0.1", 8010))
    ['127.0.0.1:8010', 'localhost:8010']
    """
    names = {host}
    if host == "127.0.0.1":
        names.add("localhost")
    hosts = {f"{name}:{port}" for name in names}
    if port == 80:
        hosts |= names
    return frozenset(hosts)


def allowed_origins(host: str, port: int) -> frozenset[str]:
    """The ``Origin`` values of pages this server served.

    >>> sorted(allowed_origins("127.0.0.1", 8010))
    ['http://127.0.0.1:8010', 'http://localhost:8010']
    """
    return frozenset(f"http://{name}" for name in allowed_hosts(host, port))


def page_words() -> dict[str, str]:
    """The page's words in the language of the ``cardtable serve`` that serves it (each
    tab's cardtable speaks it too: it inherits the language): its title, its buttons,
    and the line shown when a tab's cardtable has ended.

    >>> from cardtable.lang import use_language
    >>> use_language("bg")
    >>> page_words()["title"], page_words()["lang"]
    ('cardtable: Президент, Дурак и Купи', 'bg')
    >>> use_language("en")
    >>> page_words()["title"]
    'cardtable: President, Durak and Hearts'
    """
    from cardtable.games import all_rules

    return {
        "lang": current_language(),
        # TRANSLATORS: the browser page's title (`cardtable serve`): {games} are the games' names.
        "title": _("cardtable: {games}").format(games=all_of([_(rules.title) for rules in all_rules()])),
        # TRANSLATORS: the browser page's button that starts a tab's cardtable.
        "start": _("Start"),
        "ended": _("This tab's cardtable has ended."),
        # TRANSLATORS: the browser page's button that starts a tab's cardtable again.
        "restart": _("Restart"),
    }


def full_page_words(max_sessions: int) -> dict[str, Any]:
    """The words of the page that says every tab ``cardtable serve`` runs is taken; the
    sentences that name a command come as the words before it and after it.

    >>> full_page_words(2)["close"]
    ('That is the most this ', ' runs at once. Close one of those tabs (or quit its cardtable), then reload this page.')
    """
    close = ngettext("That is the most this {command} runs at once. Close that tab (or quit its cardtable), "
                     "then reload this page.",
                     "That is the most this {command} runs at once. Close one of those tabs (or quit its "
                     "cardtable), then reload this page.", max_sessions)
    more = _("Whoever started it can allow more: {command}.")
    return {
        "lang": current_language(),
        "title": _("cardtable: every table is taken"),
        "heading": ngettext("cardtable is open in {count} tab already", "cardtable is open in {count} tabs already",
                            max_sessions).format(count=max_sessions),
        "close": tuple(close.split("{command}", 1)) if "{command}" in close else (close, ""),
        "more": tuple(more.split("{command}", 1)) if "{command}" in more else (more, ""),
        # TRANSLATORS: the browser page's button that loads the page again.
        "reload": _("Reload"),
    }


class TabService(AppService):
    """One tab's cardtable: run without a shell in a process group of its own, which
    ends when the tab's socket closes."""

    def __init__(self, argv: list[str], **kwargs: Any) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=environment, start_new_session=True,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def on_data(self, payload: bytes) -> None:
        # A closed socket is a closed tab: the output has nowhere to go, and stop() ends the process.
        with contextlib.suppress(ConnectionError):
            await super().on_data(payload)

    async def stop(self) -> None:
        """Ask the app to quit; terminate its process group if it has not within a grace
        period, then kill it; wait until it has ended."""
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            await self.send_meta({"type": "quit"})
            for sig, grace in ((None, QUIT_GRACE_S), (signal.SIGTERM, TERMINATE_GRACE_S), (signal.SIGKILL, None)):
                if sig is not None:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(process.pid, sig)
                try:
                    await asyncio.wait_for(process.wait(), grace)
                    break
                except TimeoutError:
                    continue
        # Anything the app left in its group (it starts none) goes with it.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        if self._task is not None:
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
            await self._task
            self._task = None
        self._process = None


class GuardedServer(Server):
    """textual-serve's server with the checks in this module's docstring."""

    def __init__(self, argv: list[str], *, host: str, port: int, max_sessions: int) -> None:
        super().__init__(" ".join(argv), host=host, port=port, title="cardtable",
                         templates_path=TEMPLATES)
        self.argv = argv
        self.max_sessions = max_sessions
        self.sessions = 0
        self.hosts = allowed_hosts(host, port)
        self.origins = allowed_origins(host, port)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        host = request.headers.get("Host", "").lower()
        origin = request.headers.get("Origin")
        # Said in the language the server was started in, as its page is.
        if host not in self.hosts:
            return web.Response(status=403, text=_("cardtable serve: this address is not the one it serves") + "\n")
        if origin is not None and origin.lower() not in self.origins:
            return web.Response(status=403, text=_("cardtable serve: only its own page may use it") + "\n")
        if request.path == "/ws" and origin is None:
            return web.Response(status=403, text=_("cardtable serve: only its own page may use it") + "\n")
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        """Say nothing: :func:`cardtable.commands.serve.serve` has printed the address."""

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, its socket's address on the name the browser used; or, with every
        session taken, a page that says so (status 503)."""
        if self.sessions >= self.max_sessions:
            return aiohttp_jinja2.render_template(
                "full.html", request, {"max_sessions": self.max_sessions, "words": full_page_words(self.max_sessions)},
                status=503,
            )
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"ws://{request.host}/ws",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
            "words": page_words(),
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: its cardtable runs while its socket is open, and ends when it closes."""
        if self.sessions >= self.max_sessions:
            raise web.HTTPServiceUnavailable(text=ngettext(
                "cardtable serve: {count} tab is open, the most it runs at once",
                "cardtable serve: {count} tabs are open, the most it runs at once", self.max_sessions,
            ).format(count=self.max_sessions) + "\n")
        self.sessions += 1
        websocket = web.WebSocketResponse(heartbeat=15)
        service: TabService | None = None
        try:
            await websocket.prepare(request)
            service = TabService(
                self.argv, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                close=websocket.close, download_manager=self.download_manager, debug=self.debug,
            )
            await service.start(to_int(request.query.get("width", "80"), 80),
                                to_int(request.query.get("height", "24"), 24))
            await self._process_messages(websocket, service)
        except (asyncio.CancelledError, ConnectionError):
            pass
        except Exception:  # noqa: BLE001 - a malformed message from the page ends its tab, not the server
            pass
        finally:
            try:
                if service is not None:
                    await asyncio.shield(service.stop())
            finally:
                self.sessions -= 1
                with contextlib.suppress(Exception):
                    await websocket.close()
        return websocket


def tab_argv() -> list[str]:
    """The command each tab runs: this cardtable, with this Python (no shell)."""
    return [sys.executable, "-m", "cardtable"]
