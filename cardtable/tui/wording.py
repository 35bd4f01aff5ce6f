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
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rich.text import Text

from cardtable.cards import Card
from cardtable.lang import _, brief_number
from cardtable.session.notices import (
    AgainstRules,
    BotSeat,
    CannotUndo,
    ConnectionLost,
    GameOver,
    Joined,
    Left,
    NotAtThisKeyboard,
    NotConnected,
    NotSent,
    NotYourTurn,
    Pause,
    Refusal,
    RepeatedMove,
    SeatBack,
    SeatPlayedByBot,
    SeatToBot,
    StillOnItsWay,
    TableClosed,
    TableNews,
    TableWaits,
    TimeRanOut,
    WaitingForJoin,
    WaitingForRejoin,
)
from cardtable.session.protocol import SeatClock, SeatingRefusal, SeatPresence
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.farewells import parting_line

if TYPE_CHECKING:
    from cardtable.net.client import JoinError

__all__ = [
    "CARD_TOKEN",
    "a_bot",
    "away_words",
    "cards_plain",
    "clock_line",
    "engine_text",
    "fill",
    "join_failure",
    "level_word",
    "news_line",
    "pause_line",
    "presence_line",
    "refusal_line",
    "seating_line",
    "undo_line",
]

#: a seat's name, for the lines below that name players
SeatName = Callable[[int], str]

#: a card in the engine's notation, standing alone (``QS``, ``TH``, ``10H``)
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([CDHS])(?![0-9A-Za-z])")
#: a seat number in the engine's words (``seat 2``): seats count from 0 there
SEAT_TOKEN = re.compile(r"\bseat (?P<seat>\d+)\b")
# One pass over both, so that a seat's name is never read as a card.
_ENGINE_TOKEN = re.compile(f"{CARD_TOKEN.pattern}|{SEAT_TOKEN.pattern}")


def fill(template: str, style: str = "", **values: str | int | Text) -> Text:
    """A translated sentence with its named placeholders filled in; a :class:`Text`
    value keeps its own styles (cards keep their colours), the rest takes ``style``.
    Values are never read as markup, and a ``{`` in a name stays as it is.

    >>> fill("{player} attacks with {cards}", "bold", player="Ada", cards=Text("A♥", style="red")).plain
    'Ada attacks with A♥'
    """
    text = Text(style=style)
    last = 0
    for match in _PLACEHOLDER.finditer(template):
        text.append(template[last : match.start()])
        value = values[match.group(1)]
        if isinstance(value, Text):
            text.append_text(value)
        else:
            text.append(format(value, match.group(2) or ""))
        last = match.end()
    text.append(template[last:])
    return text


#: a named placeholder of a translated sentence (``{cards}``, ``{count:,}``)
_PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::([^{}]*))?\}")


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
    if error.kind == "no_answer":
        return _("nobody answers at {where}: check the address and port, or ask the host whether the table is "
                 "still open").format(where=where)
    if error.kind == "unknown_host":
        return _("no computer is known by the name {host}: check the address, or ask the host whether the table is "
                 "still open").format(host=error.host)
    if error.kind == "unreachable":
        if error.detail:
            return _("{where} cannot be reached from here ({why}): check the address and your network, or ask the "
                     "host whether the table is still open").format(where=where, why=error.detail)
        return _("{where} cannot be reached from here: check the address and your network, or ask the host "
                 "whether the table is still open").format(where=where)
    if error.kind == "timeout":
        return _("{where} did not answer in time: check the address and your network, or ask the host whether "
                 "the table is still open").format(where=where)
    if error.kind == "not_a_table":
        return _("what answers at {where} is not a cardtable table: check the address and port").format(where=where)
    if error.kind == "dropped":
        return _("the connection to {where} closed while joining: try again, or ask the host whether the table is "
                 "still open").format(where=where)
    if error.kind == "not_connected":
        return _("not connected to the table")
    return " ".join(parting_line(error.why, error.seconds, error.detail).split()) or _("the host did not let us in")


# --- a table with players elsewhere ---------------------------------------------------------


def a_bot(level: str) -> str:
    """``a hard bot``, ``an easy bot``: a level as a sentence names its bot.

    >>> a_bot("easy"), a_bot("normal")
    ('an easy bot', 'a normal bot')
    """
    if level == "easy":
        return _("an easy bot")
    if level == "normal":
        return _("a normal bot")
    if level == "hard":
        return _("a hard bot")
    return f"{'an' if level[:1].lower() in 'aeiou' and level else 'a'} {level} bot"


