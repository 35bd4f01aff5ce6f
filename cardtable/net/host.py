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

The host's concerns live in modules of their own: who gets in and how fast
(:mod:`cardtable.net.admission`), each player's state in small messages
(:mod:`cardtable.net.broadcast`), and seats handed to bots with the turn clock
(:mod:`cardtable.net.bot_seats`); this module holds the connections, the pause, the
moves and the bots' turns.

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
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.bots import LEVELS, is_import_path
from cardtable.engine.state import GameState
from cardtable.names import BadNameError, check_name
from cardtable.net.admission import Admission, Limits
from cardtable.net.bot_seats import BotSeats
from cardtable.net.broadcast import Player, state_message
from cardtable.net.host_events import (
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
    UserBotFailed,
    WrongCode,
)
from cardtable.net.protocol import (
    CLIENT_MESSAGE_LIMIT,
    DEFAULT_PORT,
    PROTOCOL_VERSION,
    Act,
    Bye,
    Error,
    GameOverNews,
    Hello,
    HostNews,
    JoinedNews,
    Leave,
    LeftNews,
    Parting,
    ProtocolError,
    Refused,
    SeatStatus,
    Status,
    Waiting,
    Welcome,
    decode_client,
    encode,
    pause_of,
    refused_message,
)
from cardtable.session import Seat, SeatKind, TableSession
from cardtable.session.notices import (
    Chosen,
    Finished,
    Moved,
    NotAtThisKeyboard,
    Notice,
    Refusal,
    SaveFailed,
    SaveWarning,
    TableWaits,
)
from cardtable.userdata.meta import seats_of

__all__ = [
    "DEFAULT_PORT", "Limits", "NetHost", "format_address", "join_line", "networked", "new_code", "seats_for",
    "seats_from_state",
]

log = logging.getLogger("cardtable.net.host")


