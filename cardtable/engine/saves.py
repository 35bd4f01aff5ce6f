"""Save and load whole games as JSON.

A save holds how the game was set up (game, players, seed, options, the explicit
first deal if any) and every action taken, with the seat that took it.  Loading
replays the actions through the rules, so a loaded game is exactly the saved one,
and a save that was tampered with or damaged is refused rather than half-loaded.

The engine does not know the games: the loaders here take ``rules_for``, which finds
a game's rules by its name.  :func:`cardtable.load_game` passes the registry's
:func:`cardtable.games.get_rules`; :meth:`Rules.from_json` passes its own rules.

>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=3, seed=1)
>>> state.apply(state.legal_actions()[0])
>>> read_game(state.to_json(), get_rules).history == state.history
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from cardtable.errors import CardtableError, SaveFileError, quoted

if TYPE_CHECKING:
    from cardtable.engine.state import GameState, Rules

__all__ = ["FORMAT", "FORMAT_VERSION", "RulesLookup", "dump_game", "game_from_data", "read_game", "save_data"]

FORMAT = "cardtable-save"
FORMAT_VERSION = 1

#: Finds a game's rules by its registry name; raises :class:`CardtableError` for a
#: name it does not know.
RulesLookup = Callable[[str], "Rules"]


def save_data(state: GameState) -> dict[str, Any]:
    """The JSON-safe dict that :func:`dump_game` writes."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": state.rules.name,
        "players": state.num_players,
        "seed": state.seed,
        "options": dict(state.options),
        "deck": " ".join(str(c) for c in state.first_deck) if state.first_deck is not None else None,
        "actions": [[seat, str(action)] for seat, action in state.history],
        "meta": state.meta,
    }


def dump_game(state: GameState) -> str:
    """The game as JSON text."""
    import json  # here, not at the top: opening the app needs no JSON before its first frame

    return json.dumps(save_data(state), ensure_ascii=False, indent=1)


def read_game(
    text: str | bytes, rules_for: RulesLookup, expected_game: str | None = None
) -> GameState:
    """Rebuild a game from :func:`dump_game`'s text, finding its rules with ``rules_for``.

    Raises :class:`SaveFileError` with a one-line reason for anything that is not a
    complete, valid save of a game this version of cardtable knows, whatever ``text``
    holds (numbers too long to read, nesting too deep, or not text at all).

    >>> from cardtable.games import get_rules
    >>> read_game("[" * 100_000, get_rules)
    Traceback (most recent call last):
    ...
    cardtable.errors.SaveFileError: not a valid save (nested too deeply)
    """
    import json

    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFileError(f"not a valid save (a save is text, not {type(text).__name__})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(
            f"not a valid save (corrupt or truncated JSON: {exc.msg} at line {exc.lineno})"
        ) from None
    except UnicodeDecodeError:
        raise SaveFileError("not a valid save (not UTF-8 text)") from None
    except RecursionError:
        raise SaveFileError("not a valid save (nested too deeply)") from None
    except ValueError:
        # What is left is a number beyond Python's digit limit for int().
        raise SaveFileError("not a valid save (a number in it is too long)") from None
    return game_from_data(data, rules_for, expected_game)


def game_from_data(
    data: Any, rules_for: RulesLookup, expected_game: str | None = None
) -> GameState:
    """Rebuild a game from the dict of :func:`save_data`, finding its rules with ``rules_for``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("not a cardtable save file")
    version = data.get("version")
    if not _is_whole_number(version):
        raise SaveFileError("save file has no format version")
    if version > FORMAT_VERSION:
        raise SaveFileError(
            f"save file is from a newer cardtable (format {version}; this version reads up to {FORMAT_VERSION})"
        )
    game = data.get("game")
    if expected_game is not None and game != expected_game:
        raise SaveFileError(f"save file is for {quoted(game)}, not {quoted(expected_game)}")
    try:
        rules = rules_for(game) if isinstance(game, str) else None
    except CardtableError:
        rules = None
    if rules is None:
        raise SaveFileError(f"save file is for an unknown game {quoted(game)}")
    options = data.get("options", {})
    actions = data.get("actions")
    meta = data.get("meta", {})
    if not isinstance(options, dict) or not isinstance(actions, list) or not isinstance(meta, dict):
        raise SaveFileError("save file is damaged: options, actions or meta have the wrong type")
    clashing = sorted(set(options) & _NEW_GAME_ARGUMENTS)
    if clashing:
        raise SaveFileError(f"save file is damaged: {quoted(clashing[0])} is not an option")
    players: Any = data.get("players")  # whatever the file holds: new_game checks it
    try:
        state = rules.new_game(players=players, seed=data.get("seed"), deck=data.get("deck"), **options)
    except CardtableError as exc:
        raise SaveFileError(f"save file is damaged: {exc}") from None
    for number, entry in enumerate(actions, start=1):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not _is_whole_number(entry[0])
            or not isinstance(entry[1], str)
        ):
            raise SaveFileError(f"save file is damaged: action {number} is not [seat, action]")
        seat, text = entry
        if state.current_player != seat:
            raise SaveFileError(
                f"save file is damaged: action {number} ({quoted(text, 20)}) is by seat "
                f"{quoted(seat)}, but seat {state.current_player} was to act"
            )
        try:
            state.apply(text)
        except CardtableError as exc:
            raise SaveFileError(
                f"save file is damaged: action {number} ({quoted(text, 20)}): {exc}"
            ) from None
    state.meta = meta
    return state


# rules.new_game's own parameters: an option of one of these names cannot be passed on.
_NEW_GAME_ARGUMENTS = frozenset({"players", "seed", "deck"})


def _is_whole_number(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (JSON's ``true`` reads as one)."""
    return isinstance(value, int) and not isinstance(value, bool)
