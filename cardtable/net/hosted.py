"""The host's own seat at a networked table: :class:`HostedSession`.

``cardtable host GAME --seats human,remote,...`` opens the table screen for the seat
at the host's keyboard while the host serves the others.  The screen draws a
:class:`~cardtable.session.TableSession`; a ``HostedSession`` is one whose table a
:class:`~cardtable.net.host.NetHost` serves (set :attr:`HostedSession.net` once the
host is made), so that:

- a move of the seat at this keyboard goes through :meth:`NetHost.act_here` (refused
  while the table waits for a remote player; the host's bots go on after it);
- the host runs the bots (``bots_elsewhere``): the screen only draws their moves,
  told by a ``changed`` notice after each;
- who is connected and the pause come from the host (``presence``, ``pause_line``,
  ``seat_words``), and each change of them is a ``status`` notice, then ``changed``.

The host may give a remote player's seat (away, or connected but not moving) to a
bot and take it back
(:meth:`HostedSession.hand_to_bot`, :meth:`HostedSession.take_back`: the table
screen's ``B``).

Undo is off: a remote player is a person at the table too.

>>> from cardtable.games import get_rules
>>> from cardtable.session import Seat, SeatKind
>>> state = get_rules("durak").new_game(players=2, seed=3)
>>> session = HostedSession(state, [Seat.human("Ann"), Seat("Bea", SeatKind.REMOTE)])
>>> session.undo_offered, session.bots_elsewhere
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine.actions import Action
from cardtable.engine.refusals import RuleRefusal
from cardtable.net.host import NetHost
from cardtable.net.protocol import Status
from cardtable.net.remote import a_bot, away_words, presence_line
from cardtable.session import Notice, NoticeKind, TableSession
from cardtable.session.protocol import TableProtocol

__all__ = ["HostedSession"]


class HostedSession(TableSession):
    """A table session served by a :class:`NetHost` and played here for its human seat."""

    #: the host runs the bots' thinking; the screen must not ask them too
    bots_elsewhere = True
    #: the host's game is dealt again by hosting a new one, not from its last screen
    local = False
    #: this keyboard serves the players elsewhere (the screen has the seats' pop-up)
    hosting = True

    net: NetHost | None = None

    def serve_with(self, host: NetHost) -> None:
        """``host`` serves this table: moves from here go through it, its news comes here."""
        self.net = host
        host.on_status = self._status

    def act(self, seat: int, action: Action | str) -> RuleRefusal | str | None:
        """The seat at this keyboard moves through the host (:meth:`NetHost.act_here`,
        which makes the move with :meth:`make_move`); without a host, at the table."""
        if self.net is None or not self.seats[seat].is_human:
            return self.make_move(seat, action)
        return self.net.act_here(seat, str(action))

    def _tell(self, notice: Notice) -> None:
        super()._tell(notice)
        match notice:
            case Notice(kind=NoticeKind.MOVED, seat=int(seat)) if not self.seats[seat].is_human:
                # A move made away from this keyboard (a bot's, a remote player's): redraw.
                super()._tell(Notice(NoticeKind.CHANGED))

    def _status(self, status: Status) -> None:
        super()._tell(Notice(NoticeKind.STATUS, text=status.message))
        super()._tell(Notice(NoticeKind.CHANGED))

    @property
    def seed(self) -> int | None:
        """Never shown: a host's remote seats belong to people even while they are away
        and a bot plays for them (the seed would tell them every hand)."""
        if self.net is not None and self.net.remote_seats:
            return None
        return super().seed

    # --- undo: never, even while bots play every remote seat ------------------------------
    @property
    def undo_offered(self) -> bool:
        return False

    def undo_refusal(self) -> str | None:
        """A seat a bot plays for an away player is still that person's: their moves (and
        the others') are never taken back for them."""
        return "Undo is off in a game with more than one person at the table."

    # --- what the screen shows of the network -------------------------------------------
    @property
    def paused(self) -> bool:  # type: ignore[override]
        return self.net is not None and self.net.paused

    @property
    def pause_line(self) -> str:  # type: ignore[override]
        return "" if self.net is None else self.net.pause_message()

    @property
    def presence(self) -> str:  # type: ignore[override]
        return "" if self.net is None else presence_line(self.net.seat_statuses())

    def seat_words(self, seat: int) -> tuple[str, ...]:
        if self.net is None or seat not in self.net.remote_seats:
            return ()
        return away_words(seat in self.net.players, self.net.handed.get(seat, ""))

    # --- who plays the remote seats ------------------------------------------------------
    def hand_to_bot(self, seat: int, level: str) -> str | None:
        """Let a bot of ``level`` play the remote ``seat``, away or connected (a player who
        never moves), until its player rejoins or the host takes it back; ``None`` when
        done, else why not, in one line."""
        from cardtable.bots import LEVELS

        net = self.net
        if net is None or seat not in net.remote_seats:
            return "only a seat of a player at another terminal goes to a bot"
        name = self.seats[seat].name
        if level not in LEVELS:
            return f"a bot is {', '.join(LEVELS)}, not {level}"
        if net.handed.get(seat) == level:
            return f"{a_bot(level)} plays {name}'s seat already"
        net.hand_to_bot(seat, level)
        return None

    def take_back(self, seat: int) -> str | None:
        """Take the remote ``seat`` back from its bot (the table waits for its player, or
        they play on if connected); ``None`` when done, else why not."""
        net = self.net
        if net is None or seat not in net.handed:
            return f"no bot plays {self.seats[seat].name}'s seat"
        net.take_back(seat)
        return None


#: mypy checks here that the host's own seat is a table a screen can play
_AS_TABLE: Callable[..., TableProtocol] = HostedSession
