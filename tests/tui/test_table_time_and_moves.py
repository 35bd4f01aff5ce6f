"""The table at 80x24, issue 36: the pass instruction from the first frame, only what
can be done on a hot-seat screen that shows no hand, and a move typed in the notation."""

from __future__ import annotations

import os

import pytest

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


@pytest.mark.slow
async def test_a_move_typed_in_the_notation_is_made_and_a_bad_one_refused_with_its_reason() -> None:
    from cardtable.tui.screens.help import keys_markdown
    from cardtable.tui.screens.move_box import MoveBox
    from tests.tui.conftest import open_table

    assert "| M | type a move: 7h 7s, pass, take, give 2c 3d" in keys_markdown()
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3) as (app, pilot, game):
        box = game.query_one(MoveBox)
        assert not box.display
        await pilot.press("m")
        assert box.display and box.has_focus
        hand = tuple(game.query_one("#hand").cards)  # type: ignore[attr-defined]
        for text, reason in (("give 2c", "you must pass exactly 3 cards, not 1"),
                             ("jump", "'jump' is not a card: write its rank, then its suit, like qs 10h")):
            await pilot.press(*_keys(text), "enter")
            assert status_of(game).startswith("Refused: ") and reason in status_of(game), status_of(game)
            assert game.session.state.history == [] and game.session.to_act == 0  # nothing changed
            assert tuple(game.query_one("#hand").cards) == hand and box.display  # type: ignore[attr-defined]
            box.value = ""
        await pilot.press("escape")
        assert not box.display and not box.has_focus
        # Lowercase, cards in any order: made as if chosen in the hand.
        chosen = [str(card).lower() for card in hand[:3]]
        await pilot.press("m", *_keys("give " + " ".join(reversed(chosen))), "enter")
        await pilot.pause()
        assert game.session.state.history[0][0] == 0
        assert {str(card) for card in game.session.state.history[0][1].cards} == {str(card) for card in hand[:3]}
        assert not box.display


def _keys(text: str) -> list[str]:
    """The key presses that type ``text``."""
    return ["space" if char == " " else char for char in text]


async def test_bare_cards_typed_in_a_pass_are_the_pass() -> None:
    """Found in tmux: `qc qd qh` typed in the move box at a Hearts pass was refused with
    "first pass 3 cards left …": the hand's Enter makes that pass, and so does the box."""
    from tests.tui.conftest import open_table

    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3) as (app, pilot, game):
        hand = tuple(game.query_one("#hand").cards)  # type: ignore[attr-defined]
        chosen = [str(card).lower() for card in hand[-3:]]
        await pilot.press("m", *_keys(" ".join(chosen)), "enter")
        await pilot.pause()
        seat, action = game.session.state.history[0]
        assert seat == 0 and action.kind == "give"
        assert {str(card) for card in action.cards} == {str(card) for card in hand[-3:]}
