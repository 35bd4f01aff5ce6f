"""What a player meets in the first five minutes (issue 27, part 2), at 80x24: received
cards stay marked until the player's move, Enter makes the hint's move, H shows the hint
again after a refusal, the hint says when moves are about equal, and the words agree."""

from __future__ import annotations

import asyncio
import re

import pytest

from cardtable.bots.search import Decision, MoveValue
from cardtable.engine.actions import PASS, Action
from cardtable.games import get_rules
from cardtable.net.host import NetHost
from cardtable.net.hosted import HostedSession
from cardtable.session import Seat, SeatKind
from cardtable.tui.app import CardtableApp
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.config import SeatConfig, TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.info import InfoScreen
from cardtable.tui.tables.base import TableContext
from cardtable.tui.tables.hearts import moon_line
from cardtable.tui.tables.president import PresidentTable
from cardtable.tui.widgets.hand import HandView
from tests import waiting
from tests.tui.conftest import open_table, screen_text, settle, status_of


async def until(pilot, condition, timeout: float = 30.0) -> None:
    async def settle_workers() -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    await waiting.until(condition, "the screen getting there", timeout, between=settle_workers)


async def after_timer(game: GameScreen, seconds: float) -> None:
    """Wait until a timer of ``seconds`` set now has fired: every earlier timer has too."""
    fired = asyncio.Event()
    game.set_timer(seconds, fired.set)
    await asyncio.wait_for(fired.wait(), timeout=30)


# --- received cards stay marked until the player's own move -------------------------

async def test_cards_received_in_the_pass_stay_marked_until_the_players_move_at_fast_speed() -> None:
    pause = 0.05  # trick pauses as at a fast bot speed, only shorter
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3, size=(80, 24), trick_pause=pause) as (
        app, pilot, game,
    ):
        hand = game.query_one(HandView)
        assert game.human_move(Action.give(hand.cards[:3]))
        await until(pilot, lambda: game.session.human_to_act and game.state.observation(0).phase == "play")  # type: ignore[attr-defined]
        received = set(game.state.observation(0).cards_received)  # type: ignore[attr-defined]
        assert received and hand.received == received
        # Long after three trick pauses, still the player's turn: still marked, gold face.
        await after_timer(game, 10 * pause)
        await pilot.pause()
        assert hand.received == received
        assert hand.render().plain.splitlines()[2].count("✚") == len(received)
        game.human_move(game.session.legal_actions()[0])
        await pilot.pause()
        assert not hand.received


# --- Enter makes the hint's move; H shows a replaced hint again ----------------------

def president_state(want):
    """A President deal played on with first legal moves until ``want(state)`` at seat 0's turn."""
    for seed in range(1, 60):
        state = get_rules("president").new_game(players=4, seed=seed)
        for _ in range(200):
            if state.is_over:
                break
            if state.current_player == 0 and want(state):
                return state
            legal = state.legal_actions()
            plays = [action for action in legal if action.cards]
            # The bots play their highest set, the person their lowest: the person soon cannot beat it.
            state.apply((plays[-1] if state.current_player else plays[0]) if plays else legal[0])
    raise AssertionError("no such moment")


def president_app(state) -> CardtableApp:
    bots = tuple(SeatConfig("easy", name) for name in ("Ada", "Ben", "Cy"))
    config = TableConfig("president", (SeatConfig("human", "You"), *bots), state.seed)
    return CardtableApp(config, state=state, bot_delay=0, trick_pause=0, ascii_only=False, hint_iterations=60)


async def test_enter_passes_when_the_hint_is_to_pass() -> None:
    state = president_state(lambda s: list(s.legal_actions()) == [PASS] and s.observation(0).phase == "play")
    app = president_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        assert isinstance(game, GameScreen)
        history = len(game.state.history)
        await pilot.press("h")
        await until(pilot, lambda: status_of(game).startswith("Hint: pass"))
        assert "Enter or P" in status_of(game)
        await pilot.press("enter")
        await pilot.pause()
        assert "Refused" not in status_of(game)
        assert game.state.history[history] == (0, PASS)


