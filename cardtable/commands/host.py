"""``cardtable host``: open a table to players on other terminals, and serve it.

With a seat at this keyboard (``--seats human,remote,hard``) the host opens the table
for it, as ``play`` does, with the join lines shown over the table
(:mod:`cardtable.commands.host_screen`).  With none (``--seats
remote,remote,remote,hard``) it has no screen: it prints one ``cardtable join`` line
per remote seat, then a log of the game, until the game is over (or Ctrl-C).  Either
way the game is saved after every move, and ``cardtable resume`` hosts it again with
new codes.

>>> seat_plan("hearts", "remote,remote:Cleo,hard,remote")
[('remote', 'Player 1'), ('remote', 'Cleo'), ('hard', ''), ('remote', 'Player 2')]
>>> seat_plan("durak", "human:Ann,remote")
[('human', 'Ann'), ('remote', 'Player 1')]
>>> seat_plan("durak", "human,remote")
[('human', 'Host'), ('remote', 'Player 1')]
>>> seat_plan("durak", "human,human,remote")
Traceback (most recent call last):
...
cardtable.errors.InvalidOptionError: a hosted table has at most one seat at this keyboard (human); ...
"""

from __future__ import annotations

import asyncio
import math
import socket
import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.commands.common import known_game
from cardtable.engine.state import GameState
from cardtable.errors import InvalidOptionError
from cardtable.games import get_rules
from cardtable.lang import _

if TYPE_CHECKING:
    from cardtable.net.host_events import HostEvent

__all__ = ["TURN_TIME_RANGE", "check_turn_time", "host", "host_line", "seat_plan", "host_saved", "listen_address", "resume_hosted"]

#: the seconds ``--turn-time`` may give a move: from a quick game's pace to an hour (the
#: table waits that long for a player who does not move at all)
TURN_TIME_RANGE = (5.0, 3600.0)

#: where a host listens unless ``--listen`` says otherwise: this computer only
LOOPBACK = "127.0.0.1"
WILDCARDS = ("0.0.0.0", "::", "")


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in text.split(",")] if text else []


def seat_plan(game: str, seats: str | None) -> list[tuple[str, str]]:
    """``(kind, name)`` per seat from ``--seats``: ``remote`` or a bot spec, and the name
    given (a remote seat without one is ``Player N``; a bot's is chosen later)."""
    from cardtable.commands.play import _seat_entry
    from cardtable.userdata.meta import HOST_NAME, numbered_name

    entries = []
    for entry in _split(seats):
        head, colon, tail = entry.partition(":")
        # `remote:Name` names a remote seat; any other entry reads as `play` reads it.
        entries.append(("remote", tail.strip()) if head.strip().lower() == "remote" else _seat_entry(entry))
    if not entries:
        players = get_rules(game).min_players
        entries = [("remote", "")] * max(players - 1, 1) + [("normal", "")] * (players > 1)
    plan: list[tuple[str, str]] = []
    taken = {name for _kind, name in entries if name}
    count = 0
    for kind, name in entries:
        key = kind.lower() if ":" not in kind else kind
        if not key:
            raise InvalidOptionError(_("--seats has an empty entry; write e.g. {example}").format(example="remote,remote:Cleo,hard"))
        if key == "human" and any(kind == "human" for kind, _ in plan):
            raise InvalidOptionError(
                _("a hosted table has at most one seat at this keyboard (human); "
                  "make the other people's seats remote and let them join from their own terminals")
            )
        if key == "human" and not name:
            # Everyone at the table reads this name, so not "You": the host's seat is the Host.
            name = HOST_NAME if HOST_NAME not in taken else name
            taken.add(name)
        if key in ("remote", "human") and not name:
            count += 1
            while numbered_name(count) in taken:
                count += 1
            name = numbered_name(count)
            taken.add(name)
        plan.append((key, name))
    if not any(kind == "remote" for kind, _ in plan):
        raise InvalidOptionError(_("--seats needs a remote seat to host (to play bots here: cardtable play GAME)"))
    return plan


