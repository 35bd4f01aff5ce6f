"""Every key of the table, written once: the bindings, the help screen and the prompts
are all made from :data:`TABLE_KEYS` (the privacy screen's from :data:`PRIVACY_KEYS`, a
yes/no question's from :data:`CONFIRM_KEYS`, and so on for each pop-up that names a key).

A :class:`KeyUse` names the keys (as Textual names them), the screen action they run,
the word in the footer, what the help screen says they do and when they apply, and
how a prompt writes them.

>>> say("play"), say("pass_turn"), say("toggle_card")
('Enter', 'P', 'space')
>>> [b.key for b in bindings(TABLE_KEYS)][:3]
['left', 'right', 'space']
>>> help_rows(TABLE_KEYS)[0]
('← / →', 'move along your hand', '')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from textual.binding import Binding

from cardtable.lang import N_, _, pgettext

__all__ = [
    "KeyUse", "TABLE_KEYS", "PRIVACY_KEYS", "CONFIRM_KEYS", "INFO_KEYS", "BOT_FAILURE_KEYS", "REPLAY_KEYS", "START_KEYS",
    "REVIEW_KEYS", "JOIN_KEYS", "SEATS_KEYS", "ROUND_OVER_KEYS",
    "bindings", "first_key", "help_rows", "say", "say_first", "say_some", "written",
]

# How a person reads a key name (the rest: a letter in capitals, a word capitalised).
_WRITTEN = {
    "left": "←", "right": "→", "up": "↑", "down": "↓", "enter": "Enter", "space": "space",
    "escape": "Esc", "tab": "Tab", "question_mark": "?", "ctrl+z": "Ctrl+Z",
}


def written(key: str) -> str:
    """One Textual key name as a prompt writes it.

    >>> [written(k) for k in ("enter", "p", "f1", "question_mark", "ctrl+z", "home")]
    ['Enter', 'P', 'F1', '?', 'Ctrl+Z', 'Home']
    """
    if key == "space":
        return pgettext("the key", "space")
    if key in _WRITTEN:
        return _WRITTEN[key]
    return key.upper() if len(key) <= 2 else key.capitalize()


def _or() -> str:
    """What stands between two keys of one use: `` or `` (``F1 or ?``)."""
    return " " + pgettext("between two keys", "or") + " "


class KeyUse(NamedTuple):
    """One binding: ``keys`` (Textual names, comma-separated) run ``action``.

    ``label`` is its word in the footer (``footer``: whether it is shown there),
    ``does`` and ``when`` its row on the help screen (an entry with no ``does`` joins
    the row above: ``← / →``), ``needs`` the table's move or feature it needs
    (``pass``, ``take``, ``target``): without it the key is left out of a game's help.
    """

    keys: str
    action: str
    label: str
    does: str = ""
    when: str = ""
    footer: bool = True
    needs: str = ""

    @property
    def name(self) -> str:
        """The action's name without its arguments: ``cursor`` for ``cursor(-1)``."""
        return self.action.partition("(")[0]

    @property
    def written(self) -> str:
        """The keys as a person reads them: ``F1 or ?``."""
        return _or().join(written(key) for key in self.keys.split(","))


TABLE_KEYS: tuple[KeyUse, ...] = (
    KeyUse("left", "cursor(-1)", N_("Move"), N_("move along your hand"), footer=False),
    KeyUse("right", "cursor(1)", N_("Move"), footer=False),
    KeyUse("space", "toggle_card", N_("Select"), N_("select / unselect the card under the cursor")),
    KeyUse("enter", "play", N_("Play"), N_("play the selected cards (nothing selected: the card under the cursor)")),
    KeyUse("p", "pass_turn", N_("Pass"), N_("pass"), needs="pass"),
    KeyUse("t", "take", N_("Take"), N_("take the cards on the table"), N_("when defending"), needs="take"),
    KeyUse("tab", "next_target", N_("Target"), N_("choose which attacking card to beat"), N_("when defending"), False, "target"),
    KeyUse("escape", "clear", N_("Clear"), N_("clear the selection"), footer=False),
    KeyUse("home", "cursor_end(0)", N_("First card"), N_("the first / the last card of your hand"), footer=False),
    KeyUse("end", "cursor_end(1)", N_("Last card"), footer=False),
    KeyUse("a", "select_rank", N_("Same rank"), N_("select all cards of the cursor's rank"), footer=False),
    KeyUse("l", "last", N_("Last trick"), N_("show the last completed trick or bout")),
    KeyUse("s", "scores", N_("Scores"), N_("scores"), footer=False),
    KeyUse("h", "hint", N_("Hint"), N_("a hint: the hard bot's move, selected, and why; again: its top three"), N_("on your own turn")),
    KeyUse("m", "type_move", N_("Type"), N_("type a move: 7h 7s, pass, take, give 2c 3d (Enter plays it, Esc closes)"),
           N_("on your own turn")),
    KeyUse("ctrl+z", "undo", N_("Undo"), N_("take back your last move (again: the one before)"), N_("with one person at the table")),
    KeyUse("b", "seats", N_("Seats"), N_("who plays each remote seat: hand an away player's seat to a bot, or take it back"),
           N_("when you host the table"), needs="hosting"),
    KeyUse("f1,question_mark", "app.help", N_("Help"), N_("this help")),
    KeyUse("q", "quit_table", N_("Quit"), N_("quit to the start screen (the game is saved)")),
)
"""The game screen's keys, in the order the help screen lists them (the everyday ones
first, so that they are on the help's first page at 80x24)."""

