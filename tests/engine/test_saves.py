"""Save files: exact round trips, and a clear one-line refusal for every kind of damage.

These tests drive President, the first complete game; the refusals are generic
(they live in cardtable.engine.saves) and hold for every game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardtable import SaveFileError, get_rules, load_game
from cardtable.engine.saves import FORMAT, FORMAT_VERSION, save_data
from cardtable.engine.state import GameState


def president_midgame(actions: int = 9, seed: int = 5) -> GameState:
    state = get_rules("president").new_game(players=4, seed=seed, rounds=2)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.fixture
def save() -> dict[str, Any]:
    return json.loads(president_midgame().to_json())


def refused(text: str | bytes, expected_game: str | None = None) -> str:
    with pytest.raises(SaveFileError) as info:
        load_game(text, expected_game=expected_game)
    message = str(info.value)
    assert "\n" not in message
    return message


def edited(save: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> str:
    change(save)
    return json.dumps(save)


# --- round trips ----------------------------------------------------------------

def test_save_shape(save: dict[str, Any]) -> None:
    assert save["format"] == FORMAT == "cardtable-save"
    assert save["version"] == FORMAT_VERSION
    assert save["game"] == "president"
    assert save["players"] == 4 and save["seed"] == 5
    assert save["options"] == {"rounds": 2, "revolution": True}
    assert save["deck"] is None
    assert len(save["actions"]) == 9
    assert all(isinstance(seat, int) and isinstance(text, str) for seat, text in save["actions"])


def test_mid_game_round_trip_is_exact_and_continues_identically() -> None:
    original = president_midgame(actions=23)
    original.meta = {"names": ["Ann", "Bo", "Cy", "Di"]}
    loaded = load_game(original.to_json())
    assert loaded.to_json() == original.to_json()
    assert loaded.history == original.history
    assert loaded.meta == original.meta
    for seat in range(4):
        assert loaded.observation(seat).to_dict() == original.observation(seat).to_dict()
        assert loaded.hand(seat) == original.hand(seat)
    rng = random.Random(99)
    while not original.is_over:
        legal = original.legal_actions()
        assert loaded.legal_actions() == legal
        action = legal[rng.randrange(len(legal))]
        original.apply(action)
        loaded.apply(action)
    assert loaded.is_over
    assert loaded.outcome() == original.outcome()


def test_round_trip_with_an_explicit_deck() -> None:
    rules = get_rules("president")
    deck = " ".join(str(card) for card in reversed(rules.deck))
    state = rules.new_game(players=5, seed=3, deck=deck)
    state.apply(state.legal_actions()[-1])
    data = json.loads(state.to_json())
    assert data["deck"] == deck
    loaded = rules.from_json(state.to_json())
    assert [loaded.hand(seat) for seat in range(5)] == [state.hand(seat) for seat in range(5)]
    assert loaded.to_json() == state.to_json()


def test_finished_game_round_trips() -> None:
    state = president_midgame(actions=0)
    rng = random.Random(1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    loaded = load_game(state.to_json())
    assert loaded.is_over
    assert loaded.outcome() == state.outcome()


def test_bytes_are_accepted(save: dict[str, Any]) -> None:
    loaded = load_game(json.dumps(save).encode("utf-8"))
    assert len(loaded.history) == 9


def test_save_data_matches_to_json() -> None:
    state = president_midgame()
    assert json.loads(state.to_json()) == save_data(state)


# --- refusals -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "hello", "{", "[1, 2", "{'format': 1}", "nul"])
def test_not_json(text: str) -> None:
    assert refused(text).startswith("not a valid save (corrupt or truncated JSON:")


def test_truncated_file() -> None:
    text = president_midgame().to_json()
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        assert refused(text[:cut]).startswith("not a valid save (corrupt or truncated JSON:")


def test_not_utf8() -> None:
    assert refused(b"{\"format\": \"\x80\x81\"}") == "not a valid save (not UTF-8 text)"


@pytest.mark.parametrize(
    "value",
    [[], [1, 2], "cardtable-save", 42, None, {"format": "other-save", "version": 1}, {"version": 1}],
)
def test_wrong_format_marker(value: Any) -> None:
    assert refused(json.dumps(value)) == "not a cardtable save file"


def test_missing_or_bad_version(save: dict[str, Any]) -> None:
    for version in (None, "1", True, 1.5):
        save["version"] = version
        assert refused(json.dumps(save)) == "save file has no format version"
    del save["version"]
    assert refused(json.dumps(save)) == "save file has no format version"


def test_newer_version(save: dict[str, Any]) -> None:
    text = edited(save, lambda s: s.update(version=FORMAT_VERSION + 1))
    assert refused(text) == (
        f"save file is from a newer cardtable (format {FORMAT_VERSION + 1}; "
        f"this version reads up to {FORMAT_VERSION})"
    )


@pytest.mark.parametrize("game", ["chess", "", None, 3, ["president"]])
def test_unknown_game(save: dict[str, Any], game: Any) -> None:
    assert refused(edited(save, lambda s: s.update(game=game))) == (
        f"save file is for an unknown game {game!r}"
    )


def test_save_for_another_game(save: dict[str, Any]) -> None:
    text = json.dumps(save)
    assert refused(text, expected_game="hearts") == "save file is for 'president', not 'hearts'"
    with pytest.raises(SaveFileError, match="save file is for 'president', not 'durak'"):
        get_rules("durak").from_json(text)


def test_bad_action_text_in_the_list(save: dict[str, Any]) -> None:
    save["actions"][4][1] = "ZZ"
    message = refused(json.dumps(save))
    assert message.startswith("save file is damaged: action 5 ('ZZ'): ")
    assert "'ZZ' is not a card" in message


def test_illegal_action_in_the_list(save: dict[str, Any]) -> None:
    # Seat 0 leads the first trick; passing is not allowed when leading.
    save["actions"][0][1] = "pass"
    message = refused(json.dumps(save))
    assert message.startswith("save file is damaged: action 1 ('pass'): ")


def test_action_of_another_game_in_the_list(save: dict[str, Any]) -> None:
    save["actions"][0][1] = "defend 7H 9H"
    message = refused(json.dumps(save))
    assert message.startswith("save file is damaged: action 1 ('defend 7H 9H'): ")
    assert "not a President action" in message


def test_action_by_the_wrong_seat(save: dict[str, Any]) -> None:
    seat, text = save["actions"][0]
    save["actions"][0] = [seat + 1, text]
    assert refused(json.dumps(save)) == (
        f"save file is damaged: action 1 ({text!r}) is by seat {seat + 1}, but seat {seat} was to act"
    )


def test_actions_after_the_end() -> None:
    state = president_midgame(actions=0)
    rng = random.Random(2)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    save = json.loads(state.to_json())
    save["actions"].append([0, "pass"])
    message = refused(json.dumps(save))
    assert message.startswith(f"save file is damaged: action {len(save['actions'])} ('pass')")


@pytest.mark.parametrize("entry", [["3C"], [0], [0, "3C", 1], "3C", [None, "3C"], [0, 3], {"seat": 0}])
def test_malformed_action_entries(save: dict[str, Any], entry: Any) -> None:
    save["actions"][2] = entry
    assert refused(json.dumps(save)) == "save file is damaged: action 3 is not [seat, action]"


@pytest.mark.parametrize(
    "key, value",
    [("options", []), ("options", "rounds=2"), ("actions", {}), ("actions", None), ("meta", [1])],
)
def test_sections_of_the_wrong_type(save: dict[str, Any], key: str, value: Any) -> None:
    save[key] = value
    assert refused(json.dumps(save)) == (
        "save file is damaged: options, actions or meta have the wrong type"
    )


@pytest.mark.parametrize(
    "change, message",
    [
        ({"players": 9}, "save file is damaged: President is for 3 to 6 players, not 9"),
        ({"players": "4"}, "save file is damaged: players must be a whole number, not '4'"),
        ({"seed": "five"}, "save file is damaged: seed must be a whole number, not 'five'"),
        ({"options": {"rounds": 0, "revolution": True}}, "save file is damaged: option rounds must be at least 1, not 0"),
        ({"options": {"jokers": True}}, "save file is damaged: President has no option 'jokers' (its options: rounds, revolution)"),
        ({"deck": "2C 3C"}, "save file is damaged: bad deck: 2 cards given, 52 needed; missing 2D 2H 2S 3D 3H ..."),
    ],
)
def test_bad_settings(save: dict[str, Any], change: dict[str, Any], message: str) -> None:
    save.update(change)
    assert refused(json.dumps(save)) == message


def test_missing_settings(save: dict[str, Any]) -> None:
    del save["players"]
    assert refused(json.dumps(save)) == (
        "save file is damaged: players must be a whole number, not None"
    )


def test_refusals_are_value_errors() -> None:
    with pytest.raises(ValueError):
        load_game("{")
