"""The search's worker processes under the name the session, the network and the TUI
import them by; they live in :mod:`cardtable.bots.search.pool` (and every name here is
also importable from :mod:`cardtable.bots.search`)."""

from __future__ import annotations

from cardtable.bots.search.pool import (
    PLAY_WORKERS,
    MergedSearch,
    StopFlag,
    available_cores,
    parallel_search,
    play_workers,
    shutdown_pool,
    warm_up,
    worker_pids,
)

__all__ = [
    "MergedSearch",
    "StopFlag",
    "available_cores",
    "parallel_search",
    "play_workers",
    "shutdown_pool",
    "warm_up",
    "worker_pids",
    "PLAY_WORKERS",
]
