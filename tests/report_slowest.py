"""The quick loop's slowest tests: which unmarked tests take over a second.

The ``slow`` marker (pyproject.toml) means "over about a second on a quiet 2-core
machine", and ``python -m pytest -m "not slow"`` (the quick loop) leaves those out.
This report keeps the marking true: it runs the quick loop and lists the tests over
the limit, slowest first, with the loop's wall and CPU seconds and the load it ran
under.  Each test has two figures: its wall seconds (setup, call and teardown, as
``--durations`` gives them), which a loaded machine stretches, and the CPU seconds its
pytest process spent on it, which the load hardly changes (a test's own child
processes and its waits are not in them; its wall seconds hold those).  A test is
listed when either is over the limit; on a shared machine read its CPU seconds.  It
judges nothing: mark what it lists, after a look.  From the repository root::

    python tests/report_slowest.py                 # the quick loop on 2 workers, then the list
    python tests/report_slowest.py --over 0.5      # a lower limit
    python tests/report_slowest.py -- tests/net    # only some tests (pytest's arguments after --)
    python tests/report_slowest.py --save run.txt  # pytest's output kept, to read again with --read
    python tests/report_slowest.py --read run.txt  # a run's output saved before

Run by pytest as a plugin (``-p tests.report_slowest``), it writes each test's CPU
seconds at the end of the run (``cpu 1.23s tests/x.py::test_y``).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Generator, Iterable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: one line of pytest's ``--durations`` table: ``1.23s call     tests/x.py::test_y[a]``
_DURATION = re.compile(r"^(\d+(?:\.\d+)?)s (setup|call|teardown)\s+(\S.*?)\s*$")
#: one line of this plugin's table: ``cpu 1.23s tests/x.py::test_y[a]``
_CPU = re.compile(r"^cpu (\d+(?:\.\d+)?)s (\S.*?)\s*$")


# --- the plugin: each test's CPU seconds in the process that runs it ----------------------

_spent: dict[str, float] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    yield from _timed(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    yield from _timed(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    yield from _timed(item)
    # The teardown's report carries the whole figure back (to the controller, under xdist).
    item.user_properties.append(("cpu_seconds", _spent.pop(item.nodeid, 0.0)))


def _timed(item: pytest.Item) -> Generator[None, None, None]:
    started = time.process_time()
    yield
    _spent[item.nodeid] = _spent.get(item.nodeid, 0.0) + time.process_time() - started


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown":
        for name, value in report.user_properties:
            if name == "cpu_seconds":
                _spent[report.nodeid] = float(value)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    terminalreporter.write_line("CPU seconds of each test in its pytest process:")
    for nodeid, seconds in sorted(_spent.items(), key=lambda item: -item[1]):
        terminalreporter.write_line(f"cpu {seconds:.3f}s {nodeid}")


# --- the report ---------------------------------------------------------------------------


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


def cpu_seconds(lines: Iterable[str]) -> dict[str, float]:
    """Each test's CPU seconds in this plugin's lines.

    >>> cpu_seconds(["cpu 0.250s tests/a.py::t", "1.25s call     tests/a.py::t"])
    {'tests/a.py::t': 0.25}
    """
    return {found[2]: float(found[1]) for found in map(_CPU.match, lines) if found}


def over(wall: dict[str, float], cpu: dict[str, float], limit: float) -> list[tuple[str, float, float | None]]:
    """The tests over ``limit`` seconds of wall or CPU time, by CPU seconds then wall
    seconds, slowest first, each as ``(test, wall, cpu)`` (``None``: no CPU figure).

    >>> over({"a": 0.5, "b": 3.0, "c": 1.5, "d": 0.2}, {"a": 1.2, "b": 0.1, "c": 1.4, "d": 0.1}, 1.0)
    [('c', 1.5, 1.4), ('a', 0.5, 1.2), ('b', 3.0, 0.1)]
    """
    tests = set(wall) | set(cpu)
    listed = [(test, wall.get(test, 0.0), cpu.get(test)) for test in tests
              if wall.get(test, 0.0) > limit or (cpu.get(test) or 0.0) > limit]
    return sorted(listed, key=lambda row: (-(row[2] or 0.0), -row[1]))


def run_quick_loop(workers: str, limit: float, extra: list[str]) -> tuple[list[str], float, float]:
    """Run ``pytest -m "not slow"`` with this plugin and the durations over a third of
    ``limit``; return its output lines, its wall seconds and its CPU seconds (user and
    system, every worker and every process the tests started)."""
    command = [sys.executable, "-m", "pytest", "-m", "not slow", "-q", "-p", "no:cacheprovider", "-n", workers,
               "-p", "tests.report_slowest", "--durations=0", f"--durations-min={limit / 3:.2f}", *extra]
    print("$ " + " ".join(command[1:]), flush=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.splitlines()
    summary = [line for line in lines if " passed" in line or " failed" in line or " error" in line]
    print(summary[-1] if summary else done.stderr.strip(), flush=True)
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
    slowest = over(durations(lines), cpu_seconds(lines), args.over)
    print(f"{len(slowest)} unmarked tests over {args.over:g} s of wall or CPU time (mark them @pytest.mark.slow "
          "if a quiet machine agrees):")
    print("   wall s    CPU s  test")
    for test, wall_seconds, cpu in slowest:
        print(f"{wall_seconds:9.2f}{'' if cpu is None else f'{cpu:9.2f}':>9}  {test}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
