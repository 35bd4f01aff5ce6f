"""Statistics: per player name, kind and game, kept in ``stats.json`` in the data directory.

After each finished game, :func:`record_result` adds every seat's result: games
played, wins, the final place (ties share the better place), the final score, and the
figures the game's rules count per round (``Rules.stat_counters``: President's titles,
the rounds lost as the durak, the moons shot in Hearts).  Games in which an action was
taken back are counted like any other, and also in ``games_with_undo``, so a record
says how it was earned.

Bots are kept under their names too, with their level as ``kind``; filter with
``kind="human"`` (or ``"bots"``, or a level) to see only some.

>>> import os, random, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> from cardtable.games import get_rules
>>> from cardtable.userdata.meta import set_seats
>>> state = get_rules("hearts").new_game(players=4, seed=2, target=30)
>>> set_seats(state, [("Ann", "human"), ("Ada", "hard"), ("Ben", "easy"), ("Cleo", "normal")])
>>> rng = random.Random(2)
>>> while not state.is_over:
...     state.apply(rng.choice(state.legal_actions()))
>>> record_result(state)
[]
>>> stats, warnings = load_stats()
>>> [(s.name, s.played) for s in filter_stats(stats, kind="human")]
[('Ann', 1)]
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from cardtable.engine.facts import StatCounter
from cardtable.engine.saves import save_data
from cardtable.engine.state import GameState
from cardtable.errors import UnknownGameError
from cardtable.games import all_rules, available_games, get_rules
from cardtable.lang import _
from cardtable.names import safe_name
from cardtable.userdata.meta import save_id_of, seats_of, undo_used
from cardtable.userdata.paths import atomic_write_text, read_file_bytes, set_aside, stats_path

__all__ = [
    "STATS_FORMAT",
    "STATS_VERSION",
    "PlayerStats",
    "record_result",
    "count_result",
    "ResultCount",
    "is_counted",
    "game_identity",
    "stats_lock",
    "load_stats",
    "read_stats",
    "filter_stats",
    "final_places",
    "lower_score_wins",
    "counters_of",
]

STATS_FORMAT = "cardtable-stats"
STATS_VERSION = 1
REMEMBERED_GAMES = 2000
"""How many recorded games are remembered, so that one game is never counted twice."""

def lower_score_wins(game: str) -> bool:
    """Whether the fewest points win ``game`` (its scores are penalty points); ``False``
    for a game this cardtable does not know."""
    try:
        return get_rules(game).lower_score_wins
    except UnknownGameError:
        return False


def counters_of(game: str) -> tuple[StatCounter, ...]:
    """The figures the statistics count per round of ``game`` (none for an unknown game)."""
    try:
        return get_rules(game).stat_counters
    except UnknownGameError:
        return ()


def _every_counter() -> dict[str, StatCounter]:
    """Every registered game's counters by their key in the file."""
    return {counter.key: counter for rules in all_rules() for counter in rules.stat_counters}


