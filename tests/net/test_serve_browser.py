"""`cardtable serve` in a real browser: headless Chromium loads the page and the start
screen reaches it.

The page draws the terminal on a canvas, so its text is not in the DOM: the test
drives Chromium through its DevTools protocol and reads the WebSocket frames the page
received from the app (what its terminal drew), and checks that they are the start
screen's.  It needs Debian's ``chromium``; CI installs it (``.ci/run``), and the test
is skipped only when it is truly absent here.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (CI installs it: .ci/run)")

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError(f"the process ended: {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port}")


def devtools_page(profile: Path, process: subprocess.Popen[bytes], timeout: float = 30.0) -> str:
    """The DevTools WebSocket address of Chromium's page (from the port file it writes)."""
    port_file = profile / "DevToolsActivePort"
    end = time.monotonic() + timeout
    while not port_file.exists():
        if process.poll() is not None or time.monotonic() > end:
            raise AssertionError("chromium did not start its DevTools server")
        time.sleep(0.1)
    port = port_file.read_text().split()[0]
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as answer:
                pages = [entry for entry in json.load(answer) if entry.get("type") == "page"]
            if pages:
                return str(pages[0]["webSocketDebuggerUrl"])
        except OSError:
            pass
        if time.monotonic() > end:
            raise AssertionError("chromium has no page")
        time.sleep(0.2)


async def frames_seen(page: str, url: str, wanted: list[str], timeout: float = 60.0) -> tuple[str, str]:
    """Load ``url`` and gather the text of the WebSocket frames it receives until every
    ``wanted`` piece is in it; return that text and the page's body classes."""
    received: list[str] = []
    async with connect(page, max_size=None) as cdp:
        number = 0

        async def call(method: str, **params: Any) -> None:
            nonlocal number
            number += 1
            await cdp.send(json.dumps({"id": number, "method": method, "params": params}))

        await call("Network.enable")
        await call("Page.enable")
        await call("Page.navigate", url=url)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                message = json.loads(await asyncio.wait_for(cdp.recv(), 1.0))
            except TimeoutError:
                continue
            if message.get("method") == "Network.webSocketFrameReceived":
                frame = message["params"]["response"]
                data = frame["payloadData"]
                if frame.get("opcode") == 2:
                    data = base64.b64decode(data).decode("utf-8", "replace")
                received.append(data)
                if all(piece in "".join(received) for piece in wanted):
                    break
        await call("Runtime.evaluate", expression="document.body.className", returnByValue=True)
        classes = ""
        while time.monotonic() < end + 10:
            message = json.loads(await asyncio.wait_for(cdp.recv(), 10.0))
            if message.get("id") == number:
                classes = str(message.get("result", {}).get("result", {}).get("value", ""))
                break
    return "".join(received), classes


def test_the_start_screen_in_headless_chromium() -> None:
    assert CHROMIUM is not None
    port = free_port()
    home = tempfile.mkdtemp()
    env = {**os.environ, "CARDTABLE_HOME": home, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=ROOT,
    )
    profile = Path(tempfile.mkdtemp())
    browser = None
    try:
        wait_for_port(port, server)
        browser = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
             "--remote-debugging-port=0", "--window-size=1200,800", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        page = devtools_page(profile, browser)
        # The start screen's title line, and the games it offers.
        text, classes = asyncio.run(frames_seen(page, f"http://127.0.0.1:{port}/", ["card games in the terminal", "Hearts"]))
        assert "card games in the terminal" in text and "Durak" in text and "Hearts" in text
        assert "-first-byte" in classes  # the page's terminal took the app's output
    finally:
        if browser is not None:
            browser.terminate()
            browser.wait(10)
        server.terminate()
        output = server.communicate(timeout=10)[0].decode("utf-8", "replace")
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(home, ignore_errors=True)
    assert "http://127.0.0.1:" in output and "this computer only" in output
