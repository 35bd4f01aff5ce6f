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
from tests import waiting

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
    async def settle_workers() -> None:
        await app.workers.wait_for_complete()
        await pilot.pause()

    def reviewed() -> ReviewScreen | None:
        screen = app.screen
        return screen if isinstance(screen, ReviewScreen) and screen.review is not None else None

    await settle_workers()
    return await waiting.until(reviewed, "the review finishing", timeout=120, between=settle_workers)


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


def count_reviews(monkeypatch) -> list[int]:
    """Count the decisions the hard bot is asked to review (one entry per review run)."""
    import cardtable.session.review as kept_reviews

    asked: list[int] = []
    real = kept_reviews.review_points

    def counting(game, points, **options):
        asked.append(len(points))
        return real(game, points, **options)

    monkeypatch.setattr(kept_reviews, "review_points", counting)
    return asked


async def play_to_round_over(app, pilot, game, rng: random.Random) -> None:
    for _ in range(600):
        await settle(app, pilot)
        if isinstance(app.screen, RoundOverScreen):
            return
        game.human_move(rng.choice(game.state.legal_actions()))
    raise AssertionError("the round never ended")


@pytest.mark.slow
async def test_a_rounds_review_opened_again_is_not_reviewed_again(tmp_path, monkeypatch) -> None:
    """R on the round-over pop-up, close, R again: the same review, read back, not searched again."""
    asked = count_reviews(monkeypatch)
    async with open_table("durak", ["human", "easy"], seed=3, hint_iterations=30) as (app, pilot, game):
        await play_to_round_over(app, pilot, game, random.Random(2))
        await pilot.press("r")
        first = await wait_reviewed(app, pilot)
        assert first.review is not None and not first.review.cached and first.review.decisions
        summary = status_of(first)
        assert len(asked) == 1 and asked[0] > 0
        # Durak's one round was the game: reviewed after its end, the review is beside its record.
        from cardtable.session.review import record_of, review_path

        assert game.state.is_over
        record = record_of(game.state)
        assert record is not None and review_path(record, 0).is_file()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, RoundOverScreen)
        await pilot.press("r")
        again = await wait_reviewed(app, pilot)
        assert again is not first and again.review is not None
        assert len(asked) == 1, "the kept review was searched again"
        assert again.review.cached and again.review.decisions == first.review.decisions
        assert status_of(again) == summary


@pytest.mark.slow
async def test_a_cancelled_rounds_review_is_not_kept(tmp_path, monkeypatch) -> None:
    asked = count_reviews(monkeypatch)
    async with open_table("durak", ["human", "easy"], seed=3, hint_iterations=100_000) as (app, pilot, game):
        await play_to_round_over(app, pilot, game, random.Random(2))
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, RoundOverScreen) and screen.review is None
        assert len(game.round_end.reviews) == 0
        assert len(asked) == 1


@pytest.mark.slow
async def test_the_rounds_reviewed_during_a_game_go_beside_its_record(tmp_path, monkeypatch) -> None:
    """Round 1 reviewed at its pop-up; at the game's end its review is kept beside the
    record: reviewing round 1 from the record is instant, the whole game reviews round 2 only."""
    from cardtable.session.review import record_of, review_path, review_record

    asked = count_reviews(monkeypatch)
    kinds = ["human", "easy", "easy", "easy"]
    async with open_table("president", kinds, seed=4, options={"rounds": 2}, hint_iterations=20) as (app, pilot, game):
        rng = random.Random(3)
        await play_to_round_over(app, pilot, game, rng)
        assert not game.state.is_over
        await pilot.press("r")
        first = await wait_reviewed(app, pilot)
        assert first.rounds == (1,) and first.review is not None
        round_one = first.review.decisions
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, RoundOverScreen)
        await pilot.press("enter")
        await play_to_round_over(app, pilot, game, rng)
        assert game.state.is_over
        record = record_of(game.state)
        assert record is not None and review_path(record, 0).is_file()
        think = app.think
    assert len(asked) == 1
    again = review_record(record, 0, think=think, iterations=20, rounds=(1,))
    assert again is not None and again.cached and again.decisions == round_one
    assert len(asked) == 1
    whole = review_record(record, 0, think=think, iterations=20)
    assert whole is not None and not whole.cached
    assert whole.decisions[: len(round_one)] == round_one
    assert asked[1] == len(whole.decisions) - len(round_one) > 0
    # Kept beside the record: read back whole, from a file that is no saved game.
    assert review_record(record, 0, think=think, iterations=20).cached  # type: ignore[union-attr]
    from cardtable.userdata.paths import saves_dir

    assert not any(".review-" in p.name for p in saves_dir().glob("*"))