@dataclass(frozen=True)
class PlayerStats:
    """One player's (name and kind) record at one game.

    ``score_total``, ``best_score`` and ``worst_score`` are final game scores, in the
    game's own terms (``Rules.score_word``; fewer is better where
    ``Rules.lower_score_wins``).  ``counts`` holds the game's own per-round figures by
    their key (``Rules.stat_counters``): a number, or for a labelled figure (such as
    titles) a count per label; :meth:`count` and :meth:`labels` read them.  In
    ``stats.json`` each is a field of the entry under its key.
    """

    name: str
    kind: str
    game: str
    played: int = 0
    wins: int = 0
    games_with_undo: int = 0
    rounds: int = 0
    place_total: int = 0
    score_total: int = 0
    best_score: int | None = None
    worst_score: int | None = None
    counts: Mapping[str, int | Mapping[str, int]] = field(default_factory=dict)

    def count(self, key: str) -> int:
        """A plain figure (``times_durak``), 0 when not counted yet.

        >>> PlayerStats("Ann", "human", "durak", counts={"times_durak": 2}).count("times_durak")
        2
        """
        value = self.counts.get(key, 0)
        return value if isinstance(value, int) else sum(value.values())

    def labels(self, key: str) -> dict[str, int]:
        """A labelled figure (``titles``) as a count per label, empty when not counted yet."""
        value = self.counts.get(key)
        return dict(value) if isinstance(value, Mapping) else {}

    @property
    def is_bot(self) -> bool:
        return self.kind not in ("human", "remote", "unknown")

    @property
    def is_person(self) -> bool:
        """A person here (``human``) or at another computer (``remote``, network play)."""
        return self.kind in ("human", "remote")

    @property
    def average_place(self) -> float | None:
        return self.place_total / self.played if self.played else None

    @property
    def average_score(self) -> float | None:
        """Average final score (for Hearts: the average points)."""
        return self.score_total / self.played if self.played else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.played if self.played else None

    def to_dict(self) -> dict[str, Any]:
        """The entry as ``stats.json`` holds it: every shared field, then the game's
        figures, each a field under its own key (those the game counts always there)."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "counts"}
        counts: dict[str, Any] = {
            counter.key: {} if counter.labelled else 0 for counter in counters_of(self.game)
        }
        counts.update(self.counts)
        for key, value in counts.items():
            data[key] = dict(value) if isinstance(value, Mapping) else value
        return data


def final_places(scores: Iterable[int], lower_wins: bool) -> tuple[int, ...]:
    """Each seat's place by final score, 1 best; equal scores share the better place.

    >>> final_places([10, 30, 10, 5], lower_wins=False)
    (2, 1, 2, 4)
    >>> final_places([10, 30, 10, 5], lower_wins=True)
    (2, 4, 2, 1)
    """
    values = list(scores)
    better = (lambda a, b: a < b) if lower_wins else (lambda a, b: a > b)
    return tuple(1 + sum(1 for other in values if better(other, mine)) for mine in values)


def game_identity(state: GameState) -> str:
    """What the statistics know a game by, so that it is counted once.

    The set-up and the moves, plus the game's own id when it has one (two games that
    happen to be dealt and played alike are still two games).
    """
    data = save_data(state)
    data.pop("meta", None)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:24]
    save_id = save_id_of(state)
    return f"{digest}-{save_id}" if save_id else digest


@dataclass(frozen=True)
class ResultCount:
    """What :func:`count_result` did: whether the game is now in the statistics (added
    now or before), and warnings for the player (one line each)."""

    counted: bool
    warnings: tuple[str, ...] = ()


LOCK_TIMEOUT = 30.0
"""Seconds to wait for another cardtable to finish updating the statistics."""


def stats_lock(path: str | os.PathLike[str] | None = None) -> FileLock:
    """The lock every update of the statistics file ``path`` is made under."""
    target = Path(path) if path is not None else stats_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(target.with_name(target.name + ".lock"), timeout=LOCK_TIMEOUT)


def record_result(state: GameState, path: str | os.PathLike[str] | None = None) -> list[str]:
    """Add a finished game's results to the statistics file; return warnings (one line each).

    The same as :func:`count_result`, for callers that only show the warnings.
    """
    return list(count_result(state, path).warnings)


def count_result(state: GameState, path: str | os.PathLike[str] | None = None) -> ResultCount:
    """Add a finished game's results to the statistics file, under the statistics lock.

    Recording the same game again changes nothing.  A damaged statistics file is
    renamed aside (the warning says where) and a fresh one is started.  A file that
    cannot be read (permission denied, not a regular file) is never written over:
    the game is not counted and the warning says why.
    """
    if not state.is_over:
        raise ValueError("the game is not over yet; only finished games count")
    target = Path(path) if path is not None else stats_path()
    try:
        with stats_lock(target):
            return _count_locked(state, target)
    except Timeout:
        return ResultCount(False, (
            _("the statistics file {path} is locked by another cardtable; this game was not added yet").format(path=target),
        ))
    except OSError as exc:  # the data folder is read-only, or a file
        problem = _read(target, set_aside_damaged=False)[2]
        reason = problem[0] if problem else _("cannot write the statistics in {folder} ({reason})").format(
            folder=target.parent, reason=exc.strerror or exc)
        return ResultCount(False, (_("{reason}; this game was not added yet").format(reason=reason),))


def is_counted(state: GameState, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether this finished game is already in the statistics."""
    target = Path(path) if path is not None else stats_path()
    _, recorded, _, _ = _read(target, set_aside_damaged=False)
    return game_identity(state) in recorded


def _count_locked(state: GameState, target: Path) -> ResultCount:
    entries, recorded, warnings, readable = _read(target)
    if not readable:
        return ResultCount(False, tuple(warnings))
    game_id = game_identity(state)
    if game_id in recorded:
        return ResultCount(True, tuple(warnings))
    game = state.rules.name
    outcome = state.outcome()
    lower = state.rules.lower_score_wins
    counters = state.rules.stat_counters
    places = final_places(outcome.scores, lower)
    undo = undo_used(state)
    index = {(entry.name, entry.kind, entry.game): entry for entry in entries}
    for seat, info in enumerate(seats_of(state)):
        key = (info.name, info.kind, game)
        old = index.get(key) or PlayerStats(info.name, info.kind, game)
        score = outcome.scores[seat]
        counts = dict(old.counts)
        for counter in counters:
            counts[counter.key] = _counted(counter, outcome.rounds, seat, counts.get(counter.key))
        pick_best, pick_worst = (min, max) if lower else (max, min)
        index[key] = replace(
            old,
            played=old.played + 1,
            wins=old.wins + (seat in outcome.winners),
            games_with_undo=old.games_with_undo + undo,
            rounds=old.rounds + outcome.rounds_played,
            place_total=old.place_total + places[seat],
            score_total=old.score_total + score,
            best_score=score if old.best_score is None else pick_best(old.best_score, score),
            worst_score=score if old.worst_score is None else pick_worst(old.worst_score, score),
            counts=counts,
        )
    recorded = (recorded + [game_id])[-REMEMBERED_GAMES:]
    _write(target, list(index.values()), recorded)
    return ResultCount(True, tuple(warnings))