def new_code() -> str:
    """A seat's secret: 144 random bits from :mod:`secrets`, as 24 URL-safe characters,
    never beginning with ``-`` (a shell's command line would read such a word as an option).

    >>> len(new_code()), new_code() == new_code(), any(new_code().startswith("-") for _ in range(500))
    (24, False, False)
    """
    while True:  # drawn again rather than patched: every code left stays equally likely
        code = secrets.token_urlsafe(18)
        if not code.startswith("-"):
            return code


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

    A code that begins with ``-`` (given to the host, not made by :func:`new_code`)
    follows ``--``, which ends the options on any command line:

    >>> join_line("127.0.0.1:8765", "-abc")
    'cardtable join 127.0.0.1:8765 -- -abc'
    """
    return f"cardtable join {address} {'-- ' if code.startswith('-') else ''}{code}"


class NetHost(BotSeats):
    """A table served over WebSockets: ``session`` is played by whoever holds each
    remote seat's code (see :attr:`codes`), by bots, and by the host's own seat (:meth:`act_here`).

    ``codes``: each remote seat's code (default: new ones from :func:`new_code`).
    ``bot_delay``: seconds each bot waits before its move, so that people can follow.
    ``on_send``: called with ``(seat, data)`` for every message queued for a seat (a
    log, a test that reads every byte each seat is sent).  ``log_line``: called with
    each thing the host's log should say, as data (a
    :data:`~cardtable.net.host_events.HostEvent`) for the host's screen to word in its
    reader's language.  ``on_status`` with every :class:`Status` the players are sent
    (who is here, whether the table waits), for a screen at the host.  A screen at the host plays its own seat through
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
        log_line: Callable[[HostEvent], None] | None = None,
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
        self._clocks: dict[int, tuple[int | None, float]] = {}
        #: a remote seat left empty this many seconds goes to a bot of ``bot_level``
        #: until its player returns (``None``: only when the host hands it)
        self.bot_after = bot_after
        self.bot_level = bot_level
        self._watcher: asyncio.Task[None] | None = None
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.on_send = on_send
        self.on_status = on_status
        self.log_line: Callable[[HostEvent], None] = log_line or _log_event
        #: the seats of players elsewhere (a seat handed to a bot stays one of them)
        self.remote_seats: tuple[int, ...] = tuple(
            seat for seat, spec in enumerate(session.seats) if spec.kind is SeatKind.REMOTE
        )
        if codes is None:
            codes = {seat: new_code() for seat in self.remote_seats}
        if sorted(codes) != list(self.remote_seats):
            raise ValueError("give one code for each remote seat")
        self.codes = dict(codes)
        self.players: dict[int, Player] = {}
        #: per seat, the largest act number it used: a smaller or equal one is a replay
        self.last_seq: dict[int, int] = dict.fromkeys(self.remote_seats, 0)
        #: remote seats a bot plays for now, with its level
        self.handed: dict[int, str] = {}
        self._server: Server | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_request: Any = None
        #: who gets in, and how fast (wrong codes, connections waiting, joins per seat)
        self.admission = Admission(self.limits, self.codes)
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
        self.log_line(Listening(format_address(*self.address)))
        if self.bot_after is not None:
            self.watch_empty_seats(self.bot_after, self.bot_level)
        if self.turn_time is not None:
            self._clock = asyncio.create_task(self._time_turns(self.turn_time))
        self._advance()

    @property
    def address(self) -> tuple[str, int]:
        """The address and port listened on."""
        assert self._server is not None, "the host is not started"
        name = self._server.sockets[0].getsockname()
        return str(name[0]), int(name[1])

    def join_commands(self, address: str | None = None) -> list[tuple[str, str]]:
        """``(seat name, cardtable join line)`` per remote seat: the screen or the console
        words the name for its reader (a default name is ``Player 2`` in files)."""
        where = address or format_address(*self.address)
        return [(self.session.seats[seat].name, join_line(where, self.codes[seat])) for seat in self.remote_seats]

    async def close(self, reason: str = "the host closed the table", why: Parting = "host_closed") -> None:
        """Tell every player goodbye (``why``, for their screens; ``reason`` for logs),
        stop listening and stop the bots (the save stays)."""
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
            self._send(player, Bye(reason=reason, why=why))
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
        chose = set(self.session.chosen_ahead)
        return [msgspec.structs.replace(status, chose=True) if status.seat in chose else status for status in statuses]

    def waiting(self) -> Waiting | None:
        """Why the table waits (``None`` when it does not): for players to join, or for
        the away player whose turn it is."""
        if not self.paused:
            return None
        if self.started:
            return Waiting(started=True, seats=[self.session.choosing[0]])
        return Waiting(started=False, seats=list(self.missing))

    def _status(
        self, news: HostNews | None = None, log: HostEvent | None = None, own: tuple[int, HostNews] | None = None,
    ) -> None:
        """Tell every player who is here, whether the table waits and ``news`` (what just
        changed among the players); ``own``: a seat and the news its player is told
        instead (what only they may know); log ``log``."""
        if log is not None:
            self.log_line(log)
        self._told_paused = self.paused
        status = Status(
            paused=self.paused, seats=self.seat_statuses(), waiting=self.waiting(),
            news=[] if news is None else [news],
        )
        if self.on_status is not None:
            self.on_status(status)
        for player in list(self.players.values()):
            if own is not None and player.seat == own[0]:
                self._send(player, msgspec.structs.replace(status, news=[own[1]]))
            else:
                self._send(player, status)

    def _on_turn(self, notice: Notice) -> None:
        """A move made the table wait (the turn came to an away player) or go on: say so."""
        if isinstance(notice, (Moved, Chosen)) and not self.closed and self.paused != self._told_paused:
            self._status()

    def act_here(self, seat: int, action: str) -> Refusal | None:
        """A move made at the host's own keyboard (a ``human`` seat): through the session
        like any, refused until every player joined; then the bots go on.  Returns why
        it was refused, or ``None``."""
        if self.session.seats[seat].kind is not SeatKind.HUMAN:
            return NotAtThisKeyboard(seat)
        waiting = self.waiting()
        if not self.started and waiting is not None:
            return TableWaits(pause_of(waiting))
        refusal = self.session.make_move(seat, action)
        if refusal is None:
            self._advance()
        return refusal

    # --- connections --------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        crowded = self.admission.hold(address)
        try:
            joined = await self._join(ws, address, crowded)
        finally:
            if not crowded:
                self.admission.release(address)
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

    async def _refuse(
        self, ws: ServerConnection, reason: str, why: Parting | None = None, seconds: float | None = None
    ) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(Error(reason=reason, fatal=True, why=why, seconds=seconds)).decode("utf-8"))
            await ws.close(1008, reason[:100])

    async def _join(self, ws: ServerConnection, address: str, crowded: bool = False) -> Player | None:
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
            await self._refuse(ws, "say hello first: {\"type\": \"hello\", \"version\": 1, \"code\": ...}",
                               "say_hello")
            return None
        if hello.version != PROTOCOL_VERSION:
            await self._refuse(ws, (
                f"this host speaks protocol version {PROTOCOL_VERSION}, not {hello.version}: "
                "the host and its players need the same release of cardtable"
            ))
            return None
        seat = self.admission.seat_for(hello.code)
        if seat is None:
            slow = self.admission.wrong_code(address)
            self.log_line(WrongCode(address))
            if crowded:
                await self._refuse(ws, "too many connections waiting to join; try again soon", "crowded")
                return None
            if await self.admission.hung_up_within(ws, self.limits.slow_delay if slow else self.limits.wrong_code_delay):
                return None  # its place is free again at once
            more = f" (too many from your address: each try now waits {self.limits.slow_delay:g} seconds)"
            await self._refuse(ws, "wrong code: no seat at this table has it" + (more if slow else ""), "wrong_code",
                               self.limits.slow_delay if slow else None)
            return None
        if self.closed or self.session.closed:
            await self._refuse(ws, "the table is closed", "table_closed")
            return None
        wait = self.admission.join_wait(seat)
        if wait is not None:
            self.log_line(JoinedTooOften(self.session.seats[seat].name))
            await self._refuse(ws, f"this seat joined too often lately; try again in {wait} seconds",
                               "joined_too_often", wait)
            return None
        return self._seat(ws, seat, hello.name)

    # the admission's books, as the tests and a debugger read them on the host
    @property
    def _failures(self) -> dict[str, deque[float]]:
        return self.admission.failures

    @property
    def _pending(self) -> int:
        return self.admission.pending

    @property
    def _pending_from(self) -> dict[str, int]:
        return self.admission.pending_from

    def _seat(self, ws: ServerConnection, seat: int, name: str) -> Player:
        player = Player(ws, seat, self.limits)
        player.writer = asyncio.create_task(player.write())
        old = self.players.get(seat)
        if old is not None:
            self._send(old, Bye(reason="your seat was joined from another connection", why="joined_elsewhere"))
            old.queue.put_nowait(None)
        self.players[seat] = player
        renamed = self._rename(seat, name)
        returned = seat in self.handed
        if returned:
            self._give_back(seat)
        self._send(player, Welcome(
            version=PROTOCOL_VERSION, seat=seat, game=self.session.game, title=self.session.state.rules.title,
            seats=self.seat_statuses(), options=dict(self.session.state.options), last_seq=self.last_seq[seat],
            turn_time=self.turn_time,
        ))
        self._send_state(player, fresh=True)
        who = self.session.seats[seat].name
        again = seat in self._joined
        self._joined.add(seat)
        self._status(JoinedNews(seat=seat, again=again, was=renamed, from_bot=returned),
                     log=SeatJoined(who, again, renamed))
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

    def _gone(self, player: Player) -> None:
        """``player``'s connection ended: if it still held its seat, the seat waits."""
        if player.writer is not None and not player.writer.done():
            player.queue.put_nowait(None)
        if self.players.get(player.seat) is not player:
            return  # replaced by a newer connection, or the host closed
        del self.players[player.seat]
        if self.closed:
            return
        log = SeatLeft(self.session.seats[player.seat].name)
        if self.session.is_over:
            self._status(LeftNews(seat=player.seat), log=log)
            return
        if self._bot_request is not None and self.paused:
            self._bot_request.cancel()
        self._status(LeftNews(seat=player.seat), log=log)

    # --- messages from a player ---------------------------------------------------------
    def _take(self, player: Player, data: str | bytes) -> bool:
        """Handle one message; ``False`` closes the connection."""
        if self.players.get(player.seat) is not player:
            return False
        if not player.bucket.allow():
            player.over_limit += 1
            if player.over_limit >= self.limits.flood_close:
                self._send(player, Error(reason="too many messages: closing the connection", fatal=True, why="flood"))
                self.log_line(Flooded(self.session.seats[player.seat].name))
                return False
            now = time.monotonic()
            if now - player.warned_at >= 1.0:
                player.warned_at = now
                self._send(player, Error(reason="too many messages: slow down; messages are being dropped",
                                         why="slow_down"))
            return True
        if isinstance(data, bytes):
            self._send(player, Error(reason="send text messages (JSON), not binary ones", why="binary"))
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
        self._send(player, Error(reason="already joined: hello is only the first message", why="already_joined"))
        return True

    def _act(self, player: Player, act: Act) -> None:
        seat = player.seat
        last = self.last_seq[seat]
        if act.seq <= last:
            self._send(player, Refused(seq=act.seq, kind="repeat", last=last))
            return
        self.last_seq[seat] = act.seq
        if not self.started:
            self._send(player, Refused(seq=act.seq, kind="waiting", waiting=self.waiting()))
            return
        if seat in self.handed:
            self._send(player, Refused(seq=act.seq, kind="bot_plays"))
            return
        refusal = self.session.make_move(seat, act.action)
        if refusal is not None:
            self._send(player, refused_message(act.seq, refusal))
            return
        # A move is told by its notice: Moved, or Chosen for a choice made ahead of its
        # turn (Hearts' pass), each of which sends every player its state once.
        self._advance()

    # --- telling the players ------------------------------------------------------------
    def _send(self, player: Player, message: Any) -> None:
        data = encode(message)
        if self.on_send is not None:
            self.on_send(player.seat, data)
        if not player.send(data):
            # They stopped reading: their seat waits as if their line dropped.
            self.log_line(NotReading(self.session.seats[player.seat].name))
            with contextlib.suppress(Exception):
                player.ws.transport.abort()

    def _send_state(self, player: Player, fresh: bool = False) -> None:
        """Send ``player`` its seat's state: whole to a new connection, else what changed
        (:func:`~cardtable.net.broadcast.state_message`)."""
        self._send(player, state_message(
            self.session, player, self.last_seq.get(player.seat, 0), fresh, clocks=self.clock_statuses()
        ))

    def _on_notice(self, notice: Notice) -> None:
        match notice:
            case Moved(seat=seat):
                for player in list(self.players.values()):
                    self._send_state(player)
                public = self.session.state.public_history(None)
                move = str(public[-1][1]) if public else ""
                self.log_line(SeatMoved(self.session.seats[seat or 0].name, move))
            case Chosen():
                # A choice made ahead (by its player or a bot standing in): that seat is no
                # longer asked and holds three cards fewer, and each seat's state says it
                # chose (its own says what, no other's does).
                for player in list(self.players.values()):
                    self._send_state(player)
                if self.players:
                    self._status()
            # The host's own disk: not the players' business.
            case SaveWarning(message=line):
                self.log_line(SavingTrouble(line))
            case SaveFailed(reason=line):
                self.log_line(SavingTrouble(line, failed=True))
            case Finished():
                self.log_line(ResultRecorded())
        if self.session.is_over and not self._finished.is_set():
            self._finished.set()
            self._status(GameOverNews(), log=GameOver())

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
                self.log_line(UserBotFailed(self.session.seats[failed].name, self.session.bot_failures.get(failed, "")))
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

def _log_event(event: HostEvent) -> None:
    """The host's log without a screen to word it: each event as data, for a developer."""
    log.info("%r", event)


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
