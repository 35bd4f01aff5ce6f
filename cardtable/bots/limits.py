"""A time limit on a user bot's code: :func:`call_within`.

A bot of the player's own (an import path) may sleep, wait on something that never
comes, or loop: nothing can stop a Python thread from outside, so its code runs in a
thread of its own and the caller waits for it at most the limit.  A call that does
not come back in time raises :class:`BotTimeout`; its thread is left to it (a daemon
thread, which never keeps the program from exiting) and is never given work again.
Threads that came back are kept for the next call, so a decision costs a hand-over
between two threads, not a new thread.

>>> call_within(5.0, max, 3, 4)
4
>>> import threading
>>> stuck = threading.Event()
>>> call_within(0.01, stuck.wait, 60)
Traceback (most recent call last):
...
cardtable.bots.limits.BotTimeout: no answer within 0.01 s
>>> stuck.set()
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["BotTimeout", "call_within"]

T = TypeVar("T")


class BotTimeout(Exception):
    """A bot's code did not come back within ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"no answer within {seconds:g} s")
        self.seconds = seconds


class _Call:
    def __init__(self, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.function = function
        self.args = args
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self.function(*self.args)
        except BaseException as error:  # noqa: BLE001 - handed to the caller, whatever it is
            self.error = error
        finally:
            self.done.set()


class _Runner:
    """One daemon thread that runs calls handed to it, one at a time."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.inbox: queue.SimpleQueue[_Call] = queue.SimpleQueue()
        threading.Thread(target=self._serve, name="cardtable-user-bot", daemon=True).start()

    def _serve(self) -> None:
        while True:
            self.inbox.get().run()


_idle: list[_Runner] = []
_idle_lock = threading.Lock()


def _forget_after_fork() -> None:
    # A forked process (a --jobs worker) has none of its parent's threads.
    global _idle_lock
    _idle.clear()
    _idle_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


def call_within(seconds: float | None, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)``, or :class:`BotTimeout` if it has not returned after
    ``seconds`` (``None``: no limit, called here).  Whatever it raises is raised here."""
    if seconds is None:
        return function(*args)
    with _idle_lock:
        runner = _idle.pop() if _idle else None
    if runner is None or runner.pid != os.getpid():
        runner = _Runner()
    call = _Call(function, args)
    runner.inbox.put(call)
    if not call.done.wait(seconds):
        raise BotTimeout(seconds)  # the runner stays with the call that never came back
    with _idle_lock:
        _idle.append(runner)
    if call.error is not None:
        raise call.error
    result: T = call.result
    return result
