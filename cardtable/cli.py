"""The ``cardtable`` command line: a thin Typer app.

Each command's work lives in its own module under :mod:`cardtable.commands`; this file
only declares the commands and their arguments, and :func:`main` turns every error
into one line on stderr.

To add a command, declare it here with ``@app.command()`` and import its module inside
the function: a command pays only for what it runs, and ``cardtable --help`` for Typer
alone (``cardtable --version`` is answered in :mod:`cardtable.__main__` before this
module is loaded).  tests/test_imports.py checks what each command imports.

No game is named here: help texts say ``{games}``, ``{game_names}`` and the like, filled
in from the game registry when help is shown (see :func:`registry_words`).

>>> main(["--version"])
cardtable 0.1.0
0
"""

from __future__ import annotations

import copy
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from cardtable import __version__
from cardtable.commands.common import Refusal, all_of, complete_game, either_of, run_command
from cardtable.errors import InvalidOptionError
from cardtable.lang import N_, UnknownLanguageError, _, language_option, offered_languages, use_language
from cardtable.typer_compat import ClickException, NoSuchOption, UsageError, as_typed, convert_lightly

if TYPE_CHECKING:
    from cardtable.engine.state import Rules

__all__ = ["app", "main"]


def registry_words() -> dict[str, str]:
    """The words help texts take from the game registry, by placeholder.

    >>> words = registry_words()
    >>> words["games"], words["game_names"]
    ('President, Durak and Hearts', 'president, durak or hearts')
    """
    from cardtable.games import all_rules

    every = all_rules()

    def having(option: str) -> list[Rules]:
        # `--target` sets whichever option has "target" in its name, as `play` does.
        return [rules for rules in every if any(spec.name == option or option == "target" and option in spec.name
                                                for spec in rules.options)]

    first = every[0]
    kinds = ["human", "hard", "normal", "easy"]
    example_seats = ",".join((kinds * first.default_players)[: first.default_players])
    return {
        "games": all_of([_(rules.title) for rules in every]),
        "game_names": either_of([rules.name for rules in every]),
        "codes": ", ".join(offered_languages()),
        "example": f"{first.name} --seats {example_seats}",
        "host_example": f"{every[-1].name} --seats " + ",".join(["remote"] * (every[-1].default_players - 1) + ["hard"]),
        "example_bots": f"{first.name} --seats " + ",".join(["normal"] + ["easy"] * (first.default_players - 1)),
        "rounds_defaults": ", ".join(
            f"{_(rules.title)} {rules.table_options.get('rounds', rules.option_defaults['rounds'])}"
            for rules in having("rounds")
        ),
        "rounds_games": all_of([_(rules.title) for rules in having("rounds")]),
        "target_games": all_of([_(rules.title) for rules in having("target")]),
        "revolution_games": all_of([_(rules.title) for rules in having("revolution")]),
    }


def _fill(text: str | None, words: dict[str, str]) -> str | None:
    if text is None:
        return None
    for key, value in words.items():
        text = text.replace("{" + key + "}", value)
    return text


def _fill_help(command: Any, words: dict[str, str] | None = None) -> None:
    """Put a command's help, its parameters' and its sub-commands' in the current
    language, with the registry's words filled in.

    The help texts are marked in English (``N_``) where they are declared, when this
    module is imported; each is translated here, when help is shown, from the English
    kept beside it, so that a language chosen after the import is the one shown.
    """
    words = words if words is not None else registry_words()
    command.help = _fill(_translated(command, "help"), words)
    command.short_help = _fill(_translated(command, "short_help"), words)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _fill(_translated(param, "help"), words)
    for sub in getattr(command, "commands", {}).values():
        _fill_help(sub, words)


def _translated(holder: Any, attribute: str) -> str | None:
    """``holder``'s ``attribute`` (a help text) in the current language, from its English."""
    english = holder.__dict__.setdefault(f"_english_{attribute}", getattr(holder, attribute))
    return _(english) if english else english


