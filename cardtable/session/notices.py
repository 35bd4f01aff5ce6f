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

A notice behaves as a frozen dataclass (made, compared, hashed, shown and matched the
same way) without being one: :func:`dataclasses.dataclass` compiles six methods for
each class it makes, and this module's 35 classes took 10 ms that way, a tenth of
what ``cardtable play`` costs beyond Textual before its first frame
(``benchmarks/startup.py``).  Here every class shares one set of methods
(:class:`_Record`), which read its fields from its annotations.

>>> Moved(1), Moved(1) == Moved(1), Moved(1) == Chosen(1), hash(Moved(1)) == hash(Moved(1))
(Moved(seat=1, action=None, events=()), True, False, True)
>>> Moved(1).seat = 2
Traceback (most recent call last):
dataclasses.FrozenInstanceError: cannot assign to field 'seat'
>>> Moved(seat=1, colour="red")
Traceback (most recent call last):
TypeError: Moved() got an unexpected keyword argument 'colour'
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias, dataclass_transform

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


@dataclass_transform(frozen_default=True)
class _Record:
    """A frozen record whose fields are its class's annotations, in order (a default is
    the class attribute of the same name): what ``@dataclass(frozen=True)`` would make
    of the class, made without compiling code for it."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._fields = tuple(cls.__dict__.get("__annotations__", {}))
        cls._defaults = {name: cls.__dict__[name] for name in cls._fields if name in cls.__dict__}
        # What `case Moved(seat, action)` matches by position, as a dataclass's.
        setattr(cls, "__match_args__", cls._fields)  # noqa: B010 - mypy has no __match_args__ to set on type

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kind, fields = type(self).__name__, self._fields
        if len(args) > len(fields):
            raise TypeError(f"{kind}() takes {len(fields)} positional arguments but {len(args)} were given")
        values = dict(zip(fields, args))
        for name, value in kwargs.items():
            if name not in fields:
                raise TypeError(f"{kind}() got an unexpected keyword argument {name!r}")
            if name in values:
                raise TypeError(f"{kind}() got multiple values for argument {name!r}")
            values[name] = value
        for name in fields:
            if name not in values:
                if name not in self._defaults:
                    raise TypeError(f"{kind}() missing required argument: {name!r}")
                values[name] = self._defaults[name]
        for name in fields:
            object.__setattr__(self, name, values[name])

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


# --- why a table waits ------------------------------------------------------------------


class WaitingForJoin(_Record):
    """The game has not begun: the players of ``seats`` have not joined yet."""

    seats: tuple[int, ...]


class WaitingForRejoin(_Record):
    """It is ``seat``'s turn and its player is away: everyone waits for them."""

    seat: int


class ConnectionLost(_Record):
    """A joined seat lost its connection to the host (``reason``: the connection's own,
    in English for logs; ``why``: the host's reason as data, a protocol ``Parting``
    code, worded by the screen, with its ``seconds``)."""

    reason: str
    why: str | None = None
    seconds: float | None = None


Pause: TypeAlias = WaitingForJoin | WaitingForRejoin | ConnectionLost
"""Why nobody moves at a table with players elsewhere."""


# --- why a move was refused -------------------------------------------------------------


class AgainstRules(_Record):
    """The rules refused the move: the engine's reason as data, a code and its values
    (``RuleRefusal('rank_lower', cards=(8D, 10D))``), for the screen to word."""

    refusal: RuleRefusal


class RepeatedMove(_Record):
    """A move numbered ``seq`` came after one numbered ``last``: a repeat, not played."""

    seq: int
    last: int


class TableWaits(_Record):
    """Nobody moves now (:data:`Pause` says why)."""

    pause: Pause


class SeatPlayedByBot(_Record):
    """A bot plays this player's seat for now (the host handed it)."""


class NotYourTurn(_Record):
    """``seat`` moved out of turn: ``to_act`` is to act."""

    seat: int
    to_act: int


class BotSeat(_Record):
    """``seat`` is played by a bot: a person's move for it is refused."""

    seat: int


class NotAtThisKeyboard(_Record):
    """``seat`` is not played from this keyboard (a move was made for another's seat)."""

    seat: int


class TableClosed(_Record):
    """The table was left: nothing more is played at it."""


class StillOnItsWay(_Record):
    """The last move sent from here has not been answered yet."""


class NotConnected(_Record):
    """The seat is not connected to its table (``reason``, ``why``, ``seconds``: as
    :class:`ConnectionLost`'s)."""

    reason: str
    why: str | None = None
    seconds: float | None = None


