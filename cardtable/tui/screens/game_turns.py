"""The game screen's turn loop: :class:`TurnsPart`.

After every change (a move, an answer from a host, a pop-up closed) the screen redraws
from the session and lets the next player act: it covers the screen first when a
hot-seat hand-over is due, keeps a completed trick on the table a moment, shows a
round's end, or runs a bot's thinking in a worker thread (the session hands out a
:class:`~cardtable.session.BotRequest` and drops a stale answer).  The session's
notices (:class:`~cardtable.session.NoticeKind`) are matched here.
"""

from __future__ import annotations

import dataclasses

from rich.text import Text
from textual import work
from textual.worker import get_current_worker

from cardtable.engine.actions import Action
from cardtable.engine.payloads import EventKind
from cardtable.session import BotAnswer, BotRequest, Notice, NoticeKind
from cardtable.tui.config import SeatConfig
from cardtable.tui.screens.game_parts import GameScreenParts
from cardtable.tui.services import services
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.movelog import MoveLog

__all__ = ["TurnsPart"]


class TurnsPart(GameScreenParts):
    """The session's notices, the turn loop, the bots' turns and a person's move."""

    # --- what the session tells ----------------------------------------------------------
    def on_notice(self, notice: Notice) -> None:
        """Turn the session's news into what the screen shows next."""
        if not self.ready:
            return  # a host's news while the screen is being built: mounting draws the latest
        match notice.kind:
            case NoticeKind.MOVED:
                if notice.seat == self.viewer and not self.session.local:
                    self.query_one(HandView).clear_selection()  # our move, sent from here, was made
                for event in notice.events:
                    match event.kind:
                        case kind if kind in self.table.completions:
                            self.just_completed = event
                        case EventKind.ROUND_OVER:
                            self.pending_round_over = event
                        case EventKind.REVOLUTION:
                            self.message = self.table.log_line(event, self.context, self.viewer)
            case NoticeKind.HAND_HIDDEN:
                self.hide_hand()
            case NoticeKind.UNDONE if notice.action is not None:
                self.pending_round_over = self.just_completed = None
                self.query_one(MoveLog).lines.clear()
                self.seen_events = 0
                self.forget_received()
                self.hint_action = None
                self.query_one(HandView).clear_selection()
                self.message = Text.assemble(
                    ("Undone: ", "bold cyan"), self.table.move_phrase(notice.action, self.context),
                    " and the moves after it.",
                )
            case NoticeKind.BOT_REPLACED if notice.seat is not None:
                name = self.session.seats[notice.seat].name
                self.app.notify(f"{name} now plays as the {notice.text} bot.", timeout=6, markup=False)
            case NoticeKind.REFUSED:
                # The host's reason for a move sent from here (the state it answers stays).
                if not self._gone():
                    self.show_refusal(notice.text)
            case NoticeKind.CHANGED:
                if not self._gone() and not self.finished:
                    self.after_change()
            case NoticeKind.STATUS:
                if notice.text:
                    self.app.notify(notice.text, timeout=6, markup=False)
                services(self).seats_changed()  # a player came or went: the seats' list says so
            case NoticeKind.DISCONNECTED:
                self.app.notify(f"Disconnected: {notice.text}", severity="error", timeout=12, markup=False)
            case NoticeKind.FINISHED:
                self.keep_reviews_with_record()
            case NoticeKind.SAVE_WARNING:
                self.app.notify(notice.text, severity="warning", markup=False)
            case NoticeKind.SAVE_FAILED:
                self.app.notify(f"cannot save the game: {notice.text}", severity="error", markup=False)

    # --- the turn loop ----------------------------------------------------------------
    def after_change(self) -> None:
        """Redraw, then show a round's end if one just happened, or let the next player
        act; in hot-seat, first cover the screen for the next person if a hand-over is due
        (the person who looked last sees their hand again without one)."""
        self.pause_token += 1  # a pause still running is over: the game moved on
        self.table.completed = None
        due = self.session.handover_due()
        if due is not None:
            self.hand_over(due)
            return
        again = self.session.reveal_due()
        if again is not None:
            self.session.reveal(again)  # only bots moved since this person looked
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
        if self.session.bots_elsewhere:
            # The host runs the bots; its news of their moves redraws this screen.
            if self.session.bot_to_act and not self.session.pause_line:
                news = self.news
                self.set_status(Text.assemble(news, "  ·  ", self.thinking_text()) if news else self.thinking_text())
            return
        failed = self.session.failed_bot()
        if failed is not None:
            self.bot_failed(failed)
            return
        request = self.session.bot_request()
        if request is None:
            return
        news = self.news
        self.set_status(Text.assemble(news, "  ·  ", self.thinking_text()) if news else self.thinking_text())
        self.bot_turn(request)

    @work(thread=True, group="bots", exit_on_error=True)
    def bot_turn(self, request: BotRequest) -> None:
        """Think in a thread (after the pacing delay), then hand the answer back."""
        worker = get_current_worker()
        answer = request.think(services(self).bot_delay, lambda: worker.is_cancelled)
        if not answer.cancelled:
            self.app.call_from_thread(self.bot_answered, answer)

    def bot_answered(self, answer: BotAnswer) -> None:
        if self._gone() or self.finished:
            return
        outcome = self.session.bot_answer(answer)
        if outcome == "played":
            self.after_change()
        elif outcome == "failed":
            self.bot_failed(answer.seat)

    def bot_failed(self, seat: int) -> None:
        """Pause the game on the failure and ask which built-in level plays on for ``seat``."""
        from cardtable.tui.screens.botfailure import BotFailedScreen

        line = self.session.bot_failures[seat]
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
        self.session.replace_bot(seat, choice)
        self.after_change()

    # --- a person's move -----------------------------------------------------------------
    def human_move(self, action: Action | str) -> bool:
        """Make the viewer's move; on refusal show the engine's reason, change nothing."""
        seat = self.session.to_act
        if seat is None or not self.session.human_to_act or seat != self.viewer or seat != self.revealed:
            self.set_status(self.wait_text())
            return False
        if self.session.pause_line:
            # The table waits for an away player: that is news, not a refusal of the move.
            self.set_status(Text(self.session.pause_line, style="bold yellow"))
            return False
        reason = self.session.act(seat, action)
        if reason is not None:
            self.show_refusal(reason)
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
