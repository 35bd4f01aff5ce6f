"""Player names: what a valid one is, how an old one is made safe, how one is cut to fit.

A name comes from outside (``--seats human:Ann``, the start screen, the settings, a
save file, a record, ``stats.json``) and ends up on the terminal, so it is checked
where it comes in.  A valid name is one line of 1 to :data:`NAME_LIMIT` printable
characters (letters, digits, punctuation, symbols, emoji, spaces inside), neither
starting nor ending with a space.  Control characters (ESC, BEL, CR, LF and the
rest) and invisible formatting characters (bidi overrides, zero-width joiners) are
not printable, so no escape sequence can hide in a valid name.  Square brackets are
fine: names are always shown literally, never read as markup.

Typed names are checked with :func:`check_name`, which refuses a bad one with a
one-line :class:`BadNameError`; names read from an old file go through
:func:`safe_name`, which never refuses and always gives a valid name.  To show a
name in fewer columns, :func:`fit_name` cuts it; it is the only place a name is cut.

>>> check_name("[b]Ann[/b]")
'[b]Ann[/b]'
>>> check_name("Ann\\x1b[2J")
Traceback (most recent call last):
...
cardtable.names.BadNameError: the name 'Ann\\x1b[2J' has a control character (\\x1b); a name is 1-16 printable characters on one line
>>> safe_name("Ann\\x1b[2J\\nthe second line")
'Ann[2J the seco…'
>>> fit_name("Bartholomew", 6), fit_name("李小龍", 5)
('Barth…', '李小…')

Loading this module loads nothing of cardtable, so that any layer may use it; its
messages are in the player's language (:mod:`cardtable.lang`, loaded when one is made).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len

__all__ = [
    "NAME_LIMIT",
    "ELLIPSIS",
    "BadNameError",
    "name_problem",
    "check_name",
    "safe_name",
    "fit_name",
    "escaped",
]

NAME_LIMIT = 16
"""The most characters a name may have (counted in characters, not columns)."""

ELLIPSIS = "…"
"""What ends a name that was cut."""



class BadNameError(ValueError):
    """A player name that is not valid; the message is one line saying why."""


def escaped(character: str) -> str:
    """How an unprintable character is shown in a message: its Python escape.

    >>> escaped("\\x1b"), escaped("\\u202e")
    ('\\\\x1b', '\\\\u202e')
    """
    code = ord(character)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _quoted(name: str) -> str:
    """The name for a message: quoted, unprintable characters escaped, at most about 40 long."""
    shown = "".join(character if character.isprintable() else escaped(character) for character in name)
    return "'" + _cut(shown, 40, len) + "'"


def name_problem(name: object) -> str | None:
    """What is wrong with ``name`` as a player name, in a few words, or ``None`` if it is valid.

    >>> name_problem("Zoë 🂡"), name_problem("  Ann")
    (None, 'the name starts or ends with a space')
    >>> name_problem("Ann\\nBen")
    "the name 'Ann\\\\x0aBen' is not one line"
    """
    # Here, not at the top: loading this module loads nothing of cardtable (any layer may use it).
    from cardtable.lang import _, ngettext

    if not isinstance(name, str):
        return f"a name must be text, not {type(name).__name__}"
    if not name:
        return _("the name is empty")
    if any(character in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029" for character in name):
        return _("the name {name} is not one line").format(name=_quoted(name))
    bad = next((character for character in name if not character.isprintable()), None)
    if bad is not None:
        if bad < " " or "\x7f" <= bad <= "\x9f":
            return _("the name {name} has a control character ({character})").format(name=_quoted(name), character=escaped(bad))
        return _("the name {name} has an invisible formatting character ({character})").format(
            name=_quoted(name), character=escaped(bad))
    if name != name.strip():
        return _("the name starts or ends with a space")
    if len(name) > NAME_LIMIT:
        return ngettext("the name {name} is {count} character long, more than {limit}",
                        "the name {name} is {count} characters long, more than {limit}", len(name)).format(
            name=_quoted(name), count=len(name), limit=NAME_LIMIT)
    return None


def check_name(name: object) -> str:
    """``name`` itself if it is a valid player name; else raise :class:`BadNameError`.

    >>> check_name("Ada Lovelace")
    'Ada Lovelace'
    >>> check_name("A" * 17)
    Traceback (most recent call last):
    ...
    cardtable.names.BadNameError: the name 'AAAAAAAAAAAAAAAAA' is 17 characters long, more than 16; a name is ...
    """
    from cardtable.lang import _

    problem = name_problem(name)
    if problem is not None:
        # TRANSLATORS: {problem} is what is wrong with the name (a message above).
        raise BadNameError(_("{problem}; a name is 1-{limit} printable characters on one line").format(
            problem=problem, limit=NAME_LIMIT))
    return name  # type: ignore[return-value]


def safe_name(text: object, fallback: str = "Player") -> str:
    """A valid name made from ``text`` (a name read from an old file), always the same for the same text.

    Line breaks, tabs and other spaces become one space; other unprintable characters
    are dropped (so an escape sequence loses its ESC and shows as plain characters);
    the ends are trimmed and a name longer than :data:`NAME_LIMIT` is cut, ending in
    ``…``.  Nothing left (or not text at all) gives ``fallback``.

    >>> safe_name("\\x1b]0;pwn\\x07Q"), safe_name(" Ann\\r\\n Ben "), safe_name("\\x1b\\x07", "Player 2")
    (']0;pwnQ', 'Ann Ben', 'Player 2')
    >>> safe_name("x" * 500) == "x" * 15 + "…"
    True
    """
    if not isinstance(text, str):
        return fallback
    kept = []
    for character in text:
        if character.isprintable():
            kept.append(character)
        elif character.isspace():
            kept.append(" ")
    name = " ".join("".join(kept).split())
    return _cut(name, NAME_LIMIT, len) or fallback


def fit_name(name: str, width: int, pad: bool = False) -> str:
    """``name`` in at most ``width`` terminal columns: cut with ``…`` when it is wider.

    Wide characters (most CJK, many emoji) take two columns.  With ``pad`` the result
    is filled with spaces to exactly ``width`` columns, for a column of names.

    >>> fit_name("Ann", 6, pad=True) + "|", fit_name("😀😀😀", 5) + "|", fit_name("Ann", 0)
    ('Ann   |', '😀😀…|', '')
    """
    fitted = _cut(name, width, cell_len)
    if pad:
        fitted += " " * max(width - cell_len(fitted), 0)
    return fitted


def _cut(text: str, limit: int, measure: Callable[[str], int]) -> str:
    """``text`` if it measures at most ``limit``, else its head and ``…`` within ``limit``.

    The one way text is shortened: characters for stored names, columns on screen.
    """
    if measure(text) <= limit:
        return text
    if limit <= 0:
        return ""
    room = limit - measure(ELLIPSIS)
    head, used = [], 0
    for character in text:
        size = measure(character)
        if used + size > room:
            break
        head.append(character)
        used += size
    return "".join(head).rstrip() + ELLIPSIS
