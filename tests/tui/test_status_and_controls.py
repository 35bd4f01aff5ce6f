"""The status line always says what to do now; controls show only where they act;
Home/End; the hint marker under the cursor and hinted cards in hand order."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import Card, parse_cards
from cardtable.engine.actions import PASS, Action
from cardtable.tui.app import CardtableApp
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.config import TableConfig
from cardtable.tui.keymap import TABLE_KEYS
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.widgets.cycler import Cycler
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.movelog import MoveLog

from .conftest import open_table, screen_text, settle, status_of

TWO_CLUBS = Card.parse("2C")



async def test_a_refusal_is_cleared_when_the_selection_changes() -> None:
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3) as (_app, pilot, game):
        prompt = status_of(game)
        await pilot.press("space", "right", "space", "enter")
        assert status_of(game).startswith("Refused: ")
        await pilot.press("right")  # the cursor moves: the old choice is gone
        assert status_of(game) == prompt
        await pilot.press("enter")
        assert status_of(game).startswith("Refused: ")
        await pilot.press("space")
        assert status_of(game) == prompt


def seed_dealing_two_of_clubs_to(seat: int) -> int:
    return next(
        seed for seed in range(100)
        if TWO_CLUBS in TableConfig.build("hearts", ["human"] + ["easy"] * 3, seed=seed).new_state().hand(seat)
    )


async def test_after_the_pass_the_holder_of_the_two_of_clubs_is_asked_to_lead_it() -> None:
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=seed_dealing_two_of_clubs_to(0)) as (app, pilot, game):
        keep = [card for card in game.query_one(HandView).cards if card != TWO_CLUBS][:3]
        assert game.human_move(Action.give(keep))
        await settle(app, pilot)
        status = status_of(game)
        giver = game.context.name((game.viewer - 1) % 4)  # the pass to the left comes from the right
        received = game.state.observation(0).cards_received  # type: ignore[attr-defined]
        labels = " ".join(card.label() for card in game.query_one(HandView).cards if card in received)
        assert status.startswith(f"{giver} passed you "), status
        assert labels and labels in status, status
        assert status.endswith("  ·  Your lead: play the 2♣ (Enter)."), status
        logged = [line.plain for line in game.query_one(MoveLog).lines if " passed you " in line.plain]
        assert logged == [f"{giver} passed you {labels}"]  # the log names them in the same order


@pytest.mark.slow
async def test_a_key_pressed_while_a_bot_thinks_keeps_the_thinking_message() -> None:
    async with open_table("president", ["human", "easy", "easy"], seed=6) as (app, pilot, game):
        app._bot_delay = 60.0  # the next bot thinks for a long time
        action = next(a for a in game.state.legal_actions() if a.cards)
        assert game.human_move(action)
        await pilot.pause()
        assert status_of(game) == "Ada (easy) is thinking…"
        await pilot.press("enter")
        assert status_of(game) == "Wait for your turn.  Ada (easy) is thinking…"
        game.workers.cancel_group(game, "bots")


def footer_keys(app: CardtableApp) -> str:
    return screen_text(app).splitlines()[-1]


async def test_pass_shows_only_where_it_acts_president() -> None:
    async with open_table("president", ["human", "easy", "easy"], seed=6, size=(100, 30)) as (app, pilot, game):
        pass_button = game.query_one("#pass-button")
        assert game.state.observation(0).table == ()  # type: ignore[attr-defined]
        assert PASS not in game.legal
        assert not pass_button.display and "Pass" not in footer_keys(app)
        assert game.check_action("pass_turn", ()) is False
        rng = random.Random(5)
        for _ in range(60):  # on to a turn with a set to beat
            if PASS in game.legal:
                break
            game.human_move(rng.choice(game.state.legal_actions()))
            await settle(app, pilot)
        assert PASS in game.legal
        assert pass_button.display and "Pass" in footer_keys(app)


async def test_a_redraw_builds_the_footer_again_only_when_a_key_comes_or_goes() -> None:
    async with open_table("president", ["human", "easy", "easy"], seed=6, size=(100, 30)) as (app, pilot, game):
        told: list[tuple[bool | None, ...]] = []
        original = game.refresh_bindings

        def counted() -> None:
            told.append(game.keys_shown())
            original()

        game.refresh_bindings = counted  # type: ignore[method-assign]
        game.refresh_view()
        game.refresh_view()
        assert told == []  # the same keys: the footer stays as it is
        rng = random.Random(5)
        for _ in range(60):  # on to a turn with a set to beat: Pass comes
            if PASS in game.legal:
                break
            game.human_move(rng.choice(game.state.legal_actions()))
            await settle(app, pilot)
        passing = [use.name for use in TABLE_KEYS].index("pass_turn")
        assert told and told[-1][passing] is True
        await pilot.pause()
        assert "Pass" in footer_keys(app)


async def test_no_pass_during_the_exchange() -> None:
    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=11, options={"rounds": 2})
    for attempt in range(20):
        # Random play to an exchange where seat 0 (a President or Vice) gives back.
        state, rng = config.new_state(), random.Random(attempt)
        while not state.is_over and state.observation(0).phase != "exchange":  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_actions()))
        if state.observation(0).exchange_due:  # type: ignore[attr-defined]
            break
    while state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    app = CardtableApp(config, bot_delay=0, ascii_only=False, state=state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        game: GameScreen = app.screen  # type: ignore[assignment]
        assert game.state.current_player == 0 and game.obs.phase == "exchange"  # type: ignore[attr-defined]
        assert not game.query_one("#pass-button").display
        assert "Pass" not in footer_keys(app)


@pytest.mark.slow
async def test_no_undo_in_hot_seat() -> None:
    config = TableConfig.build("hearts", ["human", "human", "easy", "easy"], names=["Ann", "Ben"], seed=1)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")  # past the privacy screen
        await settle(app, pilot)
        game: GameScreen = app.screen  # type: ignore[assignment]
        assert isinstance(game, GameScreen)
        assert not game.query_one("#undo-button").display
        assert "Undo" not in footer_keys(app)
    single = CardtableApp(TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=1), bot_delay=0)
    async with single.run_test(size=(100, 30)) as pilot:
        await settle(single, pilot)
        assert single.screen.query_one("#undo-button").display
        assert "Undo" in footer_keys(single)


async def test_hearts_has_no_player_count_arrows_on_the_start_screen() -> None:
    app = CardtableApp(ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start: StartScreen = app.screen  # type: ignore[assignment]
        players = start.query_one("#players", Cycler)
        start._show_game("hearts")
        await pilot.pause()
        assert players.render().plain.strip() == "4" and not players.can_focus
        players.action_step(1)
        assert players.value == "4"
        start._show_game("durak")
        await pilot.pause()
        assert "◂" in players.render().plain and players.can_focus


async def test_home_and_end_move_to_the_ends_of_the_hand() -> None:
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3) as (app, pilot, _game):
        hand = app.screen.query_one(HandView)
        hand.cursor = 5
        await pilot.press("end")
        assert hand.cursor == len(hand.cards) - 1
        await pilot.press("home")
        assert hand.cursor == 0


def test_the_hint_marker_shows_under_the_cursor_too() -> None:
    for ascii_only, cursor, hint in ((False, "▲", "◆"), (True, "^", "?")):
        hand = HandView(CardStyle(ascii_only=ascii_only))
        hand.set_cards(parse_cards("3C 5D 9H"))
        hand.hinted = {Card.parse("5D")}
        hand.cursor = 1
        under = hand.render().plain.splitlines()[2]
        assert cursor in under and hint in under, under
        hand.cursor = 0
        under = hand.render().plain.splitlines()[2]
        assert under.index(cursor) < under.index(hint)


async def test_hinted_cards_are_listed_in_hand_order() -> None:
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3) as (_app, _pilot, game):
        hand = game.query_one(HandView)
        # Hearts sorts clubs, diamonds, spades, hearts: a heart comes last in the hand.
        heart = min(c for c in hand.cards if c.suit.name == "HEARTS")
        others = sorted((c for c in hand.cards if c.suit.name in ("CLUBS", "SPADES")), key=lambda c: c.rank)[-2:]
        action = Action.give([heart, *others])
        assert [str(c) for c in action.cards] != [str(c) for c in hand.cards if c in action.cards]
        from cardtable.session import HintAnswer

        game.hints.done(HintAnswer(game.viewer, game.session.generation, action))
        in_hand_order = " ".join(c.label() for c in hand.cards if c in action.cards)
        assert status_of(game) == f"Hint: pass {in_hand_order} (Enter plays it)"


def test_every_mark_shows_under_its_card() -> None:
    hand = HandView(CardStyle())
    cards = parse_cards("3C 5D 9H QS")
    hand.set_cards(cards, playable={cards[0], cards[1]})
    hand.received = {cards[1], cards[2]}
    hand.cursor = 2  # on a received card that cannot be played
    cells = hand.render().plain.splitlines()[2]
    width = 4
    start = cells.index("▲") - 1
    per_card = [cells[start - 2 * width + i * width : start - 2 * width + (i + 1) * width] for i in range(4)]
    assert per_card == ["    ", "  ✚ ", " ▲×✚", "  × "], per_card


async def test_the_last_key_is_named_after_the_games_own_part_of_play() -> None:
    async with open_table("durak", ["human", "easy"], seed=4, size=(120, 30)) as (app, _pilot, _game):
        assert "Last bout" in footer_keys(app) and "Last trick" not in footer_keys(app)
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3, size=(120, 30)) as (app, _pilot, _game):
        assert "Last trick" in footer_keys(app)


async def test_a_notice_at_the_table_never_covers_the_hand_the_buttons_or_the_keys() -> None:
    from textual.widgets._toast import Toast

    app = CardtableApp(TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=3), bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        game = app.screen
        app.notify("Bea now plays as the hard bot, and this notice runs to a second line.", timeout=30)
        for _ in range(3):
            await pilot.pause()
        toasts = list(game.query(Toast))
        assert toasts
        hand_top = game.query_one(HandView).region.y
        for toast in toasts:
            assert toast.region.height and toast.region.y + toast.region.height <= hand_top, (toast.region, hand_top)
