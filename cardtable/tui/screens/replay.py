"""The replay screen: a finished game's moves, stepped forward and back.

It is the game screen in a read-only mode: the same seats, table, scores, log and
hand widgets, drawn from :meth:`cardtable.userdata.records.Replay.observation` — as a
spectator sees the table (no hand at all) or as one seat saw it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import Button

from cardtable.engine.observation import Observation
from cardtable.lang import _
from cardtable.session import Seat, TableSession
from cardtable.tui.config import SEAT_KINDS, SeatConfig, TableConfig
from cardtable.tui.keymap import REPLAY_KEYS, bindings, say_some
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.services import services
from cardtable.tui.tables import TableContext
from cardtable.tui.viewmodel import TableFacts
from cardtable.tui.widgets.buttons import MoveButton
from cardtable.userdata.records import Replay

__all__ = ["ReplayScreen"]


class ReplayScreen(GameScreen, inherit_bindings=False):
    """Step through ``replay`` as ``seat`` saw it (``None``: as a spectator).  ``record``:
    the file it was read from, beside which a review of it is kept."""

    read_only = True

    BINDINGS = bindings(REPLAY_KEYS)

    def __init__(self, replay: Replay, seat: int | None = None, record: Path | None = None) -> None:
        seats = tuple(
            SeatConfig(info.kind if info.kind in SEAT_KINDS else "human", info.name) for info in replay.seats
        )
        # Every seat counts as a bot here: no turn is waited for and nobody is "you".
        config = TableConfig(replay.info.game, seats, replay.state.seed, dict(replay.state.options))
        table = TableSession(replay.state, [Seat.from_spec(seat.name, seat.kind) for seat in seats], resumed=True)
        super().__init__(config, table)
        self.replay = replay
        self.seat = seat
        self.record = record
        self.spectator = seat is None
        session = self.session
        session.close()  # nothing is played or saved here
        session.viewer = session.revealed = seat if seat is not None else 0
        session.hotseat = True  # names, never "you"

    def compose_moves(self) -> ComposeResult:
        yield MoveButton("|<", id="replay-start", compact=True)
        yield MoveButton(_("< Back"), id="replay-back", compact=True)
        yield MoveButton(_("Forward >"), id="replay-forward", variant="success", compact=True)
        yield MoveButton(">|", id="replay-end", compact=True)
        yield MoveButton(_("Close"), id="replay-close", variant="error", compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True

    # --- drawing ---------------------------------------------------------------------
    def facts(self) -> TableFacts:
        obs = self.replay.observation(self.seat)
        if obs.seat is None:
            # Tables lay seats out around seat 0; the spectator's hand is empty anyway.
            obs = dataclasses.replace(obs, seat=0)
        facts = TableFacts.read(self.session, read_only=True, spectator=self.spectator, obs=obs)
        ctx = self.context
        return facts._replace(heading=self.title_text(obs, ctx), hand_heading=self.hand_title(obs, ctx))

    def title_text(self, obs: Observation, ctx: TableContext) -> str:
        if self.seat is None:
            who = _("replay, spectator")
        else:
            who = _("replay, as {player} saw it").format(player=ctx.name(self.seat))
        undo = "  ·  " + _("undo used") if self.replay.info.undo_used else ""
        move = _("move {number}/{moves}").format(number=self.replay.position, moves=self.replay.length)
        return f"  {who}  ·  {move}{undo}"

    def hand_title(self, obs: Observation, ctx: TableContext) -> str | None:
        """The hand's title: a spectator has none (``None``: the table's own words)."""
        return _("Spectator: no hand is shown") if self.seat is None else None

    def after_change(self) -> None:
        assert isinstance(self.session, TableSession)
        self.session.state = self.replay.state
        self.forget_log()
        self.refresh_view()
        self.set_status(self.move_text())

    def move_text(self) -> Text:
        ctx = self.context
        position = self.replay.position
        if position == 0:
            return Text(
                _("The deal. {forward} steps forward, {back} back, {close} closes.").format(
                    forward=say_some("step(1)", REPLAY_KEYS), back=say_some("step(-1)", REPLAY_KEYS),
                    close=say_some("close", REPLAY_KEYS, 1)),
                style="italic",
            )
        seat = self.replay.last_action[0] if self.replay.last_action else None
        notation = self.state.public_history(self.seat)[position - 1][1]
        text = Text.assemble(
            (_("Move {number}/{moves}:").format(number=position, moves=self.replay.length) + " ", "bold"),
            self.table.describe_move(seat, notation, ctx),
        )
        if self.replay.at_end:
            text.append("  " + _("(the end)"), style="bold green")
        return text

    # --- stepping ----------------------------------------------------------------------
    def action_step(self, count: int) -> None:
        self.replay.step(count)
        self.after_change()

    def action_seek_start(self) -> None:
        self.replay.seek(0)
        self.after_change()

    def action_seek_end(self) -> None:
        self.replay.seek(self.replay.length)
        self.after_change()

    def action_close(self) -> None:
        if len(self.app.screen_stack) <= 2:
            self.app.exit()
        else:
            self.dismiss(None)

    def action_review(self) -> None:
        """Review the seat shown (as a spectator: the first person's), once the game is over."""
        if not self.replay.state_at(self.replay.length).is_over:
            self.notify(_("Only a finished game can be reviewed."))
            return
        humans = [i for i, info in enumerate(self.replay.seats) if info.kind == "human"]
        seat = self.seat if self.seat is not None else (humans[0] if humans else 0)
        services(self).open_review(self.replay, seat, record=self.record)

    @on(Button.Pressed)
    def _replay_button(self, event: Button.Pressed) -> None:
        handlers = {
            "replay-start": self.action_seek_start,
            "replay-back": lambda: self.action_step(-1),
            "replay-forward": lambda: self.action_step(1),
            "replay-end": self.action_seek_end,
            "replay-close": self.action_close,
        }
        handler = handlers.get(event.button.id or "")
        if handler is not None:
            handler()
