"""The cyclic garbage collector held back while cardtable opens its first screen.

Opening the app makes a few hundred thousand objects (the modules of Textual, Rich and
cardtable, the first screen's widgets and their styles), nearly all of which live as
long as the program.  The collector, run every few hundred allocations, walks them
again and again while they are made: about a sixth of the time to the first frame
(``python benchmarks/startup.py``).  So ``cardtable`` holds it back from its first line
(:func:`hold_collection`, for a command that opens the app) until the app's first frame
is out, then moves what exists by then out of its reach for good (:func:`gc.freeze`:
later collections, during play, no longer walk it) and lets it run again
(:func:`resume_collection`).  Nothing else changes: a program's objects are freed as
before, by reference counting, and cycles made while held are collected afterwards
unless they were frozen.

>>> opens_the_app(["play", "hearts"]), opens_the_app([]), opens_the_app(["simulate", "hearts"])
(True, True, False)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

__all__ = ["collection_held", "hold_collection", "resume_collection", "opens_the_app"]

#: The commands whose work is the app (see ``cardtable --help``); no command opens it too.
APP_COMMANDS = frozenset({"play", "resume", "replay", "join", "host"})

_held = False


def opens_the_app(args: Sequence[str]) -> bool:
    """Whether the command line ``args`` opens the app, as far as its first word tells.

    A word taken for the command that is an option's value only means the collector is
    not held: the command is the same, a little slower to open.
    """
    words = [arg for arg in args if not arg.startswith("-")]
    return not words or words[0] in APP_COMMANDS


def hold_collection() -> None:
    """Stop the cyclic collector until :func:`resume_collection` (if it is running)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def resume_collection() -> None:
    """Let the collector run again if :func:`hold_collection` stopped it, freezing what
    was made meanwhile; otherwise do nothing (it is safe to call more than once)."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()


@contextmanager
def collection_held() -> Iterator[None]:
    """Hold the collector back while the block runs (if it is running), then let it run.

    For work that makes many objects which all live on, as loading a long game does
    (its actions, events and history): the collector walks them again and again while
    they are made, and loading a game of 100,000 moves took about twice as long with it
    as without (``python benchmarks/long_game.py``).  Objects are freed by reference
    counting as ever; a cycle made in the block is collected once the collector runs.

    >>> import gc
    >>> with collection_held():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
