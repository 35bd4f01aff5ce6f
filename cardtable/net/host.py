"""The host of a networked table: a WebSocket server that owns a :class:`TableSession`.

The host is the only source of truth.  Each remote seat has a secret code; a player
who joins with it plays that seat, and is sent, after every change, only that seat's
observation and the events as that seat may see them: what a bot of that seat gets.
A move comes as action text and goes through the session (so through the engine); a
refusal goes back with the engine's reason and changes nothing.

Hostile input never changes the game and never stops the table: a message that is
not one of the declared ones (:mod:`cardtable.net.protocol`), too large, one of a
flood, out of turn or replayed is refused with a reason; a wrong code is refused
after a short delay and, after a few, the address must wait.  The listener binds to
loopback unless told otherwise.

While a remote seat has no player connected the table is paused for everyone (bots
included).  The host may hand such a seat to a bot (:meth:`NetHost.hand_to_bot`),
and the seat goes back to its player when they rejoin.

>>> import asyncio
>>> from cardtable.games import get_rules
>>> from cardtable.session import Seat, SeatKind, TableSession
>>> state = get_rules("durak").new_game(players=2, seed=3)
>>> host = NetHost(TableSession(state, [Seat("Ann", SeatKind.REMOTE), Seat.bot_seat("Ada", "easy")]))
>>> async def main():
...     await host.start()
...     try:
...         return host.address[0], host.paused, len(host.codes[0]) >= 22
...     finally:
...         await host.close()
>>> asyncio.run(main())
('127.0.0.1', True, True)
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.bots import LEVELS, is_import_path
from cardtable.engine.observation import to_jsonable
from cardtable.engine.state import GameState
from cardtable.names import BadNameError, check_name
from cardtable.net.protocol import (
    CLIENT_MESSAGE_LIMIT,
    DEFAULT_PORT,
    LOG_EVENTS,
    LOG_FIELDS,
    LOG_MOVES,
    PROTOCOL_VERSION,
    Act,
    Bye,
    Error,
    Hello,
    Leave,
    ProtocolError,
    Refused,
    SeatStatus,
    StateUpdate,
    Status,
    Welcome,
    decode_client,
    encode,
    recent_log,
)
from cardtable.session import Notice, NoticeKind, Seat, SeatKind, TableSession
from cardtable.userdata.meta import seats_of

__all__ = [
    "DEFAULT_PORT", "Limits", "NetHost", "format_address", "join_line", "networked", "new_code", "seats_for",
    "seats_from_state",
]

log = logging.getLogger("cardtable.net.host")


def new_code() -> str:
    """A seat's secret: 144 random bits from :mod:`secrets`, as 24 URL-safe characters.

    >>> len(new_code()), new_code() == new_code()
    (24, False)
    """
    return secrets.token_urlsafe(18)


def format_address(host: str, port: int) -> str:
    """``HOST:PORT`` as a player types it (an IPv6 address in brackets).

    >>> format_address("127.0.0.1", 8765), format_address("::1", 8765)
    ('127.0.0.1:8765', '[::1]:8765')
    """
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def join_line(address: str, code: str) -> str:
    """The command a friend runs to take a seat.

    >>> join_line("127.0.0.1:8765", "abc")
    'cardtable join 127.0.0.1:8765 abc'
    """
    return f"cardtable join {address} {code}"


@dataclass(frozen=True)
class Limits:
    """How much a connection may send, and how wrong codes are slowed down.

    ``rate`` messages a second on average, in bursts of up to ``burst``; a connection
    that goes on sending after ``flood_close`` messages over the limit is closed.
    A wrong code is answered after ``wrong_code_delay`` seconds; after
    ``wrong_codes`` of them from one address within ``wrong_code_window`` seconds,
    each further wrong code from there is answered after ``slow_delay`` seconds.  A
    right code is always let in at once: someone trying codes must not keep a player
    out.  A connection must say ``hello`` within ``hello_timeout`` seconds; at most
    ``max_pending`` connections may be waiting to say it (or for the answer), at most
    ``max_pending_per_address`` of them from one address.  Beyond those a connection
    is still heard, briefly: it must say ``hello`` within ``crowded_hello_timeout``
    seconds, a right code is seated at once, anything else is refused at once (so it
    holds nothing).  A guesser who hangs up frees its place at once.  One code may
    join ``joins`` times in a row, then once every ``join_interval`` seconds (each
    join and leave is news to everyone at the table).  A player whose messages the
    host cannot send (they stopped reading) is dropped after ``send_queue`` unsent
    messages.
    """

    rate: float = 20.0
    burst: int = 40
    flood_close: int = 400
    wrong_code_delay: float = 0.5
    wrong_codes: int = 5
    wrong_code_window: float = 60.0
    slow_delay: float = 5.0
    hello_timeout: float = 10.0
    max_pending: int = 64
    max_pending_per_address: int = 8
    crowded_hello_timeout: float = 2.0
    joins: int = 10
    join_interval: float = 3.0
    send_queue: int = 1000


class _Bucket:
    """A token bucket: ``allow()`` says whether one more message fits the rate."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class _Player:
    """One joined connection: its seat, its send queue and its budget of messages."""

    def __init__(self, ws: ServerConnection, seat: int, limits: Limits) -> None:
        self.ws = ws
        self.seat = seat
        self.bucket = _Bucket(limits.rate, limits.burst)
        self.over_limit = 0
        self.warned_at = 0.0
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.limit = limits.send_queue
        self.writer: asyncio.Task[None] | None = None
        #: the observation as this player holds it (its log cut to the recent part),
        #: and how long each log field was at the last state sent: the next state
        #: sends only what differs
        self.holds: dict[str, Any] | None = None
        self.logged: dict[str, int] = {}

    def send(self, data: bytes) -> bool:
        """Queue ``data``; ``False`` if the player stopped reading (the queue is full)."""
        if self.queue.qsize() >= self.limit:
            return False
        self.queue.put_nowait(data)
        return True

    async def write(self) -> None:
        """Send the queue in order until ``None`` (close after the last message)."""
        try:
            while True:
                data = await self.queue.get()
                if data is None:
                    break
                await self.ws.send(data.decode("utf-8"))
        except ConnectionClosed:
            pass
        finally:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.close()


