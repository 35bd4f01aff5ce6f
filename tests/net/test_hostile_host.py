"""A host is outside text too: nothing it sends reaches a terminal as a control (issue 26, item 2).

A fake host speaks the protocol with escape sequences, markup, line breaks and bidi
overrides in every text field of every message type (names, title, options, the
observation's texts, event info, history, reasons, messages).  The client keeps only
printable one-line text, seat names as valid player names, and a joined screen draws
no ESC or BEL of it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from cardtable.engine.refusals import RuleRefusal
from cardtable.errors import one_line
from cardtable.games import get_rules
from cardtable.names import name_problem, safe_name
from cardtable.net.client import TableClient
from cardtable.net.host import format_address
from cardtable.net.protocol import PROTOCOL_VERSION, JoinedNews
from cardtable.net.remote import seats_from_statuses
from cardtable.session.notices import AgainstRules
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game import GameScreen
from tests.net.apps import screen_text, until, utf8_terminal  # noqa: F401  (a fixture)

BAD = "\x1b]0;pwned\x07[red]x[/red]\x1b[2J\nrow\r\u202e[link=file:///etc/passwd]y[/link]\x9b"


def hostile(text: str = "") -> str:
    return f"{text}{BAD}"


def seats() -> list[dict[str, Any]]:
    return [
        {"seat": 0, "name": hostile("Ann"), "kind": "remote", "level": hostile(), "connected": True},
        {"seat": 1, "name": BAD, "kind": hostile("bot"), "level": "mod.py:Evil", "connected": True},
        {"seat": 2, "name": hostile("Cleo"), "kind": "bot", "level": hostile("easy"), "connected": True},
        {"seat": 3, "name": "x" * 60, "kind": "human", "level": "", "connected": False},
    ]


def hostile_observation() -> tuple[dict[str, Any], list[str]]:
    """A real Hearts observation of seat 0, two tricks in, with outside text in every text field."""
    state = get_rules("hearts").new_game(players=4, seed=5)
    while state.observation(0).phase != "play" or len(state.observation(0).tricks_played) < 2:
        state.apply(state.legal_actions()[0])
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    seen = state.observation(0).to_dict()
    seen["pass_direction"] = hostile(seen["pass_direction"])
    seen["history"] = [[seat, hostile(text)] for seat, text in seen["history"]]
    for event in seen["events"]:
        event["info"] = {**event["info"], hostile("note"): hostile(), "direction": hostile("left")}
    return seen, [str(action) for action in state.legal_actions()]


def messages(legal: list[str] | None = None) -> list[dict[str, Any]]:
    """Every message type a host sends, each with outside text in every text field."""
    observation, moves = hostile_observation()
    return [
        {"type": "welcome", "version": PROTOCOL_VERSION, "seat": 0, "game": "hearts", "title": hostile("Hearts"),
         "seats": seats(), "options": {hostile("target"): 100, "note": hostile()}, "last_seq": 0},
        {"type": "state", "observation": observation, "legal": moves if legal is None else legal, "to_act": 0,
         "full": True, "last_seq": 0, "outcome": None},
        {"type": "state", "observation": {"phase": hostile("play")}, "legal": [], "to_act": 1,
         "appended": {"events": observation["events"][-3:], "history": [[1, hostile("play 2C")]]},
         "last_seq": 0, "outcome": None},
        {"type": "status", "paused": False, "seats": seats(),
         "news": [{"kind": "joined", "seat": 0, "was": hostile("Ann")}, {"kind": "seat_to_bot", "seat": 2,
                                                                        "level": hostile("easy")}]},
        {"type": "refused", "seq": 1, "refusal": {"code": "malformed", "action": hostile("jump"), "game": hostile("Hearts")}},
        {"type": "error", "reason": hostile("slow down"), "fatal": False},
    ]


@asynccontextmanager
async def fake_host(script: Callable[[], list[dict[str, Any]]], bye: bool = True) -> AsyncIterator[str]:
    """A host on loopback that answers any hello with ``script()``'s messages (then a
    hostile goodbye, if ``bye``), and keeps the connection open until the client goes."""

    async def handler(ws: ServerConnection) -> None:
        await ws.recv()
        for message in script():
            await ws.send(json.dumps(message))
        if bye:
            await asyncio.sleep(0.05)
            await ws.send(json.dumps({"type": "bye", "reason": hostile("the game is over")}))
        async for _ in ws:
            pass

    async with serve(handler, "127.0.0.1", 0) as server:
        yield format_address(*server.sockets[0].getsockname()[:2])


def strings_in(value: Any) -> list[str]:
    """Every string in ``value``: keys, items, fields of structs."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in strings_in(key) + strings_in(item)]
    if isinstance(value, (list, tuple)):
        return [text for item in value for text in strings_in(item)]
    if hasattr(value, "__struct_fields__"):
        return [text for field in value.__struct_fields__ for text in strings_in(getattr(value, field))]
    return []


