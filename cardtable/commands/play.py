"""``cardtable play`` and the bare ``cardtable``: open the Textual table.

The command checks every argument before Textual starts, so a bad one is a single
line on stderr (raised as :class:`InvalidOptionError`; ``cli.main`` prints it).

>>> config = build_config("president", "human,hard,normal,easy", seed=5, rounds=3)
>>> [seat.kind for seat in config.seats], dict(config.options)
(['human', 'hard', 'normal', 'easy'], {'rounds': 3, 'revolution': True})
>>> build_config("hearts", "human,normal", seed=1)
Traceback (most recent call last):
...
cardtable.errors.InvalidOptionError: Hearts is for exactly 4 players, not 2
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.commands.common import all_of, known_game, recover_quietly, think_seconds, warn
from cardtable.errors import InvalidOptionError, SaveFileError, quoted
from cardtable.games import get_rules
from cardtable.lang import _, ngettext
from cardtable.tui.config import PACES, SEAT_KINDS, TableConfig

if TYPE_CHECKING:
    from cardtable.userdata.meta import SeatInfo

SAVE_ID_LIKE = re.compile(r"[0-9a-fA-F]{1,8}")

__all__ = [
    "build_config", "play", "launch", "resume", "list_games", "delete_saved", "replay", "run_app",
    "parse_seat_bots", "take_seat_bots", "play_arguments",
]

#: ``--bot SEAT=BOT``: the seat number as a person counts (from 1) and the bot
SEAT_BOT = re.compile(r"\s*([0-9]{1,4})\s*=\s*(\S.*?)\s*")

def _split(text: str | None) -> list[str]:
    return [part.strip() for part in text.split(",")] if text else []


def build_config(
    game: str,
    seats: str | None = None,
    names: str | None = None,
    seed: int | None = None,
    rounds: int | None = None,
    target: int | None = None,
    revolution: bool | None = None,
) -> TableConfig:
    """The table for ``cardtable play``; raises a one-line error for a bad argument."""
    name = known_game(game)
    rules = get_rules(name)
    pairs = [_seat_entry(entry) for entry in _split(seats)]
    kinds = [kind for kind, _ in pairs]
    seat_names: list[str] = []
    if any(seat_name for _kind, seat_name in pairs):
        if names:
            raise InvalidOptionError(_("give names either in --seats (human:Ann) or with --names, not both"))
        seat_names = [seat_name for _kind, seat_name in pairs]
    from cardtable.userdata.settings import load_settings

    settings, _warnings = load_settings()  # warnings are the app's to show
    if not kinds:
        count = rules.default_players
        kinds = ["human"] + [settings.default_bot_level] * (count - 1)
    if any(not kind for kind in kinds):
        raise InvalidOptionError(_("--seats has an empty entry; write e.g. {example}").format(example="human,hard,normal,easy"))
    options: dict[str, Any] = {}
    for option, value in (("rounds", rounds), ("target", target), ("revolution", revolution)):
        if value is None:
            continue
        if option == "target":
            option = next((spec.name for spec in rules.options if "target" in spec.name), "target")
        if option not in {spec.name for spec in rules.options}:
            flag = {"rounds": "--rounds", "target": "--target", "revolution": "--no-revolution"}[
                "target" if "target" in option else option
            ]
            raise InvalidOptionError(_("{option} does not apply to {game}").format(option=flag, game=_(rules.title)))
        options[option] = value
    return TableConfig.build(
        name, kinds, seat_names or _split(names), seed=seed, options=options,
        default_human=settings.default_player_name,
    )


def run_app(app: Any) -> None:
    """Run the Textual app; if it crashed, raise :class:`~cardtable.userdata.crashlog.CrashError`.

    The app has written the traceback to a crash log (see
    :meth:`CardtableApp._handle_exception`); the error's one line says where, and
    ``cli.main`` prints it and exits with status 1.
    """
    from cardtable.userdata.crashlog import CrashError, crash_line

    app.run()
    if app.crash_error is not None:
        raise CrashError(crash_line(app.crash_error, app.crash_log))
    if app.return_code:
        raise CrashError(_("cardtable stopped with return code {code}").format(code=app.return_code))


def _seat_entry(entry: str) -> tuple[str, str]:
    """Split one ``--seats`` entry into its kind and name.

    ``kind:Name`` names a seat when ``kind`` is a seat kind; any other entry with a
    colon is the import path of a user's bot (``my_bot.py:Clever``), without a name.

    >>> _seat_entry("human:Ann"), _seat_entry("examples/my_bot.py:LowestCardBot")
    (('human', 'Ann'), ('examples/my_bot.py:LowestCardBot', ''))
    """
    head, colon, tail = entry.partition(":")
    if colon and head.strip().lower() in SEAT_KINDS:
        return head.strip(), tail.strip()
    return entry.strip(), ""


def _check_user_bots(config: TableConfig) -> None:
    """Load and start every user bot once, so that one that cannot is a line, not a table."""
    from cardtable.bots import is_import_path, seat_bot_factory

    for seat in config.seats:
        if is_import_path(seat.kind):
            seat_bot_factory(config.game, seat.kind)(0)


def _check_pace(speed: str) -> str:
    key = speed.strip().lower()
    if key not in PACES:
        raise InvalidOptionError(
            _("unknown speed {given}; choose one of {choices}").format(given=repr(speed), choices=", ".join(PACES))
        )
    return key


def play(
    game: str,
    seats: str | None = None,
    names: str | None = None,
    seed: int | None = None,
    rounds: int | None = None,
    target: int | None = None,
    revolution: bool | None = None,
    ascii_only: bool = False,
    four_colour: bool = False,
    speed: str | None = None,
    save: str | None = None,
    think: str | None = None,
) -> None:
    """Check the arguments, then run the app straight into the game.

    ``seats`` may name human seats: ``human:Ann,human:Ben,hard,hard``.  The game is
    saved after every action to ``save`` (default: the autosave).  Display flags left
    off take the values of the settings file; so does ``think``, the hard bots' (and
    the hint's) seconds a decision.
    """
    config = build_config(game, seats, names, seed, rounds, target, revolution)
    _check_user_bots(config)
    pace = _check_pace(speed) if speed is not None else None
    seconds = think_seconds(think) if think is not None else None
    target_file = _check_save_target(save) if save is not None else None
    from cardtable.tui.app import CardtableApp

    run_app(
        CardtableApp(
            config,
            ascii_only=True if ascii_only else None,
            four_colour=True if four_colour else None,
            pace=pace,
            save_path=target_file,
            think=seconds,
        )
    )


#: ``cardtable play``'s options (``cli.play_command``) as :func:`play_arguments` reads them:
#: those that take a value, by the parameter they set, and the flags.
PLAY_VALUE_OPTIONS = {"--seats": "seats", "--names": "names", "--seed": "seed", "--rounds": "rounds",
                      "--target": "target", "--speed": "speed", "--save": "save", "--think": "think"}
PLAY_FLAGS = {"--no-revolution": "no_revolution", "--ascii": "ascii_only", "--four-colour": "four_colour"}
#: The root's options ``cardtable [OPTIONS] play`` may take (``cli.cardtable_root``), ``--lang`` taken out.
ROOT_VALUE_OPTIONS = {"--speed": "speed"}
ROOT_FLAGS = {"--ascii": "ascii_only", "--four-colour": "four_colour"}
# A whole number as the command line's conversion takes it, written plainly: anything
# else (a sign, spaces, leading zeros, a huge number) is left to the command line.
_PLAIN_WHOLE = re.compile(r"0|[1-9][0-9]{0,17}")
_WHOLE_NUMBERS = frozenset({"seed", "rounds", "target"})


def play_arguments(args: Sequence[str]) -> dict[str, Any] | None:
    """:func:`play`'s arguments for the command line ``args`` when it is a plain
    ``[--ascii] [--four-colour] [--speed S] play GAME [OPTIONS]``, each option given once
    (``--name value`` or ``--name=value``), every value a plain one; ``None`` for anything
    else (help, a mistake, an option given twice or with a value that begins with ``-``).

    This is how ``cardtable play`` opens a game without loading Typer, a tenth of the
    time to its first frame (:mod:`cardtable.__main__`); the command line (``cli.py``)
    handles every other case, with its errors and help.  The arguments are those the
    command line gives (``tests/test_cli.py`` compares them).

    >>> play_arguments(["--ascii", "play", "hearts", "--seed=5", "--seats", "human,hard,hard,hard"])["seed"]
    5
    >>> play_arguments(["play", "hearts", "--seed", "-5"]) is None, play_arguments(["play", "--help"]) is None
    (True, True)
    """
    words = iter(args)
    root: dict[str, Any] = {}
    for word in words:
        if word == "play":
            break
        if word in ROOT_FLAGS and ROOT_FLAGS[word] not in root:
            root[ROOT_FLAGS[word]] = True
        elif word in ROOT_VALUE_OPTIONS and ROOT_VALUE_OPTIONS[word] not in root:
            value = next(words, "-")
            if value.startswith("-"):
                return None
            root[ROOT_VALUE_OPTIONS[word]] = value
        else:
            return None
    else:
        return None
    given: dict[str, Any] = {}
    game: str | None = None
    setting: Any
    for word in words:
        if not word.startswith("-"):
            if game is not None:
                return None
            game = word
            continue
        option, equals, value = word.partition("=")
        if option in PLAY_FLAGS and not equals:
            key, setting = PLAY_FLAGS[option], True
        elif option in PLAY_VALUE_OPTIONS:
            key = PLAY_VALUE_OPTIONS[option]
            if not equals:
                value = next(words, "-")
            if value.startswith("-"):
                return None
            if key in _WHOLE_NUMBERS:
                if not _PLAIN_WHOLE.fullmatch(value):
                    return None
                setting = int(value)
            else:
                setting = value
        else:
            return None
        if key in given:
            return None
        given[key] = setting
    if game is None:
        return None
    return {
        "game": game,
        "seats": given.get("seats"),
        "names": given.get("names"),
        "seed": given.get("seed"),
        "rounds": given.get("rounds"),
        "target": given.get("target"),
        "revolution": False if given.get("no_revolution") else None,
        "ascii_only": given.get("ascii_only", False) or root.get("ascii_only", False),
        "four_colour": given.get("four_colour", False) or root.get("four_colour", False),
        "speed": given.get("speed") or root.get("speed"),
        "save": given.get("save"),
        "think": given.get("think"),
    }


def _check_save_target(save: str) -> Path:
    """The ``--save`` file of a new game: a new file, never one that is there already.

    An existing file cannot be a save of this game (the game is only starting), so
    writing there would replace something of the player's: it is refused.
    """
    path = Path(save).expanduser()
    if path.is_dir():
        raise InvalidOptionError(_("--save {file}: that is a directory; name a file").format(file=save))
    if path.exists() or path.is_symlink():
        raise InvalidOptionError(
            _("--save {file}: the file exists and is not a save of this game; "
              "choose a new name (to carry on with a saved game: cardtable resume {file})").format(file=save)
        )
    return path


def launch(ascii_only: bool = False, four_colour: bool = False, speed: str | None = None) -> None:
    """Run the app on its start screen."""
    pace = _check_pace(speed) if speed is not None else None
    from cardtable.tui.app import CardtableApp

    run_app(
        CardtableApp(
            ascii_only=True if ascii_only else None, four_colour=True if four_colour else None, pace=pace
        )
    )


def resume(
    target: str | None = None, ascii_only: bool = False, four_colour: bool = False, speed: str | None = None,
    bots: Mapping[int, str] | None = None,
) -> None:
    """Continue the newest unfinished game, the one with id ``target`` (see
    :func:`list_games`), or the one saved in the file ``target``.

    ``bots`` (``--bot``, from :func:`parse_seat_bots`) gives seats their bot by index;
    a seat that a user bot played must be given one (see :func:`take_seat_bots`).

    Refusals raise :class:`SaveFileError` (one line, which ``cli.main`` prints with exit
    status 2): no such game, a file that cannot be loaded (a damaged save in the data
    folder has been renamed aside; any other file is left as it is), a game that is
    over, a game open in another cardtable, or a user bot's seat with no ``--bot``.
    The game stays locked while it is open.
    """
    from cardtable.userdata.slots import GameSlot

    pace = _check_pace(speed) if speed is not None else None
    recover_quietly()
    path = _resolve(target)
    slot, state = GameSlot.open(path)
    try:
        from cardtable.tui.app import CardtableApp
        from cardtable.tui.config import SeatConfig, config_for_state

        config = config_for_state(state)
        people = {seat for seat, chair in enumerate(config.seats) if chair.is_human}
        given = take_seat_bots(state, bots or {}, target or slot.save_id, people)
        if given:
            chairs = tuple(SeatConfig(given.get(seat, chair.kind), chair.name) for seat, chair in enumerate(config.seats))
            config = config._replace(seats=chairs)
        app = CardtableApp(
            config,
            ascii_only=True if ascii_only else None,
            four_colour=True if four_colour else None,
            pace=pace,
            state=state,
            slot=slot,
        )
        run_app(app)
    finally:
        slot.close()


def parse_seat_bots(entries: Sequence[str]) -> dict[int, str]:
    """``resume``'s ``--bot SEAT=BOT`` options as ``{seat index (from 0): bot}``.

    >>> parse_seat_bots(["2=normal", " 3 = my_bot.py:Clever"])
    {1: 'normal', 2: 'my_bot.py:Clever'}
    >>> parse_seat_bots(["2=easy", "2=hard"])
    Traceback (most recent call last):
    ...
    cardtable.errors.InvalidOptionError: --bot: seat 2 is given twice
    """
    bots: dict[int, str] = {}
    for entry in entries:
        found = SEAT_BOT.fullmatch(entry)
        if found is None:
            raise InvalidOptionError(
                _("--bot needs SEAT=BOT (e.g. --bot 2=normal or --bot 2=my_bot.py:Clever), not {given}").format(
                    given=quoted(entry))
            )
        number = int(found.group(1))
        if number < 1:
            raise InvalidOptionError(_("--bot: there is no seat 0; seats are numbered from 1"))
        if number - 1 in bots:
            raise InvalidOptionError(_("--bot: seat {seat} is given twice").format(seat=number))
        bots[number - 1] = found.group(2)
    return bots


def take_seat_bots(
    state: Any, bots: Mapping[int, str], target: str, people: set[int]
) -> dict[int, str]:
    """Give a saved game's bot seats the bots of the command line (``--bot``), in its
    ``meta``; return them, checked (levels in lower case).

    A save is data: a seat it says a user bot played (``path.py:Class``,
    ``module:Class``) is never started from what the file says.  Unless ``bots``
    names a bot for it, this refuses (:class:`SaveFileError`, one line) with the exact
    option that resumes it (``target``: the game as ``resume`` is given it).  A bot
    named here is loaded and started once, so a bad one is a line, not a table.
    ``people`` are the seats of persons (here or elsewhere), which take no bot.
    """
    from cardtable.bots import LEVELS, bot_name, is_import_path, seat_bot_factory
    from cardtable.userdata.meta import seats_of, set_seats

    seats = seats_of(state)
    checked: dict[int, str] = {}
    for seat, spec in sorted(bots.items()):
        if seat >= len(seats):
            raise InvalidOptionError(
                _("--bot {seat}=...: this game has seats 1 to {last}").format(seat=seat + 1, last=len(seats))
            )
        if seat in people:
            raise InvalidOptionError(
                _("--bot {seat}=...: seat {seat} ({name}) is a person's; --bot gives a bot's seat its bot").format(
                    seat=seat + 1, name=seats[seat].name)
            )
        if is_import_path(spec):
            seat_bot_factory(state.rules.name, spec)(0)  # the player named it: load it, start it once
        elif spec.lower() not in LEVELS:
            raise InvalidOptionError(
                _("--bot {seat}=...: unknown bot level {given}; choose one of {levels}, "
                  "or give your bot as path/to/file.py:Class or module:Class").format(
                    seat=seat + 1, given=quoted(spec), levels=", ".join(LEVELS))
            )
        checked[seat] = spec if is_import_path(spec) else spec.lower()
    missing = [
        (seat, info) for seat, info in enumerate(seats)
        if seat not in people and seat not in checked and is_import_path(info.kind)
    ]
    if missing:
        numbers = [f"{seat + 1} ({info.name})" for seat, info in missing]
        options = " ".join(f"--bot {seat + 1}={_shell_word(info.kind, 'BOT')}" for seat, info in missing)
        raise SaveFileError(
            ngettext("seat {seats} played your own bot {bots}, and a save never starts one; to resume, name it again: "
                     "{command} (or a built-in bot: {example})",
                     "seats {seats} played your own bots {bots}, and a save never starts one; to resume, name them "
                     "again: {command} (or a built-in bot: {example})", len(missing)).format(
                seats=all_of(numbers), bots=all_of([bot_name(info.kind) for _seat, info in missing]),
                command=f"cardtable resume {_shell_word(target, 'FILE')} {options}",
                example=f"--bot {missing[0][0] + 1}=normal")
        )
    if checked:
        set_seats(state, [(info.name, checked.get(seat, info.kind)) for seat, info in enumerate(seats)])
    return checked


def _shell_word(text: str, placeholder: str) -> str:
    """``text`` as a shell command takes it; a long one (from a file) as ``placeholder``."""
    return shlex.quote(text) if len(text) <= 200 else placeholder


def _resolve(target: str | None) -> Path:
    """The save file meant by ``resume``'s argument: an id from the list, or a path."""
    from cardtable.userdata.slots import find_game, unfinished_games

    if target is None:
        games, _messages = unfinished_games()
        if not games:
            raise SaveFileError(_("no unfinished game to resume; start one with 'cardtable play GAME'"))
        return games[0].path
    game = find_game(target)
    if game is not None:
        return game.path
    path = Path(target).expanduser()
    if not path.exists() and not path.is_symlink() and SAVE_ID_LIKE.fullmatch(target.strip()):
        raise SaveFileError(
            _("no unfinished game with the id {id}; see 'cardtable resume --list'").format(id=target.strip())
        )
    return path


