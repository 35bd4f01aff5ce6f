"""`cardtable serve` in a real browser: headless Chromium loads the page and the start
screen reaches it; and a tab, through its keys, joins a table that ``cardtable host``
hosts (J, the host's join line, Enter) and is dealt Ann's hand.

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
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from cardtable.games import get_rules
from tests.net.processes import ROOT, HostProcess, app_env, free_port, wait_for_port

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (CI installs it: .ci/run)")

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


class Page:
    """One Chromium page driven through its DevTools connection ``cdp``: it sends
    commands and input, and gathers the text of the WebSocket frames the page receives
    (what the app drew on its terminal) while it waits for anything."""

    def __init__(self, cdp: Any) -> None:
        self.cdp = cdp
        self.number = 0
        self.received: list[str] = []
        #: the address of every request the page made (to check that none leaves the server)
        self.requested: list[str] = []

    def text(self) -> str:
        return "".join(self.received)

    async def _next(self, timeout: float) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.cdp.recv(), timeout))
        if message.get("method") == "Network.webSocketFrameReceived":
            frame = message["params"]["response"]
            data = frame["payloadData"]
            if frame.get("opcode") == 2:
                data = base64.b64decode(data).decode("utf-8", "replace")
            self.received.append(data)
        elif message.get("method") == "Network.requestWillBeSent":
            self.requested.append(message["params"]["request"]["url"])
        elif message.get("method") == "Network.webSocketCreated":
            self.requested.append(message["params"]["url"])
        return message

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (gathering frames meanwhile)."""
        self.number += 1
        number = self.number
        await self.cdp.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = await self._next(30.0)
            if message.get("id") == number:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))

    async def evaluate(self, expression: str) -> str:
        answer = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return str(answer.get("result", {}).get("value", ""))

    async def wait_for(self, wanted: list[str], timeout: float = 60.0) -> str:
        """Gather frames until every ``wanted`` piece is in their text; return it."""
        end = time.monotonic() + timeout
        while not all(piece in self.text() for piece in wanted):
            if time.monotonic() > end:
                missing = [piece for piece in wanted if piece not in self.text()]
                raise AssertionError(f"the page never showed {missing}")
            try:
                await self._next(1.0)
            except TimeoutError:
                continue
        return self.text()

    async def focus_terminal(self) -> None:
        # xterm.js reads keys from its hidden textarea, which has focus only once clicked.
        await self.evaluate("document.querySelector('.xterm-helper-textarea').focus()")

    async def press(self, key: str, code: str, text: str, keycode: int) -> None:
        """One key pressed and let go, as Chromium's own keyboard would send it."""
        await self.call("Input.dispatchKeyEvent", type="keyDown", key=key, code=code, text=text,
                        windowsVirtualKeyCode=keycode, nativeVirtualKeyCode=keycode)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code,
                        windowsVirtualKeyCode=keycode, nativeVirtualKeyCode=keycode)

    async def type_text(self, text: str) -> None:
        await self.call("Input.insertText", text=text)


async def open_page(page: str, url: str) -> tuple[Any, Page]:
    """Connect to Chromium's ``page`` and load ``url`` in it."""
    cdp = await connect(page, max_size=None)
    tab = Page(cdp)
    await tab.call("Network.enable")
    await tab.call("Page.enable")
    await tab.call("Page.navigate", url=url)
    return cdp, tab


async def frames_seen(page: str, url: str, wanted: list[str], timeout: float = 60.0) -> tuple[str, str, list[str]]:
    """Load ``url`` and gather the text of the WebSocket frames it receives until every
    ``wanted`` piece is in it; return that text, the page's body classes, and the
    addresses of the requests it made (once its fonts have loaded)."""
    cdp, tab = await open_page(page, url)
    async with cdp:
        text = await tab.wait_for(wanted, timeout)
        classes = await tab.evaluate("document.body.className")
        await tab.call("Runtime.evaluate", expression="document.fonts.ready.then(() => true)", awaitPromise=True)
        await tab.evaluate("1")
    return text, classes, tab.requested


