"""An open game's save grows by a line a move (:class:`SaveJournal`): it loads as the
whole game, survives a kill in the middle of an append, and refuses damage in one line."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.engine.errors import SaveFileError
from cardtable.engine.saves import parse_save_text
from cardtable.userdata import paths, savefiles
from cardtable.userdata.meta import mark_undo
from cardtable.userdata.paths import HOME_ENV
from cardtable.userdata.records import load_record
from cardtable.userdata.savefiles import SaveJournal, forget_loaded_games, load_save, set_seats
from cardtable.userdata.slots import GameSlot, unfinished_games

from .helpers import SHORT_GAMES, finished_game, new_game, play_to_end, pure_choice

ROOT = Path(__file__).resolve().parents[2]
OLD_SAVE = Path(__file__).with_name("data") / "save-format-1-hearts.json"
"""A Hearts game 70 moves in, saved whole by the cardtable of before the journal."""


def journalled(game: str, seed: int, moves: int, path: Path) -> tuple[GameSlot, object]:
    """A game in its slot at ``path``, saved after each of ``moves`` moves as the app does."""
    state = new_game(game, seed)
    slot = GameSlot.new(state, path)
    for _ in range(moves):
        state.apply(pure_choice(state, seed))
        assert slot.save(state) == []
    return slot, state


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_a_journalled_save_loads_as_the_whole_game(game: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    slot, state = journalled(game, 3, 60, path)
    slot.close()
    # The snapshot written at the first save, then one line per move after it.
    lines = lines_of(path)
    assert json.loads(lines[0])["format"] == "cardtable-save"
    assert json.loads(lines[-1]) == [60, state.history[-1][0], str(state.history[-1][1])]
    loaded = load_save(path)
    assert loaded.history == state.history and loaded.events == state.events
    assert loaded.meta == state.meta and loaded.outcome() == state.outcome()
    # It plays on exactly as the game it was.
    play_to_end(loaded, 3)
    assert loaded.history == finished_game(game, 3).history


def test_an_append_costs_a_line_not_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    slot, state = journalled("hearts", 2, 30, path)
    before = path.read_bytes()
    state.apply(pure_choice(state, 2))
    slot.save(state)
    after = path.read_bytes()
    assert after.startswith(before) and after[len(before):] == f'[31,{state.history[-1][0]},"{state.history[-1][1]}"]\n'.encode()
    slot.close()


def test_every_cut_of_the_last_line_loads_what_came_before(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    slot, state = journalled("durak", 5, 12, path)
    slot.close()
    whole = path.read_bytes()
    last = whole.rstrip(b"\n").rsplit(b"\n", 1)[1] + b"\n"
    for cut in range(len(whole) - len(last), len(whole) + 1):
        path.write_bytes(whole[:cut])
        loaded = load_save(path, set_aside_damaged=False)
        # Killed during the append: the move is lost or whole, never a crash.
        assert loaded.history in (state.history, state.history[:-1])
    assert path.read_bytes() == whole


def test_a_meta_change_and_an_undo_are_saved(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    slot, state = journalled("president", 4, 10, path)
    set_seats(state, [("Zoe", "human"), ("Ada", "hard"), ("Ben", "easy"), ("Cleo", "normal")])
    slot.save(state)
    assert json.loads(lines_of(path)[-1]) == {"meta": state.meta}
    assert load_save(path).meta == state.meta
    # An undo replaces the game with a shorter one: the save is written whole again.
    undone = new_game("president", 4)
    for _, action in state.history[:6]:
        undone.apply(action)
    undone.meta = dict(state.meta)
    mark_undo(undone)
    slot.save(undone)
    assert len(lines_of(path)) == 1
    assert load_save(path).history == undone.history and load_save(path).meta["undo_used"] is True
    slot.close()


def test_a_save_deleted_or_cut_while_playing_is_written_whole_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    slot, state = journalled("hearts", 4, 10, path)
    path.unlink()  # someone deleted it: the next save puts the whole game back, as before
    state.apply(pure_choice(state, 4))
    assert slot.save(state) == []
    assert len(lines_of(path)) == 1 and load_save(path).history == state.history
    real_append = savefiles._append

    def half_append(target: Path, text: str) -> None:
        real_append(target, text[: len(text) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savefiles, "_append", half_append)  # a full disk took half a line
    state.apply(pure_choice(state, 4))
    slot.save(state)
    assert len(lines_of(path)) == 1 and load_save(path).history == state.history
    slot.close()


def test_the_snapshot_is_written_again_once_the_journal_is_as_long(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SaveJournal, "MIN_JOURNAL", 8)
    path = tmp_path / "game.json"
    slot, state = journalled("hearts", 6, 200, path)
    slot.close()
    lines = lines_of(path)
    snapshot = json.loads(lines[0])
    # A journal never grows longer than the snapshot it follows (or MIN_JOURNAL lines).
    assert len(lines) - 1 <= max(8, len(snapshot["actions"]))
    assert len(snapshot["actions"]) > 100
    assert load_save(path).history == state.history


def test_a_save_of_the_format_before_the_journal_loads_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    shutil.copy(OLD_SAVE, path)
    slot, state = GameSlot.open(path)
    assert len(state.history) == 70 and state.meta["save_id"] == "5a7e0001"
    reference = new_game("hearts", 7)
    for _ in range(70):
        reference.apply(pure_choice(reference, 7))
    assert state.history == reference.history and state.events == reference.events
    for _ in range(5):  # the first save writes it whole, the next ones append
        state.apply(pure_choice(state, 7))
        slot.save(state)
    slot.close()
    assert len(lines_of(path)) == 5 and load_save(path).history == state.history


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("[99,0,\"pass\"]", "journal line 13 holds action 99, not action 13"),
        ("{\"meta\": 3}", "journal line 13 is not [number, seat, action]"),
        ("not json", "line 13 is not JSON"),
        ("[13,0,7]", "journal line 13 has no action"),
    ],
)
def test_a_damaged_journal_line_is_refused_in_one_line(tmp_path: Path, line: str, reason: str) -> None:
    path = tmp_path / "game.json"
    slot, state = journalled("durak", 5, 12, path)
    slot.close()
    text = path.read_text(encoding="utf-8") + line + "\n" + "[13,0,\"pass\"]\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        load_save(path)
    message = str(info.value)
    assert reason in message and "\n" not in message and "left as it is" in message
    assert path.read_text(encoding="utf-8") == text  # the player's file, untouched


def test_an_action_the_rules_refuse_in_the_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    slot, state = journalled("durak", 5, 12, path)
    slot.close()
    with path.open("a", encoding="utf-8") as handle:
        handle.write(f'[13,{state.current_player},"play AS"]\n')
    with pytest.raises(SaveFileError, match=r"action 13 \('play AS'\)"):
        load_save(path)


def test_a_damaged_journal_in_the_saves_folder_is_set_aside() -> None:
    state = new_game("hearts", 8)
    slot = GameSlot.new(state)
    for _ in range(6):
        state.apply(pure_choice(state, 8))
        slot.save(state)
    slot.close()
    with slot.path.open("a", encoding="utf-8") as handle:
        handle.write("garbage\n")
    games, messages = unfinished_games()
    assert games == [] and len(messages) == 1 and "line 7 is not JSON" in messages[0] and "kept as" in messages[0]
    assert not slot.path.exists() and len(list(paths.saves_dir().glob(f"{slot.save_id}.corrupt-*.json"))) == 1


def test_a_foreign_document_followed_by_lines_is_no_save(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"shopping": ["eggs"]}\n[1, 0, "pass"]\n', encoding="utf-8")
    with pytest.raises(SaveFileError, match="not a valid save"):
        load_save(path)
    with pytest.raises(SaveFileError):
        parse_save_text('{"format": "cardtable-save", "actions": []} [1, 0, "pass"]\n')


def test_the_command_line_refuses_a_damaged_journal_with_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    slot, _ = journalled("president", 2, 8, path)
    slot.close()
    with path.open("a", encoding="utf-8") as handle:
        handle.write("[1,0,\"pass\"]\n")
    before = path.read_bytes()
    for command in ("resume", "replay"):
        code = main([command, str(path)])
        out, err = capsys.readouterr()
        assert code == 2 and out == "", (command, err)
        assert err.startswith("cardtable: ") and err.count("\n") == 1 and "holds action 1, not action 9" in err
    assert path.read_bytes() == before


def test_a_journalled_unfinished_game_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    slot, state = journalled("hearts", 9, 40, path)
    slot.close()
    replay = load_record(path)
    assert replay.length == 40 and replay.state_at(40).history == state.history


KILLED_PLAYER = """
import sys, time
from pathlib import Path
sys.path.insert(0, {root!r})
from tests.userdata.helpers import new_game, pure_choice
from cardtable.userdata.slots import GameSlot
state = new_game("hearts", 5)
slot = GameSlot.new(state, Path({path!r}))
while not state.is_over:
    state.apply(pure_choice(state, 5))
    slot.save(state)
    time.sleep(0.002)
