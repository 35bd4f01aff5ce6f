"""Save files: atomic writes, exact resumes, and damaged files refused and kept aside."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.engine.errors import SaveFileError
from cardtable.engine.saves import FORMAT_VERSION
from cardtable.userdata import paths
from cardtable.userdata.paths import HOME_ENV, atomic_write_text, autosave_path, set_aside
from cardtable.userdata.savefiles import (
    finish_game,
    load_save,
    mark_undo,
    save_game,
    seats_of,
    undo_used,
)
from cardtable.userdata.slots import latest_unfinished
from tests.waiting import wait_until

from .helpers import SHORT_GAMES, finished_game, new_game, play_to_end, pure_choice

ROOT = Path(__file__).resolve().parents[2]


SLOT = "0123abcd"
"""The id the games saved here get, so their file is known: ``DATA/saves/0123abcd.json``."""


def slot_path() -> Path:
    return paths.saves_dir() / f"{SLOT}.json"


def midgame(game: str = "president", seed: int = 3, actions: int = 12):
    state = new_game(game, seed)
    state.meta["save_id"] = SLOT
    for _ in range(actions):
        state.apply(pure_choice(state, seed))
    return state


# --- where files go ---------------------------------------------------------------

def test_cardtable_home_moves_data_and_config(cardtable_home: Path) -> None:
    assert paths.data_dir() == cardtable_home / "data"
    assert paths.config_dir() == cardtable_home / "config"
    assert autosave_path().parent == cardtable_home / "data" / "saves"


def test_without_cardtable_home_platformdirs_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    from platformdirs import user_config_path, user_data_path

    monkeypatch.delenv(HOME_ENV)
    assert paths.data_dir() == user_data_path("cardtable", appauthor=False)
    assert paths.settings_path() == user_config_path("cardtable", appauthor=False) / "settings.toml"


# --- saving and loading -----------------------------------------------------------

@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_save_and_load_round_trip(game: str) -> None:
    state = midgame(game)
    path = save_game(state)
    assert path == slot_path() and path.is_file()
    loaded = load_save(slot_path())
    assert loaded.to_json() == state.to_json()
    assert [seat.name for seat in seats_of(loaded)] == [seat.name for seat in seats_of(state)]
    assert [seat.kind for seat in seats_of(loaded)][0] == "human"


def test_named_save_goes_where_asked(tmp_path: Path) -> None:
    state = midgame()
    target = tmp_path / "sub" / "mine.json"
    assert save_game(state, target) == target
    assert load_save(target).history == state.history
    assert not slot_path().exists()


def test_seats_default_when_the_game_has_no_names() -> None:
    from cardtable.games import get_rules

    state = get_rules("durak").new_game(players=2, seed=1)
    assert [(s.name, s.kind) for s in seats_of(state)] == [("Player 1", "unknown"), ("Player 2", "unknown")]


def test_undo_marker_is_saved() -> None:
    state = midgame()
    assert not undo_used(state)
    mark_undo(state)
    save_game(state)
    assert undo_used(load_save(slot_path()))


# --- refusals ---------------------------------------------------------------------

def _valid_text() -> str:
    return midgame().to_json()


def _edit(change) -> str:
    data = json.loads(_valid_text())
    change(data)
    return json.dumps(data)


def _tamper_action(data: dict) -> None:
    seat, text = data["actions"][5]
    data["actions"][5] = [seat, "2C 2D 2H 2S" if text != "2C 2D 2H 2S" else "AS"]


DAMAGE = {
    "corrupt": (lambda: "{\"format\": \"cardtable-save\", ]]]", "corrupt or truncated JSON"),
    "truncated": (lambda: _valid_text()[: len(_valid_text()) // 2], "corrupt or truncated JSON"),
    "empty": (lambda: "", "empty"),
    "binary": (lambda: b"\xff\xfe\x00garbage\x80", "not a valid save"),
    "not a save": (lambda: json.dumps({"hello": "world"}), "not a cardtable save file"),
    "newer format": (lambda: _edit(lambda d: d.update(version=FORMAT_VERSION + 1)), "newer cardtable"),
    "unknown game": (lambda: _edit(lambda d: d.update(game="canasta")), "unknown game 'canasta'"),
    "tampered action": (lambda: _edit(_tamper_action), "action 6"),
    "wrong seat": (lambda: _edit(lambda d: d["actions"][3].__setitem__(0, (d["actions"][3][0] + 1) % 4)), "action 4"),
    "bad option": (lambda: _edit(lambda d: d["options"].update(rounds=-5)), "damaged"),
    "bad seats meta": (lambda: _edit(lambda d: d["meta"].update(seats=[{"name": "Ann"}])), "seat list"),
    "deep nesting": (lambda: "[" * 100_000, "damaged"),
}


@pytest.mark.parametrize("case", sorted(set(DAMAGE) - {"not a save"}))
def test_damaged_save_is_refused_and_kept_aside(case: str) -> None:
    make, reason = DAMAGE[case]
    content = make()
    path = slot_path()
    path.parent.mkdir(parents=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    original = path.read_bytes()
    with pytest.raises(SaveFileError) as info:
        load_save(slot_path())
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    assert message.startswith(f"cannot load {path}: ")
    assert reason in message
    kept = list(path.parent.glob(f"{SLOT}.corrupt-*.json"))
    assert len(kept) == 1
    assert re.fullmatch(SLOT + r"\.corrupt-\d{8}-\d{6}\.json", kept[0].name)
    assert message.endswith(f"the file was kept as {kept[0]}")
    assert kept[0].read_bytes() == original
    assert not path.exists()  # the refusal wrote nothing in its place


def test_a_file_in_the_saves_folder_that_is_not_a_save_is_left_alone() -> None:
    """Cardtable's own files are known by their content: JSON that is not a save,
    even under the autosave's name, is refused and never renamed."""
    path = slot_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"hello": "cardtable-save"}), encoding="utf-8")
    with pytest.raises(SaveFileError, match="not a cardtable save file; the file was left as it is$"):
        load_save(slot_path())
    assert [p.name for p in path.parent.iterdir()] == [f"{SLOT}.json"]


