"""What a table tells whoever shows it to the players: one small frozen class per kind
of :data:`Notice`, and the typed :data:`Refusal` of a move and :data:`Pause` of a table.

A table (:class:`~cardtable.session.TableSession`, and the tables of network play)
calls its listeners with a notice after each thing that happens; the game screen and a
network host ``match`` on its type.  A notice carries data (seats, cards, counts,
seconds, a bot's level), never a sentence: the screen that shows it words it.

>>> from cardtable.engine.actions import Action
>>> def said(notice: Notice) -> str:
...     match notice:
...         case Moved(seat=int(seat), action=Action() as action):
...             return f"seat {seat} made {action}"
...         case TimeRanOut(seat=seat, seconds=seconds):
...             return f"seat {seat} ran out of its {seconds:g} seconds"
...         case _:
...             return type(notice).__name__
>>> said(Moved(0, Action.parse("play 2C"))), said(TimeRanOut(2, 30.0, "easy")), said(Changed())
('seat 0 made 2C', 'seat 2 ran out of its 30 seconds', 'Changed')

The text a notice holds is somebody else's line kept as it came: the operating
system's reason a save failed, or a connection's reason it ended.  The engine's reason
for a refused move is data too (:class:`AgainstRules` holds its ``RuleRefusal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeAlias

if TYPE_CHECKING:
    from cardtable.engine.actions import Action
    from cardtable.engine.events import Event
    from cardtable.engine.refusals import RuleRefusal

__all__ = [
    "AgainstRules",
    "BotReplaced",
    "BotSeat",
    "CannotUndo",
    "Changed",
    "Chosen",
    "ConnectionLost",
    "Disconnected",
    "Finished",
    "GameOver",
    "HandHidden",
    "HandOver",
    "Joined",
    "Left",
    "Moved",
    "NotAtThisKeyboard",
    "NotConnected",
    "NotSent",
    "NotYourTurn",
    "Notice",
    "Pause",
    "Paused",
    "Refusal",
    "Refused",
    "RepeatedMove",
    "Revealed",
    "SaveFailed",
    "SaveWarning",
    "SeatBack",
    "SeatPlayedByBot",
    "SeatToBot",
    "StillOnItsWay",
    "TableClosed",
    "TableNews",
    "TableWaits",
    "TimeRanOut",
    "Undone",
    "WaitingForJoin",
    "WaitingForRejoin",
]


# --- why a table waits ------------------------------------------------------------------


@dataclass(frozen=True)
class WaitingForJoin:
    """The game has not begun: the players of ``seats`` have not joined yet."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class WaitingForRejoin:
    """It is ``seat``'s turn and its player is away: everyone waits for them."""

    seat: int


@dataclass(frozen=True)
class ConnectionLost:
    """A joined seat lost its connection to the host (``reason``: the connection's own,
    in English for logs; ``why``: the host's reason as data, a protocol ``Parting``
    code, worded by the screen, with its ``seconds``)."""

    reason: str
    why: str | None = None
    seconds: float | None = None


Pause: TypeAlias = WaitingForJoin | WaitingForRejoin | ConnectionLost
"""Why nobody moves at a table with players elsewhere."""


# --- why a move was refused -------------------------------------------------------------


@dataclass(frozen=True)
class AgainstRules:
    """The rules refused the move: the engine's reason as data, a code and its values
    (``RuleRefusal('rank_lower', cards=(8D, 10D))``), for the screen to word."""

    refusal: RuleRefusal


@dataclass(frozen=True)
class RepeatedMove:
    """A move numbered ``seq`` came after one numbered ``last``: a repeat, not played."""

    seq: int
    last: int


@dataclass(frozen=True)
class TableWaits:
    """Nobody moves now (:data:`Pause` says why)."""

    pause: Pause


@dataclass(frozen=True)
class SeatPlayedByBot:
    """A bot plays this player's seat for now (the host handed it)."""


@dataclass(frozen=True)
class NotYourTurn:
    """``seat`` moved out of turn: ``to_act`` is to act."""

    seat: int
    to_act: int


@dataclass(frozen=True)
class BotSeat:
    """``seat`` is played by a bot: a person's move for it is refused."""

    seat: int


@dataclass(frozen=True)
class NotAtThisKeyboard:
    """``seat`` is not played from this keyboard (a move was made for another's seat)."""

    seat: int


@dataclass(frozen=True)
class TableClosed:
    """The table was left: nothing more is played at it."""


@dataclass(frozen=True)
class StillOnItsWay:
    """The last move sent from here has not been answered yet."""


@dataclass(frozen=True)
class NotConnected:
    """The seat is not connected to its table (``reason``, ``why``, ``seconds``: as
    :class:`ConnectionLost`'s)."""

    reason: str
    why: str | None = None
    seconds: float | None = None


