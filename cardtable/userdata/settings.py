"""Settings: a small TOML file in the config directory, read forgivingly.

``settings.toml`` holds any of these keys (a missing key takes its default)::

    bot_speed = "normal"          # "fast", "normal" or "slow"
    four_colour_deck = false
    ascii_suits = false
    default_player_name = "You"
    default_bot_level = "normal"  # "easy", "normal" or "hard"
    confirm_before_play = false
    think_seconds = 0.5           # a hard bot's thinking time a move: 0.5, 1, 2 or 5
    bot_cores = 2                 # the most cores a hard bot thinks on: 1 or 2
    language = "auto"             # "auto" (the environment's) or en, nl, et, pl, bg

A bad value, an unknown key or a file that is not TOML never stops the app: each
problem becomes one warning line, and the default is used.

>>> import os, tempfile
>>> os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
>>> path = save_settings(Settings(bot_speed="fast", default_player_name='Zoë "Z"'))
>>> settings, warnings = load_settings()
>>> settings.bot_speed, settings.default_player_name, warnings
('fast', 'Zoë "Z"', [])
>>> _ = path.write_text('bot_speed = "warp"\\nascii_suits = 1\\n', encoding="utf-8")
>>> settings, warnings = load_settings()
>>> settings.bot_speed, settings.ascii_suits
('normal', False)
>>> for line in warnings: print(line)
settings.toml: bot_speed must be one of "fast", "normal", "slow", not "warp"; using "normal"
settings.toml: ascii_suits must be true or false, not 1; using false
>>> del os.environ["CARDTABLE_HOME"]
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.lang import AUTO, _, offered_languages
from cardtable.names import NAME_LIMIT, name_problem
from cardtable.userdata.paths import atomic_write_text, read_file_bytes, set_aside, settings_path

__all__ = [
    "Settings",
    "BOT_SPEEDS",
    "BOT_LEVELS",
    "THINK_TIMES",
    "BOT_CORES",
    "NAME_LIMIT",
    "load_settings",
    "save_settings",
    "check_setting",
    "toml_text",
]

BOT_SPEEDS = ("fast", "normal", "slow")
BOT_LEVELS = ("easy", "normal", "hard")
THINK_TIMES = (0.5, 1.0, 2.0, 5.0)
"""The seconds a hard bot may think a decision, the default first."""
BOT_CORES = (2, 1)
"""The most cores (search processes) a hard bot may think on, the default first."""


@dataclass(frozen=True)
class Settings:
    """The player's settings; every field has a default.

    - ``bot_speed``: how long bots wait before each move: ``fast``, ``normal``, ``slow``.
    - ``four_colour_deck``: clubs green and diamonds blue, so every suit has its colour.
    - ``ascii_suits``: plain ASCII: letters (C D H S) for suits, ``- | +`` for lines.
    - ``default_player_name``: the name a human seat gets unless another is given.
    - ``default_bot_level``: the level new bot seats start at: ``easy``, ``normal``, ``hard``.
    - ``confirm_before_play``: ask before a chosen card or set is played.
    - ``think_seconds``: how long a hard bot (and the hint) thinks a decision, one of
      :data:`THINK_TIMES`.
    - ``bot_cores``: the most cores a hard bot (and the hint) thinks on, one of
      :data:`BOT_CORES` (1 spares a laptop's battery; a one-core machine uses 1 anyway).
    - ``language``: the language cardtable speaks, by its code (``"pl"``), or ``"auto"``
      for the environment's (``LANG`` and the like); ``--lang`` overrides it.
    """

    bot_speed: str = "normal"
    four_colour_deck: bool = False
    ascii_suits: bool = False
    default_player_name: str = "You"
    default_bot_level: str = "normal"
    confirm_before_play: bool = False
    think_seconds: float = THINK_TIMES[0]
    bot_cores: int = BOT_CORES[0]
    language: str = AUTO

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            problem = check_setting(field.name, getattr(self, field.name))
            if problem is not None:
                raise ValueError(problem)

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed; raises ``ValueError`` for a bad value."""
        return dataclasses.replace(self, **changes)


_CHOICES = {"bot_speed": BOT_SPEEDS, "default_bot_level": BOT_LEVELS}


def _show(value: Any) -> str:
    """A value as TOML writes it, for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, (int, float)):
        return repr(value)
    return f"a {type(value).__name__}"


def check_setting(name: str, value: Any) -> str | None:
    """``None`` if ``value`` is good for setting ``name``, else the problem in a few words.

    >>> check_setting("default_bot_level", "expert")
    'default_bot_level must be one of "easy", "normal", "hard", not "expert"'
    """
    if name not in _FIELD_NAMES:
        return _("unknown setting {name} (known: {names})").format(name=repr(name), names=", ".join(_FIELD_NAMES))
    if name in _CHOICES:
        choices = _CHOICES[name]
        if not isinstance(value, str) or value not in choices:
            listed = ", ".join(_show(choice) for choice in choices)
            return _("{name} must be one of {choices}, not {given}").format(name=name, choices=listed, given=_show(value))
        return None
    if name == "think_seconds":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or float(value) not in THINK_TIMES:
            listed = ", ".join(f"{seconds:g}" for seconds in THINK_TIMES)
            return _("{name} must be one of {choices}, not {given}").format(name=name, choices=listed, given=_show(value))
        return None
    if name == "bot_cores":
        if isinstance(value, bool) or not isinstance(value, int) or value not in BOT_CORES:
            return _("{name} must be 1 or 2, not {given}").format(name=name, given=_show(value))
        return None
    if name == "language":
        codes = (AUTO, *offered_languages())
        if not isinstance(value, str) or value not in codes:
            listed = ", ".join(_show(code) for code in codes)
            return _("{name} must be one of {choices}, not {given}").format(name=name, choices=listed, given=_show(value))
        return None
    if name == "default_player_name":
        if not isinstance(value, str):
            return _("{name} must be text in quotes, not {given}").format(name=name, given=_show(value))
        problem = name_problem(value)
        return None if problem is None else f"{name}: {problem}"
    if not isinstance(value, bool):
        return _("{name} must be true or false, not {given}").format(name=name, given=_show(value))
    return None


_FIELD_NAMES = tuple(field.name for field in dataclasses.fields(Settings))
_DEFAULTS = Settings()


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """Read the settings file; return the settings and the warnings (one line each).

    A missing file is no problem (the defaults, no warning).  A file that cannot be
    read or is not TOML gives one warning and the defaults; each bad value or unknown
    key gives one warning, and that setting keeps its default.
    """
    target = Path(path) if path is not None else settings_path()
    label = target.name
    try:
        text = read_file_bytes(target).decode("utf-8")
    except FileNotFoundError:
        return _DEFAULTS, []
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else _("not UTF-8 text")
        return _DEFAULTS, [_("{file}: cannot be read ({reason}); using the default settings").format(
            file=label, reason=reason)]
    import tomllib  # here, not at the top: with no settings file, nothing needs it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return _DEFAULTS, [_("{file}: not valid TOML ({reason}); using the default settings").format(
            file=label, reason=_one_line(exc))]
    except (RecursionError, MemoryError):
        return _DEFAULTS, [_("{file}: nested too deeply to be settings; using the default settings").format(file=label)]
    warnings: list[str] = []
    chosen: dict[str, Any] = {}
    for key, value in data.items():
        problem = check_setting(key, value)
        if problem is None:
            chosen[key] = float(value) if key == "think_seconds" else value
        elif key in _FIELD_NAMES:
            warnings.append(_("{file}: {problem}; using {default}").format(
                file=label, problem=problem, default=_show(getattr(_DEFAULTS, key))))
        else:
            warnings.append(_("{file}: {problem}; ignored").format(file=label, problem=problem))
    return Settings(**chosen), warnings


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Write ``settings`` as TOML (atomically); return the path.

    A file there that is not valid TOML (hand-edited, perhaps) is renamed aside first,
    so nothing the player wrote is lost.
    """
    import tomllib

    target = Path(path) if path is not None else settings_path()
    try:
        tomllib.loads(read_file_bytes(target).decode("utf-8"))
    except FileNotFoundError:
        pass
    except IsADirectoryError:
        raise
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, MemoryError):
        try:
            set_aside(target, "invalid")
        except OSError:
            pass
    atomic_write_text(target, toml_text(settings))
    return target


