"""What a game at the table is made of: the game, its seats, its options and the seed.

The start screen and ``cardtable play`` both build a :class:`TableConfig`; the app
only ever starts a game from one, so both ways in check their input the same way.

>>> config = TableConfig.build("hearts", ["human", "hard", "normal", "easy"], seed=7)
>>> [seat.label for seat in config.seats]
['You', 'Ada (hard)', 'Ben (normal)', 'Cleo (easy)']
>>> TableConfig.build("president", ["human", "easy", "easy"]).options
{'rounds': 5, 'revolution': True}
>>> TableConfig.build("hearts", ["human", "wizard"])
Traceback (most recent call last):
...
cardtable.errors.InvalidOptionError: unknown seat kind 'wizard'; use human, easy, normal or hard, or a bot of your own as module:Class
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from cardtable.errors import InvalidOptionError
from cardtable.games import game_facts, get_rules
from cardtable.lang import _, ngettext
from cardtable.names import BadNameError, check_name

if TYPE_CHECKING:
    from cardtable.engine.state import GameState

__all__ = [
    "SeatConfig", "TableConfig", "SEAT_KINDS", "PACES", "TRICK_PAUSES", "DEFAULT_NAMES",
    "table_defaults", "config_for_state", "choice_labels",
]

SEAT_KINDS = ("human", "easy", "normal", "hard")
"""What may sit at a seat: a person at the keyboard or a bot of a level."""

PACES: dict[str, float] = {"fast": 0.15, "normal": 0.6, "slow": 1.2}
"""Seconds a bot waits before each move, so that a person can follow."""

TRICK_PAUSES: dict[str, float] = {"fast": 0.5, "normal": 1.0, "slow": 2.0}
"""Seconds a completed trick or bout stays on the table, by bot speed (a key ends it)."""

DEFAULT_NAMES = ("You", "Ada", "Ben", "Cleo", "Dan", "Eve")
"""Names for seats 0..5 when none are given (seat 0 is usually the person)."""

SPARE_NAMES = ("Zoe", "Max", "Ivy", "Kai", "Lea", "Tom", "Uma")
"""Bot names used when a default name is already taken by a named seat."""

def table_defaults(game: str) -> dict[str, Any]:
    """Every option of ``game`` as a new table starts it: the rules' defaults, except
    where the rules' ``table_options`` start a person's table otherwise (President's
    five rounds; the API and ``simulate`` keep one).

    >>> table_defaults("president")
    {'rounds': 5, 'revolution': True}
    >>> table_defaults("president") == get_rules("president").option_defaults
    False
    """
    facts = game_facts(game)  # the start screen's: without loading the rules
    return {**facts.option_defaults, **facts.table_options}


class SeatConfig(NamedTuple):
    """One seat: ``kind`` is ``human``, a bot level, or a user bot's import path
    (``my_bot.py:Clever``); ``name`` is shown at the table."""

    kind: str
    name: str

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def label(self) -> str:
        """The name, with the bot level for a bot: ``West (hard)``; a user bot by its class."""
        if self.is_human:
            return self.name
        return f"{self.name} ({self.kind.rpartition(':')[2] or self.kind})"


class TableConfig(NamedTuple):
    """Everything needed to start (and later save or restart) a game at the table."""

    game: str
    seats: tuple[SeatConfig, ...]
    seed: int | None = None
    options: Mapping[str, Any] = MappingProxyType({})

    @classmethod
    def build(
        cls,
        game: str,
        kinds: Sequence[str],
        names: Sequence[str] | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        default_human: str = "You",
    ) -> TableConfig:
        """Check every part and return the config; raise a one-line ``ValueError`` if bad.

        Every name given must be valid (see :mod:`cardtable.names`): a bad one is
        refused, never silently changed.

        A lone human seat without a name is called ``default_human`` (the settings'
        player name); several unnamed human seats are ``Player 1``, ``Player 2``...
        """
        facts = game_facts(game)
        # An import path names a user's bot (see cardtable.bots): kept as written.
        kinds = [kind.strip() if ":" in kind else kind.strip().lower() for kind in kinds]
        for kind in kinds:
            if kind not in SEAT_KINDS and ":" not in kind:
                raise InvalidOptionError(_(
                    "unknown seat kind {kind}; use human, easy, normal or hard, or a bot of your own as module:Class"
                ).format(kind=repr(kind)))
        facts.check_players(len(kinds))
        names = [name.strip() for name in names] if names else []
        if len(names) > len(kinds):
            raise InvalidOptionError(ngettext(
                "{names} names given for {count} seat", "{names} names given for {count} seats", len(kinds)
            ).format(names=len(names), count=len(kinds)))
        for name in names:
            if name:
                try:
                    check_name(name)
                except BadNameError as exc:
                    raise InvalidOptionError(str(exc)) from None
        chosen = list(names) + [""] * (len(kinds) - len(names))
        seats = []
        taken = {name for name in chosen if name}
        for index, (kind, name) in enumerate(zip(kinds, chosen)):
            if not name:
                name = _default_name(index, kind, kinds, default_human)
                if kind != "human" and name in taken:
                    # A bot never takes a name someone chose (human:Ben beside a bot "Ben").
                    name = next(spare for spare in SPARE_NAMES if spare not in taken)
                taken.add(name)
            seats.append(SeatConfig(kind, name))
        if len({seat.name for seat in seats}) != len(seats):
            raise InvalidOptionError(_("two seats have the same name; give each seat its own name"))
        validated = facts.validate_options({**facts.table_options, **dict(options or {})})
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise InvalidOptionError(_("seed must be a whole number from 0, not {given}").format(given=repr(seed)))
        return cls(facts.name, tuple(seats), seed, validated)

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    def new_state(self) -> GameState:
        """A fresh game with these seats, options and seed (names kept in ``state.meta``)."""
        rules = get_rules(self.game)
        state = rules.new_game(players=len(self.seats), seed=self.seed, **dict(self.options))
        state.meta["seats"] = [{"kind": s.kind, "name": s.name} for s in self.seats]
        return state


def choice_labels() -> dict[str, dict[str, str]]:
    """How the start and settings screens show their choices, in the reader's words: a
    seat's kind, a bot's speed and level, on and off (the values stay English)."""
    from cardtable.lang import _, pgettext

    levels = {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}
    return {
        "kind": {"human": pgettext("a seat's kind", "human"), **levels},
        "level": levels,
        "speed": {"fast": pgettext("bot speed", "fast"), "normal": pgettext("bot speed", "normal"),
                  "slow": pgettext("bot speed", "slow")},
        "switch": {"on": pgettext("a switch", "on"), "off": pgettext("a switch", "off")},
    }


def _default_name(index: int, kind: str, kinds: Sequence[str], default_human: str = "You") -> str:
    if kind == "human":
        humans = [i for i, k in enumerate(kinds) if k == "human"]
        if len(humans) == 1:
            return default_human
        from cardtable.userdata.meta import numbered_name

        # Kept in English like "You"; each screen shows it in its reader's words.
        return numbered_name(humans.index(index) + 1)
    name = DEFAULT_NAMES[index]
    return "Zoe" if name in ("You", default_human) else name


def config_for_state(state: GameState) -> TableConfig:
    """The table of a saved game: its seats from ``state.meta`` (see
    :func:`cardtable.userdata.meta.seats_of`), its seed and options.

    A save without seat names (made outside the app) seats a person at seat 0 and
    normal bots elsewhere.

    >>> from cardtable.games import get_rules
    >>> state = TableConfig.build("durak", ["human", "easy"], seed=3).new_state()
    >>> [seat.label for seat in config_for_state(state).seats]
    ['You', 'Ada (easy)']
    """
    from cardtable.userdata.meta import seats_of

    seats = []
    for index, seat in enumerate(seats_of(state)):
        kind = seat.kind if seat.kind in SEAT_KINDS else ("human" if index == 0 else "normal")
        seats.append(SeatConfig(kind, seat.name))
    return TableConfig(state.rules.name, tuple(seats), state.seed, dict(state.options))
