"""The review screen: a seat's decisions stepped through like a replay, each with what
it cost, judged by the hard bot from what the seat could see then.

The review runs in a worker thread (both cores where the machine has them), its
progress in a progress bar in the buttons' row (and in words on the status line, which
stays when the row is hidden on a short terminal); Escape cancels it.  The table shows each decision as the
seat saw it before moving.
"""

from __future__ import annotations

import threading
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.widgets import ProgressBar

from cardtable.bots.review import move_label
from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation
from cardtable.lang import N_, _, pgettext
from cardtable.session.review import (
    GameReview,
    RoundReviews,
    decision_line,
    review_game_state,
    review_record,
    summary_lines,
)
from cardtable.tui.keymap import REVIEW_KEYS, bindings, say_some
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.tables import TableContext
from cardtable.tui.viewmodel import hand_title
from cardtable.tui.widgets.hand import HandView
from cardtable.userdata.records import Replay

__all__ = ["ReviewScreen"]

def _own_cards(move: str) -> set[Card]:
    """The cards of the hand a move uses: a defence's beating card, else its cards.

    >>> sorted(str(card) for card in _own_cards("defend 9H JH")), _own_cards("pass")
    (['JH'], set())
    """
    action = Action.parse(move)
    cards = action.cards[1:] if action.kind == "defend" else action.cards
    return set(cards)


_MARKS = {
    "mistake": N_("Mistake"),
    "close": "Close",  # worded by _mark (a context: a verdict, not a key)
    "good": N_("Good"),
    "forced": N_("Forced"),
    "unvalued": N_("Not reviewed"),
}


def _mark(verdict: str) -> str:
    if verdict == "close":
        return pgettext("a review's verdict", "Close")
    return _(_MARKS[verdict])


