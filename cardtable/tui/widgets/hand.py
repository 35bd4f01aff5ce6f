"""The hand of the seat at the keyboard: one row of card faces, a cursor, a selection.

Selected cards are raised one line above the others, the cursor has a marker under
it, and cards that cannot be part of any legal move now are dimmed and marked ``×``
underneath; a hint's cards are marked ``◆`` and, in a review, the move made's ``●``; so
neither the selection, the cursor, playability nor a move shown relies on colour alone.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from cardtable.cards import Card
from cardtable.lang import _
from cardtable.tui.cardstyle import CardStyle, large_cards

__all__ = ["HandView"]

CELL = 4  # one space then a three-column face ("10♥")
LARGE_CELL = 6  # one space then a five-column large card ("│10♥│")


class HandView(Widget):
    """Shows cards in a given order; the screen decides what they mean.

    >>> from cardtable.cards import parse_cards
    >>> hand = HandView()
    >>> hand.set_cards(parse_cards("3C 10H QS"))
    >>> hand.toggle(1); [str(c) for c in hand.selected_cards]
    ['TH']
    """

    DEFAULT_CSS = """
    HandView { height: auto; min-height: 3; }
    """

    cursor: reactive[int] = reactive(0)

    class CardClicked(Message):
        """A card was clicked (the widget has already moved the cursor there)."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, style: CardStyle | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.card_style = style or CardStyle()
        self.cards: list[Card] = []
        self.selected: set[Card] = set()
        self.playable: Collection[Card] | None = None
        self.show_cursor = True
        #: cards of a suggested move (a hint), underlined and marked
        self.hinted: set[Card] = set()
        #: cards just received (a pass, an exchange), on a gold face and marked
        self.received: set[Card] = set()
        #: cards of the move made (the review), on a violet face and marked
        self.made: set[Card] = set()

    # --- state ----------------------------------------------------------------
    def set_cards(self, cards: Sequence[Card], playable: Collection[Card] | None = None) -> None:
        """Show ``cards`` in this order; ``playable`` (if given) dims every other card.

        The selection keeps only cards still in the hand, and the cursor stays on the
        same card when it can.
        """
        current = self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None
        lines = self._lines()
        self.cards = list(cards)
        self.selected &= set(self.cards)
        self.received &= set(self.cards)
        self.playable = playable
        if current in self.cards:
            self.cursor = self.cards.index(current)
        else:
            self.cursor = min(self.cursor, max(len(self.cards) - 1, 0))
        if playable and self.cursor_card not in playable:
            # Start on a card that can be played: the nearest one to where the cursor was.
            choices = [i for i, card in enumerate(self.cards) if card in playable]
            self.cursor = min(choices, key=lambda i: (abs(i - self.cursor), i))
        # A new layout only when the hand takes another number of lines: laying the whole
        # screen out again after every move was much of a redraw's work.
        self.refresh(layout=self._lines() != lines)

    @property
    def selected_cards(self) -> list[Card]:
        return [card for card in self.cards if card in self.selected]

    @property
    def cursor_card(self) -> Card | None:
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def toggle(self, index: int | None = None) -> None:
        """Select or unselect the card at ``index`` (default: the cursor's card)."""
        index = self.cursor if index is None else index
        if not 0 <= index < len(self.cards):
            return
        card = self.cards[index]
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
        self.refresh()

    def clear_selection(self) -> None:
        self.selected.clear()
        self.refresh()

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def watch_cursor(self) -> None:
        self.refresh()

    # --- drawing -----------------------------------------------------------------
    @property
    def large(self) -> bool:
        """Large cards (three lines, box corners) in a terminal of 120x40 and up."""
        return self.is_attached and large_cards(self.app.size)

    @property
    def cell(self) -> int:
        """Columns per card."""
        return LARGE_CELL if self.large else CELL

    @property
    def rows_per_line(self) -> int:
        """Rows per line of cards: the face, one row to raise a selected card, the marks."""
        return 5 if self.large else 3

    def _per_line(self, width: int) -> int:
        return max(1, (max(width, self.cell) - 1) // self.cell)

    def _lines(self, width: int | None = None) -> int:
        """Lines of cards the hand takes at ``width`` (default: the widget's own)."""
        return max(1, -(-len(self.cards) // self._per_line(self.content_size.width if width is None else width)))

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return self.rows_per_line * self._lines(width)

    def _card_cell(self, index: int, card: Card) -> tuple[Text, Text]:
        """One card's face (highlights applied) and its marks underneath (``CELL`` wide)."""
        marker = "^" if self.card_style.ascii_only else "▲"
        dim = self.playable is not None and card not in self.playable
        face = self.card_style.face(card, dim=dim)
        if card in self.received:
            face.stylize("on #ffd966")
        if card in self.made:
            face.stylize("bold on #6a4c93")
        if card in self.hinted:
            face.stylize("underline reverse")
        # Every mark that applies, side by side under the face: the hint or the
        # received mark never vanishes under the cursor or beside the ×.
        marks = []
        if index == self.cursor and self.show_cursor:
            marks.append((marker, "bold yellow"))
        if card in self.made:
            marks.append((self.made_mark, "bold #c9a7ff"))
        if card in self.hinted:
            marks.append((self.hint_mark, "bold cyan"))
        if dim:
            marks.append((self.unplayable_mark, "#8a8a8a"))
        if card in self.received:
            marks.append((self.received_mark, "bold #ffd966"))
        lead = "  " if len(marks) == 1 else " "  # a lone mark sits mid-face
        under = Text(lead)
        for mark, mark_style in marks:
            under.append(mark, style=mark_style)
        under.append(" " * (CELL - len(lead) - len(marks)))
        return face, under

    def render(self) -> Text:
        width = self.size.width or 80
        if not self.cards:
            return Text("\n" + _("(no cards)"), style="dim italic")
        per_line = self._per_line(width)
        large, cell = self.large, self.cell
        out: list[Text] = []
        for start in range(0, len(self.cards), per_line):
            chunk = self.cards[start : start + per_line]
            pad = " " * max((width - len(chunk) * cell) // 2, 0)
            rows = [Text(pad) for _ in range(self.rows_per_line)]
            for offset, card in enumerate(chunk):
                face, under = self._card_cell(start + offset, card)
                # A selected card sits one row higher than the others.
                top = 0 if card in self.selected else 1
                faces = self.card_style.enlarge(face) if large else [face]
                for row in range(len(rows) - 1):
                    part = row - top
                    if 0 <= part < len(faces):
                        rows[row].append(" ")
                        rows[row].append_text(faces[part])
                    else:
                        rows[row].append(" " * cell)
                rows[-1].append(" " if large else "")
                rows[-1].append_text(under)
                rows[-1].append(" " if large else "")
            out.extend(rows)
        return Text("\n").join(out)

    @property
    def received_mark(self) -> str:
        """The mark under a card just received from another player."""
        return "+" if self.card_style.ascii_only else "✚"

    @property
    def made_mark(self) -> str:
        """The mark under a card of the move made (the review)."""
        return "*" if self.card_style.ascii_only else "●"

    @property
    def hint_mark(self) -> str:
        """The mark under a card of the suggested move."""
        return "?" if self.card_style.ascii_only else "◆"

    @property
    def unplayable_mark(self) -> str:
        """The mark under a card that cannot be part of a legal move now."""
        return "x" if self.card_style.ascii_only else "×"

    @property
    def has_unplayable(self) -> bool:
        return self.playable is not None and any(card not in self.playable for card in self.cards)

    def index_at(self, x: int, y: int) -> int | None:
        """The index of the card drawn at widget coordinates ``(x, y)``, if any."""
        width = self.size.width or 80
        per_line = self._per_line(width)
        line = y // self.rows_per_line
        start = line * per_line
        chunk = len(self.cards[start : start + per_line])
        pad = max((width - chunk * self.cell) // 2, 0)
        column = (x - pad) // self.cell
        if x < pad or not 0 <= column < chunk:
            return None
        return start + column

    def on_click(self, event: Click) -> None:
        index = self.index_at(event.x, event.y)
        if index is None:
            return
        self.cursor = index
        self.toggle(index)
        self.post_message(self.CardClicked(index))
