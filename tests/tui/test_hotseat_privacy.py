"""Hot-seat: while one person's turn is on screen, nothing of the other person's hand
shows anywhere, in every game and phase; the privacy screen hides everything."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.cards import FULL_DECK
from cardtable.commands.play import build_config
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.privacy import PrivacyScreen
from cardtable.tui.screens.roundover import RoundOverScreen

from .conftest import screen_text, settle


def shows(text: str, card) -> bool:
    """Whether ``card`` appears in ``text``, by its symbol or its ASCII label."""
    for label in (card.label(), card.label(ascii_only=True)):
        if re.search(rf"(?<![0-9A-Za-z]){re.escape(label)}(?![0-9A-Za-z])", text):
            return True
    return False


def known_to(state, seat: int) -> set:
    """Cards of other hands ``seat`` may rightly know: what it gave or passed, and
    (Durak) cards picked up in full view."""
    known = set()
    for event in state.events_for(seat):
        if event.seat == seat and event.kind in ("give", "exchange") and event.cards:
            known.update(event.cards)
    obs = state.observation(seat)
    for cards in getattr(obs, "known_cards", ()) or ():
        known.update(cards)
    return known


CASES = [
    ("hearts", "human:Ann,human:Ben,easy,easy", {}, "pass"),
    ("president", "human:Ann,easy,human:Ben,easy", {"rounds": 2}, "exchange"),
    ("durak", "human:Ann,human:Ben,easy", {"rounds": 1}, "defend"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seats", "options", "phase"), CASES)
async def test_no_card_of_the_other_hand_is_ever_on_screen(game, seats, options, phase) -> None:
    config = build_config(game, seats, seed=11, **options)
    ann, ben = config.human_seats
    rng = random.Random(3)
    state = config.new_state()
    if phase == "exchange":
        # Skip to the exchange before round 2 (the first round is tested elsewhere).
        while getattr(state.observation(0), "phase", "") != "exchange":
            state.apply(rng.choice(state.legal_actions()))
    app = CardtableApp(config, bot_delay=0, ascii_only=False, state=state)
    checked = covered = 0
    phases = set()
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(400):
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, PrivacyScreen):
                text = screen_text(app)
                assert f"{screen.player}'s turn" in text
                assert not any(shows(text, card) for card in FULL_DECK), text
                covered += 1
                await pilot.press("enter")
                continue
            if isinstance(screen, RoundOverScreen):
                if screen.game_over or (phase in phases and checked > 12):
                    break
                await pilot.press("enter")
                continue
            assert isinstance(screen, GameScreen)
            state = screen.state
            seat = state.current_player
            if seat is None:
                break
            other = ben if seat == ann else ann
            assert screen.viewer == seat and screen.revealed == seat
            text = screen_text(app)
            hidden = set(state.hand(other)) - known_to(state, seat)
            leaked = [str(card) for card in hidden if shows(text, card)]
            assert not leaked, f"{leaked} of seat {other} shown to seat {seat}:\n{text}"
            assert any(shows(text, card) for card in state.hand(seat))  # the own hand is there
            assert "Your" not in text and " you " not in text.lower()
            checked += 1
            phases.add(getattr(state.observation(seat), "phase", ""))
            assert screen.human_move(rng.choice(state.legal_actions()))
            if phase in phases and checked > 12 and covered > 2:
                break
    assert phase in phases, phases
    assert covered >= 2 and checked >= 8


@pytest.mark.slow
async def test_single_human_never_sees_a_privacy_screen() -> None:
    config = build_config("hearts", "human,easy,easy,easy", seed=4)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    rng = random.Random(1)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(8):
            await settle(app, pilot)
            assert not isinstance(app.screen, PrivacyScreen)
            game = app.screen
            assert isinstance(game, GameScreen)
            game.human_move(rng.choice(game.state.legal_actions()))
        await settle(app, pilot)
        assert "Your hand" in screen_text(app)
