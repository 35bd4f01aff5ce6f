"""Reviewing a game, kept so that opening a review again is instant.

:func:`review_record` reviews one seat of a finished game's record (by
:mod:`cardtable.bots.review`) and keeps the result as a sibling file,
``<record>.review-seatN.json``, written atomically (not in the saves folder: a finished
game's save file is reviewed, not kept beside).  The file names the record's content
hash and the seat, and holds the decisions reviewed with each budget and seed (the
thinking time or iterations), by position: a decision's review depends on nothing
else (its search is seeded from the seed and its position), so the rounds reviewed
one by one and the whole game reviewed later share them, and only the decisions not
yet kept are reviewed.  A review for another record or seat is not used, and a file
of that name that is not cardtable's own review is never written over.  A kept file is
outside text: a decision in it that does not read as one (damaged or forged), or that
is not the move the record made there, is reviewed afresh; a file of a newer
cardtable's format is left as it is, and the review says so
(:attr:`GameReview.kept_file_newer`).

:class:`RoundReviews` keeps the reviews made of a game still at the table (the
round-over pop-up's) in memory while the game is open, and once the game is over and
its record written, beside the record in the same file.
:func:`review_game_state` reviews a game at the table and keeps nothing.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from cardtable.bots.review import (
    MISTAKE_SIGMAS,
    DecisionReview,
    ReviewMeasure,
    decision_points,
    measure_of,
    move_label,
    review_points,
)
from cardtable.engine.saves import save_data
from cardtable.engine.state import GameState
from cardtable.errors import SaveFileError
from cardtable.lang import _, ngettext
from cardtable.userdata.meta import save_id_of
from cardtable.userdata.paths import atomic_write_text, read_file_bytes, read_or_refuse, records_dir, saves_dir
from cardtable.userdata.records import Replay, load_record, records_of

__all__ = ["GameReview", "RoundReviews", "review_record", "review_game_state", "review_path", "newest_record",
           "record_of", "history_digests", "REVIEW_FORMAT", "KEPT_BUDGETS", "decision_line", "summary_lines"]

REVIEW_FORMAT = 3
"""The version of a kept review file.  3: the decisions of one record and seat, by
budget and position, whatever rounds each review asked for, President's gift back in the
exchange valued too; a file of an older version (2: one review as a whole, the gifts
not valued) is reviewed afresh, and replaced."""

KEPT_BUDGETS = 4
"""How many budgets (thinking time or iterations, and seed) a kept review file holds
at most, the newest kept: a review at another thinking time does not grow it forever."""

Budget = tuple[float | None, int | None, int]
"""What a decision's review depends on besides the game: thinking time, iterations, seed."""


@dataclass(frozen=True)
class GameReview:
    """One seat's decisions reviewed (``rounds``: which, ``None`` for the whole game);
    ``cached``: every one read back from a kept review, none reviewed now."""

    game: str
    seat: int
    rounds: tuple[int, ...] | None
    think: float | None
    iterations: int | None
    decisions: tuple[DecisionReview, ...]
    cached: bool = False
    #: the kept review file beside the record, when it is a newer cardtable's (left as
    #: it is: this review was not kept in it)
    kept_file_newer: Path | None = None

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

    def number(self, decision: DecisionReview) -> int:
        """The decision's number in this review, from 1: the one numbering the review
        screen's steps (``decision 3/17``), its summary and the command all use."""
        return self.decisions.index(decision) + 1

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


def record_of(state: GameState) -> Path | None:
    """The record kept in the records folder of ``state``'s game, once it is over."""
    save_id = save_id_of(state)
    found = records_of(save_id) if save_id is not None and state.is_over else []
    return found[0] if found else None


def history_digests(replay: Replay) -> list[str]:
    """A digest of the deal and the actions through each position: item ``p`` names
    the game up to and with action ``p``, so a decision at ``p`` and the move made.
    Two games share a digest only where they were dealt alike and played alike so far
    (a move taken back and played otherwise changes it from there on)."""
    setup = {k: v for k, v in save_data(replay.state_at(0)).items() if k not in ("actions", "meta")}
    running = hashlib.sha256(json.dumps(setup, sort_keys=True, ensure_ascii=False).encode())
    digests = []
    for seat, action in replay.actions:
        running.update(f"\n{seat} {action}".encode())
        digests.append(running.copy().hexdigest())
    return digests