def test_refusals_in_the_same_second_keep_every_file() -> None:
    path = slot_path()
    path.parent.mkdir(parents=True)
    contents = [f"broken {n}" for n in range(3)]
    for text in contents:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SaveFileError):
            load_save(slot_path())
    kept = sorted(path.parent.glob(f"{SLOT}.corrupt-*"))
    assert sorted(p.read_text(encoding="utf-8") for p in kept) == contents


def test_missing_and_directory_paths_are_refused_without_side_effects(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="^no save file at "):
        load_save(tmp_path / "nothing.json")
    with pytest.raises(SaveFileError, match="it is a directory"):
        load_save(tmp_path)
    assert list(tmp_path.iterdir()) == []  # nothing moved or made


def test_only_save_file_errors_leave_load_save() -> None:
    """Random damage to a valid save: each file either loads or is refused cleanly."""
    text = _valid_text()
    rng = random.Random(11)
    path = slot_path()
    path.parent.mkdir(parents=True)
    outcomes = {"loaded": 0, "refused": 0}
    for _ in range(150):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            position = rng.randrange(len(chars))
            chars[position] = rng.choice('0123456789{}[]",:ACDHSKQJT ')
        path.write_text("".join(chars), encoding="utf-8")
        try:
            load_save(slot_path())
            outcomes["loaded"] += 1
        except SaveFileError as exc:
            assert "\n" not in str(exc)
            outcomes["refused"] += 1
    assert outcomes["refused"] > 0


# --- atomic writes ----------------------------------------------------------------

