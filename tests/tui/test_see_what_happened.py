"""See what happened: a completed trick, bout or set stays on the table for a moment with
its winner marked; received cards are marked in the hand; in hot-seat the last person's
hand is hidden as soon as only bots are to move."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.actions import Action
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.privacy import PrivacyScreen
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.tui.widgets.hand import HandView

from .conftest import open_table, screen_text, settle, status_of
from .test_hotseat_privacy import shows

LONG = 60.0  # seconds: longer than any test, so only a key (or the test) ends a pause



async def play_until_completed(app: CardtableApp, pilot, rng: random.Random, kind: str):
    """Play random legal moves for the person until a ``kind`` event is held on the table."""
    for _ in range(400):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if isinstance(app.screen, RoundOverScreen):
            await pilot.press("enter")
            continue
        game: GameScreen = app.screen  # type: ignore[assignment]
        completed = game.table.completed
        if completed is not None and completed.kind == kind:
            return game, completed
        if completed is not None:
            await pilot.press("escape")  # another kind of pause: a key ends it
            continue
        seat = game.state.current_player
        if seat is not None and game.config.seats[seat].is_human:
            assert game.human_move(rng.choice(game.state.legal_actions()))
    raise AssertionError(f"no {kind} was completed")


def test_the_pause_follows_the_speed_setting() -> None:
    assert CardtableApp(pace="normal").trick_pause == 1.0
    assert CardtableApp(pace="fast").trick_pause < CardtableApp(pace="normal").trick_pause
    assert CardtableApp(pace="slow").trick_pause > 1.0
    assert CardtableApp(pace="normal", bot_delay=0).trick_pause == 0.0
    assert CardtableApp(pace="normal", bot_delay=0, trick_pause=0.3).trick_pause == 0.3


async def test_a_completed_hearts_trick_stays_with_its_winner_until_a_key() -> None:
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=4)
    app = CardtableApp(config, bot_delay=0, trick_pause=LONG, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        game, event = await play_until_completed(app, pilot, random.Random(1), "trick")
        moves = len(game.state.history)
        for _ in range(5):
            await pilot.pause()
        assert len(game.state.history) == moves  # nobody plays on while it is shown
        table = str(game.table.render())
        winner = game.context.name(event.seat)
        assert f"★ {winner} takes the trick" in table or "★ You take the trick" in table, table
        for card in event.cards:
            assert card.label() in table
        assert f"★ {winner}"[:12] in table  # the winner's seat on the table is marked too
        # The status line names what is shown, not whose turn comes after it.
        status = status_of(game)
        points = event.info.get("points", 0)
        told = f"{winner} takes the trick" if winner != "You" else "You take the trick"
        assert status == told + (f" (+{points} point{'s' if points != 1 else ''})" if points else ""), status
        assert "to act" not in status and "thinking" not in status
        await pilot.press("escape")
        await pilot.pause()
        assert game.table.completed is None
        assert "takes the trick" not in str(game.table.render())
        assert "take the trick" not in status_of(game) and "takes the trick" not in status_of(game)


async def test_a_completed_trick_is_drawn_large_and_survives_a_resize() -> None:
    # Found after the merge with large cards: a resize (the status line wrapping is enough)
    # redrew the live table over the trick being shown, so no pause was ever seen.
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=4)
    app = CardtableApp(config, bot_delay=0, trick_pause=LONG, ascii_only=False)
    async with app.run_test(size=(120, 40)) as pilot:
        game, event = await play_until_completed(app, pilot, random.Random(1), "trick")
        table = str(game.table.render())
        assert "takes the trick" in table or "take the trick" in table, table
        assert "╭" in table, table  # the large three-line cards of a 120x40 table
        assert "★" in table
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert game.table.completed is event
        table = str(game.table.render())
        assert "takes the trick" in table or "take the trick" in table, table
        assert "╭" not in table, table


async def test_a_pause_ends_by_itself_after_the_pause_time() -> None:
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=4)
    app = CardtableApp(config, bot_delay=0, trick_pause=LONG, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        game, _ = await play_until_completed(app, pilot, random.Random(1), "trick")
        token = game.pause.token
        game.pause.end(token)  # what the timer calls when the pause time is up
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert game.table.completed is None
        game.pause.end(token)  # a second call (a late timer) changes nothing
        await app.workers.wait_for_complete()
        await pilot.pause()


async def test_a_durak_bout_stays_on_the_table() -> None:
    config = TableConfig.build("durak", ["human", "easy"], seed=3, options={"rounds": 1})
    app = CardtableApp(config, bot_delay=0, trick_pause=LONG, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        game, event = await play_until_completed(app, pilot, random.Random(2), "bout_over")
        table = str(game.table.render())
        verdicts = ("picks up the cards", "pick up the cards", "beats off the attack", "beat off the attack")
        assert "★ " in table and any(verdict in table for verdict in verdicts), table
        status = status_of(game)
        assert status.startswith(game.context.name(event.seat)) and any(verdict in status for verdict in verdicts), status
        assert all(card.label() in table for card in event.cards)


async def test_a_president_set_that_ends_a_trick_stays_on_the_table() -> None:
    config = TableConfig.build("president", ["human", "easy", "easy"], seed=6)
    app = CardtableApp(config, bot_delay=0, trick_pause=LONG, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        game, event = await play_until_completed(app, pilot, random.Random(3), "trick")
        table = str(game.table.render())
        assert "* " in table and "the trick with" in table, table
        status = status_of(game)
        assert "the trick with" in status and all(card.label(ascii_only=True) in status for card in event.cards), status
        assert "to act" not in status
        assert all(card.label(ascii_only=True) in table for card in event.cards)


async def test_cards_received_in_the_hearts_pass_are_marked_and_told() -> None:
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3, size=(80, 24), trick_pause=LONG) as (app, pilot, game):
        hand = game.query_one(HandView)
        assert game.human_move(Action.give(hand.cards[:3]))
        for _ in range(40):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if game.state.observation(0).phase == "play":  # type: ignore[attr-defined]
                break
        received = set(game.state.observation(0).cards_received)  # type: ignore[attr-defined]
        assert received and hand.received == received
        marks = hand.render().plain.splitlines()[2]
        assert marks.count("✚") == len(received), marks
        giver = game.context.name(3)
        assert f"{giver} passed you" in status_of(game) or f"{giver} passed you" in screen_text(app)
        # Received cards are marked until the person's next move.
        await play_until_completed(app, pilot, random.Random(4), "trick")
        assert not hand.received


async def test_cards_received_in_the_president_exchange_are_marked() -> None:
    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=11, options={"rounds": 2})
    for attempt in range(30):
        state, rng = config.new_state(), random.Random(attempt)
        while state.observation(0).phase != "exchange":  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_actions()))
        titles = state.observation(0).titles  # type: ignore[attr-defined]
        if titles[0] in ("Scum", "Vice-Scum"):
            break  # seat 0 gets cards back from a bot after the app starts
    app = CardtableApp(config, bot_delay=0, trick_pause=LONG, ascii_only=False, state=state)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(20):
            await app.workers.wait_for_complete()
            await pilot.pause()
        game: GameScreen = app.screen  # type: ignore[assignment]
        hand = game.query_one(HandView)
        received = set(game.state.observation(0).exchange_received)  # type: ignore[attr-defined]
        back = [e for e in game.state.events_for(0) if e.kind == "exchange" and e.info.get("to") == 0]
        assert back and hand.received == set(back[-1].cards) and hand.received <= received
        assert "gave you" in screen_text(app), screen_text(app)


async def test_hot_seat_hides_the_hand_as_soon_as_only_bots_move() -> None:
    config = TableConfig.build("hearts", ["human", "easy", "human", "easy"], names=["Ann", "", "Ben"], seed=2)
    app = CardtableApp(config, bot_delay=LONG, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await pilot.pause()
        game: GameScreen = app.screen  # type: ignore[assignment]
        ann_hand = list(game.state.hand(0))
        assert any(shows(screen_text(app), card) for card in ann_hand)
        given = ann_hand[:3]
        assert game.human_move(Action.give(given))
        await pilot.pause()
        # Everyone chooses their pass at once: the keyboard goes to Ben now, not after the
        # bot at seat 1, and Ann's hand is gone already.
        assert isinstance(app.screen, PrivacyScreen) and game.revealed is None
        await pilot.press("enter")
        await pilot.pause()
        assert game.revealed == 2
        ben_hand = list(game.state.hand(2))
        assert game.human_move(Action.give(ben_hand[:3]))
        await pilot.pause()
        # Only bots choose now (the one at seat 1 for a long time): Ben's hand is gone already.
        assert game.state.current_player == 1 and game.revealed is None
        text = screen_text(app)
        assert not game.query_one(HandView).cards
        leaked = [str(card) for card in (*game.state.hand(0), *ben_hand) if shows(text, card)]
        assert not leaked, text
        assert "No hand is shown while only bots play" in text
        assert "the table as everyone sees it" in text and "★" not in text
        assert "Everyone chooses 3 cards to pass left." in text and " to ?" not in text, text
        game.workers.cancel_group(game, "bots")


@pytest.mark.slow
async def test_hot_seat_tells_each_person_what_they_received_on_their_turn() -> None:
    config = TableConfig.build("hearts", ["human", "human", "easy", "easy"], names=["Ann", "Ben"], seed=5)
    app = CardtableApp(config, bot_delay=0, trick_pause=LONG, ascii_only=False)
    rng = random.Random(6)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(60):
            await settle(app, pilot)
            if isinstance(app.screen, PrivacyScreen):
                await pilot.press("enter")
                continue
            game: GameScreen = app.screen  # type: ignore[assignment]
            if game.table.completed is not None:
                await pilot.press("escape")
                continue
            state = game.state
            if state.observation(1).phase == "play" and state.current_player == 1:  # type: ignore[attr-defined]
                break
            assert game.human_move(rng.choice(state.legal_actions()))
        else:
            raise AssertionError("Ben never had a turn after the pass")
        assert game.revealed == 1
        from_ann = next(e for e in state.events_for(1) if e.kind == "exchange" and e.info.get("to") == 1)
        hand = game.query_one(HandView)
        assert not any(seat == 1 for seat, action in state.history if action.kind == "play")
        assert hand.received == set(from_ann.cards)
        labels = " ".join(card.label() for card in hand.cards if card in from_ann.cards)
        assert status_of(game).startswith(f"Ann passed Ben {labels}"), status_of(game)


async def test_the_newest_log_entry_stays_in_view_when_the_status_line_grows() -> None:
    """Found in a review: a three-line verdict grew the status line under the log, and
    the log lost its newest entry ("Cleo plays 4♣ 4♥"), the play being answered."""
    from rich.text import Text
    from textual.app import App
    from textual.widgets import Static

    from cardtable.tui.widgets.movelog import MoveLog

    class LogAndStatus(App[None]):
        CSS = "MoveLog { height: 1fr; } #status { height: auto; }"

        def compose(self):
            yield MoveLog(id="log")
            yield Static("one line", id="status")

    app = LogAndStatus()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(MoveLog)
        log.lines.extend(Text(f"Ben plays {n}♣") for n in range(2, 9))
        log.lines.append(Text("Cleo plays 4♣ 4♥"))
        log.redraw()
        await pilot.pause()
        assert str(log.render()).splitlines()[-1] == "Cleo plays 4♣ 4♥"
        app.query_one("#status", Static).update("a verdict\nthree lines\nlong")
        await pilot.pause()
        await pilot.pause()
        shown = str(log.render()).splitlines()
        assert shown[-1] == "Cleo plays 4♣ 4♥" and len(shown) <= log.size.height, shown
