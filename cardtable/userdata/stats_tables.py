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
from cardtable.engine.facts import StatCounter
from cardtable.errors import UnknownGameError
from cardtable.games import get_rules
from cardtable.userdata.stats import PlayerStats, counters_of, lower_score_wins

__all__ = ["render_tables"]


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
        title, score_word = _title_and_score_word(game)
        counters = counters_of(game)
        caption = (
            f"place: average final place (1 best); avg, best, worst: final {score_word}"
            + (" (fewer is better)" if lower_score_wins(game) else "")
            + "; undo: games with a move taken back"
        )
        for counter in counters:
            if counter.labelled:
                caption += f"; {counter.heading} per round: " + ", ".join(
                    f"{short} {label}" for label, short in counter.labels.items()
                )
        headings = ["player", "kind", "games", "wins", "place", "avg", "best", "worst"]
        headings += [counter.heading for counter in counters]
        headings.append("undo")
        wrapped = {"player"} | {counter.heading for counter in counters if counter.labelled}
        body = [[visible(cell) for cell in _row(counters, entry)] for entry in rows]
        table = Table(
            title=literal(title), caption=caption, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True
        )
        for index, heading in enumerate(headings):
            widest = max(cell_len(row[index]) for row in body)
            if heading in wrapped:
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


def _title_and_score_word(game: str) -> tuple[str, str]:
    """A game's title and what its scores count; a game this cardtable does not know
    (from a newer one's file) is shown by its name."""
    try:
        rules = get_rules(game)
    except UnknownGameError:
        return game.capitalize(), "scores"
    return rules.title, rules.score_word


def _row(counters: tuple[StatCounter, ...], entry: PlayerStats) -> list[str]:
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
    for counter in counters:
        row.append(_labels(counter, entry.labels(counter.key)) if counter.labelled else str(entry.count(counter.key)))
    row.append(str(entry.games_with_undo))
    return row


def _number(value: float | None, scale: float, pattern: str) -> str:
    return "–" if value is None else pattern.format(value * scale)


def _plain(value: int | None) -> str:
    return "–" if value is None else str(value)


def _labels(counter: StatCounter, counts: dict[str, int]) -> str:
    """A labelled figure in the counter's order, short labels first, then any others
    (a hand-edited file's) by name: ``P3 C1 S2``."""
    known = [label for label in counter.labels if counts.get(label)]
    others = sorted(label for label in counts if label not in counter.labels and counts[label])
    return " ".join(f"{counter.labels.get(label, label)}{counts[label]}" for label in known + others) or "–"
