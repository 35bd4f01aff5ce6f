"""The ranks' letters in the player's language: ``V♥`` for the jack of hearts in Dutch.

The engine writes a card in one notation in every language (``JH``, ``QS``, ``10H``):
records, saves and ``--json`` keep it.  What a person reads shows the jack, queen, king
and ace with the letters of their language, which the catalogues carry as messages of
the context ``card rank`` (``J`` → ``V`` in Dutch and Estonian, ``W`` in Polish, ``В``
in Bulgarian); numbers stay numbers.  A translation that is not one letter (the
pseudo-language's ``⟦Ĵ ~⟧``) is passed over for the engine's letter.

:func:`engine_rank` reads a letter back, the language's or the engine's, so a player may
type either; a language's letter wins over an engine letter of another rank, and
:func:`clashes` lists any such letter (tests/test_cardletters.py holds every catalogue
to none, so that ``QS`` is the queen of spades in every language).

>>> from cardtable.cards import Card
>>> from cardtable.lang import use_language
>>> use_language("nl")
>>> card_label(Card.parse("JH")), card_label(Card.parse("TH")), card_label(Card.parse("QS"), ascii_only=True)
('V♥', '10♥', 'DS')
>>> engine_rank("v"), engine_rank("D"), engine_rank("Q"), engine_rank("x")
(<Rank.JACK: 11>, <Rank.QUEEN: 12>, <Rank.QUEEN: 12>, None)
>>> use_language("en")
>>> card_label(Card.parse("JH"))
'J♥'
"""

from __future__ import annotations

from cardtable.cards import Card, Rank
from cardtable.lang import current_language, pgettext

__all__ = ["RANK_CONTEXT", "rank_letters", "rank_label", "card_label", "engine_rank", "clashes"]

RANK_CONTEXT = "card rank"
"""The catalogue context of the rank letters (written out where they are looked up, for Babel)."""

_by_language: dict[str, dict[Rank, str]] = {}


def _letters_for_this_language() -> dict[Rank, str]:
    words = {
        # TRANSLATORS: the letter the jack's cards show and players type (Dutch V, Polish W, Bulgarian В): one letter.
        Rank.JACK: pgettext("card rank", "J"),
        # TRANSLATORS: the letter of the queen (Dutch D, Polish D, Bulgarian Д): one letter, unlike the other ranks'.
        Rank.QUEEN: pgettext("card rank", "Q"),
        # TRANSLATORS: the letter of the king (Dutch R, Polish K, Bulgarian П): one letter, unlike the other ranks'.
        Rank.KING: pgettext("card rank", "K"),
        # TRANSLATORS: the letter of the ace (A in most languages, Bulgarian А): one letter, unlike the other ranks'.
        Rank.ACE: pgettext("card rank", "A"),
    }
    letters = {rank: rank.label for rank in Rank}
    for rank, word in words.items():
        word = word.strip()
        if len(word) == 1 and word.isalpha():
            letters[rank] = word.upper()
    return letters


def rank_letters() -> dict[Rank, str]:
    """Every rank's label in the current language, two to ace (``10`` for the ten).

    >>> from cardtable.lang import use_language
    >>> use_language("pl")
    >>> " ".join(rank_letters()[rank] for rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))
    '10 W D K A'
    >>> use_language("en")
    """
    code = current_language()
    letters = _by_language.get(code)
    if letters is None:
        letters = _by_language[code] = _letters_for_this_language()
    return letters


def rank_label(rank: int, ascii_only: bool = False) -> str:
    """A rank as a person of the current language reads it (``V``, ``10``); with
    ``ascii_only``, a letter outside ASCII (Bulgarian's) is the engine's letter."""
    label = rank_letters()[Rank(rank)]
    return label if not ascii_only or label.isascii() else Rank(rank).label


def card_label(card: Card, ascii_only: bool = False) -> str:
    """A card as a person of the current language reads it: ``V♥``, or ``VH`` with ``ascii_only``."""
    return rank_label(card.rank, ascii_only) + (card.suit.letter if ascii_only else card.suit.symbol)


def engine_rank(letter: str) -> Rank | None:
    """The rank a letter typed in the current language means (its own letters first,
    then the engine's: ``2``-``9``, ``T``, ``10``, ``J``, ``Q``, ``K``, ``A``), any case;
    ``None`` for anything else."""
    wanted = letter.strip().upper()
    for rank, label in rank_letters().items():
        if label.upper() == wanted:
            return rank
    try:
        return Rank.parse(wanted)
    except ValueError:
        return None


def clashes() -> list[str]:
    """The current language's rank letters that are the engine's letter for another rank
    (they would make typed engine notation mean another card); none in a good catalogue.

    >>> from cardtable.lang import use_language
    >>> use_language("bg")
    >>> clashes()
    []
    >>> use_language("en")
    """
    engine = {rank.letter: rank for rank in Rank} | {"10": Rank.TEN}
    return [
        f"{label} ({rank.name.lower()})"
        for rank, label in rank_letters().items()
        if engine.get(label.upper(), rank) is not rank
    ]
