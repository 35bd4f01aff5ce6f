"""The screen words a refused move from the refusal's code and values, in the player's
language: every code a whole sentence of the catalogue, cards drawn from the values (never
read back out of English text), seats named; in English, what the screen always showed."""

from __future__ import annotations

import pytest

from cardtable.cards import Card, Rank, parse_cards
from cardtable.engine.actions import Action
from cardtable.engine.refusals import REFUSAL_CODES, RuleRefusal
from cardtable.games import get_rules
from cardtable.lang import PSEUDO, use_language
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.refusal_words import refusal_text
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.wording import engine_text
from tests.games.test_refusals import ENGLISH

from .conftest import open_table, status_of

NAMES = ("Ann", "Ben", "Cleo", "Dan")
LANGUAGES = ("nl", "et", "pl", "bg")


# Each test starts in English, and English comes back after it (conftest.py).
@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    use_language(request.param)
    return str(request.param)


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize(("refusal", "line"), ENGLISH, ids=lambda value: getattr(value, "code", ""))
def test_in_english_the_screen_says_what_it_always_said(refusal: RuleRefusal, line: str, ascii_only: bool) -> None:
    """The old screen re-read the English line for cards and ``seat N``; the new one words
    the code, and the two read the same (a malformed action's text is shown as it came)."""
    style = CardStyle(ascii_only=ascii_only)
    worded = refusal_text(refusal, style, NAMES.__getitem__)
    if refusal.code == "malformed":
        assert worded.plain == line
    else:
        assert worded.plain == engine_text(line, style, NAMES.__getitem__).plain


def test_every_code_is_a_sentence_of_the_catalogue() -> None:
    """In the pseudo-language every refusal is marked: none falls back to the engine's English."""
    assert {refusal.code for refusal, _line in ENGLISH} == REFUSAL_CODES
    use_language(PSEUDO)
    for refusal, _line in ENGLISH:
        worded = refusal_text(refusal, CardStyle(), NAMES.__getitem__).plain
        assert worded.startswith("⟦") and worded.endswith("⟧"), (refusal.code, worded)


def test_each_language_words_every_refusal_in_its_own_words(language: str) -> None:
    for refusal, line in ENGLISH:
        worded = refusal_text(refusal, CardStyle(), NAMES.__getitem__).plain
        assert worded != engine_text(line, CardStyle(), NAMES.__getitem__).plain, (language, refusal.code)
        assert "{" not in worded and "seat" not in worded, worded
        for card in refusal.cards:
            if refusal.code not in ("malformed", "throw_in_rank"):  # the latter names the card's rank
                assert CardStyle().label(card) in worded, (refusal.code, worded)


@pytest.mark.parametrize(("count", "given", "expected"), [
    (1, 2, "musisz oddać dokładnie 1 kartę, nie 2"),
    (3, 2, "musisz oddać dokładnie 3 karty, nie 2"),
    (5, 4, "musisz oddać dokładnie 5 kart, nie 4"),
    (22, 4, "musisz oddać dokładnie 22 karty, nie 4"),
])
def test_polish_counts_take_their_three_forms(count: int, given: int, expected: str) -> None:
    use_language("pl")
    refusal = RuleRefusal("pass_count", count=count, given=given)
    assert refusal_text(refusal, CardStyle(), NAMES.__getitem__).plain == expected


def test_cards_come_from_the_values_with_their_colours_and_seats_from_their_names() -> None:
    use_language("bg")
    refusal = RuleRefusal("not_in_hand", cards=tuple(parse_cards("QS 10H 2C")))
    worded = refusal_text(refusal, CardStyle(), NAMES.__getitem__)
    assert worded.plain == "Д♠, 10♥ и 2♣ не са в ръката ти"  # the queen in Bulgarian letters
    colours = {worded.plain[span.start : span.end]: str(span.style) for span in worded.spans}
    assert colours["10♥"] == str(CardStyle().inline([Card.parse("10H")]).spans[0].style)
    passing = RuleRefusal("pass_first", count=3, direction="across", seat=2)
    assert "Cleo" in refusal_text(passing, CardStyle(), NAMES.__getitem__).plain


def test_outside_text_in_a_refusal_is_shown_literally() -> None:
    refusal = RuleRefusal("malformed", action="[bold]QS\x1b[2J", game="Hearts")
    worded = refusal_text(refusal, CardStyle(), NAMES.__getitem__)
    assert "\x1b" not in worded.plain and "[bold]" in worded.plain and not worded.spans
    ranks = RuleRefusal("rank_too_low_revolution", ranks=(Rank.KING, Rank.FIVE))
    assert refusal_text(ranks, CardStyle(), NAMES.__getitem__).plain.startswith("K does not beat 5")


async def test_the_screen_shows_a_refusal_in_the_players_language() -> None:
    use_language("pl")
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3) as (_app, pilot, game):
        hand = game.query_one(HandView)
        for card in hand.cards[:2]:
            hand.cursor = hand.cards.index(card)
            await pilot.press("space")
        await pilot.press("enter")
        assert status_of(game) == "Odrzucono: musisz oddać dokładnie 3 karty, nie 2"
        others = [card for card in get_rules("hearts").deck if card not in hand.cards][:3]
        game.human_move(Action.give(others))
        labels = " ".join(card.label() for card in others)
        assert status_of(game) == f"Odrzucono: kart {labels} nie ma w twojej ręce"
