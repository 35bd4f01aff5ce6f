"""What a table screen talks to: :class:`TableProtocol`, a small core and its capabilities.

The game screen draws one table and routes keys to it, whoever runs the game: a
:class:`~cardtable.session.TableSession` here, the host's own seat of a networked table
(``cardtable.net.hosted.HostedSession``) or a seat joined from elsewhere
(``cardtable.net.remote.RemoteSession``).  Every table has the core (the state a seat
sees, the seats, who acts, the legal moves, ``act``, ``listen``, ``close``); what only
some tables offer is a capability object, ``None`` where the table does not offer it:

- ``bot_turns``: the bots' thinking is run by whoever shows this table (:class:`BotTurns`);
  ``None`` where a host runs them and the screen only draws their moves;
- ``handover``: several people share this keyboard (:class:`HotSeat`);
- ``undoing``: one person alone at the table may take a move back (:class:`Undo`);
- ``hints``: the hard bot suggests a move from the viewer's observation (:class:`Hints`);
- ``presence``: players elsewhere: who is connected, who chose, why the table waits
  (:class:`Presence`);
- ``clock``: a turn clock, the seconds left of each timed seat (:class:`TurnClock`);
- ``seating``: this keyboard serves players elsewhere and may hand their seats to bots
  (:class:`Seating`);
- ``saving``: the game is saved here after every change (:class:`Saving`).

Each of the three tables is checked against the protocol by mypy (each module's
``_AS_TABLE`` holds its class as a maker of tables a screen can play).

>>> from cardtable.games import get_rules
>>> from cardtable.session import Seat, TableSession
>>> table: TableProtocol = TableSession(get_rules("durak").new_game(players=2, seed=3), [Seat.human("Ann")] * 2)
>>> table.local, table.handover is not None, table.undoing is None, table.presence is None
(True, True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol

if TYPE_CHECKING:
    from cardtable.engine.actions import Action
    from cardtable.engine.events import Event
    from cardtable.engine.observation import Observation
    from cardtable.engine.state import GameState
    from cardtable.session.notices import CannotUndo, Notice, Pause, Refusal
    from cardtable.session.requests import BotAnswer, BotOutcome, BotRequest, HintAnswer, HintRequest, MoveValue
    from cardtable.session.saving import Saver
    from cardtable.session.seats import Seat

__all__ = [
    "BotTurns",
    "HotSeat",
    "Hints",
    "Presence",
    "Saving",
    "SeatClock",
    "SeatPresence",
    "Seating",
    "SeatingRefusal",
    "TableProtocol",
    "TurnClock",
    "Undo",
]


# --- the data the capabilities give --------------------------------------------------------


class SeatPresence(NamedTuple):
    """One seat of a table with players elsewhere, as everyone may know it: a ``person``'s
    seat (here or elsewhere) or a bot's; whether its player is ``connected``; the
    ``level`` of the bot playing it (a person's seat handed to a bot has one too); whether
    it ``chose`` already where several choose at once (Hearts' pass)."""

    seat: int
    person: bool
    connected: bool
    level: str = ""
    chose: bool = False


class SeatClock(NamedTuple):
    """``seat`` is timed: ``left`` seconds of its ``limit`` remain (then a bot moves for it)."""

    seat: int
    left: float
    limit: float


SeatingRefusal = Literal["not_remote", "not_a_level", "already", "no_bot"]
"""Why a seat was not handed to a bot (``not_remote``: not a player's elsewhere;
``not_a_level``; ``already``: that bot plays it) or not taken back (``no_bot``)."""


# --- the capabilities ----------------------------------------------------------------------


class BotTurns(Protocol):
    """The bots' turns, thought about by whoever shows the table (in a worker thread)."""

    @property
    def failures(self) -> dict[int, str]:
        """Seats whose bot could not be made or failed, with the bot's own line."""
    def request(self) -> BotRequest | None: ...
    def answer(self, answer: BotAnswer) -> BotOutcome: ...
    def failed(self) -> int | None: ...
    def replace(self, seat: int, level: str) -> None: ...
    def configure(self, think_time: float | None, cores: int | None) -> None: ...


class HotSeat(Protocol):
    """Hot-seat: the keyboard goes from person to person, nobody's hand on show between
    (``table_only``: only bots move now, and the screen shows the table as everyone sees
    it, :meth:`public_observation`)."""

    @property
    def table_only(self) -> bool: ...
    def public_observation(self) -> Observation: ...
    def due(self) -> int | None: ...
    def reveal_due(self) -> int | None: ...
    def hand_over(self, seat: int) -> None: ...
    def reveal(self, seat: int) -> None: ...


class Undo(Protocol):
    """Taking back the person's last move (with the bots' after it)."""

    @property
    def used(self) -> bool: ...
    def undo(self) -> CannotUndo | None: ...


class Hints(Protocol):
    """The hard bot's suggestion for the viewer's turn, from its observation only."""

    def request(self, seat: int) -> HintRequest | str: ...
    def answer(self, answer: HintAnswer) -> Action | None: ...
    def configure(self, think_time: float | None, cores: int | None, iterations: int | None) -> None: ...
    def about_equal(
        self, moves: Sequence[MoveValue], action: Action, score: Callable[[int], float] | None = None
    ) -> list[MoveValue]: ...


class Presence(Protocol):
    """Players elsewhere: who is at the table and why it waits."""

    @property
    def seats(self) -> tuple[SeatPresence, ...]: ...
    @property
    def pause(self) -> Pause | None: ...


class TurnClock(Protocol):
    """A turn clock: a timed seat's player has ``limit`` seconds a move."""

    @property
    def limit(self) -> float: ...
    def clocks(self) -> tuple[SeatClock, ...]: ...


class Seating(Protocol):
    """The host's players elsewhere, whose seats may go to a bot and back."""

    def remote(self) -> tuple[SeatPresence, ...]: ...
    def hand_to_bot(self, seat: int, level: str) -> SeatingRefusal | None: ...
    def take_back(self, seat: int) -> SeatingRefusal | None: ...


class Saving(Protocol):
    """The game saved after every change, its result recorded once."""

    saver: Saver | None
    #: the bot speed, kept in the save's settings
    pace: str
    def autosave(self) -> None: ...


# --- the table -----------------------------------------------------------------------------


class TableProtocol(Protocol):
    """One table as a screen plays it: the core every table has, and its capabilities
    (``None`` where the table does not offer them)."""

    #: the seat drawn at the bottom, whose hand may show (``revealed``), and whether
    #: several people share the keyboard (a replay sets them to show a seat by name)
    viewer: int
    revealed: int | None
    hotseat: bool

    # --- the core ----------------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        """The game state, where this table holds one (a seat joined from elsewhere
        holds only its observation)."""
    @property
    def game(self) -> str: ...
    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def num_players(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def local(self) -> bool:
        """The game was dealt here and may be dealt again from its last screen."""
    @property
    def generation(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def human_to_act(self) -> bool: ...
    @property
    def bot_to_act(self) -> bool: ...
    @property
    def waiting(self) -> bool:
        """A move handed to :meth:`act` is on its way and is answered by a notice."""
    def observation(self, seat: int) -> Observation: ...
    def legal_actions(self) -> Sequence[Action]: ...
    def act(self, seat: int, action: Action | str) -> Refusal | None: ...
    def take_received(self, seat: int) -> list[Event]: ...
    def listen(self, listener: Callable[[Notice], None]) -> None: ...
    def close(self) -> None: ...

    # --- the capabilities --------------------------------------------------------------
    @property
    def bot_turns(self) -> BotTurns | None: ...
    @property
    def handover(self) -> HotSeat | None: ...
    @property
    def undoing(self) -> Undo | None: ...
    @property
    def hints(self) -> Hints | None: ...
    @property
    def presence(self) -> Presence | None: ...
    @property
    def clock(self) -> TurnClock | None: ...
    @property
    def seating(self) -> Seating | None: ...
    @property
    def saving(self) -> Saving | None: ...