class ReviewScreen(ReplayScreen, inherit_bindings=False):
    """Review ``seat`` of ``replay`` (``rounds``: which, ``None`` for every round).  With
    ``record``, the review is kept beside that file and read back from it; with
    ``kept`` (a game at the table), kept there and read back from there."""

    BINDINGS = bindings(REVIEW_KEYS)

    def __init__(
        self,
        replay: Replay,
        seat: int,
        *,
        rounds: tuple[int, ...] | None = None,
        record: Path | None = None,
        kept: RoundReviews | None = None,
        think: float | None = None,
        iterations: int | None = None,
        workers: int = 1,
    ) -> None:
        # A replay of its own: stepping through the decisions leaves the caller's where it was.
        super().__init__(Replay(replay.state_at(0), replay.actions, replay.info), seat)
        self.review_seat = seat
        self.rounds = rounds
        self.record = record
        self.kept = kept
        self.think = think
        self.iterations = iterations
        self.search_workers = workers
        self.review: GameReview | None = None
        self.index = -1  # -1: the summary; else the decision shown
        self.cancel_event = threading.Event()
        self.progress = (0, 0)

    def compose_moves(self) -> ComposeResult:
        """The progress bar while the review runs, with Close beside it; the replay's
        buttons, which step through the decisions, once it is done."""
        yield ProgressBar(total=None, show_eta=False, id="review-progress")
        yield from super().compose_moves()

    def on_mount(self) -> None:
        super().on_mount()
        self._show_progress(True)
        self.run_review()

    def _show_progress(self, running: bool) -> None:
        """The bar and Close while the review runs; the stepping buttons after."""
        self.query_one("#review-progress", ProgressBar).display = running
        for button in self.query("#moves Button"):
            button.display = not running or button.id == "replay-close"

    @work(thread=True, exclusive=True, group="review")
    def run_review(self) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progressed, done, total)

        if self.record is not None:
            result = review_record(
                self.record, self.review_seat, think=self.think, iterations=self.iterations, workers=self.search_workers,
                rounds=self.rounds, stop=self.cancel_event, progress=progress,
            )
        elif self.kept is not None:
            result = self.kept.review(
                self.replay, self.review_seat, rounds=self.rounds, think=self.think, iterations=self.iterations,
                workers=self.search_workers, stop=self.cancel_event, progress=progress,
            )
        else:
            result = review_game_state(
                self.replay.state_at(self.replay.length), self.review_seat, rounds=self.rounds, think=self.think,
                iterations=self.iterations, workers=self.search_workers, stop=self.cancel_event, progress=progress,
            )
        if result is not None and not self.cancel_event.is_set():
            self.app.call_from_thread(self._reviewed, result)

    def _progressed(self, done: int, total: int) -> None:
        self.progress = (done, total)
        if self.cancel_event.is_set() or not self.is_attached:
            return  # closed while the review ran: its last progress has no screen to go to
        if self.review is None:
            self.query_one("#review-progress", ProgressBar).update(total=total, progress=done)
            self.set_status(self.move_text())

    def _reviewed(self, review: GameReview) -> None:
        self.review = review
        self.index = -1
        if review.kept_file_newer is not None:
            from cardtable.display import visible

            self.app.notify(_("The kept review {path} is a newer cardtable's; it was left as it is, "
                              "and this review was not kept.").format(path=visible(str(review.kept_file_newer))),
                            severity="warning", timeout=10, markup=False)
        self._show_progress(False)
        if review.decisions:
            self._show(-1)
        else:
            self.after_change()

    # --- drawing ---------------------------------------------------------------------
    def title_text(self, obs: Observation, ctx: TableContext) -> str:
        review = self.review
        if review is None:
            return "  " + _("review of {player}").format(player=ctx.name(self.review_seat))
        if self.index < 0:
            place = _("summary")
        else:
            place = _("decision {number}/{decisions}").format(number=self.index + 1, decisions=len(review.decisions))
        return "  " + _("review of {player}").format(player=ctx.name(self.review_seat)) + f"  ·  {place}"

    def hand_title(self, obs: Observation, ctx: TableContext) -> str | None:
        title = super().hand_title(obs, ctx)
        made, best = self._marked()
        if not made and not best:
            return title
        if title is None:
            title = hand_title(ctx, obs.seat, len(obs.hand))
        hand = self.query_one(HandView)
        # The legend of the marks on the cards (colour is never the only sign).
        return f"{title} · " + _("{made} your move · {best} the hard bot's").format(
            made=hand.made_mark, best=hand.hint_mark)

    def after_change(self) -> None:
        super().after_change()
        hand = self.query_one(HandView)
        hand.made, hand.hinted = self._marked()
        hand.refresh()

    def _marked(self) -> tuple[set[Card], set[Card]]:
        """The cards of the hand to mark at the decision shown: the move made's (● on a
        violet face) and the hard bot's move's (◆, underlined); none on the summary, or
        for a move of no cards of the hand (a pass, a take)."""
        review = self.review
        if review is None or self.index < 0:
            return set(), set()
        decision = review.decisions[self.index]
        hand = set(self.query_one(HandView).cards)
        return _own_cards(decision.made) & hand, _own_cards(decision.best) & hand

    def move_text(self) -> Text:
        review = self.review
        if review is None:
            done, total = self.progress
            return Text(_("Reviewing: {done} of {total} decisions done. Esc cancels.").format(
                done=done, total=total or "?"), style="italic")
        ascii_only = self.context.style.ascii_only
        if self.index < 0:
            text = Text(summary_lines(review, ascii_only)[0], style="bold")
            measure = review.measure
            # Short enough that the head and the costliest fit the status line's three
            # rows at 80 columns (the keys are in the footer too).
            costly = ", ".join(
                _("{move} (decision {number}, {cost})").format(
                    move=move_label(d.made, ascii_only), number=review.number(d), cost=measure.cost_words(d.cost))
                for d in review.costliest()
            )
            if costly:
                text.append("\n" + _("Costliest: {moves}.").format(moves=costly))
            else:
                text.append(
                    "\n" + _("{next} steps through your decisions, {mistake} jumps to the next mistake.").format(
                        next=say_some("decision(1)", REVIEW_KEYS, 1), mistake=say_some("next_mistake", REVIEW_KEYS, 1)),
                    style="italic",
                )
            return text
        decision = review.decisions[self.index]
        style = {"mistake": "bold red", "close": "yellow"}.get(decision.verdict, "green")
        return Text.assemble(
            (f"{_mark(decision.verdict)}: ", style), decision_line(decision, review, ascii_only)
        )

    # --- stepping through the decisions ------------------------------------------------
    def _show(self, index: int) -> None:
        review = self.review
        if review is None or not review.decisions:
            return
        self.index = max(-1, min(len(review.decisions) - 1, index))
        # The summary shows the table at the first decision reviewed (the round
        # reviewed, not the game's first deal).
        self.replay.seek(review.decisions[max(self.index, 0)].position)
        self.after_change()

    def action_decision(self, step: int) -> None:
        self._show(self.index + step)

    def action_summary(self) -> None:
        self._show(-1)

    def action_next_mistake(self) -> None:
        review = self.review
        if review is None:
            return
        later = [i for i, d in enumerate(review.decisions) if d.verdict == "mistake" and i > self.index]
        if later:
            self._show(later[0])
        elif review.mistakes:
            self._show(next(i for i, d in enumerate(review.decisions) if d.verdict == "mistake"))
        else:
            self.notify(_("No mistakes in this review."))

    # The replay's buttons step through the decisions here.
    def action_step(self, count: int) -> None:
        self.action_decision(count)

    def action_seek_start(self) -> None:
        self._show(-1)

    def action_seek_end(self) -> None:
        if self.review is not None:
            self._show(len(self.review.decisions) - 1)

    def action_close(self) -> None:
        self.cancel_event.set()
        super().action_close()
