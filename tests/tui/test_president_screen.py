"""President through the real screen: sets, a refused move, passing, the exchange,
the revolution bar, the end screen."""

from __future__ import annotations

import random

import pytest

from cardtable.games import get_rules
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.roundover import RoundOverScreen

from .conftest import perform, screen_text, select_cards, settle


@pytest.mark.slow
async def test_complete_president_series_with_exchange() -> None:
    # Seed 9: with today's bots seat 0 ends round 1 as Vice-President and gives back on screen.
    config = TableConfig.build("president", ["human", "easy", "normal", "hard"], seed=9, options={"rounds": 2})
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    rng = random.Random(5)
    refused_once = passed_once = exchange_logged = False
    rounds_seen = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, RoundOverScreen):
                rounds_seen += 1
                text = screen_text(app)
                if screen.game_over:
                    assert "Game over" in text and "Winner" in text
                    break
                assert "Round 1 is over" in text and "President" in text
                await pilot.press("enter")
                continue
            game: GameScreen = screen  # type: ignore[assignment]
            state = game.state
            legal = state.legal_actions()
            obs = game.obs
            if obs.round == 2 and not exchange_logged:
                # The exchange before round 2 is in the move log (the gifts are shown).
                assert any(" gives " in line.plain or " give " in line.plain for line in game.log_lines)
                exchange_logged = True
            if obs.phase == "exchange":
                assert "give back" in screen_text(app)
            elif not refused_once and obs.table and len(obs.table) == 1:
                # A pair on a single is refused with the engine's reason, nothing changes.
                pair = next((a for a in legal if len(a.cards) == 2), None)
                ranks = {}
                for card in obs.hand:
                    ranks.setdefault(card.rank, []).append(card)
                two = next((cards[:2] for cards in ranks.values() if len(cards) >= 2), None)
                if two is not None and pair is None:
                    before = len(state.history)
                    await select_cards(pilot, game, two, walk=True)
                    await pilot.press("enter")
                    await pilot.pause()
                    assert len(state.history) == before
                    status = str(game.query_one("#status").render())
                    assert status.startswith("Refused:")
                    refused_once = True
                    await pilot.press("escape")
            action = rng.choice(legal)
            if not passed_once and any(a.kind == "pass" for a in legal):
                action = next(a for a in legal if a.kind == "pass")
                passed_once = True
            before = len(state.history)
            await perform(pilot, game, action)
            assert state.history[before] == (obs.seat, action)
        else:
            raise AssertionError("the series did not end")
    assert rounds_seen == 2 and passed_once and refused_once and exchange_logged


@pytest.mark.slow
async def test_revolution_flips_the_rank_bar_and_new_round_restores_it() -> None:
    rules = get_rules("president")
    # Seat 0 holds all four 5s (dealt one at a time from the front, seat 0 first).
    others = [c for c in rules.deck if c.rank != 5]
    fives = [c for c in rules.deck if c.rank == 5]
    deck = []
    for i in range(52):
        if i % 4 == 0 and fives:
            deck.append(fives.pop())
        else:
            deck.append(others.pop())
    state = rules.new_game(players=4, seed=3, deck=deck, rounds=2)
    config = TableConfig.build("president", ["human", "normal", "normal", "normal"], seed=3, options={"rounds": 2})
    app = CardtableApp(config, bot_delay=0, ascii_only=False, state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        game: GameScreen = app.screen  # type: ignore[assignment]
        assert game.state is state
        assert "REVOLUTION" not in screen_text(app)
        four = [c for c in game.obs.hand if c.rank == 5]
        await select_cards(pilot, game, four)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "REVOLUTION: 3 is now highest" in text
        bar = next(line for line in text.splitlines() if " A  K  Q  J" in line)
        assert bar.index(" 2 ") < bar.index(" 3 ")
        # Play on (randomly) to the next round: the normal order is back.
        import random as _random

        rng = _random.Random(2)
        for _ in range(300):
            await settle(app, pilot)
            if isinstance(app.screen, RoundOverScreen):
                await pilot.press("enter")
                await settle(app, pilot)
                break
            await perform(pilot, app.screen, rng.choice(app.screen.state.legal_actions()))
        game = app.screen  # type: ignore[assignment]
        assert game.obs.round == 2
        text = screen_text(app)
        assert "REVOLUTION" not in text
        bar = next(line for line in text.splitlines() if " 3  4  5  6" in line)
        assert bar.index(" 3 ") < bar.index(" 2 ")
