"""Saved games: written after every action, kill -9 safe, refused clearly when damaged.

A save file is the engine's save format (:mod:`cardtable.engine.saves`): the setup and
every action, plus ``state.meta``, where the app keeps who sits where::

    {"seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "hard"}],
     "undo_used": false}

and, once the game is over, ``"finished_at"`` (an ISO 8601 UTC time).

:func:`save_game` writes the whole game, atomically.  An open game saves through a
:class:`SaveJournal` instead, which appends one line per action to the snapshot it
last wrote whole, so that a move costs the same to save at move 100,000 as at move
100 (the format: :mod:`cardtable.engine.saves`).

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=3, seed=4)
>>> set_seats(state, [("Ann", "human"), ("Ada", "hard"), ("Ben", "easy")])
>>> state.apply(state.legal_actions()[0])
>>> path = save_game(state)
>>> path.name == state.meta["save_id"] + ".json"
True
>>> load_save(path).history == state.history
True
>>> [seat.label for seat in seats_of(state)]
['Ann', 'Ada (hard)', 'Ben (easy)']
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import threading
from collections import OrderedDict
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from cardtable.engine.saves import FORMAT, journal_line, meta_line, parse_save_text, snapshot_text
from cardtable.engine.state import GameState
from cardtable.errors import SaveFileError
from cardtable.games import state_from_data
from cardtable.gcpause import collection_held
from cardtable.lang import _, ngettext
from cardtable.userdata.meta import (
    SAVE_ID,
    SeatInfo,
    mark_undo,
    new_save_id,
    save_id_of,
    seats_of,
    seats_valid,
    set_seats,
    undo_used,
)
from cardtable.userdata.paths import (
    UnreadFileError,
    atomic_write_text,
    autosave_path,
    data_dir,
    is_own_path,
    read_file_bytes,
    read_or_refuse,
    resolved,
    saves_dir,
    set_aside,
)

if TYPE_CHECKING:
    from cardtable.userdata.records import FinishedGame

__all__ = [
    "SeatInfo",
    "seats_of",
    "set_seats",
    "undo_used",
    "mark_undo",
    "new_save_id",
    "save_id_of",
    "save_game",
    "SaveJournal",
    "read_save_data",
    "is_save_data",
    "load_save",
    "forget_loaded_games",
    "finish_game",
    "complete_finish",
    "stamp_finished",
    "game_save_path",
    "SetAsideError",
    "in_saves_folder",
    "remember_named_save",
    "forget_named_save",
    "still_the_same_game",
    "recent_saves",
]

RECENT_LIMIT = 20
"""How many named save files (``play --save FILE``) are remembered for the list of unfinished games."""


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def stamp_finished(state: GameState) -> None:
    """Mark a game that is over with ``meta["finished_at"]`` (once)."""
    if state.is_over and "finished_at" not in state.meta:
        state.meta["finished_at"] = _now()


def game_save_path(state: GameState) -> Path:
    """The game's own file in the saves folder, ``DATA/saves/ID.json`` (giving the
    game an id if it has none)."""
    if save_id_of(state) is None:
        state.meta["save_id"] = new_save_id()
    return saves_dir() / f"{state.meta['save_id']}.json"


def save_game(state: GameState, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the game to ``path`` (default: its own file in the saves folder) atomically;
    return the path.

    Call it after every action: a crash or a killed terminal leaves the previous save
    whole.  A finished game gets ``meta["finished_at"]``, so it is no longer offered
    to resume.  A named save is remembered for ``cardtable resume``.  The game gets an
    id (``meta["save_id"]``) the first time it is saved.  The app saves through a
    :class:`~cardtable.userdata.slots.GameSlot`, which also locks the game and never
    writes over a file that something else put in its place.
    """
    target = Path(path) if path is not None else game_save_path(state)
    if save_id_of(state) is None:
        state.meta["save_id"] = new_save_id()
    stamp_finished(state)
    atomic_write_text(target, state.to_json())
    if path is not None and not in_saves_folder(target):
        remember_named_save(target, state.meta["save_id"])
    return target


