"""A seat played from elsewhere, as the game screen plays a table: :class:`RemoteSession`.

The game screen draws a :class:`~cardtable.session.TableSession` and routes keys to
it.  A player who joined a hosted table has no game state, only what the host sends
its seat (:class:`~cardtable.net.client.TableClient`): the seat's observation, the
texts of its legal actions, whose turn it is, who is at the table.  A
:class:`RemoteSession` offers the same interface as a ``TableSession`` over that, so
the same screen code plays a remote seat:

- :meth:`observation` is the seat's observation, rebuilt as the game's own object;
  there is no other seat's to give.
- :meth:`act` sends the move's text and returns at once; the host's answer comes
  later, as a ``moved`` notice (the new state) or a ``refused`` one (the host's
  reason).  :attr:`waiting` is true in between.
- a hint is the hard bot thinking on this seat's observation and legal moves only.
- there is no undo (other people are at the table) and no bot to run here: the host
  runs the bots.

Its extra notices: ``changed`` (a new state or status: redraw), ``refused`` (``text``:
the host's reason), ``status`` (who is connected, paused or not; ``text``: the host's
line), ``disconnected`` (``text``: why).

>>> from cardtable.net.protocol import SeatStatus
>>> seats_from_statuses([SeatStatus(0, "Ann", "remote", "", True), SeatStatus(1, "Ada", "bot", "hard", True),
...                      SeatStatus(2, "Cleo", "remote", "normal", False)])
(Seat(name='Ann', kind=<SeatKind.REMOTE: 'remote'>, bot=''), Seat(name='Ada', kind=<SeatKind.BOT: 'bot'>, bot='hard'), \
Seat(name='Cleo', kind=<SeatKind.REMOTE: 'remote'>, bot=''))
>>> presence_line([SeatStatus(0, "Ann", "remote", "", True), SeatStatus(1, "Ada", "bot", "hard", True),
...                SeatStatus(2, "Cleo", "remote", "normal", False), SeatStatus(3, "Dan", "remote", "", False)])
'at the table: Ann · away: Cleo (a normal bot plays), Dan'
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.bots import is_import_path
from cardtable.bots.search.pool import play_workers
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.payloads import EventKind, Exchange
from cardtable.engine.state import GameState
from cardtable.errors import CardtableError
from cardtable.net.client import HostMessage, TableClient
from cardtable.net.protocol import Refused, SeatStatus, StateUpdate, Status, Welcome
from cardtable.session import BotOutcome, HintAnswer, HintRequest, Notice, NoticeKind, Saver, Seat, SeatKind
from cardtable.session.base import SessionBase
from cardtable.session.protocol import TableProtocol

__all__ = ["RemoteSession", "a_bot", "away_words", "presence_line", "seats_from_statuses"]


def seats_from_statuses(statuses: Sequence[SeatStatus]) -> tuple[Seat, ...]:
    """The seats as the host describes them (a remote seat handed to a bot stays remote)."""
    seats = []
    for status in sorted(statuses, key=lambda s: s.seat):
        if status.kind == "bot":
            # The level is the host's word: shown, never a bot to load here.
            level = status.level if status.level and not is_import_path(status.level) else "bot"
            seats.append(Seat.bot_seat(status.name, level))
        elif status.kind == "human":
            # The host's own player: a person, but not at this keyboard.
            seats.append(Seat(status.name, SeatKind.REMOTE))
        else:
            seats.append(Seat(status.name, SeatKind.REMOTE))
    return tuple(seats)


def presence_line(statuses: Sequence[SeatStatus]) -> str:
    """Who of the people is at the table and who is away, in one line (bots left out)."""
    here = [s.name for s in statuses if s.kind != "bot" and s.connected]
    away = [
        f"{s.name} ({a_bot(s.level)} plays)" if s.level else s.name
        for s in statuses if s.kind != "bot" and not s.connected
    ]
    line = f"at the table: {', '.join(here) or 'nobody'}"
    return f"{line} · away: {', '.join(away)}" if away else line


def a_bot(level: str) -> str:
    """``a hard bot``, ``an easy bot``: a level as a sentence names its bot.

    >>> a_bot("easy"), a_bot("normal")
    ('an easy bot', 'a normal bot')
    """
    return f"{'an' if level[:1].lower() in 'aeiou' and level else 'a'} {level} bot"


def away_words(connected: bool, level: str) -> tuple[str, ...]:
    """What a person's seat box adds on every screen when they are not at the table:
    ``away``, or which bot plays for them meanwhile.

    >>> away_words(True, ""), away_words(False, ""), away_words(False, "hard")
    ((), ('away',), ('a hard bot plays',))
    """
    if connected and not level:
        return ()
    return (f"{a_bot(level)} plays",) if level else ("away",)


class RemoteSession(SessionBase):
    """One seat of a hosted table, behind the interface the game screen uses
    (:class:`~cardtable.session.protocol.TableProtocol`).

    ``client`` has joined already (its seat, seats and first state are in).
    ``hint_iterations`` fixes the hint search's size (tests), else it has its budget.
    """

    #: the host keeps the game and its save; nothing is saved here
    saver: Saver | None = None
    #: the game state is the host's: this side holds its seat's observation only
    state: GameState | None = None
    hotseat = False
    table_only = False
    #: the host runs the bots
    bots_elsewhere = True
    #: a game over here cannot be dealt again from this screen (the host deals)
    local = False
    #: the host serves the other players, not this keyboard
    hosting = False

    def __init__(self, client: TableClient, *, hint_iterations: int | None = None, pace: str = "normal") -> None:
        if client.seat is None or client.observation is None:
            raise ValueError("join the table before making its session")
        super().__init__()
        self.client = client
        self.seat: int = client.seat
        self.viewer = self.last_seen = self.seat
        self.revealed: int | None = self.seat
        self.hint_iterations = hint_iterations
        self.pace = pace
        #: the hint's thinking time a decision (``None``: the default)
        self.think_time: float | None = None
        #: the processes the hint's hard bot searches in
        self.workers = play_workers()
        self.bot_failures: dict[int, str] = {}
        #: the number of our move on its way (0: none)
        self._sent = 0
        self._tasks: set[asyncio.Task[Any]] = set()
        self._legal: tuple[tuple[str, ...], list[Action]] = ((), [])
        #: the cards passed or given to this seat since joining, not told yet
        self._received: list[Event] = []
        #: events cut from the front of the client's log when last told
        self._dropped = client.dropped
        client.listener = self._heard

    # --- the table ------------------------------------------------------------------
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
    def human_seats(self) -> tuple[int, ...]:
        """Only our own seat is played at this keyboard."""
        return (self.seat,)

    @property
    def seed(self) -> int | None:
        """The deal's seed is the host's secret (it would tell every hand)."""
        return None

    @property
    def undo_used(self) -> bool:
        return False

    @property
    def undo_offered(self) -> bool:
        return False

    @property
    def paused(self) -> bool:
        return self.client.paused

    @property
    def pause_line(self) -> str:
        """Why nobody moves, when the table waits (the host's line), else empty."""
        if self.client.is_over:
            return ""
        if self.client.closed_reason is not None:
            return f"Disconnected: {self.client.closed_reason}. Run the same join command to come back."
        if self.client.paused:
            return self.client.message or "Paused: a player is away."
        return ""

    @property
    def presence(self) -> str:
        """Who is at the table, as the host last said; once the connection is lost,
        only that (the host's last word on who is there is out of date)."""
        if self.client.closed_reason is not None and not self.client.is_over:
            return "disconnected"
        return presence_line(self.client.seats)

    def seat_words(self, seat: int) -> tuple[str, ...]:
        """What the seat box adds for a person who is away."""
        for status in self.client.seats:
            if status.seat == seat and status.kind != "bot":
                return away_words(status.connected, status.level)
        return ()

    # --- whose turn -----------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.client.is_over else self.client.to_act

    @property
    def seat_to_act(self) -> Seat | None:
        seat = self.to_act
        return None if seat is None else self.seats[seat]

    @property
    def human_to_act(self) -> bool:
        """Our seat is to act (a move of ours on its way counts as not yet answered)."""
        return self.to_act == self.seat and not self.waiting

    @property
    def bot_to_act(self) -> bool:
        """A bot is to move: one of the host's, or one playing for a player who is away."""
        spec = self.seat_to_act
        if spec is None:
            return False
        return spec.is_bot or any(status.seat == self.to_act and status.level for status in self.client.seats)

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

    def public_observation(self) -> Observation:
        return self._view()

    def legal_actions(self) -> Sequence[Action]:
        """Our legal moves, read from the host's texts (empty when it is not our turn)."""
        texts = tuple(self.client.legal)
        if self._legal[0] != texts:
            self._legal = (texts, [Action.parse(text) for text in texts])
        return self._legal[1]

    # --- moves ------------------------------------------------------------------------
    def act(self, seat: int, action: Action | str) -> str | None:
        """Send our move to the host; ``None`` when sent (the answer comes as a notice),
        else why it was not sent."""
        if self.closed:
            return "the table is closed"
        if self.client.closed_reason is not None or not self.client.connected:
            return f"not connected to the table: {self.client.closed_reason or 'the connection closed'}"
        if seat != self.seat:
            return f"this player sits at seat {self.seat}"
        if self.waiting:
            return "your last move is still on its way to the host"
        if self.client.paused:
            return self.client.message or "the table is paused"
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
            self._tell(Notice(NoticeKind.REFUSED, self.seat, text=str(exc)))
        except Exception as exc:  # noqa: BLE001 - a closed connection (websockets' own error) is told, not raised
            self._sent = 0
            self._tell(Notice(NoticeKind.REFUSED, self.seat, text=f"the move was not sent: {exc}"))

    # --- bots: the host runs them -------------------------------------------------------
    def bot_request(self) -> None:
        return None

    def failed_bot(self) -> None:
        return None

    def bot_answer(self, answer: object) -> BotOutcome:
        return "stale"

    def replace_bot(self, seat: int, level: str) -> None:
        raise CardtableError("the host decides who plays each seat")

    def set_think_time(self, seconds: float | None) -> None:
        """The hint's thinking time from the next one on (the host's bots have their own)."""
        self.think_time = seconds

    def set_bot_cores(self, cores: int | None) -> None:
        """The most processes the hint searches in from the next one on."""
        self.workers = play_workers(cores)

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

    # --- hot-seat: never (one person at this keyboard) -----------------------------------
    def handover_due(self) -> None:
        return None

    def reveal_due(self) -> None:
        return None

    def hand_over(self, seat: int) -> None:
        raise CardtableError("a remote seat is never handed over")

    def reveal(self, seat: int) -> None:
        self.revealed = self.viewer = self.last_seen = self.seat

    def take_received(self, seat: int) -> list[Event]:
        """The cards passed or given to us that we were not told of yet, told once."""
        told, self._received = self._received, []
        return [event for event in told if Exchange.of(event).receiver == seat]

    # --- undo: off, with other people at the table -----------------------------------
    def undo_refusal(self) -> str:
        return "Undo is off in a game with more than one person at the table."

    def undo(self) -> str:
        return self.undo_refusal()

    # --- hints: our own observation only -----------------------------------------------
    def hint_refusal(self, seat: int) -> str | None:
        if self.is_over or seat != self.seat or not self.human_to_act or self.paused:
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

    def autosave(self) -> None:
        """The host saves the game."""

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
                self._tell(Notice(NoticeKind.MOVED, self.seat if mine else None, events=fresh))
            if self.client.dropped != self._dropped:
                # The log's older events are gone (a new round): the screen reads its
                # log afresh from the events kept, as after a hot-seat hand-over.
                self._dropped = self.client.dropped
                self._tell(Notice(NoticeKind.HAND_HIDDEN, self.seat))
            self._tell(Notice(NoticeKind.CHANGED))
        elif isinstance(message, Refused):
            if self._sent and message.seq >= self._sent:
                self._sent = 0
            self._tell(Notice(NoticeKind.REFUSED, self.seat, text=message.reason))
        elif isinstance(message, (Status, Welcome)):
            text = message.message if isinstance(message, Status) else ""
            self._tell(Notice(NoticeKind.STATUS, text=text))
            self._tell(Notice(NoticeKind.CHANGED))

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
            self._tell(Notice(NoticeKind.DISCONNECTED, text=self.client.closed_reason or "the connection closed"))
            self._tell(Notice(NoticeKind.CHANGED))


#: mypy checks here that a seat joined from elsewhere is a table a screen can play
_AS_TABLE: Callable[..., TableProtocol] = RemoteSession
