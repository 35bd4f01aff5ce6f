"""Durak and Hearts through the real screen, each to the end screen."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.actions import PASS, TAKE
from cardtable.tui.app import CardtableApp
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.roundover import RoundOverScreen

from .conftest import perform, screen_text, select_cards, settle


@pytest.mark.slow
async def test_complete_durak_game_with_take_pass_and_refusal() -> None:
    config = TableConfig.build("durak", ["human", "normal", "easy"], seed=21)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    rng = random.Random(1)
    took = passed = refused = defended = False
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            await settle(app, pilot)
            if isinstance(app.screen, RoundOverScreen):
                text = screen_text(app)
                assert "Game over" in text
                assert "durak" in text or "draw" in text
                assert "Series record" in text
                break
            game: GameScreen = app.screen  # type: ignore[assignment]
            state, obs = game.state, game.obs
            legal = state.legal_actions()
            assert "Trump" in screen_text(app) and f"deck {obs.deck_count}" in screen_text(app)
            if not refused and obs.phase == "defend":
                # A card that beats nothing on the table is refused with the reason.
                beaters = {a.cards[1] for a in legal if a.kind == "defend"}
                useless = [c for c in obs.hand if c not in beaters]
                if useless:
                    before = len(state.history)
                    await select_cards(pilot, game, useless[:1])
                    await pilot.press("enter")
                    assert len(state.history) == before
                    assert str(game.query_one("#status").render()).startswith("Refused:")
                    refused = True
            if TAKE in legal and not took:
                action = TAKE
                took = True
            elif PASS in legal and not passed:
                action = PASS
                passed = True
            else:
                defends = [a for a in legal if a.kind == "defend"]
                action = rng.choice(defends) if defends and not defended else rng.choice(legal)
                defended = defended or action.kind == "defend"
            before = len(state.history)
            await perform(pilot, game, action)
            assert state.history[before] == (obs.seat, action)
        else:
            raise AssertionError("the game did not end")
    assert took and passed and refused and defended


@pytest.mark.slow
async def test_complete_hearts_game_with_pass_and_refusal() -> None:
    config = TableConfig.build("hearts", ["human", "normal", "easy", "hard"], seed=4, options={"target": 1})
    app = CardtableApp(config, bot_delay=0, ascii_only=True)
    rng = random.Random(3)
    passed_cards = refused = False
    hands_seen = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            await settle(app, pilot)
            if isinstance(app.screen, RoundOverScreen):
                text = screen_text(app)
                assert "taken" in text and "total" in text
                hands_seen += 1
                if app.screen.game_over:
                    assert "Winner" in text
                    break
                await pilot.press("enter")
                continue
            game: GameScreen = app.screen  # type: ignore[assignment]
            state, obs = game.state, game.obs
            legal = state.legal_actions()
            text = screen_text(app)
            assert "hearts broken" in text or "hearts not broken" in text
            if obs.phase == "pass":
                assert "pass" in text
                passed_cards = True
            elif not refused and obs.lead_suit is not None:
                off_suit = [c for c in obs.hand if all(c not in a.cards for a in legal)]
                if off_suit:
                    before = len(state.history)
                    await select_cards(pilot, game, off_suit[:1])
                    await pilot.press("enter")
                    assert len(state.history) == before
                    assert str(game.query_one("#status").render()).startswith("Refused:")
                    refused = True
            action = rng.choice(legal)
            before = len(state.history)
            await perform(pilot, game, action)
            assert state.history[before] == (obs.seat, action)
        else:
            raise AssertionError("the game did not end")
    assert passed_cards and refused
    assert hands_seen >= 1


def test_the_hearts_score_table_keeps_its_columns_apart_in_a_long_game() -> None:
    """Hand numbers of four digits and totals of five (a game to 100,000) stay readable."""
    import dataclasses

    from cardtable.games import get_rules
    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.tables.base import TableContext
    from cardtable.tui.tables.hearts import HeartsTable

    seen = get_rules("hearts").new_game(players=4, seed=1).observation(0)
    long_game = dataclasses.replace(
        seen,
        hand_scores=((4, 13, 9, 0), (26, 0, 0, 0), (3, 5, 16, 2)) * 606,
        scores=(11852, 12433, 9, 101010),
        hand_number=1819,
        round=1819,
        target=100_000,
    )
    names = ("Annabelle", "Ada", "Ben", "Cleo")
    lines = str(HeartsTable().score_text(long_game, TableContext(names, names, CardStyle()))).splitlines()
    header, *rows = lines[1:]
    assert header.split() == ["h1816", "h1817", "h1818", "tot"][-len(header.split()):]
    assert len(header.split()) >= 2
    for row, total in zip(rows, long_game.scores):
        assert row.split()[-1] == str(total) and len(row.split()) == len(header.split()) + 1
    assert max(len(line) for line in lines[1:]) <= 26
