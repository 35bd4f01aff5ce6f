"""The ``cardtable`` command (its console script) and ``python -m cardtable``.

``cardtable --version`` is answered here without loading the command line (Typer,
Click and Rich take several times as long to import as Python takes to start), and so
are ``cardtable`` alone and a plain ``cardtable play GAME [OPTIONS]``
(:func:`cardtable.commands.play.play_arguments`), which open the app; every other
command (and a ``play`` command line that is not plain: help, a mistake) goes to
:func:`cardtable.cli.main`, once the language is chosen (:func:`choose_language`): Typer words some of its help when it is first imported.
"""

import os
import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: the program's arguments) and return
    the exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    if asks_for_version(args):
        from cardtable import __version__

        try:
            sys.stdout.write(f"cardtable {__version__}\n")
            sys.stdout.flush()
        except BrokenPipeError:
            sys.stderr.close()
            return 1
        return 0
    chosen = choose_language(args)
    if isinstance(chosen, int):
        return chosen
    args = chosen
    from cardtable.gcpause import hold_collection, opens_the_app, resume_collection

    if opens_the_app(args):
        hold_collection()
    try:
        # Shell completion (README.md) calls `cardtable` with no arguments too.
        if not args and "_CARDTABLE_COMPLETE" not in os.environ:
            from cardtable.commands.common import run_command
            from cardtable.commands.play import launch

            return run_command(launch)
        if "play" in args and "_CARDTABLE_COMPLETE" not in os.environ:
            # A plain `cardtable play GAME [OPTIONS]` opens its game without Typer too.
            from cardtable.commands.common import run_command
            from cardtable.commands.play import play, play_arguments

            given = play_arguments(args)
            if given is not None:
                return run_command(lambda: play(**given))
        from cardtable.cli import main as command_line

        return command_line(args)
    finally:
        resume_collection()


def asks_for_version(args: list[str]) -> bool:
    """Whether ``args`` ask for the version alone, in any language cardtable speaks
    (``--lang nl --version``): the answer is the same in every language, so no catalogue
    is read for it.  An unknown ``--lang`` is left to :func:`choose_language` to say.

    >>> asks_for_version(["-V"]), asks_for_version(["--lang", "nl", "--version"])
    (True, True)
    >>> asks_for_version(["--lang", "xx", "--version"]), asks_for_version(["--version", "stats"])
    (False, False)
    """
    if args == ["--version"] or args == ["-V"]:
        return True
    if not any(arg == "--lang" or arg.startswith("--lang=") for arg in args):
        return False
    from cardtable.lang import UnknownLanguageError, language_option

    try:
        rest = language_option(args)[1]
    except UnknownLanguageError:
        return False
    return rest == ["--version"] or rest == ["-V"]


def choose_language(args: list[str]) -> list[str] | int:
    """Speak the language of ``--lang CODE`` (anywhere in ``args``), else of the settings,
    else of the environment, else English; return ``args`` without ``--lang``.

    An unknown ``--lang`` code is said in one line (in the language the settings or the
    environment choose) and gives the exit code 2 instead.
    """
    from cardtable.lang import UnknownLanguageError, language_option, resolve_language, use_language

    try:
        option, rest = language_option(args)
    except UnknownLanguageError as error:
        use_language(resolve_language(None, _setting_language()))
        from cardtable.commands.common import fail

        return fail(str(UnknownLanguageError(error.code)), 2)
    use_language(resolve_language(option, None if option else _setting_language()))
    return rest


def _setting_language() -> str | None:
    """The ``language`` setting (its warnings are the app's to show)."""
    from cardtable.userdata.settings import load_settings

    return load_settings()[0].language


if __name__ == "__main__":
    sys.exit(main())
