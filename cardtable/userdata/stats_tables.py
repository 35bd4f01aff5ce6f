"""The statistics as Rich tables, one per game: ``cardtable stats`` prints them and
the app's statistics screen shows them.

What a game counts besides the shared figures comes from its rules
(``Rules.stat_counters``): a plain count is a column of the game's table, a count per
label (President's titles) a table of its own.

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
from cardtable.lang import _, number
from cardtable.userdata.meta import kind_label, shown_name
from cardtable.userdata.stats import PlayerStats, counters_of, lower_score_wins

__all__ = ["render_tables"]


def render_tables(entries: list[PlayerStats]) -> list[Table]:
    """One Rich table per game, in the entries' order, each followed by a table per
    labelled figure of that game that someone holds.

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
        plain = [counter for counter in counters if not counter.labelled]
        if lower_score_wins(game):
            caption = _("place: average final place (1 best); avg, best, worst: final {scores} (fewer is better); "
                        "undo: games with a move taken back")
        else:
            caption = _("place: average final place (1 best); avg, best, worst: final {scores}; "
                        "undo: games with a move taken back")
        caption = caption.format(scores=score_word)
        # TRANSLATORS: the headings of `cardtable stats`: the player's name, seat kind (a person or a bot's level),
        # games played, games won, average place, average score, best and worst score, games with an undo.
        headings = [_("player"), _("kind"), _("games"), _("wins"), _("place"), _("avg"), _("best"), _("worst")]
        headings += [_(counter.heading) for counter in plain]
        headings.append(_("undo"))
        body = [[visible(cell) for cell in _row(plain, entry)] for entry in rows]
        table = Table(
            title=literal(title), caption=caption, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True
        )
        for index, heading in enumerate(headings):
            widest = max(cell_len(row[index]) for row in body)
            if index == 0:  # the player's name
                # A name keeps its line when the figures leave room; a terminal too narrow
                # folds it, never cutting a letter, rather than cut a number.
                table.add_column(heading, overflow="fold", min_width=min(widest, 6))
            else:
                # Never narrower than its widest value: a narrow terminal wraps the heading
                # and the names instead of cutting a number.
                justify: JustifyMethod = "left" if index == 1 else "right"  # the kind, else a figure
                table.add_column(heading, justify=justify, overflow="fold", min_width=widest)
        for row in body:
            table.add_row(*(literal(cell) for cell in row))
        tables.append(table)
        for counter in counters:
            labelled = _labels_table(title, counter, rows) if counter.labelled else None
            if labelled is not None:
                tables.append(labelled)
    return tables


def _title_and_score_word(game: str) -> tuple[str, str]:
    """A game's title and what its scores count; a game this cardtable does not know
    (from a newer one's file) is shown by its name."""
    try:
        rules = get_rules(game)
    except UnknownGameError:
        return game.capitalize(), "scores"
    return _(rules.title), _(rules.score_word)


def _labels_table(title: str, counter: StatCounter, rows: list[PlayerStats]) -> Table | None:
    """A labelled figure (titles) per player, one column per label: its own table, so
    that the figures table stays narrow enough for 80 columns and no count is ever cut.

    >>> from cardtable.userdata.stats import PlayerStats
    >>> titles = StatCounter("titles", "titles", "titles", {"President": "P", "Scum": "S"})
    >>> entry = PlayerStats(game="president", name="Ann", kind="human", counts={"titles": {"Scum": 2, "Boss": 1}})
    >>> table = _labels_table("President", titles, [entry])
    >>> str(table.title), [str(column.header) for column in table.columns]
    ('President titles', ['player', 'P', 'S', 'Boss', 'rounds'])
    >>> _labels_table("President", titles, [PlayerStats(game="president", name="Ann", kind="human")]) is None
    True
    """
    held = {label for entry in rows for label in entry.labels(counter.key)}
    if not held:
        return None
    order = list(counter.labels) + sorted(held - set(counter.labels))
    # The labels are the game's words (President's titles), kept in English in the file
    # and shown in the player's language; one the game does not declare is shown as written.
    shown = {label: _(label) if label in counter.labels else label for label in order}
    short = {label: _(counter.labels[label]) if label in counter.labels else label for label in order}
    caption = _("{figure} held, counted per round: {labels}").format(
        figure=_(counter.heading), labels=", ".join(f"{short[label]} {shown[label]}" for label in order)
    )
    table = Table(
        # TRANSLATORS: the title of a statistics table of one figure of a game: "President titles".
        title=literal(_("{game} {figure}").format(game=title, figure=_(counter.heading))),
        caption=literal(caption),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    body = []
    for entry in rows:
        counts = entry.labels(counter.key)
        figures = [counts.get(label, 0) for label in order] + [sum(counts.values())]
        body.append([visible(shown_name(entry.name))] + [number(figure, grouped=False) for figure in figures])
    headings = [_("player")] + [short[label] for label in order] + [_("rounds")]
    for index, heading in enumerate(headings):
        widest = max(cell_len(row[index]) for row in body)
        justify: JustifyMethod = "left" if index == 0 else "right"
        table.add_column(heading, justify=justify, overflow="fold", min_width=widest)
    for row in body:
        table.add_row(*(literal(cell) for cell in row))
    return table


def _row(counters: list[StatCounter], entry: PlayerStats) -> list[str]:
    row = [
        shown_name(entry.name),
        kind_label(entry.kind),
        number(entry.played, grouped=False),
        number(entry.wins, grouped=False),
        _number(entry.average_place, 2),
        _number(entry.average_score, 1),
        _plain(entry.best_score),
        _plain(entry.worst_score),
    ]
    row += [number(entry.count(counter.key), grouped=False) for counter in counters]
    row.append(number(entry.games_with_undo, grouped=False))
    return row


def _number(value: float | None, digits: int) -> str:
    """A figure as the table shows it, in the reader's language (its decimal mark; no
    thousands separators, so that 80 columns hold the widest); a mean that rounds to zero
    is ``0.0``, never ``-0.0``.

    >>> _number(-0.01, 1), _number(None, 1), _number(2.345, 2)
    ('0.0', '–', '2.35')
    """
    return "–" if value is None else number(value, digits, grouped=False)


def _plain(value: int | None) -> str:
    return "–" if value is None else number(value, grouped=False)
