"""The table at 80x24, issue 36: the pass instruction from the first frame, only what
can be done on a hot-seat screen that shows no hand, and a move typed in the notation."""

from __future__ import annotations

import os

from cardtable.games import get_rules
from cardtable.session import Seat, TableSession
from cardtable.tui.app import CardtableApp
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.config import TableConfig
from cardtable.tui.tables import table_for
from cardtable.tui.viewmodel import TableFacts, TableViewModel
from tests.tui.conftest import status_of

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


async def test_the_first_frame_of_a_hearts_pass_shows_the_pass_instruction() -> None:
    """Found: the bots choosing their pass meanwhile put "You is thinking…" on the line."""
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=3)
    app = CardtableApp(config, bot_delay=2.0, ascii_only=False)  # the bots still think
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = status_of(app.screen)  # type: ignore[arg-type]
        assert line.startswith("Your turn: select 3 cards to pass left"), line
        assert "thinking" not in line


def test_a_hot_seat_screen_that_shows_no_hand_offers_no_move() -> None:
    state = get_rules("president").new_game(players=4, seed=2)
    session = TableSession(state, [Seat.human("Ann"), Seat.human("Ben"), Seat.bot_seat("Cy", "easy"),
                                   Seat.bot_seat("Dee", "easy")])
    while not (session.handover is not None and session.handover.table_only):
        seat = session.to_act
        assert seat is not None
        if session.seats[seat].is_bot:
            request = session.bot_request()
            assert request is not None
            session.bot_answer(request.think())
        else:
            session.reveal(seat)
            session.act(seat, session.legal_actions()[-1])
    view = TableViewModel("president", table_for("president"), CardStyle()).view(TableFacts.read(session))
    assert view.hand.title.startswith("No hand is shown")
    shown = [button for button, on in view.shown.items() if on]
    assert not {"play-button", "clear-button", "hint-button", "pass-button"} & set(shown), shown
    assert not any(view.keys.get(key, True) for key in ("play", "toggle_card", "clear", "hint", "pass_turn"))
