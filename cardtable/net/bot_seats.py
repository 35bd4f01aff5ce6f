"""Seats handed to bots at a networked table: :class:`BotSeats`, a part of
:class:`~cardtable.net.host.NetHost`.

A remote player's seat may be played by a bot while its player is away: the host
hands it (:meth:`BotSeats.hand_to_bot`; the host's seats pop-up, key B), or a seat
left empty ``bot_after`` seconds goes to a bot by itself
(:meth:`BotSeats.watch_empty_seats`), and the seat goes back to its player when they
rejoin (:meth:`BotSeats.take_back`).  With a turn clock (``turn_time``) a bot makes the
move of a remote player who took too long over it, and the seat stays theirs.  The
save keeps every remote seat remote.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from cardtable.net.host_events import BotLeftSeat, HostEvent, SeatToBot, TimeRanOut
from cardtable.net.protocol import ClockStatus, HostNews, SeatBackNews, SeatToBotNews, TimeRanOutNews
from cardtable.session import Seat, SeatKind, TableSession

if TYPE_CHECKING:
    from cardtable.net.broadcast import Player

__all__ = ["BotSeats"]


class BotSeats:
    """The host's seats handed to bots and its turn clock (mixed into
    :class:`~cardtable.net.host.NetHost`, which sets the attributes below)."""

    session: TableSession
    #: the seats of players elsewhere (a seat handed to a bot stays one of them)
    remote_seats: tuple[int, ...]
    players: dict[int, Player]
    #: remote seats a bot plays for now, with its level
    handed: dict[int, str]
    closed: bool
    bot_after: float | None
    bot_level: str
    turn_time: float | None
    _watcher: asyncio.Task[None] | None
    #: per timed seat, which turn it is timed for and since when (:meth:`_time_turns`)
    _clocks: dict[int, tuple[int | None, float]]

    if TYPE_CHECKING:
        # The host's own, which a seat handed over or taken back uses.
        @property
        def started(self) -> bool:
            raise NotImplementedError

        def _status(
            self, news: HostNews | None = None, log: HostEvent | None = None, own: tuple[int, HostNews] | None = None
        ) -> None: ...

        def _advance(self) -> None: ...

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
        self._status(SeatToBotNews(seat=seat, level=level), log=SeatToBot(name, level))
        self._advance()

    def take_back(self, seat: int) -> None:
        """Give ``seat`` back to its player from the bot that played it (the table waits
        for the player if they are not connected)."""
        if seat not in self.handed:
            return
        self._give_back(seat)
        name = self.session.seats[seat].name
        self._status(SeatBackNews(seat=seat, player_here=seat in self.players), log=BotLeftSeat(name))
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

    # --- the turn clock ----------------------------------------------------------------
    def _timed_seats(self) -> tuple[int, ...]:
        """The remote seats whose players the table waits on now: the seat to act and,
        where several choose at once (Hearts' pass), every remote seat still choosing."""
        if self.closed or not self.started:
            return ()
        return tuple(seat for seat in self.session.choosing if seat in self.remote_seats and seat not in self.handed)

    async def _time_turns(self, seconds: float) -> None:
        """Have a ``bot_level`` bot make the move of a remote player who took longer than
        ``seconds`` over it (connected or away); the seat stays theirs for the next."""
        clocks = self._clocks
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
        before = len(self.session.state.history)
        if self.closed or self.session.bot_answer(answer) != "played":
            return False
        name = self.session.seats[seat].name
        seconds = float(self.turn_time or 0.0)
        # The move made, as played or kept ahead of its turn: told to the seat's player alone.
        made = [action for who, action in self.session.state.history[before:] if who == seat]
        action = made[0] if made else self.session.chosen_ahead_by(seat)
        news = TimeRanOutNews(seat=seat, seconds=seconds, level=level)
        own = (seat, TimeRanOutNews(seat=seat, seconds=seconds, level=level, action=str(action or "")))
        self._status(news, log=TimeRanOut(name), own=own)
        self._advance()
        return True

    def clock_statuses(self) -> list[ClockStatus]:
        """The seats the turn clock times now, with the seconds each has left (a turn just
        come has all of them: its clock starts at its next tick)."""
        if self.turn_time is None:
            return []
        now = time.monotonic()
        statuses = []
        for seat in self._timed_seats():
            turn = len(self.session.state.history) if seat == self.session.state.current_player else None
            kept = self._clocks.get(seat)
            spent = now - kept[1] if kept is not None and kept[0] == turn else 0.0
            statuses.append(ClockStatus(seat=seat, left=max(0.0, self.turn_time - spent), limit=self.turn_time))
        return statuses
