"""The game screen's turn loop: :class:`Turns`.

After every change (a move, an answer from a host, a pop-up closed) the screen redraws
from the table and lets the next player act: it covers the screen first when a
hot-seat hand-over is due, keeps a completed trick on the table a moment, shows a
round's end, or runs a bot's thinking in a worker thread (the table's ``bot_turns``
hand out a :class:`~cardtable.session.BotRequest` and drop a stale answer).  The table's
notices (:mod:`cardtable.session.notices`, one class per kind) are matched here.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.worker import get_current_worker

from cardtable.engine.actions import Action
from cardtable.engine.payloads import EventKind
from cardtable.lang import _
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
from cardtable.tui.farewells import parting_line
from cardtable.tui.services import services
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.wording import level_word, news_line, pause_line

if TYPE_CHECKING:
    from cardtable.session.requests import BotAnswer, BotRequest
    from cardtable.tui.screens.game import GameScreen

__all__ = ["Turns"]


class Turns:
    """The table's notices, the turn loop, the bots' turns and a person's move, for
    ``screen``."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    # --- what the table tells ----------------------------------------------------------
    def on_notice(self, notice: Notice) -> None:
        """Turn the table's news into what the screen shows next."""
        screen = self.screen
        if not screen.ready:
            return  # a host's news while the screen is being built: mounting draws the latest
        session, app = screen.session, screen.app
        match notice:
            case Moved(seat=seat, events=events):
                if seat == screen.viewer and not session.local:
                    screen.query_one(HandView).clear_selection()  # our move, sent from here, was made
                for event in events:
                    match event.kind:
                        case kind if kind in screen.table.completions:
                            screen.pause.keep(event)
                        case EventKind.ROUND_OVER:
                            screen.round_end.ended(event)
                        case EventKind.REVOLUTION:
                            screen.status_line.tell(screen.table.log_line(event, screen.context, screen.viewer))
            case HandHidden():
                screen.handover.hide_hand()
            case Undone(action=action):
                screen.round_end.ended(None)
                screen.pause.keep(None)
                screen.forget_log()
                screen.forget_received()
                screen.hints.forget()
                screen.query_one(HandView).clear_selection()
                screen.status_line.tell(screen.view_model.undone(screen.status_line.facts(), action))
            case BotReplaced(seat=seat, level=level):
                name = session.seats[seat].name
                app.notify(_("{player} now plays as the {level} bot.").format(player=name, level=level_word(level)),
                           timeout=6, markup=False)
            case Refused(refusal=refusal):
                # The host's reason for a move sent from here (the state it answers stays).
                if not screen.gone():
                    screen.status_line.refuse(refusal)
            case Changed():
                services(screen).seats_changed()  # the seats' list, if open, says who is here
                if not screen.gone() and not screen.finished:
                    screen.after_change()
            case TimeRanOut(seat=seat) if seat == screen.viewer:
                # What the bot made for the viewer, kept on the line until their next move.
                screen.status_line.tell(screen.view_model.time_ran_out(screen.status_line.facts(), notice))
                app.notify(news_line(notice, screen.context.name), timeout=6, markup=False)
            case Joined() | Left() | SeatToBot() | SeatBack() | TimeRanOut() | GameOver():
                app.notify(news_line(notice, screen.context.name), timeout=6, markup=False)
            case Paused(pause=pause):
                app.notify(pause_line(pause, screen.context.name), timeout=6, markup=False)
            case Disconnected(reason=reason, why=why, seconds=seconds):
                app.notify(_("Disconnected: {reason}").format(reason=parting_line(why, seconds, reason)), severity="error",
                           timeout=12, markup=False)
            case Finished():
                screen.round_end.keep_reviews_with_record()
            case SaveWarning(message=message):
                app.notify(message, severity="warning", markup=False)
            case SaveFailed(reason=reason):
                app.notify(_("cannot save the game: {reason}").format(reason=reason), severity="error", markup=False)

    # --- the turn loop ----------------------------------------------------------------
    def after_change(self) -> None:
        """Redraw, then show a round's end if one just happened, or let the next player
        act; in hot-seat, first cover the screen for the next person if a hand-over is due
        (the person who looked last sees their hand again without one)."""
        screen = self.screen
        screen.pause.cancel()  # a pause still running is over: the game moved on
        hot_seat = screen.session.handover
        due = None if hot_seat is None else hot_seat.due()
        if due is not None:
            screen.handover.hand_over(due)
            return
        again = None if hot_seat is None else hot_seat.reveal_due()
        if hot_seat is not None and again is not None:
            hot_seat.reveal(again)  # only bots moved since this person looked
        screen.refresh_view()
        if screen.pause.start():
            return
        self.carry_on()

    def carry_on(self) -> None:
        """After the table is drawn: show a round's end if one just happened, else play on."""
        if not self.screen.round_end.show_pending():
            self.next_turn()

    # --- bots ---------------------------------------------------------------------------
    def next_turn(self) -> None:
        """A bot's turn: ask the table for its request and think about it in a worker."""
        screen = self.screen
        session = screen.session
        if screen.finished:
            return
        bot_turns = session.bot_turns
        if bot_turns is None:
            # The host runs the bots; its news of their moves redraws this screen.
            if session.bot_to_act and screen.status_line.pause() is None:
                screen.status_line.set(screen.status_line.thinking())
            return
        failed = bot_turns.failed()
        if failed is not None:
            self.bot_failed(failed)
            return
        request = bot_turns.request()
        if request is None:
            return
        if request.seat == session.to_act:
            # Not while bots choose meanwhile (Hearts' pass): the person to act keeps the prompt.
            screen.status_line.set(screen.status_line.thinking())
        screen.run_worker(partial(self.think, request), "bot_turn", group="bots", exit_on_error=True, thread=True)

    def think(self, request: BotRequest) -> None:
        """In a worker thread: think (after the pacing delay), then hand the answer back."""
        worker = get_current_worker()
        answer = request.think(services(self.screen).bot_delay, lambda: worker.is_cancelled)
        if not answer.cancelled:
            self.screen.app.call_from_thread(self.bot_answered, answer)

    def bot_answered(self, answer: BotAnswer) -> None:
        screen = self.screen
        bot_turns = screen.session.bot_turns
        if screen.gone() or screen.finished or bot_turns is None:
            return
        outcome = bot_turns.answer(answer)
        if outcome == "played":
            screen.after_change()
        elif outcome == "failed":
            self.bot_failed(answer.seat)

    def bot_failed(self, seat: int) -> None:
        """Pause the game on the failure and ask which built-in level plays on for ``seat``."""
        from cardtable.tui.screens.botfailure import BotFailedScreen

        screen = self.screen
        bot_turns = screen.session.bot_turns
        line = "" if bot_turns is None else bot_turns.failures.get(seat, "")
        screen.status_line.set(Text(line, style="bold red"))
        label = screen.context.labels[seat]
        screen.app.push_screen(BotFailedScreen(label, line), lambda choice: self.replace_bot(seat, choice))

    def replace_bot(self, seat: int, choice: str | None) -> None:
        """Give ``seat`` to the built-in level ``choice`` and go on (``quit``: leave the table)."""
        screen = self.screen
        if choice == "quit" or choice is None:
            screen.action_quit_table()
            return
        screen.seat_changed(seat, choice)
        bot_turns = screen.session.bot_turns
        if bot_turns is not None:
            bot_turns.replace(seat, choice)
        screen.after_change()

    # --- a person's move -----------------------------------------------------------------
    def human_move(self, action: Action | str) -> bool:
        """Make the viewer's move; on refusal show the engine's reason, change nothing."""
        screen = self.screen
        session = screen.session
        seat = session.to_act
        if seat is None or not session.human_to_act or seat != screen.viewer or seat != session.revealed:
            screen.status_line.set(screen.status_line.wait())
            return False
        pause = screen.status_line.pause()
        if pause is not None:
            # The table waits for an away player: that is news, not a refusal of the move.
            screen.status_line.set(pause)
            return False
        refusal = session.act(seat, action)
        if refusal is not None:
            screen.status_line.refuse(refusal)
            return False
        screen.hints.forget()
        screen.status_line.forget_news()
        screen.forget_received()
        if session.waiting:
            # Sent to the host: its new state, or its reason for refusing, redraws.
            screen.status_line.set(Text(_("Sent; waiting for the table…"), style="italic"))
            return True
        screen.query_one(HandView).clear_selection()
        screen.after_change()
        return True
