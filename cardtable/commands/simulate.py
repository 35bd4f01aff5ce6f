"""``cardtable simulate GAME --seats ...``: pit bots against each other and compare them.

The work is done by :func:`cardtable.bots.arena.play_match`; this module only shows a
progress bar (on stderr) and prints the figures, as a Rich table or as JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.bots.arena import (
    DEFAULT_BOT_TIMEOUT,
    ArenaError,
    IllegalBotActionError,
    LevelStats,
    MatchResult,
    check_match,
    measure_for,
    play_match,
)
from cardtable.commands.common import known_game, think_seconds
from cardtable.display import literal
from cardtable.errors import InvalidOptionError
from cardtable.games import get_rules
from cardtable.lang import _, brief_number, ngettext, number

if TYPE_CHECKING:
    from rich.progress import Progress
    from rich.table import Table

__all__ = ["simulate", "parse_option", "render_table"]


def parse_option(text: str) -> tuple[str, str]:
    """Split ``KEY=VALUE`` from ``--option``; the game checks the value itself.

    >>> parse_option("revolution=false")
    ('revolution', 'false')
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise InvalidOptionError(_("--option needs KEY=VALUE, not {given}").format(given=repr(text)))
    return key.strip(), value.strip()


def simulate(
    game: str,
    seats: str | None = None,
    seat: Sequence[str] = (),
    games: int = 100,
    seed: int = 0,
    rounds: int | None = None,
    target: int | None = None,
    options: Sequence[str] = (),
    jobs: int = 1,
    as_json: bool = False,
    think: str | None = None,
    bot_timeout: float = DEFAULT_BOT_TIMEOUT,
) -> MatchResult:
    """Play the match and print its figures; return the result.

    Seats come from ``seats`` (comma-separated) or one per ``seat`` entry.  Bad
    settings raise a :class:`~cardtable.CardtableError` before any game is played; a
    bot that fails to load or start, raises, or chooses an illegal action stops the
    run with one (:class:`~cardtable.bots.arena.ArenaError` or
    :class:`~cardtable.bots.BotSpecError`), which ``cli.main`` prints as one line with
    exit status 2.  For an illegal action, the game up to it is written to a file in
    the logs folder and the line says where.  ``think`` is ``--think``: the hard bots'
    seconds a decision (default 0.5; the settings file does not change a simulation).
    ``bot_timeout`` is ``--bot-timeout``: the seconds a user's bot may take to start or
    to make one decision; one that takes longer stops the run with one line naming it.
    """
    name = known_game(game)
    seconds = think_seconds(think) if think is not None else None
    if seats and seat:
        raise InvalidOptionError(_("give the bots either with --seats a,b,c or with one --seat per player, not both"))
    specs: list[str] = list(seat) if seat else (seats.split(",") if seats else [])
    if not specs:
        raise InvalidOptionError(_("no seats: give one bot per player, e.g. {example}").format(
            example="--seats normal,easy,easy,easy"))
    chosen: dict[str, object] = dict(parse_option(text) for text in options)
    if target is not None:
        chosen["target"] = target
    # Every bad setting is reported before the progress bar appears.
    check_match(name, specs, games, seed=seed, rounds=rounds, options=chosen, jobs=jobs, think=seconds,
                bot_timeout=bot_timeout)
    progress = None if as_json else _progress_bar()
    try:
        if progress is None:
            result = play_match(
                name, specs, games, seed=seed, rounds=rounds, options=chosen, jobs=jobs, think=seconds,
                bot_timeout=bot_timeout,
            )
        else:
            with progress:
                noun = get_rules(name).round_noun
                task = progress.add_task(_games_of(name, games), total=games, rounds="")
                rounds_ended = 0

                def round_ended() -> None:
                    # Few long games finish late: the rounds show that the bar is alive.
                    nonlocal rounds_ended
                    rounds_ended += 1
                    progress.update(task, rounds=rounds_played(noun, rounds_ended))

                result = play_match(
                    name, specs, games, seed=seed, rounds=rounds, options=chosen, jobs=jobs, think=seconds,
                    bot_timeout=bot_timeout, progress=lambda done, total: progress.update(task, completed=done),
                    on_round=round_ended,
                )
    except IllegalBotActionError as exc:
        from cardtable.userdata.crashlog import write_report

        where = write_report("illegal-move", exc.state_json + "\n", suffix=".json")
        if where is None:
            raise ArenaError(str(exc)) from None
        raise ArenaError(_("{error}; the game up to that move is saved in {path}").format(error=exc, path=where)) from None
    if as_json:
        sys.stdout.write(json.dumps(result.to_dict(records=False), indent=2) + "\n")
    else:
        from rich.console import Console

        Console().print(render_table(result))
    return result


