"""Reviews kept: a round's review at the table kept in memory for the open game, then
beside the game's record once it is written; shared decision by decision with the
whole game's review; never kept in the saves folder nor over a file not cardtable's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cardtable.session.review as kept_reviews
from cardtable.engine.state import GameState
from cardtable.games import get_rules
from cardtable.session.review import RoundReviews, history_digests, review_game_state, review_path, review_record
from cardtable.userdata.records import Replay, export_record

ITERATIONS = 20


def _president(seed: int = 8) -> GameState:
    """Two rounds of President played at random (seat 0 has choices to review)."""
    state = get_rules("president").new_game(players=4, seed=seed, rounds=2)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _first_round(state: GameState) -> GameState:
    """The game as it stood once its first round was over."""
    replay = Replay.from_state(state)
    for position in range(replay.length + 1):
        at = replay.state_at(position)
        if at.observation(0).round > 1:
            return at
    raise AssertionError("one round only")


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many decisions each search of a review was given."""
    counts: list[int] = []
    real = kept_reviews.review_points

    def counting(game, points, **options):  # type: ignore[no-untyped-def]
        counts.append(len(points))
        return real(game, points, **options)

    monkeypatch.setattr(kept_reviews, "review_points", counting)
    return counts


@pytest.mark.slow
def test_a_rounds_review_is_kept_for_the_open_game(asked: list[int]) -> None:
    state = _first_round(_president())
    kept = RoundReviews()
    first = kept.review(Replay.from_state(state), 0, rounds=(1,), iterations=ITERATIONS)
    assert first is not None and not first.cached and first.decisions
    again = kept.review(Replay.from_state(state), 0, rounds=(1,), iterations=ITERATIONS)
    assert again is not None and again.cached and again.decisions == first.decisions
    assert asked == [len(first.decisions)]
    # Another seat or budget is another review.
    assert not kept.review(Replay.from_state(state), 0, rounds=(1,), iterations=ITERATIONS + 1).cached  # type: ignore[union-attr]
    assert len(asked) == 2


def test_a_cancelled_review_is_not_kept(asked: list[int]) -> None:
    import threading

    state = _first_round(_president())
    kept = RoundReviews()
    stop = threading.Event()
    assert kept.review(Replay.from_state(state), 0, rounds=(1,), iterations=ITERATIONS, stop=stop,
                       progress=lambda done, total: stop.set()) is None
    assert len(kept) == 0
    assert not kept.review(Replay.from_state(state), 0, rounds=(1,), iterations=ITERATIONS).cached  # type: ignore[union-attr]


def test_a_move_played_otherwise_is_reviewed_afresh_from_there(asked: list[int]) -> None:
    """The same deal with seat 0's last move of round 1 made otherwise (as after an undo):
    the decisions before it are read back, that one is reviewed again."""
    state = _first_round(_president())
    kept = RoundReviews()
    first = kept.review(Replay.from_state(state), 0, rounds=(1,), iterations=ITERATIONS)
    assert first is not None
    last = [d for d in first.decisions if d.verdict != "forced"][-1]
    other = Replay.from_state(state).state_at(last.position)
    other.apply(next(a for a in other.legal_actions() if str(a) != last.made))
    rng = random.Random(1)
    while other.observation(0).round == 1:
        other.apply(rng.choice(other.legal_actions()))
    again = kept.review(Replay.from_state(other), 0, rounds=(1,), iterations=ITERATIONS)
    assert again is not None and not again.cached
    before = [d for d in first.decisions if d.position < last.position]
    assert list(again.decisions[: len(before)]) == before
    assert asked[-1] == len(again.decisions) - len(before)


