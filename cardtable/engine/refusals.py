"""Why the rules refuse an action, as data: a :class:`RuleRefusal` is a code and the values involved.

A game's ``_why_illegal`` answers with one of these instead of a sentence, so that each
screen can word it in its player's language and the network can carry it as data.  Its
``str()`` is the one English line the engine has always given (the message of
:class:`~cardtable.errors.IllegalActionError`, the command line's one-line errors, the
``why_illegal`` answer), made from the code and the values alone: a refusal read back
from its :meth:`~RuleRefusal.to_dict` reads the same.

The codes form a closed set (:data:`REFUSAL_CODES`): the engine's own three
(:data:`ENGINE_CODES`) and each game's, which its rules list in ``refusal_codes``.

>>> from cardtable.cards import parse_cards
>>> refusal = RuleRefusal("not_in_hand", cards=tuple(parse_cards("QS 10H")))
>>> str(refusal)
'QS and TH are not in your hand'
>>> refusal.to_dict()
{'code': 'not_in_hand', 'cards': ['QS', 'TH']}
>>> RuleRefusal.from_dict(refusal.to_dict()) == refusal
True
>>> str(RuleRefusal("rank_too_low", ranks=(Rank.SEVEN, Rank.KING)))
'7 does not beat K'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, Rank, Suit
from cardtable.errors import one_line

__all__ = [
    "RuleRefusal",
    "REFUSAL_CODES",
    "ENGINE_CODES",
    "DIRECTIONS",
    "GAME_OVER_CODE",
    "NOT_YOUR_TURN_CODE",
    "MALFORMED_CODE",
    "RefusalDataError",
    "malformed",
]

GAME_OVER_CODE = "game_over"
NOT_YOUR_TURN_CODE = "not_your_turn"
MALFORMED_CODE = "malformed"
ENGINE_CODES = frozenset({GAME_OVER_CODE, NOT_YOUR_TURN_CODE, MALFORMED_CODE})
"""The codes every game may answer with: the game is over; not this seat's turn; not an
action of this game at all (``action``: the text as given, ``game``: the game's title)."""

DIRECTIONS = ("left", "right", "across")
"""The directions a card pass goes (``direction``)."""

ACTION_LIMIT = 60
"""The most characters of a refused action's text that a refusal keeps."""


class RefusalDataError(ValueError):
    """A refusal read from data (a network message) that is not one: unknown code, bad values."""


@dataclass(frozen=True, slots=True, repr=False)
class RuleRefusal:
    """Why an action is refused: ``code`` (one of :data:`REFUSAL_CODES`) and exactly the
    values its sentence needs; the others stay empty.

    - ``cards``: the cards involved (the card not held, the card that does not beat and
      the card it does not beat, an example);
    - ``count``: how many cards the rules ask for; ``given``: how many were given;
    - ``ranks``: ranks involved (the rank played and the rank to beat; the ranks on the table);
    - ``seat``: a seat, counted from 0; ``suit``: a suit; ``direction``: one of :data:`DIRECTIONS`;
    - ``action``: the text of an action that is none of this game's; ``game``: the game's title.
    """

    code: str
    cards: tuple[Card, ...] = ()
    count: int | None = None
    given: int | None = None
    ranks: tuple[Rank, ...] = ()
    seat: int | None = None
    suit: Suit | None = None
    direction: str | None = None
    action: str | None = None
    game: str | None = None

    def __post_init__(self) -> None:
        if self.code not in _ENGLISH:
            raise RefusalDataError(f"no refusal has the code {self.code!r}")

    def __str__(self) -> str:
        """The English line, as the engine has always said it."""
        return _ENGLISH[self.code](self)

    def __repr__(self) -> str:
        """The code and the values that are set.

        >>> RuleRefusal("give_count", count=2)
        RuleRefusal('give_count', count=2)
        """
        values = [f"{name}={getattr(self, name)!r}" for name in _VALUES if getattr(self, name) not in ((), None)]
        return f"RuleRefusal({', '.join([repr(self.code), *values])})"

    def to_dict(self) -> dict[str, Any]:
        """The code and the values that are set, as JSON-safe data (cards in notation,
        ranks and suits by their letters).

        >>> RuleRefusal("follow_suit", suit=Suit.HEARTS).to_dict()
        {'code': 'follow_suit', 'suit': 'H'}
        """
        data: dict[str, Any] = {"code": self.code}
        if self.cards:
            data["cards"] = [str(card) for card in self.cards]
        for name in ("count", "given", "seat", "direction", "action", "game"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.ranks:
            data["ranks"] = [rank.letter for rank in self.ranks]
        if self.suit is not None:
            data["suit"] = self.suit.letter
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleRefusal:
        """A refusal from :meth:`to_dict`'s data; anything else raises :class:`RefusalDataError`.

        >>> RuleRefusal.from_dict({"code": "pass_count", "count": 3, "given": 2}).given
        2
        >>> RuleRefusal.from_dict({"code": "follow_suit", "suit": "X"})
        Traceback (most recent call last):
        ...
        cardtable.engine.refusals.RefusalDataError: a refusal's suit is a suit letter, not 'X'
        """
        unknown = set(data) - _FIELDS
        if unknown:
            raise RefusalDataError(f"a refusal has no value {sorted(unknown)[0]!r}")
        code = data.get("code")
        if not isinstance(code, str) or code not in _ENGLISH:
            raise RefusalDataError(f"no refusal has the code {one_line(repr(code), 40)}")
        try:
            cards = tuple(Card.parse(text) for text in _strings(data, "cards"))
            ranks = tuple(_RANKS[text] for text in _strings(data, "ranks"))
            suit = data.get("suit")
            if suit is not None and suit not in _SUITS:
                raise RefusalDataError(f"a refusal's suit is a suit letter, not {one_line(repr(suit), 20)}")
            direction = data.get("direction")
            if direction is not None and direction not in DIRECTIONS:
                raise RefusalDataError(f"a refusal's direction is one of {', '.join(DIRECTIONS)}")
            return cls(
                code,
                cards=cards,
                count=_small_number(data, "count"),
                given=_small_number(data, "given"),
                ranks=ranks,
                seat=_small_number(data, "seat"),
                suit=None if suit is None else _SUITS[suit],
                direction=direction,
                action=_text(data, "action"),
                game=_text(data, "game"),
            )
        except (KeyError, ValueError) as exc:
            if isinstance(exc, RefusalDataError):
                raise
            raise RefusalDataError(f"a refusal's values are not cards or ranks: {one_line(str(exc), 80)}") from None


def malformed(action: object, game: str) -> RuleRefusal:
    """The refusal of text that is not an action of ``game`` (its text kept to one short line).

    >>> str(malformed("jump high", "Durak"))
    "'jump high' is not a Durak action"
    """
    return RuleRefusal(MALFORMED_CODE, action=one_line(str(action), ACTION_LIMIT), game=game)


_VALUES = ("cards", "count", "given", "ranks", "seat", "suit", "direction", "action", "game")
_FIELDS = frozenset(("code", "cards", "count", "given", "ranks", "seat", "suit", "direction", "action", "game"))
_RANKS = {rank.letter: rank for rank in Rank}
_SUITS = {suit.letter: suit for suit in Suit}


def _strings(data: Mapping[str, Any], name: str) -> list[str]:
    value = data.get(name, [])
    if not isinstance(value, list) or len(value) > 52 or not all(isinstance(item, str) for item in value):
        raise RefusalDataError(f"a refusal's {name} are a list of short texts")
    return value


def _small_number(data: Mapping[str, Any], name: str) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 52:
        raise RefusalDataError(f"a refusal's {name} is a whole number from 0 to 52")
    return value


def _text(data: Mapping[str, Any], name: str) -> str | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RefusalDataError(f"a refusal's {name} is a text")
    return one_line(value, ACTION_LIMIT)


# --- the English lines -------------------------------------------------------------------


def _n_cards(count: int | None) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _and_list(cards: tuple[Card, ...]) -> str:
    codes = [str(card) for card in cards]
    return codes[0] if len(codes) == 1 else f"{', '.join(codes[:-1])} and {codes[-1]}"


def _is_are(cards: tuple[Card, ...]) -> str:
    return "is" if len(cards) == 1 else "are"


def _rank(refusal: RuleRefusal, place: int) -> str:
    return refusal.ranks[place].label


def _suit_name(suit: Suit | None) -> str:
    return "" if suit is None else suit.name.lower()


def _beats(refusal: RuleRefusal) -> str:
    beating, attacking = refusal.cards
    return f"{beating} does not beat {attacking}"


def _fixed(line: str) -> Callable[[RuleRefusal], str]:
    return lambda refusal: line


_ENGLISH: dict[str, Callable[[RuleRefusal], str]] = {
    # every game
    GAME_OVER_CODE: _fixed("the game is over; no more actions"),
    NOT_YOUR_TURN_CODE: _fixed("it is not this seat's turn"),
    MALFORMED_CODE: lambda r: f"'{r.action}' is not a {r.game} action",
    "not_in_hand": lambda r: f"{_and_list(r.cards)} {_is_are(r.cards)} not in your hand",
    # President
    "give_first": lambda r: (
        f"first give back {_n_cards(r.count)} of your choice, e.g. 'give {' '.join(map(str, r.cards))}'"
    ),
    "give_count": lambda r: f"must give {_n_cards(r.count)}",
    "no_exchange": _fixed("there is no card exchange now; play cards or pass"),
    "leader_must_play": _fixed("the leader must play; passing is not allowed when leading"),
    "same_rank": _fixed("all cards played together must have the same rank"),
    "match_table": lambda r: f"must play {_n_cards(r.count)}, like the table",
    "rank_too_low": lambda r: f"{_rank(r, 0)} does not beat {_rank(r, 1)}",
    "rank_too_low_revolution": lambda r: (
        f"{_rank(r, 0)} does not beat {_rank(r, 1)} (revolution: the order is inverted)"
    ),
    # Durak
    "attack_while_defending": _fixed("you are defending: beat an attacking card (defend A B) or take"),
    "not_in_deck": lambda r: f"{r.cards[0]} is not in the {r.game} deck ({_rank(r, 0)} to {_rank(r, 1)})",
    "throw_in_rank": lambda r: (
        f"you can only throw in a rank already on the table ({' '.join(rank.label for rank in r.ranks)}),"
        f" not a {r.cards[0].rank.label}"
    ),
    "defend_while_attacking": _fixed("you are attacking: open the bout with attack X"),
    "nothing_to_beat": _fixed("there is nothing to beat now: throw in (attack X) or pass"),
    "not_attacking_card": lambda r: f"{r.cards[0]} is not an attacking card on the table",
    "already_beaten": lambda r: f"{r.cards[0]} is already beaten",
    "trump_beats_trump": lambda r: f"{_beats(r)}: only a higher trump beats a trump",
    "follow_or_trump": lambda r: f"{_beats(r)}: play a higher {_suit_name(r.cards[1].suit)} card or a trump",
    "rank_lower": lambda r: f"{_beats(r)}: {r.cards[0].rank.label} is lower than {r.cards[1].rank.label}",
    "already_taking": _fixed("you have already said take; the attackers may still throw in"),
    "take_only_defender": _fixed("only the defender can take, and only after an attack"),
    "attacker_must_open": _fixed("the main attacker must open the bout with a card; passing is not allowed"),
    "defender_cannot_pass": _fixed("the defender cannot pass: beat an attacking card (defend A B) or take"),
    # Hearts
    "pass_first": lambda r: (
        f"first pass {r.count} cards {r.direction} to seat {r.seat} (for example: give 2C 3C QS)"
    ),
    "pass_count": lambda r: f"you must pass exactly {r.count} cards, not {r.given}",
    "pass_not_in_hand": lambda r: f"{' '.join(map(str, r.cards))} {_is_are(r.cards)} not in your hand",
    "no_pass_this_hand": _fixed("there is no pass this hand; play a card"),
    "already_passed": _fixed("the cards have already been passed; play a card"),
    "one_card_at_a_time": _fixed("play one card at a time"),
    "lead_two_of_clubs": lambda r: f"the first trick must be led with the {r.cards[0]}",
    "hearts_not_broken": _fixed("hearts are not broken yet; lead another suit"),
    "follow_suit": lambda r: f"you must follow suit: play {_suit_name(r.suit)}",
    "no_points_first_trick": lambda r: f"no hearts or {r.cards[0]} on the first trick while you have another card",
}

REFUSAL_CODES = frozenset(_ENGLISH)
"""Every refusal code there is."""
