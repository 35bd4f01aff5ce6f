"""The review screen at 80x24: opened from the replay and from the round-over pop-up,
the summary, stepping, the jump to the next mistake and cancelling."""

from __future__ import annotations

import random

import pytest
from textual.widgets import ProgressBar

from cardtable.games import get_rules
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.screens.review import ReviewScreen
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.userdata.records import export_record, load_record
from cardtable.userdata.savefiles import set_seats

from .conftest import open_table, screen_text, settle, status_of


def finished_state(game: str, seed: int = 5):
    rules = get_rules(game)
    state = rules.new_game(players=4, seed=seed, target=26) if game == "hearts" else \
        rules.new_game(players=2 if game == "durak" else 4, seed=seed, rounds=1)
    set_seats(state, [("You", "human"), ("Ben", "easy"), ("Cleo", "easy"), ("Dan", "easy")][: state.num_players])
    rng = random.Random(4)  # the person plays at random: mistakes to find
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


async def wait_reviewed(app: CardtableApp, pilot) -> ReviewScreen:
    for _ in range(600):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, ReviewScreen) and screen.review is not None:
            return screen
    raise AssertionError("the review never finished")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["president", "durak", "hearts"])
async def test_review_from_the_replay_steps_and_jumps_to_mistakes(tmp_path, game: str) -> None:
    state = finished_state(game)
    replay = load_record(export_record(state, tmp_path / "record.json"))
    app = CardtableApp(bot_delay=0, ascii_only=False, replay=replay, replay_seat=0, hint_iterations=40)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("r")
        screen = await wait_reviewed(app, pilot)
        review = screen.review
        assert review is not None
        assert "decisions reviewed" in status_of(screen)
        bar = screen.query_one("#review-progress", ProgressBar)
        assert bar.total == len(review.decisions) and bar.progress == bar.total
        assert not bar.display and screen.query_one("#replay-forward").display
        await pilot.press("right")
        await pilot.pause()
        first = review.decisions[0]
        assert screen.replay.position == first.position
        assert "You played" in status_of(screen) or "You gave" in status_of(screen)  # a play, a pass or a gift
        assert "decision 1/" in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        if review.mistakes:
            assert status_of(screen).startswith(("Mistake: You played", "Mistake: You gave"))
            assert review.decisions[screen.index].verdict == "mistake"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


@pytest.mark.slow
async def test_a_review_from_the_replay_is_kept_beside_the_record(tmp_path) -> None:
    """Opened from ``cardtable replay RECORD``, the review is written beside the record,
    and opening it again reads it back instead of reviewing afresh."""
    from cardtable.session.review import review_path

    state = finished_state("president")
    record = export_record(state, tmp_path / "record.json")
    app = CardtableApp(
        bot_delay=0, ascii_only=False, replay=load_record(record), replay_seat=0, replay_record=record,
        hint_iterations=40,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = await wait_reviewed(app, pilot)
        assert screen.review is not None and not screen.review.cached
        assert review_path(record, 0).exists()
        first = screen.review.decisions
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("r")
        again = await wait_reviewed(app, pilot)
        assert again is not screen and again.review is not None
        assert again.review.cached and again.review.decisions == first


@pytest.mark.slow
async def test_escape_cancels_a_running_review(tmp_path) -> None:
    state = finished_state("hearts")
    replay = load_record(export_record(state, tmp_path / "record.json"))
    app = CardtableApp(bot_delay=0, ascii_only=False, replay=replay, replay_seat=0, hint_iterations=100_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert "Reviewing" in status_of(screen)
        bar = screen.query_one("#review-progress", ProgressBar)
        assert bar.display and not screen.query_one("#replay-forward").display
        assert screen.query_one("#replay-close").display
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.cancel_event.is_set() and screen.review is None
        assert isinstance(app.screen, ReplayScreen)


@pytest.mark.slow
async def test_the_round_over_pop_up_reviews_the_round(tmp_path) -> None:
    async with open_table("durak", ["human", "easy"], seed=3, hint_iterations=30) as (app, pilot, game):
        rng = random.Random(2)
        for _ in range(400):
            await settle(app, pilot)
            if isinstance(app.screen, RoundOverScreen):
                break
            legal = game.state.legal_actions()
            game.human_move(rng.choice(legal))
        assert isinstance(app.screen, RoundOverScreen)
        assert "Review" in screen_text(app)
        await pilot.press("r")
        screen = await wait_reviewed(app, pilot)
        assert screen.rounds == (1,)
        assert screen.review is not None and screen.review.decisions
        # The summary shows the table at the round's first decision reviewed.
        assert screen.index == -1 and screen.replay.position == screen.review.decisions[0].position
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, RoundOverScreen)