class _OwnWords:
    """What the Click inside Typer words itself in plain English, said in the current
    language: the ``Usage:`` of help and the ``--help`` option's own help."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        # TRANSLATORS: the head of a command's help: "Usage: cardtable play [OPTIONS] GAME"; keep the space.
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _("Show this message and exit.")
        return option


class _Command(_OwnWords, TyperCommand):
    """A command whose ``--help`` shows its parameters as a person types them."""

    def get_params(self, ctx: Any) -> list[Any]:
        return convert_lightly(as_typed(super().get_params(ctx)))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except UsageError as exc:
            if exc.ctx is None:  # Click leaves "option requires an argument" without its command
                exc.ctx = ctx
            raise

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _fill_help(self)
        super().format_help(ctx, formatter)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        # `Usage: cardtable play [OPTIONS] GAME`, `resume [OPTIONS] [FILE]`: a required
        # argument as its name, an optional one in brackets (recent Typer writes `{GAME}`).
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                name = param.metavar or (param.name or "").upper()
                pieces.append(name if param.required else f"[{name}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class _JoinCommand(_Command):
    """``join``, whose code may begin with ``-`` (a code from an older host): the word
    after the address is the code whatever it begins with, as the host's line has it
    (``cardtable join HOST:PORT -64PY…``), and after ``--`` as on any command line."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        takes_value: set[str] = set()
        for param in self.get_params(ctx):
            if not isinstance(param, TyperArgument) and not getattr(param, "is_flag", False):
                takes_value.update([*param.opts, *param.secondary_opts])
        return super().parse_args(ctx, code_after_dashes(args, takes_value))


def code_after_dashes(args: list[str], takes_value: set[str]) -> list[str]:
    """``args`` with every argument after the first that begins with ``-`` moved behind
    ``--``, where nothing can take it for an option.

    ``takes_value``: the command's options that take a value (``--name``), whose value
    stays with them; ``--help`` and ``-h`` stay options wherever they are.

    >>> code_after_dashes(["127.0.0.1:1", "-6PY", "--name", "Ann"], {"--name"})
    ['127.0.0.1:1', '--name', 'Ann', '--', '-6PY']
    >>> code_after_dashes(["--name=-x", "127.0.0.1:1", "--", "-6PY"], {"--name"})
    ['--name=-x', '127.0.0.1:1', '--', '-6PY']
    """
    kept: list[str] = []
    moved: list[str] = []
    arguments = 0
    words = iter(args)
    for word in words:
        if word == "--":
            return [*kept, word, *moved, *words]
        if word in takes_value:
            kept.append(word)
            kept.extend(value for value in [next(words, None)] if value is not None)
        elif word in ("--help", "-h") or word.partition("=")[0] in takes_value:
            kept.append(word)
        elif word.startswith("-") and word != "-" and arguments:
            moved.append(word)
            arguments += 1
        else:
            kept.append(word)
            arguments += 1
    return [*kept, "--", *moved] if moved else kept


class _Group(_OwnWords, TyperGroup):
    """The root command: its flags, like every command's, show no type in ``--help``."""

    def get_params(self, ctx: Any) -> list[Any]:
        return convert_lightly(as_typed(super().get_params(ctx)))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _fill_help(self)
        super().format_help(ctx, formatter)


app = typer.Typer(
    name="cardtable",
    cls=_Group,
    help=N_("Play {games} in the terminal, against bots or friends."),
    add_completion=False,
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"cardtable {__version__}")
        raise typer.Exit()


# The GAME argument every command that takes a game shares.
GameArgument = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        help="{game_names}",
        autocompletion=complete_game,
        show_default=False,
    ),
]

# Display options shared by the root command (the start screen) and `play`.
AsciiOption = Annotated[
    bool, typer.Option("--ascii", help=N_("Plain ASCII: letters for suits (C D H S), no box-drawing lines."))
]
FourColourOption = Annotated[
    bool, typer.Option("--four-colour", help=N_("A four-colour deck: clubs green, diamonds blue."))
]
SpeedOption = Annotated[
    str | None,
    typer.Option("--speed", metavar="fast|normal|slow", help=N_("How fast bots play (default: the settings).")),
]
ThinkOption = Annotated[
    str | None,
    typer.Option(
        "--think", metavar="SECONDS",
        help=N_("Seconds a hard bot thinks a move: 0.5, 1, 2 or 5 (default: the settings, else 0.5)."),
    ),
]
SimulateThinkOption = Annotated[
    str | None,
    typer.Option(
        "--think", metavar="SECONDS",
        help=N_("Seconds a hard bot thinks a move: 0.5, 1, 2 or 5 (default 0.5; the settings are not read, so runs compare)."),
    ),
]

