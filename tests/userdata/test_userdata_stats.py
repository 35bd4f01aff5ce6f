"""Statistics after a few simulated games of each game, and a damaged file set aside."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest

from cardtable.games import get_rules
from cardtable.userdata.paths import stats_path
from cardtable.userdata.savefiles import mark_undo, seats_of
from cardtable.userdata.stats import (
    filter_stats,
    final_places,
    load_stats,
    record_result,
)

from .helpers import SHORT_GAMES, finished_game, new_game, play_with_bots

LEVELS = {
    "president": ("easy", "normal", "easy", "normal"),
    "durak": ("normal", "easy", "normal"),
    "hearts": ("easy", "normal", "easy", "normal"),
}


@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_stats_after_a_few_bot_games(game: str) -> None:
    games = [play_with_bots(game, seed, LEVELS[game]) for seed in range(4)]
    mark_undo(games[1])
    expected: dict[str, dict] = defaultdict(lambda: defaultdict(int))
    scores: dict[str, list[int]] = defaultdict(list)
    titles: dict[str, Counter] = defaultdict(Counter)
    lower = get_rules(game).lower_score_wins
    for number, state in enumerate(games):
        assert record_result(state) == []
        outcome = state.outcome()
        for seat, info in enumerate(seats_of(state)):
            mine = expected[info.name]
            mine["played"] += 1
            mine["wins"] += seat in outcome.winners
            mine["undo"] += number == 1
            better = sum(
                1 for other in outcome.scores
                if (other < outcome.scores[seat] if lower else other > outcome.scores[seat])
            )
            mine["place"] += 1 + better
            scores[info.name].append(outcome.scores[seat])
            for result in outcome.rounds:
                if game == "president":
                    titles[info.name][result["titles"][seat]] += 1
                if game == "durak":
                    mine["durak"] += result["durak"] == seat
                if game == "hearts":
                    mine["moons"] += result["moon_shooter"] == seat
    entries, warnings = load_stats()
    assert warnings == []
    assert {entry.name for entry in entries} == set(expected)
    for entry in entries:
        mine = expected[entry.name]
        assert entry.game == game
        assert entry.played == mine["played"] == 4
        assert entry.wins == mine["wins"]
        assert entry.games_with_undo == mine["undo"] == 1
        assert entry.average_place == pytest.approx(mine["place"] / 4)
        assert 1 <= entry.average_place <= len(LEVELS[game])
        assert entry.average_score == pytest.approx(sum(scores[entry.name]) / 4)
        best, worst = (min, max) if lower else (max, min)
        assert (entry.best_score, entry.worst_score) == (best(scores[entry.name]), worst(scores[entry.name]))
        assert entry.count("times_durak") == mine["durak"]
        assert entry.count("moons") == mine["moons"]
        assert entry.labels("titles") == dict(titles[entry.name])
    assert sum(entry.wins for entry in entries) >= 4  # every game has a winner
    if game == "president":
        assert sum(sum(e.labels("titles").values()) for e in entries) == sum(len(g.outcome().rounds) for g in games) * 4
    if game == "durak":
        durak_rounds = sum(1 for g in games for r in g.outcome().rounds if r["durak"] is not None)
        assert sum(e.count("times_durak") for e in entries) == durak_rounds
    kinds = {entry.name: entry.kind for entry in entries}
    assert kinds["Ann"] == "human"
    assert [e.name for e in filter_stats(entries, kind="human")] == ["Ann"]
    assert "Ann" not in {e.name for e in filter_stats(entries, kind="bots")}
    assert {e.kind for e in filter_stats(entries, kind="easy")} == {"easy"}
    assert [e.name for e in filter_stats(entries, player="ann")] == ["Ann"]
    assert filter_stats(entries, game="other") == []


def test_games_are_kept_apart_and_counted_once() -> None:
    hearts = finished_game("hearts")
    record_result(hearts)
    record_result(hearts)  # the same game again (say, after a resume): no change
    record_result(finished_game("durak"))
    entries, _ = load_stats()
    ann = filter_stats(entries, player="Ann")
    assert sorted((e.game, e.played) for e in ann) == [("durak", 1), ("hearts", 1)]


def test_same_name_different_kind_are_separate() -> None:
    first = new_game("hearts", 1, ("human", "hard", "easy", "easy"))
    second = new_game("hearts", 2, ("human", "easy", "easy", "easy"))
    from .helpers import play_to_end

    record_result(play_to_end(first, 1))
    record_result(play_to_end(second, 2))
    entries, _ = load_stats()
    assert sorted(e.kind for e in filter_stats(entries, player="Ada")) == ["easy", "hard"]


def test_a_player_of_a_networked_game_counts_as_a_person_not_a_bot() -> None:
    from .helpers import play_to_end

    record_result(play_to_end(new_game("hearts", 3, ("remote", "human", "easy", "easy")), 3))
    entries, _ = load_stats()
    people = filter_stats(entries, kind="human")
    assert sorted((e.name, e.kind) for e in people) == [("Ada", "human"), ("Ann", "remote")]
    assert all(not e.is_bot for e in people)
    assert sorted(e.kind for e in filter_stats(entries, kind="bots")) == ["easy", "easy"]


def test_an_unfinished_game_is_not_counted() -> None:
    with pytest.raises(ValueError, match="not over"):
        record_result(new_game("durak", 1))
    assert not stats_path().exists()


@pytest.mark.parametrize(
    "content, reason",
    [
        ("{broken", "corrupt or truncated JSON"),
        ("", "corrupt or truncated JSON"),
        ('{"format": "cardtable-stats", "version": 9, "entries": []}', "newer cardtable"),
        ('{"format": "cardtable-stats", "version": 1, "entries": [{"name": 3}]}', "wrong shape"),
        ('{"format": "cardtable-stats", "version": 1, "entries": [], "recorded": "x"}', "damaged"),
        ('["something else"]', "not a cardtable statistics file"),
    ],
)
def test_a_damaged_stats_file_is_set_aside_and_started_fresh(content: str, reason: str) -> None:
    path = stats_path()
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    entries, warnings = load_stats()
    assert entries == [] and len(warnings) == 1
    assert "\n" not in warnings[0] and reason in warnings[0]
    kept = list(path.parent.glob("stats.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
    assert str(kept[0]) in warnings[0]
    assert record_result(finished_game("president")) == []
    entries, warnings = load_stats()
    assert len(entries) == 4 and warnings == []


def test_record_result_reports_a_damaged_file() -> None:
    path = stats_path()
    path.parent.mkdir(parents=True)
    path.write_text("nonsense", encoding="utf-8")
    warnings = record_result(finished_game("durak"))
    assert len(warnings) == 1 and "kept as" in warnings[0]
    assert json.loads(path.read_text(encoding="utf-8"))["entries"]


def test_final_places_share_ties() -> None:
    assert final_places([3, 3, 1], lower_wins=False) == (1, 1, 3)
    assert final_places([0, 26, 26, 26], lower_wins=True) == (1, 2, 2, 2)


def _stats_text_with_one_game() -> str:
    record_result(finished_game("hearts", seed=2))
    return stats_path().read_text(encoding="utf-8")


def test_an_unreadable_stats_file_is_never_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found: a root-owned stats.json (after one `sudo cardtable`) was replaced by a fresh one."""
    from cardtable.userdata import stats as stats_module

    before = _stats_text_with_one_game()

    def denied(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    with monkeypatch.context() as patch:
        patch.setattr(stats_module, "read_file_bytes", denied)
        result = stats_module.count_result(finished_game("durak", seed=3))
        assert not result.counted
        assert result.warnings == (
            f"cannot read the statistics file {stats_path()} (Permission denied); it was left as it is",
        )
        entries, warnings = load_stats()
        assert entries == [] and warnings == list(result.warnings)
    assert stats_path().read_text(encoding="utf-8") == before  # the old statistics are all there
    assert sorted(p.name for p in stats_path().parent.iterdir() if p.name.startswith("stats.")) == [
        "stats.json", "stats.json.lock"
    ]


def test_a_stats_path_that_is_not_a_regular_file_is_left_alone() -> None:
    import os

    stats_path().parent.mkdir(parents=True)
    os.mkfifo(stats_path())
    warnings = record_result(finished_game("durak", seed=3))
    assert warnings == [f"cannot read the statistics file {stats_path()} (it is not a regular file); it was left as it is"]
    assert stats_path().is_fifo()


def test_updates_wait_for_the_statistics_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.userdata import stats as stats_module

    monkeypatch.setattr(stats_module, "LOCK_TIMEOUT", 0.05)
    with stats_module.stats_lock():
        result = stats_module.count_result(finished_game("durak", seed=3))
    assert not result.counted and "locked by another cardtable" in result.warnings[0]
    assert not stats_path().exists()
    assert stats_module.count_result(finished_game("durak", seed=3)).counted


def test_two_games_dealt_and_played_alike_are_both_counted() -> None:
    from cardtable.userdata.savefiles import new_save_id

    one, two = finished_game("durak", seed=3), finished_game("durak", seed=3)
    one.meta["save_id"], two.meta["save_id"] = new_save_id(), new_save_id()
    record_result(one)
    record_result(two)
    record_result(two)
    entries, _ = load_stats()
    assert {entry.played for entry in entries} == {2}


def test_a_deeply_nested_stats_file_is_set_aside_without_a_traceback() -> None:
    path = stats_path()
    path.parent.mkdir(parents=True)
    path.write_text("[" * 100_000, encoding="utf-8")
    entries, warnings = load_stats()
    assert entries == [] and len(warnings) == 1 and "kept as" in warnings[0]
    assert record_result(finished_game("durak")) == []


def test_names_of_an_old_stats_file_are_made_safe_and_none_of_their_games_lost() -> None:
    # "Ann\x07" and "Ann\n" (an old or hand-edited file) are both "Ann" once made safe:
    # one player, with both entries' games.
    def entry(name: str, played: int, best: int, titles: dict[str, int]) -> dict[str, object]:
        return {"name": name, "kind": "human", "game": "president", "played": played, "wins": 1,
                "rounds": played, "place_total": played, "score_total": best, "best_score": best,
                "worst_score": best, "titles": titles}

    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = [entry("Ann\x07", 2, 5, {"Scum": 1}), entry("\x1b[2JBen", 1, 3, {}), entry("Ann\n", 3, 9, {"Scum": 2})]
    path.write_text(json.dumps({"format": "cardtable-stats", "version": 1, "entries": entries, "recorded": []}))
    stats, warnings = load_stats()
    assert warnings == []
    by_name = {s.name: s for s in stats}
    assert sorted(by_name) == ["Ann", "[2JBen"]
    ann = by_name["Ann"]
    assert (ann.name, ann.played, ann.wins, ann.best_score, ann.worst_score, ann.labels("titles")) == (
        "Ann", 5, 2, 9, 5, {"Scum": 3}
    )
    state = finished_game("president", 3)  # Ann is seat 0 of the helpers' games
    record_result(state)
    (ann_now,) = [s for s in load_stats()[0] if s.name == "Ann"]
    assert ann_now.played == 6


def test_a_stats_file_of_the_earlier_format_loads_and_keeps_every_figure() -> None:
    # Earlier versions wrote every game's figures (titles, times_durak, moons) in every
    # entry; such a file loads with its figures, and is written back with the same keys.
    def old(game: str, titles: dict[str, int], durak: int, moons: int) -> dict[str, object]:
        return {"name": "Ann", "kind": "human", "game": game, "played": 2, "wins": 1, "games_with_undo": 0,
                "rounds": 3, "place_total": 3, "score_total": 4, "best_score": 3, "worst_score": 1,
                "titles": titles, "times_durak": durak, "moons": moons}

    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = [old("president", {"President": 2, "Scum": 1}, 0, 0), old("durak", {}, 2, 0), old("hearts", {}, 0, 1)]
    path.write_text(json.dumps({"format": "cardtable-stats", "version": 1, "entries": entries, "recorded": []}))
    stats, warnings = load_stats()
    assert warnings == []
    by_game = {s.game: s for s in stats}
    assert by_game["president"].labels("titles") == {"President": 2, "Scum": 1}
    assert by_game["durak"].count("times_durak") == 2
    assert by_game["hearts"].count("moons") == 1
    assert [s.to_dict() for s in stats] == sorted(entries, key=lambda e: ["president", "durak", "hearts"].index(e["game"]))
    record_result(finished_game("durak"))
    data = json.loads(path.read_text())
    written = {(e["game"], e["name"]): e for e in data["entries"]}
    assert written[("president", "Ann")] == entries[0]
    assert written[("hearts", "Ann")] == entries[2]
    assert written[("durak", "Ann")]["times_durak"] >= 2


def test_a_new_entry_holds_its_own_games_figures() -> None:
    record_result(finished_game("hearts"))
    data = json.loads(stats_path().read_text())
    for entry in data["entries"]:
        assert "moons" in entry and "titles" not in entry and "times_durak" not in entry
