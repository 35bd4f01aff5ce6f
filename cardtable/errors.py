"""The exceptions cardtable raises.  Every message is one line a player can read.

All of them derive from :class:`CardtableError`, and those about bad input also from
:class:`ValueError`, so ``except ValueError`` catches any bad card, action, option,
deck or save file.

This module imports nothing from cardtable, so every layer (cards, the engine, the
games and everything above) can raise them.  :mod:`cardtable.engine.errors` still
offers the same names under their old address.
"""

from __future__ import annotations

import math
import reprlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.engine.refusals import RuleRefusal

__all__ = [
    "NOTATION_CODES",
    "NotationProblem",
    "QUOTE_LIMIT",
    "quoted",
    "one_line",
    "describe_error",
    "CardtableError",
    "InvalidCardError",
    "InvalidDeckError",
    "IllegalActionError",
    "MalformedActionError",
    "GameOverError",
    "InvalidSeatError",
    "InvalidOptionError",
    "UnknownGameError",
    "SaveFileError",
    "CrashError",
]


NOTATION_CODES = frozenset({"empty", "not_a_card", "card_twice", "no_cards", "takes_no_cards", "attack_one", "defend_two"})
"""Why text is not a move (:class:`NotationProblem`): nothing was typed (``empty``); a
word is no card (``not_a_card``, the ``token``); a card is listed twice (``card_twice``,
the card's ``token``); the ``kind`` needs a card (``no_cards``), takes none
(``takes_no_cards``: pass, take), takes exactly one (``attack_one``) or two
(``defend_two``)."""


@dataclass(frozen=True)
class NotationProblem:
    """Why text is not a card or a move, as data for the screen that words it: a
    ``code`` of :data:`NOTATION_CODES` and its values, ``token`` (the word at fault, as
    typed, one short line) and ``kind`` (the action's kind).

    >>> NotationProblem("not_a_card", token="7x")
    NotationProblem(code='not_a_card', token='7x', kind='')
    """

    code: str
    token: str = ""
    kind: str = ""

    def __post_init__(self) -> None:
        if self.code not in NOTATION_CODES:
            raise ValueError(f"no notation problem has the code {self.code!r}")


class CardtableError(Exception):
    """Base class of every cardtable error."""


class InvalidCardError(CardtableError, ValueError):
    """Text that is not a card (``"1S"``, ``"QX"``); :attr:`token` is the text, when
    the error is about text (one short line)."""

    def __init__(self, message: str = "", token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class InvalidDeckError(CardtableError, ValueError):
    """An explicit deal order that is not exactly the game's deck."""


class IllegalActionError(CardtableError, ValueError):
    """An action the rules do not allow now.  The state is left unchanged.

    The engine raises it with the game's reason as data, a
    :class:`~cardtable.engine.refusals.RuleRefusal` (a code and its values), kept in
    :attr:`refusal`; the message is that refusal's English line.  Raised with a message
    only, :attr:`refusal` is ``None``.
    """

    refusal: RuleRefusal | None

    def __init__(self, message: str = "", refusal: RuleRefusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


class MalformedActionError(IllegalActionError):
    """Text that is not an action at all (``"play"``, ``"defend 7H"``, ``"7X"``).

    :attr:`problem` says what is wrong as data (a :class:`NotationProblem`), for a
    screen to word in its player's language; the message is the English line.
    """

    problem: NotationProblem | None

    def __init__(
        self, message: str = "", refusal: RuleRefusal | None = None, problem: NotationProblem | None = None
    ) -> None:
        super().__init__(message, refusal)
        self.problem = problem


class GameOverError(IllegalActionError):
    """An action sent to a game that is already over."""


class InvalidSeatError(CardtableError, ValueError):
    """A seat that is not one of the game's: not a whole number (a bool is not one), or out of range."""


class InvalidOptionError(CardtableError, ValueError):
    """An unknown game option, a bad option value, or a bad player count."""


class UnknownGameError(CardtableError, ValueError):
    """A game name that is not in the registry."""


class SaveFileError(CardtableError, ValueError):
    """A save file that cannot be loaded: corrupt, truncated, newer, or for an unknown game."""


class CrashError(CardtableError):
    """cardtable itself failed (a bug); the message says where its traceback was written."""


QUOTE_LIMIT = 60
"""The most characters of a caller's input that one error message quotes."""

_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel = 2
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = _SHORT_REPR.maxlong = QUOTE_LIMIT


def quoted(value: object, limit: int = QUOTE_LIMIT, keep_end: bool = False) -> str:
    """How a message shows a value it was given: one line, at most about ``limit`` characters.

    Text is put in single quotes with control characters escaped; anything else is
    shown by its (shortened) ``repr``, so a 1 MB move never makes a 1 MB message.
    ``keep_end`` cuts long text at its start instead (for file paths).

    >>> quoted("jump"), quoted([1, 2]), quoted("a\\nb")
    ("'jump'", '[1, 2]', "'a\\\\nb'")
    >>> quoted("Z" * 100)[-4:], len(quoted("Z" * 100))
    ("ZZ…'", 62)
    >>> quoted(10 ** 5000)
    'a 5001-digit number'
    """
    if isinstance(value, str):
        return "'" + one_line(value, limit, keep_end) + "'"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a {_digits(abs(value))}-digit number"
    try:
        text = _SHORT_REPR.repr(value)
    except Exception:  # noqa: BLE001 - any repr may fail (a huge number in a list): name it
        text = f"<{type(value).__name__}>"
    return one_line(text, limit)


def one_line(text: str, limit: int = QUOTE_LIMIT, keep_end: bool = False) -> str:
    """``text`` with control characters escaped, cut to ``limit`` characters with an ellipsis.

    >>> one_line("two\\nlines"), one_line("abcdef", 4), one_line("/a/b/bot.py", 8, keep_end=True)
    ('two\\\\nlines', 'abc…', '…/bot.py')
    """
    piece = text[-(limit + 1):] if keep_end else text[: limit + 1]
    shown = "".join(char if char.isprintable() else repr(char)[1:-1] for char in piece)
    if len(text) <= limit and len(shown) <= limit:
        return shown
    return "…" + shown[-(limit - 1):] if keep_end else shown[: limit - 1] + "…"


def describe_error(error: BaseException, limit: int = 160) -> str:
    """One line for any exception: its type, then its message cut to ``limit`` characters.

    >>> describe_error(ValueError("no\\nway")), describe_error(SystemExit())
    ('ValueError: no way', 'SystemExit')
    """
    try:
        text = " ".join(str(error).split())
    except Exception:  # noqa: BLE001 - an exception whose __str__ fails still has a type
        text = ""
    name = type(error).__name__
    return f"{name}: {one_line(text, limit)}" if text else name


def _digits(number: int) -> int:
    """The decimal digits of a positive whole number too long for ``str``."""
    digits = int((number.bit_length() - 1) * math.log10(2)) + 1
    return digits + 1 if number >= 10**digits else digits