# The table options shared by `play` and `host` (help placeholders filled from the registry).
DealSeedOption = Annotated[
    int | None, typer.Option("--seed", metavar="N", min=0, help=N_("Seed for the deal (default: random)."))
]
RoundsOption = Annotated[
    int | None, typer.Option("--rounds", metavar="N", help=N_("Rounds in the series (default: {rounds_defaults})."))
]
TargetOption = Annotated[
    int | None, typer.Option("--target", metavar="POINTS", help=N_("Score that ends the game ({target_games})."))
]
NoRevolutionOption = Annotated[bool, typer.Option("--no-revolution", help=N_("{revolution_games} without revolutions."))]
SaveOption = Annotated[
    str | None,
    typer.Option("--save", metavar="FILE", help=N_("Save the game to FILE after every move (default: the autosave).")),
]


@app.callback(invoke_without_command=True, help=N_("Play {games} in the terminal, against bots or friends."))
def cardtable_root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            callback=_print_version,
            is_eager=True,
            help=N_("Show the version and exit."),
        ),
    ] = False,
    ascii_only: AsciiOption = False,
    four_colour: FourColourOption = False,
    speed: SpeedOption = None,
    language: Annotated[
        str | None,
        typer.Option(
            "--lang", metavar="CODE",
            help=N_("The language: {codes} (default: the settings, else the environment). Given to any command."),
        ),
    ] = None,
) -> None:
    # `--lang` is taken out of the arguments, wherever it is, before Typer reads them
    # (main, cardtable.__main__); it is declared here for the help.
    del language
    if ctx.invoked_subcommand is None:
        from cardtable.commands.play import launch

        launch(ascii_only=ascii_only, four_colour=four_colour, speed=speed)
    else:
        ctx.obj = {"ascii_only": ascii_only, "four_colour": four_colour, "speed": speed}


@app.command("rules", cls=_Command, help=N_("Show the rules of a game."))
def rules_command(
    game: GameArgument,
    raw: Annotated[
        bool, typer.Option("--raw", help=N_("Print the Markdown source instead of rendering it."))
    ] = False,
) -> None:
    from cardtable.commands.rules import show_rules

    show_rules(game, raw=raw)


@app.command("play", cls=_Command, help=N_("Start a game straight away, e.g. play {example}."))
def play_command(
    ctx: typer.Context,
    game: GameArgument,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            metavar="KINDS",
            help=N_("Comma-separated seat kinds: human, easy, normal, hard; name a seat with "
            "kind:Name, e.g. human:Ann,human:Ben,hard,hard (default: you and normal bots)."),
        ),
    ] = None,
    names: Annotated[
        str | None, typer.Option("--names", metavar="NAMES", help=N_("Comma-separated seat names."))
    ] = None,
    seed: DealSeedOption = None,
    rounds: RoundsOption = None,
    target: TargetOption = None,
    no_revolution: NoRevolutionOption = False,
    ascii_only: AsciiOption = False,
    four_colour: FourColourOption = False,
    speed: SpeedOption = None,
    save: SaveOption = None,
    think: ThinkOption = None,
) -> None:
    from cardtable.commands.play import play

    shared = ctx.obj or {}
    play(
        game,
        seats=seats,
        names=names,
        seed=seed,
        rounds=rounds,
        target=target,
        revolution=False if no_revolution else None,
        ascii_only=ascii_only or shared.get("ascii_only", False),
        four_colour=four_colour or shared.get("four_colour", False),
        speed=speed or shared.get("speed"),
        save=save,
        think=think,
    )


