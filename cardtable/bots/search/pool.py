"""Root-parallel ISMCTS: several processes grow independent trees, their root visit
counts are added up, and the most visited action wins.

Every tree, this process's and each worker's, is grown by the one loop
:meth:`cardtable.bots.search.tree.ISMCTS.run`, so a worker uses the model's own simulator
when it has one (Hearts' bitmask simulator), exactly as a search in one process does.

The worker processes persist between decisions (one pool per program, started by
:func:`warm_up` or on first use, closed at exit), so a move pays for pickling the
observation and the model, not for starting Python.  Starting them takes a good part of
a second, so a search by the clock never waits for it: until the workers have answered
once, it searches alone and the pool starts in the background (a search of a fixed
number of iterations waits, to stay reproducible).  This process searches too, so
``workers=2`` adds one process.  :func:`play_workers` says how many a table in play uses.

Stopping: the pool shares one small array of cancel flags with its workers (made with
the pool, handed to each worker when it starts).  Every request has its own flag; when
the search in this process is stopped from outside (its ``stop`` is set: the game was
closed, a move undone, the hint cancelled) or a worker is given up as late, that flag is
raised and the worker's search ends at its next iteration, as this process's does,
instead of running out its time budget.

A worker never writes to the terminal: it points its standard output and error at the
null device when it starts (a TUI owns the terminal).

Everything sent to a worker must pickle: the observation (cards and actions do) and the
model (define model classes at module level).  If a worker fails or is late, the search
quietly uses the trees that did finish; this process's own tree is always there.
"""

from __future__ import annotations

import atexit
import itertools
import os
import random
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from cardtable.bots.search.tree import ISMCTS, Searchable

# multiprocessing and the process pool are loaded when the pool first starts (a hard bot's
# or a hint's first search), not with the bots: a table without one never needs them.

#: Root statistics (each root action's notation to visits and summed value), the
#: iterations done, the samples rejected, the number of trees that were merged, and
#: (when the search recorded them) each root action's outcome counts.
MergedSearch = tuple[dict[str, tuple[int, float]], int, int, int, dict[str, dict[int, int]]]

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

PLAY_WORKERS = 2
"""The most search processes a hard bot in play uses (one per core, up to this)."""


