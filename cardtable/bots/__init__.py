"""Computer players.  ``make_bot(game, level, seed)`` is the way in.

The levels for each game live in the module its rules name as ``bot_module`` (for the
built-in games ``cardtable.bots.<game>``), as
``BOT_LEVELS = {"easy": factory, "normal": factory, "hard": factory}`` with
``factory(seed) -> bot`` (the hard factory also takes ``iterations``, ``time_budget`` and
``workers``).

Besides the built-in levels, a seat can be a bot class of your own (a class with a
``choose`` method, or a function that takes ``seed`` and returns a bot), named by an
import path: ``mymodule:MyBot`` or ``path/to/file.py:MyBot``.  A class is called with
``seed=`` when it accepts that keyword, and with no arguments otherwise.  Anything that
goes wrong in a user bot's code (importing, starting, choosing) is told as one line by
:func:`describe_failure`.

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

import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.bots.base import Bot, RandomBot
from cardtable.errors import InvalidOptionError, describe_error, quoted
from cardtable.games import get_rules, load_declared
from cardtable.lang import _

__all__ = [
    "Bot",
    "RandomBot",
    "BotFactory",
    "BotSpecError",
    "make_bot",
    "load_bot_factory",
    "seat_bot_factory",
    "is_import_path",
    "describe_failure",
    "bot_name",
    "action_text",
    "FAILURE_TEXT_LIMIT",
    "LEVELS",
    "SEAT_LEVELS",
]

LEVELS = ("easy", "normal", "hard")
"""The levels a player can choose, weakest first."""

SEAT_LEVELS = ("random",) + LEVELS
"""Every built-in level a seat can take, including the ``random`` baseline."""

BotFactory = Callable[[int | None], Bot]
"""Makes a fresh bot for one game from a seed."""


FAILURE_TEXT_LIMIT = 160
"""The most characters of a user bot's own error message that cardtable repeats."""


class BotSpecError(InvalidOptionError):
    """A seat that names no bot: an unknown level, a bad import path, or a user bot that
    fails to import or to start."""


def bot_name(spec: str) -> str:
    """How messages name a seat's bot: quoted, a long path cut at its start.

    >>> name = bot_name("/home/ann/" + "deep/" * 30 + "my_bot.py:Clever")
    >>> name[:2], name[-18:], len(name)
    ("'…", "/my_bot.py:Clever'", 82)
    """
    return quoted(spec, 80, keep_end=True)


def action_text(choice: object) -> str:
    """What a bot handed back from ``choose``, as text; a user object's ``__str__`` may fail.

    >>> action_text("jump"), action_text(None)
    ('jump', 'None')
    """
    try:
        return str(choice)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - the report of the bad choice must still go out
        return f"<{type(choice).__name__}>"


def describe_failure(error: BaseException) -> str:
    """One line for an exception from a bot's own code: its type, then its message, cut.

    >>> describe_failure(ValueError("no\\nway"))
    'ValueError: no way'
    >>> describe_failure(SystemExit(3))
    'SystemExit: 3'
    >>> len(describe_failure(KeyError("x" * 10_000))) <= FAILURE_TEXT_LIMIT + 20
    True
    """
    return describe_error(error, FAILURE_TEXT_LIMIT)


