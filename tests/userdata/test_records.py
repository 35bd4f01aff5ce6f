"""Game records and replays: stepping forward and back equals applying the prefixes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardtable.engine.errors import SaveFileError
from cardtable.engine.state import GameState
from cardtable.games import get_rules
from cardtable.userdata.records import Replay, export_record, load_record, record_data
from cardtable.userdata.savefiles import mark_undo, save_game

from .helpers import SHORT_GAMES, finished_game, new_game, pure_choice


def prefix(game: GameState, count: int) -> GameState:
    """A fresh game with the first ``count`` actions applied: what a replay must show."""
    state = get_rules(game.rules.name).new_game(
        players=game.num_players, seed=game.seed, deck=game.first_deck, **game.options
    )
    for _, action in game.history[:count]:
        state.apply(action)
    return state


def same_position(left: GameState, right: GameState) -> None:
    assert left.history == right.history
    assert left.events == right.events
    assert left.outcome() == right.outcome()
    assert left.public_observation() == right.public_observation()
    for seat in range(left.num_players):
        assert left.observation(seat) == right.observation(seat)
        assert left.hand(seat) == right.hand(seat)
    assert left.legal_actions() == right.legal_actions()


@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_stepping_forward_and_back_equals_applying_prefixes(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Replay, "CHECKPOINT_EVERY", 7)
    played = finished_game(game, seed=4)
    replay = load_record(export_record(played, tmp_path / "game.json"))
    assert replay.length == len(played.history) and replay.position == 0
    rng = random.Random(game)
    moves = [1, 1, 5, -1, -3, 40, -17, 1, 10**6, -1, -(10**6), 2]
    moves += [rng.randint(-60, 60) for _ in range(15)]
    expected = 0
    for move in moves:
        expected = max(0, min(replay.length, expected + move))
        assert replay.step(move) == expected == replay.position
        same_position(replay.state, prefix(played, expected))
        assert replay.last_action == (played.history[expected - 1] if expected else None)
    for position in sorted(rng.sample(range(replay.length + 1), 6)) + [0, replay.length]:
        same_position(replay.state_at(position), prefix(played, position))
    assert replay.seek(replay.length) == replay.length and replay.at_end
    same_position(replay.state, played)
    assert replay.seek(-5) == 0 and replay.at_start


def test_state_at_gives_a_copy_that_changes_nothing() -> None:
    played = finished_game("president")
    replay = Replay.from_state(played)
    replay.seek(30)
    copy = replay.state_at(30)
    copy.apply(pure_choice(copy, 0))
    assert replay.state.history == played.history[:30]
    assert replay.state_at(30).history == played.history[:30]
    with pytest.raises(ValueError):
        replay.state_at(replay.length + 1)


def test_replay_of_a_state_leaves_the_state_alone() -> None:
    played = finished_game("durak")
    text = played.to_json()
    replay = Replay.from_state(played)
    replay.seek(50)
    replay.step(-20)
    assert played.to_json() == text


def test_views_spectator_and_seat() -> None:
    played = finished_game("hearts")
    replay = Replay.from_state(played)
    replay.seek(6)  # in the middle of the first pass
    spectator = replay.observation()
    assert spectator.seat is None and spectator.hand == ()
    assert replay.observation(2) == replay.state.observation(2)
    assert replay.observation(2).hand
    for bad in (4, -1, "0"):
        with pytest.raises(ValueError, match="no seat"):
            replay.observation(bad)  # type: ignore[arg-type]


def test_record_file_holds_what_a_replay_needs(tmp_path: Path) -> None:
    played = finished_game("president")
    mark_undo(played)
    path = export_record(played, tmp_path / "r.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    record = data["record"]
    assert [p["name"] for p in record["players"]] == ["Ann", "Ada", "Ben", "Cleo"]
    assert record["finished"] is True and record["finished_at"]
    assert record["undo_used"] is True
    assert record["outcome"]["winners"] == list(played.outcome().winners)
    replay = load_record(path)
    assert replay.info.undo_used and replay.info.finished
    assert [s.label for s in replay.seats] == ["Ann", "Ada (normal)", "Ben (normal)", "Cleo (normal)"]


def test_an_unfinished_game_can_be_exported_and_a_save_replayed(tmp_path: Path) -> None:
    state = new_game("durak", 2)
    for _ in range(25):
        state.apply(pure_choice(state, 2))
    assert record_data(state)["record"]["finished"] is False
    save = save_game(state, tmp_path / "save.json")
    replay = load_record(save)
    assert replay.length == 25 and not replay.info.finished


@pytest.mark.parametrize(
    "content, reason",
    [
        ("", "empty"),
        ("{nope", "corrupt or truncated"),
        ('{"format": "cardtable-save", "version": 99}', "newer cardtable"),
        ("[1, 2]", "not a cardtable save file"),
    ],
)
def test_a_bad_record_is_refused_and_left_alone(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        load_record(path)
    message = str(info.value)
    assert message.startswith(f"cannot replay {path}: ") and reason in message and "\n" not in message
    assert path.read_text(encoding="utf-8") == content
    assert [p.name for p in tmp_path.iterdir()] == ["bad.json"]


def test_a_tampered_record_is_refused(tmp_path: Path) -> None:
    data = record_data(finished_game("hearts"))
    data["actions"][30][1] = "QS"
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError, match="action 31"):
        load_record(path)
    with pytest.raises(SaveFileError, match="no file at"):
        load_record(tmp_path / "missing.json")


def test_archived_records_in_the_same_second_never_collide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found: record names collided within a second and records were lost."""
    from cardtable.userdata.paths import records_dir
    from cardtable.userdata.records import archive_record

    from .helpers import finished_game

    state = finished_game("durak", seed=3)
    state.meta["save_id"] = "0000abcd"
    written = [archive_record(state) for _ in range(5)]  # the same game, name and second
    assert len(set(written)) == 5 and sorted(records_dir().iterdir()) == sorted(written)
    assert written[0].name.endswith("-0000abcd.json")
    assert all(load_record(path).length == len(state.history) for path in written)
