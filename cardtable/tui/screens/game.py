"""The game screen, shared by every game: opponents, table, log, scores, status, hand.

The screen draws a :class:`~cardtable.session.TableSession` and routes keys to it; the
session runs the table (whose turn, the bots, hot-seat, saving, undo, hints).  A key
press goes: binding (from :mod:`cardtable.tui.keymap`) → ``action_*`` → the session
(``act``, ``undo``, ``hint_request``) → :meth:`GameScreen.after_change` → the
session's notices and a redraw from ``state.observation(viewer)``.

What only a screen can do stays here: running the bots' thinking in worker threads
(the session hands out a :class:`~cardtable.session.BotRequest` to think about and
drops a stale answer), the pause that keeps a completed trick on the table, the
privacy screen between two people's turns, and the pop-ups.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from cardtable.cards import Card
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState
from cardtable.errors import CardtableError
from cardtable.games import get_rules
from cardtable.session import BotAnswer, BotRequest, HintAnswer, HintRequest, Notice, Seat, TableSession
from cardtable.tui.config import SeatConfig, TableConfig
from cardtable.tui.keymap import TABLE_KEYS, bindings, say
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.info import InfoScreen
from cardtable.tui.screens.privacy import PrivacyScreen
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.tui.tables import TableArea, TableContext, table_for
from cardtable.tui.widgets.buttons import MoveButton
from cardtable.tui.widgets.firstframe import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.movelog import MoveLog
from cardtable.tui.widgets.seats import SeatBox, seat_lines
from cardtable.tui.widgets.toosmall import TooSmall, fit_to_terminal
from cardtable.tui.wording import engine_text, plural

if TYPE_CHECKING:
    from cardtable.bots.search import Decision
    from cardtable.net.remote import RemoteSession

__all__ = ["GameScreen"]


def _hosted(session: object) -> bool:
    """Whether ``session`` is a host's own seat of a networked table."""
    # The network is loaded only for a networked table: a hosted session's module is
    # loaded if this session is one.
    hosted = sys.modules.get("cardtable.net.hosted")
    return hosted is not None and isinstance(session, hosted.HostedSession)