def listen_address(listen: str | None) -> tuple[str, int]:
    """``--listen ADDRESS[:PORT]`` as an address and a port (default: loopback, 8765; port
    0 takes any free port).

    >>> listen_address(None), listen_address("0.0.0.0:9000"), listen_address("[::]")
    (('127.0.0.1', 8765), ('0.0.0.0', 9000), ('::', 8765))
    """
    from cardtable.net.client import parse_address

    if listen is None:
        return LOOPBACK, 8765
    if listen.strip() in ("::", "[::]"):
        return "::", 8765
    return parse_address(listen, any_port=True)


def _public_address(address: str) -> str:
    """The address friends type: the one listened on, or for every interface this
    computer's address on its network (asked of the system: no packet is sent)."""
    if address not in WILDCARDS:
        return address
    family = socket.AF_INET6 if address == "::" else socket.AF_INET
    probe = "2001:db8::1" if family == socket.AF_INET6 else "192.0.2.1"  # documentation ranges
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))
            return str(sock.getsockname()[0])
    except OSError:
        return socket.gethostname()


def host(
    game: str,
    seats: str | None = None,
    names: str | None = None,
    seed: int | None = None,
    rounds: int | None = None,
    target: int | None = None,
    revolution: bool | None = None,
    listen: str | None = None,
    speed: str | None = None,
    save: str | None = None,
    bot_after: float | None = None,
    bot_level: str = "normal",
    turn_time: float | None = None,
) -> int:
    """Host a new game of ``game`` for the remote seats of ``seats``; return 0 once it is over."""
    from cardtable.commands.play import _check_pace, _check_save_target, build_config
    from cardtable.userdata.meta import set_seats

    name = known_game(game)
    plan = seat_plan(name, seats)
    if names:
        raise InvalidOptionError(_("name the seats in --seats (remote:Ann,remote:Ben,hard)"))
    address, port = listen_address(listen)
    if speed is None:
        from cardtable.userdata.settings import load_settings

        speed = load_settings()[0].bot_speed  # as `play` does; the settings' warnings are the app's
    pace = _check_pace(speed)
    level = _check_level(bot_level)
    if turn_time is not None:
        turn_time = check_turn_time(turn_time)
    target_file = _check_save_target(save) if save is not None else None
    # The table is checked as `play` checks it, each remote seat standing in as a person.
    entries = ",".join(f"human:{seat_name}" if kind == "remote" else (f"{kind}:{seat_name}" if seat_name else kind)
                       for kind, seat_name in plan)
    config = build_config(name, entries, None, seed, rounds, target, revolution)
    state = config.new_state()
    set_seats(state, [(seat.name, "remote" if kind == "remote" else seat.kind)
                      for seat, (kind, _) in zip(config.seats, plan)])
    if turn_time is not None:
        state.meta.setdefault("network", {})["turn_time"] = turn_time
    if any(kind == "human" for kind, _ in plan):
        return _run_screen(state, address, port, pace, bot_after, level, resumed=False, save_path=target_file)
    from cardtable.session import SlotSaver

    return _run(state, SlotSaver(path=target_file), address, port, pace, bot_after, level, resumed=False)


def _run_screen(
    state: GameState, address: str, port: int, pace: str, bot_after: float | None, level: str = "normal", *,
    resumed: bool, slot: Any = None, save_path: Any = None,
) -> int:
    """Host with the table screen of the seat at this keyboard."""
    from cardtable.commands.host_screen import run_host_screen
    from cardtable.net.host import format_address

    network = state.meta.setdefault("network", {})
    network["listen"] = format_address(address, port)
    _keep_bot_after(network, bot_after, level)
    return run_host_screen(
        state, address, port, pace, resumed=resumed, slot=slot, save_path=save_path, bot_after=bot_after,
        bot_level=level, turn_time=_saved_turn_time(network),
    )


