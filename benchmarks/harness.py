"""What every benchmark here shares: the checkout first on the import path, a command
line whose help is the script's docstring, one random playout, and one way to state a
list of timings.

A benchmark starts with::

    import harness  # benchmarks/ is the script's own folder, so this is always found
    harness.use_checkout()

so that ``python benchmarks/NAME.py`` times the cardtable of the checkout it sits in,
installed or not.  tests/test_benchmarks.py runs every benchmark once with a tiny
workload (a smoke test: it checks that the script still runs, never how fast).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def use_checkout() -> None:
    """Put the checkout this file is in first on ``sys.path`` (once)."""
    root = str(ROOT)
    if sys.path[:1] != [root]:
        sys.path.insert(0, root)


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A command line described by a benchmark's docstring: its first paragraph as the
    description, the rest (usually the example commands) after the options."""
    head, _, rest = (doc or "").strip().partition("\n\n")
    return argparse.ArgumentParser(
        description=" ".join(head.split()),
        epilog=rest or None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def run_for(seconds: float, work: Callable[[], int], clock: Callable[[], float] = time.perf_counter) -> tuple[int, float]:
    """Call ``work`` (which returns a count: games, hands) until ``seconds`` of ``clock``
    have passed, at least once; return the total count and the time it took."""
    done = 0
    start = clock()
    deadline = start + seconds
    while True:
        done += work()
        if clock() >= deadline:
            return done, clock() - start


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def spread(values: Sequence[float], unit: str = "ms", scale: float = 1000.0) -> str:
    """One line for a list of timings in seconds: median, 95th percentile, slowest."""
    if not values:
        return "no timings"
    return (
        f"median {statistics.median(values) * scale:.1f} {unit}, "
        f"95th percentile {percentile(values, 0.95) * scale:.1f} {unit}, "
        f"slowest {max(values) * scale:.1f} {unit} ({len(values)} timed)"
    )


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95% interval (infinite for
    one value: nothing is known of the spread)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / len(values) ** 0.5
