"""The host's log is data (issue 37): ``NetHost`` tells its log each thing as a kind and
its values (:mod:`cardtable.net.host_events`), and ``cardtable host`` words it in its
reader's language (:func:`cardtable.commands.host.host_line`): the English as it always
read, and each other language with none of those English words."""

from __future__ import annotations

import re
from typing import get_args

import pytest

from cardtable.commands.host import host_line
from cardtable.games import get_rules
from cardtable.lang import use_language
from cardtable.net.client import JoinError, TableClient
from cardtable.net.host import NetHost, format_address
from cardtable.net.host_events import (
    BotLeftSeat,
    Flooded,
    GameOver,
    HostEvent,
    JoinedTooOften,
    Listening,
    NotReading,
    ResultRecorded,
    SavingTrouble,
    SeatJoined,
    SeatLeft,
    SeatMoved,
    SeatToBot,
    TimeRanOut,
    UserBotFailed,
    WrongCode,
)
from cardtable.session import Seat, SeatKind, TableSession
from tests.net.tables import FAST

#: each kind of event with the line ``cardtable host`` printed before the log was data
ENGLISH: dict[HostEvent, str] = {
    Listening("127.0.0.1:8765"): "listening on 127.0.0.1:8765",
    WrongCode("10.0.0.7"): "refused a wrong code from 10.0.0.7",
    JoinedTooOften("Ann"): "refused Ann's code: joined too often",
    Flooded("Ann"): "closed Ann's connection: a flood of messages",
    NotReading("Ann"): "dropped Ann: not reading the table's messages",
    SeatJoined("Ann"): "Ann joined",
    SeatJoined("Ann", again=True): "Ann rejoined",
    SeatJoined("Ann", was="Zed"): "Ann joined (was Zed)",
    SeatJoined("Ann", again=True, was="Zed"): "Ann rejoined (was Zed)",
    SeatLeft("Ann"): "Ann left the table",
    SeatMoved("Ann", "give JH ? ?"): "Ann: give JH ? ?",
    SeatToBot("Ann", "easy"): "Ann's seat is played by a bot (easy)",
    BotLeftSeat("Ann"): "the bot left Ann's seat",
    TimeRanOut("Ann"): "Ann's time ran out",
    UserBotFailed("Ann", "bot mine.py raised KeyError"): "bot mine.py raised KeyError; a normal bot takes over",
    UserBotFailed("Ann", ""): "Ann's bot failed; a normal bot takes over",
    SavingTrouble("No space left on device", failed=True): "cannot save the game: No space left on device",
    SavingTrouble("saves are kept elsewhere"): "saving: saves are kept elsewhere",
    ResultRecorded(): "the game is over; its result is recorded",
    GameOver(): "the game is over",
}

#: the English words of those lines (not the values in them)
ENGLISH_WORDS = {
    "listening", "refused", "wrong", "joined", "often", "closed", "connection", "flood", "messages", "dropped",
    "reading", "rejoined", "left", "table", "seat", "played", "time", "ran", "normal", "takes", "saving",
    "cannot", "save", "game", "result", "recorded", "failed",
}

#: the values in those lines, shown as they are in every language
VALUES = ("Ann", "Zed", "10.0.0.7", "127.0.0.1:8765", "No space left on device", "bot mine.py raised KeyError",
          "saves are kept elsewhere")



def test_every_kind_of_host_event_reads_in_english_as_it_always_did() -> None:
    assert {type(event) for event in ENGLISH} == set(get_args(HostEvent))
    for event, line in ENGLISH.items():
        assert host_line(event) == line


@pytest.mark.parametrize("code", ["nl", "et", "pl", "bg"])
def test_every_kind_of_host_event_is_worded_in_the_reader_s_language(code: str) -> None:
    use_language(code)
    for event, english in ENGLISH.items():
        line = host_line(event)
        if not isinstance(event, SeatMoved):
            assert line != english, (code, line)
        words = line
        for value in VALUES:
            if value in english:
                assert value in line, (code, line)
                words = words.replace(value, "")
        assert not {word.lower() for word in re.findall(r"[A-Za-z]+", words)} & ENGLISH_WORDS, (code, line)
    # A move's cards with the language's rank letters, as the move box reads them.
    assert host_line(SeatMoved("Ann", "give JH QS 10C")) == {
        "nl": "Ann: give VH DS 10C", "et": "Ann: give VH DS 10C", "pl": "Ann: give WH DS 10C", "bg": "Ann: give ВH ДS 10C",
    }[code]


async def test_the_host_tells_its_log_data_not_sentences() -> None:
    state = get_rules("durak").new_game(players=2, seed=3)
    told: list[object] = []
    host = NetHost(TableSession(state, [Seat("Ann", SeatKind.REMOTE), Seat.bot_seat("Ada", "easy")]),
                   limits=FAST, log_line=told.append)
    await host.start()
    try:
        address = format_address(*host.address)
        assert told == [Listening(address)]
        with pytest.raises(JoinError):
            await TableClient(address, "not-a-code").join()
        assert told[1:] == [WrongCode("127.0.0.1")]
        ann = TableClient(address, host.codes[0], name="Ann")
        await ann.join()
        assert SeatJoined("Ann") in told
        assert all(not isinstance(event, str) for event in told)
        await ann.close()
    finally:
        await host.close()


@pytest.mark.parametrize(("code", "host", "second"), [("en", "Host", "Player 2"), ("pl", "Gospodarz", "Gracz 2")])
def test_the_default_seat_names_are_kept_as_data_and_shown_in_the_reader_s_words(
    code: str, host: str, second: str
) -> None:
    """``--seats human,remote,remote`` names its seats Host, Player 1, Player 2 in the
    session (every terminal words them for its own reader); the console's lines say them
    in the host's language."""
    from cardtable.commands.host import seat_plan

    use_language(code)
    plan = seat_plan("hearts", "human,remote,remote,easy")
    assert [name for _kind, name in plan[:3]] == ["Host", "Player 1", "Player 2"]
    assert host_line(SeatJoined("Player 2", again=False)).startswith(second)
    assert host in host_line(SeatJoined("Ann", again=True, was="Host"))
