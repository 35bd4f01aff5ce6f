"""How cards look on screen: labels with suit symbols or letters, and their colours.

Colour is never the only signal: every card shows its suit as a symbol (or a letter
with ``--ascii``), and selection and the cursor are shown by position and markers.

>>> from cardtable.cards import Card
>>> style = CardStyle(ascii_only=True)
>>> style.label(Card.parse("TH")), style.colour(Card.parse("TH"))
('10H', 'red')
>>> CardStyle(four_colour=True).colour(Card.parse("3C"))
'green'

The ranks show the letters of the player's language (:mod:`cardtable.cardletters`), and
:func:`engine_notation` reads a card typed with them:

>>> from cardtable.lang import use_language
>>> use_language("nl")
>>> CardStyle().label(Card.parse("QS")), engine_notation("vh, DS 10d pass")
('D♠', 'JH QS TD pass')
>>> use_language("en")
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rich.text import Text

from cardtable.asciitext import to_ascii
from cardtable.cardletters import card_label, engine_rank, rank_label
from cardtable.cards import Card, Suit
from cardtable.errors import InvalidCardError
from cardtable.lang import pgettext

__all__ = [
    "CardStyle", "suit_name", "engine_notation", "to_ascii", "large_cards", "LARGE_CARDS_FROM",
    "beside", "lines_text",
]

LARGE_CARDS_FROM = (120, 40)
"""From this terminal size (columns, rows) cards are drawn large, three lines high."""


def large_cards(size: tuple[int, int]) -> bool:
    """Whether a terminal of ``size`` (columns, rows) shows large cards.

    >>> large_cards((120, 40)), large_cards((119, 50)), large_cards((200, 39))
    (True, False, False)
    """
    width, height = size
    return width >= LARGE_CARDS_FROM[0] and height >= LARGE_CARDS_FROM[1]


def beside(blocks: Iterable[list[Text]], gap: int = 1) -> list[Text]:
    """Blocks of lines side by side, top-aligned, each padded to its own width.

    >>> [line.plain for line in beside([[Text("ab"), Text("c")], [Text("1")]], gap=2)]
    ['ab  1', 'c']
    """
    columns = list(blocks)
    height = max((len(block) for block in columns), default=0)
    rows = [Text() for _ in range(height)]
    for number, block in enumerate(columns):
        width = max((line.cell_len for line in block), default=0)
        for index, out in enumerate(rows):
            line = block[index] if index < len(block) else Text()
            if number:
                out.append(" " * gap)
            out.append_text(line)
            if number < len(columns) - 1:
                out.append(" " * (width - line.cell_len))
    for out in rows:
        out.rstrip()
    return rows


def lines_text(lines: Iterable[Text]) -> Text:
    """Lines joined into one Text."""
    return Text("\n").join(lines)

_TWO_COLOURS = {Suit.CLUBS: "black", Suit.DIAMONDS: "red", Suit.HEARTS: "red", Suit.SPADES: "black"}
_FOUR_COLOURS = {Suit.CLUBS: "green", Suit.DIAMONDS: "blue", Suit.HEARTS: "red", Suit.SPADES: "black"}
# Rich colours for each named colour, on a light card face.
_INK = {"black": "#101010", "red": "#c8102e", "green": "#0a7a2f", "blue": "#1747b8"}


class CardStyle(NamedTuple):
    """Display settings for cards: letters instead of symbols, four-colour deck."""

    ascii_only: bool = False
    four_colour: bool = False

    def label(self, card: Card) -> str:
        """``10♥`` (or ``10H``), the ranks in the player's language's letters (Dutch ``V♥``)."""
        return card_label(card, ascii_only=self.ascii_only)

    def rank_label(self, rank: int) -> str:
        """A rank alone in the player's language's letters (Dutch ``R`` for the king, ``10``)."""
        return rank_label(rank, ascii_only=self.ascii_only)

    def suit_label(self, suit: Suit) -> str:
        return suit.letter if self.ascii_only else suit.symbol

    def colour(self, card_or_suit: Card | Suit) -> str:
        suit = card_or_suit.suit if isinstance(card_or_suit, Card) else card_or_suit
        return (_FOUR_COLOURS if self.four_colour else _TWO_COLOURS)[suit]

    def ink(self, card_or_suit: Card | Suit) -> str:
        """The Rich colour of a card's text on a light face."""
        return _INK[self.colour(card_or_suit)]

    def text_ink(self, card_or_suit: Card | Suit) -> str:
        """The Rich colour of a card's text on the dark table (black becomes white)."""
        colour = self.colour(card_or_suit)
        return {"black": "#f0f0f0", "red": "#ff5a6e", "green": "#4cd67a", "blue": "#6f9bff"}[colour]

    def face(self, card: Card, width: int = 3, dim: bool = False, bold: bool = True) -> Text:
        """A card face: its label, right-aligned to ``width``, dark ink on a light face."""
        label = self.label(card).rjust(width)
        if dim:
            return Text(label, style="#8a8a8a on #4a4a4a")
        return Text(label, style=f"{'bold ' if bold else ''}{self.ink(card)} on #f4f1e8")

    def large_face(self, card: Card | None, dim: bool = False, mark: str = "") -> list[Text]:
        """A card three lines high with box corners, as desktop card games draw it
        (``None``: an empty place on the table).  ``mark`` sits in the middle of the
        bottom edge (a winner's star).

        >>> [line.plain for line in CardStyle(ascii_only=True).large_face(Card.parse("TH"))]
        ['+---+', '|10H|', '+---+']
        >>> [line.plain for line in CardStyle().large_face(Card.parse("QS"), mark="★")]
        ['╭───╮', '│ Q♠│', '╰─★─╯']
        >>> [line.plain for line in CardStyle().large_face(None)]
        ['╭┄┄┄╮', '┆   ┆', '╰┄┄┄╯']
        """
        if card is None:
            edge, rim, foot = ("+ - +", ":", "+ - +") if self.ascii_only else ("╭┄┄┄╮", "┆", "╰┄┄┄╯")
            empty = "#5c7d6a"
            return [Text(edge, style=empty), Text(f"{rim}   {rim}", style=empty), Text(foot, style=empty)]
        return self.enlarge(self.face(card, dim=dim), mark=mark)

    def enlarge(self, face: Text, mark: str = "") -> list[Text]:
        """A one-line face (from :meth:`face`, with any highlight added) framed into a
        large card: the frame takes the face's colours, so a highlight covers it all."""
        if self.ascii_only:
            top, side, bottom, dash = "+---+", "|", "+---+", "-"
        else:
            top, side, bottom, dash = "╭───╮", "│", "╰───╯", "─"
        if mark:
            bottom = bottom[0] + mark.center(3, dash)[:3] + bottom[-1]

        def framed(edge: str) -> Text:
            text = Text(edge, style=face.style)
            for span in face.spans:
                text.stylize(span.style)
            return text

        label = face.copy()
        label.pad_left(3 - label.cell_len)
        return [framed(top), framed(side) + label + framed(side), framed(bottom)]

    def inline(self, cards: Iterable[Card]) -> Text:
        """Cards as coloured labels for running text (logs, status lines)."""
        text = Text()
        for i, card in enumerate(cards):
            if i:
                text.append(" ")
            text.append(self.label(card), style=f"bold {self.text_ink(card)}")
        return text

    def suit_text(self, suit: Suit) -> Text:
        """A suit's symbol (or letter) in its colour, then its name in the player's words.

        >>> from cardtable.lang import use_language
        >>> use_language("pl")
        >>> CardStyle().suit_text(Suit.DIAMONDS).plain
        '♦ karo'
        >>> use_language("en")
        """
        return Text.assemble((self.suit_label(suit), f"bold {self.text_ink(suit)}"), f" {suit_name(suit)}")


