"""A seat played from elsewhere, as the game screen plays a table: :class:`RemoteSession`.

A player who joined a hosted table has no game state, only what the host sends its
seat (:class:`~cardtable.net.client.TableClient`): the seat's observation, the texts of
its legal actions, whose turn it is, who is at the table.  A :class:`RemoteSession` is
a :class:`~cardtable.session.protocol.TableProtocol` over that, so the same screen
plays a remote seat.  It has the core and what it really offers:

- :meth:`observation` is the seat's observation, rebuilt as the game's own object;
  there is no other seat's to give.
- :meth:`act` sends the move's text and returns at once; the host's answer comes
  later, as a :class:`~cardtable.session.notices.Moved` notice (the new state) or a
  :class:`~cardtable.session.notices.Refused` one.  :attr:`waiting` is true in between.
- ``hints``: the hard bot thinking on this seat's observation and legal moves only.
- ``presence``: who is at the table and why it waits, as the host last said;
  ``clock``: the host's turn clock, where it has one.
- no ``bot_turns`` (the host runs the bots), no ``undoing`` (other people are at the
  table), no ``handover`` (one person at this keyboard), no ``saving`` (the host saves).

What the host tells of its players comes as data and is told as notices: each item of
a status's news (:class:`~cardtable.session.notices.Joined`, ``Left``, ``SeatToBot``,
``SeatBack``, ``TimeRanOut``, ``GameOver``), then ``Paused`` while the table waits,
then ``Changed``; a lost connection is ``Disconnected``.

>>> from cardtable.net.protocol import SeatStatus
>>> seats_from_statuses([SeatStatus(0, "Ann", "remote", "", True), SeatStatus(1, "Ada", "bot", "hard", True),
...                      SeatStatus(2, "Cleo", "remote", "normal", False)])
(Seat(name='Ann', kind=<SeatKind.REMOTE: 'remote'>, bot=''), Seat(name='Ada', kind=<SeatKind.BOT: 'bot'>, bot='hard'), \
Seat(name='Cleo', kind=<SeatKind.REMOTE: 'remote'>, bot=''))
>>> presences([SeatStatus(0, "Ann", "remote", "", True), SeatStatus(1, "Ada", "bot", "hard", True)])
(SeatPresence(seat=0, person=True, connected=True, level='', chose=False), \
SeatPresence(seat=1, person=False, connected=True, level='hard', chose=False))
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.bots import is_import_path
from cardtable.bots.search.pool import play_workers
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.payloads import EventKind, Exchange
from cardtable.errors import CardtableError
from cardtable.net.client import HostMessage, TableClient
from cardtable.net.protocol import Refused as RefusedMessage
from cardtable.net.protocol import SeatStatus, StateUpdate, Status, Welcome, news_of, pause_of, refusal_of
from cardtable.session import HintAnswer, HintRequest, Seat, SeatKind
from cardtable.session.base import SessionBase
from cardtable.session.capabilities import SeatHints
from cardtable.session.notices import (
    Changed,
    ConnectionLost,
    Disconnected,
    HandHidden,
    Moved,
    NotAtThisKeyboard,
    NotConnected,
    NotSent,
    Pause,
    Paused,
    Refusal,
    Refused,
    StillOnItsWay,
    TableClosed,
    TableWaits,
)
from cardtable.session.protocol import (
    BotTurns,
    Hints,
    HotSeat,
    Presence,
    Saving,
    SeatClock,
    Seating,
    SeatPresence,
    TableProtocol,
    TurnClock,
    Undo,
)

__all__ = ["RemoteSession", "presences", "seats_from_statuses"]


def seats_from_statuses(statuses: Sequence[SeatStatus]) -> tuple[Seat, ...]:
    """The seats as the host describes them (a remote seat handed to a bot stays remote)."""
    seats = []
    for status in sorted(statuses, key=lambda s: s.seat):
        if status.kind == "bot":
            # The level is the host's word: shown, never a bot to load here.
            level = status.level if status.level and not is_import_path(status.level) else "bot"
            seats.append(Seat.bot_seat(status.name, level))
        else:
            # A player elsewhere, or the host's own player: a person, but not at this keyboard.
            seats.append(Seat(status.name, SeatKind.REMOTE))
    return tuple(seats)


def presences(statuses: Sequence[SeatStatus]) -> tuple[SeatPresence, ...]:
    """Each seat's presence as the host describes it, in seat order."""
    return tuple(
        SeatPresence(status.seat, status.kind != "bot", status.connected, status.level, status.chose)
        for status in sorted(statuses, key=lambda s: s.seat)
    )


class _RemotePresence:
    """Who is at a joined seat's table and why it waits, as its host last said."""

    def __init__(self, client: TableClient) -> None:
        self._client = client

    @property
    def seats(self) -> tuple[SeatPresence, ...]:
        return presences(self._client.seats)

    @property
    def pause(self) -> Pause | None:
        client = self._client
        if client.is_over:
            return None
        if client.closed_reason is not None:
            return ConnectionLost(client.closed_reason, client.closed_why, client.closed_seconds)
        if client.paused and client.pause is not None:
            return pause_of(client.pause)
        return None