def _keep_bot_after(network: dict[str, Any], bot_after: float | None, level: str) -> None:
    """Record ``--bot-after`` in the save, for ``cardtable resume`` to host it the same way."""
    if bot_after is not None:
        network["bot_after"] = bot_after
        network["bot_level"] = level


def check_turn_time(seconds: float) -> float:
    """``--turn-time`` as seconds, or a one-line refusal: a finite number in
    :data:`TURN_TIME_RANGE` (``inf`` or ``1e309`` would be a clock that never fires).

    >>> check_turn_time(15)
    15.0
    >>> check_turn_time(float("inf"))
    Traceback (most recent call last):
    ...
    cardtable.errors.InvalidOptionError: --turn-time must be a number of seconds from 5 to 3600, not inf
    """
    low, high = TURN_TIME_RANGE
    if not (math.isfinite(seconds) and low <= seconds <= high):
        raise InvalidOptionError(
            _("--turn-time must be a number of seconds from {low} to {high}, not {given}").format(
                low=f"{low:g}", high=f"{high:g}", given=f"{seconds:g}")
        )
    return float(seconds)


def _saved_turn_time(network: dict[str, Any]) -> float | None:
    """``--turn-time``, as the command line gave it and the save keeps it (a bad value: off)."""
    seconds = network.get("turn_time")
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool):
        try:
            return check_turn_time(float(seconds))
        except (InvalidOptionError, OverflowError):
            return None
    return None


def _saved_bot_after(network: dict[str, Any]) -> tuple[float | None, str]:
    bot = network.get("bot_after")
    level = network.get("bot_level")
    return (
        float(bot) if isinstance(bot, (int, float)) and not isinstance(bot, bool) else None,
        _check_level(level if isinstance(level, str) else "normal"),
    )


def resume_hosted(
    target: str | None, speed: str | None = None, bots: Mapping[int, str] | None = None, listen: str | None = None,
) -> bool:
    """``cardtable resume`` of a networked game: host it again and return ``True``;
    ``False`` (having changed nothing) for any other game, which the app resumes.

    ``bots`` are ``--bot``'s (a user bot's seat needs one: a save starts none) and
    ``listen`` is ``--listen``: a save never says where to listen.  Refusals are those
    of ``resume`` (no such game, a damaged file, open elsewhere), and ``--listen`` for
    a game played here.
    """
    from cardtable.commands.common import recover_quietly
    from cardtable.commands.play import _resolve, take_seat_bots
    from cardtable.net.host import networked, seats_from_state
    from cardtable.userdata.slots import GameSlot

    recover_quietly()
    slot, state = GameSlot.open(_resolve(target))
    try:
        if not networked(state):
            if listen is not None:
                raise InvalidOptionError(
                    _("--listen is only for a game hosted for players elsewhere; this one is played here")
                )
            return False
        people = {seat for seat, chair in enumerate(seats_from_state(state)) if not chair.is_bot}
        shown = target or slot.save_id
        take_seat_bots(state, bots or {}, shown, people)
        host_saved(state, slot, speed, listen=listen, target=shown)
        return True
    finally:
        slot.close()


def host_saved(
    state: GameState, slot: Any, speed: str | None = None, listen: str | None = None, target: str | None = None,
) -> int:
    """Host a saved networked game again (``cardtable resume``) with new codes for its
    remote seats, where ``listen`` (``--listen``) says: by default on this computer only,
    whatever the save says (``target``: the game as ``resume`` was given it, for the
    line that tells how to open it to the network again)."""
    from cardtable.commands.play import _check_pace
    from cardtable.net.host import seats_from_state
    from cardtable.session import SlotSaver

    found = state.meta.get("network")
    network: dict[str, Any] = found if isinstance(found, dict) else {}
    address, port = listen_address(listen)
    if listen is None:
        _tell_where_it_listened(network.get("listen"), target)
    settings = state.meta.get("settings")
    saved_pace = settings.get("bot_speed") if isinstance(settings, dict) else None
    pace = _check_pace(speed or (saved_pace if isinstance(saved_pace, str) else "normal"))
    bot_after, level = _saved_bot_after(network)
    if any(seat.is_human for seat in seats_from_state(state)):
        return _run_screen(state, address, port, pace, bot_after, level, resumed=True, slot=slot)
    return _run(state, SlotSaver(slot), address, port, pace, bot_after, level, resumed=True)