class StopFlag(Protocol):
    """What tells a search to stop early: a ``threading.Event``, or a worker's flag."""

    def is_set(self) -> bool:
        """Whether the search must stop now."""
        ...


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says).

    >>> available_cores() >= 1
    True
    """
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counter is not None:
        return max(1, counter() or 1)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def play_workers(limit: int | None = None) -> int:
    """Search processes for a hard bot at a table in play: one per available core, at
    most :data:`PLAY_WORKERS` (and at most ``limit``, the player's choice, when given).

    >>> 1 <= play_workers() <= PLAY_WORKERS, play_workers(1)
    (True, 1)
    """
    cores = min(available_cores(), PLAY_WORKERS)
    return max(1, cores if limit is None else min(cores, limit))


# The cancel flags: request ``r`` owns slot ``r % _SLOTS`` and is cancelled when that slot
# holds ``r`` (a slot's older value names an older request, so reusing it is safe); the
# last slot set cancels everything (the pool is closing).
_SLOTS = 64
_ALL = _SLOTS

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_pool_size = 0
_flags: Any = None  # the shared array of the pool, in this process and in each worker
_requests = itertools.count(1)
#: the pool's workers have all answered once: a search by the clock may count on them
_ready = threading.Event()
_starting: threading.Thread | None = None

# A worker stops this much before the budget's end, to leave time to send back its
# statistics.
_RETURN_MARGIN = 0.01
# How long past the budget to wait for a late worker before going on without it; and
# how long a cancelled search waits for its workers to let go.
_LATE_GRACE = 0.25
# How often a wait for a worker looks whether the search was stopped from outside.
_POLL = 0.02


def _start_worker(flags: Any) -> None:
    """Each worker process's start: keep the flags, and keep off the terminal."""
    global _flags
    _flags = flags
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdout = sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process's life


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with a real ``sys.stderr``.

    It keeps ``sys.stderr.fileno()`` open in the process it starts, and a TUI's stand-in
    for ``sys.stderr`` (Textual's) has no valid descriptor: the start would fail with
    "bad value(s) in fds_to_keep", and the search would quietly stay in one process.
    The stand-in is put back at once; nothing is written meanwhile but to the null device.
    """
    from multiprocessing import resource_tracker

    stream = sys.stderr
    try:
        valid = stream is not None and stream.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        valid = False
    if valid:
        resource_tracker.ensure_running()
        return
    with open(os.devnull, "w", encoding="utf-8") as null:
        sys.stderr = null
        try:
            resource_tracker.ensure_running()
        finally:
            if sys.stderr is null:
                sys.stderr = stream


def _get_pool(extra_workers: int) -> ProcessPoolExecutor:
    global _pool, _pool_size, _flags
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with _lock:
        if _pool is None or _pool_size != extra_workers:
            _shutdown_locked()
            _start_resource_tracker()
            # Forking a process that runs a TUI's threads is unsafe; the fork server is a
            # fresh interpreter, and forks only itself.  Its workers start with the
            # search already imported.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["__main__", "cardtable.bots.search"])
            _flags = context.RawArray("q", _SLOTS + 1)
            _pool = ProcessPoolExecutor(
                max_workers=extra_workers, mp_context=context, initializer=_start_worker, initargs=(_flags,)
            )
            _pool_size = extra_workers
            _ready.clear()
        return _pool


def _shutdown_locked() -> None:
    global _pool, _pool_size
    _ready.clear()
    if _pool is not None:
        _flags[_ALL] = 1
        _pool.shutdown(wait=True, cancel_futures=True)
    _pool = None
    _pool_size = 0


def shutdown_pool() -> None:
    """Stop the worker processes (they start again when next needed); a search they
    are running ends at its next iteration."""
    with _lock:
        _shutdown_locked()


atexit.register(shutdown_pool)


def warm_up(workers: int) -> None:
    """Start the pool now rather than at the first decision, and wait until its workers
    answer (the first start of the worker processes takes a good part of a second)."""
    if workers > 1:
        pool = _get_pool(workers - 1)
        for future in [pool.submit(_ping) for _ in range(workers - 1)]:
            future.result()
        with _lock:
            if _pool is pool:
                _ready.set()


def _ready_for(extra_workers: int) -> bool:
    """Whether the pool of ``extra_workers`` is up; if not, it is started in the background."""
    global _starting
    with _lock:
        if _pool is not None and _pool_size == extra_workers and _ready.is_set():
            return True
        if _starting is None or not _starting.is_alive():
            _starting = threading.Thread(
                target=_warm_quietly, args=(extra_workers + 1,), name="cardtable-search-pool", daemon=True
            )
            _starting.start()
        return False


def _warm_quietly(workers: int) -> None:
    try:
        warm_up(workers)
    except Exception:  # noqa: BLE001 - no worker processes here: searches stay in one process
        pass


def worker_pids() -> list[int]:
    """The process ids of the pool's workers now (none before the pool starts).

    The executor keeps its processes private, so they are read as this process's
    living children: while the pool runs, the search starts no other process.
    """
    import multiprocessing  # here, not at import: a table of easy bots loads no search machinery

    with _lock:
        if _pool is None:
            return []
        return sorted(child.pid for child in multiprocessing.active_children() if child.pid is not None)


def _ping() -> int:
    return os.getpid()


class _Cancelled:
    """A worker's stop flag for one request (see the module's docstring)."""

    __slots__ = ("request", "slot")

    def __init__(self, request: int) -> None:
        self.request = request
        self.slot = request % _SLOTS

    def is_set(self) -> bool:
        return bool(_flags[self.slot] == self.request or _flags[_ALL])


def _cancel(request: int) -> None:
    flags = _flags
    if flags is not None:
        flags[request % _SLOTS] = request


_Share = tuple[dict[str, tuple[int, float]], int, int, dict[str, dict[int, int]]]


def _share(
    searcher_type: type[ISMCTS],
    observation: Observation,
    legal_actions: Sequence[Action],
    model: Searchable[Any],
    seed: int,
    exploration: float,
    iterations: int | None,
    stop_at: float | None,
    request: int,
    record_outcomes: bool,
) -> _Share:
    # The same loop as in the parent (ISMCTS.run picks the model's simulator), so a
    # worker's tree is the one a single process would grow from this seed.  The class
    # comes from the parent, so this module needs no import of the search.
    searcher = searcher_type(iterations=iterations, exploration=exploration)
    searcher.stop = _Cancelled(request)
    searcher.record_outcomes = record_outcomes
    # ``stop_at`` is on the system-wide monotonic clock, so the time this worker spent
    # waiting for the task counts against the budget.
    deadline = None if stop_at is None else time.perf_counter() + (stop_at - time.monotonic())
    stats, done, rejected = searcher.run(observation, legal_actions, model, random.Random(seed), iterations, deadline)
    return stats, done, rejected, searcher.last_outcomes if record_outcomes else {}


def _collect(
    future: Future[_Share], request: int, stop: StopFlag | None, until: float | None
) -> _Share | None:
    """A worker's answer, waiting until ``until`` (``time.perf_counter``; ``None``: as long
    as it takes) or, once the search is stopped from outside, a short grace; a worker
    given up on is told to stop."""
    cancelled = False
    while True:
        if not cancelled and stop is not None and stop.is_set():
            cancelled = True
            _cancel(request)
            until = time.perf_counter() + _LATE_GRACE
        wait = _POLL if until is None else min(_POLL, until - time.perf_counter())
        try:
            return future.result(timeout=max(0.0, wait))
        except FutureTimeout:
            if until is not None and time.perf_counter() >= until:
                _cancel(request)
                return None
        except Exception:  # noqa: BLE001 - a lost worker only costs its share
            return None


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
    ``deadline`` (by ``time.perf_counter``).  Every tree stops early once
    ``searcher.stop`` is set.  :meth:`ISMCTS.search_with_stats` chooses the action from
    the merged statistics.
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
    record = searcher.record_outcomes
    futures: list[tuple[int, Future[_Share]]] = []
    if searcher.iterations is None and not _ready_for(workers - 1):
        # Starting the processes would eat this decision's time: this one searches
        # alone (a fixed number of iterations waits for them instead, to stay
        # reproducible).
        stats, done, rejected = searcher.run(observation, legal_actions, model, random.Random(seeds[0]), None, deadline)
        outcomes = dict(searcher.last_outcomes) if record else {}
        return stats, done, rejected, 1, outcomes
    try:
        pool = _get_pool(workers - 1)
        for i in range(1, workers):
            request = next(_requests)
            futures.append((request, pool.submit(
                _share, type(searcher), observation, list(legal_actions), model, seeds[i],
                searcher.exploration, shares[i], stop_at, request, record,
            )))
    except Exception:  # noqa: BLE001 - no pool (pickling, resources): search alone
        futures = []
    stats, done, rejected = searcher.run(
        observation, legal_actions, model, random.Random(seeds[0]), shares[0], deadline
    )
    merged = {key: list(value) for key, value in stats.items()}
    outcomes = {key: dict(counts) for key, counts in searcher.last_outcomes.items()} if record else {}
    used = 1
    for request, future in futures:
        until = None if deadline is None else deadline + _LATE_GRACE
        answer = _collect(future, request, searcher.stop, until)
        if answer is None:
            continue
        other, other_done, other_rejected, other_outcomes = answer
        used += 1
        done += other_done
        rejected += other_rejected
        for key, (visits, value) in other.items():
            entry = merged.setdefault(key, [0, 0.0])
            entry[0] += visits
            entry[1] += value
        for key, counts in other_outcomes.items():
            mine = outcomes.setdefault(key, {})
            for ended, count in counts.items():
                mine[ended] = mine.get(ended, 0) + count
    root = {key: (int(v[0]), float(v[1])) for key, v in merged.items()}
    return root, done, rejected, used, outcomes