class NetHost:
    """A table served over WebSockets: ``session`` is played by whoever holds each
    remote seat's code (see :attr:`codes`), by bots, and by the host's own seat (:meth:`act_here`).

    ``codes``: each remote seat's code (default: new ones from :func:`new_code`).
    ``bot_delay``: seconds each bot waits before its move, so that people can follow.
    ``on_send``: called with ``(seat, data)`` for every message queued for a seat (a
    log, a test that reads every byte each seat is sent).  ``log_line``: called with
    one line for each thing the host's log should say.  ``on_status`` with every
    :class:`Status` the players are sent (who is here, whether the table waits), for a
    screen at the host.  A screen at the host plays its own seat through
    :meth:`act_here`; the session's notices tell it what happened.  ``bot_after``: a
    remote seat left empty that many seconds goes to a ``bot_level`` bot until its
    player returns (:meth:`watch_empty_seats`, from :meth:`start` on).
    """

    def __init__(
        self,
        session: TableSession,
        *,
        codes: dict[int, str] | None = None,
        limits: Limits | None = None,
        bot_delay: float = 0.0,
        on_send: Callable[[int, bytes], None] | None = None,
        log_line: Callable[[str], None] | None = None,
        on_status: Callable[[Status], None] | None = None,
        bot_after: float | None = None,
        bot_level: str = "normal",
        turn_time: float | None = None,
    ) -> None:
        self.session = session
        #: a remote player who takes longer than this over a move has it made by a
        #: ``bot_level`` bot (``None``: players take all the time they like)
        self.turn_time = turn_time
        self._clock: asyncio.Task[None] | None = None
        #: a remote seat left empty this many seconds goes to a bot of ``bot_level``
        #: until its player returns (``None``: only when the host hands it)
        self.bot_after = bot_after
        self.bot_level = bot_level
        self._watcher: asyncio.Task[None] | None = None
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.on_send = on_send
        self.on_status = on_status
        self.log_line = log_line or log.info
        #: the seats of players elsewhere (a seat handed to a bot stays one of them)
        self.remote_seats: tuple[int, ...] = tuple(
            seat for seat, spec in enumerate(session.seats) if spec.kind is SeatKind.REMOTE
        )
        if codes is None:
            codes = {seat: new_code() for seat in self.remote_seats}
        if sorted(codes) != list(self.remote_seats):
            raise ValueError("give one code for each remote seat")
        self.codes = dict(codes)
        self.players: dict[int, _Player] = {}
        #: per seat, the largest act number it used: a smaller or equal one is a replay
        self.last_seq: dict[int, int] = dict.fromkeys(self.remote_seats, 0)
        #: remote seats a bot plays for now, with its level
        self.handed: dict[int, str] = {}
        self._server: Server | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_request: Any = None
        self._failures: dict[str, deque[float]] = {}
        self._pending = 0
        self._pending_from: dict[str, int] = {}
        #: per seat, its code's budget of joins
        self._joins: dict[int, _Bucket] = {
            seat: _Bucket(1 / self.limits.join_interval, self.limits.joins) for seat in self.remote_seats
        }
        #: seats whose player joined at least once (a second time is a rejoin)
        self._joined: set[int] = set()
        self._finished = asyncio.Event()
        self.closed = False
        network = session.state.meta.setdefault("network", {})
        network["remote"] = list(self.remote_seats)
        session.listen(self._on_notice)
        session.listen(self._on_turn)
        #: whether the last status told the players the table waits
        self._told_paused = False

    # --- the listener -------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        """Listen on ``host`` (loopback unless told otherwise) and ``port`` (0: any free)."""
        self._server = await serve(
            self._connection,
            host,
            port,
            max_size=CLIENT_MESSAGE_LIMIT,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            open_timeout=self.limits.hello_timeout,
            close_timeout=2,
        )
        self.log_line(f"listening on {format_address(*self.address)}")
        if self.bot_after is not None:
            self.watch_empty_seats(self.bot_after, self.bot_level)
        if self.turn_time is not None:
            self._clock = asyncio.create_task(self._time_turns(self.turn_time))
        self._advance()

    def watch_empty_seats(self, after: float, level: str = "normal") -> None:
        """From now on give a bot of ``level`` any remote seat left empty ``after``
        seconds, until its player returns (``bot_after`` does this from :meth:`start`)."""
        if self._watcher is not None:
            self._watcher.cancel()
        self.bot_after, self.bot_level = after, level
        self._watcher = asyncio.create_task(self._hand_empty_seats(after, level))

    async def _hand_empty_seats(self, after: float, level: str) -> None:
        """Give a bot any remote seat left empty for ``after`` seconds, until its player returns."""
        empty_since: dict[int, float] = {}
        while not self.closed and not self.session.is_over:
            now = time.monotonic()
            for seat in self.remote_seats:
                if seat in self.players or seat in self.handed:
                    empty_since.pop(seat, None)
                else:
                    since = empty_since.setdefault(seat, now)
                    if now - since >= after:
                        self.hand_to_bot(seat, level)
                        empty_since.pop(seat, None)
            await asyncio.sleep(min(0.5, max(after / 4, 0.05)))

    @property
    def address(self) -> tuple[str, int]:
        """The address and port listened on."""
        assert self._server is not None, "the host is not started"
        name = self._server.sockets[0].getsockname()
        return str(name[0]), int(name[1])

    def join_lines(self, address: str | None = None) -> list[str]:
        """One ``cardtable join`` line per remote seat, with the seat's name before it."""
        where = address or format_address(*self.address)
        return [f"{self.session.seats[seat].name}: {join_line(where, self.codes[seat])}" for seat in self.remote_seats]

    async def close(self, reason: str = "the host closed the table") -> None:
        """Tell every player goodbye, stop listening and stop the bots (the save stays)."""
        if self.closed:
            return
        self.closed = True
        if self._watcher is not None:
            self._watcher.cancel()
        if self._clock is not None:
            self._clock.cancel()
        if self._bot_request is not None:
            self._bot_request.cancel()
        for player in list(self.players.values()):
            self._send(player, Bye(reason=reason))
            player.queue.put_nowait(None)
        writers = [player.writer for player in self.players.values() if player.writer is not None]
        self.players.clear()
        if writers:
            await asyncio.wait(writers, timeout=3)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self._bot_task is not None:
            await asyncio.wait([self._bot_task], timeout=5)

    async def wait_finished(self) -> None:
        """Return once the game is over (every player was sent its last state)."""
        await self._finished.wait()

    # --- who is at the table -----------------------------------------------------------
    @property
    def missing(self) -> tuple[int, ...]:
        """The remote seats waiting for their player (a seat handed to a bot is not)."""
        return tuple(seat for seat in self.remote_seats if seat not in self.players and seat not in self.handed)

    @property
    def started(self) -> bool:
        """Every remote seat's player has joined once (or a bot took the seat): a game
        does not begin without its players."""
        return all(seat in self._joined or seat in self.handed for seat in self.remote_seats)

    @property
    def paused(self) -> bool:
        """No one can move: the game waits for its players to join, or it is the turn of
        a player who is away.  On anyone else's turn the others play on."""
        if self.session.is_over:
            return False
        choosing = self.session.choosing
        return not self.started or (bool(choosing) and all(seat in self.missing for seat in choosing))

    def seat_statuses(self) -> list[SeatStatus]:
        statuses = []
        for seat, spec in enumerate(self.session.seats):
            if seat in self.remote_seats:
                statuses.append(SeatStatus(seat, spec.name, "remote", self.handed.get(seat, ""), seat in self.players))
            elif spec.is_bot:
                statuses.append(SeatStatus(seat, spec.name, "bot", spec.bot.rpartition(":")[2] or spec.bot, True))
            else:
                statuses.append(SeatStatus(seat, spec.name, "human", "", True))
        return statuses

    def pause_message(self) -> str:
        """Why the table waits, in one line (empty when it does not)."""
        if not self.paused:
            return ""
        if self.started:
            name = self.session.seats[self.session.choosing[0]].name
            return f"Paused: it is {name}'s turn and {name} is away; waiting for {name} to rejoin."
        names = [self.session.seats[seat].name for seat in self.missing]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"Paused: waiting for {who} to join."

    def _status(self, message: str) -> None:
        """Tell every player who is here and whether the table waits; log ``message``."""
        if message:
            self.log_line(message)
        pause = self.pause_message()
        line = " ".join(part for part in (message, pause) if part)
        self._told_paused = self.paused
        status = Status(paused=self.paused, message=line, seats=self.seat_statuses())
        if self.on_status is not None:
            self.on_status(status)
        for player in list(self.players.values()):
            self._send(player, status)

    def _on_turn(self, notice: Notice) -> None:
        """A move made the table wait (the turn came to an away player) or go on: say so."""
        moved = notice.kind in (NoticeKind.MOVED, NoticeKind.CHOSEN)
        if moved and not self.closed and self.paused != self._told_paused:
            self._status("")

    def act_here(self, seat: int, action: str) -> str | None:
        """A move made at the host's own keyboard (a ``human`` seat): through the session
        like any, refused while the table is paused; then the bots go on.  Returns the
        refusal's reason, or ``None``."""
        if self.session.seats[seat].kind is not SeatKind.HUMAN:
            return f"{self.session.seats[seat].name} does not sit at this keyboard"
        if not self.started:
            return self.pause_message()
        reason = self.session.make_move(seat, action)
        if reason is None:
            self._advance()
        return reason

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """Let a bot of ``level`` play the remote ``seat`` until its player rejoins.

        The save keeps the seat remote: a resumed game waits for its player again.
        """
        if seat not in self.remote_seats:
            raise ValueError(f"seat {seat} is not a remote seat")
        bot = self.session.level_bot(seat, level)
        name = self.session.seats[seat].name
        self._swap(seat, Seat.bot_seat(name, level))
        self.session.bots[seat] = bot
        self.session.bot_failures.pop(seat, None)
        self.handed[seat] = level
        self._status(f"{name}'s seat is played by a bot ({level}) until they rejoin.")
        self._advance()

    def take_back(self, seat: int) -> None:
        """Give ``seat`` back to its player from the bot that played it (the table waits
        for the player if they are not connected)."""
        if seat not in self.handed:
            return
        self._give_back(seat)
        name = self.session.seats[seat].name
        if seat in self.players:
            self._status(f"{name} has their seat back.")
        else:
            self._status(f"The bot left {name}'s seat: it waits for {name}.")
        self._advance()

    def _give_back(self, seat: int) -> None:
        del self.handed[seat]
        self._swap(seat, Seat(self.session.seats[seat].name, SeatKind.REMOTE))
        self.session.bots.pop(seat, None)

    def _swap(self, seat: int, spec: Seat) -> None:
        seats = list(self.session.seats)
        seats[seat] = spec
        self.session.seats = tuple(seats)
        # Whatever the old player was asked is void, a bot's thinking included.
        self.session.cancel_thinking()

    # --- connections --------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        waiting = self._pending_from.get(address, 0)
        # Past the caps a connection holds no place: it is heard briefly, and only a
        # right code gets in (every player on one machine shares its address).
        crowded = self._pending >= self.limits.max_pending or waiting >= self.limits.max_pending_per_address
        if not crowded:
            self._pending += 1
            self._pending_from[address] = waiting + 1
        try:
            joined = await self._join(ws, address, crowded)
        finally:
            if not crowded:
                self._pending -= 1
                self._pending_from[address] -= 1
                if not self._pending_from[address]:
                    del self._pending_from[address]
        if joined is None:
            return
        try:
            async for data in ws:
                if not self._take(joined, data):
                    break
        except ConnectionClosed:
            pass
        finally:
            self._gone(joined)
        if joined.writer is not None:
            # The connection ends with this handler: let the last messages (why) go first.
            await asyncio.wait([joined.writer], timeout=2)

    async def _refuse(self, ws: ServerConnection, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(Error(reason=reason, fatal=True)).decode("utf-8"))
            await ws.close(1008, reason[:100])

    async def _join(self, ws: ServerConnection, address: str, crowded: bool = False) -> _Player | None:
        """Read the ``hello`` and seat its sender, or refuse them (``None``).  ``crowded``:
        too many connections wait already; this one is heard briefly and holds nothing."""
        timeout = self.limits.crowded_hello_timeout if crowded else self.limits.hello_timeout
        try:
            data = await asyncio.wait_for(ws.recv(), timeout)
        except (TimeoutError, ConnectionClosed):
            with contextlib.suppress(ConnectionClosed):
                await ws.close(1008, "no hello")
            return None
        try:
            hello = decode_client(data)
        except ProtocolError as exc:
            await self._refuse(ws, str(exc))
            return None
        if not isinstance(hello, Hello):
            await self._refuse(ws, "say hello first: {\"type\": \"hello\", \"version\": 1, \"code\": ...}")
            return None
        if hello.version != PROTOCOL_VERSION:
            await self._refuse(ws, f"this host speaks protocol version {PROTOCOL_VERSION}, not {hello.version}")
            return None
        seat = self._seat_for(hello.code)
        if seat is None:
            slow = self._too_many_wrong(address)
            self._failures.setdefault(address, deque()).append(time.monotonic())
            self.log_line(f"refused a wrong code from {address}")
            if crowded:
                await self._refuse(ws, "too many connections waiting to join; try again soon")
                return None
            if await self._hung_up_within(ws, self.limits.slow_delay if slow else self.limits.wrong_code_delay):
                return None  # its place is free again at once
            more = f" (too many from your address: each try now waits {self.limits.slow_delay:g} seconds)"
            await self._refuse(ws, "wrong code: no seat at this table has it" + (more if slow else ""))
            return None
        if self.closed or self.session.closed:
            await self._refuse(ws, "the table is closed")
            return None
        joins = self._joins[seat]
        if not joins.allow():
            wait = max(1, round((1 - joins.tokens) / joins.rate))
            self.log_line(f"refused {self.session.seats[seat].name}'s code: joined too often")
            await self._refuse(ws, f"this seat joined too often lately; try again in {wait} seconds")
            return None
        return self._seat(ws, seat, hello.name)

    @staticmethod
    async def _hung_up_within(ws: ServerConnection, seconds: float) -> bool:
        """Wait ``seconds``; ``True`` as soon as the other side closes the connection."""
        closed = asyncio.ensure_future(ws.wait_closed())
        try:
            done, _ = await asyncio.wait([closed], timeout=seconds)
        finally:
            closed.cancel()
        return bool(done)

    def _too_many_wrong(self, address: str) -> bool:
        """Whether ``address`` tried enough wrong codes lately to be answered slowly."""
        now = time.monotonic()
        if len(self._failures) > 10_000:
            # Addresses are cheap (IPv6): forget those whose tries are old.
            window = self.limits.wrong_code_window
            self._failures = {key: tries for key, tries in self._failures.items() if now - tries[-1] <= window}
        failures = self._failures.get(address)
        if not failures:
            return False
        while failures and now - failures[0] > self.limits.wrong_code_window:
            failures.popleft()
        return len(failures) >= self.limits.wrong_codes

    def _seat_for(self, code: str) -> int | None:
        """The seat whose code is ``code``: every code is compared, each in constant time."""
        given = code.encode("utf-8")
        found = None
        for seat, secret in self.codes.items():
            if hmac.compare_digest(given, secret.encode("utf-8")):
                found = seat
        return found

    def _seat(self, ws: ServerConnection, seat: int, name: str) -> _Player:
        player = _Player(ws, seat, self.limits)
        player.writer = asyncio.create_task(player.write())
        old = self.players.get(seat)
        if old is not None:
            self._send(old, Bye(reason="your seat was joined from another connection"))
            old.queue.put_nowait(None)
        self.players[seat] = player
        renamed = self._rename(seat, name)
        returned = seat in self.handed
        if returned:
            self._give_back(seat)
        self._send(player, Welcome(
            version=PROTOCOL_VERSION, seat=seat, game=self.session.game, title=self.session.state.rules.title,
            seats=self.seat_statuses(), options=dict(self.session.state.options), last_seq=self.last_seq[seat],
        ))
        self._send_state(player, fresh=True)
        who = self.session.seats[seat].name
        again = "rejoined" if seat in self._joined else "joined"
        self._joined.add(seat)
        line = f"{who} {again}" + (f" (was {renamed})" if renamed else "")
        self._status(line + (" and has their seat back from the bot." if returned else "."))
        self._advance()
        return player

    def _rename(self, seat: int, name: str) -> str:
        """Give ``seat`` the name its player asked for, if valid and free; return the old
        name when it changed."""
        wanted = name.strip()
        spec = self.session.seats[seat]
        if not wanted or wanted == spec.name:
            return ""
        try:
            check_name(wanted)
        except BadNameError:
            return ""
        if any(other.name == wanted for other in self.session.seats):
            return ""
        self._swap_name(seat, wanted)
        return spec.name

    def _swap_name(self, seat: int, name: str) -> None:
        seats = list(self.session.seats)
        old = seats[seat]
        seats[seat] = Seat(name, old.kind, old.bot)
        self.session.seats = tuple(seats)
        recorded = self.session.state.meta.get("seats")
        if isinstance(recorded, list) and seat < len(recorded) and isinstance(recorded[seat], dict):
            recorded[seat]["name"] = name

    def _gone(self, player: _Player) -> None:
        """``player``'s connection ended: if it still held its seat, the seat waits."""
        if player.writer is not None and not player.writer.done():
            player.queue.put_nowait(None)
        if self.players.get(player.seat) is not player:
            return  # replaced by a newer connection, or the host closed
        del self.players[player.seat]
        if self.closed:
            return
        if self.session.is_over:
            self._status(f"{self.session.seats[player.seat].name} left.")
            return
        if self._bot_request is not None and self.paused:
            self._bot_request.cancel()
        self._status(f"{self.session.seats[player.seat].name} left the table.")

    # --- messages from a player ---------------------------------------------------------
    def _take(self, player: _Player, data: str | bytes) -> bool:
        """Handle one message; ``False`` closes the connection."""
        if self.players.get(player.seat) is not player:
            return False
        if not player.bucket.allow():
            player.over_limit += 1
            if player.over_limit >= self.limits.flood_close:
                self._send(player, Error(reason="too many messages: closing the connection", fatal=True))
                self.log_line(f"closed {self.session.seats[player.seat].name}'s connection: a flood of messages")
                return False
            now = time.monotonic()
            if now - player.warned_at >= 1.0:
                player.warned_at = now
                self._send(player, Error(reason="too many messages: slow down; messages are being dropped"))
            return True
        if isinstance(data, bytes):
            self._send(player, Error(reason="send text messages (JSON), not binary ones"))
            return True
        try:
            message = decode_client(data)
        except ProtocolError as exc:
            self._send(player, Error(reason=str(exc)))
            return True
        if isinstance(message, Act):
            self._act(player, message)
            return True
        if isinstance(message, Leave):
            return False
        self._send(player, Error(reason="already joined: hello is only the first message"))
        return True

    def _act(self, player: _Player, act: Act) -> None:
        seat = player.seat
        last = self.last_seq[seat]
        if act.seq <= last:
            self._send(player, Refused(seq=act.seq, reason=f"message {act.seq} is a repeat: this seat is at {last}"))
            return
        self.last_seq[seat] = act.seq
        if not self.started:
            self._send(player, Refused(seq=act.seq, reason=self.pause_message()))
            return
        if seat in self.handed:
            self._send(player, Refused(seq=act.seq, reason="a bot plays your seat for now"))
            return
        moves = len(self.session.state.history)
        reason = self.session.make_move(seat, act.action)
        if reason is not None:
            self._send(player, Refused(seq=act.seq, reason=reason))
            return
        if len(self.session.state.history) == moves:
            # Chosen ahead of its turn (Hearts' pass): kept unseen; this seat hears it is in.
            self._send_state(player)
        self._advance()

    # --- telling the players ------------------------------------------------------------
    def _send(self, player: _Player, message: Any) -> None:
        data = encode(message)
        if self.on_send is not None:
            self.on_send(player.seat, data)
        if not player.send(data):
            # They stopped reading: their seat waits as if their line dropped.
            self.log_line(f"dropped {self.session.seats[player.seat].name}: not reading the table's messages")
            with contextlib.suppress(Exception):
                player.ws.transport.abort()

    def _send_state(self, player: _Player, fresh: bool = False) -> None:
        """Send ``player`` its seat's state: the whole observation (its log cut to the
        recent part) to a new connection, else only what changed since its last state,
        so that a message stays small however long the game."""
        state = self.session.state
        seat = player.seat
        fresh = fresh or player.holds is None
        held_from = {} if fresh else {
            field: player.logged[field] - len(player.holds[field])  # type: ignore[index]
            for field in player.logged
        }
        seen, starts, lengths = self._observation_json(seat, held_from)
        # Where several seats choose at once (Hearts' pass), each is told it is to act.
        to_act = seat if seat in self.session.choosing else self.session.to_act
        legal = [str(action) for action in self.session.legal_for(seat)] if to_act == seat else []
        outcome = state.outcome().to_dict() if state.is_over else None
        last_seq = self.last_seq.get(seat, 0)
        if fresh or player.holds is None:
            player.holds = recent_log(seen)
            player.logged = lengths
            self._send(player, StateUpdate(
                observation=player.holds, legal=legal, to_act=to_act, full=True, last_seq=last_seq, outcome=outcome,
            ))
            return
        changed, appended = _changes(player.holds, player.logged, seen, starts, lengths)
        self._send(player, StateUpdate(
            observation=changed, legal=legal, to_act=to_act, appended=appended, last_seq=last_seq, outcome=outcome,
        ))

    def _observation_json(
        self, seat: int, held_from: dict[str, int]
    ) -> tuple[dict[str, Any], dict[str, int], dict[str, int]]:
        """``state.observation(seat).to_dict()`` but for the log fields
        (:data:`LOG_FIELDS`), of which only the end is turned into JSON: from the
        first item the player holds (``held_from``, by field) or the most a client
        keeps, whichever comes first.  Returns the JSON, where each log field starts,
        and each log field's whole length: turning a long game's whole log into JSON
        for every seat after every move would cost more with every move.
        """
        observation = self.session.state.observation(seat)
        data: dict[str, Any] = {}
        starts: dict[str, int] = {}
        lengths: dict[str, int] = {}
        for field in dataclasses.fields(observation):
            value = getattr(observation, field.name)
            if field.name in LOG_FIELDS:
                keep = LOG_EVENTS if field.name == "events" else LOG_MOVES
                start = max(0, min(held_from.get(field.name, len(value)), len(value) - keep))
                starts[field.name], lengths[field.name] = start, len(value)
                tail = value[start:]
                data[field.name] = (
                    [event.to_dict() for event in tail] if field.name == "events"
                    else [[actor, text] for actor, text in tail]  # (seat, notation) pairs
                )
            else:
                data[field.name] = to_jsonable(value)
        return data, starts, lengths

    def _on_notice(self, notice: Notice) -> None:
        match notice.kind:
            case NoticeKind.MOVED:
                for player in list(self.players.values()):
                    self._send_state(player)
                seat = notice.seat if notice.seat is not None else 0
                public = self.session.state.public_history(None)
                self.log_line(f"{self.session.seats[seat].name}: {public[-1][1] if public else ''}")
            case NoticeKind.CHOSEN:
                # A choice made ahead (by its player or a bot standing in): that seat is no
                # longer asked; nobody else is told anything of it.
                chooser = self.players.get(notice.seat) if notice.seat is not None else None
                if chooser is not None:
                    self._send_state(chooser)
            case NoticeKind.SAVE_WARNING | NoticeKind.SAVE_FAILED:
                self.log_line(f"saving: {notice.text}")  # the host's own disk: not the players' business
            case NoticeKind.FINISHED:
                self.log_line("the game is over; its result is recorded")
        if self.session.is_over and not self._finished.is_set():
            self._finished.set()
            self._status("The game is over.")

    # --- bots ---------------------------------------------------------------------------
    def _advance(self) -> None:
        """If a bot is to move and the table is not paused, let it think in a thread."""
        if self.closed or self._bot_task is not None or self.paused or self.session.is_over:
            return
        request = self.session.bot_request()
        if request is None:
            failed = self.session.failed_bot()
            if failed is not None:
                # A user's bot that failed: a built-in one takes its seat (no one here to ask).
                self.log_line(f"{self.session.bot_failures.get(failed, 'a bot failed')}; a normal bot takes over")
                self.session.replace_bot(failed, "normal")
                self._advance()
            return
        self._bot_request = request
        self._bot_task = asyncio.create_task(self._think(request))

    async def _think(self, request: Any) -> None:
        try:
            answer = await asyncio.to_thread(request.think, self.bot_delay)
        finally:
            self._bot_task = None
            self._bot_request = None
        if self.closed or self.paused:
            return  # asked before the table paused: it is asked again when it resumes
        self.session.bot_answer(answer)
        self._advance()

    # --- the turn clock -----------------------------------------------------------------
    def _timed_seats(self) -> tuple[int, ...]:
        """The remote seats whose players the table waits on now: the seat to act and,
        where several choose at once (Hearts' pass), every remote seat still choosing."""
        if self.closed or not self.started:
            return ()
        return tuple(seat for seat in self.session.choosing if seat in self.remote_seats and seat not in self.handed)

    async def _time_turns(self, seconds: float) -> None:
        """Have a ``bot_level`` bot make the move of a remote player who took longer than
        ``seconds`` over it (connected or away); the seat stays theirs for the next."""
        #: per timed seat, which turn it is timed for and since when
        clocks: dict[int, tuple[int | None, float]] = {}
        while not self.closed and not self.session.is_over:
            timed = self._timed_seats()
            now = time.monotonic()
            for seat in set(clocks) - set(timed):
                del clocks[seat]
            for seat in timed:
                # A seat that chooses ahead of its turn keeps one clock until it chooses;
                # the seat the engine waits on gets a new one with every move.
                turn = len(self.session.state.history) if seat == self.session.state.current_player else None
                kept = clocks.get(seat)
                if kept is None or kept[0] != turn:
                    clocks[seat] = (turn, now)
                elif now - kept[1] >= seconds and await self._stand_in(seat):
                    clocks.pop(seat, None)
            await asyncio.sleep(min(0.25, max(seconds / 8, 0.02)))

    async def _stand_in(self, seat: int) -> bool:
        """A ``bot_level`` bot makes ``seat``'s move; whether it did (the table may have
        moved on while it thought)."""
        level = self.bot_level
        request = self.session.stand_in_request(seat, self.session.level_bot(seat, level))
        if request is None:
            return False
        answer = await asyncio.to_thread(request.think, 0.0)
        if self.closed or self.session.bot_answer(answer) != "played":
            return False
        name = self.session.seats[seat].name
        article = "an" if level[:1] in "aeiou" else "a"
        self._status(f"{name}'s time ran out ({self.turn_time:g} seconds): {article} {level} bot moved for {name}.")
        self._advance()
        return True


