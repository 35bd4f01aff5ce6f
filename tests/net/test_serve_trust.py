"""`cardtable serve` drives cardtable as the user serving it, so only its own page may:
a WebSocket or a page request with a foreign ``Origin`` or ``Host`` (a page of another
site, a DNS-rebound name) is refused before any process starts; at most
``--max-sessions`` tabs run at once, and the page says so; a tab's processes (no shell)
end when its socket closes; and the startup lines name the real port, the address once.

Processes are counted from /proc: the server's descendants."""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect

from tests.net.processes import ROOT, app_env, free_port, wait_for_port
from tests.waiting import wait_until

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="counts processes through /proc")


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid``."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z":
            parents[int(entry)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


class Served:
    """A ``cardtable serve`` of the tests, with its own data folder."""

    def __init__(self, *options: str) -> None:
        self.port = free_port()
        self.home = tempfile.mkdtemp()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "serve", "--port", str(self.port), *options],
            env=app_env(self.home), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=ROOT,
        )
        wait_for_port(self.port, self.process)
        self.own = f"127.0.0.1:{self.port}"
        self.origin = f"http://{self.own}"

    def tabs(self) -> set[int]:
        return descendants(self.process.pid)

    def crash_logs(self) -> list[Path]:
        return sorted(Path(self.home).rglob("crash-*"))

    def close(self) -> str:
        self.process.terminate()
        output = self.process.communicate(timeout=30)[0].decode("utf-8", "replace")
        shutil.rmtree(self.home, ignore_errors=True)
        return output


@pytest.fixture
def served() -> Iterator[Served]:
    server = Served()
    yield server
    server.close()


def handshake(port: int, host: str, origin: str | None) -> tuple[int, socket.socket]:
    """A WebSocket handshake on ``/ws`` written by hand (so ``Host`` can be anything):
    the answer's status and the open connection."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n")
    if origin is not None:
        request += f"Origin: {origin}\r\n"
    sock.sendall((request + "\r\n").encode())
    answer = b""
    while b"\r\n" not in answer:
        chunk = sock.recv(4096)
        if not chunk:
            break
        answer += chunk
    return int(answer.split(b" ", 2)[1]), sock


def page_status(port: int, host: str, origin: str | None = None) -> tuple[int, str]:
    headers = {"Host": host, **({"Origin": origin} if origin else {})}
    request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def open_tab(server: Served) -> ClientConnection:
    """A tab as the page opens it (its own Origin), once its cardtable has drawn."""
    tab = await connect(f"ws://{server.own}/ws?width=80&height=24", origin=server.origin, max_size=None)  # type: ignore[arg-type]
    while not isinstance(await asyncio.wait_for(tab.recv(), 60), bytes):
        pass
    return tab


@pytest.mark.slow
def test_a_foreign_origin_or_host_is_refused_before_any_process_starts(served: Served) -> None:
    port, own, origin = served.port, served.own, served.origin
    foreign = [
        (own, "http://evil.example"),                       # another site's page
        (f"evil.example:{port}", f"http://evil.example:{port}"),  # a DNS-rebound name
        (own, f"http://evil.example:{port}"),
        (f"evil.example:{port}", origin),
        (own, None),                                        # a socket no browser page opened
        (own, "null"),                                      # a sandboxed or file:// page
    ]
    for host, sent_origin in foreign:
        status, sock = handshake(port, host, sent_origin)
        sock.close()
        assert status == 403, (host, sent_origin, status)
        assert served.tabs() == set(), (host, sent_origin)
    assert page_status(port, f"evil.example:{port}")[0] == 403
    assert page_status(port, own, "http://evil.example")[0] == 403
    assert page_status(port, own)[0] == 200
    assert page_status(port, f"localhost:{port}")[0] == 200
    # The page's own socket is what starts a process: the refusals above are no accident.
    status, sock = handshake(port, own, origin)
    try:
        assert status == 101
        wait_until(lambda: bool(served.tabs()), "the tab's cardtable starts")
    finally:
        sock.close()
    wait_until(lambda: not served.tabs(), "the tab's cardtable ends")


@pytest.mark.slow
def test_a_tab_is_one_process_and_it_ends_when_its_socket_closes(served: Served) -> None:
    async def tab_then_close() -> set[int]:
        tab = await open_tab(served)
        processes = served.tabs()
        await tab.close()
        return processes

    processes = asyncio.run(tab_then_close())
    # cardtable itself, no shell around it
    assert len(processes) == 1
    (pid,) = processes
    assert Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[1:3] == [b"-m", b"cardtable"]
    wait_until(lambda: not served.tabs(), "the closed tab's cardtable ends")


@pytest.mark.slow
def test_tabs_closed_while_cardtable_starts_end_and_write_no_crash_log(served: Served) -> None:
    for _ in range(3):
        status, sock = handshake(served.port, served.own, served.origin)
        assert status == 101
        wait_until(lambda: bool(served.tabs()), "the tab's cardtable starts")
        sock.close()
        wait_until(lambda: not served.tabs(), "the closed tab's cardtable ends")
    assert served.crash_logs() == []


@pytest.mark.slow
def test_the_cap_on_sessions_and_its_page() -> None:
    server = Served("--max-sessions", "2")
    try:
        async def scenario() -> None:
            first, second = await open_tab(server), await open_tab(server)
            assert len(server.tabs()) == 2
            status, sock = handshake(server.port, server.own, server.origin)
            sock.close()
            assert status == 503
            assert len(server.tabs()) == 2
            status, page = page_status(server.port, server.own)
            assert status == 503 and "open in 2 tabs already" in page and "--max-sessions" in page
            await first.close()
            await asyncio.to_thread(wait_until, lambda: page_status(server.port, server.own)[0] == 200,
                                    "a closed tab frees its place")
            third = await open_tab(server)
            assert len(server.tabs()) == 2
            await second.close()
            await third.close()

        asyncio.run(scenario())
        wait_until(lambda: not server.tabs(), "every tab's cardtable ends")
    finally:
        server.close()


def test_the_startup_lines_name_the_real_port_and_the_address_once() -> None:
    server = Served()
    output = server.close()
    port = server.port
    assert output.count(f"http://127.0.0.1:{port}") == 1, output
    assert f"ssh -L {port}:127.0.0.1:{port}" in output, output
    assert "8000" not in output.replace(str(port), ""), output