def _counted(
    counter: StatCounter, rounds: Iterable[Mapping[str, Any]], seat: int, before: int | Mapping[str, int] | None
) -> int | dict[str, int]:
    """``before`` (the figure so far) plus what one game's ``rounds`` add for ``seat``."""
    if counter.labelled:
        labels = dict(before) if isinstance(before, Mapping) else {}
        for result in rounds:
            per_seat = result.get(counter.fact) or ()
            label = per_seat[seat] if seat < len(per_seat) else None
            if label:
                labels[label] = labels.get(label, 0) + 1
        return labels
    total = before if isinstance(before, int) else 0
    return total + sum(1 for result in rounds if result.get(counter.fact) == seat)


def load_stats(path: str | os.PathLike[str] | None = None) -> tuple[list[PlayerStats], list[str]]:
    """Every player's statistics (sorted by game, then name) and warnings (one line each).

    See :func:`read_stats`, which also says whether the file could be read.
    """
    entries, warnings, _ = read_stats(path)
    return entries, warnings


def read_stats(path: str | os.PathLike[str] | None = None) -> tuple[list[PlayerStats], list[str], bool]:
    """The statistics, warnings (one line each), and whether the file could be read.

    Reading writes nothing and takes no lock: the file is only ever replaced whole
    (atomically), so it reads whole, and a read-only data folder is enough.  No file
    yet: no statistics and no warning.  A damaged file is renamed aside (under the
    lock) where that can be done, and reported in one warning; the statistics start
    fresh.  Where it cannot (a read-only folder), or the file cannot be read, it is
    left as it is and the third value is false.
    """
    target = Path(path) if path is not None else stats_path()
    entries, _recorded, warnings, readable = _read(target, set_aside_damaged=False)
    if not readable and warnings and not isinstance(warnings[0], _Unreadable):
        try:  # damaged: renamed aside, if this cardtable may write
            with stats_lock(target):
                entries, _recorded, warnings, readable = _read(target)
        except (Timeout, OSError):
            pass
    order = {name: place for place, name in enumerate(available_games())}
    entries.sort(key=lambda s: (order.get(s.game, 9), s.game, s.name.lower(), s.kind))
    return entries, warnings, readable


def filter_stats(
    entries: Iterable[PlayerStats],
    game: str | None = None,
    player: str | None = None,
    kind: str | None = None,
) -> list[PlayerStats]:
    """The entries for one game, one player name (any case) and one kind.

    ``kind`` is ``"human"`` (people, players of networked games elsewhere too),
    ``"bots"`` (every bot level) or one level (``"hard"``).
    """
    chosen = []
    for entry in entries:
        if game is not None and entry.game != game:
            continue
        if player is not None and entry.name.casefold() != player.strip().casefold():
            continue
        if kind == "bots" and not entry.is_bot:
            continue
        if kind == "human" and not entry.is_person:
            continue  # people: at this keyboard or, in a networked game, elsewhere
        if kind not in (None, "bots", "human") and entry.kind != kind:
            continue
        chosen.append(entry)
    return chosen


# --- the file ------------------------------------------------------------------------

_INT_FIELDS = ("played", "wins", "games_with_undo", "rounds", "place_total", "score_total")


class _Unreadable(str):
    """A warning that the statistics cannot be read at all (not that they are damaged)."""