class GameScreen(StyledOnce, Screen[None]):
    """Plays one game from a :class:`TableConfig` until it is over."""

    #: a replay shows the table without taking moves
    read_only = False
    #: the round-over event the pop-up shows (the review of that round comes back to it)
    round_over_event: Event | None = None
    #: a spectator's view: no seat is marked as the viewer's
    spectator = False

    # Classes app.tcss lays the table out by: the side panel narrows, then goes, in a
    # narrow terminal; the buttons row goes in a short one; large cards from 120x40.
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (60, "-narrow"), (80, "-normal-width"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-normal-height"), (40, "-tall")]

    BINDINGS = bindings(TABLE_KEYS)

    def __init__(
        self,
        config: TableConfig,
        state: GameState | None = None,
        session: TableSession | RemoteSession | None = None,
    ) -> None:
        """Play ``config`` (from ``state`` if given), or the seat of a hosted table that
        ``session`` plays from here (a seat elsewhere, :mod:`cardtable.net.remote`; the host's
        own seat, :mod:`cardtable.net.hosted`: the host runs the game and its bots)."""
        super().__init__()
        self.config = config
        self.game_name = config.game
        self.session: TableSession | RemoteSession
        if session is not None:
            self.session = session
        else:
            seats = [Seat.from_spec(seat.name, seat.kind) for seat in config.seats]
            self.session = TableSession(
                state if state is not None else config.new_state(), seats, resumed=state is not None
            )
        self.session.listen(self.on_notice)
        self.table: TableArea[Any] = table_for(config.game)
        self.hint_action: Action | None = None
        #: how the hard bot came to the hint on show, and the table's generation then
        #: (a second H shows the "why" view while the table has not moved on)
        self.hint_decision: Decision | None = None
        self.hint_generation = -1
        #: the status line shows the hint now (a refusal or news may have replaced it)
        self.hint_on_status = False
        self.obs: Observation | None = None
        self.legal: Sequence[Action] = []
        #: the first event of the viewer's observation not yet in the log
        self.seen_events = 0
        self.message: Text | None = None
        #: the status line shows why the last choice was refused
        self.refused = False
        #: what just happened (cards received, a revolution, an undo), kept on the status
        #: line beside "X is thinking…" and the prompt until the viewer's next move
        self.news: Text | None = None
        self.pending_round_over: Event | None = None
        #: a trick, bout or set completed by the last move, to keep on the table a moment
        self.just_completed: Event | None = None
        self.pause_token = 0
        self.finished = False
        #: the widgets are mounted: news from a host may be drawn (before, mounting draws it)
        self.ready = False
        #: :meth:`keys_shown` when the footer was last told (``None``: not yet)
        self.shown_keys: tuple[bool | None, ...] | None = None

    # --- what the session holds -------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The game state, for a table played here (a remote seat has none)."""
        assert isinstance(self.session, TableSession), "a seat played from elsewhere has no game state"
        return self.session.state

    @property
    def round_noun(self) -> str:
        return get_rules(self.game_name).round_noun

    @property
    def viewer(self) -> int:
        """The seat drawn at the bottom (whose hand shows, when one may)."""
        return self.session.viewer

    @property
    def revealed(self) -> int | None:
        """Whose hand may be on screen now (``None``: nobody's, in hot-seat)."""
        return self.session.revealed

    @property
    def hotseat(self) -> bool:
        return self.session.hotseat

    @property
    def table_only(self) -> bool:
        """Hot-seat while only bots move: the table as everyone sees it, no hand."""
        return self.session.table_only and not self.read_only

    @property
    def log_lines(self) -> Sequence[Text]:
        return self.query_one(MoveLog).lines

    # --- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="curtain")
        yield Static(id="title-bar")
        with Horizontal(id="opponents"):
            for seat in range(self.session.num_players):
                yield SeatBox(id=f"seat-{seat}", classes="seat-box")
        with Horizontal(id="middle"):
            yield self.table
            with Vertical(id="side"):
                yield Static(id="scores")
                yield MoveLog(id="log")
        yield Static(id="status")
        yield HandView(self.app.card_style, id="hand")  # type: ignore[attr-defined]
        with Horizontal(id="moves"):
            yield from self.compose_moves()
        yield KeysFooter(show_command_palette=False, compact=True)
        yield TooSmall()

    def compose_moves(self) -> ComposeResult:
        """The row of buttons under the hand."""
        yield MoveButton(self.table.play_label, id="play-button", variant="success", compact=True)
        if "pass" in self.table.extra_moves:
            yield MoveButton("Pass", id="pass-button", variant="warning", compact=True)
        if "take" in self.table.extra_moves:
            yield MoveButton("Take", id="take-button", variant="error", compact=True)
        yield MoveButton("Clear", id="clear-button", compact=True)
        yield MoveButton("Last", id="last-button", compact=True)
        yield MoveButton("Hint", id="hint-button", compact=True)
        yield MoveButton("Undo", id="undo-button", compact=True)
        yield MoveButton("Help", id="help-button", compact=True)

    def observe(self) -> Observation:
        """What is drawn: the game as the viewer sees it (hot-seat while only bots move:
        as everyone sees it, laid out around the last viewer's seat)."""
        if self.table_only:
            return dataclasses.replace(self.session.public_observation(), seat=self.viewer)
        return self.session.observation(self.viewer)

    def title_text(self, obs: Observation, ctx: TableContext) -> str:
        name = ctx.name(self.viewer)
        if ctx.personal:
            who = "your table" if name == "You" else f"you are {name}"
        elif self.table_only:
            who = "the table as everyone sees it"
        else:
            who = f"{name}'s view"
        undone = "  ·  undo used" if self.session.undo_used else ""
        seed = "" if self.seed_shown is None else f"  ·  seed {self.seed_shown}"
        presence = f"  ·  {self.session.presence}" if self.session.presence else ""
        return f"  {self.round_noun} {obs.round}  ·  {who}{seed}{undone}{presence}"

    @property
    def seed_shown(self) -> int | None:
        """The seed the title may give: only to a person alone at the table.  A host's
        remote seats belong to people even while they are away and a bot plays for them
        (the seed would tell them every hand)."""
        session = self.session
        net = getattr(session, "net", None) if _hosted(session) else None
        if net is not None and net.remote_seats:
            return None
        return session.seed

    def hand_title(self, obs: Observation, ctx: TableContext) -> str:
        if self.table_only:
            return "No hand is shown while only bots play"
        return f"{ctx.owner(self.viewer)} hand · {plural(len(obs.hand), 'card')}"

    @property
    def context(self) -> TableContext:
        seats = self.session.seats
        return TableContext(
            names=tuple(seat.name for seat in seats),
            labels=tuple(seat.label for seat in seats),
            style=self.app.card_style,  # type: ignore[attr-defined]
            personal=not self.hotseat,
        )

    def on_mount(self) -> None:
        self.ready = True
        fit_to_terminal(self)
        if not self.read_only:
            self.session.saver = getattr(self.app, "saver", None)
            self.session.hint_iterations = getattr(self.app, "hint_iterations", None)
            self.session.pace = getattr(self.app, "pace", "normal")
            self.session.set_think_time(getattr(self.app, "think", None))
            self._set_bot_cores()
            # A new game has its save from the start: once its first frame is out.
            self.call_after_refresh(self.session.autosave)
        self.after_change()

    def on_screen_resume(self) -> None:
        # The settings screen may have changed the bot speed the save records, and the
        # hard bots' thinking time and cores.
        self.session.pace = getattr(self.app, "pace", "normal")
        if not self.read_only:
            self.session.set_think_time(getattr(self.app, "think", None))
            self._set_bot_cores()

    def _set_bot_cores(self) -> None:
        from cardtable.bots.search_pool import play_workers

        cores = getattr(self.app, "bot_cores", None)
        if cores is not None and self.session.workers != play_workers(cores):
            self.session.set_bot_cores(cores)

    def on_resize(self) -> None:
        fit_to_terminal(self)
        # After the layout: the breakpoint classes may have resized the side panel.
        self.call_after_refresh(self._redraw_for_size)

    def _redraw_for_size(self) -> None:
        # Seat boxes and the log choose their wording by width: draw them again.
        if self.obs is not None and not self.has_class("concealed"):
            for seat in range(self.obs.num_players):
                self._draw_seat(self.obs, seat, self.context)
            self.query_one(MoveLog).redraw()
        # The hand's height follows the card size, which follows the terminal's size.
        self.query_one(HandView).refresh(layout=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key only where it acts: no Take in President, no Pass in Hearts, nor
        while leading or during an exchange, no Undo with several people at the table;
        none but leaving while the terminal is too small to show the table."""
        if self.has_class("-too-small") and action != "quit_table":
            return False
        if action == "pass_turn":
            return self.offers("pass")
        if action == "take":
            return self.offers("take")
        if action == "undo":
            return self.session.undo_offered
        if action == "next_target":
            return hasattr(self.table, "next_target")
        if action == "seats":
            return self.hosting
        return True

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's keys, with the "last trick" key named after the game's own part of
        play ("Last bout" in Durak)."""
        active = super().active_bindings
        label = f"Last {self.table.completed_noun}"
        for key, (node, binding, enabled, tooltip) in list(active.items()):
            if binding.action == "last" and binding.description != label:
                active[key] = ActiveBinding(node, dataclasses.replace(binding, description=label), enabled, tooltip)
        return active

    def keys_shown(self) -> tuple[bool | None, ...]:
        """What :meth:`check_action` answers now for each of the table's keys."""
        return tuple(self.check_action(use.name, ()) for use in TABLE_KEYS)

    @property
    def untouched(self) -> bool:
        """A game of this keyboard's own that no person at the table has moved in yet."""
        session = self.session
        if self.read_only or not isinstance(session, TableSession) or _hosted(session):
            return False
        people = {seat for seat, spec in enumerate(session.seats) if spec.waits_for_outside}
        return not session.is_over and not any(seat in people for seat, _ in session.state.history)

    @property
    def hosting(self) -> bool:
        """This screen is the host's own seat of a networked table (it has the seats' pop-up)."""
        return _hosted(self.session) and not self.read_only

    @property
    def key_features(self) -> tuple[str, ...]:
        """What the keys of this table depend on beyond the game's moves (``hosting``),
        for the help screen."""
        return ("hosting",) if self.hosting else ()

    def offers(self, move: str) -> bool:
        """Whether the Pass or Take control belongs on screen now: the game has the move,
        and, on the viewer's own turn, the move is legal (no Pass for a lead or a gift)."""
        if move not in self.table.extra_moves:
            return False
        obs = self.obs
        if obs is None or obs.current_player != self.viewer or self.read_only:
            return True
        action = PASS if move == "pass" else TAKE
        return action in self.legal

    # --- what the session tells ----------------------------------------------------------
    def on_notice(self, notice: Notice) -> None:
        """Turn the session's news into what the screen shows next."""
        if not self.ready:
            return  # a host's news while the screen is being built: mounting draws the latest
        if notice.kind == "moved":
            if notice.seat == self.viewer and not self.session.local:
                self.query_one(HandView).clear_selection()  # our move, sent from here, was made
            for event in notice.events:
                if event.kind in self.table.completions:
                    self.just_completed = event
                elif event.kind == "round_over":
                    self.pending_round_over = event
                elif event.kind == "revolution":
                    self.message = self.table.log_line(event, self.context, self.viewer)
        elif notice.kind == "hand_hidden":
            self.hide_hand()
        elif notice.kind == "undone" and notice.action is not None:
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
        elif notice.kind == "bot_replaced" and notice.seat is not None:
            name = self.session.seats[notice.seat].name
            self.app.notify(f"{name} now plays as the {notice.text} bot.", timeout=6, markup=False)
        elif notice.kind == "refused":
            # The host's reason for a move sent from here (the state it answers stays).
            if not self._gone():
                self.show_refusal(notice.text)
        elif notice.kind == "changed":
            if not self._gone() and not self.finished:
                self.after_change()
        elif notice.kind == "status":
            if notice.text:
                self.app.notify(notice.text, timeout=6, markup=False)
            from cardtable.tui.screens.seats import SeatsScreen

            if isinstance(self.app.screen, SeatsScreen):
                self.app.screen.refresh_seats()  # a player came or went while the list is open
        elif notice.kind == "disconnected":
            self.app.notify(f"Disconnected: {notice.text}", severity="error", timeout=12, markup=False)
        elif notice.kind == "save_warning":
            self.app.notify(notice.text, severity="warning", markup=False)
        elif notice.kind == "save_failed":
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
        answer = request.think(self.app.bot_delay, lambda: worker.is_cancelled)  # type: ignore[attr-defined]
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

    def on_unmount(self) -> None:
        self.finished = True  # a bot answering after this has no table to play on
        self.session.close()

    def _gone(self) -> bool:
        """Whether the screen is being torn down (app closing): nothing may be drawn."""
        return not self.is_attached or self._closing or self._closed or not self.query("#title-bar")

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

    # --- a completed trick or bout stays on the table for a moment ----------------------
    def start_pause(self) -> bool:
        """Keep a trick, bout or set just completed on the table, its winner marked, for
        the app's ``trick_pause`` (it follows the bot speed) or until a key is pressed;
        the status line says what is shown.  Returns whether the game now waits."""
        event, self.just_completed = self.just_completed, None
        seconds = getattr(self.app, "trick_pause", 0.0)
        if event is None or seconds <= 0 or self.obs is None:
            return False
        self.pause_token += 1
        token = self.pause_token
        self.table.completed = event
        self.table.show(self.obs, self.context)
        self.set_status(self.table.completed_line(event, self.context))
        self.set_timer(seconds, lambda: self.end_pause(token))
        return True

    def end_pause(self, token: int | None = None) -> None:
        """Clear the completed trick from the table and play on (once per pause)."""
        if self.table.completed is None or (token is not None and token != self.pause_token):
            return
        self.pause_token += 1
        self.table.completed = None
        if self._gone() or self.finished:
            return
        if self.obs is not None and not self.has_class("concealed"):
            self.table.show(self.obs, self.context)
            self.show_status()
        self.carry_on()

    def on_key(self, event: Key) -> None:
        # Any key ends the pause at once; the key still does what it does.
        if self.table.completed is not None:
            self.end_pause()
        if event.key in _UNDO_KEYS and not self.check_action("undo", ()):
            # Undo is not offered here (hot-seat), yet the key gets its one-line answer.
            self.action_undo()

    # --- hot-seat --------------------------------------------------------------------
    def hide_hand(self) -> None:
        """Hot-seat, bots to move: show the table as everyone sees it, and no hand."""
        self.query_one(MoveLog).lines.clear()
        self.seen_events = 0
        self.hint_action = None
        self.news = None
        self.query_one(HandView).clear_selection()

    def hand_over(self, seat: int) -> None:
        """Blank everything, then cover the screen until ``seat``'s player presses Enter."""
        self.session.hand_over(seat)
        self.conceal()
        name = self.context.name(seat)
        self.app.push_screen(PrivacyScreen(name), lambda _: self.reveal(seat))

    def conceal(self) -> None:
        """Wipe every widget that could show a hand or private log line, and hide them."""
        self.add_class("concealed")
        self.query_one(HandView).set_cards([])
        self.table.update("")
        for widget_id in ("#log", "#status", "#scores", "#title-bar"):
            self.query_one(widget_id, Static).update("")
        self.hide_hand()

    def reveal(self, seat: int) -> None:
        if self.finished:
            return
        self.session.reveal(seat)
        self.remove_class("concealed")
        self.after_change()

    # --- drawing ---------------------------------------------------------------------
    def refresh_view(self) -> None:
        obs = self.observe()
        self.obs = obs
        ctx = self.context
        my_turn = self.session.to_act == self.viewer and not self.read_only
        self.legal = self.session.legal_actions() if my_turn else []
        self._take_events(obs, ctx)
        rules = get_rules(self.game_name)
        self.query_one("#title-bar", Static).update(
            Text.assemble((f" {rules.title} ", "bold black on #d4af37"), self.title_text(obs, ctx))
        )
        for seat in range(obs.num_players):
            self._draw_seat(obs, seat, ctx)
        self.table.show(obs, ctx)
        self.query_one("#scores", Static).update(self.table.score_text(obs, ctx))
        self.query_one(MoveLog).redraw()
        hand = self.query_one(HandView)
        playable = self.table.playable_cards(obs, self.legal) if my_turn else None
        hand.show_cursor = my_turn
        hand.set_cards(self.table.sort_hand(obs), playable)
        hint = self.hint_action if my_turn else None
        hand.hinted = set(hint.cards) if hint is not None else set()
        title = self.hand_title(obs, ctx)
        if hand.has_unplayable:
            title += f" · {hand.unplayable_mark} cannot be played now"
        hand.border_title = Text(title)  # a Text: names in it are never read as markup
        for button_id, enabled in (
            ("#play-button", my_turn),
            ("#pass-button", my_turn and PASS in self.legal),
            ("#take-button", my_turn and TAKE in self.legal),
        ):
            for button in self.query(button_id):
                button.disabled = not enabled
        for button_id, move in (("#pass-button", "pass"), ("#take-button", "take")):
            for button in self.query(button_id):
                button.display = self.offers(move)
        for button in self.query("#undo-button"):
            button.display = self.session.undo_offered
        keys = self.keys_shown()
        if keys != self.shown_keys:
            # The footer is built anew on every refresh of the bindings: only when a key
            # comes or goes (most redraws change none, and a hosted table redraws often).
            self.shown_keys = keys
            self.refresh_bindings()
        if self.message is not None:
            self.news, self.message = self.message, None
        self.show_status()

    def show_status(self) -> None:
        """The status line: what just happened, and what to do now."""
        my_turn = self.obs is not None and self.session.to_act == self.viewer and not self.read_only
        if self.news is not None and (my_turn or self.session.pause_line):
            # The pause shows beside the news too: nobody moves until the table is full.
            # What happened, and what to do now (after a pass: lead the 2♣).
            self.set_status(Text.assemble(self.news, "  ·  ", self.prompt_now()))
        else:
            self.set_status(self.news or self.prompt_now())

    def _take_events(self, obs: Observation, ctx: TableContext) -> None:
        """Add the viewer's new events to the log; tell the viewer the cards it received."""
        log = self.query_one(MoveLog).lines
        events = obs.events
        for number, event in enumerate(events[self.seen_events :], start=self.seen_events):
            if number and events[number - 1].kind == "round_over" and event.kind != "game_over":
                # Each round's log starts afresh: a card played last round may be in a hand
                # now.  The last round's log stays once the game is over.
                log.clear()
            line = self.table.log_line(event, ctx, self.viewer)
            if line is not None:
                log.append(line)
        self.seen_events = len(events)
        if self.revealed == self.viewer and not self.table_only:
            # Cards received, told to their receiver once (in hot-seat, when their turn comes).
            for event in self.session.take_received(self.viewer):
                self.message = Text.assemble(
                    (f"{ctx.name(event.seat)} {self.table.gave_word} {ctx.you(self.viewer, capital=False)} ", "bold"),
                    ctx.style.inline(self.table.in_hand_order(obs, event.cards)),
                )
                self.show_received(event.cards)

    def show_received(self, cards: Sequence[Card]) -> None:
        """Mark cards just received in the hand (✚ under a gold face) until the
        receiver's first move after receiving them, however long the bots take to come
        round to it: the player must see them on their own turn."""
        hand = self.query_one(HandView)
        hand.received |= set(cards)

    def forget_received(self) -> None:
        hands = self.query(HandView)
        if hands and hands.first().received:
            hands.first().received = set()
            hands.first().refresh()

    def show_refusal(self, reason: str) -> None:
        """Put a refusal on the status line until the selection changes."""
        self.set_status(self.refusal(reason))
        self.refused = True

    def choice_changed(self) -> None:
        """The selection or the cursor moved: a refusal of the old choice no longer applies."""
        if self.refused and self.obs is not None:
            self.set_status(self.prompt_now())

    def refusal(self, reason: str) -> Text:
        """A refused move's reason on the status line, its cards and seats written as
        everywhere else on screen (``Refused: 8♦ does not beat 6♠``)."""
        ctx = self.context
        text = engine_text(reason, ctx.style, seat_name=ctx.name, text_style="red")
        return Text.assemble(("Refused: ", "bold red"), text)

    def set_status(self, text: Text) -> None:
        self.refused = False
        self.hint_on_status = False
        self.query_one("#status", Static).update(text)

    def prompt_now(self) -> Text:
        """What the status line says when nothing has just happened: what to do now."""
        obs = self.obs
        assert obs is not None
        ctx = self.context
        if obs.is_over:
            return Text("The game is over.", style="bold")
        if self.session.pause_line:
            return Text(self.session.pause_line, style="bold yellow")
        if self.session.to_act == self.viewer and not self.read_only:
            return self.personalise(self.table.prompt(obs, self.legal, ctx))
        return Text(f"{ctx.labels[obs.current_player]} to act.", style="italic")  # type: ignore[index]

    def thinking_text(self) -> Text:
        """``Ada (hard) is thinking…``, for the seat to act."""
        seat = self.session.to_act
        return Text(f"{self.context.labels[seat]} is thinking…", style="italic")  # type: ignore[index]

    def wait_text(self) -> Text:
        """The answer to a key pressed out of turn: wait, and who is thinking (or, while
        the table waits for an away player, that)."""
        if self.session.pause_line:
            return Text(self.session.pause_line, style="bold yellow")
        text = Text("Wait for your turn.", style="bold yellow")
        if self.session.bot_to_act:
            text.append("  ")
            text.append_text(self.thinking_text())
        return text

    def personalise(self, text: Text) -> Text:
        """In hot-seat, put the player's name where a prompt says "you"."""
        if not self.hotseat:
            return text
        name = self.context.name(self.viewer)
        # Replacements are functions, so a backslash in a name is not read as a group.
        plain = re.sub(r"\bYour\b", lambda _: f"{name}'s", text.plain)
        plain = re.sub(r"\bif you can\b", "if possible", plain)
        plain = re.sub(r"\b[Yy]ou\b", lambda _: name, plain)
        return Text(plain, style=text.style)

    def _seat_width(self, boxes: int) -> int:
        """The columns inside one seat box (boxes share the row, 1-column gap, left padding)."""
        width = self.size.width or self.app.size.width or 80
        return max((width - boxes) // boxes - 1, 6)

    def _draw_seat(self, obs: Observation, seat: int, ctx: TableContext) -> None:
        to_act = seat == obs.current_player
        badges = self.table.seat_badges(obs, seat)
        viewer = seat == self.viewer and not self.spectator and not self.table_only
        lines = seat_lines(
            width=self._seat_width(obs.num_players),
            label=ctx.labels[seat],
            name=ctx.name(seat),
            count=obs.hand_sizes[seat],
            words=[*self.table.seat_status(obs, seat), *self.session.seat_words(seat)],
            badges=badges,
            to_act=to_act,
            viewer=viewer,
            ascii_only=ctx.style.ascii_only,
        )
        self.query_one(f"#seat-{seat}", SeatBox).show(lines, badges, to_act, viewer)

    # --- end of a round ------------------------------------------------------------------
    def show_round_over(self, event: Event) -> None:
        obs = self.obs
        assert obs is not None
        over = self.session.is_over
        title = "Game over" if over else f"{self.round_noun.capitalize()} {event.round} is over"
        body = self.table.round_summary(event, obs, self.context)
        if over:
            winners = [self.context.name(s) for s in event.info.get("winners", [])] or self._winners_from_events(obs)
            if winners:
                body.append(f"\nWinner: {', '.join(winners)}", style="bold green")
        self.round_over_event = event
        self.app.push_screen(
            RoundOverScreen(title, body, over, self.round_noun, reviewable=self.reviewable()), self.round_over_choice
        )

    def reviewable(self) -> bool:
        """Whether the round-over pop-up offers the review: a table played here, one
        person at it (or, in hot-seat, once the game is over, for the person shown)."""
        session = self.session
        return (
            isinstance(session, TableSession) and not self.read_only and session.local
            and session.viewer is not None and (not self.hotseat or session.is_over)
        )

    def review_round(self) -> None:
        from cardtable.userdata.records import Replay

        session = self.session
        assert isinstance(session, TableSession) and session.viewer is not None
        event = self.round_over_event
        rounds = (event.round,) if event is not None else None
        self.app.open_review(  # type: ignore[attr-defined]
            Replay.from_state(session.state), session.viewer, rounds,
            lambda _: self.show_round_over(event) if event is not None else None,
        )

    def _winners_from_events(self, obs: Observation) -> list[str]:
        for event in reversed(obs.events):
            if event.kind == "game_over":
                return [self.context.name(s) for s in event.info.get("winners", [])]
        return []

    def round_over_choice(self, choice: str | None) -> None:
        if choice == "review":
            self.review_round()
        elif choice == "quit":
            self.finished = True
            self.app.exit()
        elif choice == "new" or (choice == "again" and not self.session.local):
            # The host deals a hosted table's games: from here, a new game is one's own.
            self.finished = True
            self.app.show_start(self.game_name)  # type: ignore[attr-defined]
        elif choice == "again":
            self.finished = True
            config = self.config
            if config.seed is not None:
                config = TableConfig(config.game, config.seats, config.seed + 1, config.options)
            self.app.start_game(config)  # type: ignore[attr-defined]
        else:
            self.next_turn()

    # --- keys: the hand ---------------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        self.query_one(HandView).move(step)
        self.choice_changed()

    def action_cursor_end(self, last: int) -> None:
        """Home and End: the first or the last card of the hand."""
        hand = self.query_one(HandView)
        if hand.cards:
            hand.cursor = len(hand.cards) - 1 if last else 0
        self.choice_changed()

    def action_toggle_card(self) -> None:
        # Not ``action_toggle``: Textual's DOMNode has one (toggling an attribute).
        self.query_one(HandView).toggle()
        self.choice_changed()

    def action_clear(self) -> None:
        self.query_one(HandView).clear_selection()
        self.choice_changed()

    def action_select_rank(self) -> None:
        hand = self.query_one(HandView)
        card = hand.cursor_card
        if card is None:
            return
        same = {c for c in hand.cards if c.rank == card.rank}
        hand.selected = (hand.selected - same) if same <= hand.selected else (hand.selected | same)
        hand.refresh()
        self.choice_changed()

    def selected_for_move(self) -> list[Card]:
        hand = self.query_one(HandView)
        cards = hand.selected_cards
        if not cards and hand.cursor_card is not None:
            cards = [hand.cursor_card]
        return cards

    # --- keys: moves --------------------------------------------------------------------
    def action_play(self) -> None:
        if self.obs is None:
            return
        if self.session.to_act != self.viewer:
            self.set_status(self.wait_text())
            return
        hinted = self.hint_still_chosen()
        if hinted is not None and not hinted.cards:
            self.human_move(hinted)  # the hint was to pass or take: Enter does what it says
            return
        cards = self.selected_for_move()
        if not cards:
            self.set_status(Text(f"Select cards first ({say('toggle_card')}), or pass.", style="bold yellow"))
            return
        try:
            action = hinted if hinted is not None else self.table.build_action(self.obs, self.legal, cards)
        except CardtableError as exc:
            self.show_refusal(str(exc))
            return
        settings = getattr(self.app, "settings", None)
        if settings is not None and settings.confirm_before_play:
            if action not in self.legal:
                self.human_move(action)  # refused with the engine's reason; nothing to confirm
                return
            question = Text.assemble(
                f"{self.table.play_label} ", self.context.style.inline(action.cards), f"?  {ConfirmScreen.keys_hint()}"
            )
            generation = self.session.generation

            def answered(yes: bool | None) -> None:
                if yes and generation == self.session.generation:
                    self.human_move(action)

            self.app.push_screen(ConfirmScreen(question), answered)
            return
        self.human_move(action)

    def action_pass_turn(self) -> None:
        self.human_move(PASS)

    def action_take(self) -> None:
        self.human_move(TAKE)

    def action_next_target(self) -> None:
        step = getattr(self.table, "next_target", None)
        if step is not None:
            step()

    # --- keys: hints and undo --------------------------------------------------------------
    @property
    def hint_current(self) -> bool:
        """A hint was given for the table as it is now (nothing moved since)."""
        return self.hint_action is not None and self.hint_generation == self.session.generation

    def hint_still_chosen(self) -> Action | None:
        """The hint's move, while it is current and the hand still holds what it chose
        (its cards selected; nothing selected for a pass or a take): Enter makes it."""
        if not self.hint_current or self.hint_action not in self.legal:
            return None
        hand = self.query_one(HandView)
        return self.hint_action if hand.selected == hand.hinted else None

    def action_hint(self) -> None:
        """Ask the session for a hint (the hard bot, on the viewer's observation) in a
        worker; pressed again while the hint shows, explain it (:meth:`show_why`); after
        something else took the status line (a refusal), show the hint again first."""
        if self.hint_current and self.hint_action is not None:
            if not self.hint_on_status:
                self.show_hint(self.hint_action, self.hint_decision)
            elif self.hint_decision is not None:
                self.show_why(self.hint_decision)
            return
        request = self.session.hint_request(self.viewer)
        if isinstance(request, str):
            self.set_status(Text(request, style="bold yellow"))
            return
        self.set_status(Text("Thinking of a hint…", style="italic"))
        self.hint_worker(request)

    @work(thread=True, group="hint", exclusive=True, exit_on_error=False)
    def hint_worker(self, request: HintRequest) -> None:
        worker = get_current_worker()
        answer = request.think(lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.hint_done, answer)

    def hint_move(self, action: Action, bare: bool = False) -> Text:
        """A suggested move in the hint's words: ``play 10♠``, ``beat 7♥ with 9♥``;
        ``bare``: a play as its cards alone (``10♠``)."""
        style = self.context.style
        if action.kind == "defend":
            attacking, beating = action.cards
            return Text.assemble("beat ", style.inline([attacking]), " with ", style.inline([beating]))
        if action.cards:
            shown = [card for card in self.query_one(HandView).cards if card in action.cards] or list(action.cards)
            if bare and action.kind in _BARE_KINDS:
                return style.inline(shown)
            verb = {"give": self.table.give_verb, "attack": "attack with"}.get(action.kind, "play")
            return Text.assemble(f"{verb} ", style.inline(shown))
        return Text({"pass": "pass", "take": "take the cards"}.get(action.kind, action.kind))

    def hint_line(self, action: Action, decision: Decision | None) -> Text:
        """The status line of a hint: the move and why, in the game's own terms
        (``Hint: play 10♠: expected 3.1 points this hand; next best Q♠: 4.6``), or that
        several moves are about equal (``3♣, 7♣ 7♦ and 8♣ 8♠ are about equal here``)
        when their results lie within each other's noise.  Short enough for two lines
        at 80 columns."""
        words = Text.assemble(("Hint: ", "bold cyan"), self.hint_move(action))
        if action.cards:
            how_to = f"{say('play')} plays it"
        else:
            key = say("pass_turn") if action.kind == "pass" else say("take")
            how_to = f"{say('play')} or {key}"
        searched = decision is not None and any(m.action == action and m.visits for m in decision.moves)
        if decision is None or not searched:
            reason = self.table.hint_reason(decision) if decision is not None else ""
            if reason:
                words.append(f": {reason}")
            words.append(f" ({how_to})", style="dim")
            return words
        best = next(m for m in decision.moves if m.action == action)
        from cardtable.bots.search import about_equal  # the bots load when a hint is first worded

        equal = about_equal(decision.moves, action)
        if len(equal) > 1 and all(m.action.kind in _BARE_KINDS for m in equal):
            words.append(": ")
            words.append_text(self.move_list([m.action for m in equal]))
            words.append(f" are about equal here ({self.table.hint_value(best)})")
        elif len(equal) > 1:
            words.append(f" ({self.table.hint_value(best)}): about equal with ")
            words.append_text(self.move_list([m.action for m in equal[1:]]))
        else:
            words.append(f": {self.table.hint_value(best)}")
            others = [m for m in decision.moves if m.action != action and m.visits]
            if others:
                # After the search, a closer look may prefer another move than the one
                # the search tried most: then that one is named as what it beat.
                overruled = decision.moves[0].action != action
                runner = decision.moves[0] if overruled else others[0]
                words.append("; a closer look preferred it to " if overruled else "; next best ")
                words.append_text(self.hint_move(runner.action, bare=True))
                words.append(f": {self.table.hint_value(runner, short=True)}")
        words.append(f" ({how_to}; {say('hint')}: why)", style="dim")
        return words

    def move_list(self, actions: Sequence[Action], most: int = 3) -> Text:
        """``3♣, 7♣ 7♦ and 8♣ 8♠``: moves named by their cards, at most ``most`` of them
        (then ``and 2 more``)."""
        shown = [self.hint_move(action, bare=True) for action in actions[:most]]
        more = len(actions) - len(shown)
        text = Text()
        for index, phrase in enumerate(shown):
            if index:
                text.append(" and " if index == len(shown) - 1 and not more else ", ")
            text.append_text(phrase)
        if more:
            text.append(f" and {more} more")
        return text

    def hint_done(self, answer: HintAnswer) -> None:
        """Show the suggestion and why, and select it, so that Enter (or P, T) makes it."""
        if self._gone():
            return
        action = self.session.hint_answer(answer)
        if action is None:
            return
        self.hint_action = action
        self.hint_decision = answer.decision
        self.hint_generation = self.session.generation
        self.show_hint(action, answer.decision)

    def show_hint(self, action: Action, decision: Decision | None) -> None:
        """Select the hint's move in the hand (marked ◆) and say it on the status line."""
        hand = self.query_one(HandView)
        if action.kind == "defend":
            attacking, beating = action.cards
            self.table.target = attacking  # type: ignore[attr-defined]
            if self.obs is not None:
                self.table.show(self.obs, self.context)
            mine = [beating]
        elif action.cards:
            mine = [card for card in hand.cards if card in action.cards]  # as the hand shows them
        else:
            mine = []
        hand.hinted = set(mine)
        hand.selected = set(mine)
        if mine:
            hand.cursor = min(hand.cards.index(card) for card in mine)
        hand.refresh()
        self.set_status(self.hint_line(action, decision))
        self.hint_on_status = True

    def why_text(self, decision: Decision) -> Text:
        """The "why" view: the hard bot's top three moves, their values and the number of
        simulations behind each, and whether they are about equal or one is clearly best;
        or, without a search, how it decided."""
        text = Text("Why this hint\n\n", style="bold")
        searched = [m for m in decision.moves if m.visits]
        if not searched:
            text.append_text(self.hint_move(decision.action))
            text.append(f": {self.table.hint_reason(decision) or 'decided without weighing the moves'}.")
            return text
        text.append(f"The hard bot played this {self.state.rules.round_noun} out {decision.iterations:,} times\n")
        text.append(f"from what {self.context.you(self.viewer, capital=False)} can see. Its best moves:\n\n")
        for place, move in enumerate(searched[:3], start=1):
            text.append(f"{place}. ", style="bold")
            text.append_text(self.hint_move(move.action, bare=True))
            text.append(f": {self.table.hint_value(move)}")
            text.append(f"  ({plural(move.visits, 'simulation')})", style="dim")
            text.append("\n")
        chosen = self.hint_move(decision.action, bare=True)
        from cardtable.bots.search import about_equal

        equal = about_equal(decision.moves, decision.action)
        text.append("\n")
        if len(equal) > 1:
            text.append_text(self.move_list([m.action for m in equal], most=len(equal)))
            text.append(
                " are about equal here: their results differ by less than chance alone\n"
                "makes over this many tries, so any of them is a fair choice"
            )
            if decision.action != searched[0].action:
                text.append(";\nplayed against each other, the hard bot preferred ")
                text.append_text(chosen)
            text.append(".")
        elif len(searched) > 1:
            text.append_text(chosen)
            if decision.action != searched[0].action:
                text.append(" did better than ")
                text.append_text(self.hint_move(searched[0].action, bare=True))
                text.append(" when the two were played against each other.")
            else:
                text.append(" did better than the others by more than chance alone explains.")
        else:
            text.append("No other move was worth playing out as often.")
        return text

    def show_why(self, decision: Decision) -> None:
        self.app.push_screen(InfoScreen(self.why_text(decision), wide=True))

    def action_undo(self) -> None:
        """Take back the person's last move and every bot move after it (again: the one before)."""
        problem = self.session.undo()
        if problem is not None:
            self.set_status(Text(problem, style="bold yellow"))
            return
        self.workers.cancel_group(self, "bots")
        self.workers.cancel_group(self, "hint")
        self.after_change()

    # --- keys: views and leaving ---------------------------------------------------------
    def action_last(self) -> None:
        if self.obs is not None:
            self.app.push_screen(InfoScreen(self.table.last_completed(self.obs, self.context)))

    def action_scores(self) -> None:
        if self.obs is not None:
            self.app.push_screen(InfoScreen(self.table.score_text(self.obs, self.context)))

    def action_seats(self) -> None:
        """The host's list of remote seats: hand an away player's seat to a bot, or take it back."""
        from cardtable.net.hosted import HostedSession
        from cardtable.tui.screens.seats import SeatsScreen

        if self.hosting and not isinstance(self.app.screen, SeatsScreen):
            assert isinstance(self.session, HostedSession)
            self.app.push_screen(SeatsScreen(self.session))

    def action_quit_table(self) -> None:
        self.finished = True
        untouched = self.untouched
        self.session.close()
        if untouched:
            # Left before the player's first move: nothing of theirs to keep, and the
            # start screen's list does not fill up with deals nobody played.
            slot = getattr(self.app, "slot", None)
            if slot is not None:
                slot.discard()
        self.workers.cancel_group(self, "bots")
        self.app.show_start(self.game_name)  # type: ignore[attr-defined]

    @on(HandView.CardClicked)
    def _card_clicked(self) -> None:
        self.choice_changed()

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        actions = {
            "play-button": self.action_play,
            "pass-button": self.action_pass_turn,
            "take-button": self.action_take,
            "clear-button": self.action_clear,
            "last-button": self.action_last,
            "hint-button": self.action_hint,
            "undo-button": self.action_undo,
            "help-button": self.app.action_help,  # type: ignore[attr-defined]
        }
        handler = actions.get(event.button.id or "")
        if handler is not None:
            handler()


#: the moves a list of moves names by their cards alone (``3♣, 7♣ 7♦ and 8♣ 8♠``)
_BARE_KINDS = frozenset({"play", "give"})

#: the keys bound to undo (they answer even where undo is not offered)
_UNDO_KEYS = frozenset(next(use.keys for use in TABLE_KEYS if use.action == "undo").split(","))
