"""Saved games: written atomically after every action, refused clearly when damaged.

A save file is the engine's save format (:mod:`cardtable.engine.saves`): the setup and
every action, plus ``state.meta``, where the app keeps who sits where::

    {"seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "hard"}],
     "undo_used": false}

and, once the game is over, ``"finished_at"`` (an ISO 8601 UTC time).

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=3, seed=4)
>>> set_seats(state, [("Ann", "human"), ("Ada", "hard"), ("Ben", "easy")])
>>> state.apply(state.legal_actions()[0])
>>> path = save_game(state)
>>> latest_unfinished() == path
True
>>> load_save(path).history == state.history
True
>>> [seat.label for seat in seats_of(state)]
['Ann', 'Ada (hard)', 'Ben (easy)']
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.engine.errors import SaveFileError
from cardtable.engine.saves import FORMAT, load_game
from cardtable.engine.state import GameState
from cardtable.userdata.paths import atomic_write_text, autosave_path, data_dir, set_aside

if TYPE_CHECKING:
    from cardtable.userdata.records import FinishedGame

__all__ = [
    "SeatInfo",
    "seats_of",
    "set_seats",
    "undo_used",
    "mark_undo",
    "save_game",
    "load_save",
    "latest_unfinished",
    "finish_game",
    "recent_saves",
]

RECENT_LIMIT = 20
"""How many named save files :func:`latest_unfinished` remembers besides the autosave."""


@dataclass(frozen=True)
class SeatInfo:
    """Who sits at a seat: ``name`` as shown, ``kind`` ``human`` or a bot level."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def label(self) -> str:
        """The name, with the level for a bot: ``Ada (hard)``."""
        return self.name if self.is_human else f"{self.name} ({self.kind})"


def seats_of(state: GameState) -> tuple[SeatInfo, ...]:
    """Each seat's name and kind from ``state.meta["seats"]``.

    A game started without names (from Python, or by ``simulate``) gets
    ``Player 1``, ``Player 2``... of kind ``unknown``.
    """
    entries = state.meta.get("seats")
    if _seats_valid(entries, state.num_players):
        return tuple(SeatInfo(entry["name"], entry["kind"]) for entry in entries)
    return tuple(SeatInfo(f"Player {seat + 1}", "unknown") for seat in range(state.num_players))


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


def _seats_valid(entries: Any, players: int) -> bool:
    return (
        isinstance(entries, list)
        and len(entries) == players
        and all(
            isinstance(entry, dict)
            and isinstance(entry.get("name"), str)
            and entry["name"].strip()
            and isinstance(entry.get("kind"), str)
            for entry in entries
        )
    )