def level_word(level: str) -> str:
    """A bot's level in the reader's words (``easy``, ``normal``, ``hard``)."""
    words = {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}
    return words.get(level, level)


def _names(seats: tuple[int, ...], name: SeatName) -> str:
    names = [name(seat) for seat in seats]
    if len(names) == 1:
        return names[0]
    return _("{players} and {last}").format(players=", ".join(names[:-1]), last=names[-1])


def pause_line(pause: Pause, name: SeatName) -> str:
    """Why nobody moves, in one line.

    >>> pause_line(WaitingForJoin((1, 2)), ["Ann", "Bea", "Cy"].__getitem__)
    'Paused: waiting for Bea and Cy to join.'
    >>> pause_line(WaitingForRejoin(1), ["Ann", "Bea"].__getitem__)
    "Paused: it is Bea's turn and Bea is away; waiting for Bea to rejoin."
    """
    match pause:
        case WaitingForJoin(seats=seats):
            return _("Paused: waiting for {players} to join.").format(players=_names(seats, name))
        case WaitingForRejoin(seat=seat):
            return _("Paused: it is {player}'s turn and {player} is away; waiting for {player} to rejoin.").format(
                player=name(seat))
        case ConnectionLost(reason=reason, why=why, seconds=seconds):
            return _("Disconnected: {reason}. Run the same join command to come back.").format(
                reason=parting_line(why, seconds, reason))


def news_line(news: TableNews, name: SeatName) -> str:
    """What changed among the players, in one line.

    >>> names = ["Ann", "Bea"].__getitem__
    >>> news_line(Joined(1, again=True, from_bot=True), names)
    'Bea rejoined and has their seat back from the bot.'
    >>> news_line(TimeRanOut(0, 30.0, "easy"), names)
    "Ann's time ran out (30 seconds): an easy bot moved for Ann."
    """
    match news:
        case Joined(seat=seat, again=again, was=was, from_bot=from_bot):
            player = name(seat) + (" " + _("(was {name})").format(name=was) if was else "")
            if from_bot:
                line = _("{player} rejoined and has their seat back from the bot.") if again else \
                    _("{player} joined and has their seat back from the bot.")
            else:
                line = _("{player} rejoined.") if again else _("{player} joined.")
            return line.format(player=player)
        case Left(seat=seat):
            return _("{player} left the table.").format(player=name(seat))
        case SeatToBot(seat=seat, level=level):
            return _("{player}'s seat is played by a bot ({level}) until they rejoin.").format(
                player=name(seat), level=level_word(level))
        case SeatBack(seat=seat, player_here=True):
            return _("{player} has their seat back.").format(player=name(seat))
        case SeatBack(seat=seat):
            return _("The bot left {player}'s seat: it waits for {player}.").format(player=name(seat))
        case TimeRanOut(seat=seat, seconds=seconds, level=level):
            return _("{player}'s time ran out ({seconds} seconds): {bot} moved for {player}.").format(
                player=name(seat), seconds=brief_number(seconds), bot=a_bot(level))
        case GameOver():
            return _("The game is over.")


def refusal_line(refusal: Refusal, name: SeatName) -> str:
    """Why a move changed nothing, in one line of the reader's language (the engine's
    reason as its English line: the game screen words that one with
    :func:`~cardtable.tui.refusal_words.refusal_text`, in the player's language).

    >>> refusal_line(RepeatedMove(3, 5), str), refusal_line(TableWaits(WaitingForJoin((0,))), ["Ann"].__getitem__)
    ('message 3 is a repeat: this seat is at 5', 'Paused: waiting for Ann to join.')
    """
    match refusal:
        case AgainstRules(refusal=rule):
            return str(rule)
        case NotYourTurn(seat=seat, to_act=to_act):
            return _("it is not {player}'s turn: {other} is to act").format(player=name(seat), other=name(to_act))
        case BotSeat(seat=seat):
            return _("{player} is played by a bot").format(player=name(seat))
        case RepeatedMove(seq=seq, last=last):
            # TRANSLATORS: a move the host had already (a program's repeat, not a player's): {seq} and {last} are numbers.
            return _("message {seq} is a repeat: this seat is at {last}").format(seq=seq, last=last)
        case TableWaits(pause=pause):
            return pause_line(pause, name)
        case SeatPlayedByBot():
            return _("a bot plays your seat for now")
        case NotAtThisKeyboard(seat=seat):
            return _("{player} does not sit at this keyboard").format(player=name(seat))
        case TableClosed():
            return _("the table is closed")
        case StillOnItsWay():
            return _("your last move is still on its way to the host")
        case NotConnected(reason=reason, why=why, seconds=seconds):
            return _("not connected to the table: {reason}").format(reason=parting_line(why, seconds, reason))
        case NotSent(reason=reason):
            return _("the move was not sent: {reason}").format(reason=reason)


