"""The network protocol between a host and its players: declared messages, checked on arrival.

Every message is one JSON object in one WebSocket text frame, with a ``type`` that
names it.  Each side decodes what it receives against the declared
:mod:`msgspec` structs below (a tagged union on ``type``): a message that is not JSON,
has an unknown ``type``, misses a field, has a field of the wrong type or out of its
bounds, or has a field that is not declared, is refused whole with a one-line reason.
docs/protocol.md describes each message and the flow of a game.

>>> decode_client(b'{"type": "hello", "version": 1, "code": "abc", "name": "Ann"}')
Hello(version=1, code='abc', name='Ann')
>>> decode_client(b'{"type": "act", "seq": 1, "action": "play 2C"}')
Act(seq=1, action='play 2C')
>>> decode_client(b'{"type": "shout"}')
Traceback (most recent call last):
...
cardtable.net.protocol.ProtocolError: bad message: Invalid value 'shout' - at `$.type`
>>> decode_client(b'{"type": "act", "seq": 0, "action": "pass"}')
Traceback (most recent call last):
...
cardtable.net.protocol.ProtocolError: bad message: Expected `int` >= 1 - at `$.seq`
>>> encode(Refused(seq=3, refusal=Reason(code="follow_suit", suit="H")))
b'{"type":"refused","seq":3,"kind":"rules","refusal":{"code":"follow_suit","suit":"H"},"last":0,"waiting":null,"to_act":null}'

What the host tells of its players is data, a kind and its values, worded by the
screen that shows it:

>>> encode(Status(paused=True, seats=[], waiting=Waiting(started=True, seats=[2]), news=[LeftNews(seat=2)]))
b'{"type":"status","paused":true,"seats":[],"waiting":{"started":true,"seats":[2]},"news":[{"kind":"left","seat":2}]}'
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from cardtable.display import visible
from cardtable.engine.actions import Action
from cardtable.engine.refusals import RefusalDataError, RuleRefusal
from cardtable.errors import CardtableError
from cardtable.names import safe_name
from cardtable.session.notices import (
    AgainstRules,
    BotSeat,
    GameOver,
    Joined,
    Left,
    NotYourTurn,
    Pause,
    Refusal,
    RepeatedMove,
    SeatBack,
    SeatPlayedByBot,
    SeatToBot,
    TableClosed,
    TableNews,
    TableWaits,
    TimeRanOut,
    WaitingForJoin,
    WaitingForRejoin,
)

__all__ = [
    "PROTOCOL_VERSION",
    "DEFAULT_PORT",
    "CLIENT_MESSAGE_LIMIT",
    "HOST_MESSAGE_LIMIT",
    "LOG_FIELDS",
    "LOG_EVENTS",
    "LOG_MOVES",
    "recent_log",
    "ProtocolError",
    "Hello",
    "Act",
    "Leave",
    "SeatStatus",
    "Welcome",
    "StateUpdate",
    "Refused",
    "Parting",
    "Status",
    "Waiting",
    "Reason",
    "News",
    "JoinedNews",
    "LeftNews",
    "SeatToBotNews",
    "SeatBackNews",
    "TimeRanOutNews",
    "GameOverNews",
    "HostNews",
    "ClockStatus",
    "Error",
    "Bye",
    "ClientMessage",
    "HostMessage",
    "decode_client",
    "decode_host",
    "encode",
    "news_of",
    "outside_text",
    "pause_of",
    "refusal_of",
    "unnamed_seat",
    "refused_message",
]

PROTOCOL_VERSION = 5
"""The version of this protocol; a host refuses a ``hello`` of any other.  Version 2:
a state carries what changed since the last one and a bounded recent log.  Version 3:
what the host tells of its players (a pause, who came or went, a seat a bot took over,
a time-out, a refused move's kind) is data, worded by the player's screen; a state
carries the turn clock.  Version 4: why the host closes a connection or refuses a
message is data too (:data:`Parting`, with its seconds), worded in the player's
language; the refusal of another version stays as it was, so an old player reads it.
Version 5: a move against the rules is refused with the engine's reason as data
(:class:`Reason`: a code and its values), never its sentence."""

DEFAULT_PORT = 8765
"""The port a host listens on, and a player connects to, unless told another."""

CLIENT_MESSAGE_LIMIT = 4096
"""The largest message a host accepts, in bytes (an ``act`` is well under 300)."""

HOST_MESSAGE_LIMIT = 1024 * 1024
"""The largest message a client accepts, in bytes.  A state carries what changed and
a joining seat's observation keeps only a recent log (:data:`LOG_FIELDS`): the largest
a host sends is some ten kilobytes, whatever the game's length."""

LOG_FIELDS = ("events", "history")
"""The observation's fields that grow with the game: a client keeps only their recent
part (:func:`recent_log`), and a host sends only that part."""

#: at most this many events are kept (those of the round being played, normally)
LOG_EVENTS = 1000
#: at most this many moves of the history are kept
LOG_MOVES = 200


def recent_log(observation: dict[str, Any]) -> dict[str, Any]:
    """``observation`` (as JSON) with its log cut to what a client keeps: the events of
    the round of the last event (at most :data:`LOG_EVENTS`) and the last
    :data:`LOG_MOVES` moves of the history.  The rest of the observation is as it was.

    Cutting a log and then adding to it gives what cutting the whole log gives, so a
    host that sends only the new items and a client that keeps the cut log agree.

    >>> log = [{"round": 1}, {"round": 2}, {"round": 2}]
    >>> recent_log({"events": log, "history": [[0, "pass"]] * 300, "round": 2}) == {
    ...     "events": log[1:], "history": [[0, "pass"]] * 200, "round": 2}
    True
    """
    cut = dict(observation)
    events = observation.get("events")
    if isinstance(events, list) and events:
        last = events[-1].get("round") if isinstance(events[-1], dict) else None
        start = len(events)
        while start > 0 and len(events) - start < LOG_EVENTS:
            event = events[start - 1]
            if not isinstance(event, dict) or event.get("round") != last:
                break
            start -= 1
        cut["events"] = events[start:]
    history = observation.get("history")
    if isinstance(history, list):
        cut["history"] = history[-LOG_MOVES:]
    return cut


#: the largest sequence number: what JSON numbers hold exactly everywhere
MAX_SEQ = 2**53


class ProtocolError(CardtableError):
    """A message that is not one of the declared messages (the reason is one line)."""


class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    """Every message: an object tagged by its ``type``, with no undeclared field."""


# --- from a player to the host -----------------------------------------------------------


class Hello(_Message, tag="hello"):
    """The first message of a connection: join the table with a seat's ``code``.

    ``name`` (optional) is the name the player would like shown; the host checks it
    like any player name and keeps the seat's own name if it is refused or taken.
    """

    version: Annotated[int, msgspec.Meta(ge=0, le=1000)]
    code: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    name: Annotated[str, msgspec.Meta(max_length=64)] = ""


class Act(_Message, tag="act"):
    """Make a move: the ``action`` in the game's notation, numbered ``seq``.

    ``seq`` must be larger than any number this seat sent before, so that a repeated
    or replayed message is refused instead of played twice.
    """

    seq: Annotated[int, msgspec.Meta(ge=1, le=MAX_SEQ)]
    action: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class Leave(_Message, tag="bye"):
    """The player leaves the table (their seat waits for them, as after a dropped line)."""


ClientMessage = Hello | Act | Leave

# --- from the host to a player -----------------------------------------------------------


#: a seat's number, as a message names it (a table has a handful)
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=63)]
#: a bot's level, as a message names it
Level = Annotated[str, msgspec.Meta(max_length=100)]