KeptFile = Literal["ours", "newer", "foreign"]
"""What is at a review's place beside a record: nothing or cardtable's own review
(``ours``: may be written), a newer cardtable's review (``newer``), or a file that is
not cardtable's review (``foreign``); neither of the last two is ever written over."""


def _read_kept(path: Path, record_digest: str, seat: int) -> tuple[KeptFile, dict[Budget, dict[int, DecisionReview]]]:
    """What ``path`` is (:data:`KeptFile`), and the decisions it keeps of this record's
    seat, by budget and position: each one that reads as a decision review (the others
    are reviewed afresh)."""
    try:
        data = json.loads(read_file_bytes(path))
    except FileNotFoundError:
        return "ours", {}
    except (OSError, ValueError, RecursionError):
        return "foreign", {}
    version = data.get("cardtable_review") if isinstance(data, dict) else None
    if not isinstance(version, int) or isinstance(version, bool):
        return "foreign", {}
    if version > REVIEW_FORMAT:
        return "newer", {}
    # Cardtable's own from here: a review of another record, seat or version is replaced.
    kept: dict[Budget, dict[int, DecisionReview]] = {}
    if version != REVIEW_FORMAT or data.get("record_sha256") != record_digest or data.get("seat") != seat:
        return "ours", kept
    reviews = data.get("reviews")
    for entry in reviews if isinstance(reviews, list) else []:
        budget = _budget(entry)
        decisions = entry.get("decisions") if isinstance(entry, dict) else None
        if budget is None or not isinstance(decisions, list):
            continue
        for item in decisions:
            try:
                decision = DecisionReview.from_dict(item) if isinstance(item, dict) else None
            except ValueError:
                decision = None  # a damaged or forged one: reviewed afresh
            if decision is not None:
                kept.setdefault(budget, {})[decision.position] = decision
    return "ours", kept


def _budget(entry: Any) -> Budget | None:
    """A kept review's budget, if it reads as one: thinking time, iterations, seed."""
    if not isinstance(entry, dict):
        return None
    think, iterations, seed = entry.get("think"), entry.get("iterations"), entry.get("seed")
    if think is not None and not (isinstance(think, (int, float)) and not isinstance(think, bool)
                                  and math.isfinite(think)):
        return None
    if iterations is not None and (not isinstance(iterations, int) or isinstance(iterations, bool)):
        return None
    if not isinstance(seed, int) or isinstance(seed, bool):
        return None
    return (None if think is None else float(think), iterations, seed)


_KEEPING = threading.Lock()
"""Held while a kept review file is read, merged and written (the review screen's
worker and the game screen may both keep one of the same record)."""