@pytest.mark.slow
async def test_after_a_refusal_h_shows_the_hint_again_and_then_why() -> None:
    def several_sizes(state) -> bool:
        legal = state.legal_actions()
        # A set on the table, several ways to beat it, and cards in hand that cannot.
        return state.observation(0).phase == "play" and len(legal) > 3 and bool(state.observation(0).table)

    state = president_state(several_sizes)
    app = president_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        assert isinstance(game, GameScreen)
        await pilot.press("h")
        await until(pilot, lambda: status_of(game).startswith("Hint: "))
        hint = status_of(game)
        hand = game.query_one(HandView)
        unplayable = [i for i, card in enumerate(hand.cards) if hand.playable is not None and card not in hand.playable]
        assert unplayable
        await pilot.press("escape")
        hand.cursor = unplayable[0]
        await pilot.press("enter")
        await pilot.pause()
        assert status_of(game).startswith("Refused")
        await pilot.press("h")
        await pilot.pause()
        assert status_of(game) == hint and not isinstance(app.screen, InfoScreen)
        assert hand.selected == hand.hinted
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        await pilot.press("escape")
        await pilot.pause()
        # Enter makes the hinted move, whatever card the cursor is on.
        hand.cursor = unplayable[0]
        action = game.hints.action
        before = len(game.state.history)
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.history[before] == (0, action)


# --- the hint in a player's words ------------------------------------------------------

def c(text: str) -> Action:
    return Action.parse(text)


async def test_moves_within_each_others_noise_are_called_about_equal() -> None:
    state = president_state(lambda s: s.observation(0).phase == "play" and not s.observation(0).table)
    app = president_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        assert isinstance(game, GameScreen)
        hand = game.query_one(HandView)
        cards = hand.cards
        a, b, d = (Action("play", [card]) for card in cards[:3])
        # The numbers: 40, 33 and 32 simulations, values within each other's noise;
        # a head-to-head check chose the second.
        moves = (MoveValue(a, 40, 0.52, {0: 5, 1: 10, 2: 15, 3: 10}), MoveValue(b, 33, 0.50, {1: 13, 2: 10, 3: 10}),
                 MoveValue(d, 32, 0.47, {1: 12, 2: 10, 3: 10}))
        decision = Decision(b, "checked", moves, 105)
        line = game.hints.line(b, decision)
        plain = line.plain
        labels = [app.card_style.label(card) for card in cards[:3]]
        assert f"{labels[1]}, {labels[0]} and {labels[2]} are about equal here" in plain, plain
        for internal in ("search", "favourite", "head-to-head", "check"):
            assert internal not in plain
        game.set_status(line)
        await pilot.pause()
        status = game.query_one("#status")
        assert status.size.height <= 2  # fits the status line at 80x24
        why = game.hints.why_text(decision).plain
        assert "about equal" in why and "40 simulations" in why and "head-to-head" not in why
        # One move clearly ahead: named the best, with the next best.
        clear = (MoveValue(a, 400, 0.80, {0: 300, 3: 100}), MoveValue(b, 120, 0.40, {0: 20, 3: 100}))
        plain = game.hints.line(a, Decision(a, "search", clear, 520)).plain
        assert "about equal" not in plain and "next best" in plain


# --- words ----------------------------------------------------------------------------

def test_you_shot_the_moon_is_told_to_you() -> None:
    ctx = TableContext(("You", "Ben"), ("You", "Ben"), CardStyle())
    assert moon_line(ctx, 0, 0) == "You shot the moon: 0 for you, 26 for everyone else."
    hotseat = TableContext(("Ann", "Ben"), ("Ann", "Ben"), CardStyle(), personal=False)
    assert moon_line(hotseat, 1, 0) == "Ben shot the moon: 0 for Ben, 26 for everyone else."


def test_a_player_named_you_leads_as_you_lead() -> None:
    state = get_rules("president").new_game(players=4, seed=3)
    while state.observation(0).phase != "play" or state.current_player == 0 or state.observation(0).table:  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    names = tuple("You" if n == seat else f"P{n}" for n in range(4))
    ctx = TableContext(names, names, CardStyle(), personal=False)
    text = PresidentTable().draw(state.observation(0), ctx).plain  # type: ignore[arg-type]
    assert "The table is clear: You lead any set." in text


@pytest.mark.slow
async def test_durak_seat_boxes_all_write_the_record_alike_at_80x24() -> None:
    async with open_table("durak", ["human", "easy", "easy"], seed=2, size=(80, 24)) as (app, pilot, game):
        for _ in range(6):
            text = screen_text(app)
            # One wording everywhere; a box short of room leaves the record out instead.
            assert "/durak" not in text, text
            assert len(re.findall(r"won \d+ · durak \d+", text)) >= 2, text
            legal = game.session.legal_actions()
            if game.session.is_over or not legal:
                break
            game.human_move(legal[0])
            await settle(app, pilot)


# --- the host's title -------------------------------------------------------------------

