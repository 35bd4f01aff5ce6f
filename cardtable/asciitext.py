"""Plain ASCII for terminals that cannot show anything else.

:func:`to_ascii` replaces each character outside ASCII with ASCII of the same width
(``─`` with ``-``, ``♥`` with ``H``, ``·`` with ``.``), so a screen laid out for Unicode
keeps its shape.  The app's ASCII mode passes everything it writes through it, and
:func:`use_ascii_fallback` makes the command line's output streams use it for any
character their encoding cannot write, instead of failing with a traceback.

Standard library only: the command line loads this before anything else.  So does
:func:`terminal_can_show_suits`, which the app asks before its first frame.

>>> to_ascii("╭─ Your hand · 13 cards ─╮ ▶ Ben ★ 10♥ é")
'+- Your hand . 13 cards -+ > Ben * 10H e'
"""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import TextIO

__all__ = ["to_ascii", "use_ascii_fallback", "terminal_can_show_suits", "ERROR_HANDLER"]

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


def _can_encode(encoding: str) -> bool:
    try:
        codecs.lookup(encoding)
        "♣♦♥♠▲─".encode(encoding)
    except (LookupError, UnicodeEncodeError, TypeError):
        return False
    return True


def terminal_can_show_suits(
    environ: Mapping[str, str] | None = None, encoding: str | None = None
) -> bool:
    """Whether the terminal can show ♣ ♦ ♥ ♠ and box-drawing lines (else: ASCII mode).

    Both the output's encoding and the locale must allow them.  Python runs a C locale
    as UTF-8 (PEP 538), so the encoding alone says yes to a terminal set to ``LANG=C``,
    which shows only ASCII; the locale variables are read the way the C library reads
    them (the first set of LC_ALL, LC_CTYPE, LANG), except the LC_CTYPE that Python sets
    when it coerces a C locale.

    >>> terminal_can_show_suits({"LANG": "en_GB.UTF-8"}, "utf-8")
    True
    >>> terminal_can_show_suits({"LC_ALL": "C", "LANG": "en_GB.UTF-8"}, "utf-8")
    False
    >>> terminal_can_show_suits({"LANG": "POSIX"}, "utf-8")
    False
    >>> terminal_can_show_suits({"LANG": "de_DE.ISO-8859-1"}, "utf-8")
    False
    >>> terminal_can_show_suits({}, "latin-1"), terminal_can_show_suits({}, "ascii")
    (False, False)
    """
    env = os.environ if environ is None else environ
    names = ["LC_ALL", "LC_CTYPE", "LANG"]
    if sys.flags.utf8_mode and env.get("LC_CTYPE") == "C.UTF-8" and not env.get("LC_ALL"):
        # Python itself set this when it found a C locale (PEP 538): it is not the terminal's.
        names.remove("LC_CTYPE")
    locale_name = next((env[name] for name in names if env.get(name)), "")
    if locale_name in ("C", "POSIX"):
        return False
    codeset = locale_name.partition(".")[2].partition("@")[0]
    if codeset and not _can_encode(codeset):
        return False
    if encoding is None:
        import locale

        encoding = getattr(sys.stdout, "encoding", None) or locale.getpreferredencoding(False)
    return _can_encode(encoding)