class SaveJournal:
    """Writes one open game's save: a snapshot of the whole game now and then, and
    between snapshots one line appended per action (and per change of ``meta``).

    An append is one ``write`` of a whole line to a file opened for appending, synced
    to disk like a whole save: a program killed meanwhile leaves every earlier line,
    and at worst a torn last line, which loading leaves out.  A snapshot is written
    whole and atomically (:func:`atomic_write_text`), as :func:`save_game` writes:

    - at the first save through this journal (a game just opened or resumed: what the
      file ends with is not known, so nothing is appended to it);
    - when the game is not the one last written plus actions (an undo, another state,
      another file);
    - when the journal has grown as long as the snapshot (at least
      :attr:`MIN_JOURNAL` lines): the cost of rewriting a snapshot of ``n`` actions is
      spread over the ``n`` moves before it, so a move costs the same however long the
      game has run, and the file stays at most about twice the snapshot's size.

    >>> import os, tempfile
    >>> from pathlib import Path
    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=2, seed=4)
    >>> path, journal = Path(tempfile.mkdtemp()) / "game.json", SaveJournal()
    >>> journal.write(path, state)
    >>> for _ in range(3):
    ...     state.apply(state.legal_actions()[0])
    ...     journal.write(path, state)
    >>> len(path.read_text().splitlines()), load_save(path).history == state.history
    (4, True)
    """

    #: the fewest journal lines after which a snapshot is written again
    MIN_JOURNAL = 1000

    def __init__(self) -> None:
        self._path: Path | None = None
        self._history: list[Any] | None = None
        self._written = 0
        self._last: object = None
        self._meta = ""
        self._snapshot_actions = 0
        self._lines = 0

    def write(self, path: Path, state: GameState) -> None:
        """Save ``state`` to ``path``: append what it added since the last write there,
        or write it whole.  Raises :class:`OSError` (then the next write is whole)."""
        history = state.history
        written = self._written
        meta = json.dumps(state.meta, ensure_ascii=False, sort_keys=True)
        if (
            path != self._path
            or history is not self._history
            or len(history) < written
            or (written and history[written - 1] is not self._last)
            or self._lines >= max(self.MIN_JOURNAL, self._snapshot_actions)
        ):
            self._snapshot(path, state)
        else:
            lines = [journal_line(number, *history[number - 1]) for number in range(written + 1, len(history) + 1)]
            if meta != self._meta:
                lines.append(meta_line(state.meta))
            if not lines:
                return
            self._path = None  # until the lines are written whole
            try:
                _append(path, "".join(lines))
                self._lines += len(lines)
            except OSError:
                # The file is gone, or took only part of the lines: write it whole instead
                # (atomically, over whatever part of a line got there).
                self._snapshot(path, state)
        self._path = path
        self._history = history
        self._written = len(history)
        self._last = history[-1] if history else None
        self._meta = meta

    def _snapshot(self, path: Path, state: GameState) -> None:
        self._path = None  # until the snapshot is written whole
        atomic_write_text(path, snapshot_text(state))
        self._snapshot_actions = len(state.history)
        self._lines = 0


def _append(path: Path, text: str) -> None:
    """Add ``text`` at the end of the existing file ``path`` in one write, synced to disk."""
    data = text.encode("utf-8")
    # O_BINARY (Windows only): the lines are written as they are, "\n" and all.
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    try:
        while data:
            done = os.write(descriptor, data)
            data = data[done:]
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def in_saves_folder(path: Path) -> bool:
    """Whether ``path`` is a file directly in the saves folder (a game's own save)."""
    try:
        return resolved(path).parent == resolved(saves_dir())
    except OSError:
        return False


def read_save_data(path: str | os.PathLike[str]) -> Any:
    """The parsed JSON of a file that is to be loaded as a save; raises :class:`SaveFileError`.

    The file must be a regular file of at most 16 MB; a missing file, a directory, a
    device or an unreadable file is refused with one line and never touched.  Damage
    to the text itself is reported as :class:`_Damaged` (for :func:`load_save` to
    decide whether the file may be set aside).
    """
    return _parse_save_bytes(read_or_refuse(Path(path), "load"))


def _parse_save_bytes(raw: bytes) -> Any:
    if not raw.strip():
        raise _Damaged(_("the file is empty (truncated)"))
    try:
        return parse_save_text(raw)
    except SaveFileError as exc:
        raise _Damaged(str(exc)) from None


class _Damaged(SaveFileError):
    """A file whose text is not a save: set aside when it is cardtable's own."""


def is_save_data(data: Any) -> bool:
    """Whether parsed JSON is a cardtable save by its content: the format field says so,
    or (a save from before the field) it has exactly the shape of one.

    >>> is_save_data({"format": "cardtable-save", "version": 1})
    True
    >>> is_save_data({"game": "hearts", "players": 4, "seed": 1, "options": {}, "actions": []})
    True
    >>> is_save_data({"game": "hearts", "notes": "cardtable-save"})
    False
    """
    if not isinstance(data, dict):
        return False
    if "format" in data:
        return data["format"] == FORMAT and isinstance(data.get("version"), int)
    return (
        set(data) <= _SAVE_KEYS
        and set(data) >= _LEGACY_REQUIRED
        and isinstance(data["game"], str)
        and isinstance(data["players"], int)
        and isinstance(data["options"], dict)
        and isinstance(data["actions"], list)
    )


_SAVE_KEYS = frozenset({"format", "version", "game", "players", "seed", "options", "deck", "actions", "meta", "record"})
_LEGACY_REQUIRED = frozenset({"game", "players", "options", "actions"})


