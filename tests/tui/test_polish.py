"""What a demanding player trips over: seat boxes at 80x24, hints, colour-free signals,
the move log, the mouse, and always knowing whose turn it is."""

from __future__ import annotations

import pytest

from cardtable.engine.actions import PASS, TAKE
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.seats import SeatBox

from .conftest import click_cards, screen_text, settle


def seat_box_lines(game: GameScreen, seat: int) -> list[str]:
    box = game.query_one(f"#seat-{seat}", SeatBox)
    return str(box.render()).splitlines()


@pytest.mark.slow
@pytest.mark.parametrize("game_name,players", [
    ("president", 3), ("president", 6), ("durak", 2), ("durak", 4), ("durak", 6), ("hearts", 4),
])
async def test_seat_boxes_show_count_and_status_uncut_at_80x24(game_name: str, players: int) -> None:
    kinds = ["human"] + ["easy"] * (players - 1)
    config = TableConfig.build(game_name, kinds, seed=5)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        game: GameScreen = app.screen  # type: ignore[assignment]
        obs = game.obs
        for seat in range(players):
            box = game.query_one(f"#seat-{seat}", SeatBox)
            lines = seat_box_lines(game, seat)
            inside = box.content_size.width
            assert all(len(line) <= inside for line in lines), (lines, inside)
            assert not any("…" in line for line in lines[:2]), lines
            body = " ".join(lines)
            assert f"{obs.hand_sizes[seat]} card" in body
            assert config.seats[seat].name in lines[0]
            words = [w for w in game.table.seat_status(obs, seat) if w != "to act"]
            if words:
                # The most specific word always shows (a narrow box drops the others).
                assert words[-1] in body, (words, lines)
            if seat == obs.current_player:
                # The seat to act is marked by a symbol, not only by colour.
                assert lines[0].startswith("▶ ")
        if game_name == "durak":
            body = " ".join(" ".join(seat_box_lines(game, s)) for s in range(players))
            assert "defender" in body or "taking" in body


async def hint_then_enter(app: CardtableApp, pilot, game: GameScreen):
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()
    hint = game.hints.action
    assert hint is not None and hint in game.state.legal_actions()
    status = str(game.query_one("#status").render())
    before = len(game.state.history)
    assert status.startswith("Hint:")
    if hint.cards:
        assert "Enter plays it" in status
    else:
        assert ("Enter or P" in status) if hint.kind == "pass" else ("Enter or T" in status)
    await pilot.press("enter")  # Enter makes whatever the hint suggests
    await pilot.pause()
    assert game.state.history[before] == (game.viewer, hint)
    return hint


async def test_hint_selects_the_suggestion_so_enter_plays_it_president() -> None:
    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=6)
    app = CardtableApp(config, bot_delay=0, ascii_only=False, hint_iterations=20)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        game: GameScreen = app.screen  # type: ignore[assignment]
        hand = game.query_one(HandView)
        # A stale selection is replaced by the hinted cards.
        hand.selected = set(hand.cards[-2:])
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        hint = game.hints.action
        assert set(hand.selected_cards) == set(hint.cards) == hand.hinted
        assert hand.cursor_card == hand.selected_cards[0]
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.history[0] == (0, hint)