def _now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def save_game(state: GameState, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the game to ``path`` (default: the autosave) atomically; return the path.

    Call it after every action: a crash or a killed terminal leaves the previous save
    whole.  A finished game gets ``meta["finished_at"]``, so :func:`latest_unfinished`
    no longer offers it.  A named save is remembered for :func:`latest_unfinished`.
    """
    target = Path(path) if path is not None else autosave_path()
    if state.is_over and "finished_at" not in state.meta:
        state.meta["finished_at"] = _now()
    atomic_write_text(target, state.to_json())
    if path is not None:
        _remember(target)
    return target


def load_save(path: str | os.PathLike[str] | None = None) -> GameState:
    """Load a saved game (default: the autosave), or raise :class:`SaveFileError`.

    The error is one line naming the file and the reason.  A file that is there but
    cannot be loaded (corrupt, truncated, from a newer cardtable, for an unknown game,
    with an action that is not legal) is renamed aside, never overwritten or deleted,
    and the message says where it went; a file that is not cardtable's own (outside
    the data directory, never saved by cardtable, without the save-format marker) is
    refused without being touched.  No other exception leaves this function.
    """
    target = Path(path) if path is not None else autosave_path()
    try:
        raw = target.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(f"no save file at {target}") from None
    except IsADirectoryError:
        raise SaveFileError(f"cannot load {target}: it is a directory, not a save file") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read {target}: {exc.strerror or exc}") from None
    try:
        if not raw.strip():
            raise SaveFileError("the file is empty (truncated)")
        state = load_game(raw)
        _check_meta(state)
    except SaveFileError as exc:
        _refuse(target, str(exc), raw)
    except Exception as exc:  # noqa: BLE001 - no damaged file may crash the app
        _refuse(target, f"save file is damaged ({type(exc).__name__})", raw)
    return state


def _check_meta(state: GameState) -> None:
    meta = state.meta
    if "seats" in meta and not _seats_valid(meta["seats"], state.num_players):
        raise SaveFileError(
            f"save file is damaged: its seat list does not match the {state.num_players} players"
        )
    if "undo_used" in meta and not isinstance(meta["undo_used"], bool):
        raise SaveFileError("save file is damaged: undo_used is not true or false")


def _is_ours(path: Path, raw: bytes) -> bool:
    """Whether cardtable wrote this file: in its data directory, a named save it
    remembers, or a file that says it is a cardtable save.

    Only such files are renamed aside when refused; any other file the player names
    (say, by a typo, a system file) is left exactly where and as it is.
    """
    resolved = path.resolve()
    if resolved.is_relative_to(data_dir().resolve()):
        return True
    if resolved in {saved.resolve() for saved in recent_saves()}:
        return True
    return FORMAT.encode() in raw[:4096]


def _refuse(path: Path, reason: str, raw: bytes) -> None:
    reason = " ".join(reason.split())
    if not _is_ours(path, raw):
        raise SaveFileError(
            f"cannot load {path}: {reason}; it is not a cardtable save, so it was left as it is"
        ) from None
    try:
        aside = set_aside(path)
    except OSError as exc:
        raise SaveFileError(
            f"cannot load {path}: {reason} (it could not be renamed aside: {exc.strerror or exc})"
        ) from None
    raise SaveFileError(f"cannot load {path}: {reason}; the file was kept as {aside}") from None


# --- finding the game to resume ---------------------------------------------------

def _recent_index() -> Path:
    return data_dir() / "recent-saves.json"


def recent_saves() -> list[Path]:
    """The named save files written lately, most recent last (missing ones included)."""
    try:
        entries = json.loads(_recent_index().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(entries, list):
        return []
    return [Path(entry) for entry in entries if isinstance(entry, str)]


def _remember(path: Path) -> None:
    resolved = str(path.resolve())
    entries = [str(entry) for entry in recent_saves()]
    if entries and entries[-1] == resolved:
        return  # the usual case, once per action: nothing to write
    entries = [entry for entry in entries if entry != resolved] + [resolved]
    try:
        atomic_write_text(_recent_index(), json.dumps(entries[-RECENT_LIMIT:], indent=1))
    except OSError:
        pass  # the save itself is written; only `resume` without a file name misses it


def latest_unfinished() -> Path | None:
    """The most recently written save of a game that is not over, or ``None``.

    It looks at the autosave and the named saves written lately.  A file it cannot
    read as a save is still offered (when newest), so that loading it with
    :func:`load_save` tells the player what is wrong and sets it aside.
    """
    candidates = [autosave_path(), *recent_saves()]
    found: list[tuple[float, Path]] = []
    for candidate in dict.fromkeys(candidates):
        try:
            modified = candidate.stat().st_mtime
        except OSError:
            continue
        if candidate.is_file() and not _is_finished(candidate):
            found.append((modified, candidate))
    if not found:
        return None
    return max(found, key=lambda item: item[0])[1]


def _is_finished(path: Path) -> bool:
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return False
    meta = data.get("meta") if isinstance(data, dict) else None
    if isinstance(meta, dict) and meta.get("finished_at"):
        return True
    try:
        return load_game(json.dumps(data)).is_over
    except Exception:  # noqa: BLE001 - a damaged save is for load_save to report
        return False


def finish_game(
    state: GameState,
    path: str | os.PathLike[str] | None = None,
    stats_file: str | os.PathLike[str] | None = None,
) -> FinishedGame:
    """Everything to do once when a game ends: mark the save finished, keep a record
    in the records directory, and add the result to the statistics.

    Returns a :class:`~cardtable.userdata.records.FinishedGame` with the save and record
    paths and any warnings for the player (a statistics file that had to be set aside).
    """
    from cardtable.userdata.records import FinishedGame, archive_record
    from cardtable.userdata.stats import record_result

    if not state.is_over:
        raise ValueError("the game is not over yet")
    saved = save_game(state, path)
    record = archive_record(state)
    warnings = record_result(state, stats_file)
    return FinishedGame(saved, record, tuple(warnings))