def _read(path: Path, set_aside_damaged: bool = True) -> tuple[list[PlayerStats], list[str], list[str], bool]:
    """The entries, the recorded games, warnings, and whether the file may be written."""
    try:
        raw = read_file_bytes(path)
    except FileNotFoundError:
        return [], [], [], True
    except NotADirectoryError:
        folder = next((parent for parent in path.parents if parent.is_file()), path.parent)
        return [], [], [_Unreadable(
            _("cannot read the statistics: {path} is a file, not a folder; it was left as it is").format(path=folder)
        )], False
    except OSError as exc:
        # Unreadable is not damaged: the statistics may all be there (say, the file
        # became root's after a `sudo cardtable`), so it is never written over.
        return [], [], [_Unreadable(_("cannot read the statistics file {path} ({reason}); it was left as it is").format(
            path=path, reason=exc.strerror or exc))], False
    try:
        data = json.loads(raw)
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            raise ValueError(_("not a cardtable statistics file"))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ValueError(_("it has no format version"))
        if version > STATS_VERSION:
            raise ValueError(_("it is from a newer cardtable (format {version})").format(version=version))
        entries = _merge_same_players(_entry(item) for item in data.get("entries", []))
        recorded = data.get("recorded", [])
        if not isinstance(recorded, list) or not all(isinstance(item, str) for item in recorded):
            raise ValueError(_("its list of recorded games is damaged"))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        reason = _("corrupt or truncated JSON") if isinstance(exc, json.JSONDecodeError) else _reason(exc)
        if not set_aside_damaged:
            return [], [], [
                _("the statistics file {path} is damaged ({reason}); it was left as it is").format(path=path, reason=reason)
            ], False
        try:
            aside = set_aside(path)
        except OSError as error:
            return [], [], [
                _("the statistics file {path} is damaged ({reason}) and could not be renamed aside "
                  "({error}); it was left as it is").format(path=path, reason=reason, error=error.strerror or error)
            ], False
        return [], [], [
            _("the statistics file {path} is damaged ({reason}); it was kept as {aside} and fresh statistics started")
            .format(path=path, reason=reason, aside=aside)
        ], True
    return entries, recorded, [], True


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if isinstance(exc, ValueError) and text else _("an entry has the wrong shape")


def _merge_same_players(entries: Iterable[PlayerStats]) -> list[PlayerStats]:
    """One entry per name, kind and game: two names of an old file that became the same
    name when made safe are one player now, and neither's games are lost."""
    merged: dict[tuple[str, str, str], PlayerStats] = {}
    for entry in entries:
        key = (entry.name, entry.kind, entry.game)
        earlier = merged.get(key)
        merged[key] = entry if earlier is None else _combined(earlier, entry)
    return list(merged.values())


def _combined(first: PlayerStats, second: PlayerStats) -> PlayerStats:
    pick_best, pick_worst = (min, max) if lower_score_wins(first.game) else (max, min)

    def either(pick: Any, one: int | None, other: int | None) -> int | None:
        return other if one is None else one if other is None else pick(one, other)

    counts: dict[str, int | Mapping[str, int]] = dict(first.counts)
    for key, value in second.counts.items():
        mine = counts.get(key)
        if isinstance(value, Mapping):
            labels = dict(mine) if isinstance(mine, Mapping) else {}
            for label, count in value.items():
                labels[label] = labels.get(label, 0) + count
            counts[key] = labels
        else:
            counts[key] = (mine if isinstance(mine, int) else 0) + value
    return replace(
        first,
        best_score=either(pick_best, first.best_score, second.best_score),
        worst_score=either(pick_worst, first.worst_score, second.worst_score),
        counts=counts,
        **{name: getattr(first, name) + getattr(second, name) for name in _INT_FIELDS},
    )


def _entry(item: Any) -> PlayerStats:
    if not isinstance(item, dict):
        raise TypeError
    for name in ("name", "kind", "game"):
        if not isinstance(item[name], str):
            raise TypeError
    # A name from an older (or hand-edited) file is made safe rather than refused.
    values: dict[str, Any] = {"name": safe_name(item["name"]), "kind": item["kind"], "game": item["game"]}
    for name in _INT_FIELDS:
        value = item.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0 and name != "score_total":
            raise TypeError
        values[name] = value
    for name in ("best_score", "worst_score"):
        value = item.get(name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise TypeError
        values[name] = value
    # The figures games count (titles, times_durak, moons): an older file holds every
    # game's figures in every entry, which stay as they are.
    counters = _every_counter()
    counts: dict[str, int | Mapping[str, int]] = {}
    for key, counter in counters.items():
        if key not in item:
            continue
        value = item[key]
        if counter.labelled:
            if not isinstance(value, dict) or not all(
                isinstance(label, str) and isinstance(count, int) and not isinstance(count, bool)
                for label, count in value.items()
            ):
                raise TypeError
            counts[key] = dict(value)
        else:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise TypeError
            counts[key] = value
    values["counts"] = counts
    known = {f.name for f in fields(PlayerStats)} - {"counts"} | set(counters)
    if not set(item) <= known:
        raise TypeError
    return PlayerStats(**values)


def _write(path: Path, entries: list[PlayerStats], recorded: list[str]) -> None:
    data = {
        "format": STATS_FORMAT,
        "version": STATS_VERSION,
        "entries": [entry.to_dict() for entry in entries],
        "recorded": recorded,
    }
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1))