def _tell_where_it_listened(saved: object, target: str | None) -> None:
    """One line when the save listened wider than this computer: it does not now, and
    how to say so again.  The saved address is only shown, never used."""
    import shlex

    from cardtable.display import visible

    if not isinstance(saved, str) or len(saved) > 300:
        return
    try:
        address, _port = listen_address(saved)
    except InvalidOptionError:
        return
    if _is_loopback(address):
        return
    game = shlex.quote(target) if target else ""
    command = f"cardtable resume {game} --listen {shlex.quote(saved)}".replace("  ", " ")
    print(visible(
        _("This game listened on {address} before; a save never opens a table to the network, so it listens on "
          "this computer only. To open it again: {command}").format(address=saved, command=command)
    ), flush=True)


def _is_loopback(address: str) -> bool:
    """Whether ``address`` is this computer only (``127.x``, ``::1``, ``localhost``).

    >>> _is_loopback("127.0.0.1"), _is_loopback("localhost"), _is_loopback("0.0.0.0"), _is_loopback("::")
    (True, True, False, False)
    """
    import ipaddress

    if address.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


def _check_level(level: str) -> str:
    from cardtable.bots import LEVELS

    key = level.strip().lower()
    if key not in LEVELS:
        raise InvalidOptionError(
            _("--bot-level must be one of {choices}, not {given}").format(choices=", ".join(LEVELS), given=repr(level))
        )
    return key


def _run(
    state: GameState, saver: Any, address: str, port: int, pace: str,
    bot_after: float | None, level: str, *, resumed: bool,
) -> int:
    from cardtable.net.host import NetHost, format_address, seats_from_state
    from cardtable.session import TableSession
    from cardtable.tui.config import PACES

    network = state.meta.setdefault("network", {})
    network["listen"] = format_address(address, port)
    _keep_bot_after(network, bot_after, level)
    session = TableSession(state, seats_from_state(state), saver=saver, resumed=resumed, pace=pace)
    table = NetHost(
        session, bot_delay=PACES[pace], log_line=_log, bot_after=bot_after, bot_level=level,
        turn_time=_saved_turn_time(network),
    )
    try:
        asyncio.run(_serve(table, address, port))
    finally:
        session.close()
        saver.close()
    return 0


def _log(event: HostEvent) -> None:
    from cardtable.display import visible

    # Names come from outside (a player's --name): shown literally, one line.
    print(f"{time.strftime('%H:%M:%S')} {visible(' '.join(host_line(event).split()))}", flush=True)


