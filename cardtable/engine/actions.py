"""Actions: small immutable values with a text notation that round-trips.

======================  ==========  =====================================
notation                kind        meaning
======================  ==========  =====================================
``7H 7S``, ``QS``       ``play``    play these cards (President, Hearts)
``pass``                ``pass``    pass (President, Durak)
``take``                ``take``    pick up the table (Durak)
``give 3C 4D``          ``give``    hand these cards over (exchanges, Hearts pass)
``attack 7H``           ``attack``  open a bout or throw in (Durak)
``defend 7H 9H``        ``defend``  beat the attacking 7H with the 9H (Durak)
======================  ==========  =====================================

>>> a = Action.parse("7s 7h")
>>> str(a), a == Action.parse("7H 7S")
('7H 7S', True)
>>> str(Action.parse("DEFEND 7h 9H"))
'defend 7H 9H'

Cards are listed in card-index order, whatever order they were typed in, except for
``defend``, whose first card is the attacking card and second the card that beats it.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import Card, cards_to_mask, mask_to_cards, parse_cards
from cardtable.errors import InvalidCardError, MalformedActionError, NotationProblem, one_line, quoted

__all__ = ["Action", "PASS", "TAKE", "KINDS"]

KINDS = ("play", "pass", "take", "give", "attack", "defend")
"""Every action kind, in the order they are documented."""

_NO_CARDS = frozenset({"pass", "take"})


class Action:
    """One action of one player.

    >>> Action.play([Card.parse("7S"), Card.parse("7H")])
    Action.parse('7H 7S')
    >>> Action.parse("pass") is PASS
    True
    """

    __slots__ = ("kind", "cards", "mask", "_text", "_hash")

    kind: str
    cards: tuple[Card, ...]
    mask: int
    _text: str
    _hash: int

    def __init__(self, kind: str, cards: Iterable[Card] = ()) -> None:
        if kind not in KINDS:
            raise MalformedActionError(f"{quoted(kind)} is not an action kind")
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise MalformedActionError(f"{quoted(cards)} is not a list of cards")
        cards = tuple(cards)
        for card in cards:
            if not isinstance(card, Card):
                raise MalformedActionError(f"{quoted(card)} is not a card")
        mask = cards_to_mask(cards)
        if bin(mask).count("1") != len(cards):
            twice = next(card for card in cards if cards.count(card) > 1)
            raise MalformedActionError("a card is listed twice", problem=NotationProblem("card_twice", token=twice.code))
        if kind in _NO_CARDS:
            if cards:
                raise MalformedActionError(f"'{kind}' takes no cards", problem=NotationProblem("takes_no_cards", kind=kind))
        elif kind == "defend":
            if len(cards) != 2:
                raise MalformedActionError(
                    "'defend' needs two cards: the attacking card, then the card that beats it",
                    problem=NotationProblem("defend_two", kind=kind),
                )
        else:
            if not cards:
                raise MalformedActionError(f"'{kind}' needs at least one card", problem=NotationProblem("no_cards", kind=kind))
            if kind == "attack" and len(cards) != 1:
                raise MalformedActionError("'attack' takes exactly one card", problem=NotationProblem("attack_one", kind=kind))
            cards = tuple(sorted(cards, key=_index))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "mask", mask)
        codes = " ".join(card.code for card in cards)
        text = codes if kind == "play" else (f"{kind} {codes}" if cards else kind)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_hash", hash(text))

    # --- constructors -------------------------------------------------------
    @classmethod
    def play(cls, cards: Iterable[Card]) -> Action:
        """Play these cards."""
        return cls("play", cards)

    @classmethod
    def give(cls, cards: Iterable[Card]) -> Action:
        """Hand these cards to another player."""
        return cls("give", cards)

    @classmethod
    def attack(cls, card: Card) -> Action:
        """Open a bout with, or throw in, this card."""
        return cls("attack", (card,))

    @classmethod
    def defend(cls, attacking: Card, beating: Card) -> Action:
        """Beat the attacking card with another."""
        return cls("defend", (attacking, beating))

    @classmethod
    def of_mask(cls, kind: str, mask: int) -> Action:
        """The action of ``kind`` with the cards of ``mask``, for a game that generates
        its legal moves as masks (a card is listed once, in index order, by construction).

        >>> Action.of_mask("give", 0b10011) == Action.parse("give 2C 2D 3C")
        True
        >>> Action.of_mask("defend", 0b11)
        Traceback (most recent call last):
        ...
        cardtable.errors.MalformedActionError: 'defend' is made with Action.defend, not from a mask
        """
        if kind not in KINDS or kind in _NO_CARDS or kind in ("defend", "attack") or mask <= 0:
            if kind == "defend":
                raise MalformedActionError("'defend' is made with Action.defend, not from a mask")
            return cls(kind, mask_to_cards(mask))
        cards = mask_to_cards(mask)
        action = object.__new__(cls)
        codes = " ".join([card.code for card in cards])
        text = codes if kind == "play" else f"{kind} {codes}"
        object.__setattr__(action, "kind", kind)
        object.__setattr__(action, "cards", cards)
        object.__setattr__(action, "mask", mask)
        object.__setattr__(action, "_text", text)
        object.__setattr__(action, "_hash", hash(text))
        return action

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse an action's notation (any case, cards in any order).

        >>> Action.parse("give 4d 3c")
        Action.parse('give 3C 4D')
        >>> Action.parse("jump")
        Traceback (most recent call last):
        ...
        cardtable.errors.MalformedActionError: 'jump' is not an action: 'jump' is not a card (write rank then suit, like QS or 10H)
        """
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise MalformedActionError(f"{quoted(text)} is not an action")
        words = text.replace(",", " ").split()
        if not words:
            raise MalformedActionError("empty action: type cards to play, or a word like pass",
                                       problem=NotationProblem("empty"))
        head = words[0].lower()
        if head in KINDS and head != "play":
            kind, tokens = head, words[1:]
        else:
            kind, tokens = "play", words[1:] if head == "play" else words
        if kind in _NO_CARDS and not tokens:
            return PASS if kind == "pass" else TAKE
        try:
            cards = parse_cards(tokens)
        except InvalidCardError as exc:
            problem = NotationProblem("not_a_card", token=exc.token or one_line(text.strip()))
            raise MalformedActionError(f"{quoted(text.strip())} is not an action: {exc}", problem=problem) from None
        try:
            return cls(kind, cards)
        except MalformedActionError as exc:
            raise MalformedActionError(
                f"{quoted(text.strip())} is not an action: {exc}", problem=exc.problem
            ) from None

    # --- value behaviour ----------------------------------------------------
    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Action.parse, (self._text,))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return other._text == self._text
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    @property
    def is_pass(self) -> bool:
        return self.kind == "pass"


def _index(card: Card) -> int:
    return card.index


PASS = Action("pass")
TAKE = Action("take")
