"""Where a table's game is saved: its own locked save (a :class:`GameSlot`).

The session saves after every change through a :class:`Saver`; :class:`SlotSaver` is
the one the app uses.  The game's file is made at its first save (in the saves
folder, or the file the player named), kept locked while the table is open, and
turned into a record when the game is finished.

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> from cardtable.games import get_rules
>>> state = get_rules("durak").new_game(players=2, seed=4)
>>> saver = SlotSaver()
>>> saver.save(state), saver.slot is not None and saver.slot.path.is_file()
([], True)
>>> saver.close(); saver.slot is None
True
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cardtable.engine.state import GameState
    from cardtable.userdata.slots import GameSlot

__all__ = ["Saver", "SlotSaver"]


class Saver(Protocol):
    """What the session saves through."""

    def save(self, state: GameState) -> list[str]:
        """Write the unfinished game; return messages for the player, one line each."""
        ...

    def finish(self, state: GameState) -> list[str]:
        """Write the finished game, keep its record and count it; return messages."""
        ...


class SlotSaver:
    """Saves one open game to its :class:`GameSlot` (``slot``: a game resumed from its
    save; ``path``: the file a new game is to be saved to, else the saves folder)."""

    def __init__(self, slot: GameSlot | None = None, path: str | os.PathLike[str] | None = None) -> None:
        self.slot = slot
        self.path: Path | None = Path(path) if path is not None else None

    def save(self, state: GameState) -> list[str]:
        if self.slot is None or not self.slot.is_open:
            # Loaded here, at the first save: the start screen makes a saver too.
            from cardtable.userdata.slots import GameSlot

            self.slot = GameSlot.new(state, self.path)
            self.path = None
            return []
        return self.slot.save(state)

    def finish(self, state: GameState) -> list[str]:
        if self.slot is None or not self.slot.is_open:
            self.save(state)
        assert self.slot is not None
        done = self.slot.finish(state)
        self.slot = None
        return list(done.warnings)

    def close(self) -> None:
        """Let go of the game's lock; its save stays as it is (idempotent)."""
        if self.slot is not None:
            self.slot.close()
            self.slot = None