def host_line(event: HostEvent) -> str:
    """One line of the host's log, in the reader's language (the host sends data:
    :mod:`cardtable.net.host_events`); a move's cards with the language's rank letters.

    >>> from cardtable.net.host_events import SeatJoined, SeatMoved, WrongCode
    >>> host_line(WrongCode("10.0.0.7")), host_line(SeatJoined("Ann", again=True, was="Player 1"))
    ('refused a wrong code from 10.0.0.7', 'Ann rejoined (was Player 1)')
    >>> from cardtable.lang import use_language
    >>> use_language("nl")
    >>> host_line(SeatMoved("Ann", "give JH ? ?"))
    'Ann: give VH ? ?'
    >>> use_language("en")
    """
    from cardtable.net import host_events as seen
    from cardtable.tui.wording import level_word
    from cardtable.userdata.meta import shown_name

    match event:
        case seen.Listening(address=address):
            return _("listening on {address}").format(address=address)
        case seen.WrongCode(address=address):
            return _("refused a wrong code from {address}").format(address=address)
        case seen.JoinedTooOften(name=name):
            return _("refused {player}'s code: joined too often").format(player=shown_name(name))
        case seen.Flooded(name=name):
            return _("closed {player}'s connection: a flood of messages").format(player=shown_name(name))
        case seen.NotReading(name=name):
            return _("dropped {player}: not reading the table's messages").format(player=shown_name(name))
        case seen.SeatJoined(name=name, again=again, was=was) if was:
            line = _("{player} rejoined (was {was})") if again else _("{player} joined (was {was})")
            return line.format(player=shown_name(name), was=shown_name(was))
        case seen.SeatJoined(name=name, again=again):
            return (_("{player} rejoined") if again else _("{player} joined")).format(player=shown_name(name))
        case seen.SeatLeft(name=name):
            return _("{player} left the table").format(player=shown_name(name))
        case seen.SeatMoved(name=name, move=move):
            # TRANSLATORS: a move in the host's log: {move} in the game's notation (give VH ? ?).
            return _("{player}: {move}").format(player=shown_name(name), move=_move_letters(move))
        case seen.SeatToBot(name=name, level=level):
            return _("{player}'s seat is played by a bot ({level})").format(player=shown_name(name), level=level_word(level))
        case seen.BotLeftSeat(name=name):
            return _("the bot left {player}'s seat").format(player=shown_name(name))
        case seen.TimeRanOut(name=name):
            return _("{player}'s time ran out").format(player=shown_name(name))
        case seen.UserBotFailed(name=name, reason=reason) if reason:
            # TRANSLATORS: {reason} is the user bot's own error, as it gave it.
            return _("{reason}; a normal bot takes over").format(reason=reason)
        case seen.UserBotFailed(name=name):
            return _("{player}'s bot failed; a normal bot takes over").format(player=shown_name(name))
        case seen.SavingTrouble(reason=reason, failed=True):
            return _("cannot save the game: {reason}").format(reason=reason)
        case seen.SavingTrouble(reason=reason):
            return _("saving: {reason}").format(reason=reason)
        case seen.ResultRecorded():
            return _("the game is over; its result is recorded")
    return _("the game is over")


def _move_letters(move: str) -> str:
    """A move's notation with each card's rank in the reader's letters, as the move box
    reads them (``give VH 10C``; Bulgarian ``ВH``)."""
    from cardtable.cardletters import rank_label
    from cardtable.cards import Card
    from cardtable.errors import InvalidCardError

    def word(token: str) -> str:
        try:
            card = Card.parse(token)
        except InvalidCardError:
            return token
        return rank_label(card.rank) + card.suit.letter

    return " ".join(word(token) for token in move.split())


async def _serve(table: Any, address: str, port: int) -> None:
    try:
        await table.start(address, port)
    except OSError as exc:
        raise InvalidOptionError(
            _("cannot listen on {address}: {reason}").format(address=f"{address}:{port}", reason=exc.strerror or exc)
        ) from None
    try:
        from cardtable.display import visible
        from cardtable.net.host import format_address
        from cardtable.userdata.meta import shown_name

        shown = format_address(_public_address(address), table.address[1])
        print(_("Hosting {game}. Send each player their own line; the code in it is that seat's secret:").format(
            game=_(table.session.state.rules.title)), flush=True)
        for name, line in table.join_commands(shown):
            print(f"  {visible(shown_name(name))}: {line}", flush=True)
        if address not in WILDCARDS and address.startswith(("127.", "::1", "localhost")):
            print(_("Only this computer can join; to let others on your network in: {option}").format(
                option="--listen 0.0.0.0"), flush=True)
        await table.wait_finished()
        await asyncio.sleep(0.5)  # the last state and status reach everyone before goodbye
    finally:
        if table.session.is_over:
            await table.close("the game is over", "game_over")
        else:
            await table.close()
        sys.stdout.flush()
