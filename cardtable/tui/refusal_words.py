"""Why a move was refused, in the player's language: :func:`refusal_text` words a
:class:`~cardtable.engine.refusals.RuleRefusal` from its code and values.

Each code is one whole sentence of the catalogue with named placeholders (``{card}``,
``{count}``, ``{player}``), so a translator can put the words in any order; the cards
are drawn from the refusal's values as the screen draws cards everywhere (``10♠``, or
``10S`` with ``--ascii``), and a seat is named, never numbered.  In English each
sentence is the engine's own line (``str(refusal)``) with its cards drawn and its seats
named, so an English player reads what they always read.

>>> from cardtable.cards import parse_cards
>>> from cardtable.tui.cardstyle import CardStyle
>>> refusal = RuleRefusal("follow_or_trump", cards=tuple(parse_cards("KS 10C")))
>>> refusal_text(refusal, CardStyle(), str).plain
'K♠ does not beat 10♣: play a higher clubs card or a trump'
>>> refusal_text(RuleRefusal("pass_first", count=3, direction="left", seat=1), CardStyle(True), ["Ann", "Ben"].__getitem__).plain
'first pass 3 cards left to Ben (for example: give 2C 3C QS)'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable

from rich.text import Text

from cardtable.cards import Card, Rank, Suit, parse_cards
from cardtable.display import visible
from cardtable.engine.refusals import RuleRefusal
from cardtable.lang import N_, Nn_, _, ngettext
from cardtable.notation_words import notation_line, typed_example
from cardtable.tui.cardstyle import CardStyle

__all__ = ["refusal_text", "ROUTINE_SENTENCES", "fill", "notation_line", "typed_example"]

_PASS_EXAMPLE = tuple(parse_cards("2C 3C QS"))

#: the sentences that have no values, by code
ROUTINE_SENTENCES = {
    "game_over": N_("the game is over; no more actions"),
    "not_your_turn": N_("it is not this seat's turn"),
    "no_exchange": N_("there is no card exchange now; play cards or pass"),
    "leader_must_play": N_("the leader must play; passing is not allowed when leading"),
    "same_rank": N_("all cards played together must have the same rank"),
    # TRANSLATORS: Durak; "defend A B" is what a player types: keep it as it is.
    "attack_while_defending": N_("you are defending: beat an attacking card (defend A B) or take"),
    # TRANSLATORS: Durak; "attack X" is what a player types: keep it as it is.
    "defend_while_attacking": N_("you are attacking: open the bout with attack X"),
    "nothing_to_beat": N_("there is nothing to beat now: throw in (attack X) or pass"),
    "already_taking": N_("you have already said take; the attackers may still throw in"),
    "take_only_defender": N_("only the defender can take, and only after an attack"),
    "attacker_must_open": N_("the main attacker must open the bout with a card; passing is not allowed"),
    "defender_cannot_pass": N_("the defender cannot pass: beat an attacking card (defend A B) or take"),
    "no_pass_this_hand": N_("there is no pass this hand; play a card"),
    "already_passed": N_("the cards have already been passed; play a card"),
    "one_card_at_a_time": N_("play one card at a time"),
    "hearts_not_broken": N_("hearts are not broken yet; lead another suit"),
}

# Durak: a card that does not beat one of another suit, one sentence a suit (the suit's
# name is inflected differently in each language).
_FOLLOW_OR_TRUMP = {
    Suit.CLUBS: N_("{card} does not beat {other}: play a higher clubs card or a trump"),
    Suit.DIAMONDS: N_("{card} does not beat {other}: play a higher diamonds card or a trump"),
    Suit.HEARTS: N_("{card} does not beat {other}: play a higher hearts card or a trump"),
    Suit.SPADES: N_("{card} does not beat {other}: play a higher spades card or a trump"),
}

# Hearts: the suit a player must follow, one sentence a suit.
_FOLLOW_SUIT = {
    Suit.CLUBS: N_("you must follow suit: play clubs"),
    Suit.DIAMONDS: N_("you must follow suit: play diamonds"),
    Suit.HEARTS: N_("you must follow suit: play hearts"),
    Suit.SPADES: N_("you must follow suit: play spades"),
}

# Hearts: the pass a seat must choose first, one sentence a direction; {player} is the
# seat the cards go to, {cards} an example of a pass (typed as "give 2C 3C QS").
_PASS_FIRST = {
    "left": Nn_(
        "first pass {count} card left to {player} (for example: give {cards})",
        "first pass {count} cards left to {player} (for example: give {cards})",
    ),
    "right": Nn_(
        "first pass {count} card right to {player} (for example: give {cards})",
        "first pass {count} cards right to {player} (for example: give {cards})",
    ),
    "across": Nn_(
        "first pass {count} card across to {player} (for example: give {cards})",
        "first pass {count} cards across to {player} (for example: give {cards})",
    ),
}


def fill(template: str, style: str = "", **pieces: Text | str | int) -> Text:
    """``template`` (a sentence of the catalogue) with each ``{name}`` replaced by its
    piece: a :class:`Text` keeps its colours, anything else is shown literally (never
    read as markup).

    >>> fill("{card} is {what}", card=Text("Q♠", style="bold"), what="[red]x").plain
    'Q♠ is [red]x'
    """
    text = Text(style=style)
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        text.append(literal)
        if name is None:
            continue
        piece = pieces.get(name, "{" + name + "}")
        if isinstance(piece, Text):
            text.append_text(piece)
        else:
            text.append(str(piece))
    return text


def _card_list(cards: tuple[Card, ...], style: CardStyle) -> Text:
    """``A``, ``A and B``, ``A, B and C``: the cards drawn, joined as the language joins them."""
    drawn = [style.inline([card]) for card in cards]
    if len(drawn) == 1:
        return drawn[0]
    first = Text(", ").join(drawn[:-1])
    # TRANSLATORS: the end of a list of cards: "7♥, 8♥ and 9♥" ({first} is "7♥, 8♥").
    return fill(_("{first} and {last}"), first=first, last=drawn[-1])


def _ranks(ranks: Iterable[Rank], style: CardStyle) -> str:
    return " ".join(style.rank_label(rank) for rank in ranks)


def refusal_text(
    refusal: RuleRefusal, style: CardStyle, seat_name: Callable[[int], str], text_style: str = ""
) -> Text:
    """The sentence that says why ``refusal``'s move was refused, in the current language:
    its cards drawn as ``style`` draws cards, its seat named by ``seat_name``.

    >>> refusal_text(RuleRefusal("rank_too_low", ranks=(Rank.TEN, Rank.JACK)), CardStyle(), str).plain
    '10 does not beat J'
    """
    code = refusal.code
    cards = refusal.cards

    def card(place: int = 0) -> Text:
        return style.inline(cards[place : place + 1])

    def say(template: str, **pieces: Text | str | int) -> Text:
        return fill(template, text_style, **pieces)

    routine = ROUTINE_SENTENCES.get(code)
    if routine is not None:
        return say(_(routine))
    count = refusal.count or 0
    match code:
        case "malformed":
            return say(
                # TRANSLATORS: {action} is what was sent, shown as it came; {game} the game's name.
                _("'{action}' is not a {game} action"),
                action=visible(refusal.action or ""),
                game=visible(refusal.game or ""),
            )
        case "not_in_hand":
            return say(
                ngettext("{cards} is not in your hand", "{cards} are not in your hand", len(cards)),
                cards=_card_list(cards, style),
            )
        case "pass_not_in_hand":
            return say(
                ngettext("{cards} is not in your hand", "{cards} are not in your hand", len(cards)),
                cards=style.inline(cards),
            )
        case "give_first":
            # TRANSLATORS: President's card exchange; "give" is what a player types: keep it.
            return say(
                ngettext(
                    "first give back {count} card of your choice, e.g. 'give {cards}'",
                    "first give back {count} cards of your choice, e.g. 'give {cards}'",
                    count,
                ),
                count=count,
                cards=style.inline(cards),
            )
        case "give_count":
            return say(ngettext("must give {count} card", "must give {count} cards", count), count=count)
        case "match_table":
            return say(
                ngettext("must play {count} card, like the table", "must play {count} cards, like the table", count),
                count=count,
            )
        case "rank_too_low":
            return say(_("{rank} does not beat {other}"), rank=style.rank_label(refusal.ranks[0]), other=style.rank_label(refusal.ranks[1]))
        case "rank_too_low_revolution":
            return say(
                _("{rank} does not beat {other} (revolution: the order is inverted)"),
                rank=style.rank_label(refusal.ranks[0]),
                other=style.rank_label(refusal.ranks[1]),
            )
        case "not_in_deck":
            return say(
                # TRANSLATORS: Durak; {low} and {high} are the lowest and the highest rank of its deck.
                _("{card} is not in the {game} deck ({low} to {high})"),
                card=card(),
                game=visible(refusal.game or ""),
                low=style.rank_label(refusal.ranks[0]),
                high=style.rank_label(refusal.ranks[1]),
            )
        case "throw_in_rank":
            return say(
                # TRANSLATORS: Durak; {ranks} are the ranks on the table ("10 J"), {rank} the card's.
                _("you can only throw in a rank already on the table ({ranks}), not a {rank}"),
                ranks=_ranks(refusal.ranks, style),
                rank=style.rank_label(cards[0].rank),
            )
        case "not_attacking_card":
            return say(_("{card} is not an attacking card on the table"), card=card())
        case "already_beaten":
            return say(_("{card} is already beaten"), card=card())
        case "trump_beats_trump":
            return say(_("{card} does not beat {other}: only a higher trump beats a trump"), card=card(), other=card(1))
        case "follow_or_trump":
            return say(_(_FOLLOW_OR_TRUMP[cards[1].suit]), card=card(), other=card(1))
        case "rank_lower":
            return say(
                _("{card} does not beat {other}: {rank} is lower than {other_rank}"),
                card=card(),
                other=card(1),
                rank=style.rank_label(cards[0].rank),
                other_rank=style.rank_label(cards[1].rank),
            )
        case "pass_first":
            singular, plural = _PASS_FIRST[refusal.direction or "left"]
            return say(
                ngettext(singular, plural, count),
                count=count,
                player=seat_name(refusal.seat or 0),
                cards=style.inline(_PASS_EXAMPLE),
            )
        case "pass_count":
            return say(
                ngettext(
                    "you must pass exactly {count} card, not {given}",
                    "you must pass exactly {count} cards, not {given}",
                    count,
                ),
                count=count,
                given=refusal.given or 0,
            )
        case "lead_two_of_clubs":
            return say(_("the first trick must be led with the {card}"), card=card())
        case "follow_suit":
            return say(_(_FOLLOW_SUIT[refusal.suit or Suit.CLUBS]))
        case "no_points_first_trick":
            return say(_("no hearts or {card} on the first trick while you have another card"), card=card())
    return say(str(refusal))  # a code this screen does not know yet: the engine's English
