"""Save and load whole games as JSON.

A save holds how the game was set up (game, players, seed, options, the explicit
first deal if any) and every action taken, with the seat that took it.  Loading
replays the actions through the rules, so a loaded game is exactly the saved one,
and a save that was tampered with or damaged is refused rather than half-loaded.

The app's own saves grow by a line per move instead of being written whole: a
snapshot (the JSON document :func:`save_data` makes, on one line), then a journal
of what came after it, one JSON line each (:func:`journal_line`):

- ``[number, seat, "action"]``: the game's action ``number`` (from 1), by ``seat``;
- ``{"meta": {...}}``: the game's ``meta`` from here on.

:func:`parse_save_text` reads either kind of file into the dict of a whole save.  A
last line that is not complete (a program killed while it appended) is left out; any
other line that is not one of these is damage, refused like any other.

>>> from cardtable.games import get_rules
>>> state = get_rules("durak").new_game(players=2, seed=1)
>>> text = snapshot_text(state)
>>> state.apply(state.legal_actions()[0])
>>> text += journal_line(1, *state.history[0]) + '[2, 0, "attack 6'  # the last line torn
>>> parse_save_text(text)["actions"] == [[seat, str(action)] for seat, action in state.history]
True

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

from cardtable.errors import CardtableError, InvalidDeckError, SaveFileError, quoted
from cardtable.gcpause import collection_held
from cardtable.lang import _, current_language

if TYPE_CHECKING:
    from cardtable.engine.actions import Action
    from cardtable.engine.state import GameState, Rules

__all__ = [
    "DamagedJournal",
    "why_not_an_action",
    "FORMAT",
    "FORMAT_VERSION",
    "RulesLookup",
    "dump_game",
    "game_from_data",
    "journal_line",
    "meta_line",
    "parse_save_text",
    "read_game",
    "save_data",
    "snapshot_text",
]

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


def snapshot_text(state: GameState) -> str:
    """The whole game as the first line of a save that a journal follows."""
    import json

    return json.dumps(save_data(state), ensure_ascii=False, separators=(",", ":")) + "\n"


def journal_line(number: int, seat: int, action: object) -> str:
    r"""The journal's line for action ``number`` (from 1) of the game, by ``seat``.

    >>> journal_line(12, 3, "play QS")
    '[12,3,"play QS"]\n'
    """
    import json

    return json.dumps([number, seat, str(action)], ensure_ascii=False, separators=(",", ":")) + "\n"


def meta_line(meta: dict[str, Any]) -> str:
    """The journal's line that sets the game's ``meta`` from there on."""
    import json

    return json.dumps({"meta": meta}, ensure_ascii=False, separators=(",", ":")) + "\n"


class DamagedJournal(SaveFileError):
    """A save whose snapshot reads but whose journal does not (see the module's docstring)."""


def parse_save_text(text: str | bytes) -> Any:
    r"""The parsed save in ``text``, its journal (if any) put into it: the dict of
    :func:`save_data` of the game as its last complete line left it.

    Text that is one JSON document (a save written whole, as by :func:`dump_game`) is
    returned as it parses, whatever it holds; the caller checks it is a save.  Raises
    :class:`SaveFileError` in one line for text that is not JSON, and for a journal
    line that is not one (see the module's docstring), or after a document that is not
    a save.

    >>> parse_save_text('{"format": "cardtable-save"}\n[1, 0, "pass"]\n')
    Traceback (most recent call last):
    ...
    cardtable.engine.saves.DamagedJournal: save file is damaged: a journal follows a save without its actions
    >>> parse_save_text('{"format": "cardtable-save", "actions": []}\n[2, 0, "pass"]\n')
    Traceback (most recent call last):
    ...
    cardtable.engine.saves.DamagedJournal: save file is damaged: journal line 2 holds action 2, not action 1
    """
    import json

    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFileError(_("not a valid save (not UTF-8 text)")) from None
    if not isinstance(text, str):
        raise SaveFileError(f"not a valid save (a save is text, not {type(text).__name__})")
    start = len(text) - len(text.lstrip(" \t\n\r"))
    try:
        data, end = json.JSONDecoder().raw_decode(text, start)
    except json.JSONDecodeError as exc:
        # TRANSLATORS: {reason} is the JSON reader's own words, in English.
        raise SaveFileError(_("not a valid save (corrupt or truncated JSON: {reason} at line {line})").format(
            reason=exc.msg, line=exc.lineno)) from None
    except RecursionError:
        raise SaveFileError(_("not a valid save (nested too deeply)")) from None
    except ValueError:
        # What is left is a number beyond Python's digit limit for int().
        raise SaveFileError(_("not a valid save (a number in it is too long)")) from None
    rest = text[end:]
    if not rest.strip(" \t\n\r"):
        return data
    return _with_journal(data, rest, text.count("\n", 0, end) + 1)


def _with_journal(data: Any, rest: str, line_number: int) -> dict[str, Any]:
    """``data`` (a save's snapshot) with the journal in ``rest`` (the text after it,
    whose first line is the snapshot's line ``line_number``) put into it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(_("not a valid save (corrupt JSON: text after the save)"))
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise DamagedJournal(_("save file is damaged: a journal follows a save without its actions"))
    merged: dict[str, Any] = {**data, "actions": list(actions)}
    *complete, last = rest.split("\n")
    if complete and complete[0].strip(" \t\r"):
        raise DamagedJournal(_("save file is damaged: text after the save on line {line}").format(line=line_number))
    for offset, line in enumerate(complete[1:], start=1):
        if line.strip(" \t\r"):
            _journal_entry(merged, line, line_number + offset, torn=False)
    if last.strip(" \t\r"):
        # Not ended by a newline: the last append, perhaps cut short by a kill.
        _journal_entry(merged, last, line_number + len(complete), torn=True)
    return merged


def _journal_entry(data: dict[str, Any], line: str, line_number: int, torn: bool) -> None:
    """Put one journal line into ``data``; a ``torn`` last line that is not a whole
    entry is left out, any other raises :class:`SaveFileError`."""
    import json

    actions: list[Any] = data["actions"]
    try:
        entry = json.loads(line)
    except (ValueError, RecursionError):
        if torn:
            return
        raise DamagedJournal(_("save file is damaged: line {line} is not JSON").format(line=line_number)) from None
    if isinstance(entry, list) and len(entry) == 3 and all(_is_whole_number(item) for item in entry[:2]):
        number, seat, action = entry
        if isinstance(action, str) and number == len(actions) + 1:
            actions.append([seat, action])
            return
        if torn:
            return
        if not isinstance(action, str):
            raise DamagedJournal(_("save file is damaged: journal line {line} has no action").format(line=line_number))
        raise DamagedJournal(_("save file is damaged: journal line {line} holds action {number}, not action {expected}").format(
            line=line_number, number=number, expected=len(actions) + 1))
    if isinstance(entry, dict) and set(entry) == {"meta"} and isinstance(entry["meta"], dict):
        data["meta"] = entry["meta"]
        return
    if not torn:
        raise DamagedJournal(_(
            'save file is damaged: journal line {line} is not [number, seat, action] or {{"meta": ...}}'
        ).format(line=line_number))


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
    data = parse_save_text(text)
    return game_from_data(data, rules_for, expected_game)


def game_from_data(
    data: Any, rules_for: RulesLookup, expected_game: str | None = None
) -> GameState:
    """Rebuild a game from the dict of :func:`save_data`, finding its rules with ``rules_for``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(_("not a cardtable save file"))
    version = data.get("version")
    if not _is_whole_number(version):
        raise SaveFileError(_("save file has no format version"))
    if version > FORMAT_VERSION:
        raise SaveFileError(_("save file is from a newer cardtable (format {version}; this version reads up to {newest})").format(
            version=version, newest=FORMAT_VERSION))
    game = data.get("game")
    if expected_game is not None and game != expected_game:
        raise SaveFileError(_("save file is for {game}, not {expected}").format(game=quoted(game), expected=quoted(expected_game)))
    try:
        rules = rules_for(game) if isinstance(game, str) else None
    except CardtableError:
        rules = None
    if rules is None:
        raise SaveFileError(_("save file is for an unknown game {game}").format(game=quoted(game)))
    options = data.get("options", {})
    actions = data.get("actions")
    meta = data.get("meta", {})
    if not isinstance(options, dict) or not isinstance(actions, list) or not isinstance(meta, dict):
        raise SaveFileError(_("save file is damaged: options, actions or meta have the wrong type"))
    clashing = sorted(set(options) & _NEW_GAME_ARGUMENTS)
    if clashing:
        raise SaveFileError(_("save file is damaged: {name} is not an option").format(name=quoted(clashing[0])))
    players: Any = data.get("players")  # whatever the file holds: new_game checks it
    try:
        state = rules.new_game(players=players, seed=data.get("seed"), deck=data.get("deck"), **options)
    except InvalidDeckError as exc:
        # Said by the cards, below the player's language: English keeps their words (what is missing or twice).
        reason = str(exc) if current_language() == "en" else _("its deal is not exactly the game's cards")
        raise SaveFileError(_("save file is damaged: {reason}").format(reason=reason)) from None
    except CardtableError as exc:
        # TRANSLATORS: {reason} is what is wrong with the game's players or options (a message of its own).
        raise SaveFileError(_("save file is damaged: {reason}").format(reason=exc)) from None
    with collection_held():
        _replay(state, actions)
    state.meta = meta
    return state


def _replay(state: GameState, actions: list[Any]) -> None:
    """Apply the saved ``actions`` to ``state``, checking each; raise :class:`SaveFileError`."""
    # A long game repeats a few hundred action texts: each is parsed once.
    parsed: dict[str, Action] = {}
    for number, entry in enumerate(actions, start=1):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not _is_whole_number(entry[0])
            or not isinstance(entry[1], str)
        ):
            raise SaveFileError(_("save file is damaged: action {number} is not [seat, action]").format(number=number))
        seat, text = entry
        if state.current_player != seat:
            raise SaveFileError(_(
                "save file is damaged: action {number} ({action}) is by seat {seat}, but seat {expected} was to act"
            ).format(number=number, action=quoted(text, 20), seat=quoted(seat), expected=state.current_player))
        try:
            action = parsed.get(text)
            if action is None:
                action = parsed[text] = state.parse_action(text)
            state.apply(action)
        except CardtableError as exc:
            raise SaveFileError(_("save file is damaged: action {number} ({action}): {reason}").format(
                number=number, action=quoted(text, 20), reason=why_not_an_action(exc))) from None


def why_not_an_action(error: CardtableError) -> str:
    """Why a file's action is none, in the current language: the parser's problem as
    the move box words it (:func:`~cardtable.notation_words.notation_line`), where the
    parser gives one; for a rule's refusal, only that the rules forbid it (the refusal's
    own words draw its cards and name its seats, which only a screen does).  English
    keeps the engine's own line, which also names the rank, suit or rule at fault.

    >>> from cardtable.errors import MalformedActionError, NotationProblem
    >>> why_not_an_action(MalformedActionError("'zz' is not an action", problem=NotationProblem("not_a_card", "zz")))
    "'zz' is not an action"
    """
    if current_language() == "en":
        return str(error)
    problem = getattr(error, "problem", None)
    if problem is not None:
        from cardtable.notation_words import notation_line

        return notation_line(problem)
    if getattr(error, "refusal", None) is not None:
        return _("the rules do not allow it there")
    return str(error)


# rules.new_game's own parameters: an option of one of these names cannot be passed on.
_NEW_GAME_ARGUMENTS = frozenset({"players", "seed", "deck"})


def _is_whole_number(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (JSON's ``true`` reads as one)."""
    return isinstance(value, int) and not isinstance(value, bool)