@pytest.mark.slow
async def test_hint_then_enter_in_durak_defence_and_hearts() -> None:
    config = TableConfig.build("durak", ["human", "easy"], seed=3)
    app = CardtableApp(config, bot_delay=0, ascii_only=False, hint_iterations=20)
    async with app.run_test(size=(80, 24)) as pilot:
        defended = False
        for _ in range(60):
            await settle(app, pilot)
            game: GameScreen = app.screen  # type: ignore[assignment]
            if not isinstance(game, GameScreen):
                break
            legal = game.state.legal_actions()
            if any(a.kind == "defend" for a in legal) and len(game.table.unbeaten(game.obs)) >= 1:
                hint = await hint_then_enter(app, pilot, game)
                if hint.kind == "defend":
                    defended = True
                    break
            else:
                game.human_move(legal[0])
        assert defended
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=3)
    app = CardtableApp(config, bot_delay=0, ascii_only=False, hint_iterations=20)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await hint_then_enter(app, pilot, app.screen)  # the pass: three cards, one Enter


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_unplayable_cards_are_marked_without_colour(ascii_only: bool) -> None:
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=4)
    app = CardtableApp(config, bot_delay=0, ascii_only=ascii_only)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await settle(app, pilot)
            game: GameScreen = app.screen  # type: ignore[assignment]
            hand = game.query_one(HandView)
            legal = game.state.legal_actions()
            blocked = [c for c in hand.cards if c not in hand.playable] if hand.playable is not None else []
            if blocked:
                break
            game.human_move(legal[0])
        assert blocked
        mark = "x" if ascii_only else "×"
        text = screen_text(app)
        assert f"{mark} cannot be played now" in text
        under = str(hand.render()).splitlines()[2]
        # The turn starts with the cursor on a card that can be played.
        assert hand.cursor_card in hand.playable
        assert under.count(mark) == len(blocked)  # (a received card shares its cell with ✚)
        if ascii_only:
            assert not any(symbol in text for symbol in "♣♦♥♠▶★×")


@pytest.mark.slow
async def test_long_log_entries_wrap_instead_of_being_cut_at_80x24() -> None:
    config = TableConfig.build("durak", ["human", "easy", "easy"], seed=5)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        game: GameScreen = app.screen  # type: ignore[assignment]
        log = str(game.query_one("#log").render())
        assert "…" not in log
        joined = " ".join(line.strip() for line in log.splitlines())
        assert "You have the lowest trump 6♥ and attack" in joined
        assert all(len(line) <= game.query_one("#log").content_size.width for line in log.splitlines())


@pytest.mark.slow
async def test_status_says_when_there_is_nothing_to_add_or_beat() -> None:
    """Durak: an attacker with nothing to throw in is told to pass; President: to pass."""
    for game_name, kinds, seed in (("durak", ["human", "easy", "easy"], 5), ("president", ["human", "easy", "easy"], 2)):
        config = TableConfig.build(game_name, kinds, seed=seed)
        app = CardtableApp(config, bot_delay=0, ascii_only=False)
        seen = False
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(80):
                await settle(app, pilot)
                game = app.screen
                if not isinstance(game, GameScreen):
                    break
                legal = game.state.legal_actions()
                status = str(game.query_one("#status").render())
                if legal == [PASS]:
                    assert ": P to pass." in status, status
                    assert "Nothing to throw in" in status or "cannot beat" in status
                    seen = True
                    break
                if legal == [TAKE]:
                    assert "T to take" in status
                game.human_move(next((a for a in legal if a.kind != "pass"), legal[0]))
        assert seen, game_name


@pytest.mark.slow
@pytest.mark.parametrize("game_name,kinds", [
    ("president", ["human", "easy", "easy"]),
    ("durak", ["human", "easy"]),
    ("hearts", ["human", "easy", "easy", "easy"]),
])
async def test_mouse_clicks_cards_and_buttons(game_name: str, kinds: list[str]) -> None:
    """Clicking a card selects it; Play, Pass and Take buttons make the move."""
    config = TableConfig.build(game_name, kinds, seed=8)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    clicked = {"play": False, "pass": game_name == "hearts", "take": game_name != "durak"}
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(150):
            await settle(app, pilot)
            game = app.screen
            if not isinstance(game, GameScreen) or all(clicked.values()):
                break
            legal = game.state.legal_actions()
            before = len(game.state.history)
            if TAKE in legal and not clicked["take"]:
                await pilot.click("#take-button")
                action, clicked["take"] = TAKE, True
            elif PASS in legal and not clicked["pass"] and clicked["play"]:
                await pilot.click("#pass-button")
                action, clicked["pass"] = PASS, True
            else:
                action = next((a for a in legal if a.cards and a.kind != "defend"), None)
                if action is None:
                    game.human_move(next((a for a in legal if a.kind == "defend"), legal[0]))
                    continue
                await click_cards(pilot, game, action.cards)
                await pilot.click("#play-button")
                clicked["play"] = True
            await pilot.pause()
            assert game.state.history[before] == (0, action)
    assert all(clicked.values()), clicked
