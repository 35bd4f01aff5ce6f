"""The game screen, shared by every game: opponents, table, log, scores, status, hand.

Everything drawn comes from ``state.observation(viewer)`` where ``viewer`` is the human
seat at the keyboard, and every move (human or bot) goes through ``state.apply``.
Bots think in thread workers after a pacing delay, so the screen never freezes.

Hot-seat: with several human seats, whenever a different person is to act the screen
is blanked and covered by a :class:`PrivacyScreen`; it is drawn again from the new
seat's observation only after that person presses Enter, and the move log is rebuilt
from what that seat may see.  After every action the game is saved (atomically) with
:func:`cardtable.userdata.savefiles.save_game`; when it ends, the result is recorded
once with :func:`cardtable.userdata.savefiles.finish_game`.
"""

from __future__ import annotations

import dataclasses
import io
import re
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Button, Footer, Static
from textual.worker import get_current_worker

from cardtable.bots import (
    Bot,
    action_text,
    bot_name,
    describe_failure,
    is_import_path,
    make_bot,
    seat_bot_factory,
)
from cardtable.cards import Card
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState
from cardtable.errors import CardtableError, quoted
from cardtable.games import get_rules
from cardtable.names import fit_name
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.end import ConfirmScreen, InfoScreen, PrivacyScreen, RoundOverScreen
from cardtable.tui.tables import TableArea, TableContext, table_for
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.wording import engine_text, plural

__all__ = ["GameScreen", "SeatBox", "seat_lines", "wrap_entry"]

LOG_LINES = 60


_SHORT_LEVELS = {"normal": "norm"}


def _head_with_level(width: int, label: str, name: str, marker: str, star: str) -> str:
    """Line 1 of a seat box too narrow for ``marker + label + star``: keep the level."""
    level = label[len(name) + 2 : -1] if label.startswith(f"{name} (") and label.endswith(")") else ""
    if not level:
        return marker + fit_name(name, width - cell_len(marker) - cell_len(star)) + star
    tags = [f" ({level})", f" ({_SHORT_LEVELS.get(level, level)})"]
    candidates = [marker + name + tag + star for tag in tags]
    candidates += [name + tag + star for tag in tags]
    room = width - cell_len(tags[-1]) - cell_len(star)
    if room >= 4:  # three letters of the name and an ellipsis
        candidates.append(fit_name(name, room) + tags[-1] + star)
    return next((c for c in candidates if cell_len(c) <= width), marker + fit_name(name, width - cell_len(marker) - cell_len(star)) + star)


