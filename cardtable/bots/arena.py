"""Bot-versus-bot matches and their statistics: the engine of ``cardtable simulate``.

:func:`play_match` plays a number of games between seats given as bot levels or import
paths, rotating the seats from game to game so that no level keeps a seat advantage,
and returns one :class:`LevelStats` per distinct seat spec plus the raw
:class:`GameRecord` of every game.

>>> result = play_match("president", ["easy", "random", "random"], games=3, seed=1)
>>> [stats.level for stats in result.levels]
['easy', 'random']
>>> [stats.games for stats in result.levels]
[3, 6]
>>> [record.seats for record in result.records]
[('easy', 'random', 'random'), ('random', 'random', 'easy'), ('random', 'easy', 'random')]

Every game is reproducible on its own: game ``i`` of a match with seed ``s`` always
deals the same cards and gives the bots the same seeds, whatever ``jobs`` is.
"""

from __future__ import annotations

import contextlib
import json
import math
import multiprocessing
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from cardtable.bots import (
    BotFactory,
    action_text,
    bot_name,
    describe_failure,
    is_import_path,
    seat_bot_factory,
)
from cardtable.bots.driver import ask_bot
from cardtable.bots.limits import BotTimeout, call_within
from cardtable.engine.actions import Action
from cardtable.engine.facts import Measure
from cardtable.engine.saves import save_data
from cardtable.engine.state import GameState, Outcome, Rules
from cardtable.errors import CardtableError, IllegalActionError, InvalidOptionError, quoted
from cardtable.games import get_rules
from cardtable.lang import _, current_language, ngettext, use_language

__all__ = [
    "ArenaError",
    "BotFailureError",
    "BotTimeoutError",
    "DEFAULT_BOT_TIMEOUT",
    "IllegalBotActionError",
    "GameRecord",
    "LevelStats",
    "MatchResult",
    "play_match",
    "check_match",
    "summarise",
    "wilson_interval",
    "measure_for",
    "final_places",
    "Measure",
    "play_game",
    "seat_rotation",
    "game_seeds",
    "normalise_seats",
]

Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95% confidence interval."""

MAX_ACTIONS = 200_000
"""A game still going after this many actions is a bug in a game or a bot."""


class ArenaError(CardtableError):
    """A match that cannot go on: a game or a bot misbehaved."""


class BotFailureError(ArenaError):
    """A bot raised an exception instead of choosing (``SystemExit`` too)."""


class BotTimeoutError(ArenaError):
    """A user's bot took longer than the match's limit to start or to choose."""


DEFAULT_BOT_TIMEOUT = 10.0
"""Seconds ``cardtable simulate`` gives a user's bot to start or to make one decision
(``--bot-timeout``): far more than any bot that finishes a match needs."""


def _timeout_line(spec: str, what: Literal["start", "choose"], seconds: float, where: tuple[int, int, str, int] | None = None) -> str:
    """``bot 'my_bot.py:Slow' at seat 2 in game 4 of durak (seed 7) took longer than 10 s to choose ...``,
    in the current language; ``where`` is the seat (from 1), the game's number, the game and its seed."""
    if where is None:
        return _("bot {bot} took longer than {seconds} s to start (--bot-timeout SECONDS sets the limit)").format(
            bot=bot_name(spec), seconds=f"{seconds:g}")
    seat, index, game, seed = where
    if what == "start":
        wording = _("bot {bot} at seat {seat} in game {index} of {game} (seed {seed}) took longer than {seconds} s "
                    "to start (--bot-timeout SECONDS sets the limit)")
    else:
        wording = _("bot {bot} at seat {seat} in game {index} of {game} (seed {seed}) took longer than {seconds} s "
                    "to choose (--bot-timeout SECONDS sets the limit)")
    return wording.format(bot=bot_name(spec), seat=seat, index=index, game=game, seed=seed, seconds=f"{seconds:g}")