@pytest.mark.slow
def test_round_reviews_go_beside_the_record_and_the_whole_game_reviews_only_the_rest(
    tmp_path: Path, asked: list[int]
) -> None:
    final = _president()
    kept = RoundReviews()
    round_one = kept.review(Replay.from_state(_first_round(final)), 0, rounds=(1,), iterations=ITERATIONS)
    assert round_one is not None
    record = export_record(final, tmp_path / "game.json")
    kept.keep_beside(record)
    assert review_path(record, 0).is_file() and not review_path(record, 1).exists()
    again = review_record(record, 0, iterations=ITERATIONS, rounds=(1,))
    assert again is not None and again.cached and again.decisions == round_one.decisions
    assert len(asked) == 1
    whole = review_record(record, 0, iterations=ITERATIONS)
    assert whole is not None and not whole.cached
    assert asked[-1] == len(whole.decisions) - len(round_one.decisions) > 0
    # Decision by decision the same as a review of the whole game made at once.
    assert whole.decisions == review_game_state(final, 0, iterations=ITERATIONS).decisions  # type: ignore[union-attr]
    # A review made after the record is named goes beside it at once.
    seat_two = kept.review(Replay.from_state(final), 1, rounds=(2,), iterations=ITERATIONS)
    assert seat_two is not None and review_path(record, 1).is_file()
    assert review_record(record, 1, iterations=ITERATIONS, rounds=(2,)).cached  # type: ignore[union-attr]


def test_reviews_are_never_kept_in_the_saves_folder_nor_over_a_file_not_ours(tmp_path: Path) -> None:
    from cardtable.userdata.paths import saves_dir

    final = _president()
    kept = RoundReviews()
    assert kept.review(Replay.from_state(final), 0, rounds=(2,), iterations=ITERATIONS) is not None
    saves_dir().mkdir(parents=True)
    in_saves = export_record(final, saves_dir() / "0123abcd.json")
    kept.keep_beside(in_saves)
    assert [p.name for p in saves_dir().iterdir()] == [in_saves.name]
    record = export_record(final, tmp_path / "game.json")
    review_path(record, 0).write_text("my notes")
    kept.record = None
    kept.keep_beside(record)
    assert review_path(record, 0).read_text() == "my notes"


@pytest.mark.slow
def test_a_review_kept_in_the_older_format_is_reviewed_afresh_and_replaced(tmp_path: Path, asked: list[int]) -> None:
    # Format 2's judge did not value President's gift back: its reviews are not read back.
    import hashlib

    final = _first_round(_president())
    while not final.is_over:
        final.apply(final.legal_actions()[0])
    record = export_record(final, tmp_path / "game.json")
    made = review_record(record, 0, iterations=ITERATIONS, rounds=(1,), keep=False)
    assert made is not None
    key = {"record_sha256": hashlib.sha256(record.read_bytes()).hexdigest(), "seat": 0, "rounds": [1],
           "think": None, "iterations": ITERATIONS, "seed": 0}
    review_path(record, 0).write_text(json.dumps(
        {"cardtable_review": 2, "game": "president", "key": key, "decisions": [d.to_dict() for d in made.decisions]}
    ))
    again = review_record(record, 0, iterations=ITERATIONS, rounds=(1,))
    assert again is not None and not again.cached and again.decisions == made.decisions
    assert json.loads(review_path(record, 0).read_text())["cardtable_review"] == kept_reviews.REVIEW_FORMAT


def test_the_digest_names_the_deal_and_every_action_so_far() -> None:
    final = _president()
    digests = history_digests(Replay.from_state(final))
    assert len(digests) == len(final.history) == len(set(digests))
    other = get_rules("president").new_game(players=4, seed=9, rounds=2)
    other.apply(other.legal_actions()[0])
    assert history_digests(Replay.from_state(other))[0] != digests[0]


def test_a_reviewed_cost_says_how_sure_it_is() -> None:
    """Where a hint and a later review disagree, each says how sure it is: the hint its
    figures' ±, the review its cost's (two standard errors of the difference)."""
    from cardtable.bots.review import DecisionReview
    from cardtable.session.review import GameReview, decision_line

    mistake = DecisionReview(0, 1, "play QS", "play 2C", "mistake", made_value=5.0, best_value=1.0, cost=4.0, se=0.5)
    review = GameReview("hearts", 0, None, None, 100, (mistake,))
    assert "Cost 4.0 points ± 1.0 points. A mistake." in decision_line(mistake, review)
    close = DecisionReview(1, 1, "play KS", "play 2C", "close", made_value=2.0, best_value=1.5, cost=0.5, se=0.4)
    assert "Cost 0.5 points ± 0.8 points, within the search's noise" in decision_line(close, review)
