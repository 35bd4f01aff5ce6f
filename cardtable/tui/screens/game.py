"""The game screen, shared by every game: opponents, table, log, scores, status, hand.

The screen draws a table (:class:`~cardtable.session.protocol.TableProtocol`: a
:class:`~cardtable.session.TableSession` here, or a seat of a networked table) and
routes keys to it; the session runs the table (whose turn, the bots, hot-seat, saving,
undo, hints).  A key press goes: binding (from :mod:`cardtable.tui.keymap`) →
``action_*`` → the session (``act``, ``undo``, ``hint_request``) →
:meth:`GameScreen.after_change` → the session's notices and a redraw from
``state.observation(viewer)``.

This module holds the drawing and the keys; the screen is made of parts that do the
rest (see :mod:`cardtable.tui.screens.game_parts`): the turn loop and the bots' thinking
in worker threads (``game_turns``), hints and the "why" view (``game_hints``), the
privacy screen between two people's turns (``handover``), the pause that keeps a
completed trick on the table (``pauses``) and a round's end (``round_end``).
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.widgets import Button, Static

from cardtable.cards import Card
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.payloads import EventKind
from cardtable.engine.refusals import RuleRefusal
from cardtable.engine.state import GameState
from cardtable.errors import CardtableError
from cardtable.games import get_rules
from cardtable.lang import _
from cardtable.session import Seat, TableSession
from cardtable.session.protocol import TableProtocol
from cardtable.tui.config import TableConfig
from cardtable.tui.keymap import TABLE_KEYS, bindings, say
from cardtable.tui.refusal_words import refusal_text
from cardtable.tui.screens.confirm import ConfirmScreen
from cardtable.tui.screens.game_hints import HintsPart
from cardtable.tui.screens.game_turns import TurnsPart
from cardtable.tui.screens.handover import HandoverPart
from cardtable.tui.screens.info import InfoScreen
from cardtable.tui.screens.pauses import PausesPart
from cardtable.tui.screens.round_end import RoundEndPart
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

__all__ = ["GameScreen"]


class GameScreen(StyledOnce, TurnsPart, HintsPart, HandoverPart, PausesPart, RoundEndPart):
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
        session: TableProtocol | None = None,
    ) -> None:
        """Play ``config`` (from ``state`` if given), or the seat of a hosted table that
        ``session`` plays from here (a seat elsewhere, or the host's own seat: the host runs
        the game and its bots).  The screen knows the table only as a
        :class:`~cardtable.session.protocol.TableProtocol`."""
        super().__init__()
        self.config = config
        self.game_name = config.game
        self.session: TableProtocol
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
        state = self.session.state
        assert state is not None, "a seat played from elsewhere has no game state"
        return state

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
        return self.session.seed

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
        from cardtable.bots.search.pool import play_workers

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
        if self.read_only or not session.local or session.state is None:
            return False
        people = {seat for seat, spec in enumerate(session.seats) if spec.waits_for_outside}
        return not session.is_over and not any(seat in people for seat, _ in session.state.history)

    @property
    def hosting(self) -> bool:
        """This screen is the host's own seat of a networked table (it has the seats' pop-up)."""
        return self.session.hosting and not self.read_only

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

    def on_unmount(self) -> None:
        self.finished = True  # a bot answering after this has no table to play on
        self.session.close()

    def _gone(self) -> bool:
        """Whether the screen is being torn down (app closing): nothing may be drawn."""
        return not self.is_attached or self._closing or self._closed or not self.query("#title-bar")

    def on_key(self, event: Key) -> None:
        # Any key ends the pause at once; the key still does what it does.
        if self.table.completed is not None:
            self.end_pause()
        if event.key in _UNDO_KEYS and not self.check_action("undo", ()):
            # Undo is not offered here (hot-seat), yet the key gets its one-line answer.
            self.action_undo()

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
            if number and events[number - 1].kind == EventKind.ROUND_OVER and event.kind != EventKind.GAME_OVER:
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

    def show_refusal(self, reason: RuleRefusal | str) -> None:
        """Put a refusal on the status line until the selection changes."""
        self.set_status(self.refusal(reason))
        self.refused = True

    def choice_changed(self) -> None:
        """The selection or the cursor moved: a refusal of the old choice no longer applies."""
        if self.refused and self.obs is not None:
            self.set_status(self.prompt_now())

    def refusal(self, reason: RuleRefusal | str) -> Text:
        """A refused move's reason on the status line, in the player's language, its cards
        and seats written as everywhere else on screen (``Refused: 8♦ does not beat 6♠``):
        the engine's reason worded from its code and values, a table's line as it came."""
        ctx = self.context
        if isinstance(reason, RuleRefusal):
            text = refusal_text(reason, ctx.style, ctx.name, text_style="red")
        else:
            text = engine_text(reason, ctx.style, seat_name=ctx.name, text_style="red")
        # TRANSLATORS: the status line after a refused move; {reason} says why.
        before, _middle, after = _("Refused: {reason}").partition("{reason}")
        return Text.assemble((before, "bold red"), text, (after, "bold red"))

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
        if self.hosting:
            self.app.open_seats(self.session)  # type: ignore[attr-defined]

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


#: the keys bound to undo (they answer even where undo is not offered)
_UNDO_KEYS = frozenset(next(use.keys for use in TABLE_KEYS if use.action == "undo").split(","))
