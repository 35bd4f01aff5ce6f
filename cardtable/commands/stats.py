"""``cardtable stats``: the statistics of finished games, as Rich tables or JSON.

One table per game, one row per player name and kind (a bot's kind is its level).
Warnings (a statistics file that had to be set aside) go to stderr, one line each.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from cardtable.commands.common import known_game, recover_quietly, warn
from cardtable.display import literal
from cardtable.errors import CardtableError, InvalidOptionError
from cardtable.lang import _
from cardtable.names import BadNameError, check_name
from cardtable.userdata.paths import stats_path
from cardtable.userdata.stats import PlayerStats, filter_stats, read_stats
from cardtable.userdata.stats_tables import render_tables

__all__ = ["show_stats", "KIND_CHOICES", "stats_json"]

KIND_CHOICES = ("all", "human", "bots", "easy", "normal", "hard")


def show_stats(
    game: str | None = None,
    player: str | None = None,
    kind: str = "all",
    as_json: bool = False,
) -> list[PlayerStats]:
    """Print the statistics, filtered; return the entries shown.

    Raises :class:`InvalidOptionError` for an unknown game or kind, and
    :class:`CardtableError` (one line) when the statistics file is there but cannot be
    read (nor, when damaged, set aside): nothing is written.
    """
    name = known_game(game) if game is not None else None
    key = kind.strip().lower()
    if key not in KIND_CHOICES:
        raise InvalidOptionError(
            _("--kind must be one of {choices}, not {given}").format(choices=", ".join(KIND_CHOICES), given=repr(kind))
        )
    if player is not None:
        try:
            check_name(player.strip())
        except BadNameError as exc:
            raise InvalidOptionError(f"--player: {exc}") from None
    recover_quietly()  # a finished game a killed cardtable did not count yet
    entries, warnings, readable = read_stats()
    if not readable:
        # "No statistics yet" would not be true: they are there, only not readable.
        raise CardtableError(" ".join(warnings) or _("cannot read the statistics file {path}").format(path=stats_path()))
    for line in warnings:
        warn(line)
    chosen = filter_stats(entries, game=name, player=player, kind=None if key == "all" else key)
    if as_json:
        sys.stdout.write(json.dumps(stats_json(chosen), ensure_ascii=False, indent=2) + "\n")
        return chosen
    from rich.console import Console
    from rich.text import Text

    console = Console()
    if not chosen:
        if entries:
            console.print(_("No statistics match: try without --game, --player or --kind."), markup=False)
        else:
            before, _path, after = _("No statistics yet: every finished game is counted (in {path}).").partition("{path}")
            console.print(Text.assemble(before, literal(stats_path()), after))
        return chosen
    for number, table in enumerate(render_tables(chosen)):
        if number:
            console.print()
        console.print(table)
    return chosen


def stats_json(entries: list[PlayerStats]) -> list[dict[str, Any]]:
    """The entries as JSON-safe dicts, with the averages worked out."""
    out = []
    for entry in entries:
        data = entry.to_dict()
        data["average_place"] = entry.average_place
        data["average_score"] = entry.average_score
        data["win_rate"] = entry.win_rate
        out.append(data)
    return out
