"""``cardtable play`` and the bare ``cardtable``: open the Textual table.

The command checks every argument before Textual starts, so a bad one is a single
line on stderr (raised as :class:`InvalidOptionError`; ``cli.main`` prints it).

>>> config = build_config("president", "human,hard,normal,easy", seed=5, rounds=3)
>>> [seat.kind for seat in config.seats], dict(config.options)
(['human', 'hard', 'normal', 'easy'], {'rounds': 3, 'revolution': True})
>>> build_config("hearts", "human,normal", seed=1)
Traceback (most recent call last):
...
cardtable.engine.errors.InvalidOptionError: Hearts is for exactly 4 players, not 2
"""

from __future__ import annotations

from typing import Any

from cardtable.commands.common import known_game
from cardtable.engine.errors import InvalidOptionError
from cardtable.games import get_rules
from cardtable.tui.config import PACES, TableConfig

__all__ = ["build_config", "play", "launch"]

DEFAULT_PLAYERS = {"president": 4, "durak": 3, "hearts": 4}


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in text.split(",")] if text else []


def build_config(
    game: str,
    seats: str | None = None,
    names: str | None = None,
    seed: int | None = None,
    rounds: int | None = None,
    target: int | None = None,
    revolution: bool | None = None,
) -> TableConfig:
    """The table for ``cardtable play``; raises a one-line error for a bad argument."""
    name = known_game(game)
    rules = get_rules(name)
    kinds = _split(seats)
    if not kinds:
        count = DEFAULT_PLAYERS.get(name, rules.min_players)
        kinds = ["human"] + ["normal"] * (count - 1)
    if any(not kind for kind in kinds):
        raise InvalidOptionError("--seats has an empty entry; write e.g. human,hard,normal,easy")
    options: dict[str, Any] = {}
    for option, value in (("rounds", rounds), ("target", target), ("revolution", revolution)):
        if value is None:
            continue
        if option == "target":
            option = next((spec.name for spec in rules.options if "target" in spec.name), "target")
        if option not in {spec.name for spec in rules.options}:
            flag = {"rounds": "--rounds", "target": "--target", "revolution": "--no-revolution"}[
                "target" if "target" in option else option
            ]
            raise InvalidOptionError(f"{flag} does not apply to {rules.title}")
        options[option] = value
    return TableConfig.build(name, kinds, _split(names), seed=seed, options=options)


def _check_pace(speed: str) -> str:
    key = speed.strip().lower()
    if key not in PACES:
        raise InvalidOptionError(f"unknown speed {speed!r}; choose one of {', '.join(PACES)}")
    return key


def play(
    game: str,
    seats: str | None = None,
    names: str | None = None,
    seed: int | None = None,
    rounds: int | None = None,
    target: int | None = None,
    revolution: bool | None = None,
    ascii_only: bool = False,
    four_colour: bool = False,
    speed: str = "normal",
) -> None:
    """Check the arguments, then run the app straight into the game."""
    config = build_config(game, seats, names, seed, rounds, target, revolution)
    pace = _check_pace(speed)
    from cardtable.tui.app import CardtableApp

    CardtableApp(config, ascii_only=True if ascii_only else None, four_colour=four_colour, pace=pace).run()


def launch(ascii_only: bool = False, four_colour: bool = False, speed: str = "normal") -> None:
    """Run the app on its start screen."""
    pace = _check_pace(speed)
    from cardtable.tui.app import CardtableApp

    CardtableApp(ascii_only=True if ascii_only else None, four_colour=four_colour, pace=pace).run()