def _keep(record: Path, game: str, record_digest: str, seat: int,
          found: Mapping[Budget, Mapping[int, DecisionReview]]) -> None:
    """Add ``found`` to what is kept beside ``record`` for ``seat`` (atomically), unless
    the record is in the saves folder or a file not cardtable's review has that name."""
    if not found or not _beside_a_record(record):
        return
    target = review_path(record, seat)
    with _KEEPING:
        state, kept = _read_kept(target, record_digest, seat)
        if state != "ours":
            return
        for budget, decisions in found.items():
            merged = {**kept.pop(budget, {}), **decisions}
            kept[budget] = merged  # last: the newest budget
        newest = list(kept.items())[-KEPT_BUDGETS:]
        data = {
            "cardtable_review": REVIEW_FORMAT, "game": game, "record_sha256": record_digest, "seat": seat,
            "reviews": [
                {"think": think, "iterations": iterations, "seed": seed,
                 "decisions": [decisions[p].to_dict() for p in sorted(decisions)]}
                for (think, iterations, seed), decisions in newest
            ],
        }
        try:
            atomic_write_text(target, json.dumps(data, ensure_ascii=False, indent=1))
        except OSError:
            pass  # a read-only folder: the review is shown, just not kept


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

    The decisions kept beside the record for the same record, seat, budget and seed
    are read back, and only the others reviewed (and kept, with ``keep``).  Raises
    :class:`SaveFileError` for a record that cannot be read or a game that is not
    finished (a review would show a seat's hand to the others at the table), and
    ``ValueError`` for a seat the game does not have.
    """
    raw = read_or_refuse(record, "review")
    replay = load_record(record)
    if not replay.state_at(replay.length).is_over:
        raise SaveFileError(_("cannot review {path}: the game is not finished").format(path=record))
    players = replay.state.num_players
    if not 0 <= seat < players:
        raise ValueError(f"there is no seat {seat + 1} in this game (1 to {players})")
    record_digest = hashlib.sha256(raw).hexdigest()
    budget: Budget = (think, iterations, seed)
    state, kept = _read_kept(review_path(record, seat), record_digest, seat)
    review = _review(replay, seat, rounds, budget, workers, stop, progress, kept.get(budget, {}))
    if review is None:
        return None
    if state == "newer" and _beside_a_record(record):
        review = replace(review, kept_file_newer=review_path(record, seat))
    if keep and not review.cached:
        _keep(record, review.game, record_digest, seat, {budget: {d.position: d for d in review.decisions}})
    return review


def _beside_a_record(record: Path) -> bool:
    """Whether a review may be kept beside ``record``: not in the saves folder, whose
    every ``.json`` file is taken for a saved game."""
    try:
        return record.resolve().parent != saves_dir().resolve()
    except (OSError, RuntimeError):
        return False


class RoundReviews:
    """The reviews made of one game at the table, kept for as long as it is open, so
    that a round's review opened again is instant; once the game is over and its
    record written (:meth:`keep_beside`), beside the record too, where the replay
    screen and ``cardtable review`` read them.

    A review cancelled is not kept.  Each decision is kept under the seat, the budget
    and seed, and the digest of the game through it (:func:`history_digests`): a move
    taken back and played otherwise is reviewed afresh.  Nothing is written while the
    game is being played: the reviews of an unfinished game stay in memory.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._decisions: dict[tuple[int, Budget, str], DecisionReview] = {}
        #: the finished game's record, once :meth:`keep_beside` named it
        self.record: Path | None = None

    def __len__(self) -> int:
        """How many decisions are kept."""
        with self._lock:
            return len(self._decisions)

    def review(
        self,
        replay: Replay,
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
        """Review ``seat`` (from 0) in ``replay`` (``rounds``: which), reading back the
        decisions kept and keeping the ones reviewed now; ``None`` if cancelled."""
        budget: Budget = (think, iterations, seed)
        digests = history_digests(replay)
        with self._lock:
            kept = {
                position: decision for position, digest in enumerate(digests)
                if (decision := self._decisions.get((seat, budget, digest))) is not None
            }
        review = _review(replay, seat, rounds, budget, workers, stop, progress, kept)
        if review is None or review.cached:
            return review
        with self._lock:
            for decision in review.decisions:
                self._decisions[(seat, budget, digests[decision.position])] = decision
            record = self.record
        if record is not None:
            self._write_beside(record)
        return review

    def keep_beside(self, record: Path) -> None:
        """The game is over and ``record`` is its record: keep the reviews made so far
        beside it, and every one made from now on."""
        with self._lock:
            self.record = record
            if not self._decisions:
                return
        self._write_beside(record)

    def _write_beside(self, record: Path) -> None:
        try:
            raw = read_or_refuse(record, "review")
            replay = load_record(record)
        except (SaveFileError, OSError):
            return  # the record went, or is not this cardtable's to read: kept in memory only
        position_of = {digest: position for position, digest in enumerate(history_digests(replay))}
        found: dict[int, dict[Budget, dict[int, DecisionReview]]] = {}
        with self._lock:
            for (seat, budget, digest), decision in self._decisions.items():
                position = position_of.get(digest)
                if position is not None:
                    found.setdefault(seat, {}).setdefault(budget, {})[position] = decision
        record_digest = hashlib.sha256(raw).hexdigest()
        for seat, by_budget in found.items():
            _keep(record, replay.info.game, record_digest, seat, by_budget)


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
    return _review(Replay.from_state(state), seat, rounds, (think, iterations, seed), workers, stop, progress, {})


def _rounds(rounds: Sequence[int] | None) -> tuple[int, ...] | None:
    return tuple(rounds) if rounds is not None else None


def _review(
    replay: Replay, seat: int, rounds: Sequence[int] | None, budget: Budget, workers: int,
    stop: threading.Event | None, progress: Callable[[int, int], None] | None, kept: Mapping[int, DecisionReview],
) -> GameReview | None:
    """The review of ``seat``'s decisions in ``rounds``: those in ``kept`` (by position)
    read back, only the others searched."""
    think, iterations, seed = budget
    start = replay.state_at(0)
    points = list(decision_points(start, replay.actions, seat, rounds))
    # A kept decision counts only where it is the move the record made there, in its round.
    kept = {point.position: decision for point in points if (decision := kept.get(point.position)) is not None
            and decision.made == str(point.made) and decision.round == point.round}
    missing = [point for point in points if point.position not in kept]
    fresh = review_points(
        replay.info.game, missing, seed=seed, think=think, iterations=iterations, workers=workers, stop=stop,
        progress=progress,
    ) if missing else []
    if fresh is None:
        return None
    found = {**kept, **{decision.position: decision for decision in fresh}}
    decisions = tuple(found[point.position] for point in points)
    return GameReview(replay.info.game, seat, _rounds(rounds), think, iterations, decisions, cached=not missing)


def decision_line(decision: DecisionReview, review: GameReview, ascii_only: bool = False) -> str:
    """One decision in one plain line, as the review screen and the command say it.

    ``You played K♠: 6.2 points expected this hand. Q♣ was better: 3.1. Cost 3.1 points ± 0.8 points.``
    A pass or a gift back reads ``You gave …``.
    """
    measure = review.measure
    made = move_label(decision.made, ascii_only)
    best = move_label(decision.best, ascii_only)
    gave = decision.made.startswith("give")
    if decision.verdict == "forced":
        return (_("You gave {move}: the only move.") if gave else _("You played {move}: the only move.")).format(move=made)
    if decision.verdict == "unvalued":
        return (_("You gave {move}: not reviewed (the hard bot does not search this kind of move).") if gave
                else _("You played {move}: not reviewed (the hard bot does not search this kind of move).")).format(
            move=made)
    if decision.made_value is None or decision.best_value is None:
        return (_("You gave {move}: the hard bot's move.") if gave
                else _("You played {move}: the hard bot's move.")).format(move=made)
    said = (_("You gave {move}: {value}.") if gave else _("You played {move}: {value}.")).format(
        move=made, value=measure.describe(decision.made_value, decision.made_also))
    if decision.verdict == "good":
        if decision.made == decision.best:
            return _("{said} The hard bot's move too.").format(said=said)
        return _("{said} As good as {best} ({value}).").format(
            said=said, best=best, value=measure.describe(decision.best_value, decision.best_also))
    better = measure.describe(decision.best_value, decision.best_also)
    cost = f"{measure.cost_words(decision.cost)}{_give_or_take(decision, measure)}"
    if decision.verdict == "close":
        return _("{said} {best} was a little better: {value}. Cost {cost}, within the search's noise or too small "
                 "to matter.").format(said=said, best=best, value=better, cost=cost)
    return _("{said} {best} was better: {value}. Cost {cost}. A mistake.").format(
        said=said, best=best, value=better, cost=cost)


def _give_or_take(decision: DecisionReview, measure: ReviewMeasure) -> str:
    """How sure the cost is: `` ± 0.8 points``, two standard errors of the difference
    the second half measured (what chance alone may make of it); a hint of the same
    position says its own figures' noise, so where the two disagree each says how sure
    it is.  Empty when the review kept no standard error."""
    if not 0 < decision.se < float("inf"):
        return ""
    return f" ± {measure.cost_words(MISTAKE_SIGMAS * decision.se)}"


def summary_lines(review: GameReview, ascii_only: bool = False) -> list[str]:
    """The review's head: decisions reviewed, total expected cost, mistakes, the costliest."""
    measure = review.measure
    decisions = ngettext("{count} decision reviewed", "{count} decisions reviewed", len(review.decisions))
    mistakes = ngettext("{count} mistake", "{count} mistakes", len(review.mistakes))
    lines = [
        # TRANSLATORS: the review's head: "12 decisions reviewed; expected cost in all 3.1 points; 1 mistake."
        _("{decisions}; expected cost in all {cost}; {mistakes}.").format(
            decisions=decisions.format(count=len(review.decisions)), cost=measure.cost_words(review.total_cost),
            mistakes=mistakes.format(count=len(review.mistakes))),
    ]
    for decision in review.costliest():
        lines.append("  " + _("decision {number}: {move} instead of {best}, cost {cost}").format(
            number=review.number(decision), move=move_label(decision.made, ascii_only),
            best=move_label(decision.best, ascii_only), cost=measure.cost_words(decision.cost)))
    return lines
