"""The turn clock at a hosted table is seen: the player to act (and each one still
choosing a Hearts pass) has its seconds counting down on the status line, the others
see whose clock runs, and a player whose time ran out is told what a bot made for them
(and nobody else what it passed)."""

from __future__ import annotations

import json
import re

import pytest

from cardtable.engine.actions import Action
from cardtable.session import Seat, SeatKind, TableSession
from tests.net.apps import SeatApp, screen_text, status, until, utf8_terminal  # noqa: F401 - the fixture with them
from tests.net.tables import FAST, NetHost, client_for, new_state

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def hearts_host(turn_time: float, **kwargs: object) -> NetHost:
    state = new_state("hearts", ["remote", "remote", "easy", "easy"], seed=4, target=1)
    seats = [Seat("Ann", SeatKind.REMOTE), Seat("Ada", SeatKind.REMOTE), Seat.bot_seat("Ben", "easy"),
             Seat.bot_seat("Cleo", "easy")]
    return NetHost(TableSession(state, seats), limits=FAST, log_line=lambda _: None, turn_time=turn_time,
                   bot_level="easy", **kwargs)  # type: ignore[arg-type]


async def test_the_move_a_bot_made_for_a_timed_out_player_is_told_to_that_player_alone() -> None:
    sent: dict[int, list[dict[str, object]]] = {0: [], 1: []}
    host = hearts_host(0.3, on_send=lambda seat, data: sent[seat].append(json.loads(data)))
    await host.start()
    ann, ada = client_for(host, 0), client_for(host, 1)
    try:
        await ann.join()
        await ada.join()
        # Nobody moves: both passes are made by bots, each told to its own player with the cards.
        for client in (ann, ada):
            await client.wait_for(lambda c: c.view is not None and c.view.phase == "play", timeout=30)  # type: ignore[attr-defined]
        state = host.session.state
        for seat in (0, 1):
            news = [item for message in sent[seat] if message["type"] == "status" for item in message["news"]]
            timed_out = [item for item in news if item["kind"] == "time_ran_out"]
            mine = [item for item in timed_out if item["seat"] == seat]
            theirs = [item for item in timed_out if item["seat"] != seat]
            passed = next(action for who, action in state.history if who == seat)
            assert [Action.parse(str(item["action"])) for item in mine] == [passed]
            assert theirs and all(item.get("action", "") == "" for item in theirs)
    finally:
        for client in (ann, ada):
            await client.close()
        await host.close()


@pytest.mark.slow
async def test_a_joined_screen_counts_its_seconds_down_and_tells_what_was_passed_for_it() -> None:
    host = hearts_host(4.0)
    await host.start()
    ada = client_for(host, 1)
    ann = SeatApp(host, 0)
    try:
        await ada.join()
        await ann.open()
        pilots = [ann.pilot]

        def line() -> str:
            return status(ann.app) if ann.at_table else ""

        # Ann's pass: her seconds on the status line, counting down a second at a time.
        await until(pilots, lambda: re.match(r"\d s left", line()) is not None, timeout=10)
        await until(pilots, lambda: "Chosen: Ben, Cleo" in screen_text(ann.app), timeout=10)  # the bots chose
        first = int(line().split()[0])
        drawn = ann.screen.view
        await until(pilots, lambda: re.match(rf"{first - 1} s left", line()) is not None, timeout=10)
        assert ann.screen.view is drawn  # the line's text changed, and nothing else was drawn again
        assert "Your turn: select 3 cards to pass" in line()
        assert re.search(r"s left · Ada \d s", line()), line()  # Ada chooses too: whose clock runs
        # Ada passes: Ann sees Ada chose; her time runs out and a bot passes for her.
        await ada.act(ada.legal[0])
        await until(pilots, lambda: "Time ran out (4 s): an easy bot made your pass of" in line(), timeout=30)
        passed = next(action for who, action in host.session.state.history if who == 0)
        told = line()
        assert all(card in told for card in ann.screen.context.style.inline(passed.cards).plain.split()), told
    finally:
        await ann.close()
        await ada.close()
        await host.close()