class NotSent(_Record):
    """The move could not be sent to the host (``reason``: the connection's own)."""

    reason: str


Refusal: TypeAlias = (
    AgainstRules | NotYourTurn | BotSeat | RepeatedMove | TableWaits | SeatPlayedByBot | NotAtThisKeyboard
    | TableClosed | StillOnItsWay | NotConnected | NotSent
)
"""Why a move changed nothing."""


class CannotUndo(_Record):
    """Why the last move cannot be taken back: ``alone_only`` (undo is for one person
    alone at the table), ``others_here`` (a host's table: its players elsewhere are
    people at the table even while a bot plays for them), ``game_over`` or
    ``nothing_yet`` (the person has not moved)."""

    why: Literal["alone_only", "others_here", "game_over", "nothing_yet"]


# --- what happened at the table ---------------------------------------------------------


class Moved(_Record):
    """``seat`` made ``action``; ``events`` are the engine events it caused, in full (a
    seat's own view of one is ``event.for_seat(seat)``).  A joined seat's table names no
    action, and ``seat`` only for its own move (else ``None``)."""

    seat: int | None
    action: Action | None = None
    events: tuple[Event, ...] = ()


class Chosen(_Record):
    """``seat`` chose ahead of its turn where several choose at once (Hearts' pass): the
    choice is kept unseen until the engine asks for it."""

    seat: int


class HandHidden(_Record):
    """Hot-seat: ``seat``'s person moved and only bots move before the next person, so
    the last hand must go from the screen now (a joined seat: its log starts afresh)."""

    seat: int


class HandOver(_Record):
    """The keyboard goes to ``seat``'s person (nobody's hand is shown)."""

    seat: int


class Revealed(_Record):
    """``seat``'s person has the keyboard and may see their hand."""

    seat: int


class Undone(_Record):
    """``seat``'s ``action`` was taken back with every move after it."""

    seat: int
    action: Action


class BotReplaced(_Record):
    """``seat`` (whose bot failed) is now played by the built-in ``level``."""

    seat: int
    level: str


class SaveWarning(_Record):
    """Saving worked, with something to tell (the saver's ``message``)."""

    message: str


class SaveFailed(_Record):
    """The game cannot be saved (``reason``: the system's), told once."""

    reason: str


class Finished(_Record):
    """The game is over and its result recorded."""


class Changed(_Record):
    """A table with players elsewhere: a new state or status came; redraw."""


class Refused(_Record):
    """A move sent from here to a host changed nothing, for ``refusal``."""

    seat: int
    refusal: Refusal


class Disconnected(_Record):
    """A joined seat lost its connection to the host (``reason``, ``why``, ``seconds``:
    as :class:`ConnectionLost`'s)."""

    reason: str
    why: str | None = None
    seconds: float | None = None


# --- what a host tells about its players ------------------------------------------------


class Joined(_Record):
    """``seat``'s player joined (``again``: rejoined), under a new name if ``was`` names
    the old one; ``from_bot``: a bot played the seat meanwhile and gave it back."""

    seat: int
    again: bool = False
    was: str = ""
    from_bot: bool = False


class Left(_Record):
    """``seat``'s player left the table (its seat waits for them)."""

    seat: int


class SeatToBot(_Record):
    """A bot of ``level`` plays ``seat`` until its player rejoins."""

    seat: int
    level: str


class SeatBack(_Record):
    """The bot left ``seat``: its player plays it again (``player_here``) or the table
    waits for them."""

    seat: int
    player_here: bool


class TimeRanOut(_Record):
    """``seat``'s player took longer than ``seconds`` over a move: a bot of ``level``
    made it for them (the seat stays theirs).  ``action``: the move it made, told to
    that seat's own player only (a Hearts pass is theirs to know); ``None`` elsewhere."""

    seat: int
    seconds: float
    level: str
    action: Action | None = None


class GameOver(_Record):
    """The host's game is over."""


class Paused(_Record):
    """The table waits, for the reason ``pause`` gives."""

    pause: Pause


TableNews: TypeAlias = Joined | Left | SeatToBot | SeatBack | TimeRanOut | GameOver
"""What changed among the players of a table with players elsewhere."""

Notice: TypeAlias = (
    Moved | Chosen | HandHidden | HandOver | Revealed | Undone | BotReplaced | SaveWarning | SaveFailed
    | Finished | Changed | Refused | Disconnected | Paused | TableNews
)
"""One thing that happened at the table, for whoever shows it to the players."""
