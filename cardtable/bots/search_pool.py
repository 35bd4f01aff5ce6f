"""Root-parallel ISMCTS: several processes grow independent trees, their root visit
counts are added up, and the most visited action wins.

Every tree, this process's and each worker's, is grown by the one loop
:meth:`cardtable.bots.search.ISMCTS.run`, so a worker uses the model's own simulator
when it has one (Hearts' bitmask simulator), exactly as a search in one process does.

The worker processes persist between decisions (one pool per program, started on first
use, closed at exit), so a move pays for pickling the observation and the model, not for
starting Python.  This process searches too, so ``workers=2`` adds one process.

Everything sent to a worker must pickle: the observation (cards and actions do) and the
model (define model classes at module level).  If a worker fails or is late, the search
quietly uses the trees that did finish; this process's own tree is always there.
"""

from __future__ import annotations

import atexit
import multiprocessing
import random
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation

if TYPE_CHECKING:
    from cardtable.bots.search import ISMCTS, Searchable

#: Root statistics (each root action's notation to visits and summed value), the
#: iterations done, the samples rejected, and the number of trees that were merged.
MergedSearch = tuple[dict[str, tuple[int, float]], int, int, int]

__all__ = ["MergedSearch", "parallel_search", "shutdown_pool", "warm_up"]

_pool: ProcessPoolExecutor | None = None
_pool_size = 0

# A worker stops this much before the budget's end, to leave time to send back its
# statistics.
_RETURN_MARGIN = 0.01
# How long past the budget to wait for a late worker before going on without it.
_LATE_GRACE = 0.25


def _get_pool(extra_workers: int) -> ProcessPoolExecutor:
    global _pool, _pool_size
    if _pool is None or _pool_size != extra_workers:
        shutdown_pool()
        # Forking a process that runs a TUI's threads is unsafe; a fresh interpreter is not.
        context = multiprocessing.get_context("forkserver")
        _pool = ProcessPoolExecutor(max_workers=extra_workers, mp_context=context)
        _pool_size = extra_workers
    return _pool


def shutdown_pool() -> None:
    """Stop the worker processes (they start again when next needed)."""
    global _pool, _pool_size
    if _pool is not None:
        _pool.shutdown(wait=True, cancel_futures=True)
    _pool = None
    _pool_size = 0


atexit.register(shutdown_pool)


def warm_up(workers: int) -> None:
    """Start the pool now rather than at the first decision."""
    if workers > 1:
        pool = _get_pool(workers - 1)
        for future in [pool.submit(_ping) for _ in range(workers - 1)]:
            future.result()


def _ping() -> int:
    return 0


def _share(
    searcher_type: type[ISMCTS],
    observation: Observation,
    legal_actions: Sequence[Action],
    model: Searchable[Any],
    seed: int,
    exploration: float,
    iterations: int | None,
    stop_at: float | None,
) -> tuple[dict[str, tuple[int, float]], int, int]:
    # The same loop as in the parent (ISMCTS.run picks the model's simulator), so a
    # worker's tree is the one a single process would grow from this seed.  The class
    # comes from the parent, so this module needs no import of the search.
    searcher = searcher_type(iterations=iterations, exploration=exploration)
    # ``stop_at`` is on the system-wide monotonic clock, so the time this worker spent
    # waiting for the task counts against the budget.
    deadline = None if stop_at is None else time.perf_counter() + (stop_at - time.monotonic())
    return searcher.run(observation, legal_actions, model, random.Random(seed), iterations, deadline)


def parallel_search(
    searcher: ISMCTS,
    observation: Observation,
    legal_actions: Sequence[Action],
    model: Searchable[Any],
    rng: random.Random,
    deadline: float | None,
) -> MergedSearch:
    """Search with ``searcher.workers`` trees at once and merge their root statistics.

    In iteration mode the iterations are split between the trees and each tree's seed
    comes from ``rng``, so the result is reproducible; otherwise every tree stops at
    ``deadline`` (by ``time.perf_counter``).  :meth:`ISMCTS.search_with_stats` chooses
    the action from the merged statistics.
    """
    if searcher.iterations is None and deadline is None:
        raise ValueError("a search by the clock needs a deadline")
    workers = searcher.workers
    seeds = [rng.getrandbits(64) for _ in range(workers)]
    if searcher.iterations is not None:
        shares: list[int | None] = [
            searcher.iterations // workers + (1 if i < searcher.iterations % workers else 0)
            for i in range(workers)
        ]
        shares = [max(1, s) for s in shares]  # type: ignore[type-var]
        deadline = stop_at = None
    else:
        shares = [None] * workers
        # A worker's clock is the system-wide monotonic one (see _share).
        stop_at = time.monotonic() + (deadline - time.perf_counter()) - _RETURN_MARGIN  # type: ignore[operator]
    futures: list[Future[tuple[dict[str, tuple[int, float]], int, int]]] = []
    try:
        pool = _get_pool(workers - 1)
        for i in range(1, workers):
            futures.append(
                pool.submit(
                    _share, type(searcher), observation, list(legal_actions), model, seeds[i],
                    searcher.exploration, shares[i], stop_at,
                )
            )
    except Exception:  # noqa: BLE001 - no pool (pickling, resources): search alone
        futures = []
    stats, done, rejected = searcher.run(
        observation, legal_actions, model, random.Random(seeds[0]), shares[0], deadline
    )
    merged = {key: list(value) for key, value in stats.items()}
    used = 1
    for future in futures:
        timeout = None if deadline is None else max(0.0, deadline + _LATE_GRACE - time.perf_counter())
        try:
            other, other_done, other_rejected = future.result(timeout=timeout)
        except Exception:  # noqa: BLE001 - a lost worker only costs its share
            continue
        used += 1
        done += other_done
        rejected += other_rejected
        for key, (visits, value) in other.items():
            entry = merged.setdefault(key, [0, 0.0])
            entry[0] += visits
            entry[1] += value
    root = {key: (int(v[0]), float(v[1])) for key, v in merged.items()}
    return root, done, rejected, used
