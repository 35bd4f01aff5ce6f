"""The engine's refusals are data: a code of the game's closed set and the values involved,
whose English line is, byte for byte, the line the engine gave before they were data.

``data/refusals.json`` holds 2,197 refusals met in seeded random games of all three
games, captured from the engine as it was before (``tools/capture_refusals.py``): every
branch of every game's ``_why_illegal``.  The table below gives each code one example
with its line as the engine said it then.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.cards import Card, Rank, Suit, parse_cards
from cardtable.engine.refusals import ENGINE_CODES, MALFORMED_CODE, REFUSAL_CODES, RefusalDataError, RuleRefusal
from cardtable.errors import GameOverError, IllegalActionError, MalformedActionError
from cardtable.games import all_rules, get_rules
from tests import refusal_check

RUNS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "refusals.json").read_text(encoding="utf-8")
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# Each code, one example, and the line the engine gave for it before refusals were data.
ENGLISH = [
    (RuleRefusal("game_over"), "the game is over; no more actions"),
    (RuleRefusal("not_your_turn", seat=2), "it is not this seat's turn"),
    (RuleRefusal("malformed", action="play 2C", game="Durak"), "'play 2C' is not a Durak action"),
    (RuleRefusal("not_in_hand", cards=cards("7H")), "7H is not in your hand"),
    (RuleRefusal("not_in_hand", cards=cards("2C 5D")), "2C and 5D are not in your hand"),
    (RuleRefusal("not_in_hand", cards=cards("2C 5D 10H QS")), "2C, 5D, TH and QS are not in your hand"),
    (RuleRefusal("give_first", count=1, cards=cards("3C")), "first give back 1 card of your choice, e.g. 'give 3C'"),
    (RuleRefusal("give_first", count=2, cards=cards("3C 4D")),
     "first give back 2 cards of your choice, e.g. 'give 3C 4D'"),
    (RuleRefusal("give_count", count=1), "must give 1 card"),
    (RuleRefusal("give_count", count=2), "must give 2 cards"),
    (RuleRefusal("no_exchange"), "there is no card exchange now; play cards or pass"),
    (RuleRefusal("leader_must_play"), "the leader must play; passing is not allowed when leading"),
    (RuleRefusal("same_rank"), "all cards played together must have the same rank"),
    (RuleRefusal("match_table", count=1), "must play 1 card, like the table"),
    (RuleRefusal("match_table", count=3), "must play 3 cards, like the table"),
    (RuleRefusal("rank_too_low", ranks=(Rank.TEN, Rank.JACK)), "10 does not beat J"),
    (RuleRefusal("rank_too_low_revolution", ranks=(Rank.KING, Rank.FIVE)),
     "K does not beat 5 (revolution: the order is inverted)"),
    (RuleRefusal("attack_while_defending"), "you are defending: beat an attacking card (defend A B) or take"),
    (RuleRefusal("not_in_deck", cards=cards("2C"), ranks=(Rank.SIX, Rank.ACE), game="Durak"),
     "2C is not in the Durak deck (6 to A)"),
    (RuleRefusal("throw_in_rank", cards=cards("6H"), ranks=(Rank.TEN, Rank.JACK)),
     "you can only throw in a rank already on the table (10 J), not a 6"),
    (RuleRefusal("defend_while_attacking"), "you are attacking: open the bout with attack X"),
    (RuleRefusal("nothing_to_beat"), "there is nothing to beat now: throw in (attack X) or pass"),
    (RuleRefusal("not_attacking_card", cards=cards("9S")), "9S is not an attacking card on the table"),
    (RuleRefusal("already_beaten", cards=cards("9S")), "9S is already beaten"),
    (RuleRefusal("trump_beats_trump", cards=cards("7H 9H")),
     "7H does not beat 9H: only a higher trump beats a trump"),
    (RuleRefusal("follow_or_trump", cards=cards("KS 10C")),
     "KS does not beat TC: play a higher clubs card or a trump"),
    (RuleRefusal("rank_lower", cards=cards("9C 10C")), "9C does not beat TC: 9 is lower than 10"),
    (RuleRefusal("already_taking"), "you have already said take; the attackers may still throw in"),
    (RuleRefusal("take_only_defender"), "only the defender can take, and only after an attack"),
    (RuleRefusal("attacker_must_open"), "the main attacker must open the bout with a card; passing is not allowed"),
    (RuleRefusal("defender_cannot_pass"), "the defender cannot pass: beat an attacking card (defend A B) or take"),
    (RuleRefusal("pass_first", count=3, direction="across", seat=2),
     "first pass 3 cards across to seat 2 (for example: give 2C 3C QS)"),
    (RuleRefusal("pass_count", count=3, given=2), "you must pass exactly 3 cards, not 2"),
    (RuleRefusal("pass_not_in_hand", cards=cards("2C")), "2C is not in your hand"),
    (RuleRefusal("pass_not_in_hand", cards=cards("2C 3C KH")), "2C 3C KH are not in your hand"),
    (RuleRefusal("no_pass_this_hand"), "there is no pass this hand; play a card"),
    (RuleRefusal("already_passed"), "the cards have already been passed; play a card"),
    (RuleRefusal("one_card_at_a_time"), "play one card at a time"),
    (RuleRefusal("lead_two_of_clubs", cards=cards("2C")), "the first trick must be led with the 2C"),
    (RuleRefusal("hearts_not_broken"), "hearts are not broken yet; lead another suit"),
    (RuleRefusal("follow_suit", suit=Suit.DIAMONDS), "you must follow suit: play diamonds"),
    (RuleRefusal("no_points_first_trick", cards=cards("QS")),
     "no hearts or QS on the first trick while you have another card"),
]


@pytest.mark.parametrize(("refusal", "line"), ENGLISH, ids=lambda value: getattr(value, "code", ""))
def test_each_code_says_the_engines_old_line(refusal: RuleRefusal, line: str) -> None:
    assert str(refusal) == line
    assert str(RuleRefusal.from_dict(refusal.to_dict())) == line


def test_the_table_has_every_code_and_every_game_lists_only_known_codes() -> None:
    assert {refusal.code for refusal, _ in ENGLISH} == REFUSAL_CODES
    listed = set(ENGINE_CODES)
    for rules in all_rules():
        assert ENGINE_CODES <= rules.refusal_codes <= REFUSAL_CODES, rules.name
        listed |= rules.refusal_codes
    assert listed == REFUSAL_CODES


def test_every_captured_refusal_reads_as_before_with_its_code_and_values() -> None:
    seen: dict[str, set[str]] = {}
    for run in RUNS:
        rules = get_rules(run["game"])
        state = rules.new_game(players=run["players"], seed=run["seed"], deck=run["deck"], **run["options"])
        tries = iter(run["tries"])
        pending = next(tries, None)
        for number in range(len(run["moves"]) + 1):
            while pending is not None and pending[0] == number:
                _, seat, action, line = pending
                if seat is None:
                    assert state.why_illegal(action) == line
                    refusal = state.refusal(action)
                else:
                    assert state.why_illegal_for(seat, action) == line
                    refusal = state.refusal_for(seat, action)
                assert refusal is not None and refusal.code in rules.refusal_codes
                if refusal.code != MALFORMED_CODE:
                    assert str(refusal) == line, (run["game"], run["seed"], number, action)
                    seen.setdefault(run["game"], set()).add(refusal.code)
                if seat is None:
                    with pytest.raises(IllegalActionError) as caught:
                        state.apply(action)
                    assert str(caught.value) == line and caught.value.refusal == refusal
                pending = next(tries, None)
            if number < len(run["moves"]):
                state.apply(run["moves"][number])
        assert pending is None
    for rules in all_rules():
        assert seen[rules.name] == rules.refusal_codes - {MALFORMED_CODE}, rules.name


def test_the_exceptions_carry_the_refusal() -> None:
    state = get_rules("president").new_game(players=4, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        state.apply("pass")
    assert caught.value.refusal == RuleRefusal("leader_must_play")
    with pytest.raises(MalformedActionError) as malformed:
        state.apply("jump")
    assert malformed.value.refusal is not None
    assert malformed.value.refusal.to_dict() == {"code": "malformed", "action": "jump", "game": "President"}
    assert str(malformed.value).startswith("'jump' is not an action")  # the parser's own line stays
    with pytest.raises(MalformedActionError) as wrong_kind:
        state.apply("take")
    assert wrong_kind.value.refusal == RuleRefusal("malformed", action="take", game="President")
    while state.current_player is not None:
        state.apply(state.legal_actions()[0])
    with pytest.raises(GameOverError) as over:
        state.apply("pass")
    assert over.value.refusal == RuleRefusal("game_over")
    assert state.refusal("jump") == RuleRefusal("game_over")


def test_a_long_action_is_kept_short_in_its_refusal() -> None:
    state = get_rules("hearts").new_game(players=4, seed=1)
    refusal = state.refusal("x" * 10_000)
    assert refusal is not None and refusal.action is not None and len(refusal.action) <= 60


@pytest.mark.parametrize(
    "data",
    [
        {"code": "no_such_code"},
        {"code": 3},
        {},
        {"code": "not_in_hand", "cards": ["ZZ"]},
        {"code": "not_in_hand", "cards": "2C"},
        {"code": "not_in_hand", "cards": ["2C"] * 60},
        {"code": "rank_too_low", "ranks": ["1", "K"]},
        {"code": "follow_suit", "suit": "hearts"},
        {"code": "pass_first", "direction": "up"},
        {"code": "pass_count", "count": True},
        {"code": "pass_count", "count": 10**9},
        {"code": "pass_count", "given": -1},
        {"code": "malformed", "action": ["x"]},
        {"code": "game_over", "secret": 1},
    ],
)
def test_data_that_is_not_a_refusal_is_refused(data: dict[str, Any]) -> None:
    with pytest.raises(RefusalDataError):
        RuleRefusal.from_dict(data)


def test_the_rules_tests_check_every_refusal_they_meet() -> None:
    """The conftest hook is on here: a refusal met in this directory is counted."""
    before = refusal_check.CHECKED[0]
    state = get_rules("durak").new_game(players=2, seed=5)
    assert state.why_illegal("pass") is not None
    assert refusal_check.CHECKED[0] == before + 1