@app.command("host", cls=_Command,
    help=N_("Host a game for players on other terminals, e.g. host {host_example}."),
)
def host_command(
    game: GameArgument,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            metavar="KINDS",
            help=N_("Comma-separated seats: remote (a player on another terminal, remote:Name to name it), "
            "easy, normal, hard, e.g. remote,remote:Cleo,hard."),
        ),
    ] = None,
    listen: Annotated[
        str | None,
        typer.Option("--listen", metavar="ADDRESS[:PORT]",
                     help=N_("Where to listen (default 127.0.0.1:8765: this computer only); 0.0.0.0 opens it to your network.")),
    ] = None,
    seed: DealSeedOption = None,
    rounds: RoundsOption = None,
    target: TargetOption = None,
    no_revolution: NoRevolutionOption = False,
    speed: SpeedOption = None,
    save: SaveOption = None,
    bot_after: Annotated[
        float | None,
        typer.Option("--bot-after", metavar="SECONDS", min=0,
                     help=N_("A remote seat left empty this long is played by a bot until its player joins.")),
    ] = None,
    bot_level: Annotated[
        str, typer.Option("--bot-level", metavar="easy|normal|hard", help=N_("The bot of --bot-after and --turn-time."))
    ] = "normal",
    turn_time: Annotated[
        float | None,
        typer.Option("--turn-time", metavar="SECONDS",
                     help=N_("A remote player who takes longer over a move (5 to 3600 seconds) has a bot make it "
                     "(off by default).")),
    ] = None,
) -> int:
    from cardtable.commands.host import host

    return host(
        game, seats=seats, seed=seed, rounds=rounds, target=target,
        revolution=False if no_revolution else None, listen=listen, speed=speed, save=save,
        bot_after=bot_after, bot_level=bot_level, turn_time=turn_time,
    )


@app.command("join", cls=_JoinCommand,
    help=N_("Sit at a table hosted elsewhere: cardtable join HOST:PORT CODE (the line the host sent you)."),
)
def join_command(
    ctx: typer.Context,
    address: Annotated[
        str, typer.Argument(metavar="HOST:PORT", help=N_("The host's address, from the join line."), show_default=False)
    ],
    code: Annotated[str, typer.Argument(metavar="CODE", help=N_("Your seat's secret code, from the join line."),
                                        show_default=False)],
    name: Annotated[
        str | None, typer.Option("--name", metavar="NAME", help=N_("The name to show at the table (the host may keep its own)."))
    ] = None,
) -> int:
    from cardtable.commands.join import join

    shared = ctx.obj or {}
    return join(address, code, name or "", ascii_only=shared.get("ascii_only", False),
                four_colour=shared.get("four_colour", False))


@app.command("serve", cls=_Command,
    help=N_("Play in a web browser: serves cardtable on http://127.0.0.1:PORT, one cardtable per tab."),
)
def serve_command(
    port: Annotated[
        int, typer.Option("--port", metavar="N", min=1, max=65535, help=N_("The port of the page (default 8000)."))
    ] = 8000,
    max_sessions: Annotated[
        int, typer.Option("--max-sessions", metavar="N", min=1,
                          help=N_("The most tabs (cardtable processes) running at once (default 4)."))
    ] = 4,
) -> int:
    from cardtable.commands.serve import serve

    return serve(port, max_sessions)