class _RemoteClock:
    """The host's turn clock, as of its last state (the seconds left run on here)."""

    def __init__(self, client: TableClient, limit: float) -> None:
        self._client = client
        self.limit = limit

    def clocks(self) -> tuple[SeatClock, ...]:
        client = self._client
        if client.is_over or client.paused or client.closed_reason is not None:
            return ()
        spent = time.monotonic() - client.clocks_at
        return tuple(SeatClock(clock.seat, max(0.0, clock.left - spent), clock.limit) for clock in client.clocks)


class RemoteSession(SessionBase):
    """One seat of a hosted table, as a :class:`~cardtable.session.protocol.TableProtocol`.

    ``client`` has joined already (its seat, seats and first state are in).
    ``hint_iterations`` fixes the hint search's size (tests), else it has its budget.
    """

    #: one person at this keyboard: the table is drawn from our seat, our hand on show
    hotseat = False
    #: a game over here cannot be dealt again from this screen (the host deals)
    local = False

    def __init__(self, client: TableClient, *, hint_iterations: int | None = None) -> None:
        if client.seat is None or client.observation is None:
            raise ValueError("join the table before making its session")
        super().__init__()
        self.client = client
        self.seat: int = client.seat
        self.viewer = self.seat
        self.revealed: int | None = self.seat
        self.hint_iterations = hint_iterations
        #: the hint's thinking time a decision (``None``: the default)
        self.think_time: float | None = None
        #: the processes the hint's hard bot searches in
        self.workers = play_workers()
        #: the number of our move on its way (0: none)
        self._sent = 0
        self._tasks: set[asyncio.Task[Any]] = set()
        self._legal: tuple[tuple[str, ...], list[Action]] = ((), [])
        #: the cards passed or given to this seat since joining, not told yet
        self._received: list[Event] = []
        #: events cut from the front of the client's log when last told
        self._dropped = client.dropped
        self._presence = _RemotePresence(client)
        client.listener = self._heard

    # --- the table ------------------------------------------------------------------
    @property
    def state(self) -> None:
        """The game state is the host's: this side holds its seat's observation only."""
        return None

    @property
    def game(self) -> str:
        return self.client.game

    @property
    def seats(self) -> tuple[Seat, ...]:
        return seats_from_statuses(self.client.seats)

    @property
    def num_players(self) -> int:
        return self._view().num_players

    @property
    def seed(self) -> int | None:
        """The deal's seed is the host's secret (it would tell every hand)."""
        return None

    # --- whose turn -----------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.client.is_over else self.client.to_act

    @property
    def human_to_act(self) -> bool:
        """Our seat is to act (a move of ours on its way counts as not yet answered)."""
        return self.to_act == self.seat and not self.waiting

    @property
    def bot_to_act(self) -> bool:
        """A bot is to move: one of the host's, or one playing for a player who is away."""
        seat = self.to_act
        if seat is None:
            return False
        return self.seats[seat].is_bot or any(status.seat == seat and status.level for status in self.client.seats)

    @property
    def waiting(self) -> bool:
        """A move of ours was sent and the host has not answered it yet."""
        return bool(self._sent) or self.client.waiting

    @property
    def is_over(self) -> bool:
        return self.client.is_over

    def _view(self) -> Observation:
        view = self.client.view
        assert view is not None, "joined, so the first state is in"
        return view

    def observation(self, seat: int) -> Observation:
        """Our seat's observation: the only one this side of the table has."""
        if seat != self.seat:
            raise ValueError(f"this player sits at seat {self.seat}, not {seat}")
        return self._view()

    def legal_actions(self) -> Sequence[Action]:
        """Our legal moves, read from the host's texts (empty when it is not our turn)."""
        texts = tuple(self.client.legal)
        if self._legal[0] != texts:
            self._legal = (texts, [Action.parse(text) for text in texts])
        return self._legal[1]

    def take_received(self, seat: int) -> list[Event]:
        """The cards passed or given to us that we were not told of yet, told once."""
        told, self._received = self._received, []
        return [event for event in told if Exchange.of(event).receiver == seat]

    # --- moves ------------------------------------------------------------------------
    def act(self, seat: int, action: Action | str) -> Refusal | None:
        """Send our move to the host; ``None`` when sent (the answer comes as a notice),
        else why it was not sent."""
        if self.closed:
            return TableClosed()
        if self.client.closed_reason is not None or not self.client.connected:
            if self.client.closed_reason is None:
                return NotConnected("the connection closed", "connection_closed")
            return NotConnected(self.client.closed_reason, self.client.closed_why, self.client.closed_seconds)
        if seat != self.seat:
            return NotAtThisKeyboard(seat)
        if self.waiting:
            return StillOnItsWay()
        pause = self._presence.pause
        if pause is not None:
            return TableWaits(pause)
        text = str(action)
        self._sent = self.client.seq + 1
        task = asyncio.get_running_loop().create_task(self._send(text))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return None

    async def _send(self, text: str) -> None:
        try:
            await self.client.act(text)
        except (CardtableError, OSError) as exc:
            self._sent = 0
            self._tell(Refused(self.seat, NotSent(str(exc))))
        except Exception as exc:  # noqa: BLE001 - a closed connection (websockets' own error) is told, not raised
            self._sent = 0
            self._tell(Refused(self.seat, NotSent(str(exc))))

    def close(self) -> None:
        """Leave the table: the seat waits at the host for us to rejoin."""
        if self.closed:
            return
        self.closed = True
        self.cancel_thinking()
        with contextlib.suppress(RuntimeError):  # no running loop: the app is gone already
            task = asyncio.get_running_loop().create_task(self.client.close())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    # --- the capabilities ---------------------------------------------------------------
    #: the host runs the bots, and one person plays here: no undo, no hand-over; the
    #: host saves the game and hands its players' seats to bots
    bot_turns: BotTurns | None = None
    handover: HotSeat | None = None
    undoing: Undo | None = None
    saving: Saving | None = None
    seating: Seating | None = None

    @property
    def hints(self) -> Hints | None:
        """The hard bot's hint, thinking on our seat's observation only."""
        return SeatHints(self.hint_request, self.hint_answer, self._configure_hints)

    @property
    def presence(self) -> Presence | None:
        return self._presence

    @property
    def clock(self) -> TurnClock | None:
        limit = self.client.turn_time
        return None if limit is None else _RemoteClock(self.client, limit)

    # --- hints: our own observation only -----------------------------------------------
    def hint_refusal(self, seat: int) -> str | None:
        if self.is_over or seat != self.seat or not self.human_to_act or self._presence.pause is not None:
            return "A hint is for your own turn."
        return None

    def hint_request(self, seat: int) -> HintRequest | str:
        problem = self.hint_refusal(seat)
        if problem is not None:
            return problem
        view = self._view()
        # The seed follows what this seat saw, so the same position gives the same hint.
        seed = (len(view.events) * 7919 + self.seat) % 2**32
        request = HintRequest(
            seat, self.generation, self.game, seed, self.hint_iterations, view, self.legal_actions(),
            time_budget=self.think_time, workers=self.workers,
        )
        return self.ask(request)

    def hint_answer(self, answer: HintAnswer) -> Action | None:
        if answer.action is None or self.closed or answer.generation != self.generation or not self.human_to_act:
            return None
        return answer.action

    def _configure_hints(self, think_time: float | None, cores: int | None, iterations: int | None) -> None:
        """The hint's thinking time, processes and size from the next one on."""
        self.think_time = think_time
        self.workers = play_workers(cores)
        self.hint_iterations = iterations

    # --- what the host says ---------------------------------------------------------------
    def _heard(self, message: HostMessage) -> None:
        if self.closed:
            return
        if isinstance(message, StateUpdate):
            self.cancel_thinking()
            mine = bool(self._sent) and message.last_seq >= self._sent
            if mine:
                self._sent = 0
            fresh = self.client.news_events
            self._received += [event for event in fresh if event.kind == EventKind.EXCHANGE and event.cards]
            if fresh:
                self._tell(Moved(self.seat if mine else None, events=fresh))
            if self.client.dropped != self._dropped:
                # The log's older events are gone (a new round): the screen reads its
                # log afresh from the events kept, as after a hot-seat hand-over.
                self._dropped = self.client.dropped
                self._tell(HandHidden(self.seat))
            self._tell(Changed())
        elif isinstance(message, RefusedMessage):
            if self._sent and message.seq >= self._sent:
                self._sent = 0
            self._tell(Refused(self.seat, refusal_of(message, self.seat)))
        elif isinstance(message, (Status, Welcome)):
            if isinstance(message, Status):
                for news in message.news:
                    self._tell(news_of(news))
                pause = self._presence.pause
                if pause is not None:
                    self._tell(Paused(pause))
            self._tell(Changed())

    def watch(self) -> None:
        """Tell the screen when the connection ends (with a goodbye or without a word):
        call once, from the event loop the client runs in."""
        task = asyncio.get_running_loop().create_task(self._watch())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _watch(self) -> None:
        await self.client.wait_for(lambda c: c.closed_reason is not None, timeout=10.0**9)
        self._sent = 0
        if not self.closed:
            self._tell(Disconnected(self.client.closed_reason or "the connection closed", self.client.closed_why,
                                    self.client.closed_seconds))
            self._tell(Changed())


#: mypy checks here that a seat joined from elsewhere is a table a screen can play
_AS_TABLE: Callable[..., TableProtocol] = RemoteSession