class SeatStatus(msgspec.Struct, forbid_unknown_fields=True):
    """One seat as everyone may know it: ``kind`` is ``remote`` (a player elsewhere),
    ``human`` (a player at the host's keyboard) or ``bot``; ``level`` is the bot's (a
    remote player's seat handed to a bot has both: ``remote`` and the level playing it);
    ``chose``: it chose already where several choose at once (Hearts' pass)."""

    seat: int
    name: str
    kind: str
    level: str = ""
    connected: bool = False
    chose: bool = False


class Waiting(msgspec.Struct, forbid_unknown_fields=True):
    """Why the table waits: for the players of ``seats`` to join (the game has not
    ``started``), or, once it has, for the away player of ``seats[0]``, whose turn it is."""

    started: bool
    seats: Annotated[list[SeatNumber], msgspec.Meta(min_length=1, max_length=64)]


#: a card, a rank or a suit in the engine's notation, as a refusal names them
_Code = Annotated[str, msgspec.Meta(max_length=3)]
_Count = Annotated[int, msgspec.Meta(ge=0, le=52)]


class Reason(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Why the rules refused a move: a :class:`~cardtable.engine.refusals.RuleRefusal`'s
    code and values (its ``to_dict()``), for the player's screen to word in its language.
    :func:`refusal_of` checks the code and every value (an unknown code, a card that is
    none, a suit that is no suit: the message is refused whole)."""

    code: Annotated[str, msgspec.Meta(max_length=40)]
    cards: Annotated[list[_Code], msgspec.Meta(max_length=52)] = []
    count: _Count | None = None
    given: _Count | None = None
    ranks: Annotated[list[_Code], msgspec.Meta(max_length=13)] = []
    seat: SeatNumber | None = None
    suit: _Code | None = None
    direction: Annotated[str, msgspec.Meta(max_length=10)] | None = None
    action: Annotated[str, msgspec.Meta(max_length=200)] | None = None
    game: Annotated[str, msgspec.Meta(max_length=200)] | None = None


class News(msgspec.Struct, tag_field="kind", forbid_unknown_fields=True):
    """What changed among the players: a kind and its values."""


class JoinedNews(News, tag="joined"):
    """``seat``'s player joined (``again``: rejoined), renamed from ``was`` if given;
    ``from_bot``: a bot had the seat meanwhile and gave it back."""

    seat: SeatNumber
    again: bool = False
    was: Annotated[str, msgspec.Meta(max_length=200)] = ""
    from_bot: bool = False


class LeftNews(News, tag="left"):
    """``seat``'s player left the table (its seat waits for them)."""

    seat: SeatNumber


class SeatToBotNews(News, tag="seat_to_bot"):
    """A bot of ``level`` plays ``seat`` until its player rejoins."""

    seat: SeatNumber
    level: Level


class SeatBackNews(News, tag="seat_back"):
    """The bot left ``seat``: its player plays it (``player_here``) or the table waits."""

    seat: SeatNumber
    player_here: bool


class TimeRanOutNews(News, tag="time_ran_out"):
    """``seat``'s player took over ``seconds``: a bot of ``level`` moved for them;
    ``action``: its move in the game's notation, sent to that seat's player only."""

    seat: SeatNumber
    seconds: Annotated[float, msgspec.Meta(ge=0, le=10**6)]
    level: Level
    action: Annotated[str, msgspec.Meta(max_length=200)] = ""


class GameOverNews(News, tag="game_over"):
    """The game is over."""


HostNews = JoinedNews | LeftNews | SeatToBotNews | SeatBackNews | TimeRanOutNews | GameOverNews


class ClockStatus(msgspec.Struct, forbid_unknown_fields=True):
    """A timed seat: ``left`` of its ``limit`` seconds remained when the state was sent."""

    seat: SeatNumber
    left: Annotated[float, msgspec.Meta(ge=0, le=10**6)]
    limit: Annotated[float, msgspec.Meta(ge=0, le=10**6)]


class Welcome(_Message, tag="welcome"):
    """The host took the ``hello``: this connection plays ``seat``.

    ``last_seq`` is the largest ``act`` number this seat used so far (0 if none): a
    player who rejoins numbers on from there.  ``turn_time``: the seconds a player has
    for a move before a bot makes it for them (``None``: no turn clock).
    """

    version: int
    seat: int
    game: str
    title: str
    seats: list[SeatStatus]
    options: dict[str, Any]
    last_seq: int = 0
    turn_time: Annotated[float, msgspec.Meta(gt=0, le=10**6)] | None = None


class StateUpdate(_Message, tag="state"):
    """The table as this seat may see it, sent after every change.

    ``full``: ``observation`` is the seat's whole observation with its log cut to the
    recent part (:func:`recent_log`): the first state of a connection.  Else
    ``observation`` holds only the fields that changed since this seat's last state,
    each whole, and ``appended`` the fields that grew at their end, with the new items
    (``events``: the events since the last state, as this seat may see them); a field
    in neither is as it was.  ``legal`` the texts of its legal actions when it is to act
    (else empty); ``last_seq`` the seat's largest ``act`` number handled; ``outcome``
    the result once the game is over; ``clocks`` the seats the turn clock times now.
    """

    observation: dict[str, Any]
    legal: list[Annotated[str, msgspec.Meta(max_length=200)]]
    to_act: int | None
    full: bool = False
    appended: dict[str, list[Any]] = {}
    last_seq: int = 0
    outcome: dict[str, Any] | None = None
    clocks: Annotated[list[ClockStatus], msgspec.Meta(max_length=64)] = []


class Refused(_Message, tag="refused"):
    """The ``act`` numbered ``seq`` changed nothing, for a reason of this ``kind``:
    ``rules`` (``refusal``: the engine's reason, as data),
    ``turn`` (not this seat's turn: ``to_act`` is to act), ``repeat`` (the seat's moves
    were numbered up to ``last`` already), ``waiting`` (the table waits, as ``waiting``
    says), ``bot_plays`` (a bot plays the seat for now) or ``closed`` (the table was left)."""

    seq: int
    kind: Literal["rules", "turn", "repeat", "waiting", "bot_plays", "closed"] = "rules"
    refusal: Reason | None = None
    last: int = 0
    waiting: Waiting | None = None
    to_act: SeatNumber | None = None


class Status(_Message, tag="status"):
    """Who is at the table and whether the game waits: sent when either changes.

    ``paused``: no one moves, for the reason ``waiting`` gives; ``news``: what just
    changed among the players.
    """

    paused: bool
    seats: list[SeatStatus]
    waiting: Waiting | None = None
    news: Annotated[list[HostNews], msgspec.Meta(max_length=16)] = []


#: why the host closes a connection or refuses a message, for the player's screen to
#: word: the host closed the table (``host_closed``), the game is over (``game_over``),
#: the seat was joined from another connection (``joined_elsewhere``), a code no seat has
#: (``wrong_code``; with ``seconds`` when each try now waits), too many connections wait
#: (``crowded``), the table is closed (``table_closed``), the seat joined too often
#: (``joined_too_often``, try again in ``seconds``), the first message was no hello
#: (``say_hello``), a flood of messages (``flood``: closed; ``slow_down``: some dropped),
#: a binary message (``binary``), a second hello (``already_joined``)
Parting = Literal[
    "host_closed", "game_over", "joined_elsewhere", "wrong_code", "crowded", "table_closed", "joined_too_often",
    "say_hello", "flood", "slow_down", "binary", "already_joined",
]
_Seconds = Annotated[float, msgspec.Meta(ge=0, le=10**6)]


class Error(_Message, tag="error", omit_defaults=True):
    """A message was refused before reaching the table (not JSON, unknown, too many...).

    ``fatal``: the host closes the connection after this one.  ``why`` says why as data
    (a :data:`Parting`, with its ``seconds``), worded by the player's screen; ``reason``
    is the host's English line, for logs (and the one word of a message it could not
    read, or of another protocol version, which has no ``why``).
    """

    reason: str
    fatal: bool = False
    why: Parting | None = None
    seconds: _Seconds | None = None


class Bye(_Message, tag="bye", omit_defaults=True):
    """The host closes this connection: ``why`` (a :data:`Parting`: the game is over,
    the seat was joined from another connection, the host stops), worded by the
    player's screen; ``reason`` is the host's English line, for logs."""

    reason: str
    why: Parting | None = None


HostMessage = Welcome | StateUpdate | Refused | Status | Error | Bye

_client_decoder = msgspec.json.Decoder(ClientMessage)
_host_decoder = msgspec.json.Decoder(HostMessage)
_encoder = msgspec.json.Encoder()


def _decode(decoder: msgspec.json.Decoder[Any], data: str | bytes, limit: int) -> Any:
    if len(data) > limit:
        raise ProtocolError(f"message too large: {len(data)} bytes (at most {limit})")
    try:
        return decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        # msgspec's reason is one line naming the field; cut it, it may quote the input.
        reason = " ".join(str(exc).split())
        raise ProtocolError(f"bad message: {reason[:200]}") from None


def decode_client(data: str | bytes) -> Hello | Act | Leave:
    """A player's message, checked against the declared ones; raise :class:`ProtocolError`."""
    message: Hello | Act | Leave = _decode(_client_decoder, data, CLIENT_MESSAGE_LIMIT)
    return message


def decode_host(data: str | bytes) -> Welcome | StateUpdate | Refused | Status | Error | Bye:
    """A host's message, checked against the declared ones, with every text in it made
    safe to show (:func:`outside_text`); raise :class:`ProtocolError`.

    A host is trusted no more than a player: whatever it sends is outside text.

    >>> decode_host(b'{"type": "bye", "reason": "over\\\\u001b]0;pwned\\\\u0007"}')
    Bye(reason='over\\\\x1b]0;pwned\\\\x07', why=None)
    """
    message: Welcome | StateUpdate | Refused | Status | Error | Bye = _decode(_host_decoder, data, HOST_MESSAGE_LIMIT)
    cleaned: Welcome | StateUpdate | Refused | Status | Error | Bye = outside_text(message)
    return cleaned


def outside_text(value: Any) -> Any:
    """``value`` (a decoded message, or any part of one) with every string in it, keys
    included, made one line of printable characters: a control or invisible formatting
    character is written as its escape (``\\x1b``), so nothing a host sends can reach a
    terminal as a control.  A seat's name becomes a valid player name
    (:func:`cardtable.names.safe_name`), as a name read from a file does.

    >>> outside_text({"a\\nb": ["[b]x\\x07", 3]})
    {'a\\\\x0ab': ['[b]x\\\\x07', 3]}
    >>> outside_text(SeatStatus(seat=1, name="\\x1b[2JAnn\\nB", kind="remote")).name
    '[2JAnn B'
    """
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, list):
        return [outside_text(item) for item in value]
    if isinstance(value, dict):
        return {outside_text(key): outside_text(item) for key, item in value.items()}
    if isinstance(value, SeatStatus):
        name = safe_name(value.name, fallback=unnamed_seat(value.seat))
        return msgspec.structs.replace(value, name=name, kind=visible(value.kind), level=visible(value.level))
    if isinstance(value, JoinedNews) and value.was:
        # The old name of a player who renamed: a name like any other, or none.
        return msgspec.structs.replace(value, was=safe_name(value.was, fallback=""))
    if isinstance(value, msgspec.Struct):
        changes = {field: outside_text(getattr(value, field)) for field in value.__struct_fields__}
        return msgspec.structs.replace(value, **changes)
    return value


