"""What a new table is set from, before any of a game's rules are loaded: its name,
title, player counts, options and blurb.

A game declares these once, in a :class:`GameFacts` subclass of its own (its ``about``
module, which imports nothing of the engine), and its rules class derives from that.
The start screen reads a game's facts through :func:`cardtable.games.game_facts` and so
opens without loading the game's rules engine.

>>> class Demo(GameFacts):
...     name, title, min_players, max_players = "demo", "Demo", 2, 4
...     options = (OptionSpec("target", 50, int, 1, 500),)
>>> demo = Demo()
>>> demo.default_players, list(demo.player_counts), demo.option_defaults
(2, [2, 3, 4], {'target': 50})
>>> demo.validate_options({"target": "75"})
{'target': 75}
>>> demo.check_players(5)
Traceback (most recent call last):
...
cardtable.errors.InvalidOptionError: Demo is for 2 to 4 players, not 5
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from cardtable.errors import InvalidOptionError, quoted
from cardtable.lang import _, ngettext

__all__ = ["OptionSpec", "GameFacts"]


class OptionSpec(NamedTuple):
    """One game option: its name, default, type (``int`` or ``bool``) and bounds."""

    name: str
    default: int | bool
    kind: type = int
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    #: how the start screen names the option (English, marked ``N_``; ``""``: its name)
    label: str = ""

    def validate(self, value: Any) -> int | bool:
        """Return the value, converted where unambiguous, or raise :class:`InvalidOptionError`."""
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
                return _BOOL_WORDS[value.strip().lower()]
            raise InvalidOptionError(_("option {name} must be true or false, not {given}").format(
                name=self.name, given=quoted(value)))
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise InvalidOptionError(_("option {name} must be a whole number, not {given}").format(
                name=self.name, given=quoted(value)))
        try:
            # Text over Python's 4,300-digit limit raises ValueError too: not a number here.
            number = int(value)
        except ValueError:
            raise InvalidOptionError(_("option {name} must be a whole number, not {given}").format(
                name=self.name, given=quoted(value))) from None
        if self.minimum is not None and number < self.minimum:
            raise InvalidOptionError(_("option {name} must be at least {least}, not {given}").format(
                name=self.name, least=self.minimum, given=quoted(number)))
        if self.maximum is not None and number > self.maximum:
            raise InvalidOptionError(_("option {name} must be at most {most}, not {given}").format(
                name=self.name, most=self.maximum, given=quoted(number)))
        return number


_BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


class GameFacts:
    """A game's name, title, player counts, options and blurb: what a table is set from.

    Subclasses set the class attributes; ``default_players`` is ``min_players`` unless
    the game says otherwise.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: the player count a new table starts with (the start screen, ``cardtable play``);
    #: ``min_players`` unless the game says otherwise
    default_players: ClassVar[int]
    #: one line on the start screen saying what the game is about (English, marked ``N_``)
    blurb: ClassVar[str] = ""
    #: options a person's table starts with where they differ from ``options``' defaults
    table_options: ClassVar[Mapping[str, int | bool]] = MappingProxyType({})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "default_players" not in cls.__dict__ and "min_players" in cls.__dict__:
            cls.default_players = cls.min_players

    @property
    def option_defaults(self) -> dict[str, int | bool]:
        """Every option's default value."""
        return {spec.name: spec.default for spec in self.options}

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: Any) -> int:
        """Return the player count, or raise :class:`InvalidOptionError`."""
        if type(players) is int and self.min_players <= players <= self.max_players:
            return players
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptionError(_("players must be a whole number, not {given}").format(given=quoted(players)))
        if players not in self.player_counts:
            if self.min_players == self.max_players:
                wording = ngettext("{game} is for exactly {count} player, not {given}",
                                   "{game} is for exactly {count} players, not {given}", self.min_players)
            else:
                wording = _("{game} is for {low} to {high} players, not {given}")
            raise InvalidOptionError(wording.format(
                game=_(self.title), count=self.min_players, low=self.min_players, high=self.max_players, given=quoted(players)))
        return players

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, int | bool]:
        """Fill in defaults and check every value; raise :class:`InvalidOptionError`."""
        if not options:  # every new game of a simulation or a benchmark
            return {spec.name: spec.default for spec in self.options}
        specs = {spec.name: spec for spec in self.options}
        for key in options:
            if key not in specs:
                if not specs:
                    raise InvalidOptionError(_("{game} has no option {name} (its options: none)").format(
                        game=_(self.title), name=quoted(key)))
                raise InvalidOptionError(_("{game} has no option {name} (its options: {options})").format(
                    game=_(self.title), name=quoted(key), options=", ".join(specs)))
        return {
            name: spec.validate(options[name]) if name in options else spec.default
            for name, spec in specs.items()
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