class IllegalBotActionError(ArenaError):
    """A bot chose an action that is not among the legal actions: always a bug.

    The message is one line naming the game, the seat (counted from 1, as a person
    reads it), the level, the action and why it is refused.  ``state_json`` holds the
    game up to the bad choice as one-line save JSON (load it with
    :func:`cardtable.load_game` to replay it); ``cardtable simulate`` writes it to a
    file and names the file.  ``seat`` is the engine's index, from 0.
    """

    def __init__(
        self, message: str, seat: int = -1, level: str = "", action: str = "", state_json: str = ""
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.level = level
        self.action = action
        self.state_json = state_json

    def __reduce__(self) -> tuple[Any, ...]:
        # Keeps the attributes when the error crosses from a worker process.
        return (type(self), (str(self), self.seat, self.level, self.action, self.state_json))


# --- how a game judges its levels: the measure its rules declare ------------------------

def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``successes`` in ``trials``.

    Unlike the normal approximation it stays within 0..1 and does not shrink to a
    point when the rate is 0 or 1.

    >>> low, high = wilson_interval(3, 20)
    >>> round(low, 4), round(high, 4)
    (0.0524, 0.3604)
    >>> wilson_interval(0, 10)[0]
    0.0
    """
    if trials <= 0:
        raise ValueError("a rate needs at least one trial")
    rate = successes / trials
    spread = z * z / trials
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / trials + spread / (4 * trials)) / (1 + spread)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def measure_for(game: str) -> Measure:
    """How a game's levels are compared: the per-round figure its rules declare.

    >>> measure_for("hearts").name, measure_for("hearts").higher_is_better
    ('points per hand', False)
    """
    return get_rules(game).arena_measure


def final_places(outcome: Outcome) -> tuple[int, ...]:
    """Each seat's place in a finished game, 1 best; equal final scores share a place.

    Seats are ranked by their cumulative scores.  Which way is better is read from the
    winners (they hold the best score), so the same code serves Hearts, where the
    lowest total wins, and the games where the highest does.
    """
    scores = outcome.scores
    lower_wins = bool(outcome.winners) and min(scores) != max(scores) and all(
        scores[seat] == min(scores) for seat in outcome.winners
    )
    if lower_wins:
        return tuple(1 + sum(other < mine for other in scores) for mine in scores)
    return tuple(1 + sum(other > mine for other in scores) for mine in scores)


# --- the match ---------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """The facts of one game of a match; tuples are indexed by seat.

    ``seats`` holds each seat's spec (level or import path) after rotation; decision
    times are in seconds.
    """

    index: int
    game_seed: int
    bot_seeds: tuple[int, ...]
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    rounds_played: int
    measure: tuple[float, ...]
    actions: int
    decisions: tuple[int, ...]
    think_total: tuple[float, ...]
    think_max: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {key: list(value) if isinstance(value, tuple) else value for key, value in asdict(self).items()}

    def without_timings(self) -> tuple[Any, ...]:
        """Every fact except the wall-clock ones: equal for equal seeds."""
        return (
            self.index, self.game_seed, self.bot_seeds, self.seats, self.scores, self.places,
            self.winners, self.rounds_played, self.measure, self.actions, self.decisions,
        )


@dataclass(frozen=True)
class LevelStats:
    """The figures of one seat spec over a match.

    ``games`` counts seat-games: with ``easy`` in three seats of 100 games it is 300.
    ``mean`` is the average per game of the game's per-round measure (``measure``),
    and ``ci_low``/``ci_high`` its 95% confidence interval: for a rate (Durak's durak
    rate) the Wilson interval over every round played, else the normal approximation
    over the per-game values (``None`` below two games).  Decision times are milliseconds.
    """

    level: str
    games: int
    wins: int
    win_rate: float
    average_place: float
    measure: str
    higher_is_better: bool
    mean: float
    ci_low: float | None
    ci_high: float | None
    decisions: int
    average_decision_ms: float
    max_decision_ms: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class MatchResult:
    """A whole match: its settings, per-level figures, and every game's record."""

    game: str
    seats: tuple[str, ...]
    games: int
    seed: int
    options: Mapping[str, Any]
    levels: tuple[LevelStats, ...]
    records: tuple[GameRecord, ...] = field(repr=False)
    #: the hard bots' seconds a decision, when the match set it (else their default)
    think: float | None = None

    def level(self, name: str) -> LevelStats:
        """The figures of one seat spec."""
        for stats in self.levels:
            if stats.level == name:
                return stats
        raise KeyError(name)

    def to_dict(self, records: bool = True) -> dict[str, Any]:
        """JSON-safe: settings, ``levels`` and (unless ``records=False``) ``records``."""
        data: dict[str, Any] = {
            "game": self.game,
            "seats": list(self.seats),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "levels": [stats.to_dict() for stats in self.levels],
        }
        if self.think is not None:
            data["think"] = self.think
        if records:
            data["records"] = [record.to_dict() for record in self.records]
        return data


def normalise_seats(
    game: str, seat_specs: Sequence[str] | str, bot_timeout: float | None = None
) -> tuple[str, ...]:
    """Check the seat specs and return them cleaned up (levels in lower case).

    Accepts a list or one comma-separated string.  Raises :class:`InvalidOptionError`
    for a wrong number of seats and :class:`~cardtable.bots.BotSpecError` for a seat
    that names no bot (each import path is loaded and its bot built once, to fail early).

    >>> normalise_seats("president", "Normal, easy,easy")
    ('normal', 'easy', 'easy')
    """
    rules = _rules(game)
    if isinstance(seat_specs, str):
        seat_specs = seat_specs.split(",")
    specs = tuple(spec.strip() for spec in seat_specs)
    if any(not spec for spec in specs):
        raise InvalidOptionError(_("a seat is empty; list one bot per seat, separated by commas"))
    specs = tuple(spec if ":" in spec else spec.lower() for spec in specs)
    try:
        rules.check_players(len(specs))
    except InvalidOptionError as exc:
        raise InvalidOptionError(ngettext(
            "{reason} (one seat per player: got {count} seat)", "{reason} (one seat per player: got {count} seats)", len(specs)
        ).format(reason=exc, count=len(specs))) from None
    for spec in dict.fromkeys(specs):
        limit = bot_timeout if is_import_path(spec) else None
        try:
            call_within(limit, _factory(rules, spec), 0)
        except BotTimeout as exc:
            raise BotTimeoutError(_timeout_line(spec, "start", exc.seconds)) from None
    return specs


def seat_rotation(seat_specs: Sequence[str], index: int) -> tuple[str, ...]:
    """The seats of game ``index``: the list rotated by ``index`` mod its length.

    >>> seat_rotation(["normal", "easy", "easy"], 1)
    ('easy', 'easy', 'normal')
    """
    shift = index % len(seat_specs)
    return tuple(seat_specs[shift:]) + tuple(seat_specs[:shift])


def game_seeds(seed: int, index: int, players: int) -> tuple[int, tuple[int, ...]]:
    """The deal seed and one bot seed per seat for game ``index`` of a match.

    Derived from ``(seed, index)`` alone, so any game can be replayed by itself.

    >>> game_seeds(1, 0, 2) == game_seeds(1, 0, 2) != game_seeds(1, 1, 2)
    True
    """
    rng = random.Random(f"cardtable-arena:{seed}:{index}")
    return rng.getrandbits(62), tuple(rng.getrandbits(62) for _ in range(players))


def play_game(
    game: str,
    seats: Sequence[str],
    game_seed: int,
    bot_seeds: Sequence[int],
    options: Mapping[str, Any] | None = None,
    index: int = 0,
    max_actions: int = MAX_ACTIONS,
    think: float | None = None,
    bot_timeout: float | None = None,
    on_round: Callable[[], None] | None = None,
) -> GameRecord:
    """Play one whole game between fresh bots; seat ``i`` is played by ``seats[i]``
    (hard bots thinking ``think`` seconds a decision, default 0.5).  A user's bot (an
    import path) that takes longer than ``bot_timeout`` seconds to start or to choose
    raises :class:`BotTimeoutError` (``None``: no limit).  ``on_round`` is called each
    time a round (a Hearts hand) ends, so that a long game can show it is moving.

    Every choice is checked against ``legal_actions()`` and timed.  Raises
    :class:`IllegalBotActionError` for an illegal choice, :class:`BotFailureError` if a
    bot raises, :class:`ArenaError` if the game does not end.

    >>> record = play_game("president", ["random"] * 3, game_seed=5, bot_seeds=[1, 2, 3])
    >>> sorted(record.places)
    [1, 2, 3]
    """
    rules = _rules(game)
    state = rules.new_game(players=len(seats), seed=game_seed, **dict(options or {}))
    limits = [bot_timeout if is_import_path(spec) else None for spec in seats]
    bots = []
    for chair, (spec, bot_seed) in enumerate(zip(seats, bot_seeds)):
        try:
            bots.append(call_within(limits[chair], _factory(rules, spec, think), bot_seed))
        except BotTimeout as exc:
            raise BotTimeoutError(_timeout_line(spec, "start", exc.seconds, (chair + 1, index, rules.name, game_seed))) from None
    players = len(seats)
    decisions = [0] * players
    think_total = [0.0] * players
    think_max = [0.0] * players
    actions = 0
    events_seen = len(state.events)
    while (seat := state.current_player) is not None:
        if actions >= max_actions:
            raise ArenaError(_("game {index} of {game} (seed {seed}) did not end within {count} actions").format(
                index=index, game=rules.name, seed=game_seed, count=max_actions))
        observation = state.observation(seat)
        legal = state.legal_actions()
        choice = ask_bot(bots[seat], observation, legal, within=limits[seat])
        if isinstance(choice.error, BotTimeout):
            raise BotTimeoutError(_timeout_line(
                seats[seat], "choose", choice.error.seconds, (seat + 1, index, rules.name, game_seed)))
        if choice.error is not None:  # a bot's own bug (sys.exit too), with its seat
            raise BotFailureError(_("bot {bot} at seat {seat} failed in game {index} of {game} (seed {seed}): {error}").format(
                bot=bot_name(seats[seat]), seat=seat + 1, index=index, game=rules.name, seed=game_seed,
                error=describe_failure(choice.error)))
        action, spent = choice.action, choice.seconds
        # Only a real Action is compared: a user object's __eq__ is not called.
        if not isinstance(action, Action) or action not in legal:
            raise _illegal(state, rules, seats[seat], seat, action, index, game_seed)
        try:
            state.apply(action)
        except IllegalActionError:
            # The bot changed the list it was handed; the engine still refuses the move.
            raise _illegal(state, rules, seats[seat], seat, action, index, game_seed) from None
        actions += 1
        if on_round is not None:
            events = state.events
            rounds_ended = sum(1 for event in events[events_seen:] if event.kind == "round_over")
            events_seen = len(events)
            for _round in range(rounds_ended):
                on_round()
        decisions[seat] += 1
        think_total[seat] += spent
        if spent > think_max[seat]:
            think_max[seat] = spent
    outcome = state.outcome()
    measure = rules.arena_measure
    try:
        values = tuple(measure.value(outcome, s) for s in range(players))
    except ValueError as exc:
        raise ArenaError(f"{rules.title} game {index} (seed {game_seed}) cannot be measured: {exc}") from None
    return GameRecord(
        index=index,
        game_seed=game_seed,
        bot_seeds=tuple(bot_seeds),
        seats=tuple(seats),
        scores=tuple(outcome.scores),
        places=final_places(outcome),
        winners=tuple(outcome.winners),
        rounds_played=outcome.rounds_played,
        measure=values,
        actions=actions,
        decisions=tuple(decisions),
        think_total=tuple(think_total),
        think_max=tuple(think_max),
    )


def _illegal(
    state: GameState, rules: Rules, level: str, seat: int, action: Any, index: int, game_seed: int
) -> IllegalBotActionError:
    if isinstance(action, Action):
        text = str(action)
        # A rule's reason is the engine's English line: its words need the screen's cards and names.
        reason = state.why_illegal(action) or _("it is not among the legal actions it was given")
    else:
        text = action_text(action)
        reason = _("it returned a {type}, not an Action").format(type=type(action).__name__)
    state_json = json.dumps(save_data(state), separators=(",", ":"), ensure_ascii=False)
    return IllegalBotActionError(
        _("bot {bot} at seat {seat} chose the illegal action {action} in game {index} of {game} (seed {seed}): {reason}").format(
            bot=bot_name(level), seat=seat + 1, action=quoted(text), index=index, game=rules.name, seed=game_seed,
            reason=reason),
        seat=seat,
        level=level,
        action=text,
        state_json=state_json,
    )



ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` while a match runs."""


def check_match(
    game: str,
    seat_specs: Sequence[str] | str,
    games: int,
    seed: int = 0,
    rounds: int | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    think: float | None = None,
    bot_timeout: float | None = None,
) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Check a match's settings as :func:`play_match` does, without playing.

    Returns the cleaned seat specs and the chosen options (converted, without the
    defaults).  Raises :class:`InvalidOptionError` (or a subclass) with a one-line reason.

    >>> check_match("president", "easy,easy,easy", games=10, rounds=3)
    (('easy', 'easy', 'easy'), {'rounds': 3})
    """
    rules = _rules(game)
    if bot_timeout is not None and (
        isinstance(bot_timeout, bool) or not isinstance(bot_timeout, (int, float)) or not 0 < bot_timeout < math.inf
    ):
        raise InvalidOptionError(_("--bot-timeout must be a positive number of seconds, not {given}").format(given=repr(bot_timeout)))
    specs = normalise_seats(game, seat_specs, bot_timeout)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidOptionError(_("the number of games must be at least 1, not {given}").format(given=repr(games)))
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InvalidOptionError(_("jobs must be at least 1, not {given}").format(given=repr(jobs)))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOptionError(_("seed must be a whole number, not {given}").format(given=repr(seed)))
    if think is not None and (isinstance(think, bool) or not isinstance(think, (int, float)) or not think > 0):
        raise InvalidOptionError(_("the thinking time must be a positive number of seconds, not {given}").format(given=repr(think)))
    chosen = dict(options or {})
    if rounds is not None:
        chosen["rounds"] = rounds
    chosen = {
        name: value
        for name, value in rules.validate_options(chosen).items()
        if name in chosen  # keep only what was asked, so the records show it plainly
    }
    return specs, chosen


def play_match(
    game: str,
    seat_specs: Sequence[str] | str,
    games: int,
    seed: int = 0,
    rounds: int | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
    max_actions: int = MAX_ACTIONS,
    think: float | None = None,
    bot_timeout: float | None = None,
    on_round: Callable[[], None] | None = None,
) -> MatchResult:
    """Play ``games`` games between the seats and gather the figures per seat spec.

    ``seat_specs`` lists one bot per seat (a level such as ``easy`` or an import path
    such as ``my_bot:MyBot``); game ``i`` seats them rotated by ``i`` mod their number.
    ``rounds`` sets the game's ``rounds`` option; ``options`` sets any option.  ``jobs``
    spreads the games over that many processes, with the same results as one.
    ``think`` gives the hard bots that many seconds a decision (default 0.5).
    ``bot_timeout`` limits a user's bot's every start and decision to that many
    seconds (``cardtable simulate`` gives :data:`DEFAULT_BOT_TIMEOUT`; ``None``: none).
    ``on_round`` is called, in this process, each time any game's round ends.

    Raises :class:`InvalidOptionError` (or a subclass) for bad settings before any game
    is played, and :class:`ArenaError` if a bot or game misbehaves.
    """
    rules = _rules(game)
    specs, chosen = check_match(game, seat_specs, games, seed, rounds, options, jobs, think, bot_timeout)
    job = _Job(rules.name, specs, seed, chosen, max_actions, think, bot_timeout)
    if jobs == 1 or games == 1:
        records = []
        for index in range(games):
            records.append(job.play(index, on_round))
            if progress is not None:
                progress(index + 1, games)
    else:
        records = _play_in_processes(job, games, jobs, progress, on_round)
    return MatchResult(
        game=rules.name,
        seats=specs,
        games=games,
        seed=seed,
        options=chosen,
        levels=summarise(rules.name, specs, records),
        records=tuple(records),
        think=think,
    )


@dataclass(frozen=True)
class _Job:
    """What a worker process needs to play any game of the match."""

    game: str
    specs: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]
    max_actions: int
    think: float | None = None
    bot_timeout: float | None = None

    def play(self, index: int, on_round: Callable[[], None] | None = None) -> GameRecord:
        seats = seat_rotation(self.specs, index)
        game_seed, bot_seeds = game_seeds(self.seed, index, len(seats))
        return play_game(
            self.game, seats, game_seed, bot_seeds, self.options, index, self.max_actions, self.think, self.bot_timeout,
            on_round,
        )

    def play_many(self, indices: range, rounds_ended: Any = None) -> list[GameRecord]:
        """Play the games of ``indices``; ``rounds_ended``, a queue shared with the
        parent process (or ``None``), is told of each round as it ends."""
        on_round = None if rounds_ended is None else (lambda: rounds_ended.put(None))
        return [self.play(index, on_round) for index in indices]


def _play_in_processes(
    job: _Job, games: int, jobs: int, progress: ProgressCallback | None, on_round: Callable[[], None] | None = None
) -> list[GameRecord]:
    # Small chunks keep the progress bar moving; many chunks per worker balance the load.
    size = max(1, min(25, math.ceil(games / (jobs * 8))))
    chunks = [range(start, min(start + size, games)) for start in range(0, games, size)]
    records: list[GameRecord] = []
    with contextlib.ExitStack() as stack:
        rounds_ended = None
        if on_round is not None:
            # A few long games finish late: the workers tell of each round as it ends.
            manager = stack.enter_context(multiprocessing.Manager())
            rounds_ended = manager.Queue()
        # The pool's workers are the child processes started after this (the manager's was started before).
        children_before = set(multiprocessing.active_children())
        # The workers word their errors in the player's language, however they are started.
        pool = stack.enter_context(ProcessPoolExecutor(max_workers=jobs, initializer=use_language, initargs=(current_language(),)))
        pending = {pool.submit(job.play_many, chunk, rounds_ended) for chunk in chunks}
        try:
            while pending:
                done, pending = wait(pending, timeout=None if rounds_ended is None else 0.25,
                                     return_when=FIRST_EXCEPTION)
                for future in done:
                    records.extend(future.result())
                if on_round is not None and rounds_ended is not None:
                    while not rounds_ended.empty():
                        rounds_ended.get_nowait()
                        on_round()
                if progress is not None:
                    progress(len(records), games)
        except BrokenProcessPool:
            # Only something outside Python's exceptions (os._exit, a crash in C code)
            # ends a worker without a report: the bots are the only user code there.
            raise ArenaError(_(
                "a worker process of the {game} match stopped without a word (seats {seats}); "
                "run with --jobs 1 to see which bot did it"
            ).format(game=job.game, seats=", ".join(job.specs))) from None
        except BotTimeoutError:
            # The workers may be running more games with the same slow bot, each one
            # waiting out the limit again: they are stopped rather than waited for.
            for future in pending:
                future.cancel()
            for process in set(multiprocessing.active_children()) - children_before:
                process.terminate()
            raise
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    records.sort(key=lambda record: record.index)
    return records


def summarise(game: str, specs: Sequence[str], records: Sequence[GameRecord]) -> tuple[LevelStats, ...]:
    """One :class:`LevelStats` per distinct spec, in the order the seats first name them."""
    measure = measure_for(game)
    result = []
    for level in dict.fromkeys(specs):
        values: list[float] = []
        rounds: list[int] = []
        places: list[int] = []
        wins = decisions = 0
        think = 0.0
        think_max = 0.0
        for record in records:
            for seat, spec in enumerate(record.seats):
                if spec != level:
                    continue
                values.append(record.measure[seat])
                rounds.append(record.rounds_played)
                places.append(record.places[seat])
                wins += seat in record.winners
                decisions += record.decisions[seat]
                think += record.think_total[seat]
                think_max = max(think_max, record.think_max[seat])
        mean = statistics.fmean(values)
        low: float | None
        high: float | None
        if measure.is_rate:
            # Each round is one trial: the rate times the rounds is the count of them.
            successes = round(sum(value * played for value, played in zip(values, rounds)))
            low, high = wilson_interval(successes, sum(rounds))
        elif len(values) >= 2:
            half = Z_95 * statistics.stdev(values) / math.sqrt(len(values))
            low, high = mean - half, mean + half
        else:
            low = high = None
        result.append(
            LevelStats(
                level=level,
                games=len(values),
                wins=wins,
                win_rate=wins / len(values),
                average_place=statistics.fmean(places),
                measure=measure.name,
                higher_is_better=measure.higher_is_better,
                mean=mean,
                ci_low=low,
                ci_high=high,
                decisions=decisions,
                average_decision_ms=1000 * think / decisions if decisions else 0.0,
                max_decision_ms=1000 * think_max,
            )
        )
    return tuple(result)


_FACTORIES: dict[tuple[str, str, float | None], BotFactory] = {}


def _factory(rules: Rules, spec: str, think: float | None = None) -> BotFactory:
    """The factory of a seat spec (its hard bots thinking ``think`` seconds), loaded once
    per process."""
    key = (rules.name, spec, think)
    factory = _FACTORIES.get(key)
    if factory is None:
        factory = _FACTORIES[key] = seat_bot_factory(rules.name, spec, time_budget=think)
    return factory


def _rules(game: str) -> Rules:
    return get_rules(game)