async def test_the_hosts_title_hides_the_seed_while_a_bot_plays_an_away_seat() -> None:
    state = get_rules("durak").new_game(players=2, seed=5)
    seats = [Seat.human("Hal"), Seat("Bea", SeatKind.REMOTE)]
    session = HostedSession(state, seats)
    host = NetHost(session, log_line=lambda _: None)
    session.serve_with(host)
    config = TableConfig("durak", (SeatConfig("human", "Hal"), SeatConfig("human", "Bea")), 5)
    app = CardtableApp(bot_delay=0, trick_pause=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameScreen(config, session=session))
        await pilot.pause()
        host.hand_to_bot(1, "easy")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        title = str(game.query_one("#title-bar").render())
        assert "Round" in title or "round" in title
        assert not re.search(r"seed", title), title


# --- unfinished games: one left before the player's first move is not kept -------------

@pytest.mark.slow
async def test_a_game_left_before_the_players_first_move_is_not_kept() -> None:
    from cardtable.tui.screens.start import StartScreen
    from cardtable.userdata.slots import unfinished_games

    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3, size=(80, 24)) as (app, pilot, game):
        assert app.slot is not None and app.slot.path.is_file()  # saved from the start
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert unfinished_games()[0] == [] and app.saved_games == []
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3, size=(80, 24)) as (app, pilot, game):
        game.human_move(game.session.legal_actions()[0])
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert len(app.saved_games) == 1  # a game the player moved in stays


def twenty_saves() -> None:
    from cardtable.userdata.slots import GameSlot

    for seed in range(20):
        state = get_rules("hearts").new_game(players=4, seed=seed)
        state.apply(state.legal_actions()[0])  # a game nobody moved in is not listed
        GameSlot.new(state).close()


@pytest.mark.slow
async def test_the_start_screen_at_80x24_with_twenty_saves_keeps_title_and_picker_in_view() -> None:
    from textual.widgets import OptionList

    twenty_saves()
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        # The saves are listed after the first frame; their keys join the footer then.
        await until(pilot, lambda: "Delete" in screen_text(app).splitlines()[-1])
        text = screen_text(app)
        assert "cardtable" in text.splitlines()[0]
        assert "President" in text and "Unfinished games" in text
        assert app.focused is app.screen.query_one("#game-list")
        saved = app.screen.query_one("#saved-list", OptionList)
        assert saved.option_count == 20 and saved.size.height <= 4
        footer = text.splitlines()[-1]
        assert "Delete" in footer and "Continue" in footer, footer
        # Down then Enter is for the game picker: it picks Durak, it does not resume a save.
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen.game == "durak" and "cardtable" in screen_text(app).splitlines()[0]
        # Continuing is one key away.
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))


# --- at 80 columns ------------------------------------------------------------------------

async def test_a_four_of_a_kind_on_the_president_table_is_told_whole_at_80x24() -> None:
    import dataclasses

    from cardtable.cards import Card

    async with open_table("president", ["human", "easy", "easy", "easy"], seed=3, size=(80, 24)) as (app, pilot, game):
        four = tuple(Card.parse(code) for code in ("3C", "3D", "3H", "3S"))
        obs = dataclasses.replace(game.obs, table=four, table_owner=0)
        game.table.show(obs, game.context)
        await pilot.pause()
        text = screen_text(app)
        assert "(4 of a kind)" in text, text
        assert "(4 of a" not in text.replace("(4 of a kind)", "")


async def test_settings_labels_and_the_saved_notice_fit_80x24() -> None:
    from textual.widgets import Label

    from cardtable.tui.screens.settings import SettingsScreen

    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        for label in app.screen.query(Label):
            assert label.size.height == 1 or not str(label.render()).strip(), str(label.render())
        text = screen_text(app)
        assert "Four colours" in text and "Confirm plays" in text, text
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app._notifications))
        notice = list(app._notifications)[-1]
        assert notice.title == "Settings saved" and notice.message.endswith("settings.toml")


# --- below 80x24: say the terminal is too small, and come back when it grows ---------------

@pytest.mark.slow
async def test_the_start_screen_below_80x24_says_the_terminal_is_too_small_and_comes_back() -> None:
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = screen_text(app)
        assert "Quit" in before and "cardtable" in before
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        small = screen_text(app)
        assert "The terminal is too small: 60x20." in small and "at least 80x24" in small, small
        assert "Quit" not in small
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert screen_text(app) == before
        assert app.focused is app.screen.query_one("#game-list")  # Enter picks a game, as before


async def test_a_game_below_80x24_says_the_terminal_is_too_small_and_waits() -> None:
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3, size=(80, 24)) as (app, pilot, game):
        before = screen_text(app)
        history = len(game.state.history)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        small = screen_text(app)
        assert "The terminal is too small: 60x20." in small and "at least 80x24" in small, small
        await pilot.press("enter")  # nothing on screen: no move is made blind
        await pilot.pause()
        assert len(game.state.history) == history
        await pilot.resize_terminal(70, 30)
        await pilot.pause()
        assert "70x30" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert screen_text(app) == before
