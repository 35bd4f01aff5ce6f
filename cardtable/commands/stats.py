"""``cardtable stats``: the statistics of finished games, as Rich tables or JSON.

One table per game, one row per player name and kind (a bot's kind is its level).
Warnings (a statistics file that had to be set aside) go to stderr, one line each.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from cardtable.commands.common import known_game
from cardtable.engine.errors import InvalidOptionError
from cardtable.userdata.paths import stats_path
from cardtable.userdata.stats import LOWER_SCORE_WINS, PlayerStats, filter_stats, load_stats

__all__ = ["show_stats", "KIND_CHOICES", "render_tables", "stats_json"]

KIND_CHOICES = ("all", "human", "bots", "easy", "normal", "hard")


def show_stats(
    game: str | None = None,
    player: str | None = None,
    kind: str = "all",
    as_json: bool = False,
) -> list[PlayerStats]:
    """Print the statistics, filtered; return the entries shown.

    Raises :class:`InvalidOptionError` for an unknown game or kind.
    """
    name = known_game(game) if game is not None else None
    key = kind.strip().lower()
    if key not in KIND_CHOICES:
        raise InvalidOptionError(f"--kind must be one of {', '.join(KIND_CHOICES)}, not {kind!r}")
    entries, warnings = load_stats()
    for line in warnings:
        sys.stderr.write(f"cardtable: warning: {line}\n")
    chosen = filter_stats(entries, game=name, player=player, kind=None if key == "all" else key)
    if as_json:
        sys.stdout.write(json.dumps(stats_json(chosen), ensure_ascii=False, indent=2) + "\n")
        return chosen
    from rich.console import Console

    console = Console()
    if not chosen:
        if entries:
            console.print("No statistics match: try without --game, --player or --kind.")
        else:
            console.print(f"No statistics yet: every finished game is counted (in {stats_path()}).")
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


_TITLE_ORDER = ("President", "Vice-President", "Citizen", "Vice-Scum", "Scum")
_TITLE_SHORT = {"President": "P", "Vice-President": "VP", "Citizen": "C", "Vice-Scum": "VS", "Scum": "S"}


def render_tables(entries: list[PlayerStats]) -> list[Any]:  # list[rich.table.Table]
    """One Rich table per game, in the entries' order."""
    from rich import box
    from rich.table import Table

    by_game: dict[str, list[PlayerStats]] = {}
    for entry in entries:
        by_game.setdefault(entry.game, []).append(entry)
    tables = []
    for game, rows in by_game.items():
        lower = game in LOWER_SCORE_WINS
        score_word = "points" if game in ("hearts", "president") else "wins−losses"
        caption = (
            f"place: average final place (1 best); avg, best, worst: final {score_word}"
            + (" (fewer is better)" if lower else "")
            + "; undo: games with a move taken back"
        )
        if game == "president":
            caption += "; titles per round: " + ", ".join(f"{short} {title}" for title, short in _TITLE_SHORT.items())
        table = Table(title=game.capitalize(), caption=caption, box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column("player", no_wrap=True, overflow="ellipsis")
        table.add_column("kind", no_wrap=True)
        for heading in ("games", "wins", "place", "avg", "best", "worst"):
            table.add_column(heading, justify="right", no_wrap=True)
        if game == "president":
            table.add_column("titles", no_wrap=True)
        elif game == "durak":
            table.add_column("durak", justify="right", no_wrap=True)
        elif game == "hearts":
            table.add_column("moons", justify="right", no_wrap=True)
        table.add_column("undo", justify="right", no_wrap=True)
        for entry in rows:
            row = [
                entry.name,
                entry.kind,
                str(entry.played),
                str(entry.wins),
                _number(entry.average_place, 1, "{:.2f}"),
                _number(entry.average_score, 1, "{:.1f}"),
                _plain(entry.best_score),
                _plain(entry.worst_score),
            ]
            if game == "president":
                row.append(_titles(entry.titles))
            elif game == "durak":
                row.append(str(entry.times_durak))
            elif game == "hearts":
                row.append(str(entry.moons))
            row.append(str(entry.games_with_undo))
            table.add_row(*row)
        tables.append(table)
    return tables


def _number(value: float | None, scale: float, pattern: str) -> str:
    return "–" if value is None else pattern.format(value * scale)


def _plain(value: int | None) -> str:
    return "–" if value is None else str(value)


def _titles(titles: Any) -> str:
    known = [title for title in _TITLE_ORDER if titles.get(title)]
    others = sorted(title for title in titles if title not in _TITLE_ORDER and titles[title])
    return " ".join(f"{_TITLE_SHORT.get(title, title)}{titles[title]}" for title in known + others) or "–"
