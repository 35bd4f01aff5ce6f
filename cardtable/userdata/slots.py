"""One save per unfinished game, and a lock on each game while it is open.

Every game the app starts gets its own file in the saves folder, ``DATA/saves/ID.json``
(``ID``: eight hex digits, claimed by creating the file exclusively), or the
``--save`` file the player named.  It stays until the game is finished (then it
becomes a record) or the player deletes it.  :func:`unfinished_games` lists them,
newest first; :class:`GameSlot` is one of them opened for play.

While a game is open it is held under a lock (:mod:`filelock`, one lock file per save
in ``DATA/locks``), so a second cardtable cannot open it too.  A slot writes its file
only while that file is still the one it last wrote or loaded: if something else took
its place, the game goes on in a new save and the other file is left alone.

Reading never needs to write: where no lock can be made (a read-only data folder, a
file where ``DATA/locks`` goes), the games are still listed and a game still opens,
with saving off (:attr:`GameSlot.saving_off` says why, and so does one line of the
list's messages).  A game in which no person has moved yet is never listed, however
its cardtable ended (a closed terminal, a kill): there is nothing of anyone's in it.

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> from cardtable.games import get_rules
>>> from cardtable.userdata.meta import set_seats
>>> state = get_rules("durak").new_game(players=2, seed=4)
>>> set_seats(state, [("Ann", "human"), ("Ada", "hard")])
>>> slot = GameSlot.new(state)
>>> slot.path.name == f"{slot.save_id}.json"
True
>>> GameSlot.open(slot.path)
Traceback (most recent call last):
...
cardtable.userdata.slots.GameOpenElsewhere: the game ... is already open in another cardtable; close it there first
>>> slot.close()
>>> unfinished_games()[0]  # nobody has moved yet: nothing to list
[]
>>> slot, state = GameSlot.open(slot.path)
>>> while not moved_in(state):  # Ada's moves, then Ann's first
...     state.apply(state.legal_actions()[0])
>>> slot.save(state); slot.close()
[]
>>> [game.save_id for game in unfinished_games()[0]] == [slot.save_id]
True
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.engine.state import GameState
from cardtable.errors import SaveFileError
from cardtable.games import get_rules
from cardtable.lang import N_, _, pgettext
from cardtable.userdata.meta import SAVE_ID, SeatInfo, new_save_id, save_id_of, seats_of
from cardtable.userdata.paths import (
    atomic_create_text,
    autosave_path,
    locks_dir,
    read_file_bytes,
    resolved,
    saves_dir,
)
from cardtable.userdata.savefiles import (
    SaveJournal,
    SetAsideError,
    complete_finish,
    forget_named_save,
    in_saves_folder,
    is_save_data,
    load_save,
    recent_saves,
    remember_named_save,
    stamp_finished,
    still_the_same_game,
)

if TYPE_CHECKING:
    from filelock import FileLock

    from cardtable.userdata.records import FinishedGame

__all__ = [
    "GameOpenElsewhere",
    "GameSlot",
    "SavingOff",
    "moved_in",
    "saving_off_reason",
    "SavedGame",
    "game_lock",
    "unfinished_games",
    "latest_unfinished",
    "find_game",
    "delete_game",
    "migrate_autosave",
]


class GameOpenElsewhere(SaveFileError):
    """The game is open in another cardtable (its lock is held)."""


class SavingOff(SaveFileError):
    """The game is played without saving: the data folder cannot be written (the reason
    is the exception's text, as :func:`saving_off_reason` words it)."""


def saving_off_reason(error: OSError) -> str:
    """Why nothing can be saved, from the error of making a lock, in a few words.

    >>> saving_off_reason(PermissionError(13, "Permission denied", "/data/locks"))
    'saving is off: the data folder cannot be written (permission denied: /data/locks)'
    >>> saving_off_reason(OSError(30, "Read-only file system", "/data/locks/206fd3503502b88c4b09.lock"))
    'saving is off: the data folder cannot be written (read-only file system: /data/locks)'
    >>> saving_off_reason(FileExistsError(17, "File exists", "/data/locks"))
    'saving is off: the data folder cannot be written (/data/locks is a file, not a folder)'
    """
    if isinstance(error, (FileExistsError, NotADirectoryError)) and error.filename:
        return _("saving is off: the data folder cannot be written ({path} is a file, not a folder)").format(
            path=error.filename)
    why = error.strerror or type(error).__name__
    path = Path(os.fsdecode(error.filename)) if isinstance(error.filename, (str, bytes)) else None
    if path is not None and path.suffix == ".lock":
        path = path.parent  # a game's lock file: its name says nothing to a person
    why = why[:1].lower() + why[1:]
    if path is None:
        return _("saving is off: the data folder cannot be written ({reason})").format(reason=why)
    return _("saving is off: the data folder cannot be written ({reason}: {path})").format(reason=why, path=path)


def game_lock(path: str | os.PathLike[str]) -> FileLock:
    """The lock held while the game saved at ``path`` is open (in ``DATA/locks``,
    so that no lock file is ever made beside a file of the player's)."""
    key = hashlib.sha256(str(resolved(path)).encode()).hexdigest()[:20]
    from filelock import FileLock  # the first lock is taken after the first frame

    folder = locks_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return FileLock(folder / f"{key}.lock", timeout=0)


def _acquire(path: Path) -> FileLock:
    lock = game_lock(path)
    try:
        lock.acquire(timeout=0)
    except TimeoutError:  # filelock.Timeout: the lock is held elsewhere
        raise GameOpenElsewhere(
            _("the game {game} is already open in another cardtable; close it there first").format(game=_short(path))
        ) from None
    return lock


def _short(path: Path) -> str:
    """How a save is named in messages: its id for the saves folder, else the path."""
    return path.stem if in_saves_folder(path) else str(path)


def is_open_elsewhere(path: str | os.PathLike[str]) -> bool:
    """Whether another cardtable has the game saved at ``path`` open right now; an
    :class:`OSError` if that cannot be known (no lock can be made: see the module)."""
    lock = game_lock(path)
    try:
        lock.acquire(timeout=0)
    except TimeoutError:  # filelock.Timeout: the lock is held elsewhere
        return True
    lock.release()
    return False


def _signature(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another: inode, size, modification time."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


class GameSlot:
    """One game's save file, held under the game's lock while the game is open."""

    def __init__(self, path: Path, save_id: str, lock: FileLock | None, saving_off: str | None = None) -> None:
        self.path = path
        self.save_id = save_id
        self._lock: FileLock | None = lock
        self._signature = _signature(path)
        #: why this game is played without saving (no lock could be made), else ``None``
        self.saving_off = saving_off
        self._open = True
        self._journal = SaveJournal()

    # --- opening -------------------------------------------------------------------
    @classmethod
    def new(cls, state: GameState, path: str | os.PathLike[str] | None = None) -> GameSlot:
        """Give a game that is starting its own save, written now, and lock it.

        Without ``path`` the save is ``DATA/saves/ID.json`` under a fresh id.  A named
        ``path`` must not exist yet (:class:`SaveFileError` otherwise): nothing of the
        player's is written over.
        """
        if path is not None:
            target = Path(path)
            lock = _acquire(target)
            save_id = save_id_of(state) or new_save_id()
            try:
                cls._create(state, target, save_id)
            except FileExistsError:
                lock.release()
                raise SaveFileError(
                    _("cannot save to {path}: the file exists and is not a save of this game").format(path=target)
                ) from None
            except BaseException:
                lock.release()
                raise
            remember_named_save(target, save_id)
            return cls(target, save_id, lock)
        for _attempt in range(100):
            save_id = new_save_id()
            target = saves_dir() / f"{save_id}.json"
            lock = _acquire(target)
            try:
                cls._create(state, target, save_id)
            except FileExistsError:
                lock.release()
                continue
            except BaseException:
                lock.release()
                raise
            return cls(target, save_id, lock)
        raise SaveFileError(_("no free save name in {folder}").format(folder=saves_dir()))

    @staticmethod
    def _create(state: GameState, target: Path, save_id: str) -> None:
        state.meta["save_id"] = save_id
        stamp_finished(state)
        atomic_create_text(target, state.to_json())

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> tuple[GameSlot, GameState]:
        """Lock and load the unfinished game saved at ``path``; raise :class:`SaveFileError`
        (one line) if it is open in another cardtable, cannot be loaded, or is over."""
        target = Path(path)
        saving_off: str | None = None
        lock: FileLock | None
        try:
            lock = _acquire(target)
        except OSError as exc:
            # No lock can be made: the game is read as it is (never set aside) and
            # played without saving; the slot says why.
            lock, saving_off = None, saving_off_reason(exc)
        try:
            state = load_save(target, set_aside_damaged=lock is not None)
            if state.is_over:
                raise SaveFileError(
                    _("the game in {path} is over; see it again with 'cardtable replay {path}'").format(path=target)
                )
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        save_id = save_id_of(state)
        if save_id is None:
            in_folder = in_saves_folder(target) and SAVE_ID.fullmatch(target.stem)
            save_id = target.stem if in_folder else new_save_id()
        state.meta["save_id"] = save_id
        return cls(target, save_id, lock, saving_off), state

    # --- saving --------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self._open

    def save(self, state: GameState) -> list[str]:
        """Write the game (atomically); return messages for the player (one line each).

        If the file is no longer the one this slot wrote or loaded (another program
        or a person put something else there), it is left alone and the game goes on
        in a new save in the saves folder; the message says where.  With saving off,
        :class:`SavingOff` says why and nothing is written.
        """
        if self.saving_off is not None:
            raise SavingOff(self.saving_off)
        messages: list[str] = []
        current = _signature(self.path)
        if current is not None and current != self._signature:
            messages.append(self._move_away(state))
            return messages
        state.meta["save_id"] = self.save_id
        stamp_finished(state)
        self._journal.write(self.path, state)
        self._signature = _signature(self.path)
        if not in_saves_folder(self.path):
            remember_named_save(self.path, self.save_id)
        return messages

    def _move_away(self, state: GameState) -> str:
        old = self.path
        state.meta.pop("save_id", None)
        replacement = GameSlot.new(state)
        self.close()
        self._open = True
        self.path, self.save_id, self._lock = replacement.path, replacement.save_id, replacement._lock
        self._signature = replacement._signature
        replacement._lock = None
        return _("{path} was changed by something else since this game saved it, so it was left as it is; "
                 "the game is now saved as {id}").format(path=old, id=self.save_id)

    def finish(self, state: GameState) -> FinishedGame:
        """Save the finished game, keep its record, count it, and close the slot."""
        messages = self.save(state)
        try:
            done = complete_finish(state, self.path)
        finally:
            self.close()
        from cardtable.userdata.records import FinishedGame

        return FinishedGame(done.save_path, done.record_path, tuple(messages) + done.warnings)

    def discard(self) -> bool:
        """Delete this open game's save and close the slot: for a game left before its
        player made a move (nothing of theirs is in it).  Only a save in the saves folder
        that this slot wrote is deleted; a named save is the player's file and stays, and
        so does one that something else changed since.  Returns whether it was deleted."""
        try:
            if self._lock is None or not in_saves_folder(self.path) or _signature(self.path) != self._signature:
                return False
            self.path.unlink()
            return True
        except FileNotFoundError:
            return False
        finally:
            self.close()

    def close(self) -> None:
        """Let other cardtables open the game (idempotent)."""
        self._open = False
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __repr__(self) -> str:
        return f"<GameSlot {self.save_id} {self.path}>"


# --- the list of unfinished games -------------------------------------------------------

@dataclass(frozen=True)
class SavedGame:
    """One unfinished game, as the start screen and ``cardtable resume --list`` show it."""

    save_id: str
    path: Path
    game: str
    seats: tuple[SeatInfo, ...]
    round: int
    moves: int
    saved_at: datetime
    open_elsewhere: bool = False
    #: what tells games of the same table apart: whose turn (``None``: several seats
    #: choose at once, or nobody), each seat's cards and score, and the deal's seed
    to_move: int | None = None
    hand_sizes: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    seed: int | None = None

    @property
    def title(self) -> str:
        """The game's title in the player's language."""
        return _(get_rules(self.game).title)

    @property
    def progress(self) -> str:
        """How far it has got, in the game's own word: ``round 2``, or ``hand 2`` in Hearts.

        >>> SavedGame("0", Path("x"), "hearts", (), 2, 0, datetime(2026, 11, 30)).progress
        'hand 2'
        """
        noun = get_rules(self.game).round_noun
        # TRANSLATORS: how far a saved game has got: its round, or in Hearts its hand.
        worded = {"round": pgettext("progress", "round {number}"), "hand": pgettext("progress", "hand {number}")}
        return worded.get(noun, f"{noun} {{number}}").format(number=self.round)

    @property
    def named(self) -> bool:
        """Saved to a file the player named (``--save``), not in the saves folder."""
        return not in_saves_folder(self.path)

    @property
    def players(self) -> str:
        return ", ".join(seat.label for seat in self.seats)

    def when(self, now: datetime | None = None) -> str:
        """When it was last saved, as a person says it.

        >>> game = SavedGame("0", Path("x"), "durak", (), 1, 0, datetime(2026, 11, 30, 21, 5))
        >>> game.when(datetime(2026, 11, 30, 23, 0)), game.when(datetime(2026, 12, 1, 9, 0))
        ('today 21:05', 'yesterday 21:05')
        >>> game.when(datetime(2026, 12, 9, 9, 0)), game.when(datetime(2027, 2, 1, 9, 0))
        ('30 Nov 21:05', '2026-11-30')
        """
        now = now or datetime.now()
        days = (now.date() - self.saved_at.date()).days
        if days == 0:
            return _("today {time}").format(time=f"{self.saved_at:%H:%M}")
        if days == 1:
            return _("yesterday {time}").format(time=f"{self.saved_at:%H:%M}")
        if self.saved_at.year == now.year:
            # TRANSLATORS: a day this year: "30 Nov 21:05"; {month} is a month's short name.
            return _("{day} {month} {time}").format(
                day=self.saved_at.day, month=_month(self.saved_at.month), time=f"{self.saved_at:%H:%M}")
        return f"{self.saved_at:%Y-%m-%d}"

    def describe(self) -> str:
        """One short line: ``Hearts · You, Zoe, Max, Cleo · hand 2 · today 09:44``."""
        parts = [self.title, ", ".join(seat.name for seat in self.seats), self.progress, self.when()]
        if self.open_elsewhere:
            parts.append(_("open in another cardtable"))
        return " · ".join(parts)


_MONTHS = (
    # TRANSLATORS: the months' short names, as in "30 Nov 21:05".
    N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"),
    N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"),
)


def _month(number: int) -> str:
    """Month ``number``'s short name in the current language (``Nov``), whatever the locale.

    >>> _month(11)
    'Nov'
    """
    return _(_MONTHS[number - 1])


def moved_in(state: GameState) -> bool:
    """Whether a person (at this keyboard or a remote seat) has made a move in the game:
    bots' moves before the first person's keep nothing of anyone's.  In a game with no
    person's seat, any move counts.

    >>> from cardtable.games import get_rules
    >>> from cardtable.userdata.meta import set_seats
    >>> state = get_rules("durak").new_game(players=2, seed=4)
    >>> set_seats(state, [("Ann", "human"), ("Ada", "easy")])
    >>> moved_in(state)
    False
    """
    people = {seat for seat, info in enumerate(seats_of(state)) if info.kind in ("human", "remote")}
    return any(not people or seat in people for seat, _ in state.history)


def _entry(path: Path, save_id: str | None, elsewhere: bool | None) -> tuple[SavedGame | None, str | None]:
    """The list entry for the save at ``path`` (``None`` if finished, not yet moved in,
    or not a save), and a message for the player if the file was damaged and set aside.

    ``elsewhere``: whether another cardtable has it open (``None``: no lock could tell).
    """
    try:
        # Open in another cardtable, or no lock to tell: read it, but never move it.
        state = load_save(path, set_aside_damaged=elsewhere is False)
        saved_at = datetime.fromtimestamp(path.stat().st_mtime)
    except SetAsideError as exc:
        return None, str(exc)
    except (SaveFileError, OSError):
        return None, None
    if state.is_over or not moved_in(state):
        # Nobody's move yet: its cardtable ended before the first one (a closed
        # terminal, a kill, which no clean-up survives); recovery removes it when it can.
        return None, None
    public = state.public_observation()
    return (
        SavedGame(
            save_id=save_id or save_id_of(state) or path.stem,
            path=path,
            game=state.rules.name,
            seats=seats_of(state),
            round=public.round,
            moves=len(state.history),
            saved_at=saved_at,
            open_elsewhere=bool(elsewhere),
            to_move=public.current_player,
            hand_sizes=tuple(public.hand_sizes),
            scores=tuple(public.scores),
            seed=state.seed,
        ),
        None,
    )


def _folder_saves() -> list[Path]:
    try:
        return sorted(
            path for path in saves_dir().glob("*.json")
            if SAVE_ID.fullmatch(path.stem) or path.name == autosave_path().name
        )
    except OSError:
        return []


def unfinished_games() -> tuple[list[SavedGame], list[str]]:
    """Every unfinished game, newest first, and messages for the player (one line each).

    The games are the saves in the saves folder and the named saves written lately
    that still hold their game.  A damaged save in the saves folder is set aside
    (the message says where); any other file is only read.  Where no lock can be made,
    every file is only read, and one message says that saving is off, and why.
    """
    messages = migrate_autosave()
    games: list[SavedGame] = []
    saving_off: list[str] = []

    def open_elsewhere(path: Path) -> bool | None:
        try:
            return is_open_elsewhere(path)
        except OSError as exc:
            if not saving_off:
                saving_off.append(saving_off_reason(exc))
            return None

    for path in _folder_saves():
        entry, message = _entry(path, path.stem if SAVE_ID.fullmatch(path.stem) else None, open_elsewhere(path))
        if message:
            messages.append(message)
        if entry is not None:
            games.append(entry)
    known = {resolved(game.path) for game in games}
    for path, save_id in reversed(recent_saves()):
        if resolved(path) in known or save_id is None or not still_the_same_game(path, save_id):
            continue
        known.add(resolved(path))
        entry, _problem = _entry(path, save_id, open_elsewhere(path))
        if entry is not None:
            games.append(entry)
    games.sort(key=lambda game: game.saved_at, reverse=True)
    if saving_off and games:
        messages.append(_("{reason}; unfinished games open, but are not saved").format(reason=saving_off[0]))
    return games, messages


def latest_unfinished() -> Path | None:
    """The file of the most recently saved game that is not over, or ``None``."""
    games, _ = unfinished_games()
    return games[0].path if games else None


def find_game(save_id: str) -> SavedGame | None:
    """The unfinished game with this id (as ``cardtable resume --list`` shows it)."""
    wanted = save_id.strip().lower()
    return next((game for game in unfinished_games()[0] if game.save_id == wanted), None)


def delete_game(game: SavedGame) -> str:
    """Delete an unfinished game at the player's request; return what was done (one line).

    A save in the saves folder is deleted; a named save is only forgotten (its file is
    the player's and is left as it is).  A game open in another cardtable is refused.
    """
    try:
        lock = _acquire(game.path)
    except OSError as exc:
        raise SaveFileError(_("cannot delete the {game} game {id}: {reason}").format(
            game=game.title, id=game.save_id, reason=saving_off_reason(exc))) from None
    try:
        if game.named:
            forget_named_save(game.path)
            return _("forgot the {game} game {id}; its file {path} was left as it is").format(
                game=game.title, id=game.save_id, path=game.path)
        game.path.unlink()
        return _("deleted the {game} game {id} ({players})").format(game=game.title, id=game.save_id, players=game.players)
    except FileNotFoundError:
        return _("the {game} game {id} was already gone").format(game=game.title, id=game.save_id)
    finally:
        lock.release()


def migrate_autosave() -> list[str]:
    """Move the single autosave of older cardtables into the one-file-per-game scheme.

    ``DATA/saves/autosave.json``, when its parsed content is a cardtable save, becomes
    ``DATA/saves/ID.json`` (its own id if it has one and the name is free, else a new
    one); nothing is lost or overwritten.  A damaged one is left for
    :func:`unfinished_games` to set aside; a file that is not a save is left alone.
    """
    old = autosave_path()
    if not old.is_file():
        return []
    try:
        lock = _acquire(old)
    except (GameOpenElsewhere, OSError):
        return []  # an older cardtable is playing it right now, or nothing can be written
    try:
        try:
            data = json.loads(read_file_bytes(old))
        except (OSError, ValueError, RecursionError):
            return []
        if not is_save_data(data):
            return []
        meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
        found = meta.get("save_id")
        save_id = found if isinstance(found, str) and SAVE_ID.fullmatch(found) else new_save_id()
        target = saves_dir() / f"{save_id}.json"
        while target.exists():
            target = saves_dir() / f"{new_save_id()}.json"
        # A rename moves exactly this file; an older cardtable still writing the old
        # name makes a new file there, moved on the next start.
        os.rename(old, target)
        return []
    finally:
        lock.release()