@dataclass(frozen=True)
class NotSent:
    """The move could not be sent to the host (``reason``: the connection's own)."""

    reason: str


Refusal: TypeAlias = (
    AgainstRules | NotYourTurn | BotSeat | RepeatedMove | TableWaits | SeatPlayedByBot | NotAtThisKeyboard
    | TableClosed | StillOnItsWay | NotConnected | NotSent
)
"""Why a move changed nothing."""


@dataclass(frozen=True)
class CannotUndo:
    """Why the last move cannot be taken back: ``alone_only`` (undo is for one person
    alone at the table), ``others_here`` (a host's table: its players elsewhere are
    people at the table even while a bot plays for them), ``game_over`` or
    ``nothing_yet`` (the person has not moved)."""

    why: Literal["alone_only", "others_here", "game_over", "nothing_yet"]


# --- what happened at the table ---------------------------------------------------------


@dataclass(frozen=True)
class Moved:
    """``seat`` made ``action``; ``events`` are the engine events it caused, in full (a
    seat's own view of one is ``event.for_seat(seat)``).  A joined seat's table names no
    action, and ``seat`` only for its own move (else ``None``)."""

    seat: int | None
    action: Action | None = None
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Chosen:
    """``seat`` chose ahead of its turn where several choose at once (Hearts' pass): the
    choice is kept unseen until the engine asks for it."""

    seat: int


@dataclass(frozen=True)
class HandHidden:
    """Hot-seat: ``seat``'s person moved and only bots move before the next person, so
    the last hand must go from the screen now (a joined seat: its log starts afresh)."""

    seat: int


@dataclass(frozen=True)
class HandOver:
    """The keyboard goes to ``seat``'s person (nobody's hand is shown)."""

    seat: int


@dataclass(frozen=True)
class Revealed:
    """``seat``'s person has the keyboard and may see their hand."""

    seat: int


@dataclass(frozen=True)
class Undone:
    """``seat``'s ``action`` was taken back with every move after it."""

    seat: int
    action: Action


@dataclass(frozen=True)
class BotReplaced:
    """``seat`` (whose bot failed) is now played by the built-in ``level``."""

    seat: int
    level: str


@dataclass(frozen=True)
class SaveWarning:
    """Saving worked, with something to tell (the saver's ``message``)."""

    message: str


@dataclass(frozen=True)
class SaveFailed:
    """The game cannot be saved (``reason``: the system's), told once."""

    reason: str


@dataclass(frozen=True)
class Finished:
    """The game is over and its result recorded."""


@dataclass(frozen=True)
class Changed:
    """A table with players elsewhere: a new state or status came; redraw."""


@dataclass(frozen=True)
class Refused:
    """A move sent from here to a host changed nothing, for ``refusal``."""

    seat: int
    refusal: Refusal


@dataclass(frozen=True)
class Disconnected:
    """A joined seat lost its connection to the host (``reason``, ``why``, ``seconds``:
    as :class:`ConnectionLost`'s)."""

    reason: str
    why: str | None = None
    seconds: float | None = None


# --- what a host tells about its players ------------------------------------------------


@dataclass(frozen=True)
class Joined:
    """``seat``'s player joined (``again``: rejoined), under a new name if ``was`` names
    the old one; ``from_bot``: a bot played the seat meanwhile and gave it back."""

    seat: int
    again: bool = False
    was: str = ""
    from_bot: bool = False


@dataclass(frozen=True)
class Left:
    """``seat``'s player left the table (its seat waits for them)."""

    seat: int


@dataclass(frozen=True)
class SeatToBot:
    """A bot of ``level`` plays ``seat`` until its player rejoins."""

    seat: int
    level: str


@dataclass(frozen=True)
class SeatBack:
    """The bot left ``seat``: its player plays it again (``player_here``) or the table
    waits for them."""

    seat: int
    player_here: bool


@dataclass(frozen=True)
class TimeRanOut:
    """``seat``'s player took longer than ``seconds`` over a move: a bot of ``level``
    made it for them (the seat stays theirs).  ``action``: the move it made, told to
    that seat's own player only (a Hearts pass is theirs to know); ``None`` elsewhere."""

    seat: int
    seconds: float
    level: str
    action: Action | None = None


@dataclass(frozen=True)
class GameOver:
    """The host's game is over."""


@dataclass(frozen=True)
class Paused:
    """The table waits, for the reason ``pause`` gives."""

    pause: Pause


TableNews: TypeAlias = Joined | Left | SeatToBot | SeatBack | TimeRanOut | GameOver
"""What changed among the players of a table with players elsewhere."""

Notice: TypeAlias = (
    Moved | Chosen | HandHidden | HandOver | Revealed | Undone | BotReplaced | SaveWarning | SaveFailed
    | Finished | Changed | Refused | Disconnected | Paused | TableNews
)
"""One thing that happened at the table, for whoever shows it to the players."""