@app.command("resume", cls=_Command,
    help=N_("Continue the newest unfinished game, or one by id (see --list) or save file."),
)
def resume_command(
    ctx: typer.Context,
    target: Annotated[
        str | None,
        typer.Argument(
            metavar="ID|FILE",
            help=N_("A game's id from --list, or a save file (default: the newest unfinished game)."),
            show_default=False,
        ),
    ] = None,
    list_only: Annotated[
        bool, typer.Option("--list", help=N_("List the unfinished games, newest first, with their ids."))
    ] = False,
    delete: Annotated[
        str | None, typer.Option("--delete", metavar="ID", help=N_("Delete the unfinished game with this id."))
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", metavar="SEAT=BOT",
                     help=N_("The bot of seat SEAT (1 = first): easy, normal, hard, or your own, path/to/file.py:Class "
                     "or module:Class. A save never starts a bot of your own: its seat needs one named here.")),
    ] = None,
    listen: Annotated[
        str | None,
        typer.Option("--listen", metavar="ADDRESS[:PORT]",
                     help=N_("A hosted game: where to listen (default 127.0.0.1:8765, this computer only, "
                     "whatever the save says); 0.0.0.0 opens it to your network.")),
    ] = None,
) -> int:
    from cardtable.commands import play

    if list_only or delete is not None:
        if target is not None or (list_only and delete is not None):
            raise InvalidOptionError(_("give either --list, --delete ID or a game to resume, not several"))
        if bot or listen is not None:
            raise InvalidOptionError(_("--bot and --listen go with a game to resume, not with --list or --delete"))
        return play.list_games() if list_only else play.delete_saved(delete or "")
    bots = play.parse_seat_bots(bot or ())
    shared = ctx.obj or {}
    from cardtable.commands.host import resume_hosted

    if resume_hosted(target, speed=shared.get("speed"), bots=bots, listen=listen):
        return 0  # a game hosted for players elsewhere is hosted again, with new codes
    play.resume(target, ascii_only=shared.get("ascii_only", False), four_colour=shared.get("four_colour", False),
                speed=shared.get("speed"), bots=bots)
    return 0


@app.command("replay", cls=_Command, help=N_("Step through a game's moves on the table (arrow keys or buttons)."))
def replay_command(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(metavar="FILE", help=N_("A game record or save file."), show_default=False)],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", metavar="N",
            help=N_("See the game as seat N (1 = first) saw it; default: as its one person saw it, else as a spectator."),
        ),
    ] = None,
) -> None:
    from cardtable.commands.play import replay

    shared = ctx.obj or {}
    replay(file, seat=seat, ascii_only=shared.get("ascii_only", False), four_colour=shared.get("four_colour", False))


@app.command("review", cls=_Command,
    help=N_("What each of your moves in a finished game cost, and what the hard bot would have played."),
)
def review_command(
    ctx: typer.Context,
    record: Annotated[
        str | None,
        typer.Argument(metavar="RECORD", help=N_("A finished game's record (default: the newest)."), show_default=False),
    ] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", metavar="N", help=N_("Review seat N (1 = first); default: your seat."))
    ] = None,
    rounds: Annotated[
        list[int] | None,
        typer.Option("--round", metavar="N", min=1, help=N_("Review only round (or hand) N; repeat for several.")),
    ] = None,
    think: ThinkOption = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("One JSON object per decision, for other tools."))] = False,
    iterations: Annotated[
        int | None,
        typer.Option("--iterations", metavar="N",
                     help=N_("A fixed search per decision (reproducible), not --think: 1 to 100000.")),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="N", min=0, help=N_("The review's seed (default 0)."))] = 0,
) -> None:
    from cardtable.commands.review import review

    shared = ctx.obj or {}
    review(record, seat=seat, think=think, as_json=as_json, iterations=iterations, seed=seed,
           ascii_only=shared.get("ascii_only", False), rounds=rounds)


@app.command("simulate", cls=_Command,
    help=N_("Pit bots against each other, e.g. simulate {example_bots} --games 500."),
)
def simulate_command(
    game: GameArgument,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            metavar="BOTS",
            help=N_("One bot per player, comma-separated: random, easy, normal, hard, "
            "or an import path module:Class or path/to/file.py:Class."),
        ),
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", metavar="BOT", help=N_("One seat's bot; repeat once per player (instead of --seats).")),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help=N_("How many games to play."))] = 100,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help=N_("Seed of the whole match."))] = 0,
    rounds: Annotated[
        int | None, typer.Option("--rounds", metavar="N", help=N_("Rounds per game ({rounds_games})."))
    ] = None,
    target: Annotated[
        int | None, typer.Option("--target", metavar="POINTS", help=N_("Score that ends a game ({target_games})."))
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help=N_("Any game option, e.g. revolution=false.")),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", metavar="N", help=N_("Processes to spread the games over."))] = 1,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the figures as JSON, without a progress bar."))] = False,
    think: SimulateThinkOption = None,
    bot_timeout: Annotated[
        float,
        typer.Option("--bot-timeout", metavar="SECONDS",
                     help=N_("The most a bot of your own may take to start or to make one move; "
                     "a slower one stops the run, naming it.")),
    ] = 10.0,
) -> None:
    from cardtable.commands.simulate import simulate

    simulate(
        game,
        seats=seats,
        seat=seat or (),
        games=games,
        seed=seed,
        rounds=rounds,
        target=target,
        options=option or (),
        jobs=jobs,
        as_json=as_json,
        think=think,
        bot_timeout=bot_timeout,
    )