def test_crash_before_the_rename_leaves_the_old_save(monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame(actions=5)
    save_game(state)
    before = slot_path().read_bytes()
    state.apply(pure_choice(state, 0))

    def crash(*_args: object) -> None:
        raise OSError("simulated crash")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", crash)
        with pytest.raises(OSError, match="simulated crash"):
            save_game(state)
    assert slot_path().read_bytes() == before
    assert [p.name for p in slot_path().parent.iterdir()] == [f"{SLOT}.json"]  # no temp file left
    assert len(load_save(slot_path()).history) == 5


def test_crash_in_the_middle_of_writing_leaves_the_old_save(monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame(actions=5)
    save_game(state)
    before = slot_path().read_bytes()
    state.apply(pure_choice(state, 0))
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()
            return False

        def write(self, text: str) -> None:
            self.handle.write(text[: len(text) // 2])
            raise KeyboardInterrupt  # the terminal is killed halfway

    with monkeypatch.context() as patch:
        patch.setattr(os, "fdopen", lambda *a, **k: HalfWriter(real_fdopen(*a, **k)))
        with pytest.raises(KeyboardInterrupt):
            save_game(state)
    assert slot_path().read_bytes() == before
    assert [p.name for p in slot_path().parent.iterdir()] == [f"{SLOT}.json"]


def test_atomic_write_makes_directories_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.txt"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text(encoding="utf-8") == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.txt"]


def test_set_aside_never_overwrites(tmp_path: Path) -> None:
    first = tmp_path / "x.json"
    first.write_text("1")
    one = set_aside(first)
    first.write_text("2")
    two = set_aside(first)
    assert one != two and one.read_text() == "1" and two.read_text() == "2"


# --- resume after a kill ----------------------------------------------------------

@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_resume_after_a_kill_mid_game_continues_identically(game: str) -> None:
    seed = 21
    reference = finished_game(game, seed)
    for cut in (1, 40, len(reference.history) // 3):
        state = new_game(game, seed)
        state.meta["save_id"] = SLOT
        while len(state.history) < cut:
            state.apply(pure_choice(state, seed))
            save_game(state)  # after every action, as the app does
        del state  # the process is killed: only the file is left
        assert latest_unfinished() == slot_path()
        resumed = load_save(slot_path())
        assert len(resumed.history) == cut
        for _ in range(10):  # the app saves after every action from here on too
            resumed.apply(pure_choice(resumed, seed))
            save_game(resumed)
        play_to_end(resumed, seed)
        save_game(resumed)
        assert resumed.history == reference.history
        assert resumed.outcome() == reference.outcome()
        assert resumed.events == reference.events
        assert latest_unfinished() is None  # the finished game is not offered again


def test_a_killed_write_loses_at_most_the_last_action(monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame(actions=8)
    save_game(state)
    state.apply(pure_choice(state, 3))
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError("killed")))
        with pytest.raises(OSError):
            save_game(state)
    assert load_save(slot_path()).history == state.history[:-1]


KILLED_PLAYER = """
import random, sys, time
sys.path.insert(0, {root!r})
from tests.userdata.helpers import new_game, pure_choice
from cardtable.userdata.savefiles import save_game
state = new_game("hearts", 5)
state.meta["save_id"] = "0123abcd"
while not state.is_over:
    state.apply(pure_choice(state, 5))
    save_game(state)
    time.sleep(0.005)
"""


def test_resume_after_a_real_sigkill(cardtable_home: Path) -> None:
    reference = finished_game("hearts", 5)
    env = dict(os.environ, **{HOME_ENV: str(cardtable_home)})
    process = subprocess.Popen([sys.executable, "-c", KILLED_PLAYER.format(root=str(ROOT))], env=env)
    try:
        def thirty_actions_saved() -> bool:
            try:
                return len(json.loads(slot_path().read_text(encoding="utf-8"))["actions"]) >= 30
            except (OSError, ValueError):
                return False

        wait_until(thirty_actions_saved, "the player process wrote a save", every=0.01)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    resumed = load_save(slot_path())  # never half-written
    assert resumed.history == reference.history[: len(resumed.history)]
    play_to_end(resumed, 5)
    assert resumed.history == reference.history and resumed.outcome() == reference.outcome()


# --- what to resume ---------------------------------------------------------------

def _touch_later(path: Path, seconds: float) -> None:
    stamp = path.stat().st_mtime + seconds
    os.utime(path, (stamp, stamp))


def test_latest_unfinished_picks_the_newest_unfinished(tmp_path: Path) -> None:
    assert latest_unfinished() is None
    save_game(midgame())
    assert latest_unfinished() == slot_path()
    named = tmp_path / "named.json"
    save_game(midgame("durak"), named)
    _touch_later(named, 10)
    assert latest_unfinished() == named.resolve()
    save_game(finished_game("durak"), named)
    _touch_later(named, 20)
    assert latest_unfinished() == slot_path()
    named.unlink()
    assert latest_unfinished() == slot_path()


def test_a_finished_game_is_not_offered_even_without_the_marker() -> None:
    state = finished_game("president")
    state.meta["save_id"] = SLOT
    save_game(state)
    data = json.loads(slot_path().read_text(encoding="utf-8"))
    assert data["meta"]["finished_at"]
    del data["meta"]["finished_at"]
    slot_path().write_text(json.dumps(data), encoding="utf-8")
    assert latest_unfinished() is None


def test_a_damaged_newest_save_is_set_aside_and_the_next_offered(tmp_path: Path) -> None:
    from cardtable.userdata.slots import unfinished_games

    named = tmp_path / "older.json"
    save_game(midgame("hearts"), named)
    slot_path().parent.mkdir(parents=True)
    slot_path().write_text("{truncated", encoding="utf-8")
    _touch_later(slot_path(), 10)
    games, messages = unfinished_games()
    assert [game.path for game in games] == [named.resolve()]
    assert len(messages) == 1 and "kept as" in messages[0] and str(slot_path()) in messages[0]
    assert not slot_path().exists() and len(list(paths.saves_dir().glob(f"{SLOT}.corrupt-*.json"))) == 1
    assert latest_unfinished() == named.resolve()


def test_finish_game_marks_the_save_keeps_a_record_and_counts_it() -> None:
    from cardtable.userdata.records import load_record
    from cardtable.userdata.stats import load_stats

    state = finished_game("hearts")
    state.meta["save_id"] = SLOT
    done = finish_game(state)
    assert done.save_path == slot_path() and done.warnings == ()
    assert not slot_path().exists()  # a finished game leaves the saves folder: its record holds it
    assert latest_unfinished() is None
    assert done.record_path.parent == paths.records_dir()
    replay = load_record(done.record_path)
    assert replay.length == len(state.history) and replay.info.finished
    stats, warnings = load_stats()
    assert warnings == [] and sorted(s.name for s in stats) == ["Ada", "Ann", "Ben", "Cleo"]
    with pytest.raises(ValueError, match="not over"):
        finish_game(midgame())


def test_a_file_that_is_not_cardtables_is_refused_and_left_untouched(tmp_path: Path) -> None:
    foreign = tmp_path / "passwd"
    foreign.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        load_save(foreign)
    message = str(info.value)
    assert "\n" not in message and message.endswith("the file was left as it is")
    assert foreign.read_text(encoding="utf-8") == "root:x:0:0:root:/root:/bin/bash\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["passwd"]


@pytest.mark.parametrize(
    "text",
    [
        "notes about the cardtable-save format, and nothing else\n",  # the marker as a substring
        (ROOT / "cardtable" / "engine" / "saves.py").read_text(encoding="utf-8"),  # a copy of the code
        json.dumps({"notes": "cardtable-save", "format": "cardtable-savefile"}),
    ],
    ids=["notes", "saves.py", "json-mentioning-the-format"],
)
def test_a_file_mentioning_the_save_format_is_not_taken_for_a_save(tmp_path: Path, text: str) -> None:
    """Found: `resume` searched the first 4 KB for the marker and renamed such files."""
    path = tmp_path / "some_notes.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError, match="left as it is$"):
        load_save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["some_notes.txt"]
    assert path.read_text(encoding="utf-8") == text


def test_a_damaged_cardtable_save_outside_the_data_dir_is_left_where_it_is(tmp_path: Path) -> None:
    from cardtable.games import get_rules

    path = tmp_path / "mine.json"
    state = get_rules("durak").new_game(players=2, seed=4)
    text = state.to_json()[:-30]
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError, match="corrupt or truncated JSON.*left as it is$"):
        load_save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["mine.json"] and path.read_text(encoding="utf-8") == text
    data = json.loads(state.to_json())
    data["actions"] = [[0, "ZZ"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError, match="action 1.*left as it is$"):
        load_save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["mine.json"]


def test_a_save_from_before_the_format_field_still_loads_by_its_shape(tmp_path: Path) -> None:
    state = midgame("hearts")
    data = json.loads(state.to_json())
    del data["format"], data["version"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_save(path).history == state.history


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "fifo"])
def test_only_regular_files_are_read(tmp_path: Path, special: str) -> None:
    """Found: `cardtable resume /dev/zero` read forever."""
    path = Path(special)
    if special == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)  # opening it for reading would wait for a writer
    with pytest.raises(SaveFileError, match="not a regular file$") as info:
        load_save(path)
    assert "\n" not in str(info.value)
    assert path.exists()


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(paths.MAX_FILE_BYTES + 1)  # sparse: no disk used
    with pytest.raises(SaveFileError, match="larger than 16 MB$"):
        load_save(path)
    assert path.stat().st_size == paths.MAX_FILE_BYTES + 1


def test_a_remembered_named_save_is_not_trusted_once_another_file_took_its_place(tmp_path: Path) -> None:
    named = tmp_path / "friday.json"
    save_game(midgame("durak"), named)
    assert latest_unfinished() == named.resolve()
    other = midgame("president")  # another game written over it by hand
    other.meta["save_id"] = "fedc0000"
    named.write_text(other.to_json(), encoding="utf-8")
    assert latest_unfinished() is None
    named.write_text("my shopping list", encoding="utf-8")
    assert latest_unfinished() is None
    assert named.read_text(encoding="utf-8") == "my shopping list"


def test_an_unnamed_seat_is_shown_in_the_language_and_written_in_english() -> None:
    """A record without names (``simulate``, Python) seats ``Player 1``...: a label
    shows it in the reader's language; what is written to a file does not change."""
    from cardtable.games import get_rules
    from cardtable.lang import use_language
    from cardtable.userdata.records import record_data

    state = get_rules("durak").new_game(players=2, seed=1)
    english = [seat.label for seat in seats_of(state)]
    use_language("pl")
    try:
        assert [seat.label for seat in seats_of(state)] == ["Gracz 1 (nieznany)", "Gracz 2 (nieznany)"]
        assert [seat.name for seat in seats_of(state)] == ["Player 1", "Player 2"]
        assert record_data(state)["record"]["players"][0]["name"] == "Player 1"
    finally:
        use_language("en")
    assert english == ["Player 1 (unknown)", "Player 2 (unknown)"]