def unnamed_seat(seat: int) -> str:
    """The name this player's screen gives ``seat`` (from 0) when the host sent none
    usable: ``Player 2``, in this player's language (the host's words never are).

    >>> unnamed_seat(1)
    'Player 2'
    """
    from cardtable.lang import _

    # TRANSLATORS: the name of a seat whose own name cannot be shown; {number} counts from 1.
    return _("Player {number}").format(number=seat + 1)


def pause_of(waiting: Waiting) -> Pause:
    """The session's :data:`~cardtable.session.notices.Pause` for a message's ``waiting``.

    >>> pause_of(Waiting(started=False, seats=[1, 2])), pause_of(Waiting(started=True, seats=[3]))
    (WaitingForJoin(seats=(1, 2)), WaitingForRejoin(seat=3))
    """
    if waiting.started:
        return WaitingForRejoin(waiting.seats[0])
    return WaitingForJoin(tuple(waiting.seats))


def news_of(news: HostNews) -> TableNews:
    """The session's notice for one item of a status's ``news``.

    >>> news_of(TimeRanOutNews(seat=1, seconds=30.0, level="easy"))
    TimeRanOut(seat=1, seconds=30.0, level='easy', action=None)
    """
    match news:
        case JoinedNews(seat=seat, again=again, was=was, from_bot=from_bot):
            return Joined(seat, again, was, from_bot)
        case LeftNews(seat=seat):
            return Left(seat)
        case SeatToBotNews(seat=seat, level=level):
            return SeatToBot(seat, level)
        case SeatBackNews(seat=seat, player_here=here):
            return SeatBack(seat, here)
        case TimeRanOutNews(seat=seat, seconds=seconds, level=level, action=action):
            return TimeRanOut(seat, seconds, level, _action_or_none(action))
    return GameOver()