_COMMENTS = {
    "bot_speed": 'how fast bots play: "fast", "normal" or "slow"',
    "four_colour_deck": "clubs green and diamonds blue",
    "ascii_suits": "plain ASCII: letters C D H S for suits, - | + for lines",
    "default_player_name": f"your name at the table (at most {NAME_LIMIT} characters)",
    "default_bot_level": 'the level of new bot seats: "easy", "normal" or "hard"',
    "confirm_before_play": "ask before playing the chosen cards",
    "think_seconds": "seconds a hard bot thinks a move: 0.5, 1, 2 or 5",
    "bot_cores": "the most cores a hard bot thinks on: 1 or 2",
    "language": '"auto" (the environment\'s) or a language\'s code: ' + ", ".join(offered_languages()),
}


def toml_text(settings: Settings) -> str:
    """The settings as the text of a TOML file, one commented key per line.

    >>> print(toml_text(Settings()).splitlines()[2])
    bot_speed = "normal"  # how fast bots play: "fast", "normal" or "slow"
    """
    lines = ["# cardtable settings; a bad value is reported and replaced by its default.", ""]
    for name in _FIELD_NAMES:
        lines.append(f"{name} = {_show(getattr(settings, name))}  # {_COMMENTS[name]}")
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = ['"']
    for character in text:
        code = ord(character)
        if character == '"':
            out.append('\\"')
        elif character == "\\":
            out.append("\\\\")
        elif character in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[character])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        else:
            out.append(character)
    out.append('"')
    return "".join(out)


_SHORT_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
