"""Settings: a round trip through TOML, and a one-line warning for every bad value."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cardtable.userdata.paths import settings_path
from cardtable.userdata.settings import NAME_LIMIT, Settings, load_settings, save_settings, toml_text


def write(text: str) -> Path:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_no_file_means_defaults_and_no_warnings() -> None:
    assert load_settings() == (Settings(), [])
    assert not settings_path().exists()


def test_round_trip_of_every_setting() -> None:
    chosen = Settings(
        bot_speed="slow",
        four_colour_deck=True,
        ascii_suits=True,
        default_player_name='Zoë "\\ok" #1',
        default_bot_level="hard",
        confirm_before_play=True,
    )
    path = save_settings(chosen)
    assert path == settings_path()
    assert load_settings() == (chosen, [])
    assert tomllib.loads(path.read_text(encoding="utf-8"))["default_player_name"] == 'Zoë "\\ok" #1'


names = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Cf", "Co", "Cn")),
    min_size=1,
    max_size=NAME_LIMIT,
).filter(lambda name: name == name.strip() and name.isprintable())


@hypothesis_settings(max_examples=60, deadline=None)
@given(name=names, speed=st.sampled_from(["fast", "normal", "slow"]), flag=st.booleans())
def test_any_valid_name_survives_the_file(name: str, speed: str, flag: bool) -> None:
    chosen = Settings(bot_speed=speed, default_player_name=name, ascii_suits=flag)
    assert tomllib.loads(toml_text(chosen))["default_player_name"] == name
    save_settings(chosen)
    assert load_settings() == (chosen, [])


BAD_VALUES = [
    ('bot_speed = "warp"', 'bot_speed must be one of "fast", "normal", "slow", not "warp"; using "normal"'),
    ("bot_speed = 3", 'bot_speed must be one of "fast", "normal", "slow", not 3; using "normal"'),
    ('four_colour_deck = "yes"', 'four_colour_deck must be true or false, not "yes"; using false'),
    ("ascii_suits = 1", "ascii_suits must be true or false, not 1; using false"),
    ("default_player_name = 42", 'default_player_name must be text in quotes, not 42; using "You"'),
    ('default_player_name = ""', 'default_player_name: the name is empty; using "You"'),
    ('default_player_name = " Ann"', 'default_player_name: the name starts or ends with a space; using "You"'),
    (
        'default_player_name = "Bartholomew the Third"',
        "default_player_name: the name 'Bartholomew the Third' is 21 characters long, more than 16; using \"You\"",
    ),
    ('default_player_name = "A\\u0007"', "default_player_name: the name 'A\\x07' has a control character (\\x07); using \"You\""),
    ('default_player_name = "A\\nB"', "default_player_name: the name 'A\\x0aB' is not one line; using \"You\""),
    (
        'default_player_name = "[/x]\\u001b[2J"',
        "default_player_name: the name '[/x]\\x1b[2J' has a control character (\\x1b); using \"You\"",
    ),
    ('default_bot_level = "expert"', 'default_bot_level must be one of "easy", "normal", "hard", not "expert"; using "normal"'),
    ("default_bot_level = [1, 2]", 'default_bot_level must be one of "easy", "normal", "hard", not a list; using "normal"'),
    ("confirm_before_play = 0.5", "confirm_before_play must be true or false, not 0.5; using false"),
    ("[confirm_before_play]", "confirm_before_play must be true or false, not a dict; using false"),
    ("volume = 11", "unknown setting 'volume'"),
]


@pytest.mark.parametrize("line, warning", BAD_VALUES)
def test_every_invalid_value_gets_a_warning_and_the_default(line: str, warning: str) -> None:
    # A good value beside the bad one is still read.
    write(f'ascii_suits = true\n{line}\n' if not line.startswith("ascii") else f'bot_speed = "fast"\n{line}\n')
    loaded, warnings = load_settings()
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert warnings[0].startswith("settings.toml: ") and warning in warnings[0]
    if line.startswith("ascii"):
        assert loaded == Settings(bot_speed="fast")
    else:
        assert loaded == Settings(ascii_suits=True)


def test_several_bad_values_give_one_warning_each() -> None:
    write('bot_speed = "warp"\ndefault_bot_level = "god"\nfour_colour_deck = true\n')
    loaded, warnings = load_settings()
    assert loaded == Settings(four_colour_deck=True)
    assert len(warnings) == 2


@pytest.mark.parametrize("text", ['bot_speed = "fast', "= = =", "bot_speed = 'a'\nbot_speed = 'b'"])
def test_a_file_that_is_not_toml_gives_one_warning(text: str) -> None:
    write(text)
    loaded, warnings = load_settings()
    assert loaded == Settings()
    assert len(warnings) == 1 and "not valid TOML" in warnings[0] and "\n" not in warnings[0]


def test_an_unreadable_file_gives_one_warning() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'bot_speed = "\xff"')
    loaded, warnings = load_settings()
    assert loaded == Settings() and len(warnings) == 1 and "cannot be read" in warnings[0]
    path.unlink()
    path.mkdir()
    loaded, warnings = load_settings()
    assert loaded == Settings() and len(warnings) == 1


def test_saving_over_a_broken_file_keeps_it_aside() -> None:
    path = write("this is [not toml")
    save_settings(Settings(bot_speed="fast"))
    kept = list(path.parent.glob("settings.invalid-*.toml"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "this is [not toml"
    assert load_settings() == (Settings(bot_speed="fast"), [])


def test_settings_refuse_bad_values_in_python() -> None:
    with pytest.raises(ValueError, match="bot_speed"):
        Settings(bot_speed="warp")
    with pytest.raises(ValueError, match="default_bot_level"):
        Settings().replace(default_bot_level="random")
    assert Settings().replace(ascii_suits=True).ascii_suits
    assert dataclasses.is_dataclass(Settings) and Settings.__dataclass_params__.frozen


@pytest.mark.parametrize(
    "text",
    [
        "bot_speed = " + "[" * 5000 + "]" * 5000 + "\n",  # found: a RecursionError traceback
        "a = " + "{ b = " * 3000 + "1" + " }" * 3000 + "\n",
    ],
    ids=["deep-array", "deep-inline-tables"],
)
def test_deeply_nested_settings_give_a_warning_and_the_defaults(text: str) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(text, encoding="utf-8")
    settings, warnings = load_settings()
    assert settings == Settings()
    assert len(warnings) == 1 and "using the default settings" in warnings[0] and "\n" not in warnings[0]
    save_settings(Settings(bot_speed="fast"))  # saving keeps the odd file aside
    assert load_settings() == (Settings(bot_speed="fast"), [])
    assert [p.read_text(encoding="utf-8") for p in settings_path().parent.glob("settings.invalid-*")] == [text]


def test_a_settings_path_that_is_not_a_regular_file_gives_the_defaults() -> None:
    import os

    settings_path().parent.mkdir(parents=True)
    os.mkfifo(settings_path())  # reading it would wait for a writer forever
    settings, warnings = load_settings()
    assert settings == Settings() and warnings == [
        "settings.toml: cannot be read (it is not a regular file); using the default settings"
    ]


def test_thinking_time_is_one_of_four_and_a_bad_one_warns() -> None:
    save_settings(Settings(think_seconds=2.0))
    assert load_settings() == (Settings(think_seconds=2.0), [])
    write("think_seconds = 5\n")  # a TOML integer is fine
    assert load_settings() == (Settings(think_seconds=5.0), [])
    write("think_seconds = 3\n")
    settings, warnings = load_settings()
    assert settings.think_seconds == 0.5
    assert warnings == ["settings.toml: think_seconds must be one of 0.5, 1, 2, 5, not 3; using 0.5"]
    write("think_seconds = true\n")
    assert load_settings()[0].think_seconds == 0.5
    with pytest.raises(ValueError):
        Settings(think_seconds=0.1)


def test_bot_cores_is_1_or_2_and_a_bad_one_warns() -> None:
    assert Settings().bot_cores == 2
    save_settings(Settings(bot_cores=1))
    assert load_settings() == (Settings(bot_cores=1), [])
    for bad, shown in (("3", "3"), ("true", "true"), ('"2"', '"2"'), ("2.0", "2.0")):
        write(f"bot_cores = {bad}\n")
        settings, warnings = load_settings()
        assert settings.bot_cores == 2
        assert warnings == [f"settings.toml: bot_cores must be 1 or 2, not {shown}; using 2"]
    with pytest.raises(ValueError):
        Settings(bot_cores=0)