def _action_or_none(text: str) -> Action | None:
    """The move a host's ``text`` writes, or ``None`` (no text, or not a move).

    >>> _action_or_none("give 2C 3D QS"), _action_or_none("jump")
    (Action.parse('give 2C 3D QS'), None)
    """
    if not text:
        return None
    try:
        return Action.parse(text)
    except CardtableError:
        return None


def refusal_of(message: Refused, seat: int = 0) -> Refusal:
    """The session's :data:`~cardtable.session.notices.Refusal` for a ``refused`` message
    to ``seat``.

    >>> refusal_of(Refused(seq=4, kind="repeat", last=6))
    RepeatedMove(seq=4, last=6)
    >>> refusal_of(Refused(seq=1, refusal=Reason(code="rank_lower", cards=["8D", "TD"])))
    AgainstRules(refusal=RuleRefusal('rank_lower', cards=(Card.parse('8D'), Card.parse('TD'))))
    >>> refusal_of(Refused(seq=1, refusal=Reason(code="follow_suit", suit="X")))
    Traceback (most recent call last):
    ...
    cardtable.net.protocol.ProtocolError: bad refusal: a refusal's suit is a suit letter, not 'X'
    >>> refusal_of(Refused(seq=1))
    Traceback (most recent call last):
    ...
    cardtable.net.protocol.ProtocolError: bad refusal: a move against the rules comes with its reason
    >>> refusal_of(Refused(seq=2, kind="turn", to_act=0), seat=1)
    NotYourTurn(seat=1, to_act=0)
    """
    if message.kind == "repeat":
        return RepeatedMove(message.seq, message.last)
    if message.kind == "waiting" and message.waiting is not None:
        return TableWaits(pause_of(message.waiting))
    if message.kind == "turn" and message.to_act is not None:
        return NotYourTurn(seat, message.to_act)
    if message.kind == "bot_plays":
        return SeatPlayedByBot()
    if message.kind == "closed":
        return TableClosed()
    if message.refusal is None:
        raise ProtocolError("bad refusal: a move against the rules comes with its reason")
    try:
        return AgainstRules(RuleRefusal.from_dict(msgspec.to_builtins(message.refusal)))
    except RefusalDataError as exc:
        raise ProtocolError(f"bad refusal: {exc}") from None


