"""Helpers the commands share, and how every command's errors end (:func:`run_command`).

Nothing here loads the command line's framework (Typer, Click): ``cardtable`` with no
arguments opens the app through :func:`run_command` without it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from cardtable.errors import CardtableError, CrashError, InvalidOptionError, UnknownGameError
from cardtable.games import available_games
from cardtable.lang import _

__all__ = [
    "known_game", "complete_game", "all_of", "either_of", "think_seconds", "recover_quietly", "warn", "fail", "run_command", "Refusal",
]


class Refusal(Exception):
    """The command line refused what it was given: ``message`` is said in one line and
    the command ends with ``code`` (the command line's own errors, as Click words them)."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def fail(message: str, code: int) -> int:
    r"""Write ``cardtable: message`` as one line on stderr and return the exit code.

    The message may quote outside text (a name, a path, a move from a file): its
    control characters are written as escapes, never sent to the terminal.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     fail("no game\x1b[2J here", 2)
    2
    >>> err.getvalue()
    'cardtable: no game\\x1b[2J here\n'
    """
    from cardtable.display import visible

    line = visible(" ".join(str(message).split()))
    sys.stderr.write(f"cardtable: {line}\n")
    sys.stderr.flush()
    return code


def run_command(work: Callable[[], object]) -> int:
    """Run a command's ``work`` and return its exit code; no traceback reaches the player.

    Bad input (a :class:`~cardtable.errors.CardtableError`: an unknown game, a bad value,
    a failing user bot) prints one line on stderr and returns 2; a :class:`Refusal` its
    own code; Ctrl-C returns 130.  A crash (a bug in cardtable) writes its traceback to a
    crash log, prints one line saying where, and returns 1.  ``work`` returning an int
    (not a bool) makes that the exit code, anything else 0.

    >>> run_command(lambda: None), run_command(lambda: 3)
    (0, 3)
    """
    # A terminal that cannot show a suit symbol or a table's lines gets ASCII, not a traceback.
    from cardtable.asciitext import use_ascii_fallback

    use_ascii_fallback()
    try:
        result = work()
    except Refusal as exc:
        return fail(str(exc), exc.code)
    except CrashError as exc:
        return fail(str(exc), 1)
    except CardtableError as exc:
        return fail(str(exc), 2)
    except KeyboardInterrupt:
        return fail(_("interrupted"), 130)
    except BrokenPipeError:
        # The reader went away (`cardtable rules GAME | head`): nothing left to say.
        sys.stderr.close()
        return 1
    except Exception as exc:  # noqa: BLE001 - a bug: its traceback goes to a log, not the player
        from cardtable.userdata.crashlog import crash_line, write_crash_log

        return fail(crash_line(exc, write_crash_log(exc)), 1)
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


def think_seconds(text: str) -> float:
    """The seconds of ``--think``: one of the thinking times a hard bot can have.

    >>> think_seconds("2"), think_seconds(" 0.5 ")
    (2.0, 0.5)
    >>> think_seconds("3")
    Traceback (most recent call last):
    ...
    cardtable.errors.InvalidOptionError: --think must be one of 0.5, 1, 2, 5 seconds, not '3'
    """
    from cardtable.userdata.settings import THINK_TIMES

    try:
        seconds = float(text.strip())
    except ValueError:
        seconds = -1.0
    if seconds not in THINK_TIMES:
        listed = ", ".join(f"{choice:g}" for choice in THINK_TIMES)
        raise InvalidOptionError(
            _("--think must be one of {choices} seconds, not {given}").format(choices=listed, given=repr(text))
        )
    return seconds


def known_game(name: str) -> str:
    """The registry name for ``name`` (any case), without importing the game's module.

    >>> known_game("Hearts")
    'hearts'
    >>> known_game("chess")
    Traceback (most recent call last):
    ...
    cardtable.errors.UnknownGameError: unknown game 'chess'; choose one of president, durak, hearts
    """
    key = name.strip().lower()
    if key not in available_games():
        raise UnknownGameError(
            _("unknown game {name}; choose one of {games}").format(name=repr(name), games=", ".join(available_games()))
        )
    return key


def all_of(words: Sequence[str]) -> str:
    """``words`` together, in the current language: ``a, b and c``.

    >>> all_of(["President", "Durak", "Hearts"]), all_of(["Hearts"])
    ('President, Durak and Hearts', 'Hearts')
    """
    if len(words) < 2:
        return "".join(words)
    # TRANSLATORS: the last of a list: "President, Durak {and} Hearts".
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def either_of(words: Sequence[str]) -> str:
    """``words`` as a choice, in the current language: ``a, b or c``.

    >>> either_of(["president", "durak", "hearts"]), either_of(["--rounds"])
    ('president, durak or hearts', '--rounds')
    """
    if len(words) < 2:
        return "".join(words)
    # TRANSLATORS: the last of a choice: "president, durak {or} hearts".
    return _("{choices} or {last}").format(choices=", ".join(words[:-1]), last=words[-1])


def complete_game(incomplete: str) -> list[str]:
    """Shell completion for a game argument."""
    return [name for name in available_games() if name.startswith(incomplete.lower())]


def warn(line: str) -> None:
    """Write ``cardtable: warning: line`` as one line on stderr."""
    from cardtable.display import visible

    said = _("warning: {message}").format(message=visible(" ".join(line.split())))
    sys.stderr.write(f"cardtable: {said}\n")


def recover_quietly() -> None:
    """Finish what a killed cardtable left half done (see :mod:`cardtable.userdata.recovery`);
    its messages go to stderr as warnings."""
    from cardtable.userdata.recovery import recover

    for line in recover():
        warn(line)
