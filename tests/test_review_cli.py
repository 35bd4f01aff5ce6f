"""`cardtable review`: the JSON output, the review kept beside the record, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.bots import make_bot
from cardtable.cli import main
from cardtable.games import get_rules
from cardtable.session.review import review_path, review_record
from cardtable.userdata.records import export_record


def _record(tmp_path: Path, finished: bool = True) -> Path:
    state = get_rules("president").new_game(players=4, seed=8, rounds=1)
    bots = [make_bot("president", "normal", seed=s) for s in range(4)]
    while not state.is_over and (finished or len(state.history) < 10):
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))  # type: ignore[attr-defined]
    return export_record(state, tmp_path / "game.json")


def test_json_writes_one_object_per_decision(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path)
    assert main(["review", str(record), "--seat", "2", "--iterations", "40", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows
    for row in rows:
        assert {"position", "made", "best", "made_value", "best_value", "cost", "se", "simulations", "verdict"} <= set(row)
    assert all(isinstance(row["position"], int) for row in rows)


def test_the_review_is_kept_and_read_back(tmp_path: Path) -> None:
    record = _record(tmp_path)
    first = review_record(record, 0, iterations=40)
    assert first is not None and not first.cached and review_path(record, 0).exists()
    again = review_record(record, 0, iterations=40)
    assert again is not None and again.cached and again.decisions == first.decisions
    other = review_record(record, 0, iterations=41)  # another budget: reviewed afresh
    assert other is not None and not other.cached


def test_a_changed_record_is_reviewed_afresh(tmp_path: Path) -> None:
    record = _record(tmp_path)
    review_record(record, 0, iterations=40)
    record.write_text(record.read_text() + "\n")
    assert not review_record(record, 0, iterations=40).cached  # type: ignore[union-attr]


def test_a_file_not_ours_beside_the_record_is_never_overwritten(tmp_path: Path) -> None:
    record = _record(tmp_path)
    mine = review_path(record, 0)
    mine.write_text("my notes")
    assert review_record(record, 0, iterations=40) is not None
    assert mine.read_text() == "my notes"


def test_a_finished_games_save_is_reviewed_but_nothing_is_kept_in_the_saves_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every ``.json`` in the saves folder is taken for a saved game: no review goes there."""
    from cardtable.userdata.paths import HOME_ENV, saves_dir

    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    saves_dir().mkdir(parents=True)
    record = _record(saves_dir())
    review = review_record(record, 0, iterations=40)
    assert review is not None and review.decisions
    assert [p.name for p in saves_dir().iterdir()] == [record.name]


def test_bad_input_is_one_line_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path)
    assert main(["review", str(record), "--seat", "9"]) == 2
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    unfinished = _record(tmp_path / "x" if (tmp_path / "x").mkdir() is None else tmp_path, finished=False)
    assert main(["review", str(unfinished)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "not finished" in err


def test_round_reviews_one_round_and_reads_back_the_kept_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = get_rules("president").new_game(players=4, seed=8, rounds=2)
    bots = [make_bot("president", "normal", seed=s) for s in range(4)]
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))  # type: ignore[attr-defined]
    record = export_record(state, tmp_path / "game.json")
    assert main(["review", str(record), "--seat", "1", "--round", "2", "--iterations", "30", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows and {row["round"] for row in rows} == {2}
    assert main(["review", str(record), "--seat", "1", "--round", "2", "--iterations", "30"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of ") and "(seat 1, round 2)" in out and "(kept review)" in out
    assert main(["review", str(record), "--round", "3"]) == 2
    assert "--round must be 1 to 2" in capsys.readouterr().err


def test_the_presidents_gift_back_is_reviewed_in_the_games_measure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 2's exchange, reviewed from the seat that was President after round 1: its
    gift back has a line of its own with values, not "not reviewed"."""
    state = get_rules("president").new_game(players=4, seed=8, rounds=2)
    bots = [make_bot("president", "normal", seed=s) for s in range(4)]
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))  # type: ignore[attr-defined]
    president = state.table.orders[0][0]  # type: ignore[attr-defined]
    record = export_record(state, tmp_path / "game.json")
    assert main(["review", str(record), "--seat", str(president + 1), "--iterations", "40"]) == 0
    gifts = [line for line in capsys.readouterr().out.splitlines() if "You gave" in line]
    assert len(gifts) == 1, gifts
    assert "expected place" in gifts[0] and "chance of being President" in gifts[0]
    assert "not reviewed" not in gifts[0]


# --- damaged, forged and newer kept reviews ----------------------------------------------


def _forge(record: Path, change: object) -> Path:
    """The kept review of seat 1 with its first valued decision's fields changed by ``change``."""
    kept = review_path(record, 0)
    data = json.loads(kept.read_text())
    decisions = data["reviews"][0]["decisions"]
    chosen = next((d for d in decisions if d["made_value"] is not None), decisions[0])
    change(chosen)  # type: ignore[operator]
    kept.write_text(json.dumps(data))
    return kept


@pytest.mark.parametrize(
    "field, value",
    [("cost", "abc"), ("cost", float("nan")), ("cost", float("inf")), ("position", "x"), ("position", -3),
     ("position", 10**9), ("made_value", "x"), ("made", "x"), ("made", "play ZZ"), ("best", 7), ("round", None),
     ("se", [1]), ("simulations", "many"), ("verdict", "great"), ("made", "pass")],
)
def test_a_damaged_or_forged_kept_review_is_reviewed_afresh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: object,
) -> None:
    """Found: `cost: "abc"` or NaN, `position: "x"`, `made_value: "x"` crashed the review;
    a bad `made` refused every later review of the record, naming no file."""
    record = _record(tmp_path)
    assert main(["review", str(record), "--iterations", "40", "--json"]) == 0
    first = capsys.readouterr().out
    kept = _forge(record, lambda d: d.__setitem__(field, value))
    for _ in range(2):  # reviewed afresh, and the kept file put right: the same review again
        code, out, err = run_review(capsys, record)
        assert code == 0, err
        assert "internal error" not in err and out == first
    assert "NaN" not in kept.read_text() and json.loads(kept.read_text())["cardtable_review"] == 3


def run_review(capsys: pytest.CaptureFixture[str], record: Path) -> tuple[int, str, str]:
    code = main(["review", str(record), "--iterations", "40", "--json"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_kept_review_of_a_newer_cardtable_is_left_as_it_is_and_the_review_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    record = _record(tmp_path)
    kept = review_path(record, 0)
    newer = json.dumps({"cardtable_review": 99, "record_sha256": "x", "seat": 0, "reviews": "its own shape"})
    kept.write_text(newer)
    code, out, err = run_review(capsys, record)
    assert code == 0 and out
    assert err.count("\n") == 1 and str(kept) in err and "newer cardtable" in err and "left as it is" in err
    assert kept.read_text() == newer


def test_a_kept_review_that_is_not_json_is_reviewed_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    record = _record(tmp_path)
    kept = review_path(record, 0)
    kept.write_text("{ not json")
    code, out, err = run_review(capsys, record)
    assert code == 0 and out and "internal error" not in err
    assert kept.read_text() == "{ not json"
