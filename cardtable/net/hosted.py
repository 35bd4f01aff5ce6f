"""The host's own seat at a networked table: :class:`HostedSession`.

``cardtable host GAME --seats human,remote,...`` opens the table screen for the seat
at the host's keyboard while the host serves the others.  A ``HostedSession`` is a
:class:`~cardtable.session.TableSession` whose table a
:class:`~cardtable.net.host.NetHost` serves (:meth:`HostedSession.serve_with`, once the
host is made), so that:

- a move of the seat at this keyboard goes through :meth:`NetHost.act_here` (refused
  until every player joined; the host's bots go on after it);
- the host runs the bots: no ``bot_turns`` for the screen, which only draws their
  moves, told by a :class:`~cardtable.session.notices.Changed` notice after each;
- ``presence`` (who is connected, who chose, why the table waits) and ``clock`` (the
  turn clock) come from the host, and each status it sends is told as its news
  (``Joined``, ``Left``, ``SeatToBot``, ``SeatBack``, ``TimeRanOut``, ``GameOver``),
  then ``Paused`` while the table waits, then ``Changed``;
- ``seating``: the host may give a remote player's seat (away, or connected but not
  moving) to a bot and take it back (the table screen's ``B``).

There is no ``undoing``: a remote player is a person at the table too.

>>> from cardtable.games import get_rules
>>> from cardtable.session import Seat, SeatKind
>>> state = get_rules("durak").new_game(players=2, seed=3)
>>> session = HostedSession(state, [Seat.human("Ann"), Seat("Bea", SeatKind.REMOTE)])
>>> session.undoing is None, session.bot_turns is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine.actions import Action
from cardtable.net.host import NetHost
from cardtable.net.protocol import Status, news_of, pause_of
from cardtable.net.remote import presences
from cardtable.session import TableSession
from cardtable.session.notices import CannotUndo, Changed, Moved, Notice, Pause, Paused, Refusal
from cardtable.session.protocol import (
    BotTurns,
    Presence,
    SeatClock,
    Seating,
    SeatingRefusal,
    SeatPresence,
    TableProtocol,
    TurnClock,
    Undo,
)

__all__ = ["HostedSession"]


class _HostPresence:
    """Who is at the host's table and why it waits, from the host itself."""

    def __init__(self, host: NetHost) -> None:
        self._host = host

    @property
    def seats(self) -> tuple[SeatPresence, ...]:
        return presences(self._host.seat_statuses())

    @property
    def pause(self) -> Pause | None:
        waiting = self._host.waiting()
        return None if waiting is None else pause_of(waiting)


class _HostClock:
    """The host's turn clock."""

    def __init__(self, host: NetHost, limit: float) -> None:
        self._host = host
        self.limit = limit

    def clocks(self) -> tuple[SeatClock, ...]:
        return tuple(SeatClock(clock.seat, clock.left, clock.limit) for clock in self._host.clock_statuses())


class _HostSeating:
    """The host's remote seats, handed to bots and taken back (by the session's own
    :meth:`HostedSession.hand_to_bot` and :meth:`HostedSession.take_back`)."""

    def __init__(self, session: HostedSession, host: NetHost) -> None:
        self._session = session
        self._host = host

    def remote(self) -> tuple[SeatPresence, ...]:
        return tuple(seat for seat in presences(self._host.seat_statuses()) if seat.seat in self._host.remote_seats)

    def hand_to_bot(self, seat: int, level: str) -> SeatingRefusal | None:
        return self._session.hand_to_bot(seat, level)

    def take_back(self, seat: int) -> SeatingRefusal | None:
        return self._session.take_back(seat)


class HostedSession(TableSession):
    """A table session served by a :class:`NetHost` and played here for its human seat."""

    #: the host's game is dealt again by hosting a new one, not from its last screen
    local = False

    net: NetHost | None = None

    def serve_with(self, host: NetHost) -> None:
        """``host`` serves this table: moves from here go through it, its news comes here."""
        self.net = host
        host.on_status = self._status

    def act(self, seat: int, action: Action | str) -> Refusal | None:
        """The seat at this keyboard moves through the host (:meth:`NetHost.act_here`,
        which makes the move with :meth:`make_move`); without a host, at the table."""
        if self.net is None or not self.seats[seat].is_human:
            return super().act(seat, action)
        return self.net.act_here(seat, str(action))

    def _tell(self, notice: Notice) -> None:
        super()._tell(notice)
        match notice:
            case Moved(seat=int(seat)) if not self.seats[seat].is_human:
                # A move made away from this keyboard (a bot's, a remote player's): redraw.
                super()._tell(Changed())

    def _status(self, status: Status) -> None:
        for news in status.news:
            super()._tell(news_of(news))
        if status.waiting is not None:
            super()._tell(Paused(pause_of(status.waiting)))
        super()._tell(Changed())

    @property
    def seed(self) -> int | None:
        """Never shown: a host's remote seats belong to people even while they are away
        and a bot plays for them (the seed would tell them every hand)."""
        if self.net is not None and self.net.remote_seats:
            return None
        return super().seed

    # --- the capabilities ----------------------------------------------------------------
    @property
    def bot_turns(self) -> BotTurns | None:
        """None: the host runs the bots' thinking; the screen must not ask them too."""
        return None

    @property
    def undoing(self) -> Undo | None:
        """None: a seat a bot plays for an away player is still that person's; their
        moves (and the others') are never taken back for them."""
        return None

    @property
    def undo_offered(self) -> bool:
        return False

    def undo_refusal(self) -> CannotUndo | None:
        return CannotUndo("others_here")

    @property
    def presence(self) -> Presence | None:
        return None if self.net is None else _HostPresence(self.net)

    @property
    def clock(self) -> TurnClock | None:
        if self.net is None or self.net.turn_time is None:
            return None
        return _HostClock(self.net, self.net.turn_time)

    @property
    def seating(self) -> Seating | None:
        return None if self.net is None else _HostSeating(self, self.net)


    # --- who plays the remote seats ------------------------------------------------------
    def hand_to_bot(self, seat: int, level: str) -> SeatingRefusal | None:
        """Let a bot of ``level`` play the remote ``seat``, away or connected (a player who
        never moves), until its player rejoins or the host takes it back; ``None`` when
        done, else why not."""
        from cardtable.bots import LEVELS

        net = self.net
        if net is None or seat not in net.remote_seats:
            return "not_remote"
        if level not in LEVELS:
            return "not_a_level"
        if net.handed.get(seat) == level:
            return "already"
        net.hand_to_bot(seat, level)
        return None

    def take_back(self, seat: int) -> SeatingRefusal | None:
        """Take the remote ``seat`` back from its bot (the table waits for its player, or
        they play on if connected); ``None`` when done, else why not."""
        net = self.net
        if net is None or seat not in net.handed:
            return "no_bot"
        net.take_back(seat)
        return None


#: mypy checks here that the host's own seat is a table a screen can play
_AS_TABLE: Callable[..., TableProtocol] = HostedSession