class SetAsideError(SaveFileError):
    """A damaged save was refused and renamed aside: ``kept_as`` is where it went."""

    def __init__(self, message: str, kept_as: Path) -> None:
        super().__init__(message)
        self.kept_as = kept_as


def load_save(path: str | os.PathLike[str], set_aside_damaged: bool = True) -> GameState:
    """Load a saved game, or raise :class:`SaveFileError`.

    The error is one line naming the file and the reason.  A cardtable save inside
    cardtable's data folder that cannot be loaded (corrupt, truncated, from a newer
    cardtable, for an unknown game, with an action that is not legal) is renamed
    aside with a timestamp, never overwritten or deleted, and the message says where
    it went.  Any other file (outside the data folder, or not a cardtable save by its
    content) is refused without being touched, and so is every file when
    ``set_aside_damaged`` is false.  No other exception leaves this function.

    Loading replays every action, which for a long game takes a while, and starting
    the app reads the same saves several times (recovery, the list of games, the game
    resumed): a game loaded is remembered by the digest of the file's bytes, and the
    same bytes load again as a copy of it (:class:`_LoadedGames`).
    """
    target = Path(path)
    raw = read_or_refuse(target, "load")
    digest = hashlib.blake2b(raw, digest_size=20).digest()
    known = _LOADED.get(digest)
    if known is not None:
        return known
    with collection_held():  # a long game makes many objects that live on
        state = _load_save(target, raw, set_aside_damaged)
        _LOADED.keep(digest, state)
    return state


def _load_save(target: Path, raw: bytes, set_aside_damaged: bool) -> GameState:
    data: Any = None
    try:
        data = _parse_save_bytes(raw)
        if not is_save_data(data):
            raise SaveFileError(_("not a cardtable save file"))
        if "format" not in data:
            data = {**data, "format": FORMAT, "version": 1}
        state = state_from_data(data)
        _check_meta(state)
    except _Damaged as exc:
        _refuse(target, str(exc), set_aside_damaged and _named_like_ours(target))
    except SaveFileError as exc:
        if isinstance(exc, UnreadFileError):
            raise
        _refuse(target, str(exc), set_aside_damaged and is_save_data(data))
    except Exception as exc:  # noqa: BLE001 - no damaged file may crash the app
        _refuse(target, _("save file is damaged ({error})").format(error=type(exc).__name__), set_aside_damaged and is_save_data(data))
    return state


class _LoadedGames:
    """The games loaded lately, by the digest of the bytes each was loaded from.

    Each is handed out as a copy (``clone()``, its ``meta`` copied deeply), so that no
    caller changes what the next one gets.  A copy shares the game's actions and
    events, which never change, so it costs little to keep: at most :attr:`LIMIT`
    games, and at most :attr:`ACTIONS` actions in all.
    """

    LIMIT = 8
    ACTIONS = 1_000_000

    def __init__(self) -> None:
        self._games: OrderedDict[bytes, GameState] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, digest: bytes) -> GameState | None:
        with self._lock:
            state = self._games.get(digest)
            if state is None:
                return None
            self._games.move_to_end(digest)
        return _copy(state)

    def keep(self, digest: bytes, state: GameState) -> None:
        kept = _copy(state)
        with self._lock:
            self._games[digest] = kept
            self._games.move_to_end(digest)
            while len(self._games) > self.LIMIT or (
                len(self._games) > 1 and sum(len(game.history) for game in self._games.values()) > self.ACTIONS
            ):
                self._games.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()


def _copy(state: GameState) -> GameState:
    copied = state.clone()
    copied.meta = copy.deepcopy(state.meta)
    return copied


_LOADED = _LoadedGames()


def forget_loaded_games() -> None:
    """Forget the games :func:`load_save` remembers: the next load of each replays it
    (for a benchmark that times loading itself)."""
    _LOADED.clear()


def _check_meta(state: GameState) -> None:
    meta = state.meta
    if "seats" in meta and not seats_valid(meta["seats"], state.num_players):
        raise SaveFileError(ngettext(
            "save file is damaged: its seat list does not match the {count} player",
            "save file is damaged: its seat list does not match the {count} players", state.num_players,
        ).format(count=state.num_players))
    if "undo_used" in meta and not isinstance(meta["undo_used"], bool):
        raise SaveFileError(_("save file is damaged: undo_used is not true or false"))


def _named_like_ours(path: Path) -> bool:
    """A file in the saves folder under a name cardtable gives its saves: its own even
    when its text is too damaged to say so."""
    return resolved(path.parent) == resolved(saves_dir()) and (
        path.name == autosave_path().name or (path.suffix == ".json" and SAVE_ID.fullmatch(path.stem) is not None)
    )


