"""Reviewing a finished game's record, kept beside it so that opening it again is instant.

:func:`review_record` reviews one seat of a record (by :mod:`cardtable.bots.review`)
and keeps the result as a sibling file, ``<record>.review-seatN.json``, written
atomically (not in the saves folder: a finished game's save file is reviewed, not kept
beside).  The file names the record's content hash, the seat, the rounds and the
search's budget and seed: a review made for anything else is not used, and a file of
that name that is not cardtable's own review is never written over.
:func:`review_game_state` reviews a game still at the table (the round just played) and
keeps nothing.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.bots.review import (
    DecisionReview,
    ReviewMeasure,
    decision_points,
    measure_of,
    move_label,
    review_points,
)
from cardtable.engine.state import GameState
from cardtable.errors import SaveFileError
from cardtable.userdata.paths import atomic_write_text, read_file_bytes, read_or_refuse, records_dir, saves_dir
from cardtable.userdata.records import Replay, load_record

__all__ = ["GameReview", "review_record", "review_game_state", "review_path", "newest_record", "REVIEW_FORMAT",
           "decision_line", "summary_lines"]

REVIEW_FORMAT = 3
"""The version of a kept review file; another version is reviewed afresh (2: the judge
values the move made and the best move alike, in two halves; 3: President's gift back
in the exchange is valued too)."""


@dataclass(frozen=True)
class GameReview:
    """One seat's decisions reviewed (``rounds``: which, ``None`` for the whole game)."""

    game: str
    seat: int
    rounds: tuple[int, ...] | None
    think: float | None
    iterations: int | None
    decisions: tuple[DecisionReview, ...]
    cached: bool = False

    @property
    def measure(self) -> ReviewMeasure:
        return measure_of(self.game)

    @property
    def mistakes(self) -> tuple[DecisionReview, ...]:
        return tuple(d for d in self.decisions if d.verdict == "mistake")

    @property
    def total_cost(self) -> float:
        """The expected cost of every decision added up (moves measured better count 0)."""
        return sum(max(d.cost, 0.0) for d in self.decisions)

    def costliest(self, count: int = 3) -> tuple[DecisionReview, ...]:
        """The ``count`` decisions that cost most (a cost above zero only)."""
        costly = [d for d in self.decisions if d.cost > 0 and d.verdict in ("mistake", "close")]
        return tuple(sorted(costly, key=lambda d: (-d.cost, d.position))[:count])


def review_path(record: Path, seat: int) -> Path:
    """Where the review of ``seat`` (from 0) of ``record`` is kept: a sibling file."""
    return record.with_name(f"{record.stem}.review-seat{seat + 1}.json")


def newest_record() -> Path | None:
    """The newest finished game's record in cardtable's records folder, if any."""
    try:
        found = [p for p in records_dir().glob("*.json") if ".review-" not in p.name and p.is_file()]
    except OSError:
        return None
    return max(found, key=lambda p: (p.stat().st_mtime, p.name), default=None)


def _key(digest: str, seat: int, rounds: Sequence[int] | None, think: float | None,
         iterations: int | None, seed: int) -> dict[str, Any]:
    return {
        "record_sha256": digest, "seat": seat, "rounds": list(rounds) if rounds is not None else None,
        "think": think, "iterations": iterations, "seed": seed,
    }