PRIVACY_KEYS: tuple[KeyUse, ...] = (
    KeyUse("enter", "ready", N_("Show my hand"), N_("show the hand of the person named")),
)
"""The hot-seat privacy screen's one key."""


CONFIRM_KEYS: tuple[KeyUse, ...] = (
    KeyUse("y,enter", "answer(True)", N_("Yes"), N_("yes")),
    KeyUse("n,escape", "answer(False)", N_("No"), N_("no")),
)
"""A yes/no question's keys; its buttons are labelled with the first of each."""


INFO_KEYS: tuple[KeyUse, ...] = (
    KeyUse("escape,enter,l,s,space", "close", N_("Close"), N_("close the pop-up")),
)
"""A read-only pop-up's keys (the last trick, the scores: the keys that opened it close it)."""

BOT_FAILURE_KEYS: tuple[KeyUse, ...] = (
    KeyUse("e", "choose('easy')", N_("Easy")),
    KeyUse("n", "choose('normal')", N_("Normal")),
    KeyUse("h", "choose('hard')", N_("Hard")),
    KeyUse("q", "choose('quit')", N_("Quit")),
)
"""The keys of the pop-up that gives a failed bot's seat to a built-in level."""


REPLAY_KEYS: tuple[KeyUse, ...] = (
    KeyUse("right,n,space", "step(1)", N_("Forward"), N_("a move forward")),
    KeyUse("left,b", "step(-1)", N_("Back"), N_("a move back")),
    KeyUse("pagedown", "step(10)", N_("+10"), N_("ten moves forward"), footer=False),
    KeyUse("pageup", "step(-10)", N_("-10"), N_("ten moves back"), footer=False),
    KeyUse("home", "seek_start", N_("Start"), N_("the deal"), footer=False),
    KeyUse("end", "seek_end", N_("End"), N_("the end"), footer=False),
    KeyUse("l", "last", N_("Last trick"), N_("show the last completed trick or bout")),
    KeyUse("r", "review", N_("Review"), N_("review this seat's decisions (the game's first person as a spectator)")),
    KeyUse("f1,question_mark", "app.help", N_("Help"), N_("help")),
    KeyUse("q,escape", "close", N_("Close"), N_("close the replay")),
)
"""The replay screen's keys."""


REVIEW_KEYS: tuple[KeyUse, ...] = (
    KeyUse("right,n,space", "decision(1)", N_("Next"), N_("the next decision")),
    KeyUse("left,b", "decision(-1)", N_("Back"), N_("the decision before")),
    KeyUse("m", "next_mistake", N_("Next mistake"), N_("jump to the next mistake")),
    KeyUse("home", "summary", N_("Summary"), N_("the summary"), footer=False),
    KeyUse("f1,question_mark", "app.help", N_("Help"), N_("help")),
    KeyUse("q,escape", "close", N_("Close"), N_("close the review (cancels it while it runs)")),
)
"""The review screen's keys."""


START_KEYS: tuple[KeyUse, ...] = (
    KeyUse("f1,question_mark", "app.help", N_("Help"), N_("help")),
    KeyUse("ctrl+s", "start", N_("Start"), N_("start the game")),
    KeyUse("c", "continue_saved", N_("Continue"), N_("continue the highlighted unfinished game")),
    KeyUse("delete", "delete_saved", N_("Delete"), N_("delete the highlighted unfinished game")),
    KeyUse("j", "join", N_("Join"), N_("join a table someone hosts (cardtable join HOST:PORT CODE)"), footer=False),
    KeyUse("s", "app.statistics", N_("Stats"), N_("statistics")),
    KeyUse("o", "app.settings", N_("Settings"), N_("settings")),
    KeyUse("escape", "app.quit", N_("Quit"), N_("quit")),
)
"""The start screen's keys (Enter on a list is the list's own)."""