def suit_name(suit: Suit) -> str:
    """A suit's name in the player's words (``spades``), beside its symbol.

    >>> suit_name(Suit.CLUBS)
    'clubs'
    """
    names = {
        Suit.CLUBS: pgettext("a suit", "clubs"),
        Suit.DIAMONDS: pgettext("a suit", "diamonds"),
        Suit.HEARTS: pgettext("a suit", "hearts"),
        Suit.SPADES: pgettext("a suit", "spades"),
    }
    return names[suit]


def engine_notation(text: str) -> str:
    """A move typed at the table with the rank letters of the player's language (Dutch
    ``VH``, Polish ``WH``, Bulgarian ``ВH``) in the engine's notation (``JH``), any case,
    for :meth:`~cardtable.engine.actions.Action.parse`; the engine's own notation
    (``QS``) is read as it is in every language, and a word that is no card (``pass``)
    is left alone.

    >>> from cardtable.lang import use_language
    >>> use_language("bg")
    >>> engine_notation("give вh дs пc"), engine_notation("QS аh")
    ('give JH QS KC', 'QS AH')
    >>> use_language("en")
    """
    return " ".join(_engine_card(word) for word in text.replace(",", " ").split())


def _engine_card(word: str) -> str:
    if len(word) < 2:
        return word
    try:
        suit = Suit.parse(word[-1])
    except InvalidCardError:
        return word
    rank = engine_rank(word[:-1])
    return word if rank is None else rank.letter + suit.letter
