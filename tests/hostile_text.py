"""Hostile text for the tests of names and outside text: what a file or a person may hold.

Markup (closing tags, links, actions), escape sequences (clear the screen, set the
terminal's title), other control characters, line breaks, bidi overrides, zero-width
joiners, emoji, wide and combining characters, and backslashes (regex groups).
"""

from __future__ import annotations

from hypothesis import strategies as st

HOSTILE = [
    "[/x]", "[/]", "[red]x[/red]", "[link=file:///etc/passwd]x[/link]", "[b]", "[@click=app.quit]q[/]",
    "\x1b[2J", "\x1b]0;pwn\x07", "\x1b", "\x07", "\r", "\n", "\r\n", "\t", "\x00", "\x7f", "\x9b",
    "\u202e", "\u2066", "\u200d", "\u2028", "\ufeff", "😀", "👨‍👩‍👧", "李小龍", "é", "e\u0301", " ",
    "\\", "\\1", "%s", "{}",
]


def outside_text(max_pieces: int = 8) -> st.SearchStrategy[str]:
    """Text of up to ``max_pieces`` pieces, each hostile or arbitrary; never empty."""
    piece = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=6))
    return st.lists(piece, min_size=1, max_size=max_pieces).map("".join)
