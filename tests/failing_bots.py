"""A file of user bots that fail, for the tests of how a failure is reported: ``Raiser``
raises an error of its own, ``Jumper`` answers with an action that is no move."""

from __future__ import annotations

from pathlib import Path

FAILING_BOTS = '''
class Raiser:
    def choose(self, observation, legal_actions):
        raise ValueError("my bot broke")


class Jumper:
    def choose(self, observation, legal_actions):
        return "jump"
'''


def write_failing_bots(folder: Path) -> Path:
    """The bots' file, written in ``folder``; name a bot as ``f"{path}:Raiser"``."""
    path = folder / "failing_bots.py"
    path.write_text(FAILING_BOTS, encoding="utf-8")
    return path
