"""The statistics as Rich tables, one per game: ``cardtable stats`` prints them and
the app's statistics screen shows them.

>>> from cardtable.userdata.stats import PlayerStats
>>> [table] = render_tables([PlayerStats(game="hearts", name="Ann", kind="human")])
>>> str(table.title), [column.header for column in table.columns][:3]
('Hearts', ['player', 'kind', 'games'])
"""

from __future__ import annotations

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
        headings = ["player", "kind", "games", "wins", "place", "avg", "best", "worst"]
        if game == "durak":
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
            if heading == "player":
                # A name keeps its line when the figures leave room; a terminal too narrow
                # folds it, never cutting a letter, rather than cut a number.
                table.add_column(heading, overflow="fold", min_width=min(widest, 6))
            else:
                # Never narrower than its widest value: a narrow terminal wraps the heading
                # and the names instead of cutting a number.
                justify: JustifyMethod = "left" if heading == "kind" else "right"
                table.add_column(heading, justify=justify, overflow="fold", min_width=widest)
        for row in body:
            table.add_row(*(literal(cell) for cell in row))
        tables.append(table)
        titles = _titles_table(game, rows)
        if titles is not None:
            tables.append(titles)
    return tables


def _titles_table(game: str, rows: list[PlayerStats]) -> Table | None:
    """The titles each player held, one column per title: its own table, so that the
    figures table stays narrow enough for 80 columns and no count is ever cut.

    >>> from cardtable.userdata.stats import PlayerStats
    >>> table = _titles_table("president", [PlayerStats(game="president", name="Ann", kind="human",
    ...                                                 titles={"Scum": 2, "President": 1})])
    >>> [column.header for column in table.columns]
    ['player', 'P', 'VP', 'C', 'VS', 'S', 'rounds']
    >>> _titles_table("hearts", [PlayerStats(game="hearts", name="Ann", kind="human")]) is None
    True
    """
    held = {title for entry in rows for title in entry.titles}
    if not held:
        return None
    order = [title for title in _TITLE_ORDER if title in _TITLE_SHORT] + sorted(held - set(_TITLE_ORDER))
    caption = "titles held, counted per round: " + ", ".join(f"{_TITLE_SHORT.get(t, t)} {t}" for t in order)
    table = Table(
        title=literal(f"{game.capitalize()} titles"),
        caption=literal(caption),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    body = [
        [visible(entry.name)]
        + [str(entry.titles.get(title, 0)) for title in order]
        + [str(sum(entry.titles.values()))]
        for entry in rows
    ]
    headings = ["player"] + [_TITLE_SHORT.get(title, title) for title in order] + ["rounds"]
    for index, heading in enumerate(headings):
        widest = max(cell_len(row[index]) for row in body)
        justify: JustifyMethod = "left" if index == 0 else "right"
        table.add_column(literal(heading), justify=justify, overflow="fold", min_width=widest)
    for row in body:
        table.add_row(*(literal(cell) for cell in row))
    return table


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
    if game == "durak":
        row.append(str(entry.times_durak))
    elif game == "hearts":
        row.append(str(entry.moons))
    row.append(str(entry.games_with_undo))
    return row


def _number(value: float | None, scale: float, pattern: str) -> str:
    """A figure as the table shows it; a mean that rounds to zero is ``0.0``, never ``-0.0``.

    >>> _number(-0.01, 1, "{:.1f}"), _number(None, 1, "{:.1f}"), _number(2.345, 1, "{:.2f}")
    ('0.0', '–', '2.35')
    """
    if value is None:
        return "–"
    text = pattern.format(value * scale)
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def _plain(value: int | None) -> str:
    return "–" if value is None else str(value)
