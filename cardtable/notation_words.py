"""Why text is no move, in the player's language: :func:`notation_line` words a
:class:`~cardtable.errors.NotationProblem` (the parser's code and values) for the move
box and for a save or record whose action is damaged.

>>> notation_line(NotationProblem("card_twice", token="7H"))
'7H is listed twice'
"""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.display import visible
from cardtable.errors import NotationProblem
from cardtable.lang import _

__all__ = ["notation_line", "typed_example"]


def typed_example() -> str:
    """Two cards as a player of the current language types them (``qs 10h``; Dutch
    ``ds 10h``), for the lines that show how to write a card.

    >>> from cardtable.lang import use_language
    >>> use_language("nl")
    >>> typed_example()
    'ds 10h'
    >>> use_language("en")
    """
    from cardtable.cardletters import rank_label

    return f"{rank_label(Rank.QUEEN).lower()}s 10h"


def notation_line(problem: NotationProblem) -> str:
    """Why text typed as a move is none, in the current language, from the parser's
    code and values (:class:`~cardtable.errors.NotationProblem`); a card in it is in the
    engine's notation, for the status line to draw (:func:`~cardtable.tui.wording.engine_text`).

    >>> notation_line(NotationProblem("not_a_card", token="7x"))
    "'7x' is not a card: write its rank, then its suit, like qs 10h"
    >>> notation_line(NotationProblem("takes_no_cards", kind="pass"))
    "'pass' takes no cards"
    """
    match problem.code:
        case "empty":
            # TRANSLATORS: {example} is two cards as typed (qs 10h); "pass" is typed as it is.
            return _("type a move: cards like {example}, or a word like pass").format(example=typed_example())
        case "not_a_card":
            # TRANSLATORS: {token} is what the player typed; {example} two cards as typed (qs 10h).
            return _("'{token}' is not a card: write its rank, then its suit, like {example}").format(
                token=visible(problem.token), example=typed_example())
        case "card_twice":
            return _("{card} is listed twice").format(card=problem.token)
        case "no_cards":
            # TRANSLATORS: {kind} is a word the player typed (give, attack, play): keep it as it is.
            return _("'{kind}' needs at least one card").format(kind=problem.kind)
        case "takes_no_cards":
            # TRANSLATORS: {kind} is pass or take, as the player typed it: keep it as it is.
            return _("'{kind}' takes no cards").format(kind=problem.kind)
        case "attack_one":
            # TRANSLATORS: Durak; "attack" is what a player types: keep it as it is.
            return _("'attack' takes exactly one card")
    # TRANSLATORS: Durak; "defend" is what a player types: keep it as it is.
    return _("'defend' needs two cards: the attacking card, then the card that beats it")