"""


def test_a_journal_killed_mid_game_resumes_identically(cardtable_home: Path, tmp_path: Path) -> None:
    path = tmp_path / "killed.json"
    reference = finished_game("hearts", 5)
    env = dict(os.environ, **{HOME_ENV: str(cardtable_home)})
    process = subprocess.Popen([sys.executable, "-c", KILLED_PLAYER.format(root=str(ROOT), path=str(path))], env=env)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if len(path.read_bytes().splitlines()) >= 40:
                    break
            except OSError:
                pass
            time.sleep(0.005)
        else:
            pytest.fail("the player process wrote no journal")
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    slot, resumed = GameSlot.open(path)
    assert len(resumed.history) >= 39 and resumed.history == reference.history[: len(resumed.history)]
    play_to_end(resumed, 5, after_each=lambda state: slot.save(state))
    slot.close()
    assert resumed.history == reference.history and resumed.outcome() == reference.outcome()
    assert load_save(path).history == reference.history


def test_the_same_bytes_load_once_and_each_caller_gets_its_own_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.userdata import savefiles

    path = tmp_path / "game.json"
    slot, state = journalled("president", 7, 20, path)
    slot.close()
    replays: list[object] = []
    real = savefiles.state_from_data
    monkeypatch.setattr(savefiles, "state_from_data", lambda data: replays.append(data) or real(data))
    first = load_save(path)
    first.meta["seats"][0]["name"] = "Changed"
    first.apply(first.legal_actions()[0])
    second = load_save(path)
    assert len(replays) == 1  # the second came from the first's copy, not from a replay
    assert second.history == state.history and second.meta == state.meta and second.events == state.events
    assert second.observation(1) == state.observation(1)
    play_to_end(second, 7)
    assert second.history == finished_game("president", 7).history
    # Other bytes are another game: loaded afresh.
    with path.open("a", encoding="utf-8") as handle:
        handle.write(f'[21,{state.current_player},"{pure_choice(state, 7)}"]\n')
    assert len(load_save(path).history) == 21 and len(replays) == 2
    forget_loaded_games()
    assert len(load_save(path).history) == 21 and len(replays) == 3
