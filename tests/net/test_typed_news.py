"""What a host tells a joined seat travels as data and reaches its table as typed notices:
a pause, who came and went, a seat a bot took over, a time-out, a refusal's kind, the
turn clock and who chose already; the joined seat's table offers only what it really has."""

from __future__ import annotations

import json

from cardtable.net.protocol import PROTOCOL_VERSION, LeftNews, SeatToBotNews, TimeRanOutNews
from cardtable.net.remote import RemoteSession
from cardtable.session import Seat, SeatKind, TableSession
from cardtable.session.notices import (
    Changed,
    Joined,
    Left,
    Notice,
    Paused,
    SeatPlayedByBot,
    SeatToBot,
    TableWaits,
    TimeRanOut,
    WaitingForJoin,
    WaitingForRejoin,
)
from tests.net.tables import FAST, NetHost, client_for, new_state, open_table


async def test_the_status_a_host_sends_holds_no_sentence() -> None:
    sent: list[dict[str, object]] = []

    def keep(seat: int, data: bytes) -> None:
        message = json.loads(data)
        if message["type"] in ("status", "refused"):
            sent.append(message)

    host, (ann, ada) = await open_table("durak", ["remote", "remote", "easy"], on_send=keep, join=False)
    try:
        await ann.join()
        await ann.wait_for(lambda c: c.pause is not None)
        assert ann.paused and ann.pause is not None and not ann.pause.started and ann.pause.seats == [1]
        await ann.act("pass")  # before the game begins: refused as waiting, with whom it waits for
        await ann.wait_for(lambda c: bool(c.refusals))
        assert ann.refusals[-1][1] == TableWaits(WaitingForJoin((1,)))
        await ada.join()
        await ann.wait_for(lambda c: not c.paused)
        host.hand_to_bot(1, "easy")
        await ada.wait_for(lambda c: any(isinstance(news, SeatToBotNews) for news in c.told))
        await ada.act("pass")
        await ada.wait_for(lambda c: bool(c.refusals))
        assert ada.refusals[-1][1] == SeatPlayedByBot()
        # Every status and refusal sent was data: no field holds a line of English.
        assert sent and all("message" not in message for message in sent)
        assert {message.get("kind") for message in sent if message["type"] == "refused"} == {"waiting", "bot_plays"}
        kinds = {news["kind"] for message in sent if message["type"] == "status" for news in message["news"]}
        assert {"joined", "seat_to_bot"} <= kinds
    finally:
        for client in (ann, ada):
            await client.close()
        await host.close()


async def test_a_joined_seat_hears_typed_notices_and_offers_what_it_has() -> None:
    state = new_state("durak", ["remote", "remote"], seed=7)
    session = TableSession(state, [Seat("Ann", SeatKind.REMOTE), Seat("Ada", SeatKind.REMOTE)])
    host = NetHost(session, limits=FAST, log_line=lambda _: None, turn_time=0.3, bot_level="easy")
    await host.start()
    ann, ada = client_for(host, 0), client_for(host, 1)
    try:
        await ann.join()
        table = RemoteSession(ann)
        heard: list[Notice] = []
        table.listen(heard.append)
        assert (table.bot_turns, table.handover, table.undoing, table.saving, table.seating) == (None,) * 5
        assert table.hints is not None and table.presence is not None and table.state is None
        clock = table.clock
        assert clock is not None and clock.limit == 0.3
        await ada.join()
        await ann.wait_for(lambda c: not c.paused)
        assert Joined(1) in heard and isinstance(heard[-1], Changed)
        presence = table.presence
        assert [(seat.seat, seat.person, seat.connected) for seat in presence.seats] == [(0, True, True), (1, True, True)]
        # Nobody moves: the clock runs out and a bot moves for the player, told as data.
        await ann.wait_for(lambda c: any(isinstance(news, TimeRanOutNews) for news in c.told), timeout=30)
        ran_out = [notice for notice in heard if isinstance(notice, TimeRanOut)]
        assert ran_out and ran_out[0].seconds == 0.3 and ran_out[0].level == "easy"
        await ann.wait_for(lambda c: bool(c.clocks), timeout=30)
        assert all(0 <= seat_clock.left <= seat_clock.limit == 0.3 for seat_clock in clock.clocks())
        # Ada leaves on her turn (or Ann's turn comes to her): the table waits for her by name.
        await ada.close()
        await ann.wait_for(lambda c: any(isinstance(news, LeftNews) for news in c.told))
        assert Left(1) in heard
        if host.paused:
            assert presence.pause == WaitingForRejoin(1) and Paused(WaitingForRejoin(1)) in heard
        host.hand_to_bot(1, "normal")
        await ann.wait_for(lambda c: any(isinstance(news, SeatToBotNews) for news in c.told))
        assert SeatToBot(1, "normal") in heard
        assert [seat.level for seat in presence.seats] == ["", "normal"]
    finally:
        await ann.close()
        await host.close()


async def test_the_seats_who_chose_their_pass_are_known_never_what() -> None:
    host, (ann, ada) = await open_table("hearts", ["remote", "remote", "easy", "easy"], target=1)
    try:
        table = RemoteSession(ann)
        # Ann (seat 0) is the seat the engine waits on; Ada chooses ahead of her turn.
        assert ann.seat == 0 and ada.seat == 1 and ada.legal
        await ada.act(ada.legal[0])
        await ann.wait_for(lambda c: any(status.seat == 1 and status.chose for status in c.seats))
        presence = table.presence
        assert presence is not None and next(seat for seat in presence.seats if seat.seat == 1).chose
        assert not next(seat for seat in presence.seats if seat.seat == 0).chose
        # What Ada chose reaches nobody else: Ann's observation has no pass of hers.
        assert not any(event.get("kind") == "give" and event.get("seat") == 1 for event in ann.events)
    finally:
        for client in (ann, ada):
            await client.close()
        await host.close()


def test_the_protocol_version_is_five() -> None:
    """Version 4: why a host closes a connection or refuses a message travels as data;
    version 5: so does the engine's reason for refusing a move."""
    assert PROTOCOL_VERSION == 5
