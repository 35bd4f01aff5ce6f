"""Game records: a finished game kept as a file, and a :class:`Replay` to step through it.

A record is a save file (:mod:`cardtable.engine.saves`: setup, every action, ``meta``)
with one more key, ``"record"``, holding what a replay shows besides the moves:
the players, when the game finished, whether an action was taken back, and the final
outcome.  So a record loads anywhere a save does, and any save can be replayed.

>>> from cardtable.games import get_rules
>>> from cardtable.engine.playout import play_random_game
>>> state = get_rules("durak").new_game(players=2, seed=3)
>>> replay = Replay.from_state(state)
>>> replay.length, replay.position
(0, 0)
>>> import random
>>> rng = random.Random(1)
>>> while not state.is_over:
...     state.apply(rng.choice(state.legal_actions()))
>>> replay = Replay.from_state(state)
>>> replay.step(5)
5
>>> replay.state.history == state.history[:5]
True
>>> replay.step(-2), replay.observation().hand
(3, ())
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation
from cardtable.engine.saves import DamagedJournal, parse_save_text, save_data
from cardtable.engine.state import GameState
from cardtable.errors import SaveFileError
from cardtable.games import state_from_data
from cardtable.lang import _
from cardtable.userdata.meta import SeatInfo, new_save_id, save_id_of, seats_of, undo_used
from cardtable.userdata.paths import atomic_create_text, atomic_write_text, read_or_refuse, records_dir

__all__ = [
    "FinishedGame",
    "RecordInfo",
    "record_data",
    "export_record",
    "archive_record",
    "records_of",
    "load_record",
    "Replay",
]


@dataclass(frozen=True)
class FinishedGame:
    """What :func:`~cardtable.userdata.savefiles.finish_game` did: where the save and
    the record went, and warnings to show the player (one line each)."""

    save_path: Path
    record_path: Path
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class RecordInfo:
    """The facts a replay shows besides the moves."""

    game: str
    seats: tuple[SeatInfo, ...]
    finished: bool
    finished_at: str | None
    undo_used: bool


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def record_data(state: GameState) -> dict[str, Any]:
    """The JSON-safe dict of a record file: the save, plus ``"record"``."""
    data = save_data(state)
    data["record"] = {
        "players": [{"name": seat.name, "kind": seat.kind} for seat in seats_of(state)],
        "finished": state.is_over,
        "finished_at": state.meta.get("finished_at") if state.is_over else None,
        "exported_at": _now(),
        "undo_used": undo_used(state),
        "outcome": state.outcome().to_dict(),
    }
    return data


def export_record(state: GameState, path: str | os.PathLike[str]) -> Path:
    """Write the game as a record file at ``path`` (atomically); return the path.

    A game still in progress may be exported too: its record says ``finished: false``.
    """
    target = Path(path)
    if state.is_over and "finished_at" not in state.meta:
        state.meta["finished_at"] = _now()
    atomic_write_text(target, json.dumps(record_data(state), ensure_ascii=False, indent=1))
    return target


def archive_record(state: GameState) -> Path:
    """Keep the game as a record in the records directory, under a name of its own.

    The name is ``GAME-YYYYmmdd-HHMMSS-ID.json`` (``ID``: the game's id, or a random
    one), created exclusively: two cardtables finishing games in the same second
    never write over each other's records.
    """
    if state.is_over and "finished_at" not in state.meta:
        state.meta["finished_at"] = _now()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = records_dir()
    text = json.dumps(record_data(state), ensure_ascii=False, indent=1)
    suffix = save_id_of(state) or new_save_id()
    for _attempt in range(100):
        target = folder / f"{state.rules.name}-{stamp}-{suffix}.json"
        try:
            atomic_create_text(target, text)
            return target
        except FileExistsError:
            suffix = new_save_id()
    raise FileExistsError(f"no free record name in {folder}")


def records_of(save_id: str) -> list[Path]:
    """The records kept of the game with this id."""
    try:
        return sorted(records_dir().glob(f"*-{save_id}.json"))
    except OSError:
        return []


def load_record(path: str | os.PathLike[str]) -> Replay:
    """Open a record (or any save file) for replay, or raise :class:`SaveFileError`.

    The error is one line naming the file and the reason; the file is left as it is
    (a record is only ever read).
    """
    target = Path(path)
    raw = read_or_refuse(target, "replay")
    try:
        if not raw.strip():
            raise SaveFileError(_("the file is empty (truncated)"))
        try:
            # A record is one JSON document; an open game's save may carry a journal.
            data = parse_save_text(raw)
        except DamagedJournal:
            raise
        except SaveFileError:
            raise SaveFileError(_("not a valid record (corrupt or truncated JSON)")) from None
        return Replay.from_data(data)
    except SaveFileError as exc:
        raise SaveFileError(_("cannot replay {path}: {reason}").format(path=target, reason=" ".join(str(exc).split()))) from None
    except Exception as exc:  # noqa: BLE001 - no damaged file may crash the app
        raise SaveFileError(_("cannot replay {path}: record is damaged ({error})").format(
            path=target, error=type(exc).__name__)) from None


class Replay:
    """Step forward and back through a game's actions, from the deal to the end.

    ``position`` is how many actions have been applied (0: the deal; ``length``: the
    end).  The state at any position is rebuilt from a fresh game by applying the
    first actions again; a copy is kept every :attr:`CHECKPOINT_EVERY` actions, so
    going back costs at most that many actions.
    """

    CHECKPOINT_EVERY = 32

    def __init__(self, start: GameState, actions: Sequence[tuple[int, Action]], info: RecordInfo) -> None:
        if start.history:
            raise ValueError("a replay starts from a game with no actions taken")
        self.info = info
        self.actions: tuple[tuple[int, Action], ...] = tuple(actions)
        self._checkpoints: dict[int, GameState] = {0: start.clone()}
        self._position = 0
        self._current = start.clone()

    # --- making one ----------------------------------------------------------
    @classmethod
    def from_state(cls, state: GameState) -> Replay:
        """A replay of ``state``'s game so far (the state itself is not touched)."""
        data = save_data(state)
        data["actions"] = []
        start = state_from_data(data)
        start.meta = dict(state.meta)
        return cls(start, state.history, _info(state))

    @classmethod
    def from_data(cls, data: Any) -> Replay:
        """A replay of a save or record dict; raises :class:`SaveFileError` if it is not valid."""
        final = state_from_data(data)  # checks every action
        replay = cls.from_state(final)
        record = data.get("record") if isinstance(data, dict) else None
        if isinstance(record, dict) and isinstance(record.get("finished_at"), str) and not final.meta.get("finished_at"):
            replay.info = _info(final, record["finished_at"])
        replay._checkpoints[replay.length] = final.clone()
        return replay

    # --- where we are --------------------------------------------------------
    @property
    def length(self) -> int:
        """How many actions the game has."""
        return len(self.actions)

    @property
    def position(self) -> int:
        return self._position

    @property
    def at_start(self) -> bool:
        return self._position == 0

    @property
    def at_end(self) -> bool:
        return self._position == self.length

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.info.seats

    @property
    def state(self) -> GameState:
        """The game at the current position.  Read it, do not change it (see :meth:`state_at`)."""
        return self._current

    @property
    def last_action(self) -> tuple[int, Action] | None:
        """The action that led to the current position, as ``(seat, action)``, or ``None``."""
        return self.actions[self._position - 1] if self._position else None

    # --- moving --------------------------------------------------------------
    def step(self, count: int = 1) -> int:
        """Move ``count`` actions forward (negative: back), stopping at either end; return the position."""
        return self.seek(self._position + count)

    def seek(self, position: int) -> int:
        """Go to ``position`` (clamped to 0..length); return it."""
        target = max(0, min(self.length, position))
        if target == self._position + 1:
            self._advance(self._current)
            self._position = target
        elif target != self._position:
            self._current = self.state_at(target)
            self._position = target
        return target

    def state_at(self, position: int) -> GameState:
        """A fresh copy of the game after the first ``position`` actions (yours to change)."""
        if not 0 <= position <= self.length:
            raise ValueError(f"position must be 0 to {self.length}, not {position}")
        base = max(index for index in self._checkpoints if index <= position)
        state = self._checkpoints[base].clone()
        while len(state.history) < position:
            self._advance(state)
        return state

    def _advance(self, state: GameState) -> None:
        done = len(state.history)
        seat, action = self.actions[done]
        state.apply(action)
        done += 1
        if done % self.CHECKPOINT_EVERY == 0 and done not in self._checkpoints:
            self._checkpoints[done] = state.clone()

    # --- what is seen ----------------------------------------------------------
    def observation(self, seat: int | None = None) -> Observation:
        """The current position as a spectator sees it (``seat=None``), or as ``seat`` saw it."""
        if seat is None:
            return self._current.public_observation()
        if not isinstance(seat, int) or not 0 <= seat < self._current.num_players:
            raise ValueError(f"there is no seat {seat!r} at a table of {self._current.num_players}")
        return self._current.observation(seat)

    def __repr__(self) -> str:
        return f"<Replay {self.info.game} {self._position}/{self.length}>"


def _info(state: GameState, finished_at: str | None = None) -> RecordInfo:
    return RecordInfo(
        game=state.rules.name,
        seats=seats_of(state),
        finished=state.is_over,
        finished_at=state.meta.get("finished_at") or finished_at,
        undo_used=undo_used(state),
    )