def _progress_bar() -> Progress:
    # Rich's progress and table modules are imported when used, to keep the CLI quick.
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rounds]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        # A log file gets no bar: it would only leave blank lines behind.
        disable=not console.is_terminal,
    )


def render_table(result: MatchResult) -> Table:
    """The per-level figures of a match as a Rich table, one row per seat spec."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    measure = result.levels[0].measure
    settings = ", ".join(f"{key}={value}" for key, value in result.options.items())
    if result.think is not None:
        thinking = _("hard bots think {seconds} s").format(seconds=brief_number(result.think))
        settings = ", ".join(part for part in (settings, thinking) if part)
    # The seats and options are the user's words (bot import paths among them): Text, not markup.
    title = Text(_("{games}, seed {seed}").format(games=_games_of(result.game, result.games), seed=result.seed))
    if settings:
        title.append_text(literal(f", {settings}"))
    before, _seats, after = _("\nseats {seats}, rotated every game").partition("{seats}")
    title.append(before)
    title.append_text(literal(",".join(result.seats)))
    title.append(after)
    if result.levels[0].higher_is_better:
        caption = _("mean: {measure} (higher is better), with its 95% CI")
    else:
        caption = _("mean: {measure} (lower is better), with its 95% CI")
    caption = caption.format(measure=_(measure))  # the game's English word, kept so in --json
    if measure_for(result.game).is_rate:
        caption = _("{caption} (Wilson, over rounds)").format(caption=caption)
    table = Table(
        title=title,
        caption=_("{caption};\ngames and wins count seat-games; decision times in ms.").format(caption=caption),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    # TRANSLATORS: the headings of `cardtable simulate`'s table: the bot, its seat-games, wins, average
    # place, the mean of the game's measure, its 95% confidence interval, the average and longest decision times.
    table.add_column(_("level"), overflow="fold", min_width=8)
    for heading in (_("games"), _("wins"), _("place"), _("mean"), _("95% CI"), _("avg ms"), _("max ms")):
        table.add_column(heading, justify="right", no_wrap=True)
    for stats in result.levels:
        table.add_row(*(literal(cell) for cell in _row(stats)))
    return table


def rounds_played(noun: str, count: int) -> str:
    """The progress bar's sign of life: ``3 rounds played``, ``1 hand played`` (a game's
    rounds by their own name), in the reader's language.

    >>> rounds_played("hand", 1), rounds_played("round", 1234)
    ('1 hand played', '1,234 rounds played')
    """
    if noun == "hand":
        line = ngettext("{count} hand played", "{count} hands played", count)
    else:
        line = ngettext("{count} round played", "{count} rounds played", count)
    return line.format(count=number(count))


def _games_of(game: str, count: int) -> str:
    """``hearts: 100 games``, the head of the progress bar and the table."""
    return ngettext("{game}: {count} game", "{game}: {count} games", count).format(game=game, count=number(count))


def _row(stats: LevelStats) -> list[str]:
    if stats.ci_low is not None and stats.ci_high is not None:
        interval = f"{number(stats.ci_low, 3, grouped=False)}–{number(stats.ci_high, 3, grouped=False)}"
    else:
        interval = _("n/a")
    return [
        stats.level,
        number(stats.games, grouped=False),
        number(stats.wins, grouped=False),
        number(stats.average_place, 2, grouped=False),
        number(stats.mean, 3, grouped=False),
        interval,
        number(stats.average_decision_ms, 3, grouped=False),
        number(stats.max_decision_ms, 2, grouped=False),
    ]