def start_chromium(profile: Path) -> subprocess.Popen[bytes]:
    assert CHROMIUM is not None
    return subprocess.Popen(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
         "--remote-debugging-port=0", "--window-size=1200,800", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


@pytest.mark.slow
def test_the_start_screen_in_headless_chromium() -> None:
    assert CHROMIUM is not None
    port = free_port()
    home = tempfile.mkdtemp()
    env = app_env(home)
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=ROOT,
    )
    profile = Path(tempfile.mkdtemp())
    browser = None
    try:
        wait_for_port(port, server)
        browser = start_chromium(profile)
        page = devtools_page(profile, browser)
        # The start screen's title line, and the games it offers.
        text, classes, requested = asyncio.run(
            frames_seen(page, f"http://127.0.0.1:{port}/", ["card games in the terminal", "Hearts"])
        )
        assert "card games in the terminal" in text and "Durak" in text and "Hearts" in text
        assert "-first-byte" in classes  # the page's terminal took the app's output
        # Nothing outside the served origin: no web fonts from elsewhere.
        own = (f"http://127.0.0.1:{port}/", f"ws://127.0.0.1:{port}/")
        assert any("/static/fonts/" in address for address in requested), requested
        assert [address for address in requested if not address.startswith(own)] == [], requested
    finally:
        if browser is not None:
            browser.terminate()
            browser.wait(10)
        server.terminate()
        output = server.communicate(timeout=10)[0].decode("utf-8", "replace")
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(home, ignore_errors=True)
    assert "http://127.0.0.1:" in output and "this computer only" in output


@pytest.mark.slow
def test_a_tab_joins_a_hosted_table_with_j() -> None:
    host_port, port = free_port(), free_port()
    host_home, home = tempfile.mkdtemp(), tempfile.mkdtemp()
    host = HostProcess("durak", "remote:Ann,easy", 4, host_port, host_home)
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port)],
        env=app_env(home), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
    )
    profile = Path(tempfile.mkdtemp())
    browser = None
    try:
        address, code = host.join_lines(1)["Ann"]
        line = f"cardtable join {address} {code}"
        wait_for_port(port, server)
        browser = start_chromium(profile)

        async def join(hand: list[str]) -> str:
            cdp, tab = await open_page(devtools_page(profile, browser), f"http://127.0.0.1:{port}/")
            async with cdp:
                await tab.wait_for(["card games in the terminal", "Hearts"])
                await tab.focus_terminal()
                await tab.press("j", "KeyJ", "j", 74)
                await tab.wait_for(["Join a table"])
                await tab.type_text(line)
                await tab.press("Enter", "Enter", "\r", 13)
                return await tab.wait_for(["you are Ann", *hand])

        # Ann's hand as the host dealt it (seed 4), each card as the table writes it.
        hand = [card.label() for card in get_rules("durak").new_game(players=2, seed=4).hand(0)]
        text = asyncio.run(join(hand))
        assert "Durak" in text
    finally:
        if browser is not None:
            browser.terminate()
            browser.wait(10)
        server.terminate()
        server.wait(10)
        host.close()
        for folder in (profile, Path(home), Path(host_home)):
            shutil.rmtree(folder, ignore_errors=True)
    assert any(line.endswith(" Ann joined") for line in host.said), host.said


def new_tab(profile: Path) -> str:
    """Open one more tab in the Chromium of ``profile``; its DevTools WebSocket address."""
    port = (profile / "DevToolsActivePort").read_text().split()[0]
    request = urllib.request.Request(f"http://127.0.0.1:{port}/json/new?about:blank", method="PUT")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return str(json.load(answer)["webSocketDebuggerUrl"])


async def close_tab(tab: Page) -> None:
    """Close the tab as its player would (its DevTools connection goes with it)."""
    number = tab.number = tab.number + 1
    await tab.cdp.send(json.dumps({"id": number, "method": "Page.close", "params": {}}))


@pytest.mark.slow
def test_a_closed_tab_ends_its_cardtable_and_writes_no_crash_log() -> None:
    """A closed tab ends its cardtable, with no crash log, whether it closed while
    cardtable started or once it had drawn; the processes are counted from /proc."""
    from tests.net.test_serve_trust import Served
    from tests.waiting import wait_until

    served = Served()
    profile = Path(tempfile.mkdtemp())
    browser = start_chromium(profile)
    try:
        devtools_page(profile, browser)

        async def open_then_close(early: bool) -> set[int]:
            cdp, tab = await open_page(new_tab(profile), f"{served.origin}/")
            async with cdp:
                if early:
                    await asyncio.to_thread(wait_until, lambda: bool(served.tabs()), "the tab's cardtable starts")
                else:
                    await tab.wait_for(["card games in the terminal", "Hearts"])
                processes = served.tabs()
                await close_tab(tab)
            return processes

        for early in (True, False):
            assert len(asyncio.run(open_then_close(early))) == 1
            wait_until(lambda: not served.tabs(), "the closed tab's cardtable ends")
        assert served.crash_logs() == []
    finally:
        browser.terminate()
        browser.wait(10)
        served.close()
        shutil.rmtree(profile, ignore_errors=True)
