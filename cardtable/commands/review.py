"""``cardtable review [RECORD] [--seat N] [--round N] [--think SECONDS] [--json]``: what
each of a seat's decisions in a finished game cost, judged by the hard bot from that
seat's view."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from cardtable.commands.common import think_seconds
from cardtable.display import visible
from cardtable.errors import InvalidOptionError, SaveFileError
from cardtable.lang import _, ngettext
from cardtable.session.review import GameReview, decision_line, newest_record, review_record, summary_lines

__all__ = ["MAX_REVIEW_ITERATIONS", "review"]

#: the most ``--iterations`` a decision is searched: 25 times what the hard bot reaches in
#: half a second, a review of a game already taking hours beyond it
MAX_REVIEW_ITERATIONS = 100_000


def review(
    record: str | None = None,
    seat: int | None = None,
    think: str | None = None,
    as_json: bool = False,
    iterations: int | None = None,
    seed: int = 0,
    ascii_only: bool = False,
    rounds: Sequence[int] | None = None,
) -> GameReview:
    """Review a seat (from 1; default the person's seat, else seat 1) of a finished game's
    record (default: the newest), in ``rounds`` (default: every round), printing the
    review or, with ``as_json``, one JSON object per decision."""
    if iterations is not None and not 1 <= iterations <= MAX_REVIEW_ITERATIONS:
        raise InvalidOptionError(
            _("--iterations must be 1 to {last}, not {given}").format(last=MAX_REVIEW_ITERATIONS, given=iterations)
        )
    seconds = think_seconds(think) if think is not None else _settings_think()
    path = Path(record) if record is not None else newest_record()
    if path is None:
        raise SaveFileError(_("no finished game to review yet: play one, or name a record"))
    from cardtable.bots.search import play_workers
    from cardtable.userdata.records import load_record

    replay = load_record(path)
    players = replay.state.num_players
    if seat is None:
        humans = [i for i, info in enumerate(replay.seats) if info.kind == "human"]
        index = humans[0] if humans else 0
    elif not 1 <= seat <= players:
        raise InvalidOptionError(
            _("--seat must be 1 to {last} for this game, not {given}").format(last=players, given=seat)
        )
    else:
        index = seat - 1
    if rounds:
        last = replay.state_at(replay.length).observation(index).round
        wrong = [r for r in rounds if not 1 <= r <= last]
        if wrong:
            raise InvalidOptionError(
                _("--round must be 1 to {last} for this game, not {given}").format(last=last, given=wrong[0])
            )
        rounds = sorted(set(rounds))
    else:
        rounds = None
    stderr = sys.stderr

    def progress(done: int, total: int) -> None:
        if stderr.isatty():
            filled = done * 30 // max(total, 1)
            bar = f"[{'#' * filled}{'.' * (30 - filled)}] {done}/{total}"
            stderr.write("\r" + _("reviewing {bar}").format(bar=bar))
            stderr.flush()

    stop = threading.Event()
    try:
        result = review_record(
            path, index, think=seconds if iterations is None else None, iterations=iterations, seed=seed,
            workers=1 if iterations is not None else play_workers(), rounds=rounds, stop=stop, progress=progress,
        )
    except KeyboardInterrupt:
        stop.set()
        raise
    finally:
        if stderr.isatty():
            stderr.write("\r\x1b[K")
    assert result is not None, "only a set stop cancels the review"
    if result.kept_file_newer is not None:
        from cardtable.commands.common import warn

        warn(_("the kept review {path} is a newer cardtable's; it was left as it is, and this review was not kept")
             .format(path=visible(str(result.kept_file_newer))))
    if as_json:
        for decision in result.decisions:
            print(json.dumps(decision.to_dict(), ensure_ascii=False))
        return result
    name = replay.seats[index].name if index < len(replay.seats) else _("Seat {seat}").format(seat=index + 1)
    if rounds:
        head = ngettext("Review of {name} (seat {seat}, round {rounds}) in {file}",
                        "Review of {name} (seat {seat}, rounds {rounds}) in {file}", len(rounds))
    else:
        head = _("Review of {name} (seat {seat}) in {file}")
    head = head.format(name=name, seat=index + 1, rounds=", ".join(map(str, rounds or ())), file=path.name)
    print(visible(_("{head}  (kept review)").format(head=head) if result.cached else head))
    for line in summary_lines(result, ascii_only):
        print(line)
    print()
    for number, decision in enumerate(result.decisions, start=1):
        mark = {"mistake": "!", "close": "?", "good": " ", "forced": " ", "unvalued": " "}[decision.verdict]
        said = _("decision {number}/{count}: {verdict}").format(
            number=f"{number:>3}", count=len(result.decisions), verdict=decision_line(decision, result, ascii_only))
        print(f"{mark} {said}")
    return result


def _settings_think() -> float:
    from cardtable.userdata.settings import load_settings

    try:
        return load_settings()[0].think_seconds
    except Exception:  # noqa: BLE001 - a settings file that cannot be read: the default time
        return 0.5
