"""Computer players.  ``make_bot(game, level, seed)`` is the way in.

The levels for each game live in ``cardtable.bots.<game>`` as
``BOT_LEVELS = {"easy": factory, "normal": factory, "hard": factory}`` with
``factory(seed) -> bot`` (the hard factory also takes ``iterations`` and ``time_budget``).

Besides the built-in levels, a seat can be any class (or factory function) of your own,
named by an import path: ``mymodule:MyBot`` or ``path/to/file.py:MyBot``.  It is called
with ``seed=`` when it accepts that keyword, and with no arguments otherwise.

>>> bot = make_bot("president", "random", seed=1)
>>> bot.level
'random'
>>> seat_bot_factory("president", "cardtable.bots.base:RandomBot")(7).level
'random'
>>> seat_bot_factory("president", "expert")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.bots.BotSpecError: unknown bot level 'expert'; choose one of random, easy, normal, hard, or give an import ...
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.bots.base import Bot, RandomBot
from cardtable.errors import InvalidOptionError
from cardtable.games import get_rules

__all__ = [
    "Bot",
    "RandomBot",
    "BotFactory",
    "BotSpecError",
    "make_bot",
    "load_bot_factory",
    "seat_bot_factory",
    "is_import_path",
    "LEVELS",
    "SEAT_LEVELS",
]

LEVELS = ("easy", "normal", "hard")
"""The levels a player can choose, weakest first."""

SEAT_LEVELS = ("random",) + LEVELS
"""Every built-in level a seat can take, including the ``random`` baseline."""

BotFactory = Callable[[int | None], Bot]
"""Makes a fresh bot for one game from a seed."""


class BotSpecError(InvalidOptionError):
    """A seat that names no bot: an unknown level or a bad import path."""


def make_bot(
    game: str,
    level: str,
    seed: int | None = None,
    *,
    iterations: int | None = None,
    time_budget: float | None = None,
) -> Bot:
    """A fresh bot for ``game`` at ``level`` (``easy``, ``normal``, ``hard``, or ``random``).

    ``iterations`` and ``time_budget`` set the hard level's search: a fixed number of
    iterations per decision (reproducible for a seed), or seconds per decision
    (default 0.5).  The other levels do not search and ignore them.

    Raises :class:`InvalidOptionError` for an unknown level.

    >>> make_bot("president", "Random", seed=3).level
    'random'
    """
    rules = get_rules(game)
    key = level.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key not in LEVELS:
        raise BotSpecError(
            f"unknown bot level {level!r}; choose one of {', '.join(SEAT_LEVELS)}"
        )
    # Every game ships all three levels: a missing one is a packaging bug, not a
    # reason to play randomly behind the player's back.
    factory = importlib.import_module(f"cardtable.bots.{rules.name}").BOT_LEVELS[key]
    if key == "hard":
        search: dict[str, Any] = {}
        if iterations is not None:
            search["iterations"] = iterations
        if time_budget is not None:
            search["time_budget"] = time_budget
        return factory(seed, **search)
    return factory(seed)


def is_import_path(spec: str) -> bool:
    """Whether a seat spec names a user bot (``module:Class``) rather than a level.

    >>> is_import_path("normal"), is_import_path("my_bot:MyBot")
    (False, True)
    """
    return ":" in spec


def seat_bot_factory(
    game: str,
    spec: str,
    *,
    iterations: int | None = None,
    time_budget: float | None = None,
) -> BotFactory:
    """The factory for one seat: a level name or an import path (see :func:`load_bot_factory`).

    ``iterations`` and ``time_budget`` go to the hard level (see :func:`make_bot`).

    Raises :class:`BotSpecError` with a one-line reason for a seat that names no bot.
    """
    rules = get_rules(game)
    text = spec.strip()
    if is_import_path(text):
        return load_bot_factory(text)
    key = text.lower()
    if key not in SEAT_LEVELS:
        raise BotSpecError(
            f"unknown bot level {spec!r}; choose one of {', '.join(SEAT_LEVELS)}, "
            "or give an import path such as mymodule:MyBot"
        )

    def factory(seed: int | None) -> Bot:
        return make_bot(rules.name, key, seed, iterations=iterations, time_budget=time_budget)

    return factory


def load_bot_factory(path: str) -> BotFactory:
    """Load a user bot named ``module:Name`` or ``path/to/file.py:Name``.

    ``Name`` is a class (or any callable) that makes a bot; it is called with
    ``seed=...`` if it accepts a ``seed`` argument, else with no arguments.  A module
    name is looked up on ``sys.path`` and then in the current directory.

    Raises :class:`BotSpecError` with a one-line reason when the path is wrong.

    >>> load_bot_factory("no_such_module_xyz:Bot")
    Traceback (most recent call last):
    ...
    cardtable.bots.BotSpecError: cannot load bot 'no_such_module_xyz:Bot': no module named 'no_such_module_xyz'
    """
    where, _, name = path.strip().rpartition(":")
    where, name = where.strip(), name.strip()
    if not where or not name:
        raise BotSpecError(
            f"bad bot import path {path!r}; write module:ClassName or path/to/file.py:ClassName"
        )
    if not name.isidentifier():
        raise BotSpecError(f"bad bot import path {path!r}: {name!r} is not a Python name")
    module = _load_file(path, where) if where.endswith(".py") else _load_module(path, where)
    target = getattr(module, name, None)
    if target is None:
        raise BotSpecError(f"cannot load bot {path!r}: {where!r} has no {name!r}")
    if not callable(target):
        raise BotSpecError(f"cannot load bot {path!r}: {name!r} is not a class or function")
    takes_seed = _accepts_seed(target)

    def factory(seed: int | None) -> Bot:
        bot = target(seed=seed) if takes_seed else target()
        if not callable(getattr(bot, "choose", None)):
            raise BotSpecError(
                f"bot {path!r} has no choose(observation, legal_actions) method"
            )
        return bot

    factory.__qualname__ = f"bot factory for {path}"
    return factory


def _accepts_seed(target: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(
        p.name == "seed" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        or p.kind is p.VAR_KEYWORD
        for p in parameters
    )


def _load_module(path: str, module_name: str) -> Any:
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # A console script does not put the current directory on sys.path; a user
        # running `cardtable simulate --seat my_bot:MyBot` expects ./my_bot.py to count.
        cwd = os.getcwd()
        if exc.name != module_name.split(".")[0] or cwd in sys.path:
            raise BotSpecError(f"cannot load bot {path!r}: no module named {exc.name!r}") from None
        sys.path.append(cwd)
        try:
            return importlib.import_module(module_name)
        except ModuleNotFoundError as retry:
            sys.path.remove(cwd)
            raise BotSpecError(f"cannot load bot {path!r}: no module named {retry.name!r}") from None
        except Exception as error:  # noqa: BLE001 - any error in user code becomes one line
            raise BotSpecError(f"cannot load bot {path!r}: {_one_line(error)}") from None
    except Exception as error:  # noqa: BLE001
        raise BotSpecError(f"cannot load bot {path!r}: {_one_line(error)}") from None


def _load_file(path: str, file_name: str) -> Any:
    file = Path(file_name).expanduser().resolve()
    if not file.is_file():
        raise BotSpecError(f"cannot load bot {path!r}: no file {file_name!r}")
    # One module per file, registered under a stable name so that repeated loads,
    # pickling and worker processes all see the same classes.
    digest = hashlib.sha1(str(file).encode()).hexdigest()[:12]
    module_name = f"_cardtable_user_bot_{file.stem}_{digest}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, file)
    if spec is None or spec.loader is None:
        raise BotSpecError(f"cannot load bot {path!r}: {file_name!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # noqa: BLE001
        del sys.modules[module_name]
        raise BotSpecError(f"cannot load bot {path!r}: {_one_line(error)}") from None
    return module


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