def _changes(
    holds: dict[str, Any], logged: dict[str, int], seen: dict[str, Any], starts: dict[str, int],
    lengths: dict[str, int],
) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """What a player holding ``holds`` (its logs ``logged`` long at the host) is sent
    so that it holds the recent part of ``seen`` (whose log fields are the end of the
    log from ``starts``, of ``lengths`` in all): the fields that changed (whole) and
    those that grew at their end (the new items).  ``holds`` and ``logged`` follow.

    A log field (:data:`LOG_FIELDS`) is compared on the part the player holds only:
    what came before it is gone from the player; one whose held part changed (a Hearts
    pass shown to its receiver) is sent as its recent part, whole.
    """
    changed: dict[str, Any] = {}
    appended: dict[str, list[Any]] = {}
    for field, value in seen.items():
        held = holds.get(field)
        if field in starts and isinstance(held, list):
            count, tail = logged.get(field, 0), starts[field]
            first = count - len(held)
            if tail <= first and count <= lengths[field] and value[first - tail:count - tail] == held:
                if lengths[field] > count:
                    appended[field] = value[count - tail:]
            else:
                changed[field] = value
            logged[field] = lengths[field]
        elif value != held:
            if isinstance(value, list) and isinstance(held, list) and len(value) > len(held) \
                    and value[:len(held)] == held:
                appended[field] = value[len(held):]
            else:
                changed[field] = value
    grown = {field: holds[field] + items for field, items in appended.items()}
    holds.update(recent_log({**holds, **grown, **changed}))
    for field in changed.keys() & set(LOG_FIELDS):
        changed[field] = holds[field]
    return changed, appended


