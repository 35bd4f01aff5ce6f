"""Text typed in the move box that is no move (issue 37): the parser says why as data (a
code and its values, :class:`cardtable.errors.NotationProblem`), and the game screen
words it in the player's language, its example cards typed with the language's letters."""

from __future__ import annotations

import re

import pytest

from cardtable.engine.actions import Action
from cardtable.errors import NOTATION_CODES, MalformedActionError, NotationProblem
from cardtable.lang import use_language
from cardtable.tui.cardstyle import engine_notation
from cardtable.tui.screens.game import not_a_move

#: text typed in the box, the code of why it is no move, and the line an English player reads
TYPED = [
    ("", "empty", "type a move: cards like qs 10h, or a word like pass"),
    ("jump", "not_a_card", "'jump' is not a card: write its rank, then its suit, like qs 10h"),
    ("7h 7x", "not_a_card", "'7x' is not a card: write its rank, then its suit, like qs 10h"),
    ("7h 7h", "card_twice", "7H is listed twice"),
    ("give", "no_cards", "'give' needs at least one card"),
    ("pass 7h", "takes_no_cards", "'pass' takes no cards"),
    ("attack 7h 8h", "attack_one", "'attack' takes exactly one card"),
    ("defend 7h", "defend_two", "'defend' needs two cards: the attacking card, then the card that beats it"),
]

#: the English words of those lines (what a player types, like pass or give, is kept)
ENGLISH_WORDS = {"type", "move", "cards", "card", "like", "word", "not", "write", "its", "rank", "then", "suit",
                 "listed", "twice", "needs", "least", "one", "takes", "exactly", "two", "attacking", "beats"}



def problem_of(text: str) -> MalformedActionError:
    with pytest.raises(MalformedActionError) as caught:
        Action.parse(engine_notation(text))
    return caught.value


def test_the_parser_says_why_as_a_code_and_its_values() -> None:
    assert {code for _text, code, _line in TYPED} == NOTATION_CODES
    for text, code, line in TYPED:
        error = problem_of(text)
        assert error.problem is not None and error.problem.code == code, text
        assert not_a_move(error) == line
    assert problem_of("7h 7x").problem == NotationProblem("not_a_card", token="7x")
    # The engine's own line, for logs and the command line, is as it was.
    assert str(problem_of("jump")) == "'jump' is not an action: 'jump' is not a card (write rank then suit, like QS or 10H)"


@pytest.mark.parametrize(("code", "queen"), [("nl", "d"), ("et", "d"), ("pl", "d"), ("bg", "д")])
def test_each_language_words_why_with_its_own_card_letters(code: str, queen: str) -> None:
    use_language(code)
    for text, _code, english in TYPED:
        line = not_a_move(problem_of(text))
        assert line != english, (code, line)
        kept = line.replace("jump", "").replace("7x", "").replace("'attack'", "").replace("'defend'", "")
        assert not {word.lower() for word in re.findall(r"[A-Za-z]+", kept)} & ENGLISH_WORDS, (code, line)
    example = not_a_move(problem_of("jump"))
    assert "'jump'" in example and f"{queen}s 10h" in example, example
    assert "7x" in not_a_move(problem_of("7h 7x")) and "7H" in not_a_move(problem_of("7h 7h"))
    # A card typed twice with the language's letters is named by the card, drawn on the status line.
    assert "JH" in not_a_move(problem_of(f"{'в' if code == 'bg' else 'w' if code == 'pl' else 'v'}h " * 2))
