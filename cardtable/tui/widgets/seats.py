"""The seat boxes around the table: each player's name and level, card count, status
and one more fact (a title, a record), fitted to the box's width."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from cardtable.lang import _, ngettext, pgettext
from cardtable.names import fit_name

__all__ = ["SeatBox", "seat_lines"]

def _short_level(level: str) -> str:
    """A bot's level as a narrow seat box gives it (``norm``)."""
    return pgettext("a bot's level, short", "norm") if level == _("normal") else level


def _head_with_level(width: int, label: str, name: str, marker: str, star: str) -> str:
    """Line 1 of a seat box too narrow for ``marker + label + star``: keep the level."""
    level = label[len(name) + 2 : -1] if label.startswith(f"{name} (") and label.endswith(")") else ""
    if not level:
        return marker + fit_name(name, width - cell_len(marker) - cell_len(star)) + star
    tags = [f" ({level})", f" ({_short_level(level)})"]
    candidates = [marker + name + tag + star for tag in tags]
    candidates += [name + tag + star for tag in tags]
    room = width - cell_len(tags[-1]) - cell_len(star)
    if room >= 4:  # three letters of the name and an ellipsis
        candidates.append(fit_name(name, room) + tags[-1] + star)
    return next((c for c in candidates if cell_len(c) <= width), marker + fit_name(name, width - cell_len(marker) - cell_len(star)) + star)


def seat_lines(
    width: int,
    label: str,
    name: str,
    count: int,
    words: list[str],
    badges: Sequence[str] = (),
    to_act: bool = False,
    viewer: bool = False,
    ascii_only: bool = False,
) -> list[str]:
    """The three lines of a seat box, each at most ``width`` columns.

    Line 1 is the name (with its level when it fits), marked ``▶`` when the seat is
    to act and ``★`` for the viewer; the card count and the status words never get
    cut: when they do not share a line they take one each, "to act" gives way to
    the ``▶`` marker, and then the least specific words go.  ``badges`` are one
    piece of extra information, longest form first; the first that fits is used.

    A bot's level stays on line 1 at six players: shortened (``norm``), then without the
    ``▶`` (the box's colour and "to act" still say whose turn it is), then with the name
    shortened.

    >>> seat_lines(11, "Ben (normal)", "Ben", 6, ["defender"], ["won 0 · durak 1", "0/1"])
    ['Ben (norm)', '6 cards', 'defender']
    >>> seat_lines(11, "Ben (normal)", "Ben", 6, ["defender", "to act"], ["won 0 · durak 1", "0/1"], to_act=True)
    ['Ben (norm)', '6 cards', 'to act']
    >>> seat_lines(11, "Maximilian (hard)", "Maximilian", 6, [])[0]
    'Max… (hard)'

    When not even that fits (six players at 60 columns), the level leads the third line:

    >>> seat_lines(9, "Ada (easy)", "Ada", 9, [], ["P"])
    ['Ada', '9 cards', 'easy · P']
    >>> seat_lines(9, "Ben (normal)", "Ben", 9, [], [])
    ['Ben', '9 cards', 'normal']
    >>> seat_lines(30, "Ben (normal)", "Ben", 6, ["defender", "to act"], ["won 0 · durak 1"], to_act=True)
    ['▶ Ben (normal)', 'defender, to act · 6 cards', 'won 0 · durak 1']
    """
    marker = (">" if ascii_only else "▶") + " " if to_act else ""
    star = (" *" if ascii_only else " ★") if viewer else ""
    head = marker + label + star
    if cell_len(head) > width:
        head = _head_with_level(width, label, name, marker, star)
    marked = bool(marker) and head.startswith(marker)
    level = label[len(name) + 2 : -1] if label.startswith(f"{name} (") and label.endswith(")") else ""
    if level and f"({_short_level(level)})" not in head and f"({level})" not in head:
        # No room for the level beside the name: it leads the third line instead.
        short = _short_level(level)
        badges = [f"{level} · {b}" for b in badges if b] + [f"{short} · {b}" for b in badges if b] + [level, short]
    cards = ngettext("{count} card", "{count} cards", count).format(count=count)
    if len(cards) > width:
        cards = pgettext("cards, short", "{count}c").format(count=count)
    to_act_word = _("to act")

    def status_fitting(room: int) -> str:
        kept = list(words)
        if marked and len(", ".join(kept)) > room and to_act_word in kept:
            kept.remove(to_act_word)
        while kept and len(", ".join(kept)) > room:
            kept.pop(0)
        return ", ".join(kept)

    def badge_fitting(room: int) -> str:
        return next((b for b in badges if b and len(b) <= room), "")

    status = ", ".join(words)
    if status and len(status) + 3 + len(cards) <= width:
        return [head, f"{status} · {cards}", badge_fitting(width)]
    if not status:
        return [head, cards, badge_fitting(width)]
    specific = ", ".join(word for word in words if not (marked and word == to_act_word))
    if specific and len(specific) + 3 + len(cards) <= width:
        # "to act" gives way to the marker, so the status shares a line with the count
        # and the badge keeps a line of its own, in its longest form.
        return [head, f"{specific} · {cards}", badge_fitting(width)]
    status = status_fitting(width)
    badge = badge_fitting(width - len(cards) - 3)
    second = f"{cards} · {badge}" if badge else cards
    if not badge:
        badge = badge_fitting(width - len(status) - 3) if status else ""
        if badge:
            return [head, second, f"{status} · {badge}"]
    return [head, second, status]


class SeatBox(Static):
    """One player around the table: name and level, card count, status, title."""

    def show(self, lines: list[str], badges: Sequence[str], to_act: bool, viewer: bool) -> None:
        """Draw ``lines`` (from :func:`seat_lines`): the name bold, a badge in colour,
        the "to act" line in yellow; the box is marked for the seat to act and the viewer."""
        text = Text(no_wrap=True, overflow="ellipsis")
        for number, line in enumerate(lines):
            if number:
                text.append("\n")
            if number == 0:
                text.append(line, style="bold" if to_act else "")
            elif line in badges:
                text.append(line, style="cyan")
            else:
                text.append(line, style="bold yellow" if to_act and _("to act") in line else "")
        self.update(text)
        self.set_class(to_act, "to-act")
        self.set_class(viewer, "viewer")
