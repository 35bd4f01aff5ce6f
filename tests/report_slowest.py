"""The quick loop's slowest tests: which unmarked tests take over a second.

The ``slow`` marker (pyproject.toml) means "over about a second on a quiet 2-core
machine", and ``python -m pytest -m "not slow"`` (the quick loop) leaves those out.
This report keeps the marking true: it runs the quick loop with ``--durations``, adds
up each test's setup, call and teardown, and lists the tests over the limit, slowest
first, with the loop's wall and CPU seconds and the load it ran under.  It judges
nothing (a loaded machine makes everything slower): mark what it lists on a quiet
machine, or read the list as relative.  From the repository root::

    python tests/report_slowest.py                 # the quick loop on 2 workers, then the list
    python tests/report_slowest.py --over 0.5      # a lower limit
    python tests/report_slowest.py -- tests/net    # only some tests (pytest's arguments after --)
    python tests/report_slowest.py --save run.txt  # pytest's output kept, to read again with --read
    python tests/report_slowest.py --read run.txt  # a pytest run's output saved before (--durations=0)
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: one line of pytest's ``--durations`` table: ``1.23s call     tests/x.py::test_y[a]``
_DURATION = re.compile(r"^(\d+(?:\.\d+)?)s (setup|call|teardown)\s+(\S.*?)\s*$")


def durations(lines: Iterable[str]) -> dict[str, float]:
    """Each test's seconds (setup, call and teardown added up) in pytest's ``--durations`` lines.

    >>> durations(["0.50s setup    tests/a.py::t", "1.25s call     tests/a.py::t", "x", "2.00s call     tests/b.py::u[1]"])
    {'tests/a.py::t': 1.75, 'tests/b.py::u[1]': 2.0}
    """
    seconds: dict[str, float] = {}
    for line in lines:
        found = _DURATION.match(line)
        if found:
            seconds[found[3]] = seconds.get(found[3], 0.0) + float(found[1])
    return seconds


def over(seconds: dict[str, float], limit: float) -> list[tuple[str, float]]:
    """The tests over ``limit`` seconds, slowest first.

    >>> over({"a": 0.5, "b": 3.0, "c": 1.5}, 1.0)
    [('b', 3.0), ('c', 1.5)]
    """
    return sorted(((test, value) for test, value in seconds.items() if value > limit), key=lambda item: -item[1])


def run_quick_loop(workers: str, limit: float, extra: list[str]) -> tuple[list[str], float, float]:
    """Run ``pytest -m "not slow"`` with the durations over a third of ``limit``; return
    its output lines, its wall seconds and its CPU seconds (user and system, every worker)."""
    command = [sys.executable, "-m", "pytest", "-m", "not slow", "-q", "-p", "no:cacheprovider", "-n", workers,
               "--durations=0", f"--durations-min={limit / 3:.2f}", *extra]
    print("$ " + " ".join(command[1:]), flush=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.splitlines()
    print(lines[-1] if lines else done.stderr.strip(), flush=True)
    return lines, wall, cpu


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    options.add_argument("--over", type=float, default=1.0, help="list the tests over this many seconds (default 1)")
    options.add_argument("-n", dest="workers", default="2", help="pytest-xdist workers (default 2, as CI's machine)")
    options.add_argument("--read", type=Path, help="read a saved pytest output instead of running the tests")
    options.add_argument("--save", type=Path, help="also write pytest's whole output to this file")
    options.add_argument("pytest_args", nargs="*", help="more arguments for pytest (after --)")
    args = options.parse_args(argv)
    if args.read is not None:
        lines = args.read.read_text(encoding="utf-8").splitlines()
    else:
        load = os.getloadavg()[0]
        lines, wall, cpu = run_quick_loop(args.workers, args.over, args.pytest_args)
        if args.save is not None:
            args.save.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"quick loop: {wall:.0f} s wall, {cpu:.0f} CPU s (user and system), load {load:.1f} at the start "
              f"and {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} cores")
    slowest = over(durations(lines), args.over)
    print(f"{len(slowest)} unmarked tests over {args.over:g} s (mark them @pytest.mark.slow if a quiet machine agrees):")
    for test, seconds in slowest:
        print(f"{seconds:7.2f} s  {test}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