@app.command("stats", cls=_Command, help=N_("Show the statistics of finished games: wins, places, scores, titles."))
def stats_command(
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", metavar="GAME", help=N_("Only this game: {game_names}."),
                     autocompletion=complete_game),
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", "-p", metavar="NAME", help=N_("Only this player name."))
    ] = None,
    kind: Annotated[
        str, typer.Option("--kind", metavar="all|human|bots|easy|normal|hard", help=N_("Only people, only bots, or one bot level."))
    ] = "all",
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the figures as JSON."))] = False,
) -> None:
    from cardtable.commands.stats import show_stats

    show_stats(game=game, player=player, kind=kind, as_json=as_json)


@app.command("export", cls=_Command, help=N_("Export a saved game as a game record, to replay or to share."))
def export_command(
    savefile: Annotated[str, typer.Argument(metavar="SAVEFILE", help=N_("A save file (e.g. from play --save)."), show_default=False)],
    recordfile: Annotated[str, typer.Argument(metavar="RECORDFILE", help=N_("Where to write the game record."), show_default=False)],
    force: Annotated[bool, typer.Option("--force", help=N_("Replace RECORDFILE if it exists."))] = False,
) -> None:
    from cardtable.commands.records import export

    export(savefile, recordfile, force=force)


def near_names(given: str, names: Sequence[str]) -> list[str]:
    """Those of ``names`` spelt close to ``given`` (a misspelling, a letter left out),
    the options a player most likely meant; none for a name that is nothing like them.

    >>> near_names("--round", ["--rounds", "--seed"]), near_names("--bogus", ["--rounds"])
    (['--rounds'], [])
    """
    import difflib

    bare = given.lstrip("-").lower()
    return [name for name in names if difflib.SequenceMatcher(None, bare, name.lstrip("-").lower()).ratio() >= 0.75]


def _usage_message(exc: UsageError) -> str:
    if isinstance(exc, NoSuchOption):
        near = near_names(exc.option_name, exc.possibilities or [])
        if near:
            message = _("no such option: {option}; did you mean {options}?").format(
                option=exc.option_name, options=either_of(near))
        else:
            message = _("no such option: {option}").format(option=exc.option_name)
    else:
        message = exc.format_message().rstrip(".")
        message = click_words(message[:1].lower() + message[1:])
    command = exc.ctx.command_path if exc.ctx is not None else "cardtable"
    # TRANSLATORS: {message} is an error of the command line; {command} the command typed, e.g. "cardtable play".
    return _("{message} (see '{command} --help')").format(message=message, command=command)


# The errors the Click inside Typer words in plain English (no catalogue lookup), as it
# words them, and the same in the current language.  Anything else it says stays as it is.
_CLICK_ERRORS = (
    (re.compile(r"missing argument ('[^']*')"), N_("missing argument {name}")),
    (re.compile(r"missing option ('[^']*')"), N_("missing option {name}")),
    (re.compile(r"option ('[^']*') requires an argument"), N_("option {name} requires an argument")),
    (re.compile(r"got unexpected extra argument\(s\) \((.*)\)"), N_("got unexpected extra argument(s) ({name})")),
    (re.compile(r"invalid value for ('[^']*'): (.*)"), N_("invalid value for {name}: {reason}")),
)
# What the conversion of a value (Pydantic, in recent Typer) says is wrong with it.
_VALUE_PROBLEMS = (
    (re.compile(r"Input should be a valid integer, unable to parse string as an integer"),
     N_("Input should be a valid integer, unable to parse string as an integer")),
    (re.compile(r"Input should be a valid number, unable to parse string as a number"),
     N_("Input should be a valid number, unable to parse string as a number")),
    (re.compile(r"Input should be greater than or equal to (\S+)"), N_("Input should be greater than or equal to {name}")),
    (re.compile(r"Input should be less than or equal to (\S+)"), N_("Input should be less than or equal to {name}")),
    (re.compile(r"Input should be greater than (\S+)"), N_("Input should be greater than {name}")),
)


