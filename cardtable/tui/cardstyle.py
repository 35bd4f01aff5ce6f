"""How cards look on screen: labels with suit symbols or letters, and their colours.

Colour is never the only signal: every card shows its suit as a symbol (or a letter
with ``--ascii``), and selection and the cursor are shown by position and markers.

>>> from cardtable.cards import Card
>>> style = CardStyle(ascii_only=True)
>>> style.label(Card.parse("TH")), style.colour(Card.parse("TH"))
('10H', 'red')
>>> CardStyle(four_colour=True).colour(Card.parse("3C"))
'green'
"""

from __future__ import annotations

import codecs
import locale
import sys
from collections.abc import Iterable
from dataclasses import dataclass

from rich.text import Text

from cardtable.cards import Card, Suit

__all__ = ["CardStyle", "terminal_can_show_suits"]

_TWO_COLOURS = {Suit.CLUBS: "black", Suit.DIAMONDS: "red", Suit.HEARTS: "red", Suit.SPADES: "black"}
_FOUR_COLOURS = {Suit.CLUBS: "green", Suit.DIAMONDS: "blue", Suit.HEARTS: "red", Suit.SPADES: "black"}
# Rich colours for each named colour, on a light card face.
_INK = {"black": "#101010", "red": "#c8102e", "green": "#0a7a2f", "blue": "#1747b8"}


def terminal_can_show_suits() -> bool:
    """Whether the terminal's encoding can show ♣ ♦ ♥ ♠ (else the app uses letters)."""
    encoding = getattr(sys.stdout, "encoding", None) or locale.getpreferredencoding(False)
    try:
        codecs.lookup(encoding)
        "♣♦♥♠▲─".encode(encoding)
    except (LookupError, UnicodeEncodeError, TypeError):
        return False
    return True


@dataclass(frozen=True)
class CardStyle:
    """Display settings for cards: letters instead of symbols, four-colour deck."""

    ascii_only: bool = False
    four_colour: bool = False

    def label(self, card: Card) -> str:
        """``10♥`` (or ``10H``)."""
        return card.label(ascii_only=self.ascii_only)

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

    def inline(self, cards: Iterable[Card]) -> Text:
        """Cards as coloured labels for running text (logs, status lines)."""
        text = Text()
        for i, card in enumerate(cards):
            if i:
                text.append(" ")
            text.append(self.label(card), style=f"bold {self.text_ink(card)}")
        return text

    def suit_text(self, suit: Suit) -> Text:
        name = suit.name.lower()
        return Text.assemble((self.suit_label(suit), f"bold {self.text_ink(suit)}"), f" {name}")