def make_bot(
    game: str,
    level: str,
    seed: int | None = None,
    *,
    iterations: int | None = None,
    time_budget: float | None = None,
    workers: int = 1,
) -> Bot:
    """A fresh bot for ``game`` at ``level`` (``easy``, ``normal``, ``hard``, or ``random``).

    ``iterations`` and ``time_budget`` set the hard level's search: a fixed number of
    iterations per decision (reproducible for a seed), or seconds per decision
    (default 0.5); ``workers`` the processes it searches in (a table in play gives
    :func:`~cardtable.bots.search.play_workers`; ``cardtable simulate`` keeps 1
    and runs games side by side instead).  The other levels do not search and ignore
    them.

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
            _("unknown bot level {level}; choose one of {levels}").format(level=quoted(level), levels=", ".join(SEAT_LEVELS))
        )
    # Every game ships all three levels: a missing one is a packaging bug, not a
    # reason to play randomly behind the player's back.
    if rules.bot_module is None:
        raise BotSpecError(f"{rules.title} has no bots of its own; its seats can be random or a bot class")
    factory: Callable[..., Bot] = load_declared(rules.bot_module).BOT_LEVELS[key]
    if key == "hard":
        search: dict[str, Any] = {}
        if iterations is not None:
            search["iterations"] = iterations
        if time_budget is not None:
            search["time_budget"] = time_budget
        if workers != 1:
            search["workers"] = workers
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
    workers: int = 1,
) -> BotFactory:
    """The factory for one seat: a level name or an import path (see :func:`load_bot_factory`).

    ``iterations``, ``time_budget`` and ``workers`` go to the hard level (see :func:`make_bot`).

    Raises :class:`BotSpecError` with a one-line reason for a seat that names no bot.
    """
    rules = get_rules(game)
    text = spec.strip()
    if is_import_path(text):
        return load_bot_factory(text)
    key = text.lower()
    if key not in SEAT_LEVELS:
        raise BotSpecError(
            _("unknown bot level {level}; choose one of {levels}, or give an import path such as mymodule:MyBot").format(
                level=quoted(spec), levels=", ".join(SEAT_LEVELS))
        )

    def factory(seed: int | None) -> Bot:
        return make_bot(rules.name, key, seed, iterations=iterations, time_budget=time_budget, workers=workers)

    return factory


def load_bot_factory(path: str) -> BotFactory:
    """Load a user bot named ``module:Name`` or ``path/to/file.py:Name``.

    ``Name`` is a class with a ``choose`` method, called with ``seed=...`` if it
    accepts a ``seed`` argument, else with no arguments; or a function that takes
    ``seed`` and returns a bot.  Nothing else is called: ``os:system`` or a program's
    ``main`` is refused before it can run.  A module name is looked up on ``sys.path``
    and then in the current directory.

    Raises :class:`BotSpecError` with a one-line reason when the path is wrong, when
    importing the code fails, and (from the factory) when making the bot fails; any
    exception of the user's code counts, ``SystemExit`` too, but not ``KeyboardInterrupt``.

    >>> load_bot_factory("os:system")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.bots.BotSpecError: cannot load bot 'os:system': 'system' is not a bot class (a class with a choose method, ...)

    >>> load_bot_factory("no_such_module_xyz:Bot")
    Traceback (most recent call last):
    ...
    cardtable.bots.BotSpecError: cannot load bot 'no_such_module_xyz:Bot': no module named 'no_such_module_xyz'
    """
    where, _colon, name = path.strip().rpartition(":")
    where, name = where.strip(), name.strip()
    if not where or not name:
        raise BotSpecError(
            _("bad bot import path {bot}; write module:ClassName or path/to/file.py:ClassName").format(bot=bot_name(path))
        )
    if not name.isidentifier():
        raise BotSpecError(_("bad bot import path {bot}: {name} is not a Python name").format(bot=bot_name(path), name=quoted(name)))
    module = _load_file(path, where) if where.endswith(".py") else _load_module(path, where)
    try:
        target = getattr(module, name, None)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 - a module __getattr__ is user code too
        raise BotSpecError(_("cannot load bot {bot}: {error}").format(bot=bot_name(path), error=describe_failure(error))) from None
    if target is None:
        raise BotSpecError(_("cannot load bot {bot}: {module} has no {name}").format(
            bot=bot_name(path), module=quoted(where), name=quoted(name)))
    takes_seed = _accepts_seed(target)
    if inspect.isclass(target):
        if not callable(getattr(target, "choose", None)):
            raise BotSpecError(_("cannot load bot {bot}: class {name} has no choose(observation, legal_actions) method").format(
                bot=bot_name(path), name=quoted(name)))
    elif not callable(target) or not takes_seed:
        # A function is called only if it says it makes bots (it takes a seed): calling
        # any other (os:system, a program's main) would run it, not make a bot.
        raise BotSpecError(_(
            "cannot load bot {bot}: {name} is not a bot class "
            "(a class with a choose method, or a function taking seed that returns a bot)"
        ).format(bot=bot_name(path), name=quoted(name)))

    def factory(seed: int | None) -> Bot:
        try:
            bot: Bot = target(seed=seed) if takes_seed else target()
            has_choose = callable(getattr(bot, "choose", None))
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # noqa: BLE001 - any error in user code is one line
            raise BotSpecError(_("bot {bot} failed to start: {error}").format(
                bot=bot_name(path), error=describe_failure(error))) from None
        if not has_choose:
            raise BotSpecError(_("bot {bot} has no choose(observation, legal_actions) method").format(bot=bot_name(path)))
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
    except KeyboardInterrupt:
        raise
    except ModuleNotFoundError as exc:
        # A console script does not put the current directory on sys.path; a user
        # running `cardtable simulate --seat my_bot:MyBot` expects ./my_bot.py to count.
        cwd = os.getcwd()
        if exc.name != module_name.split(".")[0] or cwd in sys.path:
            raise BotSpecError(_("cannot load bot {bot}: no module named {module}").format(
                bot=bot_name(path), module=quoted(exc.name))) from None
        sys.path.append(cwd)
        try:
            return importlib.import_module(module_name)
        except KeyboardInterrupt:
            raise
        except ModuleNotFoundError as retry:
            sys.path.remove(cwd)
            raise BotSpecError(_("cannot load bot {bot}: no module named {module}").format(
                bot=bot_name(path), module=quoted(retry.name))) from None
        except BaseException as error:  # noqa: BLE001 - any error in user code becomes one line
            raise BotSpecError(_("cannot load bot {bot}: {error}").format(bot=bot_name(path), error=describe_failure(error))) from None
    except BaseException as error:  # noqa: BLE001 - SystemExit at import time too
        raise BotSpecError(_("cannot load bot {bot}: {error}").format(bot=bot_name(path), error=describe_failure(error))) from None


def _load_file(path: str, file_name: str) -> Any:
    file = Path(file_name).expanduser().resolve()
    if not file.is_file():
        raise BotSpecError(_("cannot load bot {bot}: no file {file}").format(bot=bot_name(path), file=quoted(file_name)))
    # One module per file, registered under a stable name so that repeated loads,
    # pickling and worker processes all see the same classes.
    import hashlib  # here, not at the top: it loads OpenSSL, which a table of built-in bots does not need

    digest = hashlib.sha1(str(file).encode()).hexdigest()[:12]
    module_name = f"_cardtable_user_bot_{file.stem}_{digest}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, file)
    if spec is None or spec.loader is None:
        raise BotSpecError(_("cannot load bot {bot}: {file} is not a Python file").format(bot=bot_name(path), file=quoted(file_name)))
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as error:
        del sys.modules[module_name]
        if isinstance(error, KeyboardInterrupt):
            raise
        raise BotSpecError(_("cannot load bot {bot}: {error}").format(bot=bot_name(path), error=describe_failure(error))) from None
    return module
