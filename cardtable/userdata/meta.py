"""What the app keeps in a game's ``state.meta``: who sits where, the game's id, and
whether a move was taken back.

The app writes them as the game goes (:func:`set_seats`, :func:`mark_undo`; the id
when the game is first saved); saves, records and statistics read them back from the
same ``meta``, so this module sits below all three of them.

>>> from cardtable.games import get_rules
>>> state = get_rules("durak").new_game(players=2, seed=1)
>>> [seat.label for seat in seats_of(state)]
['Player 1 (unknown)', 'Player 2 (unknown)']
>>> set_seats(state, [("Ann", "human"), ("Ada", "hard")])
>>> [seat.label for seat in seats_of(state)], undo_used(state), save_id_of(state)
(['Ann', 'Ada (hard)'], False, None)
>>> mark_undo(state)
>>> undo_used(state)
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

from cardtable.lang import _, pgettext
from cardtable.names import safe_name

if TYPE_CHECKING:
    from cardtable.engine.state import GameState

__all__ = [
    "HOST_NAME",
    "SAVE_ID",
    "SeatInfo",
    "kind_label",
    "mark_undo",
    "new_save_id",
    "numbered_name",
    "save_id_of",
    "seats_of",
    "seats_valid",
    "set_seats",
    "shown_name",
    "undo_used",
]


class SeatInfo(NamedTuple):
    """Who sits at a seat: ``name`` as shown, ``kind`` ``human`` or a bot level."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def label(self) -> str:
        """The name as shown, with the level for a bot: ``Ada (hard)``."""
        name = shown_name(self.name)
        return name if self.is_human else f"{name} ({kind_label(self.kind)})"


#: the name a hosted table gives the seat at the host's keyboard when it has none, as
#: files and messages keep it (:func:`shown_name` words it)
HOST_NAME = "Host"


def numbered_name(number: int) -> str:
    """The name cardtable gives a person who has none (a seat of a record without
    names, a second person at one keyboard), as files keep it: the same in every
    language, like the name ``You``; :func:`shown_name` words it for the reader.

    >>> numbered_name(2)
    'Player 2'
    """
    return f"Player {number}"


def shown_name(name: str) -> str:
    """A seat's name as the reader sees it: :func:`numbered_name`'s names in the
    reader's language, any other name as it is (a name is data).

    >>> shown_name("Player 2"), shown_name("Ann"), shown_name("Player 2b"), shown_name("Host")
    ('Player 2', 'Ann', 'Player 2b', 'Host')
    """
    if name == HOST_NAME:
        # TRANSLATORS: the name of the hosting person's seat when they gave none.
        return pgettext("the name of the host's seat", "Host")
    match = _NUMBERED.fullmatch(name)
    if match is None:
        return name
    # TRANSLATORS: the name of a person who has none, by seat (hot-seat, records without names).
    return _("Player {number}").format(number=int(match[1]))


_NUMBERED = re.compile(r"Player ([1-9][0-9]?)")


def kind_label(kind: str) -> str:
    """A seat's kind as the table shows it, in the current language (a bot of the
    player's own, or a kind from a newer cardtable, as written).

    >>> kind_label("hard"), kind_label("my_bot.py:Clever")
    ('hard', 'my_bot.py:Clever')
    """
    labels = {
        "human": pgettext("seat kind", "human"),
        "remote": pgettext("seat kind", "remote"),
        "easy": pgettext("seat kind", "easy"),
        "normal": pgettext("seat kind", "normal"),
        "hard": pgettext("seat kind", "hard"),
        "random": pgettext("seat kind", "random"),
        "unknown": pgettext("seat kind", "unknown"),
    }
    return labels.get(kind, kind)


def seats_of(state: GameState) -> tuple[SeatInfo, ...]:
    """Each seat's name and kind from ``state.meta["seats"]``.

    A game started without names (from Python, or by ``simulate``) gets
    ``Player 1``, ``Player 2``... of kind ``unknown``.  Names are read through
    :func:`~cardtable.names.safe_name`, so a file written by an older cardtable (or
    edited by hand) with a name that is no longer valid still loads, with the name
    made safe; a seat whose name is then empty or taken is called ``Player N``.
    """
    entries: Any = state.meta.get("seats")
    if seats_valid(entries, state.num_players):
        seats: list[SeatInfo] = []
        for number, entry in enumerate(entries, start=1):
            name = safe_name(entry["name"], fallback=numbered_name(number))
            if any(seat.name == name for seat in seats):
                name = numbered_name(number)
            seats.append(SeatInfo(name, entry["kind"]))
        return tuple(seats)
    return tuple(SeatInfo(numbered_name(seat + 1), "unknown") for seat in range(state.num_players))


def set_seats(state: GameState, seats: Iterable[tuple[str, str] | SeatInfo]) -> None:
    """Store the seats' names and kinds in ``state.meta`` (as the app does)."""
    entries = []
    for seat in seats:
        name, kind = (seat.name, seat.kind) if isinstance(seat, SeatInfo) else seat
        entries.append({"name": str(name), "kind": str(kind)})
    if len(entries) != state.num_players:
        raise ValueError(f"{len(entries)} seats given for {state.num_players} players")
    state.meta["seats"] = entries


def undo_used(state: GameState) -> bool:
    """Whether an action was taken back in this game (the app sets it with :func:`mark_undo`)."""
    return state.meta.get("undo_used") is True


def mark_undo(state: GameState) -> None:
    """Record in the game that an action was taken back, so statistics stay honest."""
    state.meta["undo_used"] = True


def seats_valid(entries: Any, players: int) -> TypeGuard[list[dict[str, Any]]]:
    """Whether ``entries`` is a seat list as :func:`set_seats` writes it, for ``players`` seats."""
    return (
        isinstance(entries, list)
        and len(entries) == players
        and all(
            isinstance(entry, dict)
            and isinstance(entry.get("name"), str)
            and isinstance(entry.get("kind"), str)
            for entry in entries
        )
    )


def new_save_id() -> str:
    """A fresh id for a game: eight hex digits (``meta["save_id"]``; a save's file name).

    >>> len(new_save_id()), new_save_id() != new_save_id()
    (8, True)
    """
    import secrets  # here, not at the top: it loads OpenSSL, which a first frame does not need

    return secrets.token_hex(4)


def save_id_of(state: GameState) -> str | None:
    """The game's id, if it was ever saved by this cardtable."""
    value = state.meta.get("save_id")
    return value if isinstance(value, str) and SAVE_ID.fullmatch(value) else None


SAVE_ID = re.compile(r"[0-9a-f]{8}")