JOIN_KEYS: tuple[KeyUse, ...] = (
    KeyUse("enter", "join", N_("Join"), N_("join the table (in any field)"), footer=False),
    KeyUse("escape", "cancel", N_("Cancel"), N_("back to the start screen")),
)
"""The keys of the pop-up that joins a hosted table (Tab moves between its fields)."""


SEATS_KEYS: tuple[KeyUse, ...] = (
    KeyUse("e", "hand('easy')", N_("Easy bot"), N_("an easy bot plays the seat until its player returns")),
    KeyUse("n", "hand('normal')", N_("Normal bot"), N_("a normal bot plays the seat until its player returns")),
    KeyUse("h", "hand('hard')", N_("Hard bot"), N_("a hard bot plays the seat until its player returns")),
    KeyUse("t", "take_back", N_("Take back"), N_("the bot leaves the seat: it waits for its player again")),
    KeyUse("escape,b,q", "close", N_("Close"), N_("close the pop-up")),
)
"""The keys of the host's pop-up of remote seats (↑ / ↓ choose the seat)."""


ROUND_OVER_KEYS: tuple[KeyUse, ...] = (
    KeyUse("enter", "choose('primary')", N_("Continue"), N_("the next round, or play again once the game is over")),
    KeyUse("r", "choose('review')", N_("Review"), N_("review the round just played")),
    KeyUse("n", "choose('new')", N_("New game"), N_("a new game: back to the start screen")),
    KeyUse("q", "choose('quit')", N_("Quit"), N_("quit")),
)
"""The keys of the pop-up at a round's end; its buttons are labelled with them, as the footer is."""


def _find(action: str, keys: Sequence[KeyUse]) -> KeyUse:
    for use in keys:
        if use.action == action or use.name == action:
            return use
    raise KeyError(action)


def say(action: str, keys: Sequence[KeyUse] | None = None) -> str:
    """How a prompt writes the key of ``action`` (its name, or with its arguments) in
    ``keys``, by default the table's."""
    return _find(action, TABLE_KEYS if keys is None else keys).written


def first_key(action: str, keys: Sequence[KeyUse]) -> str:
    """The first key of ``action`` as typed, for a button label: ``y`` in ``Yes (y)``.

    >>> first_key("answer(True)", CONFIRM_KEYS)
    'y'
    """
    return _find(action, keys).keys.split(",")[0]


def say_some(action: str, keys: Sequence[KeyUse], count: int = 2) -> str:
    """The first ``count`` keys of ``action`` as a prompt writes them.

    >>> say_some("step(1)", REPLAY_KEYS), say_some("close", REPLAY_KEYS, 1)
    ('→ or N', 'Q')
    """
    return _or().join(written(key) for key in _find(action, keys).keys.split(",")[:count])


def say_first(action: str, keys: Sequence[KeyUse]) -> str:
    """The first key of ``action`` as a prompt writes it: ``Esc`` in ``Esc to close``.

    >>> say_first("close", INFO_KEYS)
    'Esc'
    """
    return written(first_key(action, keys))


def bindings(keys: Sequence[KeyUse]) -> list[Binding | tuple[str, str] | tuple[str, str, str]]:
    """The Textual bindings of ``keys`` (typed as a screen's ``BINDINGS``)."""
    return [Binding(use.keys, use.action, use.label, show=use.footer) for use in keys]


def help_rows(keys: Sequence[KeyUse], has: Collection[str] | None = None) -> list[tuple[str, str, str]]:
    """``(keys, what they do, when)`` rows for the help screen, joined as :class:`KeyUse`
    says; with ``has`` (the table's moves and features), only the keys that apply."""
    rows: list[tuple[str, str, str]] = []
    for use in keys:
        if has is not None and use.needs and use.needs not in has:
            continue
        if not use.does and rows:
            keys_text, does, when = rows[-1]
            rows[-1] = (f"{keys_text} / {use.written}", does, when)
            continue
        rows.append((use.written, _(use.does) if use.does else "", _(use.when) if use.when else ""))
    return rows
