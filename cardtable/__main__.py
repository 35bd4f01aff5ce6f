"""The ``cardtable`` command (its console script) and ``python -m cardtable``.

``cardtable --version`` is answered here without loading the command line (Typer,
Click and Rich take several times as long to import as Python takes to start); every
other command goes to :func:`cardtable.cli.main`.
"""

import os
import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: the program's arguments) and return
    the exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--version"] or args == ["-V"]:
        from cardtable import __version__

        try:
            sys.stdout.write(f"cardtable {__version__}\n")
            sys.stdout.flush()
        except BrokenPipeError:
            sys.stderr.close()
            return 1
        return 0
    from cardtable.gcpause import hold_collection, opens_the_app, resume_collection

    if opens_the_app(args):
        hold_collection()
    try:
        # Shell completion (README.md) calls `cardtable` with no arguments too.
        if not args and "_CARDTABLE_COMPLETE" not in os.environ:
            from cardtable.commands.common import run_command
            from cardtable.commands.play import launch

            return run_command(launch)
        from cardtable.cli import main as run_command_line

        return run_command_line(args)
    finally:
        resume_collection()


if __name__ == "__main__":
    sys.exit(main())
