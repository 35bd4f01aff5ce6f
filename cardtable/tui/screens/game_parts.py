"""What the parts of the game screen share: :class:`GameScreenParts`.

The game screen (:class:`~cardtable.tui.screens.game.GameScreen`) draws the table and
routes keys; what it does besides lives in parts of its own, each a class it is made
of:

- :mod:`~cardtable.tui.screens.game_turns`: the turn loop (the session's notices, a
  redraw after each change, the bots' thinking in worker threads, a person's move);
- :mod:`~cardtable.tui.screens.game_hints`: hints and the "why" view;
- :mod:`~cardtable.tui.screens.handover`: hot-seat, covering the screen between two
  people's turns;
- :mod:`~cardtable.tui.screens.pauses`: a completed trick or bout kept on the table a
  moment;
- :mod:`~cardtable.tui.screens.round_end`: a round's end, its pop-up and the review.

Each part is written against this class, which names what the screen holds (set in
``GameScreen.__init__``) and, for the type checker only, the screen's own methods the
parts call.  Like the screen, no part imports the network: the table is a
:class:`~cardtable.session.protocol.TableProtocol`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.screen import Screen

if TYPE_CHECKING:
    from cardtable.bots.search import Decision
    from cardtable.engine.actions import Action
    from cardtable.engine.events import Event
    from cardtable.engine.observation import Observation
    from cardtable.engine.refusals import RuleRefusal
    from cardtable.engine.state import GameState
    from cardtable.session.protocol import TableProtocol
    from cardtable.tui.config import TableConfig
    from cardtable.tui.tables import TableArea, TableContext

__all__ = ["GameScreenParts"]


class GameScreenParts(Screen[None]):
    """The game screen's state, as its parts read and write it."""

    config: TableConfig
    game_name: str
    session: TableProtocol
    table: TableArea[Any]
    #: a replay shows the table without taking moves
    read_only: bool
    #: the round-over event the pop-up shows (the review of that round comes back to it)
    round_over_event: Event | None
    obs: Observation | None
    legal: Sequence[Action]
    #: the hint on show, how the hard bot came to it and the table's generation then;
    #: whether the status line shows it now
    hint_action: Action | None
    hint_decision: Decision | None
    hint_generation: int
    hint_on_status: bool
    seen_events: int
    message: Text | None
    news: Text | None
    pending_round_over: Event | None
    just_completed: Event | None
    pause_token: int
    finished: bool
    ready: bool

    if TYPE_CHECKING:
        # The screen's own (game.py) and the other parts', as the parts call them.
        @property
        def state(self) -> GameState:
            raise NotImplementedError

        @property
        def round_noun(self) -> str:
            raise NotImplementedError

        @property
        def viewer(self) -> int:
            raise NotImplementedError

        @property
        def revealed(self) -> int | None:
            raise NotImplementedError

        @property
        def hotseat(self) -> bool:
            raise NotImplementedError

        @property
        def context(self) -> TableContext:
            raise NotImplementedError

        def refresh_view(self) -> None: ...

        def set_status(self, text: Text) -> None: ...

        def show_status(self) -> None: ...

        def show_refusal(self, reason: RuleRefusal | str) -> None: ...

        def forget_received(self) -> None: ...

        def thinking_text(self) -> Text:
            raise NotImplementedError

        def wait_text(self) -> Text:
            raise NotImplementedError

        def _gone(self) -> bool:
            raise NotImplementedError

        def action_quit_table(self) -> None: ...

        def after_change(self) -> None: ...

        def carry_on(self) -> None: ...

        def next_turn(self) -> None: ...

        def start_pause(self) -> bool:
            raise NotImplementedError

        def hide_hand(self) -> None: ...

        def hand_over(self, seat: int) -> None: ...

        def show_round_over(self, event: Event) -> None: ...

        def keep_reviews_with_record(self) -> None: ...
