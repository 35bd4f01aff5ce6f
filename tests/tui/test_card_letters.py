"""The ranks in the player's language's letters (issue 37): on the cards, in the hand, the
rank bar and the review, and typed at the table as well as the engine's notation."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from cardtable.bots.review import move_label
from cardtable.cardletters import card_label, clashes, engine_rank
from cardtable.cards import Card, Rank, parse_cards
from cardtable.engine.actions import Action
from cardtable.lang import supported_languages, use_language
from cardtable.tui.cardstyle import CardStyle, engine_notation
from tests.tui.conftest import open_table, screen_text

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

FACES = parse_cards("TH JH QS KC AD")

#: docs/translating.md's table of card letters: 10, jack, queen, king, ace
LETTERS = {
    "en": "10♥ J♥ Q♠ K♣ A♦",
    "nl": "10♥ V♥ D♠ R♣ A♦",
    "et": "10♥ V♥ D♠ R♣ A♦",
    "pl": "10♥ W♥ D♠ K♣ A♦",
    "bg": "10♥ В♥ Д♠ П♣ А♦",
    "qps": "10♥ J♥ Q♠ K♣ A♦",  # the pseudo-language's marked words are no letters
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize("code", sorted(LETTERS))
def test_each_language_shows_its_letters_and_reads_both_notations(code: str) -> None:
    use_language(code)
    style = CardStyle()
    assert " ".join(style.label(card) for card in FACES) == LETTERS[code]
    assert " ".join(card_label(card) for card in FACES) == LETTERS[code]
    for card in FACES:
        own = card_label(card, ascii_only=True)
        # What the table shows can be typed back, in any case, and so can the engine's notation.
        assert engine_notation(own.lower()) == engine_notation(own) == card.code
        assert engine_notation(card.code.lower()) == card.code
        assert Action.parse(engine_notation(f"give {own}")).cards == (card,)
    assert clashes() == [], f"{code}'s rank letters would change what engine notation means"


def test_every_catalogue_s_letters_are_unambiguous() -> None:
    for code in supported_languages():
        use_language(code)
        assert clashes() == [], code
        letters = [card_label(card, ascii_only=False)[:-1] for card in parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")]
        assert len(set(letters)) == 13, (code, letters)


def test_dutch_letters_that_are_no_engine_rank_and_words_that_are_no_card() -> None:
    use_language("nl")
    assert engine_rank("D") is Rank.QUEEN and engine_rank("r") is Rank.KING and engine_rank("V") is Rank.JACK
    # D is also the diamonds' letter: a token is a rank then a suit, so DD is the queen of diamonds.
    assert engine_notation("dd rd") == "QD KD"
    assert engine_notation("pass") == "pass" and engine_notation("give vh dh rh") == "give JH QH KH"
    use_language("pl")
    assert engine_notation("wh kh dh") == "JH KH QH"  # Polish K is the king, as the engine's


def test_bulgarian_cards_in_ascii_keep_the_engine_letters() -> None:
    use_language("bg")
    assert CardStyle(ascii_only=True).label(Card.parse("KS")) == "KS"
    assert CardStyle().label(Card.parse("KS")) == "П♠"
    assert engine_notation("пs") == "KS"


def test_the_review_writes_a_move_in_the_language_s_letters() -> None:
    use_language("pl")
    assert move_label("give QS AH KD") == "D♠ K♦ A♥"
    assert move_label("defend 9H JH") == "W♥ na 9♥"
    use_language("en")
    assert move_label("defend 9H JH") == "J♥ on 9♥"


async def test_a_dutch_hand_shows_v_d_r_and_takes_a_pass_typed_in_dutch_letters() -> None:
    from cardtable.tui.screens.move_box import MoveBox

    use_language("nl")
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3) as (app, pilot, game):
        hand = list(game.query_one("#hand").cards)  # type: ignore[attr-defined]
        faces = [card for card in hand if card.rank >= Rank.JACK]
        assert len(faces) >= 3, hand
        text = screen_text(app)
        for card in faces:
            assert card_label(card) in text, (card_label(card), text)
        assert not any(f"{card.rank.letter}{card.suit.symbol}" in text for card in faces if card.rank != Rank.ACE)
        typed = " ".join(card_label(card, ascii_only=True).lower() for card in faces[:2]) + " " + faces[2].code
        await pilot.press("m", *["space" if char == " " else char for char in typed], "enter")
        await pilot.pause()
        seat, action = game.session.state.history[0]
        assert seat == 0 and action.kind == "give" and set(action.cards) == set(faces[:3]), typed
        assert not game.query_one(MoveBox).display
        # The record keeps the engine's notation, whatever the language.
        assert str(action).split()[1:] == sorted((card.code for card in faces[:3]), key=lambda code: Card.parse(code))
