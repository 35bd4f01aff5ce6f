"""``cardtable review [RECORD] [--seat N] [--think SECONDS] [--json]``: what each of a
seat's decisions in a finished game cost, judged by the hard bot from that seat's view."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

from cardtable.bots.review import DecisionReview, move_label
from cardtable.commands.common import think_seconds
from cardtable.display import visible
from cardtable.errors import InvalidOptionError, SaveFileError
from cardtable.session.review import GameReview, newest_record, review_record

__all__ = ["review", "decision_line", "summary_lines"]


def decision_line(decision: DecisionReview, review: GameReview, ascii_only: bool = False) -> str:
    """One decision in one plain line, as the review screen and the command say it.

    ``You played K♠: 6.2 points expected this hand. Q♣ was better: 3.1. Cost 3.1 points.``
    """
    measure = review.measure
    made = move_label(decision.made, ascii_only)
    best = move_label(decision.best, ascii_only)
    if decision.verdict == "forced":
        return f"You played {made}: the only move."
    if decision.verdict == "unvalued":
        return f"You played {made}: not reviewed (the hard bot does not search this kind of move)."
    if decision.made_value is None or decision.best_value is None:
        return f"You played {made}: the hard bot's move."
    said = f"You played {made}: {measure.describe(decision.made_value, decision.made_also)}."
    if decision.verdict == "good":
        if decision.made == decision.best or decision.cost == 0.0:
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


def review(
    record: str | None = None,
    seat: int | None = None,
    think: str | None = None,
    as_json: bool = False,
    iterations: int | None = None,
    seed: int = 0,
    ascii_only: bool = False,
) -> GameReview:
    """Review a seat (from 1; default the person's seat, else seat 1) of a finished game's
    record (default: the newest), printing the review or, with ``as_json``, one JSON
    object per decision."""
    seconds = think_seconds(think) if think is not None else _settings_think()
    path = Path(record) if record is not None else newest_record()
    if path is None:
        raise SaveFileError("no finished game to review yet: play one, or name a record")
    from cardtable.bots.search_pool import play_workers
    from cardtable.userdata.records import load_record

    replay = load_record(path)
    players = replay.state.num_players
    if seat is None:
        humans = [i for i, info in enumerate(replay.seats) if info.kind == "human"]
        index = humans[0] if humans else 0
    elif not 1 <= seat <= players:
        raise InvalidOptionError(f"--seat must be 1 to {players} for this game, not {seat}")
    else:
        index = seat - 1
    stderr = sys.stderr

    def progress(done: int, total: int) -> None:
        if stderr.isatty():
            filled = done * 30 // max(total, 1)
            stderr.write(f"\rreviewing [{'#' * filled}{'.' * (30 - filled)}] {done}/{total}")
            stderr.flush()

    stop = threading.Event()
    try:
        result = review_record(
            path, index, think=seconds if iterations is None else None, iterations=iterations, seed=seed,
            workers=1 if iterations is not None else play_workers(), stop=stop, progress=progress,
        )
    except KeyboardInterrupt:
        stop.set()
        raise
    finally:
        if stderr.isatty():
            stderr.write("\r\x1b[K")
    assert result is not None, "only a set stop cancels the review"
    if as_json:
        for decision in result.decisions:
            print(json.dumps(decision.to_dict(), ensure_ascii=False))
        return result
    name = replay.seats[index].name if index < len(replay.seats) else f"Seat {index + 1}"
    print(visible(f"Review of {name} (seat {index + 1}) in {path.name}" + ("  (kept review)" if result.cached else "")))
    for line in summary_lines(result, ascii_only):
        print(line)
    print()
    for decision in result.decisions:
        mark = {"mistake": "!", "close": "?", "good": " ", "forced": " ", "unvalued": " "}[decision.verdict]
        print(f"{mark} move {decision.position + 1:>3}: {decision_line(decision, result, ascii_only)}")
    return result


def _settings_think() -> float:
    from cardtable.userdata.settings import load_settings

    try:
        return load_settings()[0].think_seconds
    except Exception:  # noqa: BLE001 - a settings file that cannot be read: the default time
        return 0.5
