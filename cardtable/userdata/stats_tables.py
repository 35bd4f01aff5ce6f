"""The statistics as Rich tables, one per game: ``cardtable stats`` prints them and
the app's statistics screen shows them.

>>> from cardtable.userdata.stats import PlayerStats
>>> [table] = render_tables([PlayerStats(game="hearts", name="Ann", kind="human")])
>>> str(table.title), [column.header for column in table.columns][:3]
('Hearts', ['player', 'kind', 'games'])
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import JustifyMethod
from rich.table import Table

from cardtable.display import literal, visible
from cardtable.userdata.stats import LOWER_SCORE_WINS, PlayerStats

__all__ = ["render_tables"]

_TITLE_ORDER = ("President", "Vice-President", "Citizen", "Vice-Scum", "Scum")
_TITLE_SHORT = {"President": "P", "Vice-President": "VP", "Citizen": "C", "Vice-Scum": "VS", "Scum": "S"}


def render_tables(entries: list[PlayerStats]) -> list[Table]:
    """One Rich table per game, in the entries' order.

    Every cell is a Rich ``Text`` (see :func:`cardtable.display.literal`): a name,
    kind or title read from the statistics file is shown as written, never as markup.
    """
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
        headings = ["player", "kind", "games", "wins", "place", "avg", "best", "worst"]
        if game == "president":
            headings.append("titles")
        elif game == "durak":
            headings.append("durak")
        elif game == "hearts":
            headings.append("moons")
        headings.append("undo")
        body = [[visible(cell) for cell in _row(game, entry)] for entry in rows]
        table = Table(
            title=literal(game.capitalize()), caption=caption, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True
        )
        for index, heading in enumerate(headings):
            widest = max(cell_len(row[index]) for row in body)
            if heading in ("player", "titles"):
                # Names and title counts wrap at their spaces (or fold) rather than lose letters.
                table.add_column(heading, overflow="fold", min_width=min(widest, 6))
            else:
                # Never narrower than its widest value: a narrow terminal wraps the heading
                # and the names instead of cutting a number.
                justify: JustifyMethod = "left" if heading == "kind" else "right"
                table.add_column(heading, justify=justify, overflow="fold", min_width=widest)
        for row in body:
            table.add_row(*(literal(cell) for cell in row))
        tables.append(table)
    return tables


def _row(game: str, entry: PlayerStats) -> list[str]:
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
    return row


def _number(value: float | None, scale: float, pattern: str) -> str:
    return "–" if value is None else pattern.format(value * scale)


def _plain(value: int | None) -> str:
    return "–" if value is None else str(value)


def _titles(titles: Any) -> str:
    known = [title for title in _TITLE_ORDER if titles.get(title)]
    others = sorted(title for title in titles if title not in _TITLE_ORDER and titles[title])
    return " ".join(f"{_TITLE_SHORT.get(title, title)}{titles[title]}" for title in known + others) or "–"