def seat_lines(
    width: int,
    label: str,
    name: str,
    count: int,
    words: list[str],
    badges: Sequence[str] = (),
    to_act: bool = False,
    viewer: bool = False,
    ascii_only: bool = False,
) -> list[str]:
    """The three lines of a seat box, each at most ``width`` columns.

    Line 1 is the name (with its level when it fits), marked ``▶`` when the seat is
    to act and ``★`` for the viewer; the card count and the status words never get
    cut: when they do not share a line they take one each, "to act" gives way to
    the ``▶`` marker, and then the least specific words go.  ``badges`` are one
    piece of extra information, longest form first; the first that fits is used.

    A bot's level stays on line 1 at six players: shortened (``norm``), then without the
    ``▶`` (the box's colour and "to act" still say whose turn it is), then with the name
    shortened.

    >>> seat_lines(11, "Ben (normal)", "Ben", 6, ["defender"], ["won 0 · durak 1", "0/1"])
    ['Ben (norm)', '6 cards', 'defender']
    >>> seat_lines(11, "Ben (normal)", "Ben", 6, ["defender", "to act"], ["won 0 · durak 1", "0/1"], to_act=True)
    ['Ben (norm)', '6 cards', 'to act']
    >>> seat_lines(11, "Maximilian (hard)", "Maximilian", 6, [])[0]
    'Max… (hard)'

    When not even that fits (six players at 60 columns), the level leads the third line:

    >>> seat_lines(9, "Ada (easy)", "Ada", 9, [], ["P"])
    ['Ada', '9 cards', 'easy · P']
    >>> seat_lines(9, "Ben (normal)", "Ben", 9, [], [])
    ['Ben', '9 cards', 'normal']
    >>> seat_lines(30, "Ben (normal)", "Ben", 6, ["defender", "to act"], ["won 0 · durak 1"], to_act=True)
    ['▶ Ben (normal)', 'defender, to act · 6 cards', 'won 0 · durak 1']
    """
    marker = (">" if ascii_only else "▶") + " " if to_act else ""
    star = (" *" if ascii_only else " ★") if viewer else ""
    head = marker + label + star
    if cell_len(head) > width:
        head = _head_with_level(width, label, name, marker, star)
    marked = bool(marker) and head.startswith(marker)
    level = label[len(name) + 2 : -1] if label.startswith(f"{name} (") and label.endswith(")") else ""
    if level and f"({_SHORT_LEVELS.get(level, level)})" not in head and f"({level})" not in head:
        # No room for the level beside the name: it leads the third line instead.
        short = _SHORT_LEVELS.get(level, level)
        badges = [f"{level} · {b}" for b in badges if b] + [f"{short} · {b}" for b in badges if b] + [level, short]
    cards = plural(count, "card")
    if len(cards) > width:
        cards = f"{count}c"

    def status_fitting(room: int) -> str:
        kept = list(words)
        if marked and len(", ".join(kept)) > room and "to act" in kept:
            kept.remove("to act")
        while kept and len(", ".join(kept)) > room:
            kept.pop(0)
        return ", ".join(kept)

    def badge_fitting(room: int) -> str:
        return next((b for b in badges if b and len(b) <= room), "")

    status = ", ".join(words)
    if status and len(status) + 3 + len(cards) <= width:
        return [head, f"{status} · {cards}", badge_fitting(width)]
    if not status:
        return [head, cards, badge_fitting(width)]
    status = status_fitting(width)
    badge = badge_fitting(width - len(cards) - 3)
    second = f"{cards} · {badge}" if badge else cards
    if not badge:
        badge = badge_fitting(width - len(status) - 3) if status else ""
        if badge:
            return [head, second, f"{status} · {badge}"]
    return [head, second, status]


def wrap_entry(entry: Text, width: int) -> list[Text]:
    """One move-log entry as lines of at most ``width`` columns, continuations indented.

    >>> [line.plain for line in wrap_entry(Text("Ben has the lowest trump 6♠ and attacks"), 20)]
    ['Ben has the lowest', '  trump 6♠ and', '  attacks']
    """
    first = entry.wrap(_MEASURE, width)
    if len(first) <= 1:
        return list(first) or [Text("")]
    head = first[0]
    head.rstrip()
    rest = entry[len(head.plain):]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip()):]
    lines = [head]
    for line in rest.wrap(_MEASURE, width - 2):
        line.rstrip()
        lines.append(Text("  ") + line)
    return lines


#: measures text for wrapping; never prints
_MEASURE = Console(width=200, file=io.StringIO())


class SeatBox(Static):
    """One player around the table: name and level, card count, status, title."""


class MoveButton(Button, can_focus=False):
    """A button that never takes the focus, so keys always reach the table."""