def undo_line(refusal: CannotUndo) -> str:
    """Why the last move cannot be taken back, in one line.

    >>> undo_line(CannotUndo("nothing_yet"))
    'Nothing to undo yet.'
    """
    match refusal.why:
        case "alone_only":
            return _("Undo is only for games with a single person at the table.")
        case "others_here":
            return _("Undo is off in a game with more than one person at the table.")
        case "game_over":
            return _("The game is over: nothing to undo.")
        case "nothing_yet":
            return _("Nothing to undo yet.")


def presence_line(seats: Iterable[SeatPresence], name: SeatName) -> str:
    """Who of the people is at the table and who is away, in one line (bots left out).

    >>> presence_line([SeatPresence(0, True, True), SeatPresence(1, False, True, "hard"),
    ...                SeatPresence(2, True, False, "normal"), SeatPresence(3, True, False)],
    ...               ["Ann", "Ada", "Cleo", "Dan"].__getitem__)
    'at the table: Ann · away: Cleo (a normal bot plays), Dan'
    """
    people = [seat for seat in seats if seat.person]
    here = [name(seat.seat) for seat in people if seat.connected]
    away = [
        _("{player} ({bot} plays)").format(player=name(seat.seat), bot=a_bot(seat.level)) if seat.level
        else name(seat.seat)
        for seat in people if not seat.connected
    ]
    line = _("at the table: {players}").format(players=", ".join(here) or _("nobody"))
    return line + " · " + _("away: {players}").format(players=", ".join(away)) if away else line


def away_words(seat: SeatPresence) -> tuple[str, ...]:
    """What a person's seat box adds on every screen when they are not at the table:
    ``away``, or which bot plays for them meanwhile.

    >>> away_words(SeatPresence(1, True, True)), away_words(SeatPresence(1, True, False))
    ((), ('away',))
    >>> away_words(SeatPresence(1, True, False, "hard"))
    ('a hard bot plays',)
    """
    if not seat.person or (seat.connected and not seat.level):
        return ()
    return (_("{bot} plays").format(bot=a_bot(seat.level)),) if seat.level else (_("away"),)


def clock_line(clocks: Iterable[SeatClock], viewer: int | None, name: SeatName) -> str:
    """Whose turn clock runs and the whole seconds left: the viewer's own first.

    >>> names = ["Ann", "Bea", "Cy"].__getitem__
    >>> clock_line([SeatClock(0, 11.2, 15.0), SeatClock(2, 3.0, 15.0)], 0, names)
    '12 s left · Cy 3 s'
    >>> clock_line([SeatClock(1, 0.2, 15.0)], 0, names)
    "Bea's clock: 1 s"
    """
    clocks = sorted(clocks, key=lambda clock: (clock.seat != viewer, clock.seat))
    parts = [_("{seconds} s left").format(seconds=math.ceil(clock.left)) for clock in clocks if clock.seat == viewer]
    others = [clock for clock in clocks if clock.seat != viewer]
    if len(others) == 1 and not parts:
        parts.append(_("{player}'s clock: {seconds} s").format(player=name(others[0].seat),
                                                              seconds=math.ceil(others[0].left)))
    elif others:
        parts.append(", ".join(f"{name(clock.seat)} {math.ceil(clock.left)} s" for clock in others))
    return " · ".join(parts)


def seating_line(refusal: SeatingRefusal, who: str, level: str) -> str:
    """Why ``who``'s seat was not handed to a bot of ``level``, or not taken back.

    >>> seating_line("already", "Bea", "hard")
    "a hard bot plays Bea's seat already"
    """
    match refusal:
        case "not_remote":
            return _("only a seat of a player at another terminal goes to a bot")
        case "not_a_level":
            return _("a bot is easy, normal or hard, not {level}").format(level=level)
        case "already":
            return _("{bot} plays {player}'s seat already").format(bot=a_bot(level), player=who)
        case "no_bot":
            return _("no bot plays {player}'s seat").format(player=who)