def networked(state: GameState) -> bool:
    """Whether ``state`` is a game a host saved with remote seats (see :func:`seats_from_state`)."""
    return bool(_remote_in_meta(state)) or any(seat.kind == "remote" for seat in seats_of(state))


def _remote_in_meta(state: GameState) -> set[int]:
    network = state.meta.get("network")
    remote = network.get("remote") if isinstance(network, dict) else None
    if not isinstance(remote, list):
        return set()
    return {seat for seat in remote if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.num_players}


def seats_from_state(state: GameState) -> list[Seat]:
    """The seats of a saved networked game: each remote seat remote again (even one a bot
    played when it was saved: its player is waited for), the others as they were.

    A seat's user bot (an import path) is taken as ``state.meta`` says: ``cardtable
    resume`` puts the command line's ``--bot`` there first and refuses a save naming
    one it was not given (:func:`cardtable.commands.play.take_seat_bots`), so nothing
    a file names is imported.  Making the seats imports nothing; the session does.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=3, seed=1)
    >>> state.meta["seats"] = [{"name": "Ann", "kind": "remote"}, {"name": "Ada", "kind": "hard"},
    ...                        {"name": "Ben", "kind": "easy"}]
    >>> state.meta["network"] = {"remote": [0, 2]}
    >>> [(seat.name, seat.spec) for seat in seats_from_state(state)], networked(state)
    ([('Ann', 'remote'), ('Ada', 'hard'), ('Ben', 'remote')], True)
    """
    remote = _remote_in_meta(state)
    seats = []
    for index, info in enumerate(seats_of(state)):
        if index in remote or info.kind == "remote":
            seats.append(Seat(info.name, SeatKind.REMOTE))
        elif info.kind == "human" or info.kind in LEVELS or is_import_path(info.kind):
            seats.append(Seat.from_spec(info.name, info.kind))
        else:
            seats.append(Seat.bot_seat(info.name, "normal"))  # a save from outside the app
    return seats


def seats_for(kinds: Sequence[tuple[str, str]]) -> list[Seat]:
    """Session seats for ``(kind, name)`` pairs: ``remote``, ``human`` or a bot spec.

    >>> [seat.label for seat in seats_for([("remote", "Ann"), ("hard", "Ada")])]
    ['Ann', 'Ada (hard)']
    """
    return [Seat(name, SeatKind.REMOTE) if kind == "remote" else Seat.from_spec(name, kind) for kind, name in kinds]
