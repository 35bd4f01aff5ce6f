"""A player's side of a networked table, without any user interface: :class:`TableClient`.

The client connects to a host, joins with its seat's code and keeps what the host
last said: the seat's observation (as the JSON the host sent; it holds only what the
seat may see), the texts of its legal actions, who is at the table and whether the
game is paused.  A user interface shows those and calls :meth:`TableClient.act` with
the text of a move; it learns of every change through the ``listener`` callback,
called with the message just taken in (after the client's fields follow it).

Every message from the host is checked against the declared ones
(:mod:`cardtable.net.protocol`) as well; one that does not fit ends the connection.

>>> parse_address("127.0.0.1:8765"), parse_address("[::1]:9000"), parse_address("example.org")
(('127.0.0.1', 8765), ('::1', 9000), ('example.org', 8765))
>>> parse_address("host:port")
Traceback (most recent call last):
...
cardtable.errors.InvalidOptionError: 'host:port' is not HOST:PORT (the port is a number from 1 to 65535)

A join line as the host printed it, pasted whole, gives the address, code and name:

>>> read_join_line("Bea: cardtable join 127.0.0.1:8765 abc --name 'Bea B'")
('127.0.0.1:8765', 'abc', 'Bea B')
>>> check_join("127.0.0.1:8765", " abc ", "Ann")
('127.0.0.1:8765', 'abc', 'Ann')
>>> check_join("127.0.0.1:8765", "", "")
Traceback (most recent call last):
...
cardtable.errors.InvalidOptionError: no code: the code is the text after the address on the join line
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import time
from collections.abc import Callable
from typing import Any, Literal

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.errors import CardtableError, InvalidOptionError, describe_error
from cardtable.lang import _
from cardtable.net.observations import rebuild_events, rebuild_observation
from cardtable.net.protocol import (
    DEFAULT_PORT,
    HOST_MESSAGE_LIMIT,
    LOG_EVENTS,
    PROTOCOL_VERSION,
    Act,
    Bye,
    ClockStatus,
    Error,
    GameOverNews,
    Hello,
    HostNews,
    Leave,
    Parting,
    ProtocolError,
    Refused,
    SeatStatus,
    StateUpdate,
    Status,
    Waiting,
    Welcome,
    decode_host,
    encode,
    recent_log,
    refusal_of,
)
from cardtable.session.notices import Refusal

__all__ = [
    "Ended", "HostMessage", "JoinError", "JoinFailure", "TableClient", "check_join", "connection_failure", "parse_address",
    "read_join_line", "reach_host",
]

HostMessage = Welcome | StateUpdate | Refused | Status | Error | Bye


#: why a table could not be joined: nobody answers at the address and port (``no_answer``),
#: no computer has that name (``unknown_host``), no way to it (``unreachable``), no answer
#: in time (``timeout``), something answered that is no cardtable table (``not_a_table``),
#: the connection closed while joining (``dropped``), the host turned us away with its
#: reason (``refused``), or a move with no connection (``not_connected``)
JoinFailure = Literal[
    "no_answer", "unknown_host", "unreachable", "timeout", "not_a_table", "dropped", "refused", "not_connected",
]


#: why a connection ended that the host did not say, found here: the connection closed
#: (``connection_closed``), the host sent a message this cardtable cannot read
#: (``unreadable``), or showing the host's news failed here (``listener_failed``); the
#: screen words it, the English ``closed_reason`` stays for logs
Ended = Literal["connection_closed", "unreadable", "listener_failed"]


class JoinError(CardtableError):
    """The table could not be joined: :attr:`kind` says why (a :data:`JoinFailure`), with
    its values: :attr:`host`, :attr:`port`, and :attr:`detail` (the host's own reason
    for ``refused``, the system's few words for ``unreachable``).  The screen that shows
    it says it in words (``str()`` is the host's reason, or the kind and values for a log).

    >>> error = JoinError(kind="no_answer", host="127.0.0.1", port=8765)
    >>> error.kind, error.host, error.port, str(error)
    ('no_answer', '127.0.0.1', 8765, 'no_answer 127.0.0.1:8765')
    >>> str(JoinError("wrong code: no seat at this table has it")), JoinError("x").kind
    ('wrong code: no seat at this table has it', 'refused')
    """

    def __init__(self, reason: str = "", *, kind: JoinFailure = "refused", host: str = "", port: int = 0,
                 detail: str = "", why: Parting | None = None, seconds: float | None = None) -> None:
        self.kind: JoinFailure = kind
        self.host = host
        self.port = port
        self.detail = detail or reason
        #: for ``refused``: the host's why as data (worded by the screen), and its seconds
        self.why: Parting | None = why
        self.seconds = seconds
        super().__init__(reason or " ".join(f"{kind} {host}:{port} {detail}".split()))


def connection_failure(error: BaseException, host: str, port: int) -> JoinError:
    """What went wrong connecting to ``host``:``port``, as a :class:`JoinError` with its kind.

    >>> connection_failure(ConnectionRefusedError(111, "Connect call failed"), "::1", 1).kind
    'no_answer'
    >>> connection_failure(OSError("Multiple exceptions: [Errno 111] Connect call failed ('::1', 1, 0, 0), "
    ...                            "[Errno 111] Connect call failed ('127.0.0.1', 1)"), "localhost", 1).kind
    'no_answer'
    >>> failure = connection_failure(OSError(113, "No route to host"), "10.0.0.9", 8765)
    >>> failure.kind, failure.detail
    ('unreachable', 'no route to host')
    """
    import errno
    import re
    import socket

    detail = ""
    if isinstance(error, (TimeoutError, asyncio.TimeoutError)):
        kind: JoinFailure = "timeout"
    elif isinstance(error, socket.gaierror):
        kind = "unknown_host"
    elif isinstance(error, (InvalidHandshake, InvalidURI)):
        kind = "not_a_table"
    elif isinstance(error, ConnectionRefusedError):
        kind = "no_answer"
    else:
        # A name with several addresses (localhost: ::1 and 127.0.0.1) fails with one
        # OSError that lists each address's error number in its text (Python 3.11).
        numbers = {int(number) for number in re.findall(r"\[Errno (\d+)\]", str(error))}
        if numbers == {errno.ECONNREFUSED}:
            kind = "no_answer"
        else:
            kind = "unreachable"
            reason = error.strerror if isinstance(error, OSError) else None
            detail = reason[:1].lower() + reason[1:] if reason else ""
    return JoinError(kind=kind, host=host, port=port, detail=detail)


def parse_address(text: str, default_port: int = DEFAULT_PORT, any_port: bool = False) -> tuple[str, int]:
    """``HOST[:PORT]`` (an IPv6 address in brackets) as a host and a port (``any_port``:
    port 0 is allowed, for a host that takes any free one)."""
    given = text.strip()
    host, port = given, str(default_port)
    if given.startswith("["):
        close = given.find("]")
        host, rest = given[1:close], given[close + 1:]
        if close < 0 or (rest and not rest.startswith(":")):
            raise InvalidOptionError(
                _("{given} is not HOST:PORT (an IPv6 address goes in brackets: {example})").format(
                    given=repr(given), example="[::1]:8765"))
        port = rest[1:] if rest else port
    elif given.count(":") == 1:
        host, port = given.split(":")
    if not host or not port.isdigit() or not (0 if any_port else 1) <= int(port) <= 65535:
        raise InvalidOptionError(
            _("{given} is not HOST:PORT (the port is a number from 1 to 65535)").format(given=repr(given)))
    return host, int(port)


def check_join(address: str, code: str, name: str = "", name_field: str = "--name") -> tuple[str, str, str]:
    """The address, code and name as :class:`TableClient` sends them; a bad one raises
    a one-line :class:`InvalidOptionError` (``name_field`` names the name in it)."""
    from cardtable.names import BadNameError, check_name

    if not address.strip():
        raise InvalidOptionError(_("no address: it is the HOST:PORT after 'cardtable join' on the join line"))
    parse_address(address)
    code = code.strip()
    if not code:
        raise InvalidOptionError(_("no code: the code is the text after the address on the join line"))
    if len(code) > 100 or any(char.isspace() for char in code):
        raise InvalidOptionError(_("that is not a seat's code: the code is the one word after the address"))
    name = name.strip()
    if name:
        try:
            name = check_name(name)
        except BadNameError as exc:
            raise InvalidOptionError(f"{name_field}: {exc}") from None
    return address.strip(), code, name


def read_join_line(text: str) -> tuple[str, str, str] | None:
    """``(address, code, name)`` from a join line pasted whole (``cardtable join HOST:PORT
    CODE [--name NAME]``, with or without the seat's name before it, or just ``HOST:PORT
    CODE``); ``None`` if ``text`` is one word (an address alone), nothing to split.

    Nothing is checked here: :func:`check_join` does that.

    >>> read_join_line("cardtable join [::1]:9000 xyz"), read_join_line("127.0.0.1:8765")
    (('[::1]:9000', 'xyz', ''), None)
    >>> read_join_line("cardtable join 127.0.0.1:8765 -- -xyz")
    ('127.0.0.1:8765', '-xyz', '')
    """
    given = " ".join(text.split())
    _, found, rest = given.partition("cardtable join ")
    words_text = rest if found else given
    try:
        words = shlex.split(words_text)
    except ValueError:  # an unclosed quote: read it word by word
        words = words_text.split()
    if not found and len(words) < 2:
        return None
    name = ""
    if "--name" in words:
        at = words.index("--name")
        name = " ".join(words[at + 1:])
        words = words[:at]
    elif any(word.startswith("--name=") for word in words):
        at = next(i for i, word in enumerate(words) if word.startswith("--name="))
        name = " ".join([words[at].partition("=")[2], *words[at + 1:]])
        words = words[:at]
    if words[1:2] == ["--"]:  # `HOST:PORT -- CODE`: a code that begins with "-"
        del words[1]
    address = words[0] if words else ""
    code = " ".join(words[1:])
    return address, code, name


async def reach_host(address: str, timeout: float = 10.0) -> None:
    """Open a WebSocket to the host at ``address`` and close it at once, saying nothing:
    whether a host answers there, checked before a screen is opened for the table.
    Raise :class:`JoinError` (why, as its kind and values) when none does.

    The host forgets a connection that never said ``hello``; no seat is taken.
    """
    host, port = parse_address(address)
    where = f"[{host}]" if ":" in host else host
    try:
        ws = await asyncio.wait_for(
            connect(f"ws://{where}:{port}/", max_size=HOST_MESSAGE_LIMIT, open_timeout=timeout, close_timeout=1),
            timeout,
        )
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
        raise connection_failure(exc, host, port) from None
    with contextlib.suppress(ConnectionClosed, OSError):
        await ws.close()


class _Pace:
    """Keeps a client's moves under a host's message rate limit (a token bucket)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    async def wait(self) -> None:
        while True:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.rate)


class _ListenerFailed(Exception):
    """The user interface's listener raised while taking a message (a bug of the UI)."""


class TableClient:
    """One player's connection to a hosted table (see the module's docstring).

    ``listener`` is called with every message from the host once the client's fields
    show it; ``on_data`` with every message as received, before it is read.
    ``max_rate``: moves a second at most (in bursts of twice that), below the host's
    limit; ``None`` for no pacing.

    Fields: ``seat``, ``game``, ``title``, ``options`` (from the welcome);
    ``observation`` (a dict, ``None`` before the first state; :attr:`view` is the same as
    the game's observation object; its log holds the recent part only, see
    :func:`~cardtable.net.protocol.recent_log`), ``legal``, ``to_act``,
    ``outcome``, ``clocks`` (the turn clock's timed seats, as of ``clocks_at``, a
    :func:`time.monotonic` time); ``seats`` (:class:`SeatStatus` each), ``paused``,
    ``pause`` (why it waits), ``told`` (the host's last news of its players, as data);
    ``refusals`` (``(seq, refusal)`` in order); ``errors``; ``closed_reason`` once the
    connection ended.
    """

    def __init__(
        self,
        address: str,
        code: str,
        name: str = "",
        *,
        listener: Callable[[HostMessage], None] | None = None,
        on_data: Callable[[str | bytes], None] | None = None,
        max_rate: float | None = 15.0,
    ) -> None:
        self.host, self.port = parse_address(address)
        self.code = code
        self.name = name
        self.listener = listener
        self.on_data = on_data
        # A host drops messages over its rate limit (20 a second, bursts of 40): moves
        # are paced below it, so that a quick program's move is never lost.
        self._pace = _Pace(max_rate, max(1, int(max_rate * 2))) if max_rate else None
        self.seat: int | None = None
        self.game = ""
        self.title = ""
        self.options: dict[str, Any] = {}
        self.observation: dict[str, Any] | None = None
        self.legal: list[str] = []
        self.to_act: int | None = None
        self.outcome: dict[str, Any] | None = None
        self.turn_time: float | None = None
        self.clocks: list[ClockStatus] = []
        self.clocks_at = 0.0
        self.seats: list[SeatStatus] = []
        self.paused = False
        self.pause: Waiting | None = None
        self.told: list[HostNews] = []
        self.refusals: list[tuple[int, Refusal]] = []
        self.errors: list[str] = []
        #: the events of the last states, as they came (the last ``LOG_EVENTS``), and
        #: those of the last state alone
        self.events: list[dict[str, Any]] = []
        self.news: list[dict[str, Any]] = []
        self.news_events: tuple[Event, ...] = ()
        #: how many events were cut from the front of the observation's log so far
        self.dropped = 0
        self.closed_reason: str | None = None
        #: why the connection ended, as data for the screen to word: the host's why, or
        #: this side's (:data:`Ended`); ``None``: the host said no why; and its seconds
        self.closed_why: Parting | Ended | None = None
        self.closed_seconds: float | None = None
        #: the number of our last move sent, and of the last one the host answered
        self.seq = 0
        self.handled = 0
        self._view: tuple[dict[str, Any], Observation] | None = None
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}/"

    @property
    def view(self) -> Observation | None:
        """The observation as the game's own object (rebuilt from :attr:`observation`,
        once per state), for a table that draws observations; ``None`` before the first."""
        if self.observation is None:
            return None
        if self._view is None or self._view[0] is not self.observation:
            self._view = (self.observation, rebuild_observation(self.game, self.observation))
        return self._view[1]

    @property
    def connected(self) -> bool:
        return self._ws is not None and self.closed_reason is None

    @property
    def my_turn(self) -> bool:
        """Our seat is to act, the table is not paused and our last move was answered."""
        return self.seat is not None and self.to_act == self.seat and not self.paused and not self.waiting

    @property
    def waiting(self) -> bool:
        """A move of ours was sent and the host has not answered it yet."""
        return self.handled < self.seq

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    # --- the connection -----------------------------------------------------------------
    async def join(self, timeout: float = 10.0) -> Welcome:
        """Connect and join with the code; return the welcome (once the first state is
        in too), or raise :class:`JoinError`.

        The messages that follow are read in the background until :meth:`close`.
        Joining again after the connection dropped takes the same seat back.
        """
        await self.close()
        self.closed_reason = None
        self.closed_why, self.closed_seconds = None, None
        try:
            ws = await asyncio.wait_for(
                connect(self.url, max_size=HOST_MESSAGE_LIMIT, open_timeout=timeout, close_timeout=2), timeout
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
            raise connection_failure(exc, self.host, self.port) from None
        self._ws = ws
        await ws.send(encode(Hello(version=PROTOCOL_VERSION, code=self.code, name=self.name)).decode("utf-8"))
        try:
            data = await asyncio.wait_for(ws.recv(), timeout)
            if self.on_data is not None:
                self.on_data(data)
            first = self._decode(data)
        except (ConnectionClosed, TimeoutError, ProtocolError):
            await self.close()
            raise JoinError(kind="dropped", host=self.host, port=self.port) from None
        if not isinstance(first, Welcome):
            await self.close()
            if isinstance(first, Error):
                raise JoinError(first.reason, why=first.why, seconds=first.seconds)
            if isinstance(first, Bye):
                raise JoinError(first.reason, why=first.why)
            # TRANSLATORS: "it" is the host; {message} is the protocol's name of what it sent (Status, State).
            raise JoinError(_("it sent {message} first").format(message=type(first).__name__))
        self.observation = None
        self._take(first)
        self._reader = asyncio.create_task(self._read(ws))
        # The host sends the seat's state right after the welcome: a UI can draw at once.
        await self.wait_for(lambda c: c.observation is not None or c.closed_reason is not None, timeout)
        return first

    async def close(self) -> None:
        """Leave the table (the seat waits for us at the host)."""
        ws, self._ws = self._ws, None
        if ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(Leave()).decode("utf-8"))
            await ws.close()
        if self._reader is not None and self._reader is not asyncio.current_task():
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        self._reader = None

    async def act(self, text: str) -> int:
        """Send the move ``text``; return its number (a refusal names it in :attr:`refusals`)."""
        if self._ws is None:
            raise JoinError("not connected to the table", kind="not_connected", host=self.host, port=self.port)
        if self._pace is not None:
            await self._pace.wait()
        self.seq += 1
        await self._ws.send(encode(Act(seq=self.seq, action=text)).decode("utf-8"))
        return self.seq

    async def send_raw(self, data: str | bytes) -> None:
        """Send ``data`` as it is (for tests of what a host does with anything)."""
        if self._ws is None:
            raise JoinError("not connected to the table", kind="not_connected", host=self.host, port=self.port)
        await self._ws.send(data)

    async def wait_for(self, condition: Callable[[TableClient], bool], timeout: float = 10.0) -> None:
        """Return once ``condition(self)`` holds (checked after every message)."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: condition(self)), timeout)

    # --- messages from the host ---------------------------------------------------------
    def _decode(self, data: str | bytes) -> HostMessage:
        """The host's message, checked and with its text made safe to show (every field
        of every message goes through :func:`decode_host`); the texts of legal moves
        must be moves."""
        message = decode_host(data)
        if isinstance(message, StateUpdate):
            for text in message.legal:
                try:
                    Action.parse(text)
                except ValueError:
                    raise ProtocolError(f"the host sent a legal move that is no move: {text[:60]!r}") from None
        # A seat a message names must be one of the table's: the screen names its player.
        count = len(message.seats) if isinstance(message, (Welcome, Status)) else len(self.seats)
        named: list[int] = []
        if isinstance(message, Status):
            named = [news.seat for news in message.news if not isinstance(news, GameOverNews)]
            named += message.waiting.seats if message.waiting is not None else []
        elif isinstance(message, StateUpdate):
            named = [clock.seat for clock in message.clocks]
        elif isinstance(message, Refused):
            named = list(message.waiting.seats) if message.waiting is not None else []
            named += [message.to_act] if message.to_act is not None else []
        if any(seat >= count for seat in named):
            raise ProtocolError(f"the host named a seat the table does not have (it has {count})")
        return message

    def _follow(self, message: StateUpdate) -> dict[str, Any]:
        """The observation after ``message``: the whole one it carries, or the one held
        with its changes, the log cut to its recent part (:func:`recent_log`) either way."""
        if message.full:
            if message.appended:
                raise ProtocolError("the host sent a whole observation with items to add to it")
            return recent_log(message.observation)
        if self.observation is None:
            raise ProtocolError("the host sent changes to an observation it never sent")
        following = {**self.observation, **message.observation}
        for field, items in message.appended.items():
            held = following.get(field)
            if not isinstance(held, list):
                raise ProtocolError(f"the host added items to {field[:40]!r}, which is not a list")
            following[field] = held + items
        cut = recent_log(following)
        self.dropped += len(following.get("events", ())) - len(cut.get("events", ()))
        return cut

    async def _read(self, ws: ClientConnection) -> None:
        reason = "the connection closed"
        why: Parting | Ended | None = "connection_closed"
        seconds: float | None = None
        try:
            async for data in ws:
                if self.on_data is not None:
                    self.on_data(data)
                message = self._decode(data)
                self._take(message)
                async with self._changed:
                    self._changed.notify_all()
                if isinstance(message, Bye):
                    reason, why = message.reason, message.why
                    break
                if isinstance(message, Error) and message.fatal:
                    reason, why, seconds = message.reason, message.why, message.seconds
                    break
        except ConnectionClosed as exc:
            reason = f"the connection closed ({exc.rcvd.reason or exc.rcvd.code})" if exc.rcvd else reason
        except ProtocolError as exc:
            reason, why = f"the host sent a message we cannot read: {exc}", "unreadable"
        except _ListenerFailed as exc:
            reason = f"cardtable failed while showing the host's news ({exc}); the connection was closed"
            why = "listener_failed"
        finally:
            if self._ws is ws:
                self.closed_reason = reason
                self.closed_why, self.closed_seconds = why, seconds
            with contextlib.suppress(ConnectionClosed):
                await ws.close()
            async with self._changed:
                self._changed.notify_all()

    def _take(self, message: HostMessage) -> None:
        """Follow ``message`` in the fields, then tell the listener."""
        if isinstance(message, Welcome):
            self.seat = message.seat
            self.game = message.game
            self.title = message.title
            self.options = dict(message.options)
            self.turn_time = message.turn_time
            self.seats = list(message.seats)
            self.seq = max(self.seq, message.last_seq)
            self.handled = max(self.handled, message.last_seq)
        elif isinstance(message, StateUpdate):
            self.observation = self._follow(message)
            self.news = list(message.appended.get("events", ()))
            self.news_events = rebuild_events(self.news)
            self.legal = list(message.legal)
            self.to_act = message.to_act
            self.outcome = message.outcome
            self.events = (self.events + self.news)[-LOG_EVENTS:]
            self.handled = max(self.handled, message.last_seq)
            self.clocks, self.clocks_at = list(message.clocks), time.monotonic()
        elif isinstance(message, Status):
            self.paused = message.paused
            self.pause = message.waiting
            self.told = list(message.news)
            self.seats = list(message.seats)
        elif isinstance(message, Refused):
            self.refusals.append((message.seq, refusal_of(message, self.seat or 0)))
            self.handled = max(self.handled, message.seq)
        elif isinstance(message, Error):
            self.errors.append(message.reason)
        if self.listener is not None:
            try:
                self.listener(message)
            except Exception as exc:  # told as what it is, not as a network drop
                raise _ListenerFailed(describe_error(exc)) from exc