@pytest.mark.slow
async def test_the_summary_and_the_steps_number_decisions_alike(tmp_path) -> None:
    """Found: the summary said "move 12" where stepping said "decision 3/17"."""
    import re

    from cardtable.bots.review import move_label

    state = finished_state("president")
    replay = load_record(export_record(state, tmp_path / "record.json"))
    app = CardtableApp(bot_delay=0, ascii_only=False, replay=replay, replay_seat=0, hint_iterations=40)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = await wait_reviewed(app, pilot)
        review = screen.review
        assert review is not None and review.costliest()
        summary = status_of(screen)
        assert "move " not in summary, summary
        numbers = [int(n) for n in re.findall(r"\(decision (\d+),", summary)]
        assert numbers == [review.number(d) for d in review.costliest()], summary
        for _ in range(numbers[0]):
            await pilot.press("right")
        await pilot.pause()
        costliest = review.costliest()[0]
        assert f"decision {numbers[0]}/{len(review.decisions)}" in screen_text(app)
        assert review.decisions[screen.index] == costliest
        assert move_label(costliest.made) in status_of(screen)


@pytest.mark.slow
async def test_the_move_made_and_the_better_move_are_marked_on_the_cards(tmp_path) -> None:
    """The review marks the move made (●) and the hard bot's (◆) on the hand's cards, in
    colour and with a mark, and says which mark is which."""
    from cardtable.engine.actions import Action
    from cardtable.tui.widgets.hand import HandView

    state = finished_state("hearts")
    replay = load_record(export_record(state, tmp_path / "record.json"))
    app = CardtableApp(bot_delay=0, ascii_only=False, replay=replay, replay_seat=0, hint_iterations=40)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = await wait_reviewed(app, pilot)
        assert screen.review is not None and screen.review.mistakes
        await pilot.press("m")
        await pilot.pause()
        decision = screen.review.decisions[screen.index]
        hand = screen.query_one(HandView)
        made, best = set(Action.parse(decision.made).cards), set(Action.parse(decision.best).cards)
        assert hand.made == made and hand.hinted == best and made != best
        marks = str(hand.render()).splitlines()[-1]
        faces = str(hand.render()).splitlines()[-2]
        for card in made | best:
            column = faces.index(card.label())
            under = marks[column - 1 : column + 3]
            assert ("●" in under) == (card in made) and ("◆" in under) == (card in best), (card, faces, marks)
        assert "● your move · ◆ the hard bot's" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert not hand.made and not hand.hinted and "● your move" not in screen_text(app)


@pytest.mark.slow
async def test_the_summary_is_shown_whole_at_80x24(tmp_path) -> None:
    """Durak's costs are long words ("13 points of durak chance"): the summary's head and
    its three costliest, each with its decision number, are on screen whole."""
    state = finished_state("durak")
    replay = load_record(export_record(state, tmp_path / "record.json"))
    app = CardtableApp(bot_delay=0, ascii_only=False, replay=replay, replay_seat=0, hint_iterations=40)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = await wait_reviewed(app, pilot)
        assert screen.review is not None and len(screen.review.costliest()) >= 2
        await pilot.pause()
        summary = " ".join(status_of(screen).split())
        assert summary.count("(decision ") == len(screen.review.costliest())
        assert summary in " ".join(screen_text(app).split()), (summary, screen_text(app))