def click_words(message: str) -> str:
    """A command-line error as the Click inside Typer words it (first letter lower case,
    no full stop), in the current language where cardtable knows its words.

    >>> click_words("missing argument 'GAME'"), click_words("invalid value for '-n': Input should be greater than 0")
    ("missing argument 'GAME'", "invalid value for '-n': Input should be greater than 0")
    >>> click_words("something Click says")
    'something Click says'
    """
    for pattern, wording in _CLICK_ERRORS:
        found = pattern.fullmatch(message)
        if found is not None:
            name = found.group(1)
            reason = found.group(2) if pattern.groups > 1 else ""
            for problem, problem_wording in _VALUE_PROBLEMS:
                said = problem.fullmatch(reason)
                if said is not None:
                    reason = _(problem_wording).format(name=said.group(1) if problem.groups else "")
                    break
            return _(wording).format(name=name, reason=reason)
    return message


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit code (the console script's entry point).

    Errors never show a traceback (:func:`~cardtable.commands.common.run_command`): bad
    input (unknown command, option or game, a bad value, a failing user bot) prints one
    line on stderr and returns 2; Ctrl-C returns 130.  A crash (a bug in cardtable, in
    the app or here) writes its traceback to a crash log, prints one line saying where,
    and returns 1.
    """
    if os.environ.get("_CARDTABLE_COMPLETE"):
        # Shell completion (README.md): Typer knows the shells only once told to.
        from typer.completion import completion_init

        completion_init()
    return run_command(lambda: _run_typer(argv))


#: The root's options that take a value (the others are flags): what follows one is no command.
ROOT_VALUE_OPTIONS = frozenset({"--speed", "--lang"})


def app_for(args: Sequence[str]) -> typer.Typer:
    """The app with only the command that ``args`` run, or the whole app when they name
    none (help, an unknown command, shell completion: those list every command).

    Typer builds every command's parameters from its function's signature each time it
    starts, a tenth of the time to a game's first frame; a command needs only its own.

    >>> [info.name for info in app_for(["--ascii", "play", "hearts"]).registered_commands]
    ['play']
    >>> len(app_for(["--speed", "play"]).registered_commands) == len(app.registered_commands)
    True
    """
    words = iter(args)
    for word in words:
        if word in ROOT_VALUE_OPTIONS:
            next(words, None)
        elif not word.startswith("-"):
            chosen = [info for info in app.registered_commands if info.name == word]
            if not chosen or os.environ.get("_CARDTABLE_COMPLETE"):
                break
            narrowed = copy.copy(app)
            narrowed.registered_commands = chosen
            return narrowed
    return app


def _run_typer(argv: Sequence[str] | None) -> int | None:
    args = list(argv) if argv is not None else sys.argv[1:]
    # `cardtable` chose the language before loading this module (cardtable.__main__); a
    # `--lang` given here, anywhere, is used from now on.
    try:
        language, args = language_option(args)
    except UnknownLanguageError as exc:
        raise Refusal(str(exc), 2) from None
    if language is not None:
        use_language(language)
    try:
        result = app_for(args)(args=args, prog_name="cardtable", standalone_mode=False)
    except UsageError as exc:
        raise Refusal(_usage_message(exc), 2) from None
    except ClickException as exc:
        raise Refusal(exc.format_message(), exc.exit_code) from None
    except typer.Abort:
        raise KeyboardInterrupt from None
    if result == 130:
        # Typer turns Ctrl-C into an exit code of 130 before we can see it.
        raise KeyboardInterrupt
    return result if isinstance(result, int) and not isinstance(result, bool) else None


if __name__ == "__main__":
    sys.exit(main())
