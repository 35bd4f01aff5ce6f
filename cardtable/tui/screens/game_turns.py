"""The game screen's turn loop: :class:`TurnsPart`.

After every change (a move, an answer from a host, a pop-up closed) the screen redraws
from the session and lets the next player act: it covers the screen first when a
hot-seat hand-over is due, keeps a completed trick on the table a moment, shows a
round's end, or runs a bot's thinking in a worker thread (the session hands out a
:class:`~cardtable.session.BotRequest` and drops a stale answer).  The session's
notices (:mod:`cardtable.session.notices`, one class per kind) are matched here.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.worker import get_current_worker

from cardtable.engine.actions import Action
from cardtable.engine.payloads import EventKind
from cardtable.session.notices import (
    BotReplaced,
    Changed,
    Disconnected,
    Finished,
    GameOver,
    HandHidden,
    Joined,
    Left,
    Moved,
    Notice,
    Paused,
    Refused,
    SaveFailed,
    SaveWarning,
    SeatBack,
    SeatToBot,
    TimeRanOut,
    Undone,
)
from cardtable.tui.config import SeatConfig
from cardtable.tui.screens.game_parts import GameScreenParts
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.movelog import MoveLog
from cardtable.tui.wording import news_line, pause_line

if TYPE_CHECKING:
    from cardtable.session.requests import BotAnswer, BotRequest

__all__ = ["TurnsPart"]


class TurnsPart(GameScreenParts):
    """The session's notices, the turn loop, the bots' turns and a person's move."""

    # --- what the session tells ----------------------------------------------------------
    def on_notice(self, notice: Notice) -> None:
        """Turn the session's news into what the screen shows next."""
        if not self.ready:
            return  # a host's news while the screen is being built: mounting draws the latest
        match notice:
            case Moved(seat=seat, events=events):
                if seat == self.viewer and not self.session.local:
                    self.query_one(HandView).clear_selection()  # our move, sent from here, was made
                for event in events:
                    match event.kind:
                        case kind if kind in self.table.completions:
                            self.just_completed = event
                        case EventKind.ROUND_OVER:
                            self.pending_round_over = event
                        case EventKind.REVOLUTION:
                            self.message = self.table.log_line(event, self.context, self.viewer)
            case HandHidden():
                self.hide_hand()
            case Undone(action=action):
                self.pending_round_over = self.just_completed = None
                self.query_one(MoveLog).lines.clear()
                self.seen_events = 0
                self.forget_received()
                self.hint_action = None
                self.query_one(HandView).clear_selection()
                self.message = Text.assemble(
                    ("Undone: ", "bold cyan"), self.table.move_phrase(action, self.context),
                    " and the moves after it.",
                )
            case BotReplaced(seat=seat, level=level):
                name = self.session.seats[seat].name
                self.app.notify(f"{name} now plays as the {level} bot.", timeout=6, markup=False)
            case Refused(refusal=refusal):
                # The host's reason for a move sent from here (the state it answers stays).
                if not self._gone():
                    self.show_refusal(refusal)
            case Changed():
                self.app.seats_changed()  # type: ignore[attr-defined]  # the seats' list, if open, says who is here
                if not self._gone() and not self.finished:
                    self.after_change()
            case Joined() | Left() | SeatToBot() | SeatBack() | TimeRanOut() | GameOver():
                self.app.notify(news_line(notice, self.context.name), timeout=6, markup=False)
            case Paused(pause=pause):
                self.app.notify(pause_line(pause, self.context.name), timeout=6, markup=False)
            case Disconnected(reason=reason):
                self.app.notify(f"Disconnected: {reason}", severity="error", timeout=12, markup=False)
            case Finished():
                self.keep_reviews_with_record()
            case SaveWarning(message=message):
                self.app.notify(message, severity="warning", markup=False)
            case SaveFailed(reason=reason):
                self.app.notify(f"cannot save the game: {reason}", severity="error", markup=False)

    # --- the turn loop ----------------------------------------------------------------
    def after_change(self) -> None:
        """Redraw, then show a round's end if one just happened, or let the next player
        act; in hot-seat, first cover the screen for the next person if a hand-over is due
        (the person who looked last sees their hand again without one)."""
        self.pause_token += 1  # a pause still running is over: the game moved on
        self.table.completed = None
        handover = self.session.handover
        due = None if handover is None else handover.due()
        if due is not None:
            self.hand_over(due)
            return
        again = None if handover is None else handover.reveal_due()
        if handover is not None and again is not None:
            handover.reveal(again)  # only bots moved since this person looked
        self.refresh_view()
        if self.start_pause():
            return
        self.carry_on()

    def carry_on(self) -> None:
        """After the table is drawn: show a round's end if one just happened, else play on."""
        if self.pending_round_over is not None:
            event, self.pending_round_over = self.pending_round_over, None
            self.show_round_over(event)
            return
        self.next_turn()

    # --- bots ---------------------------------------------------------------------------
    def next_turn(self) -> None:
        """A bot's turn: ask the session for its request and think about it in a worker."""
        if self.finished:
            return
        bot_turns = self.session.bot_turns
        if bot_turns is None:
            # The host runs the bots; its news of their moves redraws this screen.
            if self.session.bot_to_act and self.pause_text() is None:
                news = self.news
                self.set_status(Text.assemble(news, "  ·  ", self.thinking_text()) if news else self.thinking_text())
            return
        failed = bot_turns.failed()
        if failed is not None:
            self.bot_failed(failed)
            return
        request = bot_turns.request()
        if request is None:
            return
        news = self.news
        self.set_status(Text.assemble(news, "  ·  ", self.thinking_text()) if news else self.thinking_text())
        self.bot_turn(request)

    @work(thread=True, group="bots", exit_on_error=True)
    def bot_turn(self, request: BotRequest) -> None:
        """Think in a thread (after the pacing delay), then hand the answer back."""
        worker = get_current_worker()
        answer = request.think(self.app.bot_delay, lambda: worker.is_cancelled)  # type: ignore[attr-defined]
        if not answer.cancelled:
            self.app.call_from_thread(self.bot_answered, answer)

    def bot_answered(self, answer: BotAnswer) -> None:
        bot_turns = self.session.bot_turns
        if self._gone() or self.finished or bot_turns is None:
            return
        outcome = bot_turns.answer(answer)
        if outcome == "played":
            self.after_change()
        elif outcome == "failed":
            self.bot_failed(answer.seat)

    def bot_failed(self, seat: int) -> None:
        """Pause the game on the failure and ask which built-in level plays on for ``seat``."""
        from cardtable.tui.screens.botfailure import BotFailedScreen

        bot_turns = self.session.bot_turns
        line = "" if bot_turns is None else bot_turns.failures.get(seat, "")
        self.set_status(Text(line, style="bold red"))
        label = self.context.labels[seat]
        self.app.push_screen(BotFailedScreen(label, line), lambda choice: self.replace_bot(seat, choice))

    def replace_bot(self, seat: int, choice: str | None) -> None:
        """Give ``seat`` to the built-in level ``choice`` and go on (``quit``: leave the table)."""
        if choice == "quit" or choice is None:
            self.action_quit_table()
            return
        seats = list(self.config.seats)
        seats[seat] = SeatConfig(choice, seats[seat].name)
        self.config = dataclasses.replace(self.config, seats=tuple(seats))
        bot_turns = self.session.bot_turns
        if bot_turns is not None:
            bot_turns.replace(seat, choice)
        self.after_change()

    # --- a person's move -----------------------------------------------------------------
    def human_move(self, action: Action | str) -> bool:
        """Make the viewer's move; on refusal show the engine's reason, change nothing."""
        seat = self.session.to_act
        if seat is None or not self.session.human_to_act or seat != self.viewer or seat != self.revealed:
            self.set_status(self.wait_text())
            return False
        pause = self.pause_text()
        if pause is not None:
            # The table waits for an away player: that is news, not a refusal of the move.
            self.set_status(pause)
            return False
        refusal = self.session.act(seat, action)
        if refusal is not None:
            self.show_refusal(refusal)
            return False
        self.hint_action = None
        self.news = None
        self.forget_received()
        if self.session.waiting:
            # Sent to the host: its new state, or its reason for refusing, redraws.
            self.set_status(Text("Sent; waiting for the table…", style="italic"))
            return True
        self.query_one(HandView).clear_selection()
        self.after_change()
        return True
