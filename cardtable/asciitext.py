"""Plain ASCII for terminals that cannot show anything else.

:func:`to_ascii` replaces each character outside ASCII with ASCII of the same width
(``─`` with ``-``, ``♥`` with ``H``, ``·`` with ``.``), so a screen laid out for Unicode
keeps its shape.  The app's ASCII mode passes everything it writes through it, and
:func:`use_ascii_fallback` makes the command line's output streams use it for any
character their encoding cannot write, instead of failing with a traceback.

Standard library only: the command line loads this before anything else.

>>> to_ascii("╭─ Your hand · 13 cards ─╮ ▶ Ben ★ 10♥ é")
'+- Your hand . 13 cards -+ > Ben * 10H e'
"""

from __future__ import annotations

import codecs
import io
import sys
import unicodedata
from functools import lru_cache
from typing import TextIO

__all__ = ["to_ascii", "use_ascii_fallback", "ERROR_HANDLER"]

ERROR_HANDLER = "cardtable-ascii"
"""The codec error handler :func:`use_ascii_fallback` registers."""

# Characters the app and Textual draw, as one ASCII character each (so nothing moves).
_ASCII_FOR = {
    "·": ".", "…": ".", "—": "-", "–": "-", "−": "-", "←": "<", "→": ">", "↑": "^", "↓": "v",
    "▶": ">", "◀": "<", "▸": ">", "◂": "<", "▲": "^", "▼": "v", "►": ">", "◄": "<",
    "★": "*", "☆": "*", "◆": "*", "◇": "*", "•": "*", "●": "o", "○": "o", "×": "x", "✓": "v",
    "✔": "v", "✗": "x", "✘": "x", "⏎": "<", "⌫": "<", "“": '"', "”": '"', "‘": "'", "’": "'",
    "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
    "\u00a0": " ", "░": "#", "▒": "#", "▓": "#", "█": "#",
}


def _width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


@lru_cache(maxsize=4096)
def _ascii_for(char: str) -> str:
    if char in _ASCII_FOR:
        return _ASCII_FOR[char]
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        horizontal, vertical = "HORIZONTAL" in name, "VERTICAL" in name
        if horizontal and not vertical:
            return "=" if "DOUBLE" in name else "-"
        return "|" if vertical and not horizontal else "+"
    if 0x2580 <= ord(char) <= 0x259F:  # block elements: Textual's tall and wide borders
        return "|" if any(word in name for word in ("LEFT", "RIGHT")) else "-"
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if c.isascii() and c.isprintable())
    if len(plain) == 1:
        return plain  # é -> e
    return "?" * _width(char)  # a wide character keeps its two columns


def to_ascii(text: str) -> str:
    """``text`` with every non-ASCII character replaced by ASCII of the same width.

    Escape sequences are ASCII already and pass through unchanged.

    >>> to_ascii("\\x1b[1m8♠ – 10♦\\x1b[0m")
    '\\x1b[1m8S - 10D\\x1b[0m'
    >>> to_ascii("漢")
    '??'
    """
    if text.isascii():
        return text
    return "".join(char if char.isascii() else _ascii_for(char) for char in text)


def _ascii_errors(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return to_ascii(error.object[error.start:error.end]), error.end


codecs.register_error(ERROR_HANDLER, _ascii_errors)


def use_ascii_fallback(*streams: TextIO) -> None:
    """Let ``streams`` (default: stdout and stderr) write what their encoding cannot
    show as ASCII (``♥`` as ``H``, ``─`` as ``-``) instead of raising
    ``UnicodeEncodeError``.  Streams that already handle errors are left alone.

    >>> import io
    >>> raw = io.BytesIO()
    >>> stream = io.TextIOWrapper(raw, encoding="latin-1")
    >>> use_ascii_fallback(stream)
    >>> _ = stream.write("Ben plays 10♥ · é"); stream.flush()
    >>> raw.getvalue().decode("latin-1")
    'Ben plays 10H · é'
    """
    for stream in streams or (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors=ERROR_HANDLER)
