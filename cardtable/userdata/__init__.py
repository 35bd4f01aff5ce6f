"""The player's own files: saved games, game records, statistics and settings.

Everything here is plain files in the user's data and config directories (see
:mod:`cardtable.userdata.paths`; ``CARDTABLE_HOME`` moves both, for tests and
portable installs).  Nothing in this package imports Textual: the app calls it.

- :mod:`~cardtable.userdata.meta`: who sits where, the game's id and undo, kept in
  ``state.meta`` (:class:`SeatInfo`, :func:`seats_of`).
- :mod:`~cardtable.userdata.savefiles`: :func:`save_game`, :func:`load_save`,
  :func:`finish_game`.
- :mod:`~cardtable.userdata.slots`: :class:`GameSlot` (one locked save per open game),
  :func:`unfinished_games`, :func:`latest_unfinished`.
- :mod:`~cardtable.userdata.records`: :func:`export_record`, :func:`load_record`,
  :class:`Replay`.
- :mod:`~cardtable.userdata.stats`: :func:`record_result`, :func:`load_stats`.
- :mod:`~cardtable.userdata.settings`: :class:`Settings`, :func:`load_settings`,
  :func:`save_settings`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.userdata.records import Replay, export_record, load_record
    from cardtable.userdata.savefiles import (
        SeatInfo,
        finish_game,
        load_save,
        save_game,
        seats_of,
    )
    from cardtable.userdata.settings import Settings, load_settings, save_settings
    from cardtable.userdata.slots import GameSlot, SavedGame, latest_unfinished, unfinished_games
    from cardtable.userdata.stats import PlayerStats, load_stats, record_result

__all__ = [
    "Replay",
    "export_record",
    "load_record",
    "SeatInfo",
    "seats_of",
    "save_game",
    "load_save",
    "latest_unfinished",
    "finish_game",
    "GameSlot",
    "SavedGame",
    "unfinished_games",
    "Settings",
    "load_settings",
    "save_settings",
    "PlayerStats",
    "load_stats",
    "record_result",
]

# Loaded when first asked for (PEP 562): the settings, read before the app's first
# frame, do not bring the saves, records and statistics with them.
_MODULE_OF = {
    **dict.fromkeys(["Replay", "export_record", "load_record"], "cardtable.userdata.records"),
    **dict.fromkeys(["SeatInfo", "seats_of", "save_game", "load_save", "finish_game"], "cardtable.userdata.savefiles"),
    **dict.fromkeys(["Settings", "load_settings", "save_settings"], "cardtable.userdata.settings"),
    **dict.fromkeys(["GameSlot", "SavedGame", "latest_unfinished", "unfinished_games"], "cardtable.userdata.slots"),
    **dict.fromkeys(["PlayerStats", "load_stats", "record_result"], "cardtable.userdata.stats"),
}


__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