def _refuse(path: Path, reason: str, set_aside_if_own: bool) -> NoReturn:
    reason = " ".join(reason.split())
    if not (set_aside_if_own and is_own_path(path)):
        raise SaveFileError(_("cannot load {path}: {reason}; the file was left as it is").format(
            path=path, reason=reason)) from None
    try:
        aside = set_aside(path)
    except OSError as exc:
        raise SaveFileError(_("cannot load {path}: {reason} (it could not be renamed aside: {error})").format(
            path=path, reason=reason, error=exc.strerror or exc)) from None
    raise SetAsideError(_("cannot load {path}: {reason}; the file was kept as {aside}").format(
        path=path, reason=reason, aside=aside), aside) from None


# --- finding the game to resume ---------------------------------------------------

def _recent_index() -> Path:
    return data_dir() / "recent-saves.json"


def recent_saves() -> list[tuple[Path, str | None]]:
    """The named save files written lately, most recent last, with the id of the game
    each held (``None`` for an entry from before ids; missing files included)."""
    try:
        entries = json.loads(read_file_bytes(_recent_index()))
    except (OSError, ValueError, RecursionError):
        return []
    if not isinstance(entries, list):
        return []
    found: list[tuple[Path, str | None]] = []
    for entry in entries:
        if isinstance(entry, str):
            found.append((Path(entry), None))
        elif isinstance(entry, dict) and isinstance(entry.get("path"), str) and isinstance(entry.get("save_id"), str):
            found.append((Path(entry["path"]), entry["save_id"]))
    return found


def remember_named_save(path: Path, save_id: str) -> None:
    """Remember a save the player named, so that it is listed with the unfinished games."""
    resolved_path = str(resolved(path))
    entries = recent_saves()
    if entries and str(entries[-1][0]) == resolved_path and entries[-1][1] == save_id:
        return  # the usual case, once per action: nothing to write
    kept = [{"path": str(p), "save_id": i} for p, i in entries if str(p) != resolved_path and i is not None]
    kept.append({"path": resolved_path, "save_id": save_id})
    _write_index(kept[-RECENT_LIMIT:])


def forget_named_save(path: Path) -> None:
    """No longer list the named save at ``path`` (the file itself is not touched)."""
    resolved_path = str(resolved(path))
    entries = recent_saves()
    _write_index([{"path": str(p), "save_id": i} for p, i in entries if str(p) != resolved_path and i is not None])


def _write_index(entries: list[dict[str, str]]) -> None:
    try:
        atomic_write_text(_recent_index(), json.dumps(entries, indent=1))
    except OSError:
        pass  # the save itself is written; only the list of games misses it


def still_the_same_game(path: Path, save_id: str | None) -> bool:
    """Whether a remembered named save still holds the game it was remembered for.

    Another file may have taken its place since (a copy, a new game, a text file):
    it is trusted only when its parsed content is a cardtable save of the same id.
    """
    try:
        data = parse_save_text(read_file_bytes(path))
    except (OSError, SaveFileError):
        return False
    if not is_save_data(data):
        return False
    meta = data.get("meta")
    found = meta.get("save_id") if isinstance(meta, dict) else None
    return save_id is None or found == save_id


def finish_game(
    state: GameState,
    path: str | os.PathLike[str] | None = None,
    stats_file: str | os.PathLike[str] | None = None,
) -> FinishedGame:
    """Everything to do once when a game ends: mark the save finished, keep a record
    in the records directory, add the result to the statistics, and remove the save
    from the saves folder (a named save stays, marked finished).

    Returns a :class:`~cardtable.userdata.records.FinishedGame` with the save and record
    paths and any warnings for the player (a statistics file that had to be set aside).
    """
    if not state.is_over:
        raise ValueError("the game is not over yet")
    saved = save_game(state, path)
    return complete_finish(state, saved, stats_file)


def complete_finish(
    state: GameState, saved: Path, stats_file: str | os.PathLike[str] | None = None
) -> FinishedGame:
    """The steps after the finished game is saved at ``saved``: its record, its
    statistics, then its save leaves the saves folder.

    Each step can be done again after a crash without doing anything twice (the
    statistics know every game they counted), which is what recovery at start-up does.
    While the statistics cannot be written, the save stays, to be counted later.
    """
    if not state.is_over:
        raise ValueError("the game is not over yet")
    # Records and statistics are for a game's end: a table or the start screen that
    # never ends one does not load them.
    from cardtable.userdata.records import FinishedGame, archive_record, records_of
    from cardtable.userdata.stats import count_result

    save_id = save_id_of(state)
    existing = records_of(save_id) if save_id else []
    record = existing[0] if existing else archive_record(state)
    counted = count_result(state, stats_file)
    if counted.counted and in_saves_folder(saved):
        try:
            saved.unlink()
        except FileNotFoundError:
            pass
    return FinishedGame(saved, record, counted.warnings)
