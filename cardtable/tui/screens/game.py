"""The game screen, shared by every game: opponents, table, log, scores, status, hand.

The screen draws a table (:class:`~cardtable.session.protocol.TableProtocol`: a
:class:`~cardtable.session.TableSession` here, or a seat of a networked table) and
maps keys to what the player means; the table runs the game (whose turn, the bots,
hot-seat, saving, undo, hints).  A key press goes: binding (from
:mod:`cardtable.tui.keymap`) → ``action_*`` → the table (``act``, ``undo``,
``hint_request``) → :meth:`GameScreen.after_change` → a redraw.

What is drawn is worked out without Textual by the view model
(:class:`~cardtable.tui.viewmodel.TableViewModel`: a
:class:`~cardtable.tui.viewmodel.TableView` from the table's facts); setting
:attr:`GameScreen.view` puts it into the widgets.  What the screen does besides
drawing is done by parts it holds, one object each with the state it owns:

- :attr:`~GameScreen.turns` (:class:`~cardtable.tui.screens.game_turns.Turns`): the
  table's notices, the turn loop, the bots' thinking, a person's move;
- :attr:`~GameScreen.hints` (:class:`~cardtable.tui.screens.game_hints.Hints`): hints
  and the "why" view;
- :attr:`~GameScreen.handover` (:class:`~cardtable.tui.screens.handover.HandOver`):
  covering the screen between two people's turns in hot-seat;
- :attr:`~GameScreen.pause` (:class:`~cardtable.tui.screens.pauses.TrickPause`): a
  completed trick kept on the table a moment;
- :attr:`~GameScreen.round_end` (:class:`~cardtable.tui.screens.round_end.RoundEnd`):
  a round's end, its pop-up and the review.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.reactive import var
from textual.widgets import Button, Static

from cardtable.cards import Card
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState
from cardtable.errors import CardtableError, MalformedActionError
from cardtable.lang import _, pgettext
from cardtable.session.notices import CannotUndo, Refusal
from cardtable.session.protocol import TableProtocol
from cardtable.tui.cardstyle import engine_notation
from cardtable.tui.config import SeatConfig, TableConfig
from cardtable.tui.keymap import TABLE_KEYS, bindings, say
from cardtable.tui.refusal_words import notation_line
from cardtable.tui.screens.game_hints import Hints
from cardtable.tui.screens.game_turns import Turns
from cardtable.tui.screens.handover import HandOver
from cardtable.tui.screens.move_box import MoveBox
from cardtable.tui.screens.pauses import TrickPause
from cardtable.tui.screens.round_end import RoundEnd
from cardtable.tui.screens.status_line import StatusLine
from cardtable.tui.services import services
from cardtable.tui.tables import TableArea, TableContext, table_for
from cardtable.tui.viewmodel import TableFacts, TableView, TableViewModel
from cardtable.tui.widgets.buttons import MoveButton
from cardtable.tui.widgets.firstframe import GAME_CSS, OwnStyles, StyledOnce
from cardtable.tui.widgets.footer import KeysFooter
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.movelog import MoveLog
from cardtable.tui.widgets.seats import SeatBox, seat_lines
from cardtable.tui.widgets.toosmall import TooSmall, fit_to_terminal
from cardtable.tui.wording import fill, undo_line

__all__ = ["GameScreen"]


class GameScreen(StyledOnce, OwnStyles):
    """Plays one game from a :class:`TableConfig` until it is over."""

    #: a replay shows the table without taking moves
    read_only = False
    #: a spectator's view: no seat is marked as the viewer's
    spectator = False

    STYLES = (GAME_CSS,)

    # Classes game.tcss lays the table out by: the side panel narrows, then goes, in a
    # narrow terminal; the buttons row goes in a short one; large cards from 120x40.
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (60, "-narrow"), (80, "-normal-width"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-normal-height"), (40, "-tall")]

    BINDINGS = bindings(TABLE_KEYS)

    #: what is on screen now (``None`` until the first drawing); setting it draws it
    view: var[TableView | None] = var(None, always_update=True, init=False)

    def __init__(self, config: TableConfig, session: TableProtocol) -> None:
        """Play ``config`` at the table ``session``, handed over by whoever opened it (a
        table played here, a seat of a hosted table from elsewhere, or the host's own
        seat).  The screen knows the table only as a
        :class:`~cardtable.session.protocol.TableProtocol`: its core, and the
        capabilities it offers."""
        super().__init__()
        self.config = config
        self.game_name = config.game
        self.session: TableProtocol = session
        self.table: TableArea[Any] = table_for(config.game)
        self.view_model = TableViewModel(config.game, self.table)
        self.turns = Turns(self)
        self.hints = Hints(self)
        self.handover = HandOver(self)
        self.pause = TrickPause(self)
        self.round_end = RoundEnd(self)
        self.status_line = StatusLine(self)
        self.session.listen(self.turns.on_notice)
        #: the screen has left the table: nothing more is played or drawn
        self.finished = False
        #: the widgets are mounted: news from a host may be drawn (before, mounting draws it)
        self.ready = False
        #: the keys that acted when the footer was last told (``None``: not yet)
        self.shown_keys: tuple[bool | None, ...] | None = None

    # --- what the table holds ----------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The game state, for a table played here (a remote seat has none)."""
        state = self.session.state
        assert state is not None, "a seat played from elsewhere has no game state"
        return state

    @property
    def obs(self) -> Observation | None:
        """The observation on screen (``None`` before the first drawing)."""
        return self.view.obs if self.view is not None else None

    @property
    def legal(self) -> Sequence[Action]:
        """The viewer's legal moves on screen (none unless it is the viewer's turn)."""
        return self.view.legal if self.view is not None else ()

    @property
    def viewer(self) -> int:
        """The seat drawn at the bottom (whose hand shows, when one may)."""
        return self.session.viewer

    @property
    def revealed(self) -> int | None:
        """Whose hand may be on screen now (``None``: nobody's, in hot-seat)."""
        return self.session.revealed

    @property
    def log_lines(self) -> Sequence[Text]:
        return self.query_one(MoveLog).lines

    @property
    def context(self) -> TableContext:
        seats = self.session.seats
        return TableContext(
            names=tuple(seat.name for seat in seats),
            labels=tuple(seat.label for seat in seats),
            style=services(self).card_style,
            personal=not self.session.hotseat,
        )

    def facts(self) -> TableFacts:
        """What the table says now, as the view model reads it."""
        return TableFacts.read(self.session, read_only=self.read_only, spectator=self.spectator)

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
        yield MoveBox()
        yield HandView(services(self).card_style, id="hand")
        with Horizontal(id="moves"):
            yield from self.compose_moves()
        yield KeysFooter(show_command_palette=False, compact=True)
        yield TooSmall()

    def compose_moves(self) -> ComposeResult:
        """The row of buttons under the hand."""
        yield MoveButton(_(self.table.play_label), id="play-button", variant="success", compact=True)
        if "pass" in self.table.extra_moves:
            yield MoveButton(_("Pass"), id="pass-button", variant="warning", compact=True)
        if "take" in self.table.extra_moves:
            yield MoveButton(_("Take"), id="take-button", variant="error", compact=True)
        yield MoveButton(_("Clear"), id="clear-button", compact=True)
        yield MoveButton(pgettext("a button: the last trick or bout", "Last"), id="last-button", compact=True)
        yield MoveButton(_("Hint"), id="hint-button", compact=True)
        yield MoveButton(_("Undo"), id="undo-button", compact=True)
        yield MoveButton(_("Help"), id="help-button", compact=True)

    def on_mount(self) -> None:
        self.ready = True
        fit_to_terminal(self)
        if not self.read_only:
            saving = self.session.saving
            if saving is not None:
                saving.saver = services(self).saver
            self.follow_settings()
            if saving is not None:
                # A new game has its save from the start: once its first frame is out.
                self.call_after_refresh(saving.autosave)
            if self.session.clock is not None:
                # The turn clock counts down on the status line, and nowhere else.
                self.set_interval(1.0, self.status_line.tick)
        self.after_change()

    def on_screen_resume(self) -> None:
        # The settings screen may have changed the bot speed the save records, and the
        # hard bots' thinking time and cores.
        if not self.read_only:
            self.follow_settings()

    def follow_settings(self) -> None:
        """Hand the app's bot speed (kept in the save), thinking time, cores and hint size
        on to the table's bots and hints run here."""
        app = services(self)
        saving, bot_turns, hints = self.session.saving, self.session.bot_turns, self.session.hints
        if saving is not None:
            saving.pace = app.pace
        if bot_turns is not None:
            bot_turns.configure(app.think, app.bot_cores)
        if hints is not None:
            hints.configure(app.think, app.bot_cores, app.hint_iterations)

    def on_resize(self, event: events.Resize) -> None:
        if self.resized_to_shown_size(event):
            return  # laid out at this size already (StyledOnce)
        fit_to_terminal(self)
        # After the layout: the breakpoint classes may have resized the side panel.
        self.call_after_refresh(self._redraw_for_size)

    def _redraw_for_size(self) -> None:
        # Seat boxes and the log choose their wording by width: draw them again.
        if self.view is not None and not self.handover.concealed:
            self.draw_seats(self.view)
            self.query_one(MoveLog).redraw()
        # The hand's height follows the card size, which follows the terminal's size.
        self.query_one(HandView).refresh(layout=True)

    # --- keys that act ------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key only where it acts (the view model says which); none but leaving
        while the terminal is too small to show the table."""
        if self.has_class("-too-small") and action != "quit_table":
            return False
        keys = self.view.keys if self.view is not None else self.view_model.keys(None)
        return keys.get(action, True)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's keys, with the "last trick" key named after the game's own part of
        play ("Last bout" in Durak)."""
        active = super().active_bindings
        label = _(self.table.completed_key)
        for key, (node, binding, enabled, tooltip) in list(active.items()):
            if binding.action == "last" and binding.description != label:
                active[key] = ActiveBinding(node, dataclasses.replace(binding, description=label), enabled, tooltip)
        return active

    def keys_shown(self) -> tuple[bool | None, ...]:
        """What :meth:`check_action` answers now for each of the table's keys."""
        return tuple(self.check_action(use.name, ()) for use in TABLE_KEYS)

    @property
    def key_features(self) -> tuple[str, ...]:
        """What the keys of this table depend on beyond the game's moves (``hosting``),
        for the help screen."""
        return ("hosting",) if self.session.seating is not None and not self.read_only else ()

    def on_unmount(self) -> None:
        self.finish()  # a bot answering after this has no table to play on
        self.session.close()

    def gone(self) -> bool:
        """Whether the screen is being torn down (app closing): nothing may be drawn."""
        return not self.is_attached or self._closing or self._closed or not self.query("#title-bar")

    def on_key(self, event: Key) -> None:
        # Any key ends the pause at once; the key still does what it does.
        if self.pause.running:
            self.pause.end()
        if event.key in _UNDO_KEYS and not self.check_action("undo", ()):
            # Undo is not offered here (hot-seat), yet the key gets its one-line answer.
            self.action_undo()

    # --- drawing ---------------------------------------------------------------------
    def after_change(self) -> None:
        """Redraw and play on (see :meth:`Turns.after_change <cardtable.tui.screens.game_turns.Turns.after_change>`)."""
        self.turns.after_change()

    def refresh_view(self) -> None:
        """Draw the table as it is now: the view model's view of the table's facts."""
        self.view_model.style = services(self).card_style
        self.view = self.view_model.view(self.facts(), hint=self.hints.action)

    def watch_view(self, view: TableView | None) -> None:
        if view is None:
            return
        self.take_events(view)
        self.query_one("#title-bar", Static).update(view.title)
        self.draw_seats(view)
        self.table.show(view.obs, view.context)
        self.query_one("#scores", Static).update(view.scores)
        self.query_one(MoveLog).redraw()
        hand = self.query_one(HandView)
        hand.show_cursor = view.hand.cursor
        hand.set_cards(view.hand.cards, view.hand.playable)
        hand.hinted = set(view.hand.hinted)
        title = view.hand.title
        if view.hand.has_unplayable:
            title += " · " + _("{mark} cannot be played now").format(mark=hand.unplayable_mark)
        hand.border_title = Text(title)  # a Text: names in it are never read as markup
        for button in self.query(MoveButton):
            button_id = button.id or ""
            if button_id in view.enabled:
                button.disabled = not view.enabled[button_id]
            if button_id in view.shown:
                button.display = view.shown[button_id]
        keys = self.keys_shown()
        if keys != self.shown_keys:
            # The footer is built anew on every refresh of the bindings: only when a key
            # comes or goes (most redraws change none, and a hosted table redraws often).
            self.shown_keys = keys
            self.refresh_bindings()
        self.status_line.drawn()

    def take_events(self, view: TableView) -> None:
        """Add the viewer's new events to the log; tell the viewer the cards it received."""
        fresh, lines = self.view_model.log_lines(view.facts)
        log = self.query_one(MoveLog).lines
        if fresh:
            log.clear()
        log.extend(lines)
        if self.session.revealed == self.viewer and not view.facts.table_only:
            # Cards received, told to their receiver once (in hot-seat, when their turn comes).
            for event in self.session.take_received(self.viewer):
                self.status_line.tell(self.view_model.received(view.facts, event))
                self.query_one(HandView).received |= set(event.cards)

    def forget_log(self) -> None:
        """Empty the log (an undo, a hand-over): the next drawing logs every event again."""
        self.query_one(MoveLog).lines.clear()
        self.view_model.log.restart()

    def draw_seats(self, view: TableView) -> None:
        # The columns inside one seat box (boxes share the row, 1-column gap, left padding).
        boxes = len(view.seats)
        width = max(((self.size.width or self.app.size.width or 80) - boxes) // boxes - 1, 6)
        for number, seat in enumerate(view.seats):
            lines = seat_lines(
                width=width, label=seat.label, name=seat.name, count=seat.card_count, words=list(seat.words),
                badges=list(seat.badges), to_act=seat.to_act, viewer=seat.viewer,
                ascii_only=view.context.style.ascii_only,
            )
            self.query_one(f"#seat-{number}", SeatBox).show(lines, list(seat.badges), seat.to_act, seat.viewer)

    def forget_received(self) -> None:
        """Cards just received stay marked (✚) until the receiver's first move after."""
        hands = self.query(HandView)
        if hands and hands.first().received:
            hands.first().received = set()
            hands.first().refresh()

    # --- the status line ---------------------------------------------------------------
    def set_status(self, text: Text) -> None:
        """Put ``text`` on the status line (see :class:`~cardtable.tui.screens.status_line.StatusLine`)."""
        self.status_line.set(text)

    def refusal(self, refusal: Refusal | str) -> Text:
        """A refused move as the status line says it (``Refused: 8♦ does not beat 6♠``)."""
        return self.status_line.refusal(refusal)

    # --- keys: the hand ---------------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        self.query_one(HandView).move(step)
        self.status_line.choice_changed()

    def action_cursor_end(self, last: int) -> None:
        """Home and End: the first or the last card of the hand."""
        hand = self.query_one(HandView)
        if hand.cards:
            hand.cursor = len(hand.cards) - 1 if last else 0
        self.status_line.choice_changed()

    def action_toggle_card(self) -> None:
        # Not ``action_toggle``: Textual's DOMNode has one (toggling an attribute).
        self.query_one(HandView).toggle()
        self.status_line.choice_changed()

    def action_clear(self) -> None:
        self.query_one(HandView).clear_selection()
        self.status_line.choice_changed()

    def action_select_rank(self) -> None:
        hand = self.query_one(HandView)
        card = hand.cursor_card
        if card is None:
            return
        same = {c for c in hand.cards if c.rank == card.rank}
        hand.selected = (hand.selected - same) if same <= hand.selected else (hand.selected | same)
        hand.refresh()
        self.status_line.choice_changed()

    def selected_for_move(self) -> list[Card]:
        hand = self.query_one(HandView)
        cards = hand.selected_cards
        if not cards and hand.cursor_card is not None:
            cards = [hand.cursor_card]
        return cards

    # --- keys: moves --------------------------------------------------------------------
    def human_move(self, action: Action | str) -> bool:
        """Make the viewer's move (see :meth:`Turns.human_move <cardtable.tui.screens.game_turns.Turns.human_move>`)."""
        return self.turns.human_move(action)

    def action_play(self) -> None:
        obs = self.obs
        if obs is None:
            return
        if self.session.to_act != self.viewer:
            self.status_line.set(self.status_line.wait())
            return
        hinted = self.hints.still_chosen()
        if hinted is not None and not hinted.cards:
            self.human_move(hinted)  # the hint was to pass or take: Enter does what it says
            return
        cards = self.selected_for_move()
        if not cards:
            self.status_line.set(Text(_("Select cards first ({key}), or pass.").format(key=say("toggle_card")),
                                      style="bold yellow"))
            return
        try:
            action = hinted if hinted is not None else self.table.build_action(obs, self.legal, cards)
        except CardtableError as exc:
            self.status_line.refuse(not_a_move(exc))  # the selection is no move: why, in the player's words
            return
        if services(self).settings.confirm_before_play:
            from cardtable.tui.screens.confirm import ConfirmScreen  # a screen pushed later loads then

            if action not in self.legal:
                self.human_move(action)  # refused with the engine's reason; nothing to confirm
                return
            question = fill(_("{play} {cards}?  {keys}"), play=_(self.table.play_label),
                            cards=self.context.style.inline(action.cards), keys=ConfirmScreen.keys_hint())
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
        step = getattr(self.table, "next_target", None)  # only a table with targets has it
        if step is not None:
            step()

    # --- keys: a move typed in the notation -----------------------------------------------
    def action_type_move(self) -> None:
        """Open the move box (:class:`~cardtable.tui.screens.move_box.MoveBox`)."""
        if self.view is not None and not self.read_only:
            self.query_one(MoveBox).open()

    @on(MoveBox.Submitted, "#move-box")
    def _move_typed(self, event: MoveBox.Submitted) -> None:
        event.stop()
        if self.typed_move(event.value):
            self.query_one(MoveBox).close()
            self.set_focus(None)

    @on(MoveBox.Closed)
    def _move_box_closed(self) -> None:
        self.set_focus(None)

    def typed_move(self, text: str) -> bool:
        """Make the move ``text`` writes in the game's notation (any case); whether the
        table took it.  Text that is no move, or a move the table refuses, changes
        nothing: the refusal's reason shows on the status line."""
        try:
            # The player's language's rank letters (Dutch VH) as the engine writes them (JH).
            action = typed_action(engine_notation(text), self.legal)
        except CardtableError as exc:
            self.status_line.refuse(not_a_move(exc))  # what the text lacks, in the player's words
            return False
        # A move the engine does not list goes to the table all the same, for its reason
        # (a host's comes later): the box stays open to correct it.
        legal = action in self.legal
        return self.human_move(action) and legal

    # --- keys: hints and undo --------------------------------------------------------------
    def action_hint(self) -> None:
        """A hint for the viewer's turn; again, why (see :class:`~cardtable.tui.screens.game_hints.Hints`)."""
        self.hints.ask()

    def action_undo(self) -> None:
        """Take back the person's last move and every bot move after it (again: the one before)."""
        undoing = self.session.undoing
        if undoing is None:
            # Several people share the keyboard, or some play elsewhere: the key says which.
            why = CannotUndo("alone_only" if self.session.presence is None else "others_here")
            self.status_line.set(Text(undo_line(why), style="bold yellow"))
            return
        problem = undoing.undo()
        if problem is not None:
            self.status_line.set(Text(undo_line(problem), style="bold yellow"))
            return
        self.workers.cancel_group(self, "bots")
        self.workers.cancel_group(self, "hint")
        self.after_change()

    # --- keys: views and leaving ---------------------------------------------------------
    def action_last(self) -> None:
        if self.view is not None:
            from cardtable.tui.screens.info import InfoScreen

            self.app.push_screen(InfoScreen(self.table.last_completed(self.view.obs, self.view.context)))

    def action_scores(self) -> None:
        if self.view is not None:
            from cardtable.tui.screens.info import InfoScreen

            self.app.push_screen(InfoScreen(self.view.scores))

    def action_seats(self) -> None:
        """The host's list of remote seats: hand an away player's seat to a bot, or take it back."""
        seating = self.session.seating
        if seating is not None and not self.read_only:
            services(self).open_seats(seating, self.context.name)

    def finish(self) -> None:
        """Leave the table: no bot plays on and no news is drawn here any more."""
        self.finished = True

    def action_quit_table(self) -> None:
        self.finish()
        untouched = self.untouched()
        self.session.close()
        if untouched:
            # Left before the player's first move: nothing of theirs to keep, and the
            # start screen's list does not fill up with deals nobody played.
            slot = services(self).slot
            if slot is not None:
                slot.discard()
        self.workers.cancel_group(self, "bots")
        services(self).show_start(self.game_name)

    def seat_changed(self, seat: int, kind: str) -> None:
        """``seat`` is played by ``kind`` from now on, in this game and the next dealt here."""
        seats = list(self.config.seats)
        seats[seat] = SeatConfig(kind, seats[seat].name)
        self.config = self.config._replace(seats=tuple(seats))

    def untouched(self) -> bool:
        """A game of this keyboard's own that no person at the table has moved in yet."""
        session = self.session
        if self.read_only or not session.local or session.state is None:
            return False
        people = {seat for seat, spec in enumerate(session.seats) if spec.waits_for_outside}
        return not session.is_over and not any(seat in people for seat, _ in session.state.history)

    @on(HandView.CardClicked)
    def _card_clicked(self) -> None:
        self.status_line.choice_changed()

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
            "help-button": services(self).action_help,
        }
        handler = actions.get(event.button.id or "")
        if handler is not None:
            handler()


