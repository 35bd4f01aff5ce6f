"""One save per unfinished game: the list, `resume --list / ID / --delete`, locks, migration."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.engine.errors import SaveFileError
from cardtable.userdata import paths
from cardtable.userdata.paths import HOME_ENV, autosave_path, saves_dir
from cardtable.userdata.savefiles import load_save, save_game
from cardtable.userdata.slots import GameOpenElsewhere, GameSlot, find_game, moved_in, unfinished_games

from .helpers import finished_game, new_game, pure_choice

ROOT = Path(__file__).resolve().parents[2]


def started(game: str, seed: int, moves: int = 4) -> GameSlot:
    """A game with its own save, as the app makes one, closed again."""
    state = new_game(game, seed)
    for _ in range(moves):
        state.apply(pure_choice(state, seed))
    while not moved_in(state):  # a game no person moved in is not listed
        state.apply(pure_choice(state, seed))
    slot = GameSlot.new(state)
    slot.close()
    return slot


def _age(path: Path, seconds: float) -> None:
    stamp = path.stat().st_mtime - seconds
    os.utime(path, (stamp, stamp))


def test_every_game_has_its_own_save_listed_newest_first() -> None:
    hearts, durak, president = started("hearts", 1), started("durak", 2), started("president", 3)
    _age(hearts.path, 30)
    _age(president.path, 20)
    games, messages = unfinished_games()
    assert messages == []
    assert [game.save_id for game in games] == [durak.save_id, president.save_id, hearts.save_id]
    assert [game.path.name for game in games] == [f"{game.save_id}.json" for game in games]
    hearts_entry = games[2]
    assert hearts_entry.title == "Hearts" and hearts_entry.round == 1 and hearts_entry.moves == 4
    assert hearts_entry.players == "Ann, Ada (normal), Ben (normal), Cleo (normal)"
    assert hearts_entry.describe().startswith("Hearts · Ann, Ada, Ben, Cleo · hand 1 · today ")


def test_a_finished_game_is_not_listed() -> None:
    slot = started("durak", 2)
    state = finished_game("durak", 5)
    save_game(state, slot.path)
    assert unfinished_games()[0] == []


def test_cli_resume_list_and_delete(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume", "--list"]) == 0
    assert "No unfinished games" in capsys.readouterr().out
    hearts, durak = started("hearts", 1), started("durak", 2)
    _age(hearts.path, 30)
    assert main(["resume", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "game", "players", "at", "saved"]
    assert lines[1].startswith(durak.save_id) and "Durak" in lines[1] and "round 1" in lines[1]
    assert lines[2].startswith(hearts.save_id) and "Hearts" in lines[2] and "Ann, Ada (normal)" in lines[2]
    assert "hand 1" in lines[2]
    assert main(["resume", "--delete", hearts.save_id]) == 0
    assert capsys.readouterr().out.startswith(f"Deleted the Hearts game {hearts.save_id} (")
    assert not hearts.path.exists() and durak.path.exists()
    assert main(["resume", "--delete", hearts.save_id]) == 2
    assert capsys.readouterr().err == (
        f"cardtable: no unfinished game with the id {hearts.save_id}; see 'cardtable resume --list'\n"
    )
    assert main(["resume", "deadbeef"]) == 2
    assert "no unfinished game with the id deadbeef" in capsys.readouterr().err
    assert main(["resume", "--list", "--delete", durak.save_id]) == 2


def test_delete_refuses_a_game_open_elsewhere(capsys: pytest.CaptureFixture[str]) -> None:
    slot = started("durak", 2)
    holder, _ = GameSlot.open(slot.path)
    try:
        assert main(["resume", "--delete", slot.save_id]) == 2
        assert capsys.readouterr().err == (
            f"cardtable: the game {slot.save_id} is already open in another cardtable; close it there first\n"
        )
        assert slot.path.exists()
    finally:
        holder.close()


def test_a_named_save_is_listed_and_delete_only_forgets_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = new_game("durak", 3)
    while not moved_in(state):
        state.apply(pure_choice(state, 3))
    named = tmp_path / "friday.json"
    slot = GameSlot.new(state, named)
    slot.close()
    games, _ = unfinished_games()
    assert [game.path for game in games] == [named.resolve()] and games[0].named
    assert main(["resume", "--delete", slot.save_id]) == 0
    assert "its file" in capsys.readouterr().out and named.exists()
    assert unfinished_games()[0] == []


def test_a_named_new_save_never_replaces_a_file(tmp_path: Path) -> None:
    named = tmp_path / "mine.json"
    named.write_text("precious", encoding="utf-8")
    with pytest.raises(SaveFileError, match="the file exists and is not a save of this game"):
        GameSlot.new(new_game("durak", 3), named)
    assert named.read_text(encoding="utf-8") == "precious"


def test_the_second_open_of_a_game_is_refused() -> None:
    slot = started("hearts", 1)
    first, state = GameSlot.open(slot.path)
    with pytest.raises(GameOpenElsewhere, match=f"^the game {slot.save_id} is already open in another cardtable"):
        GameSlot.open(slot.path)
    assert [game.open_elsewhere for game in unfinished_games()[0]] == [True]
    first.close()
    second, again = GameSlot.open(slot.path)
    assert again.history == state.history
    second.close()


HOLDER = """
import sys, time
sys.path.insert(0, {root!r})
from cardtable.userdata.slots import GameSlot
slot, state = GameSlot.open({path!r})
print("open", flush=True)
sys.stdin.readline()
"""


def test_two_resumes_of_the_same_game_second_refused_in_one_line(cardtable_home: Path) -> None:
    slot = started("hearts", 1)
    env = dict(os.environ, **{HOME_ENV: str(cardtable_home)})
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER.format(root=str(ROOT), path=str(slot.path))],
        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout.readline() == "open\n"
        second = subprocess.run(
            [sys.executable, "-m", "cardtable", "resume", slot.save_id],
            env=dict(env, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=60,
        )
        assert second.returncode == 2
        assert second.stderr == (
            f"cardtable: the game {slot.save_id} is already open in another cardtable; close it there first\n"
        )
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


def test_the_old_single_autosave_becomes_a_game_of_its_own() -> None:
    state = new_game("president", 4)
    for _ in range(5):
        state.apply(pure_choice(state, 4))
    text = state.to_json()  # as cardtable 0.1 wrote it: no id
    autosave_path().parent.mkdir(parents=True)
    autosave_path().write_text(text, encoding="utf-8")
    games, messages = unfinished_games()
    assert messages == [] and len(games) == 1 and not autosave_path().exists()
    assert games[0].path.read_text(encoding="utf-8") == text  # moved, not rewritten
    slot, loaded = GameSlot.open(games[0].path)
    assert loaded.history == state.history and slot.save_id == games[0].save_id
    slot.close()


def test_an_autosave_that_is_not_a_save_is_not_migrated() -> None:
    autosave_path().parent.mkdir(parents=True)
    autosave_path().write_text(json.dumps({"hello": "world"}), encoding="utf-8")
    assert unfinished_games() == ([], [])
    assert autosave_path().read_text(encoding="utf-8") == '{"hello": "world"}'


def test_find_game_by_id() -> None:
    slot = started("durak", 2)
    assert find_game(slot.save_id).path == slot.path
    assert find_game(slot.save_id.upper()).path == slot.path
    assert find_game("00000000") is None
    assert load_save(slot.path).meta["save_id"] == slot.save_id
    assert paths.locks_dir().is_dir() and saves_dir().is_dir()