def list_games() -> int:
    """Print the unfinished games, newest first, with the id to resume or delete each."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from cardtable.userdata.slots import unfinished_games

    recover_quietly()
    games, messages = unfinished_games()
    for line in messages:
        warn(line)
    console = Console()
    if not games:
        console.print(_("No unfinished games; start one with 'cardtable play GAME'."), markup=False)
        return 0
    table = Table(box=None, header_style="bold", pad_edge=False)
    # TRANSLATORS: the headings of `cardtable resume --list`: the game's id, the game, its players,
    # where it stands (round and score), and when it was saved.
    for column in (_("id"), _("game"), _("players"), _("at"), _("saved")):
        table.add_column(column)
    for game in games:
        when = _("{when} (open elsewhere)").format(when=game.when()) if game.open_elsewhere else game.when()
        saved = Text(game.save_id + (f" ({game.path})" if game.named else ""))
        table.add_row(saved, Text(game.title), Text(game.players), Text(game.progress), Text(when))
    console.print(table)
    return 0


def delete_saved(save_id: str) -> int:
    """Delete the unfinished game with this id (a named save is only taken off the list)."""
    from cardtable.userdata.slots import delete_game, find_game

    recover_quietly()
    game = find_game(save_id)
    if game is None:
        raise SaveFileError(
            _("no unfinished game with the id {id}; see 'cardtable resume --list'").format(id=save_id.strip())
        )
    message = delete_game(game)
    print(message[:1].upper() + message[1:])
    return 0


def replay(
    file: str, seat: int | None = None, ascii_only: bool = False, four_colour: bool = False
) -> None:
    """Open the replay screen on a record or save file as ``seat`` (from 1) saw it; by
    default as its one person saw it, and as a spectator when several people (or none)
    played."""
    from cardtable.userdata.records import load_record

    record = load_record(file)
    players = record.state.num_players
    if seat is not None and not 1 <= seat <= players:
        raise InvalidOptionError(
            _("--seat must be 1 to {last} for this game, not {given}").format(last=players, given=seat)
        )
    from cardtable.tui.app import CardtableApp

    run_app(
        CardtableApp(
            ascii_only=True if ascii_only else None,
            four_colour=True if four_colour else None,
            replay=record,
            replay_seat=person_seat(record.seats) if seat is None else seat - 1,
            replay_record=Path(file),
        )
    )


def person_seat(seats: Sequence[SeatInfo]) -> int | None:
    """The seat (from 0) of a game's only person, ``None`` with several or none: a
    replay opens on the seat its person played, hand and all.

    >>> from types import SimpleNamespace as Seat
    >>> person_seat([Seat(kind="easy"), Seat(kind="human"), Seat(kind="hard")])
    1
    >>> person_seat([Seat(kind="human"), Seat(kind="human")]) is None
    True
    """
    people = [index for index, info in enumerate(seats) if info.kind == "human"]
    return people[0] if len(people) == 1 else None
