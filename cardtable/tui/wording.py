"""One voice for every line a person reads: cards in running text, counts, engine reasons.

Cards are written one way everywhere (the status line, refusals, undo messages, the
replay, the seat boxes, the log): as :meth:`CardStyle.label` writes them, ``10♠``, or
``10S`` with ``--ascii``.  The engine's own messages (a refused move's reason) carry
cards in their notation (``8D does not beat 6S``); :func:`engine_text` re-renders them
at the screen, so the engine never depends on display settings.

>>> from cardtable.tui.cardstyle import CardStyle
>>> engine_text("8D does not beat 6S", CardStyle()).plain
'8♦ does not beat 6♠'
>>> engine_text("8D does not beat TS", CardStyle(ascii_only=True)).plain
'8D does not beat 10S'
>>> plural(1, "card"), plural(3, "trick")
('1 card', '3 tricks')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rich.text import Text

from cardtable.cards import Card
from cardtable.tui.cardstyle import CardStyle

if TYPE_CHECKING:
    from cardtable.net.client import JoinError

__all__ = ["CARD_TOKEN", "cards_plain", "engine_text", "join_failure", "plural"]

#: a card in the engine's notation, standing alone (``QS``, ``TH``, ``10H``)
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([CDHS])(?![0-9A-Za-z])")
#: a seat number in the engine's words (``seat 2``): seats count from 0 there
SEAT_TOKEN = re.compile(r"\bseat (?P<seat>\d+)\b")
# One pass over both, so that a seat's name is never read as a card.
_ENGINE_TOKEN = re.compile(f"{CARD_TOKEN.pattern}|{SEAT_TOKEN.pattern}")


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``many`` for an irregular plural; thousands grouped.

    >>> plural(0, "card"), plural(2, "play", "plays"), plural(1, "person", "people")
    ('0 cards', '2 plays', '1 person')
    >>> plural(3655, "simulation")
    '3,655 simulations'
    """
    return f"{count:,} {noun if count == 1 else (many or noun + 's')}"


def cards_plain(cards: Iterable[Card], style: CardStyle) -> str:
    """Cards as plain text, the way the style writes them (no colours).

    >>> from cardtable.cards import parse_cards
    >>> cards_plain(parse_cards("TS JC"), CardStyle()), cards_plain(parse_cards("TS"), CardStyle(ascii_only=True))
    ('10♠ J♣', '10S')
    """
    return " ".join(style.label(card) for card in cards)


def engine_text(
    message: str, style: CardStyle, seat_name: Callable[[int], str] | None = None, text_style: str = ""
) -> Text:
    """An engine message for the screen: each card code written as ``style`` writes
    cards (and coloured like the cards of the log), and, given ``seat_name``, each
    ``seat N`` replaced by that seat's name (the engine counts seats from 0, a
    person never should).

    >>> engine_text("first pass 3 cards left to seat 1", CardStyle(), {1: "Ben"}.get).plain
    'first pass 3 cards left to Ben'
    """
    text = Text(style=text_style)
    last = 0
    for match in _ENGINE_TOKEN.finditer(message):
        text.append(message[last : match.start()])
        if match.group("seat") is None:
            text.append_text(style.inline([Card.parse(match.group(0))]))
        elif seat_name is not None:
            text.append(seat_name(int(match.group("seat"))))
        else:
            text.append(match.group(0))
        last = match.end()
    text.append(message[last:])
    return text


def join_failure(error: JoinError) -> str:
    """Why a table could not be joined, in one line a player can act on (the address as
    they gave it; never the system's error numbers).

    >>> from cardtable.net.client import JoinError
    >>> join_failure(JoinError(kind="no_answer", host="127.0.0.1", port=8765))
    'nobody answers at 127.0.0.1:8765: check the address and port, or ask the host whether the table is still open'
    >>> join_failure(JoinError("wrong code: no seat at this table has it"))
    'wrong code: no seat at this table has it'
    """
    where = f"[{error.host}]:{error.port}" if ":" in error.host else f"{error.host}:{error.port}"
    ask = "or ask the host whether the table is still open"
    if error.kind == "no_answer":
        return f"nobody answers at {where}: check the address and port, {ask}"
    if error.kind == "unknown_host":
        return f"no computer is known by the name {error.host}: check the address, {ask}"
    if error.kind == "unreachable":
        why = f" ({error.detail})" if error.detail else ""
        return f"{where} cannot be reached from here{why}: check the address and your network, {ask}"
    if error.kind == "timeout":
        return f"{where} did not answer in time: check the address and your network, {ask}"
    if error.kind == "not_a_table":
        return f"what answers at {where} is not a cardtable table: check the address and port"
    if error.kind == "dropped":
        return f"the connection to {where} closed while joining: try again, {ask}"
    if error.kind == "not_connected":
        return "not connected to the table"
    return " ".join(error.detail.split()) or "the host did not let us in"
