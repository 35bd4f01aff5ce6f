"""Text from outside, made safe to show: literally, on one line, with no control character.

Anything cardtable did not write itself (a name, a settings key or value, a move read
from a file, a file path, a user bot's error message) is shown through
:func:`literal` (a Rich ``Text``, which Rich and Textual never read as markup) or
:func:`visible` (a plain string, for stderr and notifications), never pasted into a
markup string.  Both put the text on one line and show every control or invisible
formatting character as an escape (``\\x1b``, ``\\u202e``), so nothing from outside
can move the cursor, clear the screen, set the terminal's title, make a link or
reverse the line.

>>> visible("\\x1b]0;pwn\\x07 [red]x[/red]\\nnext")
'\\\\x1b]0;pwn\\\\x07 [red]x[/red]\\\\x0anext'
>>> literal("[link=file:///etc/passwd]x[/link]", style="bold").markup
'[bold]\\\\[link=file:///etc/passwd]x\\\\[/link][/bold]'
"""

from __future__ import annotations

import unicodedata

from rich.style import StyleType
from rich.text import Text

from cardtable.names import escaped

__all__ = ["visible", "literal"]


def visible(text: object) -> str:
    """``text`` (anything; ``str()`` is taken) as one line of printable characters.

    Spaces of any width become a plain space; every other unprintable character
    (controls, line breaks, bidi overrides, zero-width characters) becomes its escape.

    >>> visible("a\\u202eb\\u00a0c"), visible(3)
    ('a\\\\u202eb c', '3')
    """
    shown = []
    for character in str(text):
        if character.isprintable():
            shown.append(character)
        elif unicodedata.category(character) == "Zs":
            shown.append(" ")
        else:
            shown.append(escaped(character))
    return "".join(shown)


def literal(text: object, style: StyleType = "") -> Text:
    """``text`` as a one-line Rich ``Text`` shown exactly as written (see :func:`visible`).

    >>> literal("[/x]bot").plain
    '[/x]bot'
    """
    return Text(visible(text), style=style)