def assert_printable(texts: list[str]) -> None:
    bad = [text for text in texts if not text.isprintable()]
    assert bad == [], bad[:3]


async def test_every_text_field_of_every_message_is_kept_printable() -> None:
    async with fake_host(messages) as address:
        client = TableClient(address, "code", "Ann", max_rate=None)
        await client.join()
        await client.wait_for(lambda c: c.closed_reason is not None)
        kept = [client.title, client.options, client.seats, client.observation, client.legal, client.events,
                client.told, client.refusals, client.errors, client.closed_reason]
        texts = strings_in(kept)
        assert_printable(texts)
        # Shown literally: the escape is written out, the markup kept as text.
        assert client.title == "Hearts\\x1b]0;pwned\\x07[red]x[/red]\\x1b[2J\\x0arow\\x0d\\u202e[link=file:///etc/passwd]y[/link]\\x9b"
        assert client.closed_reason is not None and client.closed_reason.startswith("the game is over\\x1b")
        tail = client.title[len('Hearts'):]
        assert client.refusals[0][1] == AgainstRules(
            RuleRefusal("malformed", action=one_line(f"jump{tail}"), game=one_line(f"Hearts{tail}"))
        )
        assert client.errors == [f"slow down{client.title[len('Hearts'):]}"]
        # Names as valid player names, whatever the host says; a bot seat never names an import path.
        assert [name_problem(status.name) for status in client.seats] == [None] * 4
        assert [status.name for status in client.seats] == [safe_name(seat["name"]) for seat in seats()]
        assert client.seats[0].name.startswith("Ann]0;pwned[red")
        # The old name a player's news gives is a valid name too, never an escape.
        assert [name_problem(news.was) for news in client.told if isinstance(news, JoinedNews)] == [None]
        assert all(":" not in seat.bot for seat in seats_from_statuses(client.seats))
        view = client.view
        assert view is not None and all(text.isprintable() for text in strings_in(view.to_dict()))


async def test_a_move_text_that_is_no_move_ends_the_connection_in_one_line() -> None:
    async with fake_host(lambda: messages(legal=["play 2C\x1b[2J"]), bye=False) as address:
        client = TableClient(address, "code", max_rate=None)
        await client.join()
        await client.wait_for(lambda c: c.closed_reason is not None)
        reason = client.closed_reason or ""
        assert reason.startswith("the host sent a message we cannot read") and reason.isprintable()
        assert client.legal == []


async def test_a_joined_screen_draws_no_control_from_the_host(utf8_terminal: None) -> None:  # noqa: F811
    async with fake_host(lambda: messages()[:2] + messages()[3:4], bye=False) as address:
        app = CardtableApp(join=(address, "code", ""), bot_delay=0, trick_pause=0)
        drawn: list[str] = []
        original = app._display

        def record(screen: Any, renderable: Any) -> None:
            drawn.append(str(renderable))
            original(screen, renderable)

        app._display = record  # type: ignore[method-assign]
        async with app.run_test(size=(140, 45)) as pilot:
            await until([pilot], lambda: isinstance(app.screen, GameScreen) and app.screen.obs is not None)
            await until([pilot], lambda: "Ann]0;pwned" in screen_text(app), what=lambda: screen_text(app))
            text = screen_text(app)
        assert "\x1b]0" not in text and "\x07" not in text and "\u202e" not in text
        assert "[2J" in text  # shown as text, not done
        everything = "".join(drawn)
        assert drawn
        assert "pwned\x07" not in everything and "\x1b]0;pwned" not in everything
