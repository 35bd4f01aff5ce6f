"""``cardtable host`` as a real process: its join lines, a game played through them,
Ctrl-C, and ``cardtable resume`` hosting the saved game again with new codes."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.net.client import JoinError, TableClient
from cardtable.net.host import format_address
from tests.net.tables import autoplay, held, told

ROOT = Path(__file__).resolve().parents[2]
JOIN = re.compile(r"^  (?P<name>[^:]+): cardtable join (?P<address>\S+) (?P<code>\S+)$")


def test_one_seat_at_the_hosts_keyboard_opens_the_table_screen(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    opened: list[tuple[object, ...]] = []

    def fake_screen(state, address, port, pace="normal", **options):  # type: ignore[no-untyped-def]
        opened.append((state, address, port, options))
        return 0

    monkeypatch.setattr("cardtable.commands.host_screen.run_host_screen", fake_screen)
    assert main(["host", "durak", "--seats", "human:Hal,remote:Ann,easy", "--listen", "127.0.0.1:0"]) == 0
    [(state, address, port, options)] = opened
    assert address == "127.0.0.1" and options["resumed"] is False
    kinds = [seat["kind"] for seat in state.meta["seats"]] if "seats" in state.meta else None  # type: ignore[attr-defined]
    assert kinds is None or kinds == ["human", "remote", "easy"]
    assert state.meta["network"]["listen"].startswith("127.0.0.1")  # type: ignore[attr-defined]
    assert options["bot_after"] is None
    # --bot-after works with a seat at this keyboard too; the save keeps it for resume.
    assert main(["host", "durak", "--seats", "human,remote", "--bot-after", "5", "--bot-level", "hard",
                 "--listen", "127.0.0.1:0"]) == 0
    (state, _, _, options) = opened[-1]
    assert options["bot_after"] == 5.0 and options["bot_level"] == "hard"
    assert state.meta["network"]["bot_after"] == 5.0  # type: ignore[attr-defined]
    # One seat at this keyboard at most: in one line.
    assert main(["host", "durak", "--seats", "human,human,remote"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at most one seat at this keyboard" in err
    assert main(["host", "durak", "--seats", "easy,hard"]) == 2
    assert "needs a remote seat" in capsys.readouterr().err
    assert main(["host", "durak", "--seats", "remote,remote", "--listen", "127.0.0.1:http"]) == 2
    assert "is not HOST:PORT" in capsys.readouterr().err


async def start(*args: str, home: Path) -> tuple[asyncio.subprocess.Process, list[tuple[str, str, str]], list[str]]:
    """Run ``cardtable ARGS`` and read its output up to the join lines."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDTABLE_HOME": str(home)}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardtable", *args, env=env, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    lines: list[str] = []
    joins: list[tuple[str, str, str]] = []
    while not any(line.startswith("Only this computer") for line in lines):
        raw = await asyncio.wait_for(process.stdout.readline(), 30)
        assert raw, (lines, await process.stderr.read() if process.stderr else b"")
        lines.append(raw.decode().rstrip("\n"))
        found = JOIN.match(lines[-1])
        if found:
            joins.append((found["name"], found["address"], found["code"]))
    return process, joins, lines