def refused_message(seq: int, refusal: Refusal) -> Refused:
    """The ``refused`` message that tells a player why their ``act`` numbered ``seq``
    changed nothing (:func:`refusal_of` reads it back).

    >>> encode(refused_message(3, NotYourTurn(1, 2)))
    b'{"type":"refused","seq":3,"kind":"turn","refusal":null,"last":0,"waiting":null,"to_act":2}'
    """
    match refusal:
        case NotYourTurn(to_act=to_act):
            return Refused(seq=seq, kind="turn", to_act=to_act)
        case RepeatedMove(last=last):
            return Refused(seq=seq, kind="repeat", last=last)
        case TableWaits(pause=WaitingForJoin(seats=seats)):
            return Refused(seq=seq, kind="waiting", waiting=Waiting(started=False, seats=list(seats)))
        case TableWaits(pause=WaitingForRejoin(seat=away)):
            return Refused(seq=seq, kind="waiting", waiting=Waiting(started=True, seats=[away]))
        case SeatPlayedByBot() | BotSeat():
            return Refused(seq=seq, kind="bot_plays")
        case TableClosed():
            return Refused(seq=seq, kind="closed")
        case AgainstRules(refusal=rule):
            return Refused(seq=seq, refusal=msgspec.convert(rule.to_dict(), Reason))
    raise ValueError(f"no refused message says {refusal!r}")


def encode(message: _Message) -> bytes:
    """The JSON of a message, as sent."""
    return _encoder.encode(message)