def _read_kept(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(read_file_bytes(path))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("cardtable_review") == REVIEW_FORMAT else None


def review_record(
    record: Path,
    seat: int,
    *,
    think: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    workers: int = 1,
    rounds: Sequence[int] | None = None,
    stop: threading.Event | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep: bool = True,
) -> GameReview | None:
    """Review ``seat`` (from 0) of the finished game in ``record``; ``None`` if cancelled.

    A review kept beside the record for the same record, seat, rounds, budget and seed
    is read back instead.  Raises :class:`SaveFileError` for a record that cannot be
    read or a game that is not finished (a review would show a seat's hand to the
    others at the table), and ``ValueError`` for a seat the game does not have.
    """
    raw = read_or_refuse(record, "review", "a record")
    replay = load_record(record)
    if not replay.state_at(replay.length).is_over:
        raise SaveFileError(f"cannot review {record}: the game is not finished")
    players = replay.state.num_players
    if not 0 <= seat < players:
        raise ValueError(f"there is no seat {seat + 1} in this game (1 to {players})")
    key = _key(hashlib.sha256(raw).hexdigest(), seat, rounds, think, iterations, seed)
    target = review_path(record, seat)
    kept = _read_kept(target)
    if kept is not None and kept.get("key") == key:
        try:
            decisions = tuple(DecisionReview.from_dict(d) for d in kept["decisions"])
            return GameReview(replay.info.game, seat, _rounds(rounds), think, iterations, decisions, cached=True)
        except (KeyError, TypeError, ValueError):
            pass  # a damaged review of ours: made afresh below
    review = _review(replay, seat, rounds, think, iterations, seed, workers, stop, progress)
    if review is None:
        return None
    if keep and _beside_a_record(record) and (kept is not None or not target.exists()):
        data = {"cardtable_review": REVIEW_FORMAT, "game": review.game, "key": key,
                "decisions": [d.to_dict() for d in review.decisions]}
        try:
            atomic_write_text(target, json.dumps(data, ensure_ascii=False, indent=1))
        except OSError:
            pass  # a read-only folder: the review is shown, just not kept
    return review


def _beside_a_record(record: Path) -> bool:
    """Whether a review may be kept beside ``record``: not in the saves folder, whose
    every ``.json`` file is taken for a saved game."""
    try:
        return record.resolve().parent != saves_dir().resolve()
    except (OSError, RuntimeError):
        return False


def review_game_state(
    state: GameState,
    seat: int,
    *,
    rounds: Sequence[int] | None = None,
    think: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    workers: int = 1,
    stop: threading.Event | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview | None:
    """Review ``seat``'s decisions in a game at the table (``rounds``: which); nothing is kept."""
    return _review(Replay.from_state(state), seat, rounds, think, iterations, seed, workers, stop, progress)


def _rounds(rounds: Sequence[int] | None) -> tuple[int, ...] | None:
    return tuple(rounds) if rounds is not None else None


def _review(
    replay: Replay, seat: int, rounds: Sequence[int] | None, think: float | None, iterations: int | None,
    seed: int, workers: int, stop: threading.Event | None, progress: Callable[[int, int], None] | None,
) -> GameReview | None:
    start = replay.state_at(0)
    points = list(decision_points(start, replay.actions, seat, rounds))
    decisions = review_points(
        replay.info.game, points, seed=seed, think=think, iterations=iterations, workers=workers, stop=stop,
        progress=progress,
    )
    if decisions is None:
        return None
    return GameReview(replay.info.game, seat, _rounds(rounds), think, iterations, tuple(decisions))


def decision_line(decision: DecisionReview, review: GameReview, ascii_only: bool = False) -> str:
    """One decision in one plain line, as the review screen and the command say it.

    ``You played K♠: 6.2 points expected this hand. Q♣ was better: 3.1. Cost 3.1 points.``
    A pass or a gift back reads ``You gave …``.
    """
    measure = review.measure
    made = move_label(decision.made, ascii_only)
    best = move_label(decision.best, ascii_only)
    verb = "gave" if decision.made.startswith("give") else "played"
    if decision.verdict == "forced":
        return f"You {verb} {made}: the only move."
    if decision.verdict == "unvalued":
        return f"You {verb} {made}: not reviewed (the hard bot does not search this kind of move)."
    if decision.made_value is None or decision.best_value is None:
        return f"You {verb} {made}: the hard bot's move."
    said = f"You {verb} {made}: {measure.describe(decision.made_value, decision.made_also)}."
    if decision.verdict == "good":
        if decision.made == decision.best:
            return f"{said} The hard bot's move too."
        return f"{said} As good as {best} ({measure.describe(decision.best_value, decision.best_also)})."
    better = measure.describe(decision.best_value, decision.best_also)
    tail = f"Cost {measure.cost_words(decision.cost)}"
    if decision.verdict == "close":
        return f"{said} {best} was a little better: {better}. {tail}, within the search's noise or too small to matter."
    return f"{said} {best} was better: {better}. {tail}. A mistake."


def summary_lines(review: GameReview, ascii_only: bool = False) -> list[str]:
    """The review's head: decisions reviewed, total expected cost, mistakes, the costliest."""
    measure = review.measure
    lines = [
        f"{len(review.decisions)} decisions reviewed; expected cost in all {measure.cost_words(review.total_cost)}; "
        f"{len(review.mistakes)} {'mistake' if len(review.mistakes) == 1 else 'mistakes'}.",
    ]
    for decision in review.costliest():
        lines.append(
            f"  move {decision.position + 1}: {move_label(decision.made, ascii_only)} instead of "
            f"{move_label(decision.best, ascii_only)}, cost {measure.cost_words(decision.cost)}"
        )
    return lines