@pytest.mark.slow
async def test_host_then_ctrl_c_then_resume_plays_the_game_to_its_end(cardtable_home: Path) -> None:
    process, joins, lines = await start(
        "host", "durak", "--seats", "remote:Ann,remote", "--listen", "127.0.0.1:0", "--seed", "3",
        "--speed", "fast", home=cardtable_home,
    )
    assert [name for name, _, _ in joins] == ["Ann", "Player 1"]
    assert lines[1].startswith("Hosting Durak.") and all(address.startswith("127.0.0.1:") for _, address, _ in joins)
    assert len({code for _, _, code in joins}) == 2 and all(len(code) >= 22 for _, _, code in joins)
    rng = random.Random(3)
    players = [TableClient(address, code) for _, address, code in joins]
    for player in players:
        await player.join()
    await asyncio.gather(*(autoplay(p, rng, until=lambda c: len(c.events) > 6) for p in players))
    history = players[0].observation["history"]  # type: ignore[index]
    for player in players:
        await player.close()
    process.send_signal(signal.SIGINT)
    assert await asyncio.wait_for(process.wait(), 20) == 130

    # Where to listen is the command line's to say (a save never does): any free port here.
    process, again, _ = await start("resume", "--listen", "127.0.0.1:0", home=cardtable_home)
    try:
        assert [name for name, _, _ in again] == ["Ann", "Player 1"]
        assert {code for _, _, code in again}.isdisjoint(code for _, _, code in joins)
        with pytest.raises(JoinError, match="wrong code"):
            await TableClient(again[0][1], joins[0][2]).join()
        players = [TableClient(address, code) for _, address, code in again]
        for player in players:
            await player.join()
        assert players[0].observation["history"][:len(history)] == history  # type: ignore[index]
        await asyncio.wait_for(asyncio.gather(*(autoplay(p, rng) for p in players)), 60)
        assert all(player.is_over for player in players)
        await asyncio.gather(*(p.wait_for(lambda c: c.closed_reason is not None) for p in players))
        assert players[0].closed_reason == "the game is over"
        assert await asyncio.wait_for(process.wait(), 20) == 0
        assert process.stdout is not None
        log = (await process.stdout.read()).decode()
        assert "the game is over; its result is recorded" in log
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_a_seat_left_empty_is_handed_to_a_bot_after_a_while_and_back() -> None:
    from tests.net.tables import open_table

    host, (ann, ada) = await open_table("durak", ["remote", "remote", "easy"], seed=2, join=False)
    host.watch_empty_seats(0.1, "easy")
    try:
        await ann.join()
        await ann.wait_for(lambda c: not c.paused, timeout=5)  # Ada never came: a bot plays for her
        assert host.handed == {1: "easy"} and "played by a bot (easy)" in told(ann)
        await ada.join()
        await ann.wait_for(lambda c: c.seats[1].level == "" and c.seats[1].connected)
        assert host.handed == {} and host.session.seats[1].kind == "remote"
    finally:
        await ann.close()
        await ada.close()
        await host.close()


async def test_resume_of_a_game_hosted_with_a_seat_here_shows_the_join_lines_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardtable.session import SlotSaver
    from cardtable.tui.screens.game import GameScreen
    from cardtable.tui.screens.info import InfoScreen
    from cardtable.userdata.slots import moved_in
    from tests.net.apps import screen_text, status, until
    from tests.net.tables import new_state

    state = new_state("durak", ["human", "remote", "easy"], seed=3)
    state.meta["network"] = {"remote": [1], "listen": "127.0.0.1:0"}
    while not moved_in(state):  # a game nobody moved in is not offered to resume
        state.apply(state.legal_actions()[0])
    saver = SlotSaver()
    saver.save(state)
    saver.close()
    apps: list[object] = []
    monkeypatch.setattr("cardtable.commands.play.run_app", apps.append)  # the app is run below, headless
    assert main(["resume", "--listen", "127.0.0.1:0"]) == 0
    [app] = apps
    host = app.hosting[0]  # type: ignore[attr-defined]
    async with app.run_test(size=(120, 40)) as pilot:  # type: ignore[attr-defined]
        # The join lines with the new code, over the table, as for a new game.
        await until([pilot], lambda: isinstance(app.screen, InfoScreen))  # type: ignore[attr-defined]
        line = f"Ada: cardtable join 127.0.0.1:{host.address[1]} {host.codes[1]}"
        await until([pilot], lambda: line in screen_text(app))  # type: ignore[arg-type]
        assert app.join_lines == [line]  # type: ignore[attr-defined]
        assert host.session.state.history == state.history and host.paused
        await pilot.press("escape")
        await until([pilot], lambda: isinstance(app.screen, GameScreen))  # type: ignore[attr-defined]
        assert "Paused: waiting for Ada to join." in status(app)  # type: ignore[arg-type]
        client = TableClient(format_address(*host.address), host.codes[1])
        await client.join()
        assert client.seat == 1 and client.observation == held(state, 1)
        await client.close()


def test_the_host_listens_on_loopback_unless_told() -> None:
    from cardtable.commands.host import _public_address, listen_address

    assert listen_address(None) == ("127.0.0.1", 8765)
    assert listen_address("0.0.0.0:9000") == ("0.0.0.0", 9000)
    assert _public_address("127.0.0.1") == "127.0.0.1"
    assert _public_address("0.0.0.0") not in ("0.0.0.0", "")  # this computer's address, to type in