#: the keys bound to undo (they answer even where undo is not offered)
_UNDO_KEYS = frozenset(next(use.keys for use in TABLE_KEYS if use.action == "undo").split(","))


def not_a_move(error: CardtableError) -> str:
    """Why typed text or selected cards make no move, in the player's language, from
    the parser's code and values (the error's own line for any other error).

    >>> from cardtable.errors import MalformedActionError, NotationProblem
    >>> not_a_move(MalformedActionError("x", problem=NotationProblem("not_a_card", token="jump")))
    "'jump' is not a card: write its rank, then its suit, like qs 10h"
    """
    problem = error.problem if isinstance(error, MalformedActionError) else None
    return str(error) if problem is None else notation_line(problem)


def typed_action(text: str, legal: Sequence[Action]) -> Action:
    """The move ``text`` writes; bare cards are the one kind of card move the rules
    allow now, as the hand's Enter makes it (a Hearts pass, a gift, a Durak attack).

    >>> from cardtable.games import get_rules
    >>> legal = get_rules("durak").new_game(players=2, seed=3).legal_actions()
    >>> str(typed_action("8s", legal)), str(typed_action("pass", legal))
    ('attack 8S', 'pass')
    """
    action = Action.parse(text)
    kinds = {move.kind for move in legal if move.cards}
    if action.kind == "play" and len(kinds) == 1 and "play" not in kinds:
        return Action.parse(f"{kinds.pop()} {text}")
    return action
