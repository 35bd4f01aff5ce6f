"""Waiting in the tests: the one helper that looks again until something holds.

A test that waits for another thread, process or app looks at a condition, lets the
others run, and looks again, until the condition holds or a time limit passes: then it
fails, saying what never happened.  The limit only stops a test that would hang; no
test passes or fails by how fast something happened.

>>> wait_until(lambda: 42, "the answer")
42
>>> wait_until(lambda: False, "the moon turns blue", timeout=0.01)
Traceback (most recent call last):
...
AssertionError: never: the moon turns blue
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

__all__ = ["until", "wait_until"]

T = TypeVar("T")

#: What a failure says: a sentence, or a function that describes the state of things then.
What = str | Callable[[], object]


def _never(what: What) -> AssertionError:
    return AssertionError(f"never: {what if isinstance(what, str) else what()}")


def wait_until(condition: Callable[[], T], what: What, timeout: float = 60.0, every: float = 0.05) -> T:
    """Look at ``condition()`` every ``every`` seconds until it gives a true value, and
    return that value; fail after ``timeout`` seconds, saying ``what`` never happened.

    For threads and processes.  ``condition`` may raise to fail at once (a process that
    ended early, say).
    """
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise _never(what)
        time.sleep(every)


async def until(
    condition: Callable[[], T],
    what: What,
    timeout: float = 10.0,
    between: Callable[[], Awaitable[object]] | None = None,
    every: float = 0.01,
) -> T:
    """:func:`wait_until` in an event loop: between two looks it awaits ``between()``
    (letting apps handle what they were sent, say) and sleeps ``every`` seconds, so the
    loop's other tasks run."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise _never(what)
        if between is not None:
            await between()
        await asyncio.sleep(every)