class GameScreen(Screen[None]):
    """Plays one game from a :class:`TableConfig` until it is over."""

    #: a replay shows the table without taking moves
    read_only = False
    #: a spectator's view: no seat is marked as the viewer's
    spectator = False

    # Classes app.tcss lays the table out by: the side panel narrows, then goes, in a
    # narrow terminal; the buttons row goes in a short one; large cards from 120x40.
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (60, "-narrow"), (80, "-normal-width"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-normal-height"), (40, "-tall")]

    BINDINGS = [
        Binding("left", "cursor(-1)", "Move", show=False),
        Binding("right", "cursor(1)", "Move", show=False),
        Binding("home", "cursor_end(0)", "First card", show=False),
        Binding("end", "cursor_end(1)", "Last card", show=False),
        Binding("space", "toggle_card", "Select"),
        Binding("enter", "play", "Play"),
        Binding("p", "pass_turn", "Pass"),
        Binding("t", "take", "Take"),
        Binding("tab", "next_target", "Target", show=False),
        Binding("escape", "clear", "Clear", show=False),
        Binding("a", "select_rank", "Same rank", show=False),
        Binding("l", "last", "Last trick"),
        Binding("s", "scores", "Scores", show=False),
        Binding("h", "hint", "Hint"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("f1,question_mark", "app.help", "Help"),
        Binding("q", "quit_table", "Quit"),
    ]

    def __init__(self, config: TableConfig, state: GameState | None = None) -> None:
        super().__init__()
        self.config = config
        self.game_name = config.game
        self.state = state if state is not None else config.new_state()
        self.table: TableArea[Any] = table_for(config.game)
        humans = config.human_seats
        self.viewer = humans[0] if humans else 0
        #: several people share the keyboard: privacy screens, no "you"
        self.hotseat = len(humans) > 1
        #: whose view is on screen (``None``: nobody's yet, or covered for a hand-over)
        self.revealed: int | None = None if self.hotseat else self.viewer
        self.events_handled = len(self.state.events) if state is not None else 0
        self.recorded = self.state.is_over
        self.hint_action: Action | None = None
        self.save_warned = False
        self.bots: dict[int, Bot] = {}
        #: seats whose bot failed to start, with the line saying how: asked about on their turn
        self.bot_failures: dict[int, str] = {}
        for seat, spec in enumerate(config.seats):
            if spec.is_human:
                continue
            try:
                self.bots[seat] = seat_bot_factory(config.game, spec.kind)(self._bot_seed(seat))
            except CardtableError as exc:
                self.bot_failures[seat] = str(exc)
        self.obs: Observation | None = None
        self.legal: Sequence[Action] = []
        self.log_lines: deque[Text] = deque(maxlen=LOG_LINES)
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
        #: per seat, the first event not yet told to that seat (cards it received)
        self.news_from: dict[int, int] = {}
        self.news_start = self.events_handled
        self.received_token = 0
        self.finished = False

    # --- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="curtain")
        yield Static(id="title-bar")
        with Horizontal(id="opponents"):
            for seat in range(self.state.num_players):
                yield SeatBox(id=f"seat-{seat}", classes="seat-box")
        with Horizontal(id="middle"):
            yield self.table
            with Vertical(id="side"):
                yield Static(id="scores")
                yield Static(id="log")
        yield Static(id="status")
        yield HandView(self.app.card_style, id="hand")  # type: ignore[attr-defined]
        with Horizontal(id="moves"):
            yield from self.compose_moves()
        yield Footer(show_command_palette=False, compact=True)

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
            return dataclasses.replace(self.state.public_observation(), seat=self.viewer)
        return self.state.observation(self.viewer)

    def title_text(self, obs: Observation, ctx: TableContext) -> str:
        name = ctx.name(self.viewer)
        if ctx.personal:
            who = "your table" if name == "You" else f"you are {name}"
        elif self.table_only:
            who = "the table as everyone sees it"
        else:
            who = f"{name}'s view"
        undone = "  ·  undo used" if self.state.meta.get("undo_used") else ""
        return f"  {self.state.rules.round_noun} {obs.round}  ·  {who}  ·  seed {self.state.seed}{undone}"

    def hand_title(self, obs: Observation, ctx: TableContext) -> str:
        if self.table_only:
            return "No hand is shown while only bots play"
        return f"{ctx.owner(self.viewer)} hand · {plural(len(obs.hand), 'card')}"

    @property
    def context(self) -> TableContext:
        return TableContext(
            names=tuple(seat.name for seat in self.config.seats),
            labels=tuple(seat.label for seat in self.config.seats),
            style=self.app.card_style,  # type: ignore[attr-defined]
            personal=not self.hotseat,
        )

    def on_mount(self) -> None:
        self.after_change()

    def on_resize(self) -> None:
        # After the layout: the breakpoint classes may have resized the side panel.
        self.call_after_refresh(self._redraw_for_size)

    def _redraw_for_size(self) -> None:
        # Seat boxes and the log choose their wording by width: draw them again.
        if self.obs is not None and not self.has_class("concealed"):
            for seat in range(self.obs.num_players):
                self._draw_seat(self.obs, seat, self.context)
            self._draw_log()
        # The hand's height follows the card size, which follows the terminal's size.
        self.query_one(HandView).refresh(layout=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key only where it acts: no Take in President, no Pass in Hearts, nor
        while leading or during an exchange, no Undo with several people at the table."""
        if action == "pass_turn":
            return self.offers("pass")
        if action == "take":
            return self.offers("take")
        if action == "undo":
            return len(self.config.human_seats) == 1
        if action == "next_target":
            return hasattr(self.table, "next_target")
        return True

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

    # --- the turn loop ----------------------------------------------------------------
    def after_change(self) -> None:
        """Save, redraw, show a round's end if one just happened, then let the next player act."""
        self.pause_token += 1  # a pause still running is over: the game moved on
        self.table.completed = None
        self.autosave()
        seat = self.state.current_player
        human_turn = seat is not None and self.config.seats[seat].is_human
        target = seat if seat is not None and human_turn else self.viewer
        if self.hotseat and human_turn and target != self.revealed:
            self.hand_over(target)
            return
        if self.hotseat and not human_turn and self.revealed is not None:
            # Only bots move before the next person: hide the last person's hand at once,
            # so that whoever takes the keyboard next sees the table and nothing else.
            self.hide_hand()
        self.viewer = target
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

    # --- a completed trick or bout stays on the table for a moment ----------------------
    def start_pause(self) -> bool:
        """Keep a trick, bout or set just completed on the table, its winner marked, for
        the app's ``trick_pause`` (it follows the bot speed) or until a key is pressed.
        Returns whether the game now waits for the pause to end."""
        event, self.just_completed = self.just_completed, None
        seconds = getattr(self.app, "trick_pause", 0.0)
        if event is None or seconds <= 0 or self.obs is None:
            return False
        self.pause_token += 1
        token = self.pause_token
        self.table.completed = event
        self.table.show(self.obs, self.context)
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
        self.carry_on()

    def on_key(self, event: Key) -> None:
        # Any key ends the pause at once; the key still does what it does.
        if self.table.completed is not None:
            self.end_pause()
        if event.key == "ctrl+z" and not self.check_action("undo", ()):
            # Undo is not offered here (hot-seat), yet the key gets its one-line answer.
            self.action_undo()

    # --- hot-seat --------------------------------------------------------------------
    @property
    def table_only(self) -> bool:
        """Hot-seat while only bots move: the table as everyone sees it, no hand."""
        return self.hotseat and self.revealed is None and not self.read_only

    def hide_hand(self) -> None:
        """Hot-seat, bots to move: show the table as everyone sees it, and no hand."""
        self.revealed = None
        self.log_lines.clear()
        self.seen_events = 0
        self.hint_action = None
        self.news = None
        self.query_one(HandView).clear_selection()

    def hand_over(self, seat: int) -> None:
        """Blank everything, then cover the screen until ``seat``'s player presses Enter."""
        self.revealed = None
        self.viewer = seat
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
        self.log_lines.clear()
        self.seen_events = 0
        self.hint_action = None
        self.news = None

    def reveal(self, seat: int) -> None:
        if self.finished:
            return
        self.revealed = seat
        self.viewer = seat
        self.remove_class("concealed")
        self.after_change()

    def autosave(self) -> None:
        """Save after every action; record the result once when the game ends."""
        if self.recorded:
            return  # finished and recorded: its save is done with
        self.state.meta.setdefault("settings", {})["bot_speed"] = getattr(self.app, "pace", "normal")
        try:
            if self.state.is_over:
                self.recorded = True
                lines = list(self.app.finish_current(self.state).warnings)  # type: ignore[attr-defined]
            else:
                lines = self.app.save_current(self.state)  # type: ignore[attr-defined]
        except (OSError, CardtableError) as exc:
            if not self.save_warned:
                self.save_warned = True
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self.app.notify(f"cannot save the game: {reason}", severity="error", markup=False)
            return
        for line in lines:
            self.app.notify(line, severity="warning", markup=False)

    def _bot_seed(self, seat: int) -> int:
        return (self.state.seed * 7919 + seat) % 2**32

    def next_turn(self) -> None:
        seat = self.state.current_player
        if seat is None or self.finished:
            return
        if self.config.seats[seat].is_human:
            return
        if seat in self.bot_failures:
            self.bot_failed(seat, self.bot_failures[seat], len(self.state.history), self.state)
            return
        news = self.news
        self.set_status(Text.assemble(news, "  ·  ", self.thinking_text()) if news else self.thinking_text())
        observation = self.state.observation(seat)
        legal = self.state.legal_actions()
        self.bot_turn(seat, observation, legal, len(self.state.history), self.state)

    @work(thread=True, group="bots", exit_on_error=True)
    def bot_turn(
        self, seat: int, observation: Observation, legal: list[Action], token: int, state: GameState
    ) -> None:
        """Think in a thread: wait the pacing delay, choose, then hand the move back."""
        worker = get_current_worker()
        delay = self.app.bot_delay  # type: ignore[attr-defined]
        end = time.monotonic() + delay
        while time.monotonic() < end:
            if worker.is_cancelled:
                return
            time.sleep(min(0.05, max(end - time.monotonic(), 0)))
        try:
            action = self.bots[seat].choose(observation, legal)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # noqa: BLE001 - a bot's own bug (sys.exit too) pauses the game
            if not worker.is_cancelled:
                line = f"bot {bot_name(self.config.seats[seat].kind)} failed: {describe_failure(error)}"
                self.app.call_from_thread(self.bot_failed, seat, line, token, state)
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.bot_done, seat, action, token, state)

    def on_unmount(self) -> None:
        self.finished = True  # a bot answering after this has no table to play on

    def _gone(self) -> bool:
        """Whether the screen is being torn down (app closing): nothing may be drawn."""
        return not self.is_attached or self._closing or self._closed or not self.query("#title-bar")

    def _moved_on(self, seat: int, token: int, state: GameState) -> bool:
        """Whether the game moved on (new game, quit, undo) since ``seat`` was asked."""
        return (
            self._gone()
            or self.finished
            or self.state is not state
            or token != len(self.state.history)
            or self.state.current_player != seat
        )

    def bot_done(self, seat: int, action: Action, token: int, state: GameState) -> None:
        if self._moved_on(seat, token, state):
            return
        kind = self.config.seats[seat].kind
        try:
            if not isinstance(action, Action):
                raise CardtableError(f"it returned a {type(action).__name__}, not an Action")
            self.state.apply(action)
        except CardtableError as exc:
            if is_import_path(kind):
                # A user's bot is told about, not covered for: the player decides.
                line = f"bot {bot_name(kind)} chose the illegal action {quoted(action_text(action))}: {exc}"
                self.bot_failed(seat, line, token, state)
                return
            # A built-in bot must never stall the table: fall back to its first legal move.
            self.state.apply(self.state.legal_actions()[0])
        self.after_change()

    def bot_failed(self, seat: int, line: str, token: int, state: GameState) -> None:
        """Pause the game on ``line`` and ask which built-in level plays on for ``seat``."""
        if self._moved_on(seat, token, state):
            return
        from cardtable.tui.screens.botfailure import BotFailedScreen

        self.bot_failures[seat] = line
        self.set_status(Text(line, style="bold red"))
        label = self.context.labels[seat]
        self.app.push_screen(BotFailedScreen(label, line), lambda choice: self.replace_bot(seat, choice))

    def replace_bot(self, seat: int, choice: str | None) -> None:
        """Give ``seat`` to the built-in level ``choice`` and go on (``quit``: leave the table)."""
        if choice == "quit" or choice is None:
            self.action_quit_table()
            return
        from dataclasses import replace

        from cardtable.tui.config import SeatConfig

        self.bots[seat] = make_bot(self.config.game, choice, seed=self._bot_seed(seat))
        self.bot_failures.pop(seat, None)
        seats = list(self.config.seats)
        seats[seat] = SeatConfig(choice, seats[seat].name)
        self.config = replace(self.config, seats=tuple(seats))
        recorded = self.state.meta.get("seats")
        if isinstance(recorded, list) and seat < len(recorded) and isinstance(recorded[seat], dict):
            recorded[seat]["kind"] = choice  # the save says who plays the seat now
        self.app.notify(f"{seats[seat].name} now plays as the {choice} bot.", timeout=6, markup=False)
        self.after_change()

    def human_move(self, action: Action | str) -> bool:
        """Apply the viewer's move; on refusal show the engine's reason, change nothing."""
        seat = self.state.current_player
        if seat is None or not self.config.seats[seat].is_human or seat != self.viewer:
            self.set_status(self.wait_text())
            return False
        try:
            self.state.apply(action)
        except CardtableError as exc:
            self.show_refusal(exc)
            return False
        self.query_one(HandView).clear_selection()
        self.hint_action = None
        self.news = None
        self.forget_received()
        self.after_change()
        return True

    # --- drawing ---------------------------------------------------------------------
    def refresh_view(self) -> None:
        obs = self.observe()
        self.obs = obs
        ctx = self.context
        my_turn = obs.current_player == self.viewer and not self.read_only
        self.legal = self.state.legal_actions() if my_turn else []
        self._take_events(obs, ctx)
        rules = get_rules(self.game_name)
        self.query_one("#title-bar", Static).update(
            Text.assemble(
                (f" {rules.title} ", "bold black on #d4af37"),
                self.title_text(obs, ctx),
            )
        )
        for seat in range(obs.num_players):
            self._draw_seat(obs, seat, ctx)
        self.table.show(obs, ctx)
        self.query_one("#scores", Static).update(self.table.score_text(obs, ctx))
        self._draw_log()
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
            button.display = len(self.config.human_seats) == 1
        self.refresh_bindings()
        if self.message is not None:
            self.news, self.message = self.message, None
        if self.news is not None and my_turn:
            # What happened, and what to do now (after a pass: lead the 2♣).
            self.set_status(Text.assemble(self.news, "  ·  ", self.prompt_now()))
        else:
            self.set_status(self.news or self.prompt_now())

    def prompt_now(self) -> Text:
        """What the status line says when nothing has just happened: what to do now."""
        obs = self.obs
        assert obs is not None
        ctx = self.context
        if obs.is_over:
            return Text("The game is over.", style="bold")
        if obs.current_player == self.viewer and not self.read_only:
            return self.personalise(self.table.prompt(obs, self.legal, ctx))
        return Text(f"{ctx.labels[obs.current_player]} to act.", style="italic")  # type: ignore[index]

    def thinking_text(self) -> Text:
        """``Ada (hard) is thinking…``, for the seat to act."""
        seat = self.state.current_player
        return Text(f"{self.context.labels[seat]} is thinking…", style="italic")  # type: ignore[index]

    def wait_text(self) -> Text:
        """The answer to a key pressed out of turn: wait, and who is thinking."""
        text = Text("Wait for your turn.", style="bold yellow")
        seat = self.state.current_player
        if seat is not None and not self.config.seats[seat].is_human:
            text.append("  ")
            text.append_text(self.thinking_text())
        return text

    def _draw_log(self) -> None:
        """The newest log entries that fit, each wrapped (continuation lines indented)."""
        log_widget = self.query_one("#log", Static)
        height = log_widget.content_size.height or 12
        width = max(log_widget.content_size.width or 28, 12)
        rows: list[Text] = []
        for entry in reversed(self.log_lines):
            wrapped = wrap_entry(entry, width)
            rows[:0] = wrapped
            if len(rows) >= height:
                break
        log_widget.update(Text("\n").join(rows[-height:]))

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
        box = self.query_one(f"#seat-{seat}", SeatBox)
        to_act = seat == obs.current_player
        badges = self.table.seat_badges(obs, seat)
        lines = seat_lines(
            width=self._seat_width(obs.num_players),
            label=ctx.labels[seat],
            name=ctx.name(seat),
            count=obs.hand_sizes[seat],
            words=list(self.table.seat_status(obs, seat)),
            badges=badges,
            to_act=to_act,
            viewer=seat == self.viewer and not self.spectator and not self.table_only,
            ascii_only=ctx.style.ascii_only,
        )
        text = Text(no_wrap=True, overflow="ellipsis")
        for number, line in enumerate(lines):
            if number:
                text.append("\n")
            if number == 0:
                text.append(line, style="bold" if to_act else "")
            elif line in badges:
                text.append(line, style="cyan")
            else:
                text.append(line, style="bold yellow" if to_act and "to act" in line else "")
        box.update(text)
        box.set_class(to_act, "to-act")
        box.set_class(seat == self.viewer and not self.spectator and not self.table_only, "viewer")

    def _take_events(self, obs: Observation, ctx: TableContext) -> None:
        events = obs.events
        for number, event in enumerate(events[self.seen_events :], start=self.seen_events):
            if number and events[number - 1].kind == "round_over" and event.kind != "game_over":
                # Each round's log starts afresh: a card played last round may be in a hand
                # now.  The last round's log stays once the game is over.
                self.log_lines.clear()
            line = self.table.log_line(event, ctx, self.viewer)
            if line is not None:
                self.log_lines.append(line)
            if (
                event.kind == "exchange" and event.info.get("to") == self.viewer and event.cards
                and number >= self.news_from.get(self.viewer, self.news_start)
            ):
                # Cards received, told to their receiver once (in hot-seat, when their turn comes).
                self.message = Text.assemble(
                    (f"{ctx.name(event.seat)} {self.table.gave_word} {ctx.you(self.viewer, capital=False)} ", "bold"),
                    ctx.style.inline(self.table.in_hand_order(obs, event.cards)),
                )
                self.show_received(event.cards)
            if number < self.events_handled:
                continue  # a log rebuilt for a new viewer: pop-ups were shown already
            if event.kind in ("revolution",):
                self.message = line
            if event.kind in self.table.completions:
                self.just_completed = event
            if event.kind == "round_over":
                self.pending_round_over = event
        self.seen_events = len(events)
        self.events_handled = max(self.events_handled, len(events))
        if self.revealed == self.viewer:
            self.news_from[self.viewer] = len(events)

    def show_received(self, cards: Sequence[Card]) -> None:
        """Mark cards just received in the hand until the receiver's next move, or for a
        few moments (three trick pauses) when the bots set a pace."""
        hand = self.query_one(HandView)
        hand.received |= set(cards)
        seconds = 3 * getattr(self.app, "trick_pause", 0.0)
        if seconds > 0:
            self.received_token += 1
            token = self.received_token
            self.set_timer(seconds, lambda: self.forget_received(token))

    def forget_received(self, token: int | None = None) -> None:
        if token is not None and token != self.received_token:
            return
        hands = self.query(HandView)
        if hands and hands.first().received:
            hands.first().received = set()
            hands.first().refresh()

    def show_refusal(self, exc: CardtableError) -> None:
        """Put a refusal on the status line until the selection changes."""
        self.set_status(self.refusal(exc))
        self.refused = True

    def choice_changed(self) -> None:
        """The selection or the cursor moved: a refusal of the old choice no longer applies."""
        if self.refused and self.obs is not None:
            self.set_status(self.prompt_now())

    def refusal(self, exc: CardtableError) -> Text:
        """A refused move's reason on the status line, its cards and seats written as
        everywhere else on screen (``Refused: 8♦ does not beat 6♠``)."""
        ctx = self.context
        reason = engine_text(str(exc), ctx.style, seat_name=ctx.name, text_style="red")
        return Text.assemble(("Refused: ", "bold red"), reason)

    def set_status(self, text: Text) -> None:
        self.refused = False
        self.query_one("#status", Static).update(text)

    # --- end of a round ------------------------------------------------------------------
    def show_round_over(self, event: Event) -> None:
        obs = self.obs
        assert obs is not None
        over = self.state.is_over
        title = "Game over" if over else f"{self.state.rules.round_noun.capitalize()} {event.round} is over"
        body = self.table.round_summary(event, obs, self.context)
        if over:
            winners = [self.context.name(s) for s in event.info.get("winners", [])] or self._winners_from_events(obs)
            if winners:
                body.append(f"\nWinner: {', '.join(winners)}", style="bold green")
        self.app.push_screen(RoundOverScreen(title, body, over, self.state.rules.round_noun), self.round_over_choice)

    def _winners_from_events(self, obs: Observation) -> list[str]:
        for event in reversed(obs.events):
            if event.kind == "game_over":
                return [self.context.name(s) for s in event.info.get("winners", [])]
        return []

    def round_over_choice(self, choice: str | None) -> None:
        if choice == "quit":
            self.finished = True
            self.app.exit()
        elif choice == "new":
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

    # --- player actions ----------------------------------------------------------------
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

    def action_play(self) -> None:
        if self.obs is None:
            return
        if self.state.current_player != self.viewer:
            self.set_status(self.wait_text())
            return
        cards = self.selected_for_move()
        if not cards:
            self.set_status(Text("Select cards first (space), or pass.", style="bold yellow"))
            return
        try:
            action = self.table.build_action(self.obs, self.legal, cards)
        except CardtableError as exc:
            self.show_refusal(exc)
            return
        settings = getattr(self.app, "settings", None)
        if settings is not None and settings.confirm_before_play:
            if action not in self.legal:
                self.human_move(action)  # refused with the engine's reason; nothing to confirm
                return
            question = Text.assemble(
                f"{self.table.play_label} ", self.context.style.inline(action.cards), "?  (y/n)"
            )
            token = len(self.state.history)

            def answered(yes: bool | None) -> None:
                if yes and token == len(self.state.history):
                    self.human_move(action)

            self.app.push_screen(ConfirmScreen(question), answered)
            return
        self.human_move(action)

    # --- hints and undo --------------------------------------------------------------
    def action_hint(self) -> None:
        """Ask the hard bot for a move from the viewer's observation, in a worker."""
        if self.state.is_over or self.state.current_player != self.viewer or self.revealed != self.viewer:
            self.set_status(Text("A hint is for your own turn.", style="bold yellow"))
            return
        self.set_status(Text("Thinking of a hint…", style="italic"))
        observation = self.state.observation(self.viewer)
        self.hint_worker(observation, list(self.legal), len(self.state.history), self.state)

    @work(thread=True, group="hint", exclusive=True, exit_on_error=False)
    def hint_worker(self, observation: Observation, legal: list[Action], token: int, state: GameState) -> None:
        bot = make_bot(
            self.game_name,
            "hard",
            seed=(state.seed * 31 + token) % 2**32,
            iterations=getattr(self.app, "hint_iterations", None),
        )
        action = bot.choose(observation, legal)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.hint_done, action, token, state)

    def hint_done(self, action: Action, token: int, state: GameState) -> None:
        """Show the suggestion and select it, so that Enter (or P, T) makes it."""
        if self._gone() or self.state is not state or token != len(self.state.history) or self.state.current_player != self.viewer:
            return
        self.hint_action = action
        hand = self.query_one(HandView)
        style = self.context.style
        if action.kind == "defend":
            attacking, beating = action.cards
            self.table.target = attacking  # type: ignore[attr-defined]
            if self.obs is not None:
                self.table.show(self.obs, self.context)
            mine = [beating]
            words = Text.assemble(
                ("Hint: ", "bold cyan"), "beat ", style.inline([attacking]), " with ",
                style.inline([beating]), " — Enter to play it",
            )
        elif action.cards:
            mine = [card for card in hand.cards if card in action.cards]  # as the hand shows them
            verb = {"give": self.table.give_verb, "attack": "attack with"}.get(action.kind, "play")
            words = Text.assemble(
                ("Hint: ", "bold cyan"), f"{verb} ", style.inline(mine or action.cards), " — Enter to play it",
            )
        else:
            mine = []
            words = Text.assemble(
                ("Hint: ", "bold cyan"),
                {"pass": "pass — press P", "take": "take the cards — press T"}.get(action.kind, action.kind),
            )
        hand.hinted = set(mine)
        hand.selected = set(mine)
        if mine:
            hand.cursor = min(hand.cards.index(card) for card in mine)
        hand.refresh()
        self.set_status(words)

    def undo_refusal(self) -> str | None:
        """Why undo is not possible now, or ``None``."""
        humans = self.config.human_seats
        if len(humans) != 1:
            return "Undo is only for games with a single person at the table."
        if self.state.is_over:
            return "The game is over: nothing to undo."
        if not any(seat == humans[0] for seat, _ in self.state.history):
            return "Nothing to undo yet."
        return None

    def action_undo(self) -> None:
        """Take back the person's last action and every bot move after it."""
        problem = self.undo_refusal()
        if problem is not None:
            self.set_status(Text(problem, style="bold yellow"))
            return
        from cardtable.userdata.records import Replay
        from cardtable.userdata.savefiles import mark_undo

        self.workers.cancel_group(self, "bots")
        self.workers.cancel_group(self, "hint")
        human = self.config.human_seats[0]
        history = self.state.history
        keep = max(index for index, (seat, _) in enumerate(history) if seat == human)
        taken = history[keep][1]
        state = Replay.from_state(self.state).state_at(keep)
        state.meta = dict(self.state.meta)
        mark_undo(state)
        self.state = state
        self.pending_round_over = None
        self.log_lines.clear()
        self.seen_events = 0
        self.events_handled = self.news_start = len(state.events)
        self.news_from.clear()
        self.forget_received()
        self.hint_action = None
        self.query_one(HandView).clear_selection()
        self.message = Text.assemble(
            ("Undone: ", "bold cyan"), self.table.move_phrase(taken, self.context), " and the moves after it."
        )
        self.after_change()

    def action_pass_turn(self) -> None:
        self.human_move(PASS)

    def action_take(self) -> None:
        self.human_move(TAKE)

    def action_next_target(self) -> None:
        step = getattr(self.table, "next_target", None)
        if step is not None:
            step()

    def action_last(self) -> None:
        if self.obs is not None:
            self.app.push_screen(InfoScreen(self.table.last_completed(self.obs, self.context)))

    def action_scores(self) -> None:
        if self.obs is not None:
            self.app.push_screen(InfoScreen(self.table.score_text(self.obs, self.context)))

    def action_quit_table(self) -> None:
        self.finished = True
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
